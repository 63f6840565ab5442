package lint

import "testing"

func TestEntrypointImport(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 entrypoint-import experiment.entrypoint"
	helpers := "def normalize(t):\n    return t.strip()\n"
	runRuleCases(t, "entrypoint-import", []ruleCase{
		{
			name: "a name the rollout's module does not define",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "from helpers import parse_answer\n",
				"rollouts/multiply-agent/helpers.py": helpers,
			}),
			want: []string{at},
			msg:  []string{"main.py:1", "(helpers.py) defines no `parse_answer`"},
		},
		{
			name: "a relative import of a module that is not there",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/main.py": "from . import tools\n"}),
			want: []string{at},
			msg:  []string{"holds no module `tools`"},
		},
		{
			name: "the package's __init__.py imports a name the entrypoint does not define",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/__init__.py": "from .main import Missing\n",
				"rollouts/multiply-agent/main.py":     "def run():\n    pass\n",
			}),
			want: []string{at},
			msg:  []string{"__init__.py:1", "defines no `Missing`"},
		},
		{
			name: "a submodule a package does not hold: ModuleNotFoundError, on which the CLI only warns",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":           "import tools.search\n",
				"rollouts/multiply-agent/tools/__init__.py": "",
			}),
		},
		{
			name: "a module imported by a module the entrypoint imports",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "from . import agent\n",
				"rollouts/multiply-agent/agent.py":   "from .helpers import parse\n",
				"rollouts/multiply-agent/helpers.py": helpers,
			}),
			want: []string{at},
			msg:  []string{"agent.py:1", "imported by main.py line 1"},
		},
		{
			name: "defined names and modules",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":           "from helpers import normalize\nfrom . import tools, helpers\nfrom .tools import search\nimport tools.search as s\n",
				"rollouts/multiply-agent/helpers.py":        helpers,
				"rollouts/multiply-agent/tools/search.py":   "def run():\n    pass\n",
				"rollouts/multiply-agent/tools/__init__.py": "",
			}),
		},
		{
			name: "a namespace package",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":         "from tools import search\n",
				"rollouts/multiply-agent/tools/search.py": "x = 1\n",
			}),
		},
		{
			name: "an absolute import of a directory without __init__.py: an installed package of that name would be found first",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":        "from data import prompts\n",
				"rollouts/multiply-agent/data/notes.txt": "hello\n",
			}),
		},
		{
			name: "a relative import of a directory without __init__.py is the rollout's",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":        "from .data import prompts\n",
				"rollouts/multiply-agent/data/notes.txt": "hello\n",
			}),
			want: []string{at},
			msg:  []string{"holds no module `prompts`"},
		},
		{
			name: "a module that defines names dynamically is not judged",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "from helpers import parse_answer\n",
				"rollouts/multiply-agent/helpers.py": "globals()['parse_answer'] = len\n",
			}),
		},
		{
			name: "an installed package and the standard library are not the rollout's",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py": "import numpy\nfrom json import nothing_here\n",
				"rollouts/multiply-agent/json.py": "x = 1\n",
			}),
		},
		{
			name: "an import under try runs only sometimes",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "try:\n    from helpers import nope\nexcept ImportError:\n    nope = None\n",
				"rollouts/multiply-agent/helpers.py": helpers,
			}),
		},
		{
			name: "a module that does not compile is entrypoint-syntax's",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "from helpers import nope\n",
				"rollouts/multiply-agent/helpers.py": "def (:\n",
			}),
		},
	})
}
