package lint

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var (
	ruleEnvPlatformURL = Rule{
		ID:        RuleEnvPlatformURL,
		Severity:  Error,
		Stage:     StageSubmit,
		Workspace: true,
		Summary:   "The workspace's .env makes every osmosis command fail: OSMOSIS_PLATFORM_URL is not https to a remote host, is not a valid URL, or the file is not UTF-8.",
		Doc: `Before every command the osmosis CLI loads the nearest .env from its current directory upwards
(python-dotenv's find_dotenv), then refuses a platform URL that is not https unless the host is
localhost or a loopback address ("Refusing non-HTTPS platform URL"; OSMOSIS_ALLOW_INSECURE_PLATFORM_URL=1
in the environment or the same .env allows it), and one that does not parse ("Invalid platform
URL", such as a port that is not a number). A .env that is not UTF-8 makes python-dotenv fail
before any command runs. The finding is on the first line of each config and names the .env line;
values are never printed.

Only the workspace root's own .env is read: it is the one the CLI loads when run from the root.
Run from a sub-directory, the CLI would load a .env there first; with no .env at the root it
looks above the workspace, which osmosis-lint does not read. osmosis-lint does not read the
environment either, so that a verdict does not depend on the shell: a variable already set there
wins over the file's (the CLI loads it without override), and OSMOSIS_ALLOW_INSECURE_PLATFORM_URL=1
set there allows plain http; set it in the same .env to say so here.`,
		check: checkEnvPlatformURL,
	}
)

var _ = register(&ruleEnvPlatformURL)

func checkEnvPlatformURL(c *Context) {
	if c.Env.Unnamed {
		return
	}
	if msg := dotenvProblem(c.Env.WS.RootDotenv()); msg != "" {
		c.Report(firstLine(c.Doc), "", msg)
	}
}

// dotenvProblem says why the root .env makes the osmosis CLI refuse to
// run, or "".
func dotenvProblem(d workspace.Dotenv) string {
	if !d.Present {
		return ""
	}
	if d.BadUTF8Line > 0 {
		return ".env:" + strconv.Itoa(d.BadUTF8Line) + " is not UTF-8: the osmosis CLI loads .env before every command and fails reading it; save the file as UTF-8"
	}
	v, ok := d.Vars["OSMOSIS_PLATFORM_URL"]
	if !ok || v.Uncertain {
		return ""
	}
	at := ".env:" + strconv.Itoa(v.Line)
	switch workspace.JudgePlatformURL(v.Value) {
	case workspace.PlatformURLInvalid:
		return at + " sets OSMOSIS_PLATFORM_URL to a URL that does not parse (brackets or port): the osmosis CLI refuses every command with it (\"Invalid platform URL\"); fix or remove the line"
	case workspace.PlatformURLInsecure:
		if a, ok := d.Vars["OSMOSIS_ALLOW_INSECURE_PLATFORM_URL"]; ok && (a.Value == "1" || a.Uncertain) {
			return ""
		}
		return at + " sets OSMOSIS_PLATFORM_URL to a URL that is not https and not to localhost: the osmosis CLI refuses to send the token over it (\"Refusing non-HTTPS platform URL\") unless OSMOSIS_ALLOW_INSECURE_PLATFORM_URL=1 is set; use https://, or remove the line to use the default platform"
	}
	return ""
}
