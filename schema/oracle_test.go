package schema

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The evaluator of eval.go is checked against santhosh-tekuri/jsonschema/v6,
// a complete JSON Schema validator, run on the JSON form of the document:
// both must give the same issues.

var oracles struct {
	once sync.Once
	m    map[Kind]*jsonschema.Schema
	err  error
}

// oracle returns the reference validator compiled from the exported schema.
func oracle(t testing.TB, k Kind) *jsonschema.Schema {
	t.Helper()
	oracles.once.Do(func() {
		oracles.m = map[Kind]*jsonschema.Schema{}
		for _, k := range Kinds() {
			s := For(k)
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.JSON()))
			if err != nil {
				oracles.err = err
				return
			}
			url := s.raw["$id"].(string)
			c := jsonschema.NewCompiler()
			c.DefaultDraft(jsonschema.Draft2020)
			if err := c.AddResource(url, inst); err != nil {
				oracles.err = err
				return
			}
			if oracles.m[k], err = c.Compile(url); err != nil {
				oracles.err = err
				return
			}
		}
	})
	if oracles.err != nil {
		t.Fatal(oracles.err)
	}
	return oracles.m[k]
}

// oracleIssues validates doc with the reference validator and maps its
// errors with the same code as Validate.
func oracleIssues(t testing.TB, k Kind, doc *toml.Document) []Issue {
	s := For(k)
	var fails []failure
	err := oracle(t, k).Validate(instance(doc.Root))
	var ve *jsonschema.ValidationError
	if err != nil {
		if !asValidationError(err, &ve) {
			t.Fatalf("reference validator: %v", err)
		}
		oracleWalk(s, doc, ve, nil, &fails)
	}
	return s.issues(doc, fails, nil)
}

func asValidationError(err error, ve **jsonschema.ValidationError) bool {
	v, ok := err.(*jsonschema.ValidationError)
	*ve = v
	return ok
}

// oracleWalk turns the leaves of the reference validator's error tree into
// failures.
func oracleWalk(s *Schema, doc *toml.Document, e *jsonschema.ValidationError, parentLoc []string, out *[]failure) {
	loc := e.InstanceLocation
	if k, ok := e.ErrorKind.(*kind.PropertyNames); ok {
		// the validator does not copy the location of property-name errors
		loc = parentLoc
		var rules []string
		var collect func(c *jsonschema.ValidationError)
		collect = func(c *jsonschema.ValidationError) {
			if rule, ok := schemaAt(s, c.SchemaURL)["x-osmosis-rule"].(string); ok && len(c.Causes) == 0 {
				rules = append(rules, rule)
			}
			for _, cc := range c.Causes {
				collect(cc)
			}
		}
		collect(e)
		*out = append(*out, failure{kind: failPropertyName, loc: clone(loc), names: []string{k.Property}, rules: rules})
		return
	}
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			oracleWalk(s, doc, c, loc, out)
		}
		return
	}
	f := failure{raw: schemaAt(s, e.SchemaURL), loc: clone(loc)}
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		f.kind, f.names = failAdditional, k.Properties
	case *kind.Required:
		f.kind, f.names = failRequired, k.Missing
	case *kind.Type:
		f.kind, f.want = failType, k.Want
	case *kind.InvalidJsonValue:
		if _, v := doc.Root.Lookup(loc...); v != nil && v.Kind == toml.KindArray {
			// uniqueItems compares the items and stops at one JSON has no
			// type for, reporting the list itself as an invalid value: the
			// item gets its own type issue, the list none
			return
		}
		f.kind = failInvalid
	case *kind.Const:
		f.kind = failConst
	case *kind.Enum:
		f.kind = failEnum
	case *kind.MinItems:
		f.kind, f.bound = failMinItems, k.Want
	case *kind.MaxItems:
		f.kind, f.bound = failMaxItems, k.Want
	case *kind.UniqueItems:
		f.kind = failUnique
	case *kind.MinLength:
		f.kind = failMinLength
	case *kind.MaxLength:
		f.kind = failMaxLength
	case *kind.Pattern:
		f.kind = failPattern
	case *kind.Minimum:
		f.kind = failMinimum
	case *kind.Maximum:
		f.kind = failMaximum
	case *kind.ExclusiveMinimum:
		f.kind = failExclusiveMinimum
	case *kind.ExclusiveMaximum:
		f.kind = failExclusiveMaximum
	case *kind.Not:
		f.kind = failNot
	case *kind.FalseSchema:
		f.kind = failFalse
	default:
		panic(fmt.Sprintf("reference validator: unexpected error kind %T", k))
	}
	*out = append(*out, f)
}

// schemaAt returns the raw schema object a SchemaURL points to.
func schemaAt(s *Schema, url string) map[string]any {
	_, frag, _ := strings.Cut(url, "#")
	return s.pointer(frag)
}

// opaque stands for a TOML value JSON has no type for (dates and times,
// non-finite floats): the reference validator reports it as an invalid
// value.
type opaque struct{ v *toml.Value }

// instance converts a TOML table to the JSON value the reference validator
// reads.
func instance(t *toml.Table) map[string]any {
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
		return instance(v.Table)
	}
	return opaque{v}
}

// describeIssues writes issues one a line, sorted, for comparisons: the
// order of issues at the same offset is not part of the contract.
func describeIssues(doc *toml.Document, issues []Issue) []string {
	out := make([]string, len(issues))
	for i, is := range issues {
		out[i] = fmt.Sprintf("%d-%d %s %v key=%s name=%q got=%q want=%v bound=%q allowed=%d path=%q",
			is.Range.Start, is.Range.End, is.Tag, is.Kind, is.Key, is.Name, is.Got, is.Want, is.Bound, len(is.Allowed), is.Path)
	}
	sort.Strings(out)
	return out
}

// compareWithOracle fails when the evaluator and the reference validator
// give different issues for src, and returns the number of issues.
func compareWithOracle(t testing.TB, k Kind, src []byte) int {
	t.Helper()
	doc := toml.Parse(src)
	got := describeIssues(doc, For(k).Validate(doc))
	want := describeIssues(doc, oracleIssues(t, k, doc))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s: the evaluator and the reference validator differ\nsource: %q\nevaluator:\n  %s\nreference:\n  %s",
			k, src, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	return len(got)
}

// TestEvaluatorAgreesWithReference compares the evaluator with the
// reference validator, each document as every kind: the example configs,
// the hand-written conformance cases and a quarter of the generated ones and
// of the TOML agreement cases.
func TestEvaluatorAgreesWithReference(t *testing.T) {
	n, withIssues := 0, 0
	for _, s := range realSeeds(t, "../", 4) {
		for _, k := range Kinds() {
			if compareWithOracle(t, k, s.src) > 0 {
				withIssues++
			}
			n++
		}
	}
	var lib []struct {
		B64 string `json:"toml_b64"`
	}
	readSeedJSON(t, "toml/testdata/tomllib.json.gz", &lib)
	for i, c := range lib {
		if i%4 != 0 {
			continue
		}
		src, err := base64.StdEncoding.DecodeString(c.B64)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range Kinds() {
			if compareWithOracle(t, k, src) > 0 {
				withIssues++
			}
			n++
		}
	}
	t.Logf("%d documents agree, %d of them with issues", n, withIssues)
}
