package lint

// The doctor checks: they look at the whole workspace, not at one config, and
// run in `osmosis-lint doctor` only. They are in the catalog so that
// `rules`, `explain` and the settings know them.
func init() {
	for _, r := range []*Rule{
		{ID: RuleWorkspaceRoot, Severity: Error, Stage: StageSubmit, Doctor: true,
			Summary: "The directory is not inside a git worktree, so it is not an Osmosis workspace.",
			Doc:     "The osmosis CLI works from the top level of a git worktree (the repository the platform clones). `doctor` finds it by walking up to `.git` and stops when there is none (exit 2)."},
		{ID: RuleMissingScaffold, Severity: Error, Stage: StageSubmit, Doctor: true,
			Summary: "A required directory is missing: rollouts/, configs/training/, configs/eval/ or data/.",
			Doc:     "Every osmosis command checks that the workspace has rollouts/, configs/training/, configs/eval/ and data/ (a symlink to a directory counts) and refuses to run otherwise. `doctor --fix` creates the missing ones with a .gitkeep so git keeps them."},
		{ID: RuleMissingAgentFile, Severity: Error, Stage: StageAdvice, Doctor: true,
			Summary: "An agent scaffold file is missing: AGENTS.md, CLAUDE.md or configs/AGENTS.md.",
			Doc:     "`osmosis doctor` expects the three agent files of the workspace template; coding agents read them to work in the workspace. `doctor --fix --template DIR` (or OSMOSIS_WORKSPACE_TEMPLATE_PATH) copies the missing ones from a template checkout; an existing file is never overwritten."},
		{ID: RuleOriginIdentity, Severity: Warning, Stage: StageSubmit, Doctor: true,
			Summary: "The git remote origin is missing or is not a GitHub repository.",
			Doc:     "The platform finds the workspace by the GitHub repository of `origin` (owner/repo). Submitting needs an origin on github.com; doctor reads it from .git/config without running git."},
		{ID: RuleRolloutPyproject, Severity: Warning, Stage: StageRuntime, Doctor: true,
			Summary: "A rollout without a pyproject.toml that lists osmosis-ai, or with one that does not parse.",
			Doc:     "The platform installs a rollout's dependencies from rollouts/<name>/pyproject.toml ([project].dependencies) before it imports the entrypoint; the rollout needs osmosis-ai there. A pyproject.toml that is not valid TOML cannot be installed."},
		{ID: RuleUnusedRollout, Severity: Info, Stage: StageAdvice, Doctor: true,
			Summary: "A rollout that no config refers to.",
			Doc:     "Every rollout is normally run by at least one training or eval config. An unreferenced rollout may be left over, or its config may name it differently."},
		{ID: RuleSkillsLink, Severity: Error, Stage: StageAdvice, Doctor: true,
			Summary: "A .claude/skills entry that is not a relative link to .agents/skills/<name>, or a skill without its link.",
			Doc:     "Agent skills live in .agents/skills/<name>/SKILL.md; Claude Code finds them through relative symlinks .claude/skills/<name> -> ../../.agents/skills/<name>. A broken or absolute link breaks on other machines; `doctor --fix` creates missing links."},
		{ID: RuleSkillFrontmatter, Severity: Error, Stage: StageAdvice, Doctor: true,
			Summary: "A SKILL.md without front matter naming the skill (name equal to its directory) and describing it.",
			Doc:     "A skill's SKILL.md starts with YAML front matter holding `name` (the directory name) and `description`; agents pick skills by them."},
		{ID: RuleDatasetFile, Severity: Error, Stage: StagePlatform, Doctor: true,
			Summary: "A data/ file that the platform's upload would refuse.",
			Doc:     "`osmosis dataset upload` takes .jsonl, .csv and .parquet files of at most 5 GiB: UTF-8, a header or first object that selects prompt mode (user_prompt and ground_truth, or label) or metadata mode (a non-empty metadata object per row), rows of the same shape, at least 4 rows. doctor streams each file and reports at most 5 problems per file, with line numbers."},
		{ID: RuleEnvFile, Severity: Error, Stage: StageAdvice, Doctor: true,
			Summary: "A .env file that git tracks, or that .gitignore does not ignore.",
			Doc:     "A .env file holds secrets. Tracked by git it is in the repository the platform clones (an error); not ignored, the next `git add -A` puts it there (a warning). .env.example is exempt."},
	} {
		register(r)
	}
}
