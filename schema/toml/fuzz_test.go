package toml

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse feeds arbitrary bytes to the parser. The seed corpus in
// testdata/fuzz/FuzzParse (real configs and the tomllib agreement cases)
// runs with plain go test.
func FuzzParse(f *testing.F) {
	f.Add([]byte("[experiment]\nrollout = \"a\"\n"))
	f.Add([]byte("a.b.c = [1, {x = 2}]\n[[t]]\n[t.u]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		checkDocument(t, src, d)
		checkStatements(t, src, d)
		checkOwnsText(t, src)
		checkOwned(t, src, d)
		checkReleased(t, src, d)
	})
}

// checkReleased asserts that a parse into the memory of released documents
// reads as a parse into fresh memory: the document released (d, parsed
// from src) and one of another text leave nothing behind.
func checkReleased(t testing.TB, src []byte, d *Document) {
	t.Helper()
	want := summary(d) + text(d)
	other := Parse([]byte("[a]\nb = [1, {c = 'd'}]\n# e\n[[f]]\ng.h = 1\n"))
	d.Release()
	other.Release()
	d.Release() // a second release does nothing
	again := ParseOwned(bytes.Clone(src))
	if got := summary(again) + text(again); got != want {
		t.Fatalf("parsed into released memory:\n%s\nfresh:\n%s", got, want)
	}
	again.Release()
}

// checkOwned asserts that a source handed over (ParseOwned) reads as a
// copied one does, and that a handed-over source needing blanking (a BOM,
// invalid UTF-8) is still copied: the caller's bytes are never written.
func checkOwned(t testing.TB, src []byte, d *Document) {
	t.Helper()
	buf := bytes.Clone(src)
	o := ParseOwned(buf)
	if !bytes.Equal(buf, src) {
		t.Fatalf("ParseOwned wrote to the source")
	}
	if got, want := summary(o)+text(o), summary(d)+text(d); got != want {
		t.Fatalf("ParseOwned:\n%s\nParse:\n%s", got, want)
	}
}

// checkOwnsText asserts that a document's keys, strings and comments are
// its own: the caller writing over the source after the parse changes
// none of them (they are slices of the document's copy, not of src).
func checkOwnsText(t testing.TB, src []byte) {
	t.Helper()
	buf := bytes.Clone(src)
	d := Parse(buf)
	before := text(d)
	for i := range buf {
		buf[i] = 'x'
	}
	if after := text(d); after != before {
		t.Fatalf("writing over the source changed the document:\n%s\nbecame\n%s", before, after)
	}
}

// text prints every key, string and comment of a document.
func text(d *Document) string {
	var sb strings.Builder
	dumpTable(&sb, d.Root, "")
	for _, s := range d.Stmts {
		for _, k := range s.Keys {
			sb.WriteString(k.Name + "\x00")
		}
		sb.WriteString(strings.Join(s.Path, "\x00") + "\n")
	}
	for _, c := range d.Comments {
		sb.WriteString(c.Text + "\n")
	}
	return sb.String()
}

// checkStatements asserts that handing the parser one statement at a time
// (the limiter) reads a document within the limits as the parser reading
// on by itself does: same tree, statements and comments, errors on the
// same lines.
func checkStatements(t testing.TB, src []byte, d *Document) {
	t.Helper()
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "stops reading the file here") {
			return
		}
	}
	if got, want := summary(d), summary(parse(src, false, false)); got != want {
		t.Fatalf("read a statement at a time:\n%s\nread on:\n%s", got, want)
	}
}

// summary prints what a document holds, for comparing two: the tree, the
// statements, the comments and the lines of the errors.
func summary(d *Document) string {
	var sb strings.Builder
	dumpTable(&sb, d.Root, "")
	for _, s := range d.Stmts {
		fmt.Fprintf(&sb, "STMT %d %v rejected=%v uncertain=%v\n", s.Kind, s.Range, s.Rejected, s.Uncertain)
	}
	for _, c := range d.Comments {
		fmt.Fprintf(&sb, "COMMENT %v\n", c.Range)
	}
	// the parser can word an error in a string cut at the end of its
	// line differently from one it reads on past: the line is the same
	for _, e := range d.Errors {
		fmt.Fprintf(&sb, "ERR line %d\n", d.Lines.Line(e.Range.Start))
	}
	return sb.String()
}

