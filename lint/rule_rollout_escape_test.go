package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestRolloutEscape(t *testing.T) {
	runRuleCases(t, "rollout-escape", []ruleCase{
		{
			name: "a symlink leaving the workspace",
			src:  pathsConfig(`"linked"`, `"main.py"`),
			ws: withWS(tree{
				"../outside/agent/main.py": "# elsewhere\n",
				"rollouts/linked":          "->../../outside/agent",
			}),
			want: []string{"2:11-2:19 rollout-escape experiment.rollout"},
			msg:  []string{"rollouts/linked -> "},
		},
		{
			name: "a symlink to a directory of the workspace outside rollouts/",
			kind: schema.Eval,
			src:  pathsConfig(`"linked"`, `"main.py"`) + "\n[secrets]\nrequired = []\n",
			ws: withWS(tree{
				"agents/main.py":  "# here\n",
				"rollouts/linked": "->../agents",
			}),
			want: []string{"2:11-2:19 rollout-escape experiment.rollout"},
		},
		{
			// Python's non-strict resolve leaves a loop where it is, inside
			// rollouts/: not an escape (rollout-not-found reports it)
			name: "a symlink loop",
			src:  pathsConfig(`"loop"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/loop": "->loop2", "rollouts/loop2": "->loop"}),
		},
		{
			name: "a symlink to another rollout",
			src:  pathsConfig(`"linked"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/linked": "->multiply-agent"}),
		},
		{
			name: "a plain directory",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a missing directory is rollout-not-found's",
			src:  pathsConfig(`"nope"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a bad name is rollout-name's",
			src:  pathsConfig(`"../outside"`, `"main.py"`),
			ws:   rolloutWS,
		},
	})
}
