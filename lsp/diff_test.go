package lsp

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

func applyLintEdits(text string, edits []lintEditView) string {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	for _, e := range edits {
		text = text[:e.start] + e.text + text[e.end:]
	}
	return text
}

type lintEditView struct {
	start, end int
	text       string
}

func TestMinimalEdits(t *testing.T) {
	tests := []struct {
		old, new string
		edits    int
	}{
		{"a\nb\nc\n", "a\nb\nc\n", 0},
		{"a\nb\nc\n", "a\nB\nc\n", 1},
		{"[training]\nlerning_rate = 1\nlr = 2\n[env]\nX = 1\n", "[training]\nlr = 2\n[env]\nX = 1\n", 1},
		{"a\nb\nc\nd\ne\n", "a\nB\nc\nD\ne\n", 2},
		{"x", "y", 1},
		{"", "a\n", 1},
		{"a\n", "", 1},
		{"é\n", "è\n", 1},
	}
	for _, tt := range tests {
		edits := minimalEdits([]byte(tt.old), []byte(tt.new))
		if len(edits) != tt.edits {
			t.Errorf("%q -> %q: %d edits %+v, want %d", tt.old, tt.new, len(edits), edits, tt.edits)
		}
		var v []lintEditView
		for _, e := range edits {
			v = append(v, lintEditView{e.Range.Start, e.Range.End, e.NewText})
		}
		if got := applyLintEdits(tt.old, v); got != tt.new {
			t.Errorf("%q -> %q: edits give %q", tt.old, tt.new, got)
		}
	}
	// one changed line of a long file is one small edit
	long := strings.Repeat("k = 1\n", 500)
	changed := strings.Replace(long, "k = 1\n", "k = 2\n", 1)
	if e := minimalEdits([]byte(long), []byte(changed)); len(e) != 1 || e[0].Range.Len() != 1 {
		t.Errorf("one changed line: %+v", e)
	}
	// random edits round-trip
	rnd := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		lines := []string{"a\n", "b\n", "c\n", "[x]\n", "é\n", "\n"}
		var old, new strings.Builder
		for k := rnd.IntN(20); k > 0; k-- {
			old.WriteString(lines[rnd.IntN(len(lines))])
		}
		for k := rnd.IntN(20); k > 0; k-- {
			new.WriteString(lines[rnd.IntN(len(lines))])
		}
		var v []lintEditView
		for _, e := range minimalEdits([]byte(old.String()), []byte(new.String())) {
			v = append(v, lintEditView{e.Range.Start, e.Range.End, e.NewText})
		}
		if got := applyLintEdits(old.String(), v); got != new.String() {
			t.Fatalf("%q -> %q: edits give %q", old.String(), new.String(), got)
		}
	}
}
