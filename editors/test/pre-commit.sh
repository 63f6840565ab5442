#!/usr/bin/env bash
# Runs the hooks of .pre-commit-hooks.yaml through pre-commit itself
# (`pre-commit try-repo`) on a scratch Osmosis workspace: `osmosis-lint` must
# fail on a config with an error and pass on a clean one, and
# `osmosis-lint-fix` must leave a clean config as it is. Then the hooks that
# need no Go: `osmosis-lint-system` with the osmosis-lint that the Python
# wheel installed into a virtual environment on PATH, and a local
# `language: python` hook that pre-commit installs the wheel for itself
# (offline: pip finds the wheel in a directory, never an index).
#
#   editors/test/pre-commit.sh [REPO]     REPO defaults to this repository
#
# Needs pre-commit >= 3 (Debian: apt-get install pre-commit), git, Go (to
# build the golang hook and the wheel) and python3 with venv.
set -euo pipefail

repo=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
command -v pre-commit >/dev/null || { echo "pre-commit.sh: pre-commit is not installed" >&2; exit 2; }
pre-commit validate-manifest "$repo/.pre-commit-hooks.yaml"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
ws="$work/ws"
mkdir -p "$ws/configs/training" "$ws/configs/eval" "$ws/rollouts/demo" "$ws/data"
printf 'def main():\n    pass\n' > "$ws/rollouts/demo/main.py"
printf '{"prompt": "2+2", "answer": "4"}\n' > "$ws/data/train.jsonl"
cat > "$ws/configs/training/clean.toml" <<'TOML'
[experiment]
rollout = "demo"
entrypoint = "main.py"
model_path = "Qwen/Qwen3-8B"
dataset = "train"
TOML
cat > "$ws/configs/training/typo.toml" <<'TOML'
[experiment]
rollout = "demo"
entrypoint = "main.py"
model_path = "Qwen/Qwen3-8B"
dataset = "train"

[training]
lerning_rate = 1e-6
TOML
git -C "$ws" init -q
# the CLI submits only from a repository whose origin is on GitHub
git -C "$ws" remote add origin https://github.com/acme/osmosis-workspace.git
git -C "$ws" add -A
git -C "$ws" -c user.name=test -c user.email=test@example.invalid commit -q -m "scratch workspace"

cd "$ws"
echo "--- osmosis-lint on a clean config (must pass)"
pre-commit try-repo "$repo" osmosis-lint --files configs/training/clean.toml

echo "--- osmosis-lint on a config with an unknown key (must fail)"
if out=$(pre-commit try-repo "$repo" osmosis-lint --files configs/training/typo.toml 2>&1); then
  echo "$out"
  echo "pre-commit.sh: the hook passed a config with an unknown key" >&2
  exit 1
fi
echo "$out"
grep -q 'unknown-key' <<<"$out" || { echo "pre-commit.sh: no unknown-key finding in the hook output" >&2; exit 1; }

echo "--- osmosis-lint-fix on a clean config (must pass and change nothing)"
pre-commit try-repo "$repo" osmosis-lint-fix --files configs/training/clean.toml
git -C "$ws" diff --exit-code

echo "--- osmosis-lint on a config the settings exclude (must pass: the hooks pass --force-exclude)"
printf '[tool.osmosis-lint]\nexclude = ["configs/training/typo.toml"]\n' > "$ws/pyproject.toml"
git -C "$ws" add pyproject.toml
pre-commit try-repo "$repo" osmosis-lint --files configs/training/typo.toml
git -C "$ws" rm -q --cached pyproject.toml
rm "$ws/pyproject.toml"

echo "--- osmosis-lint on the example workspace (must fail on its deliberate mistakes)"
ex="$work/example"
cp -R "$repo/workspace/example" "$ex"
git -C "$ex" init -q
git -C "$ex" remote add origin https://github.com/acme/osmosis-example.git
git -C "$ex" add -A
git -C "$ex" -c user.name=test -c user.email=test@example.invalid commit -q -m "example workspace"
cd "$ex"
if out=$(pre-commit try-repo "$repo" osmosis-lint --all-files 2>&1); then
  echo "$out"
  echo "pre-commit.sh: the hook passed the example workspace, which holds deliberate mistakes" >&2
  exit 1
