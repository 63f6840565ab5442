package lint

var (
	ruleParamRange = Rule{
		ID:       RuleParamRange,
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "A parameter value that cannot work: a zero count, a negative learning rate, a top_p beyond its range.",
		Doc: `Some values are impossible whatever the platform's exact limits: a learning rate, a timeout, a
count, a length or an interval that is not positive; a negative temperature; a top_p or a
pass_threshold outside its range (the ranges are listed below, from the schema). The platform
rejects them after submission.`,
		Bad:   "# ...\n[sampling]\nrollout_top_p = 1.5\n",
		Good:  "# ...\n[sampling]\nrollout_top_p = 0.95\n",
		check: checkParamRange,
	}
)

var _ = register(&ruleParamRange)

func checkParamRange(c *Context) {
	for _, is := range c.IssuesOf(RuleParamRange) {
		msg := keyName(is.Path) + " in " + where(parent(is.Path)) + " must be " + rangeWords(is.Bound) + "; found " + code(snippet(c.Doc, is.Value))
		c.Report(is.Range, is.Key, msg)
	}
}

// rangeWords turns "[0, 1]" into "between 0 and 1"; other bounds stay.
func rangeWords(b string) string {
	if len(b) > 2 && (b[0] == '[' || b[0] == '(') {
		return "in " + b
	}
	return b
}
