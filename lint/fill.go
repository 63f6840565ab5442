package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// fillValue is the TOML text a fix writes for a required key it adds at
// path. It is a real value when one is known for certain: the value of
// the legacy key that held it, the workspace's only rollout, that
// rollout's only Python file, the only data file's dataset name, the only
// model the settings name. Otherwise it is a `<your-...>` placeholder,
// which the placeholder rule reports until someone fills it in. It is
// never an empty or zero value, which would pass for a choice. It returns
// false for a key no fix should invent (a table, a number). picked is
// set when the value is a model or a dataset the workspace offers rather
// than one the user wrote: choosing them is the user's decision, so a fix
// that writes it is display-only.
func fillValue(c *Context, path []string, f *schema.Field) (text string, picked, ok bool) {
	if v, picked, ok := knownValue(c, path); ok {
		return v, picked, true
	}
	if f == nil || !f.HasType("string") || len(path) == 0 {
		if len(path) == 2 && path[0] == "secrets" && path[1] == "required" {
			return "[]", false, true // a real choice: the run needs no secret
		}
		return "", false, false
	}
	return tomlString(placeholderFor(path[len(path)-1])), false, true
}

// placeholderFor names the placeholder of a key: <your-rollout>,
// <your-api-key-secret>.
func placeholderFor(key string) string {
	switch key {
	case "model_path":
		key = "model"
	}
	return "<your-" + strings.ReplaceAll(key, "_", "-") + ">"
}

// knownValue returns a value for an [experiment] key that the file or the
// workspace holds for certain; picked is set for a model or a dataset taken
// from the workspace (the only one it offers), not from the user's text.
func knownValue(c *Context, path []string) (text string, picked, ok bool) {
	if len(path) != 2 || path[0] != "experiment" || c.Kind == schema.Benchmark {
		return "", false, false
	}
	switch path[1] {
	case "rollout":
		if s, ok := legacyString(c, "eval", "rollout"); ok {
			return s, false, true
		}
		if name, ok := onlyRollout(c); ok {
			q, ok := toml.Quote(name) // a directory name may not be UTF-8
			return q, false, ok
		}
	case "entrypoint":
		if s, ok := legacyString(c, "eval", "entrypoint"); ok {
			return s, false, true
		}
		if file, ok := onlyEntrypoint(c); ok {
			q, ok := toml.Quote(file) // a file name may not be UTF-8
			return q, false, ok
		}
	case "model_path":
		for _, legacy := range [][]string{{"llm", "model_path"}, {"llm", "model"}} {
			if s, ok := legacyString(c, legacy...); ok {
				return s, false, true
			}
		}
		if name, ok := onlySettingsModel(c); ok {
			return tomlString(name), true, true
		}
	case "dataset":
		if name, _, ok := c.Str("eval", "dataset"); ok && strings.TrimSpace(name) != "" {
			if stem, isPath := datasetPathStem(name); isPath && stem != "" && stem != "." && stem != ".." {
				return tomlString(stem), false, true
			}
			if !strings.ContainsAny(name, `/\`) {
				return tomlString(name), false, true
			}
		}
		if stem, ok := onlyDataStem(c); ok {
			q, ok := toml.Quote(stem) // a file name may not be UTF-8
			return q, true, ok
		}
	}
	return "", false, false
}

// legacyString returns the source text of a non-blank string at a legacy
// path ([llm] model_path), ready to write elsewhere.
func legacyString(c *Context, path ...string) (string, bool) {
	s, v, ok := c.Str(path...)
	if !ok || strings.TrimSpace(s) == "" {
		return "", false
	}
	if text := c.Text(v.Range); !strings.Contains(text, "\n") {
		return text, true
	}
	return tomlString(s), true
}

// onlyRollout is the name of the workspace's one rollout.
func onlyRollout(c *Context) (string, bool) {
	if c.Env == nil {
		return "", false
	}
	var names []string
	for _, r := range c.Env.WS.Rollouts() {
		if r.Resolved.Inside && rolloutNameProblem(r.Name) == "" {
			names = append(names, r.Name)
		}
	}
	if len(names) != 1 {
		return "", false
	}
	return names[0], true
}

// onlyEntrypoint is the one Python file of the config's rollout (the one
// it names, or the workspace's only rollout).
func onlyEntrypoint(c *Context) (string, bool) {
	if c.Env == nil {
		return "", false
	}
	name, _, ok := c.Str("experiment", "rollout")
	if !ok {
		name, ok = onlyRollout(c)
	}
	if !ok {
		return "", false
	}
	r, ok := c.Env.WS.Rollout(name)
	if !ok || len(r.PyFiles) != 1 {
		return "", false
	}
	return r.PyFiles[0], true
}

// onlySettingsModel is the one model the workspace's settings or options
// add, for a training config (an eval config names a LiteLLM model, not a
// base model).
func onlySettingsModel(c *Context) (string, bool) {
	if c.Env == nil || c.Kind != schema.Training {
		return "", false
	}
	var names []string
	for _, m := range c.Env.WS.Models() {
		if m.Source == workspace.ModelSettings || m.Source == workspace.ModelOptions {
			names = append(names, m.Name)
		}
	}
	if len(names) != 1 {
		return "", false
	}
	return names[0], true
}

// onlyDataStem is the dataset name of the one data file the platform
// takes, when there is exactly one.
func onlyDataStem(c *Context) (string, bool) {
	if c.Env == nil {
		return "", false
	}
	var stems []string
	for _, f := range c.Env.WS.DataFiles() {
		if f.PlatformFormat() && f.UploadName != "" {
			stems = append(stems, f.UploadName)
		}
	}
	if len(stems) != 1 {
		return "", false
	}
	return stems[0], true
}

// addedKeyLine is the line a fix adds for a missing required key, or
// false when no value should be invented.
func addedKeyLine(c *Context, path []string, f *schema.Field) (line string, picked, ok bool) {
	v, picked, ok := fillValue(c, path, f)
	if !ok {
		return "", false, false
	}
	return keyText(path[len(path)-1]) + " = " + v, picked, true
}