fi
echo "$out"
for rule in unknown-key rollout-not-found dataset-is-path missing-section; do
  grep -q "\[$rule\]" <<<"$out" || { echo "pre-commit.sh: no $rule finding on the example workspace" >&2; exit 1; }
done
grep -q 'multiply-baseline.toml' <<<"$out" && { echo "pre-commit.sh: the clean config of the example was reported" >&2; exit 1; }

echo "--- the hooks without Go, from the Python wheel"
wheels="$work/wheels"
mkdir -p "$wheels"
(cd "$repo" && CGO_ENABLED=0 go build -o "$work/osmosis-lint" ./cmd/osmosis-lint &&
  go run ./editors/release wheel -binary "$work/osmosis-lint" -goos "$(go env GOOS)" -goarch "$(go env GOARCH)" \
    -version 0.0.0-dev+gprecommit -license LICENSE -out "$wheels")
python3 -m venv "$work/venv"
PIP_NO_INDEX=1 PIP_FIND_LINKS="$wheels" "$work/venv/bin/pip" install -q --disable-pip-version-check osmosis-lint
cd "$ws"
echo "--- osmosis-lint-system with the wheel's osmosis-lint on PATH"
PATH="$work/venv/bin:$PATH" pre-commit try-repo "$repo" osmosis-lint-system --files configs/training/clean.toml
if out=$(PATH="$work/venv/bin:$PATH" pre-commit try-repo "$repo" osmosis-lint-system --files configs/training/typo.toml 2>&1); then
  echo "$out"
  echo "pre-commit.sh: osmosis-lint-system passed a config with an unknown key" >&2
  exit 1
fi
echo "$out"
grep -q 'unknown-key' <<<"$out" || { echo "pre-commit.sh: no unknown-key finding from osmosis-lint-system" >&2; exit 1; }
PATH="$work/venv/bin:$PATH" pre-commit try-repo "$repo" osmosis-lint-fix-system --files configs/training/clean.toml
git -C "$ws" diff --exit-code

echo "--- osmosis-lint-system without osmosis-lint on PATH (must fail and say so)"
nopath="$work/nopath"
mkdir -p "$nopath"
for tool in git python3; do ln -sf "$(command -v "$tool")" "$nopath/$tool"; done
if out=$(PATH="$nopath:$(dirname "$(command -v pre-commit)")" pre-commit try-repo "$repo" osmosis-lint-system --files configs/training/clean.toml 2>&1); then
  echo "$out"
  echo "pre-commit.sh: osmosis-lint-system passed without an osmosis-lint to run" >&2
  exit 1
fi
echo "$out"

echo "--- a local language: python hook that installs the wheel (no Go, no index)"
cat > "$ws/.pre-commit-config.yaml" <<'YAML'
repos:
  - repo: local
    hooks:
      - id: osmosis-lint
        name: osmosis-lint
        entry: osmosis-lint check --force-exclude
        language: python
        additional_dependencies: ["osmosis-lint==0.0.0.dev0+gprecommit"]
        files: ^configs/.*\.toml$
YAML
git -C "$ws" add .pre-commit-config.yaml
if out=$(PIP_NO_INDEX=1 PIP_FIND_LINKS="$wheels" pre-commit run osmosis-lint --files configs/training/typo.toml 2>&1); then
  echo "$out"
  echo "pre-commit.sh: the language: python hook passed a config with an unknown key" >&2
  exit 1
fi
echo "$out"
grep -q 'unknown-key' <<<"$out" || { echo "pre-commit.sh: no unknown-key finding from the language: python hook" >&2; exit 1; }
PIP_NO_INDEX=1 PIP_FIND_LINKS="$wheels" pre-commit run osmosis-lint --files configs/training/clean.toml

echo "pre-commit.sh: ok"
