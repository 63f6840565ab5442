package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
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
	displayOnly := false // a display-only fix was shown: the legend closes the report
	for _, f := range files {
		var lines []string
		if !opts.OneLine && len(f.Findings) > 0 {
			// a credential a finding is about is never printed (a clean
			// file prints no line: nothing to mask)
			lines = strings.Split(string(lint.Masked(f.Src, f.Findings)), "\n")
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
			path := escape.String(f.Path)
			pos := fmt.Sprintf(":%d:%d: ", x.Line, x.Column)
			if opts.OneLine {
				fmt.Fprintf(bw, "%s%s%s: %s %s\n", paint(bold, path), pos, sev, oneLine(x.Message), paint(dim, "["+escape.String(x.Rule)+"]"))
				continue
			}
			// what is wrong on the first line; why, what to do and the
			// fixes on lines of their own, under the snippet
			headline, rest := x.Headline()
			gutter := len(strconv.Itoa(max(x.Line, 1)))
			head := wrap(oneLine(headline)+" ["+escape.String(x.Rule)+"]", opts.Width, utf8.RuneCountInString(path+pos)+len(x.Severity)+2, gutter+3)
			if i := strings.LastIndex(head, "["); i >= 0 {
				head = head[:i] + paint(dim, head[i:])
			}
			sep := " "
			if strings.HasPrefix(head, "\n") {
				sep = "" // no space left at the end of the line
			}
			fmt.Fprintf(bw, "%s%s%s:%s%s\n", paint(bold, path), pos, sev, sep, head)
			if x.Line >= 1 && x.Line <= len(lines) {
				writeSnippet(bw, lines[x.Line-1], x, paint, opts.Width)
			}
			pad := strings.Repeat(" ", gutter)
			note := func(label, text string) {
				lead := " " + pad + " = " + label + ": "
				fmt.Fprintf(bw, " %s %s %s\n", pad, paint(cyan, "="), paint(bold, label+":")+" "+wrap(oneLine(text), opts.Width, len(lead), len(lead)))
			}
			if rest != "" {
				note("help", rest)
			}
			for i, fx := range x.Fixes {
				label := "fix"
				if i > 0 {
					label = "or"
				}
				note(label, fx.Title+" ("+applies(fx.Applicability)+")")
				displayOnly = displayOnly || fx.Applicability == lint.DisplayOnly
			}
		}
	}
	writeSummary(bw, files, opts)
	if displayOnly && !opts.Quiet {
		fmt.Fprintln(bw, displayOnlyLegend)
	}
	return bw.Flush()
}

// writeGrouped writes one heading a file and its findings indented under
// it, without snippets.
func writeGrouped(w io.Writer, files []File, opts Options) error {
	bw := bufio.NewWriter(w)
	paint := painter(opts)
	for _, f := range files {
		if len(f.Findings) == 0 {
			continue
		}
		fmt.Fprintf(bw, "%s:\n", paint(bold, escape.String(f.Path)))
		width := 0
		for _, x := range f.Findings {
			width = max(width, len(fmt.Sprintf("%d:%d", x.Line, x.Column)))
		}
		for _, x := range f.Findings {
			pos := fmt.Sprintf("%d:%d", x.Line, x.Column)
			fmt.Fprintf(bw, "  %-*s  %s: %s %s\n", width, pos, severityLabel(x.Severity, paint), oneLine(x.Message), paint(dim, "["+escape.String(x.Rule)+"]"))
		}
		fmt.Fprintln(bw)
	}
	writeSummary(bw, files, opts)
	return bw.Flush()
}

func painter(opts Options) func(color, s string) string {
	return func(color, s string) string {
		if !opts.Color {
			return s
		}
		return color + s + reset
	}
}

func severityLabel(sev lint.Severity, paint func(string, string) string) string {
	switch sev {
	case lint.Error:
		return paint(bold+red, string(sev))
	case lint.Warning:
		return paint(bold+yellow, string(sev))
	}
	return paint(bold+blue, string(sev))
}

