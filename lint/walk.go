package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// walkValues calls fn for every value of the document with its path. The
// path is one stack shared by the whole walk: it is valid only during the
// call, so fn must copy it (or join it) to keep it. Copying it per node
// would be quadratic in the depth of a nested value. The walk recurses as
// deep as the document nests, which toml.MaxDepth bounds.
func walkValues(t *toml.Table, path []string, fn func(path []string, e *toml.Entry, v *toml.Value)) {
	w := walker{path: path, fn: fn}
	w.table(t)
}

type walker struct {
	path []string
	fn   func([]string, *toml.Entry, *toml.Value)
}

func (w *walker) table(t *toml.Table) {
	for _, e := range t.Entries {
		w.path = append(w.path, e.Key)
		w.value(e, e.Value)
		w.path = w.path[:len(w.path)-1]
	}
}

func (w *walker) value(e *toml.Entry, v *toml.Value) {
	w.fn(w.path, e, v)
	switch v.Kind {
	case toml.KindTable:
		w.table(v.Table)
	case toml.KindArray:
		for i, it := range v.Items {
			w.path = append(w.path, strconv.Itoa(i))
			w.value(nil, it)
			w.path = w.path[:len(w.path)-1]
		}
	}
}
