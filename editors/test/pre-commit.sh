#!/usr/bin/env bash
# Runs the hooks of .pre-commit-hooks.yaml through pre-commit itself
# (`pre-commit try-repo`) on a scratch Osmosis workspace: `osmosis-lint` must
# fail on a config with an error and pass on a clean one, and
# `osmosis-lint-fix` must leave a clean config as it is.
#
#   editors/test/pre-commit.sh [REPO]     REPO defaults to this repository
#
# Needs pre-commit >= 3 (Debian: apt-get install pre-commit), git and Go;
# pre-commit builds the hook with `go install ./...` in its own cache.
set -euo pipefail

repo=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
command -v pre-commit >/dev/null || { echo "pre-commit.sh: pre-commit is not installed" >&2; exit 2; }
pre-commit validate-manifest "$repo/.pre-commit-hooks.yaml"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
ws="$work/ws"
mkdir -p "$ws/configs/training" "$ws/rollouts/demo" "$ws/data"
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

echo "--- osmosis-lint on the example workspace (must fail on its deliberate mistakes)"
ex="$work/example"
cp -R "$repo/workspace/example" "$ex"
git -C "$ex" init -q
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

echo "pre-commit.sh: ok"
