package lint

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// issueDefaults names the rule that reports each kind of schema issue when
// neither the issue's shape nor the schema's annotation decides otherwise.
var issueDefaults = map[schema.IssueKind]string{
	schema.Unknown: RuleUnknownKey,
	schema.Missing: RuleMissingRequired,
	schema.Type:    RuleTypeMismatch,
	schema.Enum:    RuleEnumValue,
	schema.Length:  RuleListLength,
	schema.Bound:   RuleParamRange,
	// Pattern and Duplicate issues belong to the rule their annotation
	// names; the schema has none without one
}

// IssueRule is the rule a schema issue is reported under: the one table
// from schema issues to rules. It returns "" for an issue no rule reports.
func IssueRule(is schema.Issue) string {
	switch is.Kind {
	case schema.Missing:
		switch {
		case is.Tag == RuleUnknownVariant:
			// the discriminator of a variant table is missing
			return RuleUnknownVariant
		case is.Section:
			return RuleMissingSection
		}
		return RuleMissingRequired
	case schema.Type:
		switch {
		case is.Section:
			return RuleNotATable
		case is.Field != nil && is.Field.Stage() == string(StagePlatform):
			// the CLI forwards the value; the platform checks its type
			return RuleParamType
		}
		return RuleTypeMismatch
	}
	if is.Tag != "" {
		return is.Tag
	}
	return issueDefaults[is.Kind]
}

// numberRule is the one decision of which rule reports what is wrong with
// a value where a number belongs, or with a number anywhere: exactly one
// rule a value, "" for a good one. The schema's issue comes first: on the
// value, a wrong type (a float for an integer, a bool, a string, nan, a
// float too large for 64 bits: param-type or type-mismatch by the field's
// stage), a number out of its range (param-range), a value outside an
// enum; on its key (an unknown key) or on a value enclosing it (a list
// where a string belongs), whose finding stands for the number too.
// issued says whether there is one and issueRule is its rule (IssueRule;
// Context.issueOn and walkNumbers find it). For a value the schema
// accepts, in this order: a number
// JSON cannot carry to the platform (number-overflow: beyond 64 bits,
// infinite, nan), one above the field's soft limit (x-osmosis-limit:
// param-limit), one below the field's advice (x-osmosis-advice: the rule
// it names, such as grpo-group-size). fields gives the schema field of
// the value at path (nil where the schema has none); it is asked only
// when the answer depends on it.
func numberRule(v *toml.Value, issueRule string, issued bool, fields fieldSource, path []string) string {
	switch {
	case issued:
		return issueRule
	case v == nil || !v.IsNumber():
		return ""
	case unsendable(v):
		return RuleNumberOverflow
	}
	fl := fields.Field(path...)
	if fl == nil {
		return ""
	}
	x, _ := v.Number()
	if limit, ok := fl.Limit(); ok && x > limit {
		return RuleParamLimit
	}
	if a, ok := fl.Advice(); ok && x < a.Minimum {
		return a.Rule
	}
	return ""
}

// fieldJudged reports whether numberRule can ask for the field of v: only
// for a number JSON can carry (the field's limit and advice judge no
// other), so that rules of those verdicts look up no other field.
func fieldJudged(v *toml.Value) bool { return v.IsNumber() && !unsendable(v) }

// fieldSource finds the schema field at a path (Context.Field).
type fieldSource interface {
	Field(path ...string) *schema.Field
}

// FieldRules lists the rules that judge the value of a field, for hover:
// those the schema's annotations name, then the rules written in Go that
// name the field's key (Rule.Keys) for the config's kind, in catalog
// order, each once. path is the key's instance path (array indexes are
// skipped); with no kind or path only the schema's rules are listed.
func FieldRules(kind schema.Kind, path []string, fl *schema.Field) []string {
	var ids []string
	add := func(id string) {
		for _, have := range ids {
			if have == id {
				return
			}
		}
		ids = append(ids, id)
	}
	if r := fl.Rule(); r != "" {
		add(r)
	}
	if fl.RangeText() != "" {
		add(RuleParamRange)
	}
	if _, ok := fl.Limit(); ok {
		add(RuleParamLimit)
	}
	if a, ok := fl.Advice(); ok {
		add(a.Rule)
	}
	if len(fl.Enum()) > 0 {
		add(RuleEnumValue)
	}
	if kind == "" || len(path) == 0 {
		return ids
	}
	key := keyPath(path)
	for _, r := range Rules() {
		if !r.appliesTo(string(kind)) {
			continue
		}
		for _, k := range r.Keys {
			if k == key {
				add(r.ID)
				break
			}
		}
	}
	return ids
}

// keyPath is the dotted key path of an instance path, without its array
// indexes: the form Rule.Keys names keys in.
func keyPath(path []string) string {
	var parts []string
	for _, p := range path {
		if _, err := strconv.Atoi(p); err == nil {
			continue
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ".")
}

// UnknownKeyRule is the rule that reports keys a table does not allow.
func UnknownKeyRule(table *schema.Field) string {
	if t := table.UnknownTag(); t != "" {
		return t
	}
	return RuleUnknownKey
}
