package lint

var (
	ruleBlankValue = Rule{
		ID:       RuleBlankValue,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "An empty or whitespace-only benchmark task selector.",
		Doc: `[tasks] categories and task_names select tasks by name: each entry must contain a character other
than whitespace.`,
		Bad:   "# ...\n[tasks]\ntask_names = [\"\"]\n",
		Good:  "# ...\n[tasks]\ntask_names = [\"terminal-bench/git-multibranch\"]\n",
		Kinds: []string{"benchmark"},
		check: checkBlankValue,
	}
)

var _ = register(&ruleBlankValue)

func checkBlankValue(c *Context) {
	for _, is := range c.IssuesOf(RuleBlankValue) {
		what := "an empty string"
		if is.Got != "" {
			what = code(is.Got)
		}
		c.Report(is.Range, is.Key, "task selector in "+where(is.Path[:1])+" "+keyName(is.Path[:2])+" must name a task or category; found "+what)
	}
}
