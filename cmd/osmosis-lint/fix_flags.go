package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
)

// fixFlags are check's fix workflow flags beside --fix (ruff's names).
type fixFlags struct {
	diff, showFixes, exitNonZeroOnFix bool
}

func (x *fixFlags) define(fs *flag.FlagSet) {
	fs.BoolVar(&x.diff, "diff", false, "print a unified diff of the fixes --fix would apply (with --unsafe-fixes, those too) and write nothing; exit 1 when there are fixes")
	fs.BoolVar(&x.showFixes, "show-fixes", false, "with --fix, list each fix applied: where, the rule, what it did (with --unsafe-fixes, the unsafe ones too)")
	fs.BoolVar(&x.exitNonZeroOnFix, "exit-non-zero-on-fix", false, "with --fix, exit 1 when a file was fixed, even if no error is left")
}

// writeDiffs prints the diffs of results and says on errw how many fixes
// they hold and how to apply exactly them (withFix: the command already
// has --fix, and only --diff keeps it from writing); the exit code is 1
// when there are any.
func writeDiffs(out, errw io.Writer, results []runner.FileResult, quiet, unsafe, withFix bool) (int, error) {
	fixes, files := 0, 0
	for _, r := range results {
		if r.Original == nil {
			continue
		}
		if err := report.WriteDiff(out, r.Path, r.Original, r.Src); err != nil {
			return 0, err
		}
		fixes += r.Fixed
		files++
	}
	reportUnfixed(errw, results)
	if !quiet {
		if fixes == 0 {
			fmt.Fprintln(errw, "osmosis-lint: no fixes to apply")
		} else {
			how := "run with " + report.FixFlags(unsafe) + " to apply"
			if withFix {
				how = "run without --diff to apply"
			}
			fmt.Fprintf(errw, "osmosis-lint: would fix %s in %s (%s)\n", countOf(fixes, "problem"), countOf(files, "file"), how)
		}
	}
	if fixes > 0 {
		return exitErrors, nil
	}
	return exitOK, nil
}

func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
