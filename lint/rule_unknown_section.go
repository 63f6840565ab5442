package lint

var (
	ruleUnknownSection = Rule{
		ID:       RuleUnknownSection,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Unsafe, DisplayOnly),
		Summary:  "A top-level section or key a training or eval config does not have.",
		Doc: `Training configs have [experiment], [training], [sampling], [checkpoints], [advanced], [env]
and [secrets]; eval configs have [experiment], [evaluation], [advanced], [env] and [secrets].
Anything else at the top level, a table or a plain key, is rejected by the osmosis CLI.`,
		Bad:   "name = \"my-run\"\n[experiment]\n# ...\n",
		Good:  "[experiment]\n# ...\n",
		Kinds: []string{"training", "eval"},
		check: func(c *Context) { reportUnknown(c, RuleUnknownSection) },
	}
)

var _ = register(&ruleUnknownSection)
