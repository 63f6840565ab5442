package schema

import (
	"encoding/json"
	"math"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// opaque stands for a TOML value JSON has no type for (dates and times,
// non-finite floats): the validator reports it as an invalid value, which
// the mapping turns into a type finding.
type opaque struct{ v *toml.Value }

// Instance converts a TOML table to the JSON value the validator reads.
func Instance(t *toml.Table) map[string]any {
	m := make(map[string]any, len(t.Entries))
	for _, e := range t.Entries {
		m[e.Key] = instanceValue(e.Value)
	}
	return m
}

func instanceValue(v *toml.Value) any {
	switch v.Kind {
	case toml.KindString:
		return v.Str
	case toml.KindBool:
		return v.Bool
	case toml.KindInteger:
		if v.Big != nil {
			return json.Number(v.Big.String())
		}
		return v.Int
	case toml.KindFloat:
		if math.IsNaN(v.Float) || math.IsInf(v.Float, 0) {
			return opaque{v}
		}
		return v.Float
	case toml.KindArray:
		a := make([]any, len(v.Items))
		for i, it := range v.Items {
			a[i] = instanceValue(it)
		}
		return a
	case toml.KindTable:
		return Instance(v.Table)
	}
	return opaque{v}
}
