package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

const (
	reset  = "\x1b[0m"
	bold   = "\x1b[1m"
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	blue   = "\x1b[34m"
	cyan   = "\x1b[36m"
	dim    = "\x1b[2m"
)

func writeText(w io.Writer, files []File, opts Options) error {
	bw := bufio.NewWriter(w)
	paint := func(color, s string) string {
		if !opts.Color {
			return s
		}
		return color + s + reset
	}
	for _, f := range files {
		var lines []string
		if !opts.OneLine {
			lines = strings.Split(string(f.Src), "\n")
		}
		for _, x := range f.Findings {
			sev := string(x.Severity)
			switch x.Severity {
			case lint.Error:
				sev = paint(bold+red, sev)
			case lint.Warning:
				sev = paint(bold+yellow, sev)
			default:
				sev = paint(bold+blue, sev)
			}
			fmt.Fprintf(bw, "%s:%d:%d: %s: %s %s\n", paint(bold, f.Path), x.Line, x.Column, sev, oneLine(x.Message), paint(dim, "["+x.Rule+"]"))
			if !opts.OneLine && x.Line >= 1 && x.Line <= len(lines) {
				writeSnippet(bw, lines[x.Line-1], x, paint)
			}
		}
	}
	if !opts.Quiet {
		s := Summarize(files)
		if opts.Fixed > 0 {
			fmt.Fprintf(bw, "fixed %s\n", plural(opts.Fixed, "problem"))
		}
		switch {
		case s.Errors+s.Warnings+s.Infos == 0:
			fmt.Fprintf(bw, "%s: no problems in %s\n", "osmosis-lint", plural(s.Files, "file"))
		default:
			fmt.Fprintf(bw, "%s: %s, %s in %s\n", "osmosis-lint", plural(s.Errors, "error"), plural(s.Warnings, "warning"), plural(s.Files, "file"))
		}
	}
	return bw.Flush()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// writeSnippet prints the source line with a caret under the finding.
func writeSnippet(w io.Writer, line string, x lint.Finding, paint func(string, string) string) {
	line = strings.TrimSuffix(line, "\r")
	const maxWidth = 160
	runes := []rune(line)
	startCol := x.Column - 1
	endCol := x.EndColumn - 1
	if x.EndLine != x.Line || endCol > len(runes) {
		endCol = len(runes)
	}
	if endCol <= startCol {
		endCol = startCol + 1
	}
	// keep long lines short around the finding
	offset := 0
	if len(runes) > maxWidth {
		offset = max(0, startCol-40)
		end := min(len(runes), offset+maxWidth)
		runes = runes[offset:end]
		startCol -= offset
		endCol = min(endCol-offset, len(runes)+1)
	}
	gutter := strconv.Itoa(x.Line)
	pad := strings.Repeat(" ", len(gutter))
	var shown, marker strings.Builder
	for i, r := range runes {
		c := display(r)
		shown.WriteString(c)
		width := utf8.RuneCountInString(c)
		ch := " "
		if i >= startCol && i < endCol {
			ch = "^"
		}
		marker.WriteString(strings.Repeat(ch, width))
	}
	if endCol > len(runes) {
		marker.WriteString("^")
	}
	fmt.Fprintf(w, " %s %s\n", pad, paint(cyan, "|"))
	fmt.Fprintf(w, " %s %s %s\n", paint(cyan, gutter), paint(cyan, "|"), shown.String())
	fmt.Fprintf(w, " %s %s %s\n", pad, paint(cyan, "|"), paint(bold, strings.TrimRight(marker.String(), " ")))
}

// display shows a character of a source line: tabs as one space, invisible
// and control characters as a visible placeholder.
func display(r rune) string {
	switch {
	case r == '\t':
		return " "
	case r < 0x20 || r == 0x7f:
		return "\u2426"
	case r == utf8.RuneError:
		return "\ufffd"
	}
	return string(r)
}
