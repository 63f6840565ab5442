package main

import (
	"io"
	"os"
	"strconv"
)

// terminalWidth is the width in columns of the terminal w writes to, for
// the text report to wrap its lines; 0 when w is not a terminal (a pipe, a
// file: nothing is wrapped there). The terminal's own size comes first,
// then $COLUMNS.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(w) {
		return 0
	}
	if n := windowColumns(f); n > 0 {
		return n
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 0
}
