package lint

import "testing"

func TestRolloutName(t *testing.T) {
	runRuleCases(t, "rollout-name", []ruleCase{
		{
			name: "a path under rollouts/",
			src:  pathsConfig(`"rollouts/multiply-agent"`, `"main.py"`),
			want: []string{"2:11-2:36 rollout-name experiment.rollout"},
			msg:  []string{"without / or \\"},
		},
		{
			name: "absolute",
			src:  pathsConfig(`"/srv/rollouts/a"`, `"main.py"`),
			want: []string{"2:11-2:28 rollout-name experiment.rollout"},
			msg:  []string{"absolute path"},
		},
		{
			name: "empty",
			src:  pathsConfig(`""`, `"main.py"`),
			want: []string{"2:11-2:13 rollout-name experiment.rollout"},
			msg:  []string{"rollout is empty; name the directory under rollouts/"},
		},
		{
			name: "dot",
			src:  pathsConfig(`"."`, `"main.py"`),
			want: []string{"2:11-2:14 rollout-name experiment.rollout"},
		},
		{
			name: "dot dot",
			src:  pathsConfig(`'..'`, `"main.py"`),
			want: []string{"2:11-2:15 rollout-name experiment.rollout"},
		},
		{
			name: "a backslash",
			src:  pathsConfig(`'a\b'`, `"main.py"`),
			want: []string{"2:11-2:16 rollout-name experiment.rollout"},
		},
		{
			name: "down and up is still two segments",
			src:  pathsConfig(`"demo/.."`, `"main.py"`),
			want: []string{"2:11-2:20 rollout-name experiment.rollout"},
		},
		{
			name: "multi-byte characters before the value",
			src:  "[experiment] # ünïcödé 設定\nrollout = \"ä/b\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
			want: []string{"2:11-2:16 rollout-name experiment.rollout"},
		},
		{
			// the CLI checks no character set at submit
			name: "odd but single-segment names pass",
			src:  pathsConfig(`" demo"`, `"main.py"`),
		},
		{
			name: "tilde and dots inside a name",
			src:  pathsConfig(`"Demo_1.x~"`, `"main.py"`),
		},
		{
			name: "not a string is type-mismatch's",
			src:  pathsConfig(`1`, `"main.py"`),
		},
	})
}
