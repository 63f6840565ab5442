package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// maxRolloutPyproject bounds a rollout's pyproject.toml.
const maxRolloutPyproject = 16 << 20

// rolloutPyproject is what the osmosis CLI's submit preflight reads of
// rollouts/<name>/pyproject.toml.
type rolloutPyproject struct {
	// present: a file the workspace holds (read through the door).
	present bool
	// badUTF8Line is the 1-based line of the first byte that is not UTF-8,
	// or 0.
	badUTF8Line int
	// others are the declared dependencies the CLI's own environment may
	// lack (it then skips loading the entrypoint): all but a plain
	// osmosis-ai, which is the CLI itself.
	others []string
}

// pyproject reads a rollout's pyproject.toml once per run (or per file
// outside a run).
func (e *Env) pyproject(rollout string) rolloutPyproject {
	if e.paths != nil {
		if v, ok := e.paths.pyprojects.Load(rollout); ok {
			return v.(rolloutPyproject)
		}
	}
	p := readRolloutPyproject(e, rollout)
	if e.paths != nil {
		e.paths.pyprojects.Store(rollout, p)
	}
	return p
}

func readRolloutPyproject(e *Env, rollout string) rolloutPyproject {
	ro, ok := e.WS.Rollout(rollout)
	if !ok || !ro.HasPyproject || !ro.Resolved.Inside {
		return rolloutPyproject{}
	}
	c, err := e.WS.ReadFile(ro.Path+"/pyproject.toml", maxRolloutPyproject)
	if err != nil {
		return rolloutPyproject{}
	}
	p := rolloutPyproject{present: true}
	if p.badUTF8Line = workspace.BadUTF8Line(c.Data); p.badUTF8Line > 0 {
		return p
	}
	doc := toml.Parse(c.Data)
	if len(doc.Errors) > 0 {
		return p
	}
	_, deps := doc.Root.Lookup("project", "dependencies")
	if deps == nil || deps.Kind != toml.KindArray {
		return p
	}
	for _, d := range deps.Items {
		s := d.Str
		name := RequirementName(s)
		switch {
		case d.Kind != toml.KindString || name == "":
		case name != "osmosis-ai":
			p.others = append(p.others, name)
		case !strings.EqualFold(strings.TrimSpace(s), "osmosis-ai") && !strings.EqualFold(strings.TrimSpace(s), "osmosis_ai"):
			// a version or extras the CLI's own install may not have
			p.others = append(p.others, strings.TrimSpace(s))
		}
	}
	return p
}

// RequirementName is the normalized distribution name of a PEP 508
// requirement ("osmosis-ai[server]>=0.3" -> "osmosis-ai").
func RequirementName(req string) string {
	req = strings.TrimSpace(req)
	end := len(req)
	for i, c := range req {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			end = i
			break
		}
	}
	name := strings.ToLower(req[:end])
	return strings.NewReplacer("_", "-", ".", "-").Replace(name)
}

// entrypointSide says which side refuses a missing or unloadable
// entrypoint: the CLI, unless the rollout declares dependencies its
// environment may lack, when the CLI skips the load and the platform
// refuses it after installing them.
func entrypointSide(c *Context, rollout string) string {
	p := c.Env.pyproject(rollout)
	if len(p.others) == 0 {
		return ""
	}
	deps := strings.Join(p.others[:min(3, len(p.others))], ", ")
	if len(p.others) > 3 {
		deps += ", ..."
	}
	return " (the osmosis CLI refuses it at submit when its own Python environment has the rollout's dependencies (" + deps + "); without them it skips loading the entrypoint, and the platform refuses it after installing them)"
}
