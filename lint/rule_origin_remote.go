package lint

import (
	"errors"

	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var (
	ruleOriginRemote = Rule{
		ID:        RuleOriginRemote,
		Severity:  Error,
		Stage:     StageSubmit,
		Workspace: true,
		Summary:   "The workspace's git repository has no origin remote, or origin is not a GitHub repository URL.",
		Doc: `The platform finds the workspace by the GitHub repository of ` + "`origin`" + ` (owner/repo), and every
submit asks git for it (` + "`git remote get-url origin`" + `, with url.<base>.insteadOf rewrites applied)
before anything else: without one it refuses ("Set ` + "`origin`" + ` to the Platform-connected
repository"), and an origin that is not a github.com URL naming exactly one repository is refused
too (scp-like git@github.com:owner/repo.git and https://github.com/owner/repo forms are taken, a
trailing .git is dropped; whitespace, control characters, an encoded path separator or more path
segments are not). An origin with only a pushurl has no URL to git. [include] files of the git
config are read when they sit beside it; when one is not read (elsewhere, or an [includeIf]) the
origin is not judged. The finding is on the first
line of each config; ` + "`osmosis-lint doctor`" + ` reports the origin once (origin-identity). The URL
is never printed: it may hold credentials.`,
		check: checkOriginRemote,
	}
)

var _ = register(&ruleOriginRemote)

func checkOriginRemote(c *Context) {
	if c.Env.Unnamed {
		return
	}
	if ok, _ := c.Env.WS.GitRepository(); !ok {
		return
	}
	o := c.Env.WS.Origin()
	if o.Partial {
		// an include not read may set or rewrite it
		return
	}
	if msg := originProblem(o); msg != "" {
		c.Report(firstLine(c.Doc), "", msg)
	}
}

// originProblem says why the osmosis CLI refuses the workspace's origin,
// or "".
func originProblem(o workspace.Origin) string {
	const refuses = ": the osmosis CLI refuses to submit without a GitHub origin (the platform finds the workspace by it)"
	var idErr *workspace.IdentityError
	switch {
	case o.Found && o.Err == nil:
		return ""
	case errors.As(o.Err, &idErr):
		return idErr.Error() + refuses + "; point it at the repository connected to the platform with `git remote set-url origin https://github.com/OWNER/REPO.git`"
	case o.Err != nil:
		return "the workspace's git config cannot be read, so git finds no origin" + refuses
	case o.PushURLOnly:
		return "origin has a pushurl but no url, so git gives no repository URL for it" + refuses + "; set it with `git remote set-url origin https://github.com/OWNER/REPO.git`"
	}
	return "the workspace's git repository has no remote named origin" + refuses + "; add it with `git remote add origin https://github.com/OWNER/REPO.git`"
}
