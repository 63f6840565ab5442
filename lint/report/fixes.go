package report

import (
	"bufio"
	"fmt"
	"io"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// WriteFixes lists the fixes applied to files (--show-fixes), one line a
// fix: where its finding was, the rule and what the fix did.
func WriteFixes(w io.Writer, files []File) error {
	bw := bufio.NewWriter(w)
	n := 0
	for _, f := range files {
		n += len(f.Applied)
	}
	if n == 0 {
		fmt.Fprintln(bw, "no fixes applied")
		return bw.Flush()
	}
	fmt.Fprintf(bw, "fixed %s:\n", plural(n, "problem"))
	for _, f := range files {
		for _, a := range f.Applied {
			fmt.Fprintf(bw, "  %s:%d: %s: %s\n", escape.String(f.Path), a.Line, a.Rule, escape.String(a.Title))
		}
	}
	return bw.Flush()
}
