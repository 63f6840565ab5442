#!/usr/bin/env bash
# Tests the GitHub Action without GitHub: checks the shape of action.yml,
# runs its install.sh (platform mapping, release resolution, download with
# checksum verification, against a releases page on disk) and its run.sh
# against a stub osmosis-lint that records its arguments.
#
#   editors/test/github-action.sh
#   OSMOSIS_LINT_DIST=dist editors/test/github-action.sh    also install from a real dist/ (.ci/release)
#
# Needs bash, curl, tar, unzip and python3 with PyYAML.
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
order = [s.get("id") or s.get("name") for s in action["runs"]["steps"]]
assert order.index("resolve") < order.index("cache") < order.index("Download osmosis-lint") < order.index("install"), order
assert "install.sh\" resolve" in steps["resolve"]["run"]
assert steps["cache"]["uses"].startswith("actions/cache@")
assert steps["cache"]["if"] == "steps.resolve.outputs.mode == 'release'"
assert "steps.resolve.outputs.tag" in steps["cache"]["with"]["key"] and "steps.resolve.outputs.platform" in steps["cache"]["with"]["key"]
download = steps["Download osmosis-lint"]
assert "install.sh\" download" in download["run"]
assert "cache-hit != 'true'" in download["if"] and "mode == 'release'" in download["if"]
# Go only for a commit or branch.
for name in ("go", "Set up Go", "build"):
    assert "steps.resolve.outputs.mode == 'source'" in steps[name]["if"], name
assert steps["Set up Go"]["uses"].startswith("actions/setup-go@")
assert "go install \"github.com/osmosis-lint/osmosis-lint/cmd/osmosis-lint@" in steps["build"]["run"]
assert "version" in steps["install"]["run"]
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

install="$action/install.sh"

# platform_case RUNNER_OS RUNNER_ARCH WANT (WANT "fail" expects an error)
platform_case() {
  local got rc=0
  got=$(env RUNNER_OS="$1" RUNNER_ARCH="$2" bash "$install" platform 2>"$work/stderr") || rc=$?
  if [ "$3" = fail ]; then
    if [ "$rc" != 0 ] && grep -q "no osmosis-lint release for" "$work/stderr"; then ok "platform $1/$2 fails clearly"; else bad "platform $1/$2: exit $rc, [$got] $(cat "$work/stderr")"; fi
  elif [ "$rc" = 0 ] && [ "$got" = "$3" ]; then
    ok "platform $1/$2 = $3"
  else
    bad "platform $1/$2: exit $rc, got [$got], want [$3]"
  fi
}
platform_case Linux X64 linux_amd64
platform_case Linux ARM64 linux_arm64
platform_case macOS X64 darwin_amd64
platform_case macOS ARM64 darwin_arm64
platform_case Windows X64 windows_amd64
platform_case Windows ARM64 windows_arm64
platform_case Linux X86 fail
platform_case Linux ARM fail
platform_case FreeBSD X64 fail

# resolve_case NAME VERSION WANT_OUTPUTS [ENV=VALUE...]: the outputs, space separated
resolve_case() {
  local name=$1 version=$2 want=$3 got rc=0
  shift 3
  : > "$work/ghout"
  env RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TOOL_CACHE=/tc GITHUB_OUTPUT="$work/ghout" OSMOSIS_LINT_VERSION="$version" "$@" \
    bash "$install" resolve > /dev/null 2>"$work/stderr" || rc=$?
  got=$(paste -sd' ' "$work/ghout")
  if [ "$rc" = 0 ] && [ "$got" = "$want" ]; then ok "resolve $name"; else bad "resolve $name: exit $rc, [$got], want [$want] $(cat "$work/stderr")"; fi
}
resolve_case "a tag" v0.1.0 "mode=release tag=v0.1.0 platform=linux_amd64 dir=/tc/osmosis-lint/0.1.0/linux_amd64 bin=/tc/osmosis-lint/0.1.0/linux_amd64/osmosis-lint"
resolve_case "a version without v" " 0.2.0 " "mode=release tag=v0.2.0 platform=linux_amd64 dir=/tc/osmosis-lint/0.2.0/linux_amd64 bin=/tc/osmosis-lint/0.2.0/linux_amd64/osmosis-lint"
resolve_case "a branch" main "mode=source ref=main"
resolve_case "a commit" 3f2a1b0c9d8e7f60 "mode=source ref=3f2a1b0c9d8e7f60"
resolve_case "windows" v0.1.0 "mode=release tag=v0.1.0 platform=windows_arm64 dir=/tc/osmosis-lint/0.1.0/windows_arm64 bin=/tc/osmosis-lint/0.1.0/windows_arm64/osmosis-lint.exe" RUNNER_OS=Windows RUNNER_ARCH=ARM64

# latest follows the releases page's redirect: a stub curl plays GitHub.
mkdir -p "$work/stubs"
cat > "$work/stubs/curl" <<'STUB'
#!/usr/bin/env bash
for a in "$@"; do last=$a; done
case "$last" in
  */latest) printf '%s' "${STUB_LATEST_URL:?}" ;;
  *) exit 22 ;;
esac
STUB
chmod +x "$work/stubs/curl"
resolve_case "latest" latest "mode=release tag=v0.3.1 platform=linux_amd64 dir=/tc/osmosis-lint/0.3.1/linux_amd64 bin=/tc/osmosis-lint/0.3.1/linux_amd64/osmosis-lint" \
  PATH="$work/stubs:$PATH" STUB_LATEST_URL=https://github.com/osmosis-lint/osmosis-lint/releases/tag/v0.3.1
