package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestEntrypointNotFound(t *testing.T) {
	runRuleCases(t, "entrypoint-not-found", []ruleCase{
		{
			name: "a typo of a Python file",
			src:  pathsConfig(`"multiply-agent"`, `"mian.py"`),
			ws:   rolloutWS,
			want: []string{"3:14-3:23 entrypoint-not-found experiment.entrypoint"},
			msg:  []string{"rollouts/multiply-agent/mian.py does not exist; did you mean `main.py`?"},
		},
		{
			name: "nothing close: the Python files are listed",
			kind: schema.Eval,
			src:  pathsConfig(`"multiply-agent"`, `"agent/workflow.py"`) + "\n[secrets]\nrequired = []\n",
			ws:   withWS(tree{"rollouts/multiply-agent/tools.py": ""}),
			want: []string{"3:14-3:33 entrypoint-not-found experiment.entrypoint"},
			msg:  []string{"(Python files: `main.py` or `tools.py`)"},
		},
		{
			name: "a rollout without Python files",
			src:  pathsConfig(`"empty"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/empty/README.md": "x\n"}),
			want: []string{"3:14-3:23 entrypoint-not-found experiment.entrypoint"},
			msg:  []string{"(the rollout has no Python file)"},
		},
		{
			name: "a dangling symlink",
			src:  pathsConfig(`"multiply-agent"`, `"entry.py"`),
			ws:   withWS(tree{"rollouts/multiply-agent/entry.py": "->gone.py"}),
			want: []string{"3:14-3:24 entrypoint-not-found experiment.entrypoint"},
		},
		{
			name: "the file exists",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a file in a sub-directory, reached through ..",
			src:  pathsConfig(`"multiply-agent"`, `"pkg/../pkg/run.py"`),
			ws:   withWS(tree{"rollouts/multiply-agent/pkg/run.py": ""}),
		},
		{
			name: "the rollout is missing: rollout-not-found's",
			src:  pathsConfig(`"nope"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "an escape is entrypoint-escape's",
			src:  pathsConfig(`"multiply-agent"`, `"../main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a directory is entrypoint-is-directory's",
			src:  pathsConfig(`"multiply-agent"`, `"pkg"`),
			ws:   withWS(tree{"rollouts/multiply-agent/pkg/": ""}),
		},
		{
			name: "outside a workspace nothing is known",
			src:  pathsConfig(`"multiply-agent"`, `"mian.py"`),
		},
	})
}

func TestEntrypointIsDirectory(t *testing.T) {
	runRuleCases(t, "entrypoint-is-directory", []ruleCase{
		{
			name: "empty",
			src:  pathsConfig(`"multiply-agent"`, `""`),
			ws:   rolloutWS,
			want: []string{"3:14-3:16 entrypoint-is-directory experiment.entrypoint"},
			msg:  []string{"names the rollout directory itself"},
		},
		{
			name: "dot",
			src:  pathsConfig(`"multiply-agent"`, `"."`),
			ws:   rolloutWS,
			want: []string{"3:14-3:17 entrypoint-is-directory experiment.entrypoint"},
		},
		{
			name: "down and up",
			src:  pathsConfig(`"multiply-agent"`, `"pkg/.."`),
			ws:   withWS(tree{"rollouts/multiply-agent/pkg/": ""}),
			want: []string{"3:14-3:22 entrypoint-is-directory experiment.entrypoint"},
			msg:  []string{"the rollout directory itself"},
		},
		{
			name: "a sub-directory",
			src:  pathsConfig(`"multiply-agent"`, `"pkg"`),
			ws:   withWS(tree{"rollouts/multiply-agent/pkg/__init__.py": ""}),
			want: []string{"3:14-3:19 entrypoint-is-directory experiment.entrypoint"},
			msg:  []string{"the directory rollouts/multiply-agent/pkg"},
		},
		{
			name: "a file",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a missing path is entrypoint-not-found's",
			src:  pathsConfig(`"multiply-agent"`, `"pkg"`),
			ws:   rolloutWS,
		},
	})
}

func TestEntrypointNotPython(t *testing.T) {
	runRuleCases(t, "entrypoint-not-python", []ruleCase{
		{
			name: "no suffix",
			src:  pathsConfig(`"multiply-agent"`, `"main"`),
			ws:   withWS(tree{"rollouts/multiply-agent/main": "#!/bin/sh\n"}),
			want: []string{"3:14-3:20 entrypoint-not-python experiment.entrypoint"},
		},
		{
			name: "another suffix",
			src:  pathsConfig(`"multiply-agent"`, `"main.PY"`),
			ws:   withWS(tree{"rollouts/multiply-agent/main.PY": ""}),
			want: []string{"3:14-3:23 entrypoint-not-python experiment.entrypoint"},
		},
		{
			name: "a link to a shell script",
			src:  pathsConfig(`"multiply-agent"`, `"run.py"`),
			ws:   withWS(tree{"rollouts/multiply-agent/run.py": "->run.sh", "rollouts/multiply-agent/run.sh": "#!/bin/sh\n"}),
			want: []string{"3:14-3:22 entrypoint-not-python experiment.entrypoint"},
			msg:  []string{"leads to `run.sh`, not a .py file"},
		},
		{
			name: "a .py file",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a link without suffix to a .py file: the CLI loads what it resolves to",
			src:  pathsConfig(`"multiply-agent"`, `"main"`),
			ws:   withWS(tree{"rollouts/multiply-agent/main": "->main.py"}),
		},
		{
			name: "compiled modules have a loader",
			src:  pathsConfig(`"multiply-agent"`, `"agent.cpython-311-x86_64-linux-gnu.so"`),
			ws:   withWS(tree{"rollouts/multiply-agent/agent.cpython-311-x86_64-linux-gnu.so": ""}),
		},
		{
			name: "a missing file is entrypoint-not-found's",
			src:  pathsConfig(`"multiply-agent"`, `"main.sh"`),
			ws:   rolloutWS,
		},
		{
			name: "a directory is entrypoint-is-directory's",
			src:  pathsConfig(`"multiply-agent"`, `"."`),
			ws:   rolloutWS,
		},
	})
}
