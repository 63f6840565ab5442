package lint

// rollout-pyproject is a doctor rule: it looks at the workspace, not at one
// config. Checked in lint/doctor by `(*run).rollouts` (checks.go), which
// reads each rollout's pyproject.toml. Declared here, in the catalogue
// lint/doctor reports through, so that `rules`, `explain`, RULES.md, the
// settings, the LSP and MCP know it.
var (
	ruleRolloutPyproject = Rule{
		ID:       RuleRolloutPyproject,
		Severity: Warning,
		Stage:    StageRuntime,
		Doctor:   true,
		Summary:  "A rollout without a pyproject.toml that lists osmosis-ai with its server extra, with one that does not parse, or with a uv source the platform cannot reach.",
		Doc: `The platform installs a rollout's dependencies from rollouts/<name>/pyproject.toml ([project].dependencies)
before it imports the entrypoint; the rollout needs osmosis-ai there. A pyproject.toml that is not valid
TOML cannot be installed.

The entrypoint is a rollout server, and the SDK runs one only with its server extra (the SDK's
docs/troubleshooting.md: "the SDK requires Python 3.12+ and the server extra"; osmosis rollout init
declares osmosis-ai[server]): osmosis-ai listed without server (or eval-run, which includes it), and
without FastAPI and uvicorn of its own, installs a rollout that cannot start.

The platform resolves the same pyproject.toml from its clone of the repository (docs/eval-run-local.md:
"the same dependency truth osmosis eval submit and training already use"). A [tool.uv.sources] path
source that is absolute, or that leads above the repository, such as the local SDK checkout that
document shows for development, does not exist there and fails the install.`,
	}
)

var _ = register(&ruleRolloutPyproject)
