package toml

// AnyValue reports whether some value of the table, at any depth, is one
// pred holds for. It builds no path and allocates nothing: a rule asks it
// first and walks with paths only a document that has something to judge.
func AnyValue(t *Table, pred func(*Value) bool) bool {
	for _, e := range t.Entries {
		if anyIn(e.Value, pred) {
			return true
		}
	}
	return false
}

func anyIn(v *Value, pred func(*Value) bool) bool {
	if pred(v) {
		return true
	}
	switch v.Kind {
	case KindTable:
		return AnyValue(v.Table, pred)
	case KindArray:
		for _, it := range v.Items {
			if anyIn(it, pred) {
				return true
			}
		}
	}
	return false
}
