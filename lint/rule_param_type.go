package lint

var (
	ruleParamType = Rule{
		ID:       RuleParamType,
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "A training or evaluation parameter of the wrong type.",
		Doc: `The osmosis CLI forwards [training], [sampling], [checkpoints] and [evaluation] values without
looking at them; the platform validates them after submission. Counts, lengths and intervals are
integers; the learning rate, temperatures, top_p, pass_threshold and timeouts are finite numbers
(not booleans, not strings, not nan or inf).`,
		Bad:   "# ...\n[training]\ntotal_epochs = \"3\"\n",
		Good:  "# ...\n[training]\ntotal_epochs = 3\n",
		check: func(c *Context) { reportTypes(c, RuleParamType) },
	}
)

var _ = register(&ruleParamType)
