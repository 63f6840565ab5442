package lint

func init() {
	register(&Rule{
		ID:       RuleParamRange,
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "A parameter value that cannot work: a zero count, a negative learning rate, top_p above 1.",
		Doc: `Some values are impossible whatever the platform's exact limits: lr <= 0; counts, lengths and
intervals below 1; timeouts <= 0; a negative temperature; top_p outside (0, 1]; pass_threshold
outside [0, 1]. The platform rejects them after submission.`,
		Bad:   "# ...\n[sampling]\nrollout_top_p = 1.5\n",
		Good:  "# ...\n[sampling]\nrollout_top_p = 0.95\n",
		check: checkParamRange,
	})
}

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
