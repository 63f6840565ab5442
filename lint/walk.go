package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// walkValues calls fn for every value of the document with its path.
func walkValues(t *toml.Table, path []string, fn func(path []string, e *toml.Entry, v *toml.Value)) {
	for _, e := range t.Entries {
		p := append(append([]string(nil), path...), e.Key)
		walkValue(p, e, e.Value, fn)
	}
}

func walkValue(path []string, e *toml.Entry, v *toml.Value, fn func([]string, *toml.Entry, *toml.Value)) {
	fn(path, e, v)
	switch v.Kind {
	case toml.KindTable:
		walkValues(v.Table, path, fn)
	case toml.KindArray:
		for i, it := range v.Items {
			walkValue(append(append([]string(nil), path...), strconv.Itoa(i)), nil, it, fn)
		}
	}
}
