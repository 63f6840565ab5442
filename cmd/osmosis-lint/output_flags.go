package main

import (
	"flag"
	"io"
	"os"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/report"
)

// outputFlags choose how check's report looks.
type outputFlags struct {
	color      string
	statistics bool
}

func (o *outputFlags) define(fs *flag.FlagSet, format *string) {
	var names []string
	for _, f := range report.Formats() {
		names = append(names, string(f))
	}
	fs.StringVar(format, "format", "", "output `FORMAT`: "+strings.Join(names, ", ")+" (default text, the full style; github when GITHUB_ACTIONS=true)")
	fs.StringVar(format, "output-format", "", "`FORMAT`: the same as --format (ruff's name)")
	defineColor(fs, &o.color)
	fs.BoolVar(&o.statistics, "statistics", false, "print one line per rule with its count, severity and stage, most frequent first, instead of the findings ([*]: fixable, and the last line says by which flags; a JSON array with --format json)")
}

func defineColor(fs *flag.FlagSet, mode *string) {
	fs.StringVar(mode, "color", report.ColorAuto, "`WHEN` to color text output: auto (a terminal, unless NO_COLOR is set; FORCE_COLOR colors a pipe too), always or never")
}

// colorFor decides whether text written to w is colored.
func colorFor(mode string, noColor bool, w io.Writer, toFile bool) (bool, error) {
	if noColor {
		mode = report.ColorNever
	}
	on, err := report.UseColor(mode, isTerminal(w), toFile, os.Getenv)
	if err != nil {
		return false, &usageErr{err: err, showUsage: true}
	}
	return on, nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
