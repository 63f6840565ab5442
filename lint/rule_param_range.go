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
rejects them after submission.

An eval config serves osmosis eval submit and a local osmosis eval run alike, and the local run
takes some values the platform refuses (the SDK's platform/cli/eval_run.py: a limit of 0 or less runs
every row, a batch_size of 0 or less falls back to the server's capacity, any finite pass_threshold
is used): the finding on such a key says so, so that a user of local runs only knows why.`,
		Bad:   "# ...\n[sampling]\nrollout_top_p = 1.5\n",
		Good:  "# ...\n[sampling]\nrollout_top_p = 0.95\n",
		check: checkParamRange,
	}
)

var _ = register(&ruleParamRange)

func checkParamRange(c *Context) {
	for _, is := range c.IssuesOf(RuleParamRange) {
		msg := keyName(is.Path) + " in " + where(parent(is.Path)) + " must be " + rangeWords(is.Bound) + "; found " + code(snippet(c.Doc, is.Value))
		if is.Field != nil && is.Field.LocalRunAccepts() {
			// one config serves both: say which of them refuses it
			msg += " (the platform refuses it for osmosis eval submit; a local osmosis eval run accepts it)"
		}
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
