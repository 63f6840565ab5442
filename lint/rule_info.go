package lint

import "fmt"

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
