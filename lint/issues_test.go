package lint

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// numberRules are the rules that judge a number, or a value where a number
// belongs: numberRule gives each bad value exactly one of them.
var numberRules = map[string]bool{
	RuleParamLimit: true, RuleParamRange: true, RuleNumberOverflow: true, RuleParamType: true,
	RuleTypeMismatch: true, RuleGRPOGroupSize: true, RuleEnumValue: true, RuleNotATable: true,
}

// numberShapes are the values tried at every numeric field: good and bad
// numbers, numbers beyond 64 bits, non-finite floats, and the other types.
var numberShapes = []string{
	"1", "0", "-1", "2", "4", "8", "0.5", "1.0", "1.5", "2.5", "-0.1", "1e6", "1e-9", "0x10", "1_000",
	"1000001", "262145", "86401", "10001", "1025",
	"99999999999999999999", "-99999999999999999999", "1e400", "-1e400", "nan", "+inf", "-inf",
	"true", `"3"`, "1979-05-27", "07:32:00",
}

// numberField is a place a value is tried at.
type numberField struct {
	kind schema.Kind
	path []string // section, key
}

// numberFields lists every key of every section of every kind that takes
// a number or carries a bound, plus places where a number is wrong or
// unchecked: a string key judged at submit, an [env] value, an [advanced]
// key, a key without a type, an enum, and an unknown key.
func numberFields(t *testing.T) []numberField {
	var out []numberField
	for _, k := range schema.Kinds() {
		root := schema.For(k).Root()
		for _, sec := range root.Properties() {
			sf := root.Property(sec)
			if !sf.IsTable() {
				continue
			}
			for _, key := range sf.Properties() {
				f := sf.Property(key)
				_, limit := f.Limit()
				_, advice := f.Advice()
				if f.HasType("number") || f.HasType("integer") || limit || advice || f.RangeText() != "" {
					out = append(out, numberField{k, []string{sec, key}})
				}
			}
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d numeric fields", len(out))
	}
	return append(out,
		numberField{schema.Training, []string{"experiment", "branch"}},
		numberField{schema.Eval, []string{"env", "PORT"}},
		numberField{schema.Training, []string{"advanced", "seed"}},
		numberField{schema.Benchmark, []string{"execution", "judge_model"}},
		numberField{schema.Benchmark, []string{"tasks", "task_set"}},
		numberField{schema.Training, []string{"training", "bogus_count"}},
	)
}

// numberDoc is a config of the kind that any rule accepts, with value at
// the field.
func numberDoc(nf numberField, value string) string {
	var base string
	switch nf.kind {
	case schema.Training:
		base = goodTraining
	case schema.Eval:
		base = goodEval
	default:
		base = goodBenchmark
	}
	line := nf.path[1] + " = " + value + "\n"
	if nf.path[0] == "experiment" {
		return strings.Replace(base, "[experiment]\n", "[experiment]\n"+line, 1)
	}
	return base + "\n[" + nf.path[0] + "]\n" + line
}

// wantNumberRule is what the catalog says of a value at a field of a
// table, worked out from the annotations alone (not from the validator nor
// from numberRule): a key the table does not allow, the field's type, its
// enum, its range, then what JSON can carry, the soft limit and the advice.
func wantNumberRule(table, fl *schema.Field, v *toml.Value) string {
	if fl == nil {
		return UnknownKeyRule(table)
	}
	x, isNum := v.Number()
	finite := isNum && !math.IsNaN(x) && !math.IsInf(x, 0)
	jsonType := ""
	switch {
	case v.Kind == toml.KindInteger:
		jsonType = "number"
	case v.Kind == toml.KindFloat && finite:
		jsonType = "number"
	case v.Kind == toml.KindBool:
		jsonType = "boolean"
	case v.Kind == toml.KindString:
		jsonType = "string"
	}
	if len(fl.Types()) > 0 {
		typeRule := RuleTypeMismatch
		if fl.Stage() == string(StagePlatform) {
			typeRule = RuleParamType
		}
		if jsonType == "" {
			return typeRule // dates, nan, infinity: no JSON type
		}
		if enum := fl.Enum(); len(enum) > 0 {
			for _, e := range enum {
				if s, ok := e.(string); ok && v.Kind == toml.KindString && v.Str == s {
					return ""
				}
			}
			if fl.Rule() != "" {
				return fl.Rule()
			}
			return RuleEnumValue
		}
		ok := false
		for _, t := range fl.Types() {
			switch {
			case t == jsonType:
				ok = true
			case t == "integer" && jsonType == "number" && x == math.Trunc(x):
				ok = true
			}
		}
		if !ok {
			return typeRule
		}
		if isNum {
			lo, hasLo := fl.Number("minimum")
			xlo, hasXlo := fl.Number("exclusiveMinimum")
			hi, hasHi := fl.Number("maximum")
			if hasLo && x < lo || hasXlo && x <= xlo || hasHi && x > hi {
				return RuleParamRange
			}
		}
	}
	if !isNum {
		return ""
	}
	if v.Overflow || !finite {
		return RuleNumberOverflow
	}
	if limit, ok := fl.Limit(); ok && x > limit {
		return RuleParamLimit
	}
	if a, ok := fl.Advice(); ok && x < a.Minimum {
		return a.Rule
	}
	return ""
}

// TestNumberOwner tries every value shape at every numeric field: exactly
// one finding on each bad value (none on a good one), of the rule
// numberRule names, which is the rule the field's annotations call for.
func TestNumberOwner(t *testing.T) {
	fired := map[string]int{}
	tried := 0
	for _, nf := range numberFields(t) {
		shapes := numberShapes
		fl := schema.For(nf.kind).FieldAt(nil, nf.path)
		if limit, ok := fl.Limit(); ok {
			shapes = append(shapes[:len(shapes):len(shapes)], schema.FormatNumber(limit), schema.FormatNumber(limit+1))
		}
		for _, value := range shapes {
			src := numberDoc(nf, value)
			doc := toml.Parse([]byte(src))
			if len(doc.Errors) > 0 {
				t.Fatalf("%s = %s: %v", strings.Join(nf.path, "."), value, doc.Errors)
			}
			_, v := doc.Root.Lookup(nf.path...)
			if v == nil {
				t.Fatalf("%s = %s: no value", strings.Join(nf.path, "."), value)
			}
			s := schema.For(nf.kind)
			c := &Context{Kind: nf.kind, Schema: s, Doc: doc, Issues: s.Validate(doc)}
			e, _ := doc.Root.Lookup(nf.path...)
			owner := c.numberRule(nf.path, e, v)
			want := wantNumberRule(c.Field(nf.path[0]), c.Field(nf.path...), v)
			name := string(nf.kind) + " " + strings.Join(nf.path, ".") + " = " + value
			if owner != want {
				t.Errorf("%s: numberRule says %q, the field's annotations %q", name, owner, want)
			}
			var on []string
			for _, f := range Check([]byte(src), Input{Path: "configs/" + string(nf.kind) + "/x.toml", Kind: nf.kind}) {
				// on the value, or (for a key the table does not allow) on
				// its key
				if f.Rule == RuleRolloutConcurrency {
					// judges the value with another (a product), not the
					// value alone: TestRolloutConcurrency holds it
					continue
				}
				if f.Range.Start >= v.Range.Start && f.Range.End <= v.Range.End || f.Range == e.KeyRange {
					on = append(on, f.Rule)
				}
			}
			tried++
			switch {
			case owner == "" && len(on) > 0:
				t.Errorf("%s: good value, but %v fire", name, on)
			case owner != "" && (len(on) != 1 || on[0] != owner):
				t.Errorf("%s: want one finding of %s, got %v", name, owner, on)
			}
			fired[owner]++
		}
	}
	// every rule that owns numbers was met, good values too
	for id := range numberRules {
		if id == RuleNotATable {
			continue
		}
		if fired[id] == 0 {
			t.Errorf("no value tried is %s's", id)
		}
	}
	if fired[""] == 0 {
		t.Error("no good value tried")
	}
	var counts []string
	for id, n := range fired {
		counts = append(counts, id+"="+strconv.Itoa(n))
	}
	sort.Strings(counts)
	t.Logf("%d values: %s", tried, strings.Join(counts, " "))
}

// numberDoubles describes the values that two of numberRules' findings
// are on, "" when there are none.
func numberDoubles(fs []Finding) string {
	seen := map[toml.Range]string{}
	var out []string
	for _, f := range fs {
		if !numberRules[f.Rule] {
			continue
		}
		if prev, ok := seen[f.Range]; ok {
			out = append(out, prev+" and "+f.Rule+" on "+f.Key)
		}
		seen[f.Range] = f.Rule
	}
	return strings.Join(out, "; ")
}

// TestAdviceNamesItsKeys holds each x-osmosis-advice annotation to the
// rule it names: the rule lists the key among the keys it judges.
func TestAdviceNamesItsKeys(t *testing.T) {
	n := 0
	for _, nf := range numberFields(t) {
		fl := schema.For(nf.kind).FieldAt(nil, nf.path)
		a, ok := fl.Advice()
		if !ok {
			continue
		}
		n++
		r, found := Lookup(a.Rule)
		key := strings.Join(nf.path, ".")
		if !found || !r.appliesTo(string(nf.kind)) || !contains(r.Keys, key) {
			t.Errorf("%s %s: x-osmosis-advice names %q, which does not judge the key", nf.kind, key, a.Rule)
		}
		if !(a.Recommended >= a.Minimum) {
			t.Errorf("%s %s: recommends %v, below the advice's minimum %v", nf.kind, key, a.Recommended, a.Minimum)
		}
	}
	if n == 0 {
		t.Error("no x-osmosis-advice annotation")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestNumberWithinRejected: a number under a key or inside a value the
// schema rejects is that issue's (the CLI rejects the config there and the
// number never travels); where nothing rejects it, it is judged itself.
func TestNumberWithinRejected(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"[env]\nPORT = [1e400]\n", []string{RuleTypeMismatch}},
		{"[env]\nPORT = {a = nan}\n", []string{RuleTypeMismatch}},
		{"[advanced]\nseeds = [1e400, {a = [nan]}]\n", []string{RuleNumberOverflow, RuleNumberOverflow}},
		{"[advanced]\nseed = 99999999999999999999\n", []string{RuleNumberOverflow}},
		{"training = [1e400]\n", []string{RuleNotATable}},
		{"[bogus]\nx = nan\ny = [inf]\n", []string{RuleUnknownSection}},
		{"[training]\nbogus = 99999999999999999999\nlr = nan\n", []string{RuleUnknownKey, RuleParamType}},
		{"[training]\nglobal_batch_size = 1e400\n", []string{RuleLegacyConfig}},
		{"[sampling]\nrollout_temperature = 3\nrollout_top_p = 1.5\n", []string{RuleParamLimit, RuleParamRange}},
		{"[training]\nn_samples_per_prompt = 1.0\ntotal_epochs = 1.5\n", []string{RuleGRPOGroupSize, RuleParamType}},
	} {
		var got []string
		src := goodTraining + tc.src
		if !strings.HasPrefix(tc.src, "[") {
			src = tc.src + goodTraining // a key of the root
		}
		for _, f := range Check([]byte(src), Input{Path: "configs/training/x.toml", Kind: schema.Training}) {
			got = append(got, f.Rule)
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%q: got %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestBoundsFromSchema: the bounds of the rules that judge numbers and list
// lengths are listed from the schema's annotations, and their docs do not
// repeat the numbers (the schema is their one source).
func TestBoundsFromSchema(t *testing.T) {
	for rule, want := range map[string]string{
		RuleParamLimit:    "`training.lr` (training): at most 1",
		RuleParamRange:    "`evaluation.pass_threshold` (eval): [0, 1]",
		RuleListLength:    "`agents` (benchmark): 1 to 8 items",
		RuleGRPOGroupSize: "`training.n_samples_per_prompt` (training): below 2 is reported; 4 or more advised (default 8)",
	} {
		r, _ := Lookup(rule)
		bounds := Bounds(rule)
		if !contains(bounds, want) {
			t.Errorf("%s: bounds %q lack %q", rule, bounds, want)
		}
		if !strings.Contains(Explain(r), want) || !strings.Contains(r.FullDoc(), want) {
			t.Errorf("%s: explain does not show %q", rule, want)
		}
		for _, line := range bounds {
			for _, word := range strings.FieldsFunc(line, func(c rune) bool { return !(c >= '0' && c <= '9') }) {
				if word == "0" || word == "1" {
					continue // words say these ("positive", "one sample")
				}
				for _, text := range strings.FieldsFunc(r.Summary+" "+r.Doc, func(c rune) bool { return !(c >= '0' && c <= '9') }) {
					if text == word {
						t.Errorf("%s: the doc repeats the bound %s of %q", rule, word, line)
					}
				}
			}
		}
	}
	if b := Bounds(RuleUnknownKey); len(b) != 0 {
		t.Errorf("unknown-key has bounds %q", b)
	}
}
