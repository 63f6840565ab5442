package lint

import (
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// migrateLocalEval rewrites a local-eval config of osmosis-ai 0.2.18 to
// 0.2.22 ([eval], [llm], [runs], [timeouts], ...) as a current eval config.
// It keeps the file's leading comments, maps every key that has a current
// place, and says in comments what it dropped. It needs review (the dataset
// must be uploaded under the name it writes), so it is not safe.
func migrateLocalEval(c *Context) (Fix, bool) {
	if !localEvalFile(c) {
		return Fix{}, false
	}
	text := func(path ...string) (string, bool) {
		_, v := c.Get(path...)
		if v == nil || v.Kind == toml.KindTable || v.Kind == toml.KindArray && v.ArrayOfTables {
			return "", false
		}
		return c.Text(v.Range), true
	}
	var b strings.Builder
	// the comment block before the first statement
	if len(c.Doc.Stmts) > 0 {
		head := strings.TrimRight(string(c.Doc.Src[:c.Doc.Stmts[0].Range.Start]), " \t\n")
		if head != "" {
			b.WriteString(head + "\n\n")
		}
	}
	b.WriteString("# Migrated from the local-eval config of osmosis-ai 0.2.18 to 0.2.22.\n")
	b.WriteString("[experiment]\n")
	for _, k := range []string{"rollout", "entrypoint"} {
		if t, ok := text("eval", k); ok {
			b.WriteString(k + " = " + t + "\n")
		} else {
			b.WriteString(k + " = \"\"\n")
		}
	}
	if t, ok := text("llm", "model"); ok {
		b.WriteString("model_path = " + t + "\n")
	} else {
		b.WriteString("model_path = \"\"\n")
	}
	dataset := "\"\""
	var notes []string
	if name, v, ok := c.Str("eval", "dataset"); ok {
		if stem, isPath := datasetPathStem(name); isPath && stem != "" && stem != "." && stem != ".." {
			dataset = tomlString(stem)
			notes = append(notes, "upload "+name+" with `osmosis dataset upload "+name+"`: the platform names it "+stem)
		} else {
			dataset = c.Text(v.Range)
		}
	}
	b.WriteString("dataset = " + dataset + "\n")
	var eval []string
	for _, m := range [][2]string{{"eval", "limit"}, {"runs", "n"}, {"runs", "batch_size"}, {"runs", "pass_threshold"},
		{"timeouts", "agent_workflow_timeout_s"}, {"timeouts", "grader_timeout_s"}} {
		if t, ok := text(m[0], m[1]); ok {
			eval = append(eval, m[1]+" = "+t)
		}
	}
	if len(eval) > 0 {
		b.WriteString("\n[evaluation]\n" + strings.Join(eval, "\n") + "\n")
	}
	secrets := "[]"
	if name, _, ok := c.Str("llm", "api_key_env"); ok && isSecretName(name) {
		secrets = "[" + tomlString(name) + "]"
		notes = append(notes, "store the API key as a platform secret: `osmosis secret set "+name+"`")
	}
	b.WriteString("\n[secrets]\nrequired = " + secrets + "\n")
	if _, env := c.Get("env"); env != nil && env.Kind == toml.KindTable {
		if start, end, ok := sectionText(c, "env"); ok {
			b.WriteString("\n" + strings.TrimRight(string(c.Doc.Src[start:end]), "\n") + "\n")
		}
	}
	for _, drop := range []string{"output", "baseline", "grader"} {
		if _, v := c.Get(drop); v != nil {
			notes = append(notes, "["+drop+"] has no place in the current config and was dropped")
		}
	}
	if _, ok := text("llm", "base_url"); ok {
		notes = append(notes, "[llm] base_url has no place in an eval config and was dropped")
	}
	if len(notes) > 0 {
		b.WriteString("\n# To do after the migration:\n")
		for _, n := range notes {
			b.WriteString("# - " + n + "\n")
		}
	}
	return fix("Migrate to the current eval config", false, replace(toml.Range{Start: 0, End: len(c.Doc.Src)}, b.String())), true
}

// localEvalFile reports whether an eval config is in the local-eval shape:
// an [eval] table and no [experiment].
func localEvalFile(c *Context) bool {
	if c.Kind != schema.Eval {
		return false
	}
	if _, v := c.Get("experiment"); v != nil {
		return false
	}
	_, ev := c.Get("eval")
	return ev != nil && ev.Kind == toml.KindTable
}

// sectionText returns the source of a [header] table with its pairs.
func sectionText(c *Context, name string) (int, int, bool) {
	_, v := c.Get(name)
	if v == nil || v.Table == nil || v.Table.Header == nil {
		return 0, 0, false
	}
	return v.Table.Header.Range.Start, v.Table.End, true
}
