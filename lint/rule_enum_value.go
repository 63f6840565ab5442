package lint

import (
	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
)

var (
	ruleEnumValue = Rule{
		ID:       RuleEnumValue,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Unsafe),
		Summary:  "A value outside its fixed set, such as task_set other than \"parity\".",
		Doc: `Some fields take one of a few values. A benchmark's [tasks] task_set takes only "parity": the
CLI is strict on purpose, because the platform would silently run every task for a value it does
not know.`,
		Bad:   "# ...\n[tasks]\ntask_set = \"all\"\n",
		Good:  "# ...\n[tasks]\ntask_set = \"parity\"\n",
		Kinds: []string{"benchmark"},
		check: func(c *Context) { reportEnum(c, RuleEnumValue) },
	}
)

var _ = register(&ruleEnumValue)

func reportEnum(c *Context, rule string) {
	for _, is := range c.IssuesOf(rule) {
		var msg string
		var fixes []Fix
		if is.Kind == schema.Missing { // the discriminator is absent
			msg = where(parent(is.Path)) + " needs " + code(is.Name) + ": one of " + orList(enumStrings(is.Field))
			c.Report(is.Range, is.Key, msg)
			continue
		}
		got := is.Got
		hint, best := didYouMean(got, unquoteAll(is.Allowed))
		msg = keyName(is.Path) + " in " + where(parent(is.Path)) + " must be " + orList(is.Allowed) + "; found " + code(snippet(c.Doc, is.Value)) + hint
		if best != "" {
			fixes = append(fixes, fix.New("Use \""+best+"\"", false, fix.Replace(is.Value.Range, tomlString(best))))
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

func enumStrings(f *schema.Field) []string {
	var out []string
	for _, v := range f.Enum() {
		out = append(out, schema.FormatTOML(v))
	}
	return out
}

func unquoteAll(items []string) []string {
	out := make([]string, len(items))
	for i, s := range items {
		if len(s) >= 2 && s[0] == '"' {
			s = s[1 : len(s)-1]
		}
		out[i] = s
	}
	return out
}
