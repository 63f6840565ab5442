package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/lint/legacy"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleLegacyConfig = Rule{
		ID:       RuleLegacyConfig,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Safe, Unsafe, DisplayOnly),
		Summary:  "A config shape of an earlier osmosis CLI that the current one rejects.",
		Doc: `Earlier versions of the osmosis CLI used other config shapes; the current CLI rejects all of them:

- the local-eval config of osmosis-ai 0.2.18 to 0.2.22 ([eval], [llm], [runs], [output], [baseline],
  [timeouts], [grader]): now [experiment] + [evaluation] + [secrets];
- [rollout.env] and [rollout.secrets] (0.2.20 to 0.2.22): now [env] and [secrets] required;
- [secrets] as a map NAME = "record" (0.2.23): now [secrets] required = ["NAME", ...], where each
  name is the name of a platform secret record;
- [training] global_batch_size (0.2.18 and 0.2.19): now rollout_batch_size.

osmosis-lint names the shape and how to migrate it, with a fix where the mapping is certain.`,
		Bad:   "# ...\n[secrets]\nOPENAI_API_KEY = \"OPENAI_API_KEY\"\n",
		Good:  "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		check: checkLegacy,
	}
)

var _ = register(&ruleLegacyConfig)

// local-eval sections and where their keys went.
var localEvalSections = map[string]string{
	"eval":     "move rollout and entrypoint to [experiment], dataset to [experiment] (as the name of an uploaded platform dataset) and limit to [evaluation]",
	"llm":      "move model to [experiment] model_path and name the API key's secret in [secrets] required",
	"runs":     "move n, batch_size and pass_threshold to [evaluation]",
	"timeouts": "move agent_workflow_timeout_s and grader_timeout_s to [evaluation]",
	"output":   "remove it: results are stored on the platform",
	"baseline": "remove it: compare models with separate eval configs",
	"grader":   "remove it: grading is done by the rollout and reported through the grader callback",
}

// legacyShape says which legacy shape a schema issue is, or "".
func legacyShape(c *Context, is schema.Issue) string {
	if is.Kind != schema.Unknown || is.Table == nil {
		return ""
	}
	switch is.Table.Legacy() {
	case "sections":
		if len(is.Path) != 1 {
			return ""
		}
		if _, ok := localEvalSections[is.Name]; ok {
			return "local-eval"
		}
		if is.Name == "rollout" {
			_, v := c.Get("rollout")
			if v != nil && v.Kind == toml.KindTable && (v.Table.Get("env") != nil || v.Table.Get("secrets") != nil) {
				return "rollout-env"
			}
		}
	case "training":
		if is.Name == "global_batch_size" {
			return "global-batch-size"
		}
	case "secrets-map":
		_, v := c.Get(is.Path...)
		if v != nil && v.Kind == toml.KindString {
			return "secrets-map"
		}
	}
	return ""
}

func checkLegacy(c *Context) {
	var secretsMap []schema.Issue
	migrated := false
	for _, is := range c.Issues {
		switch legacyShape(c, is) {
		case "local-eval":
			var fixes []Fix
			if !migrated {
				if f, ok := legacy.MigrateLocalEval(legacyConfig(c)); ok {
					fixes, migrated = []Fix{f}, true
				}
			}
			if f, ok := legacy.MigrateBeside(legacyConfig(c), is.Name); ok {
				fixes = append(fixes, f)
			}
			c.Report(is.Range, is.Key, "["+is.Name+"] is a section of the local-eval config of osmosis-ai 0.2.18 to 0.2.22, which the current osmosis CLI rejects: "+localEvalSections[is.Name], fixes...)
		case "rollout-env":
			reportRolloutEnv(c, is)
		case "global-batch-size":
			c.Report(is.Range, is.Key, "`global_batch_size` was renamed `rollout_batch_size` in osmosis-ai 0.2.20 (prompts rolled out per step); the current osmosis CLI rejects the old name",
				fix.New("Rename to `rollout_batch_size`", false, fix.Replace(is.Range, "rollout_batch_size")))
		case "secrets-map":
			secretsMap = append(secretsMap, is)
		}
	}
	if len(secretsMap) > 0 {
		reportSecretsMap(c, secretsMap)
	}
}

