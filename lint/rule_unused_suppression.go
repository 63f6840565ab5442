package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var ruleUnusedSuppression = register(&Rule{
	ID:              RuleUnusedSuppression,
	Unnecessary:     true,
	NotSuppressible: true,
	Severity:        Warning,
	Stage:           StageAdvice,
	Fixable:         sometimes(Safe),
	Summary:         "A suppression comment that suppresses nothing, names an unknown rule, or is malformed.",
	Doc: `Suppress a finding with ` + "`# osmosis-lint: ignore[rule-a, rule-b] reason`" + ` at the end of its line or
on the line above, or for the whole file with ` + "`# osmosis-lint: ignore-file[rule]`" + ` in the leading comment
block. Without a list, ` + "`ignore`" + ` suppresses every finding of its line and ` + "`ignore-file`" + ` every
finding of the file, including problems added later: prefer naming the rules.

A suppression that no longer matches anything hides nothing but still claims to: it is
reported so it can be removed (the fix deletes it). Syntax errors and other submit errors cannot
be suppressed: the osmosis CLI rejects the config whatever a comment says, so the finding stays
and the comment that names it is reported.`,
	Bad:  "# ...\n[training]\nlr = 1e-6  # osmosis-lint: ignore[param-range]\n",
	Good: "# ...\n[training]\nlr = 1e-6\n",
	// runs after the other rules: see applySuppressions
})

func reportUnused(c *Context, s *suppression, settings *Settings) {
	switch {
	case s.bad != "":
		c.Report(s.comment, "", "malformed suppression comment: "+s.bad)
		return
	case s.misplaced:
		c.Report(s.comment, "", "`ignore-file` only works in the comment block at the top of the file, before the first key or section")
		return
	case s.all:
		reportBare(c, s)
		return
	}
	// a listed rule is idle when it is known, suppressed nothing and is
	// not turned off in the settings; a comment of idle rules goes whole
	idle := 0
	for _, r := range s.rules {
		if r.known && !r.used && !settings.off(r.id) {
			idle++
		}
	}
	whole := idle == len(s.rules) && !s.namesUnsuppressible()
	for _, r := range s.rules {
		switch {
		case !r.known:
			hint, _ := didYouMean(r.id, RuleIDs())
			c.Report(r.r, "", "unknown rule "+code(r.id)+" in suppression comment"+hint+" (see `osmosis-lint rules`)")
		case r.refused || !ruleSuppressible(r.id):
			fx := removeRule(c, s, r)
			if len(s.rules) == 1 {
				fx = removeComment(c, s)
			}
			c.Report(r.r, "", unsuppressible(r.id), fx)
		case r.used || settings.off(r.id) || whole:
		default:
			c.Report(r.r, "", "the suppression of "+code(r.id)+" suppresses nothing here", removeRule(c, s, r))
		}
	}
	if whole {
		ids := make([]string, len(s.rules))
		for i, r := range s.rules {
			ids[i] = code(r.id)
		}
		c.Report(s.comment, "", "this suppression of "+andList(ids)+" suppresses nothing", removeComment(c, s))
	}
}

// reportBare reports a directive without a rule list that silenced
// nothing, or that covers findings it may not silence.
func reportBare(c *Context, s *suppression) {
	var fixes []Fix
	if !s.used {
		fixes = append(fixes, removeComment(c, s))
	}
	if len(s.refused) == 0 {
		if !s.used {
			c.Report(s.comment, "", "this suppression comment suppresses nothing", fixes...)
		}
		return
	}
	ids := make([]string, len(s.refused))
	for i, id := range s.refused {
		ids[i] = code(id)
	}
	why := refusal(s.refused[0])
	if len(ids) > 1 {
		why = refusal("")
	}
	c.Report(s.comment, "", "this comment cannot silence "+andList(ids)+": "+why, fixes...)
}

// namesUnsuppressible reports whether the suppression lists a rule that no
// comment can silence, or one it was refused.
func (s *suppression) namesUnsuppressible() bool {
	for _, r := range s.rules {
		if r.known && (r.refused || !ruleSuppressible(r.id)) {
			return true
		}
	}
	return false
}

func ruleSuppressible(id string) bool {
	r, ok := Lookup(id)
	return ok && r.Suppressible()
}

// unsuppressible says why a suppression of the rule is refused.
func unsuppressible(id string) string {
	if r, _ := Lookup(id); r != nil && r.ReportsParse {
		return refusal(id)
	}
	return code(id) + " cannot be suppressed: " + refusal(id)
}

// refusal is why a finding of the rule stays whatever a comment says.
func refusal(id string) string {
	r, _ := Lookup(id)
	switch {
	case r != nil && r.ReportsParse:
		return "syntax errors cannot be suppressed: the osmosis CLI cannot read the file until the error is fixed"
	case r != nil && r.Unnecessary:
		return "remove the comment it reports instead"
	}
	return "the osmosis CLI rejects this config at submit whatever the comment says"
}

// removeComment deletes the comment (and its line when it is alone on it).
func removeComment(c *Context, s *suppression) Fix {
	r := s.comment
	if span, ok := fix.LineSpan(c.Doc, r); ok {
		return fix.New("Remove the suppression comment", true, fix.Replace(span, ""))
	}
	// a trailing comment: also remove the spaces before it
	start := r.Start
	for start > 0 && (c.Doc.Src[start-1] == ' ' || c.Doc.Src[start-1] == '\t') {
		start--
	}
	return fix.New("Remove the suppression comment", true, fix.Replace(toml.Range{Start: start, End: r.End}, ""))
}

// removeRule deletes one rule id from the comment's list.
func removeRule(c *Context, s *suppression, r suppressedRule) Fix {
	src := c.Doc.Src
	start, end := r.r.Start, r.r.End
	// take the comma after it, or else the one before it
	j := end
	for j < s.comment.End && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j < s.comment.End && src[j] == ',' {
		j++
		for j < s.comment.End && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		end = j
	} else {
		i := start
		for i > s.comment.Start && (src[i-1] == ' ' || src[i-1] == '\t') {
			i--
		}
		if i > s.comment.Start && src[i-1] == ',' {
			start = i - 1
		}
	}
	return fix.New("Remove "+strings.TrimSpace(r.id)+" from the suppression", true, fix.Replace(toml.Range{Start: start, End: end}, ""))
}
