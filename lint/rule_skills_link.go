package lint

// skills-link is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).skills` (checks.go), which reads
// the .claude/skills links. Declared here, in the catalogue lint/doctor
// reports through, so that `rules`, `explain`, RULES.md, the settings, the
// LSP and MCP know it.
var (
	ruleSkillsLink = Rule{
		ID:       RuleSkillsLink,
		Severity: Error,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "A .claude/skills entry that is not a relative link to .agents/skills/<name>, or a skill without its link.",
		Doc:      "Agent skills live in .agents/skills/<name>/SKILL.md; Claude Code finds them through relative symlinks .claude/skills/<name> -> ../../.agents/skills/<name>. A broken or absolute link breaks on other machines; `doctor --fix` creates missing links.",
	}
)

var _ = register(&ruleSkillsLink)
