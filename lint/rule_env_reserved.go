package lint

var (
	ruleEnvReserved = Rule{
		ID:       RuleEnvReserved,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "An [env] variable name starting with _OSMOSIS_, which the platform reserves.",
		Doc:      `The platform reserves every environment variable name that starts with _OSMOSIS_ (the bare prefix included).`,
		Bad:      "# ...\n[env]\n_OSMOSIS_DEBUG = \"1\"\n",
		Good:     "# ...\n[env]\nMY_DEBUG = \"1\"\n",
		check:    checkEnvReserved,
	}
)

var _ = register(&ruleEnvReserved)

func checkEnvReserved(c *Context) {
	for _, is := range c.IssuesOf(RuleEnvReserved) {
		c.Report(is.Range, is.Key, "env var "+code(is.Name)+" in "+where(parent(is.Path))+" starts with _OSMOSIS_, a prefix the platform reserves; choose another name")
	}
}
