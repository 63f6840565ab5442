package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/textdiff"
)

// WriteDiff writes a unified diff (three lines of context, git's a/ and b/
// prefixes) that turns before into after, for the file shown as path. It
// writes nothing when they are equal. Credentials on either side are
// masked as in every other output (lint.Masked): a line holding one is
// shown with its lead and asterisks, so such a diff shows the change but
// does not apply as a patch to that line.
func WriteDiff(w io.Writer, path string, before, after []byte) error {
	if string(before) == string(after) {
		return nil
	}
	return toTerminal(w, func(w io.Writer) error { return writeDiff(w, path, before, after) })
}

// writeDiff writes the diff; path is shown escaped as in every other
// output (a newline in a file name cannot start a line of its own).
func writeDiff(w io.Writer, path string, before, after []byte) error {
	before, after = lint.Masked(before, nil), lint.Masked(after, nil)
	a, b := textdiff.Lines(string(before)), textdiff.Lines(string(after))
	bw := bufio.NewWriter(w)
	shown := escape.String(path)
	fmt.Fprintf(bw, "--- a/%s\n+++ b/%s\n", shown, shown)
	for _, h := range hunks(textdiff.Script(a, b), 3) {
		fmt.Fprintf(bw, "@@ -%s +%s @@\n", hunkRange(h.aStart, h.aLen), hunkRange(h.bStart, h.bLen))
		for _, l := range h.lines {
			bw.WriteString(shownLine(l))
			if !strings.HasSuffix(l, "\n") {
				bw.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	return bw.Flush()
}

// shownLine is a diff line as the terminal gets it: control characters,
// bidirectional overrides and bytes that are not UTF-8 escaped as in every
// other output (a config can hold them only where TOML allows, so a valid
// file's lines are shown as they are, but for those overrides), tabs and
// the line's end (LF or CRLF) kept so that the diff still applies.
func shownLine(l string) string {
	body, end := l, ""
	switch {
	case strings.HasSuffix(l, "\r\n"):
		body, end = l[:len(l)-2], "\r\n"
	case strings.HasSuffix(l, "\n"):
		body, end = l[:len(l)-1], "\n"
	}
	return escape.Keeping(body, "\t") + end
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

type hunk struct {
	aStart, aLen, bStart, bLen int
	lines                      []string
}

// hunks groups an edit script into hunks with ctx lines of context;
// changes closer than 2*ctx lines share a hunk.
func hunks(ops []textdiff.Op, ctx int) []hunk {
	// aPos[i], bPos[i]: lines of a and b before ops[i]
	aPos, bPos := make([]int, len(ops)+1), make([]int, len(ops)+1)
	for i, o := range ops {
		aPos[i+1], bPos[i+1] = aPos[i], bPos[i]
		if o.Kind != textdiff.Insert {
			aPos[i+1]++
		}
		if o.Kind != textdiff.Delete {
			bPos[i+1]++
		}
	}
	var out []hunk
	for i := 0; i < len(ops); {
		if ops[i].Kind == textdiff.Keep {
			i++
			continue
		}
		start, last := max(0, i-ctx), i
		for j := i + 1; j < len(ops) && j-last <= 2*ctx; j++ {
			if ops[j].Kind != textdiff.Keep {
				last = j
			}
		}
		end := min(len(ops), last+ctx+1)
		h := hunk{aStart: aPos[start], bStart: bPos[start], aLen: aPos[end] - aPos[start], bLen: bPos[end] - bPos[start]}
		for _, o := range ops[start:end] {
			h.lines = append(h.lines, string(o.Kind)+o.Line)
		}
		out = append(out, h)
		i = end
	}
	return out
}
