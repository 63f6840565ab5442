package lint

import (
	"strings"
)

// Suggest returns the candidate closest to s, or "" when none is close.
func Suggest(s string, candidates []string) string { return suggest(s, candidates) }

// Explain renders a rule's documentation as Markdown text for `explain`
// and the rule catalog.
func Explain(r *Rule) string {
	var b strings.Builder
	b.WriteString("# " + r.ID + "\n\n")
	stage := string(r.Stage)
	if r.Doctor {
		stage = "doctor"
	}
	b.WriteString("Severity: " + string(r.Severity) + "  \nStage: " + stage + stageNote(r) + "\n\n")
	b.WriteString(r.Summary + "\n\n")
	if r.Doc != "" {
		b.WriteString(strings.TrimSpace(r.Doc) + "\n\n")
	}
	if r.Bad != "" {
		b.WriteString("Reported:\n\n```toml\n" + strings.TrimRight(r.Bad, "\n") + "\n```\n\n")
	}
	if r.Good != "" {
		b.WriteString("Fine:\n\n```toml\n" + strings.TrimRight(r.Good, "\n") + "\n```\n\n")
	}
	b.WriteString("Suppress one finding with `# osmosis-lint: ignore[" + r.ID + "] reason`, or turn the rule off with `ignore = [\"" + r.ID + "\"]` in `[tool.osmosis-lint]` of pyproject.toml.\n")
	return b.String()
}

func stageNote(r *Rule) string {
	switch r.Stage {
	case StageSubmit:
		return " (the osmosis CLI rejects the config at submit)"
	case StagePlatform:
		return " (the platform rejects the run after submission)"
	case StageRuntime:
		return " (the run starts, then fails)"
	case StageAdvice:
		return " (legal, but very likely a mistake)"
	}
	return ""
}