// writeSummary writes the closing line of the text styles.
func writeSummary(bw *bufio.Writer, files []File, opts Options) {
	if opts.ShowFixes {
		bw.Flush()
		WriteFixes(bw, files)
	}
	if !opts.Quiet {
		s := Summarize(files)
		if opts.Fixed > 0 && !opts.ShowFixes {
			fmt.Fprintf(bw, "fixed %s\n", plural(opts.Fixed, "problem"))
		}
		switch {
		case s.Errors+s.Warnings+s.Infos == 0:
			fmt.Fprintf(bw, "%s: no problems in %s\n", "osmosis-lint", plural(s.Files, "file"))
		default:
			fmt.Fprintf(bw, "%s: %s, %s in %s\n", "osmosis-lint", plural(s.Errors, "error"), plural(s.Warnings, "warning"), plural(s.Files, "file"))
		}
		if line := fixableLine(CountFixes(files, opts.UnsafeFixes), opts.UnsafeFixes); line != "" {
			fmt.Fprintln(bw, line)
		}
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// oneLine keeps a message on its line and shows its control characters
// escaped, so a value quoted from a file cannot act on the terminal.
func oneLine(s string) string { return escape.String(strings.ReplaceAll(s, "\n", " ")) }

// applies says which command applies a fix of applicability a.
func applies(a lint.Applicability) string {
	switch a {
	case lint.Safe:
		return "safe: `--fix` applies it"
	case lint.Unsafe:
		return "unsafe: `--fix --unsafe-fixes` applies it"
	}
	return "display-only"
}

// displayOnlyLegend closes a text report that showed a display-only fix:
// what the word means, said once instead of beside every such fix.
const displayOnlyLegend = "display-only: an editor offers it; no command applies it"

// wrap breaks text at spaces so that no line passes width columns, the
// first line starting at column first and the others indented to column
// indent; never inside a word (a word longer than a line gets a line of
// its own). When even the first word does not fit after column first, the
// text starts with the break. A width of 0 leaves text on one line.
func wrap(text string, width, first, indent int) string {
	if width <= 0 || first+utf8.RuneCountInString(text) <= width {
		return text
	}
	var b strings.Builder
	col := first
	for i, word := range strings.Split(text, " ") {
		n := utf8.RuneCountInString(word)
		switch {
		case i == 0 && col+n > width && col > indent:
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		case i == 0:
		case col+1+n > width && col > indent:
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += n
	}
	return b.String()
}

// writeSnippet prints the source line with a caret under the finding,
// cut around the finding to fit width columns (160 without a width).
func writeSnippet(w io.Writer, line string, x lint.Finding, paint func(string, string) string, width int) {
	line = strings.TrimSuffix(line, "\r")
	maxWidth := 160
	if width > 0 {
		maxWidth = min(maxWidth, max(40, width-len(strconv.Itoa(x.Line))-4))
	}
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
		offset = max(0, startCol-maxWidth/4)
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
		width := cells(r, c)
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

// display shows a character of a source line: a tab as one space, control
// and bidirectional characters escaped (the caret line counts their escapes'
// width).
func display(r rune) string {
	switch {
	case r == '\t':
		return " "
	case r == utf8.RuneError:
		return "\ufffd"
	}
	return escape.Rune(r)
}

// cells is how many terminal columns a shown character takes: two for wide
// East Asian characters and emoji, none for combining marks and zero-width
// characters, else one; so carets stay under what they point at.
func cells(r rune, shown string) int {
	if shown != string(r) {
		return utf8.RuneCountInString(shown)
	}
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me) || r >= 0x200B && r <= 0x200F || r == 0xFEFF:
		return 0
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0x303E, r >= 0x3041 && r <= 0x33FF,
		r >= 0x3400 && r <= 0x4DBF, r >= 0x4E00 && r <= 0x9FFF, r >= 0xA000 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F,
		r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6, r >= 0x1F300 && r <= 0x1F64F,
		r >= 0x1F900 && r <= 0x1F9FF, r >= 0x20000 && r <= 0x3FFFD:
		return 2
	}
	return 1
}
