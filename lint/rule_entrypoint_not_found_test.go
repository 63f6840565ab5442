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
