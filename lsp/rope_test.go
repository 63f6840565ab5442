package lsp

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// applyOneByOne is the reference: each change applied to the text the one
// before left, through a line index of that text.
func applyOneByOne(text []byte, enc toml.Encoding, changes []textChange) []byte {
	for _, c := range changes {
		if c.whole {
			text = c.text
			continue
		}
		text = splice(text, newMapper(text, enc).toRange(c.rng), c.text)
	}
	return text
}

// ropeScript makes changes from a script of bytes: each takes a range
// (lines and columns below lines and cols, often past the end of a line or
// of the text) and one of the fuzz texts, or replaces the whole text.
func ropeScript(script []byte, lines, cols uint32) []textChange {
	read := scriptReader(script)
	left := len(script)
	next := func() uint32 {
		left--
		return uint32(read())
	}
	word := func(mod uint32) uint32 { return (next()<<8 | next()) % mod }
	insert := func() []byte {
		return []byte(strings.ToValidUTF8(fuzzInserts[next()%uint32(len(fuzzInserts))], "\uFFFD"))
	}
	var changes []textChange
	for left > 0 {
		if next()%16 == 15 {
			changes = append(changes, textChange{whole: true, text: insert()})
			continue
		}
		r := protocol.Range{
			Start: protocol.Position{Line: word(lines), Character: word(cols)},
			End:   protocol.Position{Line: word(lines), Character: word(cols)},
		}
		changes = append(changes, textChange{rng: r, text: insert()})
	}
	return changes
}

var encodings = []toml.Encoding{toml.Runes, toml.UTF16, toml.UTF8}

func checkChanges(t *testing.T, text []byte, changes []textChange) {
	t.Helper()
	for _, enc := range encodings {
		want := applyOneByOne(text, enc, changes)
		got := applyChanges(text, func() mapper { return newMapper(text, enc) }, enc, changes)
		if !bytes.Equal(got, want) {
			t.Fatalf("encoding %d: %d changes on %q:\ngot  %q\nwant %q", enc, len(changes), text, got, want)
		}
	}
}

// FuzzApplyChanges: the changes of one didChange applied through the rope
// give the text that applying them one by one gives, in every encoding.
func FuzzApplyChanges(f *testing.F) {
	f.Add(multibyte, []byte{0, 0, 3, 0, 5, 0, 2, 0, 1, 0, 0, 1, 0, 0, 17, 0, 2, 0, 39, 0, 2, 0, 39, 0})
	f.Add("a\r\nb\n\n🚀🚀é\n", []byte{2, 0, 1, 0, 2, 0, 2, 17, 0, 0, 0, 0, 0, 0, 0, 0, 1, 15, 3, 1, 0, 7, 0, 30, 0, 7, 0, 30, 9})
	f.Add("", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 1, 0, 1, 0, 3, 0, 0, 0, 0, 4})
	f.Fuzz(func(t *testing.T, text string, script []byte) {
		if len(text) > 64<<10 || len(script) > 1024 {
			return
		}
		// the wire's text is valid UTF-8 (wireText)
		checkChanges(t, []byte(strings.ToValidUTF8(text, "\uFFFD")), ropeScript(script, 8, 40))
	})
}

// Long texts and many changes, against the reference: pieces split, cut at
// characters, joined and balanced over thousands of changes.
func TestApplyChangesMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	line := "lr = \"🚀é𝄞 x\" # ü\r\n"
	for range 20 {
		text := []byte(strings.Repeat(line, 1+rng.IntN(400)) + strings.Repeat("long🚀", rng.IntN(800)))
		script := make([]byte, 10*(50+rng.IntN(400)))
		for i := range script {
			script[i] = byte(rng.UintN(256))
		}
		checkChanges(t, text, ropeScript(script, 500, 8000))
	}
}

// replaceAll is the didChange a Replace All sends: one-character edits,
// the last match first (VS Code's order), each range in the text the edits
// before it left. Here each "~" of the text becomes "-".
func replaceAll(text string, enc toml.Encoding) []textChange {
	m := newMapper([]byte(text), enc)
	var changes []textChange
	for i := strings.LastIndexByte(text, '~'); i >= 0; i = strings.LastIndexByte(text[:i], '~') {
		changes = append(changes, textChange{rng: m.rng(toml.Range{Start: i, End: i + 1}), text: []byte("-")})
	}
	return changes
}

// bigConfig is a training config of about size bytes with n lines holding
// a "~".
func bigConfig(size, n int) string {
	head := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[env]\n"
	var b strings.Builder
	b.WriteString(head)
	pad := max(0, (size-len(head))/n-16)
	for i := range n {
		b.WriteString("K")
		b.WriteString(itoa(i + 1000000))
		b.WriteString(" = \"")
		b.WriteString(strings.Repeat("é", pad/2))
		b.WriteString("~\"\n")
	}
	return b.String()
}

// A Replace All of 15,000 edits on a 2.6 MB config costs a bounded multiple
// of the document and the edits: one copy of each piece, not a copy and a
// line index of the whole text per edit (39 GB).
func TestReplaceAllAllocations(t *testing.T) {
	text := bigConfig(2_600_000, 15_000)
	for _, enc := range encodings {
		changes := replaceAll(text, enc)
		if len(changes) < 15_000 {
			t.Fatalf("%d changes", len(changes))
		}
		src := []byte(text)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got := applyChanges(src, func() mapper { return newMapper(src, enc) }, enc, changes)
		runtime.ReadMemStats(&after)
		if want := strings.ReplaceAll(text, "~", "-"); string(got) != want {
			t.Fatalf("encoding %d: the text after Replace All differs", enc)
		}
		// the result, and per edit a few pieces and the tree's nodes
		bound := uint64(2*len(text) + 1024*len(changes))
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("encoding %d: %d edits on %d bytes: %d KB allocated", enc, len(changes), len(text), alloc>>10)
		if alloc > bound {
			t.Errorf("encoding %d: %d KB allocated, over %d KB (twice the text and 1 KB an edit)", enc, alloc>>10, bound>>10)
		}
	}
}
