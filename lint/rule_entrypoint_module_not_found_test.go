package lint

import "testing"

func TestEntrypointModuleNotFound(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 entrypoint-module-not-found experiment.entrypoint"
	runRuleCases(t, "entrypoint-module-not-found", []ruleCase{
		{
			name: "a relative import of a module the rollout does not have",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/main.py": "from .search import run\n"}),
			want: []string{at},
			msg:  []string{"main.py:1 imports what the rollout does not have", "no module `.search`", "as this one does"},
		},
		{
			name: "a syntax error in a module executed after it",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "import tools.search\nimport helpers\n",
				"rollouts/multiply-agent/tools.py":   "x = 1\n",
				"rollouts/multiply-agent/helpers.py": "def f(:\n",
			}),
			want: []string{at, at},
			msg:  []string{"it holds no module `search`", "helpers.py:1:7 does not compile"},
		},
		{
			name: "after an import of a module neither the rollout's nor declared",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "import numpy\nfrom helpers import missing\n",
				"rollouts/multiply-agent/helpers.py": "x = 1\n",
			}),
			want: []string{at},
			msg:  []string{"as an import executed before this one can"},
		},
		{
			name: "an SDK module the required release does not have",
			src:  main,
			ws:   sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{"main.py": "import osmosis_ai.rollout.validator\n"}),
			want: []string{at},
			msg:  []string{"main.py:1 imports `osmosis_ai.rollout.validator`, which osmosis-ai 0.3.0 does not have", "so the platform's import of entrypoint `main.py` fails; the CLI's submit preflight only warns when the import raises ModuleNotFoundError, as this one does"},
		},
		{
			name: "an SDK name the required release does not have, after an import that may raise ModuleNotFoundError",
			src:  main,
			ws:   sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{"main.py": "import numpy\nfrom osmosis_ai.rollout.trajectory import save_trajectories\n"}),
			want: []string{at},
			msg:  []string{"save_trajectories`, which osmosis-ai 0.3.0 does not have", "as an import the entrypoint's import executes can"},
		},
		{
			name: "after an import of a declared dependency: the submit error's",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":        "import numpy\nfrom helpers import missing\n",
				"rollouts/multiply-agent/helpers.py":     "x = 1\n",
				"rollouts/multiply-agent/pyproject.toml": "[project]\nname = \"multiply-agent\"\ndependencies = [\"NumPy>=2\"]\n",
			}),
		},
		{
			name: "a problem before the import that raises: the submit error's",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "from helpers import missing\nfrom .search import run\n",
				"rollouts/multiply-agent/helpers.py": "x = 1\n",
			}),
			want: []string{at},
			msg:  []string{"no module `.search`"},
		},
		{
			name: "an entrypoint that imports",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/main.py": "import os\nfrom . import helpers\n", "rollouts/multiply-agent/helpers.py": "x = 1\n"}),
		},
	})
}
