package lint

import "testing"

func TestWorkspaceScaffold(t *testing.T) {
	ws := func(extra tree) tree {
		out := tree{"rollouts/multiply-agent/main.py": "# agent\n"}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	runRuleCases(t, "workspace-scaffold", []ruleCase{
		{
			name: "data/ and configs/eval/ missing, as in a fresh clone",
			src:  goodTraining,
			ws:   ws(tree{"data/": absent, "configs/eval/": absent}),
			want: []string{"1:1-1:13 workspace-scaffold \"\""},
			msg:  []string{"the workspace has no configs/eval/ and data/: the osmosis CLI refuses to submit any config from it"},
		},
		{
			name: "data/ a file",
			kind: "eval",
			src:  goodEval,
			ws:   ws(tree{"data/": absent, "data": "not a directory"}),
			want: []string{"1:1-1:13 workspace-scaffold \"\""},
			msg:  []string{"has no data/:"},
		},
		{
			name: "a dangling symlink is missing",
			src:  goodTraining,
			ws:   ws(tree{"data/": absent, "data": "->gone"}),
			want: []string{"1:1-1:13 workspace-scaffold \"\""},
		},
		{
			name: "every directory present, data/ through a symlink",
			src:  goodTraining,
			ws:   ws(tree{"data/": absent, "datasets/x.jsonl": "{}\n", "data": "->datasets"}),
		},
		{
			name: "a link out of the workspace is not looked at",
			src:  goodTraining,
			ws:   ws(tree{"data/": absent, "data": "->/"}),
		},
		{
			name: "outside a workspace nothing is known",
			src:  goodTraining,
		},
	})
}
