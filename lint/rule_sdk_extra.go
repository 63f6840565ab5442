package lint

var (
	ruleSDKExtra = Rule{
		ID:       RuleSDKExtra,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StagePlatform,
		Summary:  "The rollout imports an SDK integration (server, harbor, strands, openai-agents) without the osmosis-ai extra that installs its dependencies.",
		Doc: `The osmosis-ai distribution installs its framework-neutral core; its integrations import
packages only its extras install: osmosis_ai.rollout.server needs fastapi (extra server),
osmosis_ai.rollout.backend.harbor needs harbor (extra harbor), the Strands and OpenAI Agents
adapters need strands and agents (extras strands and openai-agents) ("Install only the extras
used by the rollout", docs/migrating-to-0.3.md in the SDK). The table of lint/sdkapi records,
per release, which third-party packages importing each osmosis_ai module executes (its package
chain and the SDK modules it imports, outside if and try) and which extras of that release's
pyproject.toml install each. The platform installs the rollout's dependencies from its
pyproject.toml; an import (at the top level or in a function body of a module the entrypoint's
import executes) of a module that needs, in every release the requirement admits, a package
none of the requested extras installs raises ModuleNotFoundError there. The CLI's submit
preflight checks only the extras a rollout declares, and its own environment may have them all.

Reported only when the rollout's pyproject.toml declares osmosis-ai and nothing else (another
dependency may install the package itself), with the requirement read as sdk-import reads it;
a bare osmosis-ai admits early releases whose metadata says nothing of extras, and is quiet.`,
		Bad:       "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"serve.py\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     func(c *Context) { checkSDKUses(c, sdkExtra, false) },
	}
)

var _ = register(&ruleSDKExtra)
