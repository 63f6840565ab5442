package lint

import "testing"

func TestEntrypointSyntax(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 entrypoint-syntax experiment.entrypoint"
	runRuleCases(t, "entrypoint-syntax", []ruleCase{
		{
			name: "the entrypoint does not compile",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/main.py": "def run(:\n    pass\n"}),
			want: []string{at},
			msg:  []string{"rollouts/multiply-agent/main.py:1:9 does not compile"},
		},
		{
			name: "a body that is not indented",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/main.py": "def run():\nreturn 1\n"}),
			want: []string{at},
			msg:  []string{"main.py:2:1 does not compile"},
		},
		{
			name: "a module the entrypoint imports, with an unclosed bracket",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "import helpers\n",
				"rollouts/multiply-agent/helpers.py": "x = (1,\n",
			}),
			want: []string{at},
			msg:  []string{"helpers.py:1:5 does not compile", "imported by main.py line 1"},
		},
		{
			name: "the rollout's __init__.py runs first",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/__init__.py": "from __future__ import braces\n",
			}),
			want: []string{at},
			msg:  []string{"__init__.py:1:1 does not compile"},
		},
		{
			name: "tabs and spaces mixed in a package the entrypoint's directory belongs to",
			src:  pathsConfig(`"multiply-agent"`, `"agents/main.py"`),
			ws: withWS(tree{
				"rollouts/multiply-agent/agents/main.py":     "x = 1\n",
				"rollouts/multiply-agent/agents/__init__.py": "if x:\n\tif y:\n        pass\n",
			}),
			want: []string{"3:14-3:30 entrypoint-syntax experiment.entrypoint"},
			msg:  []string{"agents/__init__.py:3:1 does not compile"},
		},
		{
			name: "a valid rollout",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "from helpers import normalize\n\nasync def run(x):\n    return f\"{normalize(x)!r}\"\n",
				"rollouts/multiply-agent/helpers.py": "def normalize(t):\n    return t.strip()\n",
			}),
		},
		{
			name: "a broken module imported only inside a function is not executed by the import",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.py":    "def run():\n    import helpers\n",
				"rollouts/multiply-agent/helpers.py": "x = (1,\n",
			}),
		},
		{
			name: "a broken file nothing imports",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/scratch.py": "def (:\n"}),
		},
		{
			name: "compile() refuses it at a later stage: not judged",
			src:  main,
			ws:   withWS(tree{"rollouts/multiply-agent/main.py": "return 1\n"}),
		},
	})
}