// checkDocument asserts what must hold for the document of any input: every
// range lies within the source, statements come in source order, the error
// list is bounded, and positions convert back and forth.
func checkDocument(t testing.TB, src []byte, d *Document) {
	t.Helper()
	if !bytes.Equal(d.Src, src) {
		t.Fatalf("Document.Src differs from the source")
	}
	if d.Root == nil || d.Lines == nil {
		t.Fatalf("nil root or line index")
	}
	in := func(what string, r Range) {
		t.Helper()
		if r.Start < 0 || r.Start > r.End || r.End > len(src) {
			t.Fatalf("%s range %v outside the %d-byte source", what, r, len(src))
		}
	}
	if len(d.Errors) > maxErrors {
		t.Fatalf("%d syntax errors, more than the bound %d", len(d.Errors), maxErrors)
	}
	for _, e := range d.Errors {
		in("error", e.Range)
		if e.Message == "" {
			t.Fatalf("syntax error without a message at %v", e.Range)
		}
		if !utf8.ValidString(e.Message) {
			t.Fatalf("syntax error message is not UTF-8: %q", e.Message)
		}
	}
	for _, c := range d.Comments {
		in("comment", c.Range)
		if c.Text != string(src[c.Range.Start:c.Range.End]) || !strings.HasPrefix(c.Text, "#") {
			t.Fatalf("comment %q does not match its range %v", c.Text, c.Range)
		}
	}
	prev := -1
	for i, s := range d.Stmts {
		in("statement", s.Range)
		if s.Range.Start < prev {
			t.Fatalf("statement %d starts at %d, before the one above it (%d)", i, s.Range.Start, prev)
		}
		prev = s.Range.Start
		if len(s.Keys) == 0 {
			t.Fatalf("statement %d has no key", i)
		}
		for _, k := range s.Keys {
			in("key", k.Range)
		}
		if s.Kind == StmtKeyValue {
			if s.Value == nil {
				t.Fatalf("pair %d has no value", i)
			}
			checkValue(t, src, s.Value, 0)
		}
		if len(d.Errors) == 0 && (s.Rejected || s.Uncertain) {
			t.Fatalf("statement %d is rejected or uncertain in a document without errors", i)
		}
	}
	checkTable(t, src, d.Root, 0)

	// Offsets convert to positions and back in every encoding.
	for _, off := range []int{0, len(src) / 3, len(src) / 2, len(src)} {
		for _, enc := range []Encoding{Runes, UTF16, UTF8} {
			line, col := d.Lines.Position(off, enc)
			if line < 0 || col < 0 || line >= d.Lines.LineCount() {
				t.Fatalf("Position(%d) = %d:%d", off, line, col)
			}
			back := d.Lines.Offset(line, col, enc)
			if back < 0 || back > len(src) || back > off {
				t.Fatalf("Offset(Position(%d)) = %d", off, back)
			}
		}
	}
}

func checkTable(t testing.TB, src []byte, tab *Table, depth int) {
	t.Helper()
	if tab == nil {
		t.Fatalf("nil table")
	}
	// a small table is walked, a large one indexed, every entry of it
	if (tab.index.p == nil) != (len(tab.Entries) <= tableListMax) || 2*len(tab.Entries) > tab.index.len() && tab.index.p != nil {
		t.Fatalf("table has %d entries and an index of %d slots", len(tab.Entries), tab.index.len())
	}
	for _, e := range tab.Entries {
		if tab.Get(e.Key) != e {
			t.Fatalf("entry %q is not the one indexed", e.Key)
		}
		if e.KeyRange.Start < 0 || e.KeyRange.Start > e.KeyRange.End || e.KeyRange.End > len(src) {
			t.Fatalf("entry %q key range %v outside the source", e.Key, e.KeyRange)
		}
		checkValue(t, src, e.Value, depth+1)
	}
}

func checkValue(t testing.TB, src []byte, v *Value, depth int) {
	t.Helper()
	if v == nil {
		t.Fatalf("nil value")
	}
	if v.Range.Start < 0 || v.Range.Start > v.Range.End || v.Range.End > len(src) {
		t.Fatalf("%s value range %v outside the %d-byte source", v.Kind, v.Range, len(src))
	}
	if depth > 100000 {
		t.Fatalf("tree deeper than 100000 levels")
	}
	switch v.Kind {
	case KindTable:
		checkTable(t, src, v.Table, depth)
	case KindArray:
		for _, it := range v.Items {
			checkValue(t, src, it, depth+1)
		}
	case KindInteger:
		if v.Overflow != (v.Big != nil) {
			t.Fatalf("integer overflow flag %v with big %v", v.Overflow, v.Big)
		}
	case KindInvalid:
		t.Fatalf("value of invalid kind at %v", v.Range)
	}
}

// TestPositionsInLongLines compares positions computed from the marks of a
// long line with a count from the line start.
func TestPositionsInLongLines(t *testing.T) {
	t.Parallel()
	line := strings.Repeat("ab\xffé😀\x00", 2000)
	src := []byte("k = 1\n" + line + "\n" + line)
	x := NewLineIndex(src)
	for off := 0; off <= len(src); off += 7 {
		for _, enc := range []Encoding{Runes, UTF16, UTF8} {
			l, c := x.Position(off, enc)
			start := x.LineStart(l)
			want := 0
			for i := start; i < off; {
				r, n := utf8.DecodeRune(src[i:])
				if i+n > off {
					break
				}
				switch {
				case enc == UTF8:
					want += n
				case enc == UTF16 && r >= 0x10000:
					want += 2
				default:
					want++
				}
				i += n
			}
			if c != want {
				t.Fatalf("Position(%d, %d) = %d:%d, counting gives %d", off, enc, l, c, want)
			}
		}
	}
}
