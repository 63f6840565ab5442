package lint

// skill-frontmatter is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).skills` (checks.go), which reads
// each SKILL.md's front matter. Declared here, in the catalogue lint/doctor
// reports through, so that `rules`, `explain`, RULES.md, the settings, the
// LSP and MCP know it.
var (
	ruleSkillFrontmatter = Rule{
		ID:       RuleSkillFrontmatter,
		Severity: Error,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "A SKILL.md without front matter naming the skill (name equal to its directory) and describing it.",
		Doc:      "A skill's SKILL.md starts with YAML front matter holding `name` (the directory name) and `description`; agents pick skills by them.",
	}
)

var _ = register(&ruleSkillFrontmatter)
