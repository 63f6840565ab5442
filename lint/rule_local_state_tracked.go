package lint

// local-state-tracked is a doctor rule: it looks at the workspace, not at
// one config. Checked in lint/doctor by `(*run).localState` (hygiene.go),
// which asks the snapshot what the git index tracks under .osmosis/ and
// the rollouts' .venv/. Declared here, in the catalogue lint/doctor
// reports through, so that `rules`, `explain`, RULES.md, the settings, the
// LSP and MCP know it.
var (
	ruleLocalStateTracked = Rule{
		ID:       RuleLocalStateTracked,
		Severity: Warning,
		Stage:    StageAdvice,
		Doctor:   true,
		Summary:  "git tracks local state the osmosis CLI writes: files under .osmosis/ or a rollout's .venv/.",
		Doc: `osmosis eval run writes its runs under .osmosis/ (the SDK's platform/cli/eval_run.py:
.osmosis/evals, with each run's logs.txt, which SDKs before the run-log redaction wrote with short
secrets in clear) and makes rollouts/<name>/.venv for the rollout's own dependencies
(docs/eval-run-local.md). Both belong to one machine: the workspace template's .gitignore keeps them
out (.osmosis/**, .venv/), and tracks only .osmosis/project.toml, template.json and template-ignore on
purpose. Tracked, they go to the repository the platform clones, the logs with whatever they hold.
Untrack them with git rm -r --cached, keep them ignored, and rotate any secret a log held.`,
	}
)

var _ = register(&ruleLocalStateTracked)
