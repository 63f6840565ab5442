package lint

import (
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

var (
	ruleConfigLocation = Rule{
		ID:       RuleConfigLocation,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "A config that is not a .toml file under configs/training/, configs/eval/ or configs/benchmark/.",
		Doc: `The osmosis CLI submits a config only from its kind's directory: configs/training/ for
` + "`osmosis train submit`" + `, configs/eval/ for ` + "`osmosis eval submit`" + `, configs/benchmark/ for
` + "`osmosis benchmark submit`" + ` (sub-directories are fine), with the suffix .toml exactly, after
symlinks are resolved. A .toml elsewhere under configs/ is reported, not guessed at.

The CLI takes the top of the git worktree as the workspace, so the configs of a workspace kept
below it (` + "`ml/configs/training/run.toml`" + `) are not in a kind directory there: a run of
` + "`check`" + ` says so once, on the first such config it shows, for all of them; ` + "`--workspace DIR`" + `
checks the directory as a workspace of its own.`,
		Bad:       "# configs/train/run.toml\n# ...\n",
		Good:      "# configs/training/run.toml\n# ...\n",
		Workspace: true,
		check:     checkConfigLocation,
	}
)

var _ = register(&ruleConfigLocation)

// locationProblem says why the config of e cannot be submitted as kind,
// or "".
func locationProblem(e *Env, kind string) string {
	place := e.configPlace()
	switch place.Location {
	case workspace.LocationKindDir:
		if kind != "" && place.Kind.String() != kind {
			return "is under " + place.Kind.Dir() + "/ but is checked as a " + kind + " config"
		}
		return ""
	case workspace.LocationWrongSuffix:
		return "must end in .toml exactly (lower case) to be submitted"
	case workspace.LocationConfigs:
		return "is under configs/ but not in configs/training/, configs/eval/ or configs/benchmark/, so no osmosis command submits it"
	case workspace.LocationEscapes:
		return "resolves outside the workspace (through a symlink); the osmosis CLI only submits configs inside it"
	}
	if strings.HasPrefix(place.Resolved.Path, "configs/") || place.Resolved.Symlinked {
		return "resolves to " + place.Resolved.Path + ", outside configs/training/, configs/eval/ and configs/benchmark/"
	}
	return "is not under configs/training/, configs/eval/ or configs/benchmark/, so no osmosis command submits it"
}

func checkConfigLocation(c *Context) {
	if c.Env.Unnamed {
		return
	}
	if p := locationProblem(c.Env, string(c.Kind)); p != "" {
		c.Report(firstLine(c.Doc), "", c.Env.Rel+" "+p)
		return
	}
	if c.Env.CLIRel != "" && !c.Env.CLIQuiet {
		c.Report(firstLine(c.Doc), "", gitRootProblem(c.Env))
	}
}

// gitRootProblem explains why a config of a workspace kept below the git
// root cannot be submitted from this checkout, and what to do; for a run,
// once for all the workspace's configs.
func gitRootProblem(e *Env) string {
	sub := strings.TrimSuffix(strings.TrimSuffix(e.CLIRel, e.Rel), "/")
	msg := "the osmosis CLI takes the top of the git worktree as the workspace, and there this config is " + e.CLIRel +
		", not under configs/training/, configs/eval/ or configs/benchmark/"
	switch {
	case e.CLIOthers == 1:
		msg += "; so is the other config of " + sub + "/ checked here (said once, here)"
	case e.CLIOthers > 1:
		msg += fmt.Sprintf("; so are the %d other configs of %s/ checked here (said once, here)", e.CLIOthers, sub)
	}
	return msg + ": they can be submitted only from a repository whose top is " + sub +
		"/; make it a repository of its own, or check it as such a workspace with --workspace (from the top of this repository: --workspace " + sub + ")"
}

// firstLine is the range of the first line, where file-level findings go.
func firstLine(doc *toml.Document) toml.Range {
	return toml.Range{Start: 0, End: doc.Lines.LineEnd(0)}
}
