package lint

import (
	"fmt"
	"strings"
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
