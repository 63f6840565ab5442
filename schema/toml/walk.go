package toml

import "strconv"

// WalkValues calls fn for every value of the document with its path. The
// path is one stack shared by the whole walk: it is valid only during the
// call, so fn must copy it (or join it) to keep it. Copying it per node
// would be quadratic in the depth of a nested value. The walk recurses as
// deep as the document nests, which MaxDepth bounds.
func WalkValues(t *Table, path []string, fn func(path []string, e *Entry, v *Value)) {
	w := walker{path: path, fn: fn}
	w.table(t)
}

type walker struct {
	path []string
	fn   func([]string, *Entry, *Value)
}

func (w *walker) table(t *Table) {
	for _, e := range t.Entries {
		w.path = append(w.path, e.Key)
		w.value(e, e.Value)
		w.path = w.path[:len(w.path)-1]
	}
}

func (w *walker) value(e *Entry, v *Value) {
	w.fn(w.path, e, v)
	switch v.Kind {
	case KindTable:
		w.table(v.Table)
	case KindArray:
		for i, it := range v.Items {
			w.path = append(w.path, strconv.Itoa(i))
			w.value(nil, it)
			w.path = w.path[:len(w.path)-1]
		}
	}
}