rc=0
env PATH="$work/stubs:$PATH" STUB_LATEST_URL=https://github.com/osmosis-lint/osmosis-lint/releases OSMOSIS_LINT_VERSION=latest \
  bash "$install" resolve > /dev/null 2>"$work/stderr" || rc=$?
if [ "$rc" = 1 ] && grep -q "no osmosis-lint release is published yet" "$work/stderr"; then ok "latest without a release fails clearly"; else bad "latest without a release: exit $rc $(cat "$work/stderr")"; fi

# A releases page on disk: download/<tag>/<archive> and checksums.txt, with
# a stub binary that prints a version.
rel="$work/releases"
mkdir -p "$rel/download/v0.1.0" "$work/pack"
printf '#!/bin/sh\necho "osmosis-lint 0.1.0 (stub)"\n' > "$work/pack/osmosis-lint"
chmod +x "$work/pack/osmosis-lint"
cp "$work/pack/osmosis-lint" "$work/pack/osmosis-lint.exe"
printf 'readme\n' > "$work/pack/README.md"
printf 'license\n' > "$work/pack/LICENSE"
tar -czf "$rel/download/v0.1.0/osmosis-lint_linux_amd64.tar.gz" -C "$work/pack" osmosis-lint README.md LICENSE
(cd "$work/pack" && python3 -m zipfile -c "$rel/download/v0.1.0/osmosis-lint_windows_amd64.zip" osmosis-lint.exe README.md LICENSE)
(cd "$rel/download/v0.1.0" && sha256sum osmosis-lint_linux_amd64.tar.gz osmosis-lint_windows_amd64.zip > checksums.txt)

# download_case NAME PLATFORM WANT_RC WANT_STDERR_PATTERN
download_case() {
  local name=$1 plat=$2 want_rc=$3 pattern=$4 rc=0 exe=osmosis-lint
  [ "${plat%%_*}" = windows ] && exe=osmosis-lint.exe
  rm -rf "$work/tool"
  env OSMOSIS_LINT_RELEASES="file://$rel" OSMOSIS_LINT_TAG=v0.1.0 OSMOSIS_LINT_PLATFORM="$plat" OSMOSIS_LINT_DIR="$work/tool" \
    bash "$install" download > "$work/stdout" 2>"$work/stderr" || rc=$?
  if [ "$rc" != "$want_rc" ] || ! grep -q -- "$pattern" "$work/stdout" "$work/stderr"; then
    bad "download $name: exit $rc (want $want_rc), output without [$pattern]:"
    sed 's/^/    /' "$work/stdout" "$work/stderr"
  elif [ "$want_rc" = 0 ] && ! "$work/tool/$exe" version | grep -q 'osmosis-lint 0.1.0'; then
    bad "download $name: the installed $exe does not run"
  elif [ "$want_rc" != 0 ] && [ -e "$work/tool/$exe" ]; then
    bad "download $name: a rejected download was installed"
  else
    ok "download $name"
  fi
}
download_case "verifies and unpacks" linux_amd64 0 "sha256 .* matches checksums.txt"
download_case "a zip for windows" windows_amd64 0 "sha256 .* matches checksums.txt"
download_case "an archive the release does not have" darwin_arm64 1 "could not download osmosis-lint_darwin_arm64.tar.gz"
cp "$rel/download/v0.1.0/checksums.txt" "$work/checksums.orig"
grep -v linux_amd64 "$work/checksums.orig" > "$rel/download/v0.1.0/checksums.txt"
download_case "an archive checksums.txt does not list" linux_amd64 1 "checksums.txt of osmosis-lint v0.1.0 does not list osmosis-lint_linux_amd64.tar.gz"
cp "$work/checksums.orig" "$rel/download/v0.1.0/checksums.txt"
printf 'tampered' >> "$rel/download/v0.1.0/osmosis-lint_linux_amd64.tar.gz"
download_case "a checksum mismatch fails the step" linux_amd64 1 "::error title=osmosis-lint::checksum mismatch for osmosis-lint_linux_amd64.tar.gz of osmosis-lint v0.1.0"

# The real release archives of a .ci/release run, for this machine.
if [ -n "${OSMOSIS_LINT_DIST:-}" ]; then
  dist=$(cd "$OSMOSIS_LINT_DIST" && pwd)
  mkdir -p "$work/real/download/v0.0.0-snapshot"
  for f in "$dist"/*.tar.gz "$dist"/*.zip "$dist"/checksums.txt; do ln -s "$f" "$work/real/download/v0.0.0-snapshot/"; done
  plat=$(bash "$install" platform)
  rm -rf "$work/tool"
  rc=0
  env OSMOSIS_LINT_RELEASES="file://$work/real" OSMOSIS_LINT_TAG=v0.0.0-snapshot OSMOSIS_LINT_PLATFORM="$plat" OSMOSIS_LINT_DIR="$work/tool" \
    bash "$install" download > "$work/stdout" 2>&1 || rc=$?
  if [ "$rc" = 0 ] && "$work/tool/osmosis-lint" version | grep -q "^osmosis-lint $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$dist/metadata.json") "; then
    ok "download the $plat release archive of $dist"
  else
    bad "download the $plat release archive of $dist: exit $rc"
    sed 's/^/    /' "$work/stdout"
  fi
fi

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
run_case "paths below working-directory" github 0 "check --format github --workspace sub/ws -- sub/ws/. sub/ws/configs /abs/x.toml" \
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
