package lint

import (
	"strings"
	"testing"
)

func TestSplitMessage(t *testing.T) {
	for _, c := range []struct{ msg, head, rest string }{
		{"unknown key `lerning_rate` in [training]; did you mean `lr`?", "unknown key `lerning_rate` in [training]", "did you mean `lr`?"},
		{"missing [secrets] section: an eval config must list the platform secrets it needs", "missing [secrets] section", "an eval config must list the platform secrets it needs"},
		// separators inside backquotes, quotes and brackets do not count
		{"value `a: b; c` is not allowed here; use another", "value `a: b; c` is not allowed here", "use another"},
		{`needs harness_api_key_secret = "A: B": the name of a record`, `needs harness_api_key_secret = "A: B"`, "the name of a record"},
		{"`x` in [a] must be in (0, 1]; found `1.5`", "`x` in [a] must be in (0, 1]", "found `1.5`"},
		{"unknown key `x` in [a] (allowed: `b`, `c`)", "unknown key `x` in [a]", "allowed: `b`, `c`"},
		// a headline of fewer than three words is not one
		{"invalid TOML: the value is missing after `=`", "invalid TOML: the value is missing after `=`", ""},
		{"invalid TOML: the string is not closed (use triple quotes)", "invalid TOML: the string is not closed", "use triple quotes"},
		{"rollout is empty", "rollout is empty", ""},
		{"a (b c) d", "a (b c) d", ""},
		{"unbalanced `quote: here; and", "unbalanced `quote: here; and", ""},
		{"", "", ""},
	} {
		head, rest := SplitMessage(c.msg)
		if head != c.head || rest != c.rest {
			t.Errorf("%q:\n got %q | %q\nwant %q | %q", c.msg, head, rest, c.head, c.rest)
		}
		// the headline is where the message starts; the rest is in it
		if !strings.HasPrefix(c.msg, head) || !strings.Contains(c.msg, rest) || (c.msg != "" && head == "") {
			t.Errorf("%q: %q | %q is not a split of it", c.msg, head, rest)
		}
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Error, Warning, Info} {
		if got, ok := ParseSeverity(string(s)); !ok || got != s {
			t.Errorf("ParseSeverity(%q) = %q, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "Error", "warn", "note", "hint"} {
		if got, ok := ParseSeverity(s); ok {
			t.Errorf("ParseSeverity(%q) = %q, true", s, got)
		}
	}
	if !(Error.Rank() > Warning.Rank() && Warning.Rank() > Info.Rank()) {
		t.Error("ranks out of order")
	}
}
