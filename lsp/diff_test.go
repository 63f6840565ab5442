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

// checkEdits: the edits are in order, do not overlap, lie in old, and
// applied to old they give new.
func checkEdits(t *testing.T, old, new string) {
	t.Helper()
	edits := minimalEdits([]byte(old), []byte(new))
	var v []lintEditView
	end := 0
	for _, e := range edits {
		if e.Range.Start < end || e.Range.End < e.Range.Start || e.Range.End > len(old) {
			t.Fatalf("%q -> %q: edits out of order or place: %+v", old, new, edits)
		}
		end = e.Range.End
		v = append(v, lintEditView{e.Range.Start, e.Range.End, e.NewText})
	}
	if got := applyLintEdits(old, v); got != new {
		t.Fatalf("%q -> %q: edits %+v give %q", old, new, edits, got)
	}
	if old == new && len(edits) != 0 {
		t.Fatalf("%q: edits for an unchanged text: %+v", old, edits)
	}
}

// TestMinimalEditsApply: for random texts of random bytes (newlines, CRLF,
// multibyte characters, bytes that are not UTF-8), applying the edits to
// the old text gives the new one.
func TestMinimalEditsApply(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "b", "\n", "\r\n", "é", "\xff", "\xc3", " = ", "[x]\n", "k = 1\n"}
	gen := func(n int) string {
		var b strings.Builder
		for k := rnd.IntN(n); k > 0; k-- {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		return b.String()
	}
	for n := 0; n < 3000; n++ {
		old := gen(40)
		new := old
		switch rnd.IntN(3) {
		case 0:
			new = gen(40)
		default: // a few local changes of old
			for e := rnd.IntN(4); e >= 0; e-- {
				i := rnd.IntN(len(new) + 1)
				j := min(len(new), i+rnd.IntN(6))
				new = new[:i] + gen(5) + new[j:]
			}
		}
		checkEdits(t, old, new)
	}
}

// FuzzMinimalEdits: applying the edits to the old text gives the new one.
func FuzzMinimalEdits(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nB\nc\n")
	f.Add("[training]\nlerning_rate = 1\n", "[training]\nlr = 1\n")
	f.Add("é\r\n\xff", "è\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		if len(old) > 1<<16 || len(new) > 1<<16 {
			return
		}
		checkEdits(t, old, new)
	})
}
