#!/usr/bin/env bash
# Tests the GitHub Action without GitHub: checks the shape of action.yml and
# runs its run.sh against a stub osmosis-lint that records its arguments.
#
#   editors/test/github-action.sh
#
# Needs bash and python3 with PyYAML.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
action="$here/../github-action"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

python3 - "$action/action.yml" <<'PY'
import sys, yaml
with open(sys.argv[1]) as f:
    action = yaml.safe_load(f)
assert action["runs"]["using"] == "composite"
inputs = action["inputs"]
for name, default in {"version": "latest", "paths": ".", "args": "", "sarif": "false", "working-directory": "."}.items():
    assert name in inputs, f"missing input {name}"
    assert str(inputs[name].get("default")) == default, f"input {name} default {inputs[name].get('default')!r}"
steps = {s.get("id") or s.get("name"): s for s in action["runs"]["steps"]}
assert steps["Set up Go"]["uses"].startswith("actions/setup-go@")
assert "go install \"github.com/osmosis-lint/osmosis-lint/cmd/osmosis-lint@" in steps["install"]["run"]
assert "run.sh\" github" in steps["check"]["run"]
assert steps["sarif"]["if"].startswith("always()") and "inputs.sarif == 'true'" in steps["sarif"]["if"]
assert "run.sh\" sarif" in steps["sarif"]["run"]
upload = steps["Upload SARIF"]
assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
assert upload["if"].startswith("always()")
assert upload["with"]["sarif_file"].endswith("osmosis-lint.sarif")
# Inputs reach the scripts through env only, never interpolated into run:.
for s in action["runs"]["steps"]:
    assert "${{ inputs." not in s.get("run", ""), f"step {s.get('name')} interpolates an input into its script"
PY
ok "action.yml shape"

# A stub that records its arguments one per line, writes the -o file, and
# exits with STUB_RC.
cat > "$work/osmosis-lint" <<'STUB'
#!/usr/bin/env bash
printf '%s\n' "$@" > "$STUB_LOG"
out=""
while [ $# -gt 0 ]; do
  if [ "$1" = "-o" ]; then out="$2"; shift; fi
  shift
done
if [ -n "$out" ] && [ "${STUB_WRITE:-1}" = 1 ]; then echo '{"version":"2.1.0","runs":[]}' > "$out"; fi
exit "${STUB_RC:-0}"
STUB
chmod +x "$work/osmosis-lint"
mkdir -p "$work/repo"

# run_case NAME FORMAT WANT_RC WANT_ARGS [ENV=VALUE...]
run_case() {
  local name=$1 format=$2 want_rc=$3 want_args=$4
  shift 4
  local rc=0
  env OSMOSIS_LINT_BIN="$work/osmosis-lint" STUB_LOG="$work/args" GITHUB_WORKSPACE="$work/repo" \
    GITHUB_OUTPUT="$work/output" "$@" bash "$action/run.sh" "$format" > "$work/stdout" 2>&1 || rc=$?
  local got
  got=$(paste -sd' ' "$work/args" 2>/dev/null || true)
  if [ "$rc" = "$want_rc" ] && [ "$got" = "$want_args" ]; then
    ok "$name"
  else
    bad "$name: exit $rc (want $want_rc), args [$got] (want [$want_args])"
    sed 's/^/    /' "$work/stdout"
  fi
  rm -f "$work/args"
}

run_case "defaults" github 0 "check --format github -- ." OSMOSIS_LINT_PATHS=. OSMOSIS_LINT_ARGS= OSMOSIS_LINT_WORKDIR=.
run_case "findings fail the check step" github 1 "check --format github -- ." STUB_RC=1
run_case "extra args and several paths" github 0 "check --format github --strict --datasets d.json -- configs/training configs/eval" \
  OSMOSIS_LINT_ARGS="--strict --datasets d.json" OSMOSIS_LINT_PATHS=$'configs/training\nconfigs/eval'
run_case "paths below working-directory" github 0 "check --format github -- sub/ws/. sub/ws/configs /abs/x.toml" \
  OSMOSIS_LINT_WORKDIR=sub/ws/ OSMOSIS_LINT_PATHS=". configs /abs/x.toml"
run_case "no globbing, no injection" github 0 'check --format github -- configs/*.toml $(touch' \
  OSMOSIS_LINT_PATHS='configs/*.toml $(touch'
run_case "sarif with findings still succeeds" sarif 0 "check --format sarif -o osmosis-lint.sarif -- ." STUB_RC=1
if grep -qx 'file=osmosis-lint.sarif' "$work/output" && [ -s "$work/repo/osmosis-lint.sarif" ]; then
  ok "sarif output and file"
else
  bad "sarif output and file"
fi
run_case "sarif fails on a fatal error" sarif 1 "check --format sarif -o osmosis-lint.sarif -- ." STUB_RC=2
rm -f "$work/repo/osmosis-lint.sarif"
run_case "sarif fails when no file is written" sarif 1 "check --format sarif -o osmosis-lint.sarif -- ." STUB_WRITE=0

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
