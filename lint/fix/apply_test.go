package fix

import (
	"slices"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func edit(start, end int, text string) Edit {
	return Replace(toml.Range{Start: start, End: end}, text)
}

func TestSortedApply(t *testing.T) {
	src := []byte("abcdef")
	for _, c := range []struct {
		name   string
		edits  []Edit
		want   string
		reason string
	}{
		{name: "out of order, insertions keep their order before a replacement",
			edits: []Edit{edit(4, 6, "Z"), edit(1, 1, "a"), edit(1, 2, "B"), edit(1, 1, "b")}, want: "aabBcdZ"},
		{name: "a deletion", edits: []Edit{edit(0, 6, "")}, want: ""},
		{name: "none", reason: "it has no edits"},
		{name: "overlapping", edits: []Edit{edit(0, 3, "x"), edit(2, 4, "y")}, reason: "two of its edits overlap"},
		{name: "outside", edits: []Edit{edit(5, 7, "x")}, reason: "an edit lies outside the file"},
		{name: "backwards", edits: []Edit{edit(3, 2, "x")}, reason: "an edit lies outside the file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, reason := Sorted(len(src), c.edits)
			if reason != c.reason {
				t.Fatalf("reason %q, want %q", reason, c.reason)
			}
			if reason != "" {
				return
			}
			out, written := Apply(src, got)
			if string(out) != c.want {
				t.Errorf("got %q, want %q", out, c.want)
			}
			for i, w := range written {
				if string(out[w.Start:w.End]) != got[i].NewText {
					t.Errorf("edit %d landed at %v: %q, want %q", i, w, out[w.Start:w.End], got[i].NewText)
				}
			}
		})
	}
}

func TestOverlap(t *testing.T) {
	for _, c := range []struct {
		a, b Edit
		want bool
	}{
		{edit(0, 2, "x"), edit(1, 3, "y"), true},
		{edit(0, 2, "x"), edit(2, 3, "y"), false},
		{edit(1, 1, "x"), edit(1, 1, "y"), true},  // two insertions at one offset
		{edit(0, 3, "x"), edit(1, 1, "y"), true},  // an insertion inside a replacement
		{edit(0, 3, "x"), edit(3, 3, "y"), false}, // an insertion at its end
		{edit(0, 3, "x"), edit(0, 0, "y"), false}, // an insertion at its start
	} {
		if got := Overlap(c.a, c.b); got != c.want {
			t.Errorf("Overlap(%v, %v) = %v, want %v", c.a.Range, c.b.Range, got, c.want)
		}
		if got := Overlap(c.b, c.a); got != c.want {
			t.Errorf("Overlap(%v, %v) = %v, want %v", c.b.Range, c.a.Range, got, c.want)
		}
	}
}

func TestKeySet(t *testing.T) {
	var s KeySet
	s.Add([]string{"a.b"})
	for key, want := range map[string]bool{"a.b": true, "a": true, "a.b.c": true, "a.c": false, "b": false} {
		if got := s.Conflicts([]string{key}); got != want {
			t.Errorf("Conflicts(%q) = %v, want %v", key, got, want)
		}
	}
	for key, want := range map[string]bool{"a.b": true, "a.b.c": true, "a": false, "a.c": false} {
		if got := s.Covers(key); got != want {
			t.Errorf("Covers(%q) = %v, want %v", key, got, want)
		}
	}
	if got := slices.Collect(Parents("a.b.c")); !slices.Equal(got, []string{"a", "a.b"}) {
		t.Errorf("Parents = %q", got)
	}
}

func TestRemoveItem(t *testing.T) {
	for _, c := range []struct {
		src, want string
		item      int
		ok        bool
	}{
		{src: "x = [1, 2, 3]\n", item: 1, want: "x = [1, 3]\n", ok: true},
		{src: "x = [1, 2, 3]\n", item: 0, want: "x = [2, 3]\n", ok: true},
		{src: "x = [1]\n", item: 0, want: "x = []\n", ok: true},
		{src: "x = [1, # one\n 2]\n", item: 1, ok: false}, // the comment would go
	} {
		doc := toml.Parse([]byte(c.src))
		_, list := doc.Root.Lookup("x")
		e, ok := RemoveItem(doc.Src, list, list.Items[c.item])
		if ok != c.ok {
			t.Errorf("%q: ok %v, want %v", c.src, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		out, _ := Apply(doc.Src, []Edit{e})
		if string(out) != c.want {
			t.Errorf("%q without item %d: %q, want %q", c.src, c.item, out, c.want)
		}
	}
}
