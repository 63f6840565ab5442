package lint

import (
	"strings"
	"testing"
)

func TestEvalTrainMismatch(t *testing.T) {
	// evalWith is the rollout's eval config with extra [experiment] lines
	// or its entrypoint replaced
	evalWith := func(old, new string) string { return strings.Replace(goodEval, old, new, 1) }
	entry := func(e string) string { return evalWith(`entrypoint = "main.py"`, "entrypoint = "+e) }
	add := func(line string) string { return evalWith("dataset", line+"\ndataset") }
	training := func(line string) string { return strings.Replace(goodTraining, "dataset", line+"\ndataset", 1) }
	ws := func(evals tree) tree {
		t := tree{"configs/eval/multiply-agent.toml": absent}
		for k, v := range evals {
			t[k] = v
		}
		return withWS(t)
	}
	runRuleCases(t, "eval-train-mismatch", []ruleCase{
		{
			name: "the one eval config runs another entrypoint",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": entry(`"other.py"`)}),
			want: []string{"3:14-3:23 eval-train-mismatch experiment.entrypoint"},
			msg:  []string{"the one eval config of rollout multiply-agent, configs/eval/a.toml, runs entrypoint other.py, not main.py"},
		},
		{
			name: "another branch",
			src:  training(`branch = "train"`),
			ws:   ws(tree{"configs/eval/a.toml": add(`branch = "eval"`)}),
			want: []string{"5:10-5:17 eval-train-mismatch experiment.branch"},
		},
		{
			name: "another commit",
			src:  training(`commit_sha = "3f2a9c1d"`),
			ws:   ws(tree{"configs/eval/a.toml": add(`commit_sha = "aaaaaaa"`)}),
			want: []string{"5:14-5:24 eval-train-mismatch experiment.commit_sha"},
		},
		{
			name: "no eval config of several runs it",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": entry(`"a.py"`), "configs/eval/b.toml": entry(`"b.py"`)}),
			want: []string{"3:14-3:23 eval-train-mismatch experiment.entrypoint"},
			msg:  []string{"no eval config of rollout multiply-agent runs entrypoint main.py (configs/eval/a.toml runs entrypoint a.py; configs/eval/b.toml runs entrypoint b.py)"},
		},
		{
			name: "one of several runs it",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": entry(`"a.py"`), "configs/eval/b.toml": goodEval}),
		},
		{
			name: "the same entrypoint written another way",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": entry(`"./main.py"`)}),
		},
		{
			name: "an abbreviated commit",
			src:  training(`commit_sha = "3F2A9C1D"`),
			ws:   ws(tree{"configs/eval/a.toml": add(`commit_sha = "3f2a9c1d0e5b"`)}),
		},
		{
			name: "the eval config leaves the branch out",
			src:  training(`branch = "train"`),
			ws:   rolloutWS,
		},
		{
			name: "the training config leaves the branch out",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": add(`branch = "eval"`)}),
		},
		{
			name: "a branch against a commit cannot be compared",
			src:  training(`branch = "train"`),
			ws:   ws(tree{"configs/eval/a.toml": add(`commit_sha = "3f2a9c1d"`)}),
		},
		{
			name: "a placeholder in the eval config",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": entry(`"<your-entrypoint>"`)}),
		},
		{
			name: "one eval config of the rollout does not parse whole",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": entry(`"other.py"`), "configs/eval/b.toml": "[experiment\n"}),
		},
		{
			name: "eval configs of another rollout",
			src:  goodTraining,
			ws:   ws(tree{"configs/eval/a.toml": strings.Replace(entry(`"other.py"`), `"multiply-agent"`, `"other"`, 1)}),
		},
		{
			name: "a training config that does not parse whole",
			src:  goodTraining + "[training\n",
			ws:   ws(tree{"configs/eval/a.toml": entry(`"other.py"`)}),
		},
	})
}
