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
	b.WriteString("Severity: " + string(r.Severity) + "  \nStage: " + stageLine(r))
	if !r.Doctor {
		b.WriteString("  \nFix: " + fixLine(r.Fixable))
	}
	if len(r.Keys) > 0 {
		b.WriteString("  \nKeys: `" + strings.Join(r.Keys, "`, `") + "`")
	}
	b.WriteString("\n\n")
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
