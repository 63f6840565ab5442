package lint

import (
	"regexp"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	rulePlaceholder = Rule{
		ID:       RulePlaceholder,
		Severity: Error,
		Stage:    StagePlatform,
		// the placeholder is the problem; a rollout or dataset that is
		// not found under its name is only its consequence
		Supersedes: true,
		Summary:    "A template placeholder such as <your-dataset> left in a value.",
		Doc: `Config templates mark what to fill in with placeholders such as ` + "`<your-rollout>`" + ` or
` + "`<your-dataset>`" + `. The CLI accepts them as strings; the platform then looks for a dataset or model
literally named that way and fails. Where the value itself is refused at submit (a rollout or
entrypoint the CLI cannot find, a secret name it cannot take), the finding has that stage: one
finding stands for the placeholder and what it breaks.`,
		Bad:   "[experiment]\n# ...\ndataset = \"<your-dataset>\"\n",
		Good:  "[experiment]\n# ...\ndataset = \"multiply\"\n",
		check: checkPlaceholder,
	}
)

var _ = register(&rulePlaceholder)

var placeholderRE = lazyRE(`(?i)<\s*(your|my)[-_ ][^<>]{1,60}>`)

// hasPlaceholder reports whether s holds a template placeholder; most
// strings have no '<' and skip the expression.
func hasPlaceholder(s string) bool {
	return strings.IndexByte(s, '<') >= 0 && placeholderRE().MatchString(s)
}

// mayHoldPlaceholder is a string with a '<', which every placeholder has.
func mayHoldPlaceholder(v *toml.Value) bool {
	return v.Kind == toml.KindString && strings.IndexByte(v.Str, '<') >= 0
}

func checkPlaceholder(c *Context) {
	if !toml.AnyValue(c.Doc.Root, mayHoldPlaceholder) {
		return
	}
	toml.WalkValues(c.Doc.Root, nil, func(path []string, _ *toml.Entry, v *toml.Value) {
		if v.Kind != toml.KindString {
			return
		}
		if strings.IndexByte(v.Str, '<') < 0 {
			return
		}
		m := placeholderRE().FindString(v.Str)
		if m == "" {
			return
		}
		msg := "the placeholder " + code(m) + " is still in " + code(strings.Join(path, ".")) + ": replace it with a real value"
		c.Report(v.Range, strings.Join(path, "."), msg)
	})
}

// lazyRE compiles a regular expression on first use, so that a run that
// never needs it (most runs need few) does not pay for it at start-up.
func lazyRE(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