// reportRolloutEnv handles [rollout.env] and [rollout.secrets].
func reportRolloutEnv(c *Context, is schema.Issue) {
	_, v := c.Get("rollout")
	for _, e := range v.Table.Entries {
		switch e.Key {
		case "env":
			msg := "[rollout.env] is the osmosis-ai 0.2.20 to 0.2.22 form of [env], which the current osmosis CLI rejects: rename the section to [env]"
			var fixes []Fix
			if h := e.Value.Table; h != nil && h.Header != nil && len(h.Header.Keys) == 2 && !hasKey(c, []string{"env"}) {
				r := toml.Range{Start: h.Header.Keys[0].Range.Start, End: h.Header.Keys[1].Range.End}
				fixes = append(fixes, fix.New("Rename [rollout.env] to [env]", true, fix.Replace(r, "env")))
			}
			c.Report(e.KeyRange, "rollout", msg, fixes...)
		case "secrets":
			msg := "[rollout.secrets] is the osmosis-ai 0.2.20 to 0.2.22 form of secrets, which the current osmosis CLI rejects: list the secret names in [secrets] required = [...]"
			var fixes []Fix
			if h := e.Value.Table; h != nil && h.Header != nil && !hasKey(c, []string{"secrets"}) {
				if f, ok := secretsListFix(c, h, toml.Range{Start: h.Header.Range.Start, End: h.End}); ok {
					fixes = append(fixes, f)
				}
			}
			c.Report(e.KeyRange, "rollout", msg, fixes...)
		default:
			c.Report(e.KeyRange, "rollout."+e.Key, "[rollout] is the osmosis-ai 0.2.20 to 0.2.22 section for env and secrets, which the current osmosis CLI rejects; "+code(e.Key)+" has no place in the current config")
		}
	}
}

// secretsListFix rewrites a NAME = "record" table (spanning r) as
// [secrets] required = [...]. It is safe when every record is named after
// its variable, as the platform now injects a record under its own name;
// another record name stays in a comment that says what to do.
func secretsListFix(c *Context, t *toml.Table, r toml.Range) (Fix, bool) {
	var names, renamed []string
	for _, e := range t.Entries {
		if e.Value.Kind != toml.KindString {
			return Fix{}, false
		}
		names = append(names, tomlString(e.Key))
		if e.Value.Str != e.Key {
			// the record name has no key in the current config: keep it,
			// with what to do about it
			note := "# " + tomlString(e.Key) + " was read from the secret record " + tomlString(e.Value.Str) +
				"; the platform now injects the record named " + tomlString(e.Key) + ": store the value under that name"
			if isBare(e.Key) {
				note += " with `osmosis secret set " + e.Key + "`"
			}
			renamed = append(renamed, note)
		}
	}
	span, ok := fix.LineSpan(c.Doc, r)
	if !ok {
		return Fix{}, false
	}
	// the comments of the old table stay, each on its own line
	text := "[secrets]\n"
	for _, cm := range c.Doc.Comments {
		if cm.Range.Start >= span.Start && cm.Range.End <= span.End {
			text += cm.Text + "\n"
		}
	}
	for _, line := range renamed {
		text += line + "\n"
	}
	text += "required = [" + strings.Join(names, ", ") + "]\n"
	return fix.New("Rewrite as [secrets] required = [...]", len(renamed) == 0, fix.Replace(span, text)), true
}

// reportSecretsMap handles [secrets] NAME = "record".
func reportSecretsMap(c *Context, issues []schema.Issue) {
	_, v := c.Get("secrets")
	var fixes []Fix
	if v != nil && v.Kind == toml.KindTable && v.Table.Header != nil && v.Table.Get("required") == nil {
		if f, ok := secretsListFix(c, v.Table, toml.Range{Start: v.Table.Header.Range.Start, End: v.Table.End}); ok {
			fixes = append(fixes, f)
		}
	}
	for i, is := range issues {
		msg := "[secrets] " + code(is.Name) + " = " + snippet(c.Doc, valueAt(c, is.Path)) + " is the osmosis-ai 0.2.23 map form, which the current osmosis CLI rejects: list secret names in required = [...]; each name is a platform secret record, injected under its own name"
		if i > 0 {
			fixes = nil
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

func valueAt(c *Context, path []string) *toml.Value {
	_, v := c.Get(path...)
	return v
}

// legacyConfig is the config as lint/legacy migrates it, with what only
// lint decides: the value filled in for a key, the names the platform takes.
func legacyConfig(c *Context) *legacy.Config {
	return &legacy.Config{
		Doc:    c.Doc,
		Kind:   c.Kind,
		Schema: c.Schema,
		Fill: func(path []string, f *schema.Field) (string, bool) {
			v, picked, _ := fillValue(c, path, f)
			return v, picked
		},
		SecretName:  isSecretName,
		DatasetStem: datasetPathStem,
	}
}
