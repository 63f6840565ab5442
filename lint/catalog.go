package lint

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// CatalogMarkdown renders the whole rule catalog as one Markdown document
// (lint/RULES.md).
func CatalogMarkdown() string {
	var b strings.Builder
	b.WriteString("# osmosis-lint rules\n\n")
	b.WriteString("Generated from the rule catalog (`osmosis-lint rules`, `osmosis-lint explain RULE`); do not edit by hand.\n\n")
	b.WriteString("Stages say when a problem bites if ignored: **submit** (the osmosis CLI rejects the config), ")
	b.WriteString("**platform** (the platform rejects the run after submission), **runtime** (the run starts, then fails), ")
	b.WriteString("**sync** (the platform runs other code than the workspace holds: rollout files not committed or not pushed, ")
	b.WriteString("a branch or pinned commit origin lacks; git is read as data, never run), **advice** (legal, but very likely a mistake); **doctor** rules run in `osmosis-lint doctor`.\n\n")
	b.WriteString("Fix says whether findings carry fixes: **safe** ones are applied by `--fix` and an editor's \"fix all\", ")
	b.WriteString("**unsafe** ones by `--fix --unsafe-fixes`, **display-only** ones (a fix that drops a value, picks a model, dataset or file, ")
	b.WriteString("or rewrites what was written into something else) are offered in editors and never applied by a command, the editor's \"fix all\", the MCP `fix` tool or the hooks.\n\n")
	b.WriteString("| rule | severity | stage | fix | summary |\n|---|---|---|---|---|\n")
	for _, r := range Rules() {
		stage := string(r.Stage)
		if r.Doctor {
			stage = "doctor"
		}
		fixes := r.Fixable.String()
		if r.Doctor {
			fixes = "-"
		}
		b.WriteString("| [" + r.ID + "](#" + r.ID + ") | " + string(r.Severity) + " | " + stage + " | " + fixes + " | " + strings.ReplaceAll(r.Summary, "|", "\\|") + " |\n")
	}
	b.WriteString("\n")
	for _, r := range Rules() {
		text := Explain(r)
		// demote headings so each rule is a section of this document
		text = strings.Replace(text, "# "+r.ID, "## "+r.ID, 1)
		b.WriteString(text + "\n")
	}
	return b.String()
}

// RuleInfo is a rule as `rules --format json` and the MCP server list it.
type RuleInfo struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Stage    string `json:"stage"`
	Summary  string `json:"summary"`
	Doctor   bool   `json:"doctor,omitempty"`
	URL      string `json:"url"`
}

// Info is the rule's catalog entry.
func (r *Rule) Info() RuleInfo {
	return RuleInfo{ID: r.ID, Severity: string(r.Severity), Stage: string(r.Stage), Summary: r.Summary, Doctor: r.Doctor, URL: r.DocURL()}
}

// UnknownRule says that id names no rule, with the closest rule id when
// one is close (for `explain` and the tools that take a rule id).
func UnknownRule(id string) string {
	if s := Suggest(id, RuleIDs()); s != "" {
		return fmt.Sprintf("unknown rule %q; did you mean %q?", id, s)
	}
	return fmt.Sprintf("unknown rule %q", id)
}

// Suggest returns the candidate closest to s, or "" when none is close.
func Suggest(s string, candidates []string) string { return suggest(s, candidates) }

// Explain renders a rule's documentation as Markdown text for `explain`
// and the rule catalog.
func Explain(r *Rule) string {
	var b strings.Builder
	b.WriteString("# " + r.ID + "\n\n")
	b.WriteString("Severity: " + string(r.Severity) + "  \nStage: " + stageLine(r))
	if !r.Doctor {
		b.WriteString("  \nFix: " + fixLine(r.Fixable))
	}
	if len(r.Keys) > 0 {
		b.WriteString("  \nKeys: `" + strings.Join(r.Keys, "`, `") + "`")
	}
	b.WriteString("\n\n")
	b.WriteString(r.Summary + "\n\n")
	if doc := r.FullDoc(); doc != "" {
		b.WriteString(strings.TrimSpace(doc) + "\n\n")
	}
	if r.Bad != "" {
		b.WriteString("Reported:\n\n```toml\n" + strings.TrimRight(r.Bad, "\n") + "\n```\n\n")
	}
	if r.Good != "" {
		b.WriteString("Fine:\n\n```toml\n" + strings.TrimRight(r.Good, "\n") + "\n```\n\n")
	}
	if strings.Contains(r.Bad+r.Good, elided) {
		b.WriteString("`" + elided + "` stands for the rest of a valid config.\n\n")
	}
	b.WriteString(silencing(r) + "\n")
	return b.String()
}

// elided marks the part of an example that a valid config fills in.
const elided = "# ..."

// silencing says how a rule's findings can be silenced, and how not.
func silencing(r *Rule) string {
	off := "turn the rule off with `ignore = [\"" + r.ID + "\"]` in `[tool.osmosis-lint]` of pyproject.toml"
	switch {
	case r.Doctor:
		// doctor checks look at the workspace, not at lines of a config
		return "Turn the check off with `ignore = [\"" + r.ID + "\"]` in `[tool.osmosis-lint]` of pyproject.toml."
	case r.Unread:
		// the file is not read, so no comment in it is seen
		return "Turn the rule off with `ignore = [\"" + r.ID + "\"]` in `[tool.osmosis-lint]` of pyproject.toml."
	case !r.Suppressible():
		return "A suppression comment cannot silence it (the comment is reported instead); " + off + "."
	}
	return "Suppress one finding with `# osmosis-lint: ignore[" + r.ID + "] reason`, or " + off + "."
}

