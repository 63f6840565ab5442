package lint

import "github.com/osmosis-lint/osmosis-lint/schema/toml"

// anyValue reports whether some value of the table, at any depth, is one
// pred holds for. It builds no path and allocates nothing: a rule asks it
// first and walks with paths only a document that has something to judge.
func anyValue(t *toml.Table, pred func(*toml.Value) bool) bool {
	for _, e := range t.Entries {
		if anyIn(e.Value, pred) {
			return true
		}
	}
	return false
}

func anyIn(v *toml.Value, pred func(*toml.Value) bool) bool {
	if pred(v) {
		return true
	}
	switch v.Kind {
	case toml.KindTable:
		return anyValue(v.Table, pred)
	case toml.KindArray:
		for _, it := range v.Items {
			if anyIn(it, pred) {
				return true
			}
		}
	}
	return false
}
