package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// pathsConfig is a training config with the given rollout and entrypoint
// (both TOML values), on lines 2 and 3.
func pathsConfig(rollout, entrypoint string) string {
	return "[experiment]\nrollout = " + rollout + "\nentrypoint = " + entrypoint + "\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n"
}

func TestEntrypointEscape(t *testing.T) {
	runRuleCases(t, "entrypoint-escape", []ruleCase{
		{
			name: "climbs out with ..",
			src:  pathsConfig(`"multiply-agent"`, `"../shared/main.py"`),
			want: []string{"3:14-3:33 entrypoint-escape experiment.entrypoint"},
			msg:  []string{"climbs out of rollouts/multiply-agent/"},
		},
		{
			name: "climbs out after going down",
			src:  pathsConfig(`"multiply-agent"`, `"sub/../../main.py"`),
			want: []string{"3:14-3:33 entrypoint-escape experiment.entrypoint"},
		},
		{
			name: "absolute",
			kind: schema.Eval,
			src:  pathsConfig(`"multiply-agent"`, `"/etc/passwd"`) + "\n[secrets]\nrequired = []\n",
			want: []string{"3:14-3:27 entrypoint-escape experiment.entrypoint"},
			msg:  []string{"absolute path"},
		},
		{
			name: "a NUL character",
			src:  pathsConfig(`"multiply-agent"`, `"main\u0000.py"`),
			want: []string{"3:14-3:29 entrypoint-escape experiment.entrypoint"},
		},
		{
			name: "with a bad rollout name the message names no bogus directory",
			src:  pathsConfig(`"rollouts/multiply-agent"`, `"../x.py"`),
			want: []string{"3:14-3:23 entrypoint-escape experiment.entrypoint"},
			msg:  []string{"climbs out of the rollout directory;"},
		},
		{
			name: "through a symlink that leaves the workspace",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws: withWS(tree{
				"../outside/main.py":              "# elsewhere\n",
				"rollouts/multiply-agent/main.py": "->../../../outside/main.py",
			}),
			want: []string{"3:14-3:23 entrypoint-escape experiment.entrypoint"},
			msg:  []string{"through the symlink rollouts/multiply-agent/main.py"},
		},
		{
			name: "through a symlinked directory into another rollout",
			src:  pathsConfig(`"multiply-agent"`, `"lib/agent.py"`),
			ws: withWS(tree{
				"rollouts/other/lib/agent.py": "# other\n",
				"rollouts/multiply-agent/lib": "->../other/lib",
			}),
			want: []string{"3:14-3:28 entrypoint-escape experiment.entrypoint"},
		},
		{
			// Python's resolve lands back in the rollout: the CLI accepts it
			name: "out and back into the same rollout",
			src:  pathsConfig(`"multiply-agent"`, `"sub/../../multiply-agent/main.py"`),
		},
		{
			name: "out and back, in the workspace",
			src:  pathsConfig(`"multiply-agent"`, `"../multiply-agent/main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "out and into another rollout",
			src:  pathsConfig(`"multiply-agent"`, `"../other/main.py"`),
			ws:   withWS(tree{"rollouts/other/main.py": ""}),
			want: []string{"3:14-3:32 entrypoint-escape experiment.entrypoint"},
			msg:  []string{"climbs out of rollouts/multiply-agent/"},
		},
		{
			// the CLI resolves the symlink first, then ..: rollouts/multiply-agent
			name: "up through a symlinked directory that lands inside",
			src:  pathsConfig(`"multiply-agent"`, `"deep/../../main.py"`),
			ws:   withWS(tree{"rollouts/multiply-agent/a/b/": "", "rollouts/multiply-agent/deep": "->a/b"}),
		},
		{
			name: "down and up again stays inside",
			src:  pathsConfig(`"multiply-agent"`, `"sub/../main.py"`),
			ws:   withWS(tree{"rollouts/multiply-agent/sub/": ""}),
		},
		{
			name: "a symlink inside the rollout",
			src:  pathsConfig(`"multiply-agent"`, `"entry.py"`),
			ws:   withWS(tree{"rollouts/multiply-agent/entry.py": "->main.py"}),
		},
		{
			name: "empty and dot pass the CLI's path check",
			src:  pathsConfig(`"multiply-agent"`, `"."`),
		},
		{
			name: "a missing file is entrypoint-not-found's",
			src:  pathsConfig(`"multiply-agent"`, `"nope.py"`),
			ws:   rolloutWS,
		},
	})
}