// fixLine says whether findings carry fixes and what applies them.
func fixLine(f Fixable) string {
	if len(f.As) == 0 {
		return "none"
	}
	when := "sometimes"
	if f.Always {
		when = "always"
	}
	var kinds []string
	for _, a := range f.As {
		switch a {
		case Safe:
			kinds = append(kinds, "safe (`--fix` applies it)")
		case Unsafe:
			kinds = append(kinds, "unsafe (`--fix --unsafe-fixes`)")
		case DisplayOnly:
			kinds = append(kinds, "display-only (offered in editors, never applied by a command)")
		}
	}
	return when + "; " + strings.Join(kinds, ", ")
}

// stageLine names the rule's stage and what it means.
func stageLine(r *Rule) string {
	if r.Doctor {
		return "doctor (a check of the whole workspace that `osmosis-lint doctor` runs)"
	}
	return string(r.Stage) + stageNote(r)
}

func stageNote(r *Rule) string {
	if m := StageMeaning(r.Stage); m != "" {
		return " (" + m + ")"
	}
	return ""
}

// StageMeaning says in words when a problem of the stage bites, for the
// texts that explain a finding's stage ("" for an unknown stage).
func StageMeaning(s Stage) string {
	switch s {
	case StageSubmit:
		return "the osmosis CLI rejects the config at submit"
	case StagePlatform:
		return "the platform rejects the run after submission"
	case StageRuntime:
		return "the run starts, then fails"
	case StageSync:
		return "the platform runs other code than the workspace holds"
	case StageAdvice:
		return "legal, but very likely a mistake"
	}
	return ""
}

// FullDoc is the rule's Doc followed by the bounds the schema's annotations
// hold for it (Bounds): the numbers are written once, in the schema.
func (r *Rule) FullDoc() string {
	b := Bounds(r.ID)
	if len(b) == 0 {
		return r.Doc
	}
	return strings.TrimSpace(r.Doc) + "\n\nBounds, from the schema (`osmosis-lint schema`):\n\n- " + strings.Join(b, "\n- ")
}

var (
	boundsOnce sync.Once
	boundsOf   map[string][]string
)

// Bounds lists the bounds that a rule judges values by and that the
// schema's annotations hold, one line a key ("`training.lr` (training): at
// most 1"), in the schemas' order: soft limits (x-osmosis-limit) for
// param-limit, ranges for param-range or the rule a range names, list
// lengths for the rule that names them, advice (x-osmosis-advice) for the
// rule it names.
func Bounds(rule string) []string {
	boundsOnce.Do(func() {
		boundsOf = map[string][]string{}
		lines := map[string][]string{} // rule and line without kinds -> kinds
		var order []string
		add := func(rule, line string, kind schema.Kind) {
			k := rule + "\x00" + line
			if _, ok := lines[k]; !ok {
				order = append(order, k)
			}
			if !slices.Contains(lines[k], string(kind)) {
				lines[k] = append(lines[k], string(kind))
			}
		}
		for _, kind := range schema.Kinds() {
			eachField(schema.For(kind).Root(), nil, 0, func(path []string, f *schema.Field) {
				key := "`" + keyPath(path) + "`"
				if limit, ok := f.Limit(); ok {
					add(RuleParamLimit, key+": at most "+schema.FormatNumber(limit), kind)
				}
				if a, ok := f.Advice(); ok {
					line := key + ": below " + schema.FormatNumber(a.Minimum) + " is reported; " + schema.FormatNumber(a.Recommended) + " or more advised"
					if d := f.DefaultText(); d != "" {
						line += " (default " + d + ")"
					}
					add(a.Rule, line, kind)
				}
				_, lo := f.Number("minItems")
				_, hi := f.Number("maxItems")
				if (lo || hi) && f.Rule() != "" {
					add(f.Rule(), key+": "+itemsText(f)+" items", kind)
				}
				if t := f.RangeText(); t != "" && (f.HasType("number") || f.HasType("integer")) {
					rule := f.Rule()
					if rule == "" {
						rule = RuleParamRange
					}
					add(rule, key+": "+t, kind)
				}
			})
		}
		for _, k := range order {
			rule, line, _ := strings.Cut(k, "\x00")
			key, bound, _ := strings.Cut(line, ": ")
			boundsOf[rule] = append(boundsOf[rule], key+" ("+strings.Join(lines[k], ", ")+"): "+bound)
		}
	})
	return boundsOf[rule]
}

// eachField calls fn for each field under f: declared keys, list items
// ("*" in the path) and the keys of each variant, to a bounded depth.
func eachField(f *schema.Field, path []string, depth int, fn func([]string, *schema.Field)) {
	if f == nil || depth > 8 {
		return
	}
	tables := []*schema.Field{f}
	for _, tag := range f.VariantTags() {
		tables = append(tables, f.Variant(tag))
	}
	for _, t := range tables {
		for _, name := range t.Properties() {
			child := t.Property(name)
			p := append(slices.Clip(path), name)
			fn(p, child)
			eachField(child, p, depth+1, fn)
			if items := child.Items(); items != nil {
				eachField(items, append(slices.Clip(p), "*"), depth+1, fn)
			}
		}
	}
}
