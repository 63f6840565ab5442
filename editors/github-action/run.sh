#!/usr/bin/env bash
# Runs `osmosis-lint check` for the action in one output format.
#
#   run.sh github    annotations on stdout; exit status of osmosis-lint
#   run.sh sarif     writes osmosis-lint.sarif in the repository root; fails
#                    only when osmosis-lint could not run (status 2 or more)
#
# Inputs come from the environment, never from the command line, so that no
# input can inject shell code: OSMOSIS_LINT_BIN, OSMOSIS_LINT_PATHS and
# OSMOSIS_LINT_ARGS (split on whitespace, no globbing), OSMOSIS_LINT_WORKDIR.
# It runs from GITHUB_WORKSPACE with paths below the working directory, so the
# paths in annotations and SARIF are relative to the repository root, as
# GitHub expects.
set -o pipefail

format="${1:?usage: run.sh github|sarif}"
bin="${OSMOSIS_LINT_BIN:-osmosis-lint}"
wd="${OSMOSIS_LINT_WORKDIR:-.}"
wd="${wd%/}"
[ -n "$wd" ] || wd=/

set -f
raw_paths=(${OSMOSIS_LINT_PATHS:-.})
extra=(${OSMOSIS_LINT_ARGS:-})
set +f

paths=()
for p in "${raw_paths[@]}"; do
  case "$p" in
    /*) paths+=("$p") ;;
    *)
      if [ "$wd" = "." ]; then
        paths+=("$p")
      else
        paths+=("$wd/$p")
      fi
      ;;
  esac
done
[ "${#paths[@]}" -gt 0 ] || paths=("$wd")
# a working directory below the repository root is the workspace root the
# user named: checked as a workspace of its own, as --workspace does (the
# osmosis CLI itself takes the repository root as the workspace)
if [ "$wd" != "." ]; then
  extra=(--workspace "$wd" ${extra[@]+"${extra[@]}"})
fi

cd "${GITHUB_WORKSPACE:-.}" || exit 2

case "$format" in
  github)
    exec "$bin" check --format github ${extra[@]+"${extra[@]}"} -- "${paths[@]}"
    ;;
  sarif)
    rc=0
    "$bin" check --format sarif -o osmosis-lint.sarif ${extra[@]+"${extra[@]}"} -- "${paths[@]}" || rc=$?
    # 1 means findings, which the github run has reported already.
    if [ "$rc" -gt 1 ] || [ ! -s osmosis-lint.sarif ]; then
      echo "::error title=osmosis-lint::writing SARIF failed (exit status $rc)"
      exit 1
    fi
    if [ -n "${GITHUB_OUTPUT:-}" ]; then
      echo "file=osmosis-lint.sarif" >> "$GITHUB_OUTPUT"
    fi
    ;;
  *)
    echo "run.sh: unknown format $format (want github or sarif)" >&2
    exit 2
    ;;
esac
