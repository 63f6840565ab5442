package lint

import "testing"

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
