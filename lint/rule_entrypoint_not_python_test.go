package lint

import "testing"

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
