package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// WriteFixes lists the fixes applied to files (--show-fixes), one line a
// fix: where its finding was, the rule and what the fix did.
func WriteFixes(w io.Writer, files []File) error {
	return toTerminal(w, func(w io.Writer) error { return writeFixes(w, shown(files)) })
}

func writeFixes(w io.Writer, files []File) error {
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

// FixCounts say how many findings of a run the fix flags repair.
type FixCounts struct {
	// Fixable findings have a fix that --fix applies (with unsafe fixes
	// on, --fix --unsafe-fixes).
	Fixable int
	// Hidden findings have an unsafe fix, and no safe one, while unsafe
	// fixes are off: --unsafe-fixes would count them.
	Hidden int
}

// CountFixes counts the findings of files that the fixer would repair with
// unsafe fixes on or off. A fix the fixer refused in this run (File.Unfixed)
// does not count, and display-only fixes never do: no command applies them.
func CountFixes(files []File, unsafe bool) FixCounts {
	var n FixCounts
	for _, f := range files {
		refused := map[string]bool{}
		for _, u := range f.Unfixed {
			refused[u.Rule+"\x00"+u.Key+"\x00"+u.Title] = true
		}
		for _, x := range f.Findings {
			safe, risky := false, false
			for _, fx := range x.Fixes {
				if refused[x.Rule+"\x00"+x.Key+"\x00"+fx.Title] {
					continue
				}
				switch fx.Applicability {
				case lint.Safe:
					safe = true
				case lint.Unsafe:
					risky = true
				}
			}
			switch {
			case safe || risky && unsafe:
				n.Fixable++
			case risky:
				n.Hidden++
			}
		}
	}
	return n
}

// FixFlags names the flags that apply the fixes counted with unsafe fixes
// on or off.
func FixFlags(unsafe bool) string {
	if unsafe {
		return "--fix --unsafe-fixes"
	}
	return "--fix"
}

// fixableLine is ruff's closing line on fixes, or "" when there is no fix
// to tell of: "[*] 3 fixable with the `--fix` option (2 hidden fixes can be
// enabled with the `--unsafe-fixes` option)". It is also the legend of the
// [*] that marks fixable rules in --statistics.
func fixableLine(n FixCounts, unsafe bool) string {
	hidden := ""
	switch {
	case n.Hidden == 1:
		hidden = "1 hidden fix can be enabled with the `--unsafe-fixes` option"
	case n.Hidden > 1:
		hidden = strconv.Itoa(n.Hidden) + " hidden fixes can be enabled with the `--unsafe-fixes` option"
	}
	switch {
	case n.Fixable > 0 && hidden != "":
		return "[*] " + strconv.Itoa(n.Fixable) + " fixable with the `--fix` option (" + hidden + ")"
	case n.Fixable > 0 && unsafe:
		return "[*] " + strconv.Itoa(n.Fixable) + " fixable with the `--fix --unsafe-fixes` options"
	case n.Fixable > 0:
		return "[*] " + strconv.Itoa(n.Fixable) + " fixable with the `--fix` option"
	case hidden != "":
		return "No fixes available (" + hidden + ")"
	}
	return ""
}
