package lint

var ruleEnvLinkOut = Rule{
	ID:        RuleEnvLinkOut,
	Severity:  Warning,
	Stage:     StageSubmit,
	Workspace: true,
	Summary:   "The workspace's .env is a symlink that leads outside the workspace: the osmosis CLI loads it, osmosis-lint cannot check it.",
	Doc: `Before every command the osmosis CLI loads the nearest .env (python-dotenv's find_dotenv, which
follows symlinks), so a root .env that links to a file outside the workspace is loaded like any
other: an OSMOSIS_PLATFORM_URL there that is not https makes every command fail, as
` + "`env-platform-url`" + ` says of a .env in the workspace. osmosis-lint reads nothing outside the workspace, so
it does not open the file and cannot say whether the CLI will accept it; it says so once a config,
without reading or printing the link's target. Keep the .env in the workspace (it is ignored by
git, see ` + "`env-file`" + `) to have it checked.`,
	check: checkEnvLinkOut,
}

var _ = register(&ruleEnvLinkOut)

func checkEnvLinkOut(c *Context) {
	if c.Env.Unnamed || !c.Env.WS.RootDotenv().LinkOut {
		return
	}
	c.Report(firstLine(c.Doc), "", ".env is a symlink that leads outside the workspace: the osmosis CLI loads the file it leads to before every command, and osmosis-lint, which reads nothing outside the workspace, cannot check it (OSMOSIS_PLATFORM_URL there decides whether the CLI runs); keep the .env in the workspace to have it checked")
}
