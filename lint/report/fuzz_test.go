package report

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// FuzzTextReport: whatever a file, its name and a message hold, the text
// report (every text style, no color) is UTF-8 and holds no control or
// bidirectional character but the newlines that end its lines.
func FuzzTextReport(f *testing.F) {
	f.Add([]byte("[env]\nA = \"\x1b]0;pwned\a\"\n"), "configs/training/\x1b[2Jx.toml", "value `\x1b[31m` \u202e", 2, 5, 2, 12)
	f.Add([]byte("a\r\nb\u2066\n"), "p.toml", "m\nn", 1, 1, 3, 1)
	f.Add([]byte("\xff\xfe\x00\t\x7f\u0085"), "\xff", "", 1, 2, 1, 99)
	f.Fuzz(func(t *testing.T, src []byte, path, msg string, line, col, endLine, endCol int) {
		x := lint.Finding{Path: path, Rule: "unknown-key", Severity: lint.Error, Message: msg}
		x.Line, x.Column, x.EndLine, x.EndColumn = line%1000, col%1000, endLine%1000, endCol%1000
		for _, style := range []Options{{}, {OneLine: true}} {
			var out bytes.Buffer
			files := []File{{Path: path, Src: src, Findings: []lint.Finding{x}}}
			if err := Write(&out, Text, files, style); err != nil {
				t.Fatal(err)
			}
			checkShown(t, out.Bytes())
		}
	})
}

// checkShown fails when text a person reads could act on the terminal.
func checkShown(t *testing.T, out []byte) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Fatalf("output is not UTF-8:\n%q", out)
	}
	for _, r := range string(out) {
		if r != '\n' && escape.Unsafe(r) {
			t.Fatalf("output keeps %U:\n%q", r, out)
		}
	}
}
