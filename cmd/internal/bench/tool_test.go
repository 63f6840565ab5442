// Package bench is the timing harness of .ci/bench: whole processes timed
// side by side, a language server client over stdio, and the table of
// the results. It lives in test files because it measures processes the
// way a test may (it reads /proc and the children's resource usage),
// and is no part of the binary.
//
// .ci/bench builds it with `go test -c` and runs the test binary as a
// tool, with OSMOSIS_LINT_BENCH_TOOL=1 in the environment:
//
//	bench time  -out FILE -group NAME -dir DIR [-runs N] [-warmup N] [-runs-of TOOL=N] [-warmup-of TOOL=N] [-goal GOAL] TOOL COMMAND...
//	bench lsp   -out FILE -dir WORKSPACE [-rounds N] [-warmup N] [-edits N] [-keys N,N] TOOL COMMAND...
//	bench lspscan -out FILE -dir WORKSPACE -open CONFIG -check COMMAND [-runs N] [-warmup N] [-hover TEXT] TOOL COMMAND...
//	bench table -in FILE [-title TEXT] [-conditions TEXT]
//
// time runs the commands alternately, one after the other in a rotating
// order, each RUNS times after WARMUP unrecorded runs, and appends for
// each the median and minimum wall time, the median processor time (user
// and system, from the child's rusage) and the largest peak resident set
// (rusage maxrss). A COMMAND is split on blanks; an argument @FILE stands
// for the lines of FILE. A TOOL named floor:NAME is the floor the
// osmosis-lint command is measured against.
//
// lsp replays one session against each server (COMMAND started in
// WORKSPACE, spoken to over stdio): a 300-line training config opened,
// then edited ROUNDS times, each edit until the diagnostics of its version
// are published, then completions, hovers and a no-op request; then for
// each N of -keys a config of N unknown keys, edited EDITS times. It
// appends the p50 and p99, the server's processor time per edit (from
// /proc) and its peak resident set (rusage maxrss, after it exits).
//
// lspscan measures each server on a whole workspace, with a client that
// watches files as VS Code does, RUNS times after WARMUP, alternated, each
// round followed by one run of the check COMMAND they are measured
// against: from initialize to the diagnostics of the last of the
// workspace's configs (every .toml under configs/), the server's processor
// time until then (from /proc), and its peak resident set once its index
// of the workspace is built too (a workspace symbol search waits for it).
// Meanwhile CONFIG, opened right after initialized, is hovered (on the
// middle of TEXT) every 10 ms, each hover until its answer.
//
// table prints the rows as one Markdown table: osmosis-lint beside its
// floor and the other tools, with the ratios and the goals. Timings are
// reported, never asserted.
package bench

import (
	"fmt"
	"os"
	"testing"
)

// toolEnv switches the test binary into the tool.
const toolEnv = "OSMOSIS_LINT_BENCH_TOOL"

func TestMain(m *testing.M) {
	if os.Getenv(toolEnv) == "1" {
		os.Exit(tool(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func tool(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "bench: time, lsp, lspscan or table")
		return 2
	}
	var err error
	switch args[0] {
	case "time":
		err = timeCommand(args[1:])
	case "lsp":
		err = lspCommand(args[1:])
	case "lspscan":
		err = scanCommand(args[1:])
	case "table":
		err = tableCommand(args[1:])
	default:
		err = fmt.Errorf("unknown command %q: time, lsp, lspscan or table", args[0])
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
