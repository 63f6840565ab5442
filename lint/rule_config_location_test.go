package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestConfigLocation(t *testing.T) {
	runRuleCases(t, "config-location", []ruleCase{
		{
			name: "a directory under configs/ that is no kind",
			path: "configs/train/run.toml",
			src:  "# my run\n" + goodTraining,
			ws:   rolloutWS,
			want: []string{"1:1-1:9 config-location \"\""},
			msg:  []string{"configs/train/run.toml is under configs/ but not in configs/training/"},
		},
		{
			name: "outside configs/",
			path: "experiments/run.toml",
			src:  goodTraining,
			ws:   rolloutWS,
			want: []string{"1:1-1:13 config-location \"\""},
		},
		{
			name: "checked as another kind",
			kind: schema.Training,
			path: "configs/eval/run.toml",
			src:  goodTraining,
			ws:   rolloutWS,
			want: []string{"1:1-1:13 config-location \"\""},
			msg:  []string{"is under configs/eval/ but is checked as a training config"},
		},
		{
			name: "a symlink into another kind's directory",
			path: "configs/training/link.toml",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/real.toml": goodTraining, "configs/training/link.toml": "->../eval/real.toml"}),
			want: []string{"1:1-1:13 config-location \"\""},
		},
		{
			name: "a symlink that leaves the workspace",
			path: "configs/training/link.toml",
			src:  goodTraining,
			ws:   withWS(tree{"../outside/run.toml": goodTraining, "configs/training/link.toml": "->../../../outside/run.toml"}),
			want: []string{"1:1-1:13 config-location \"\""},
			msg:  []string{"outside the workspace"},
		},
		{
			name: "an empty first line",
			path: "configs/train/run.toml",
			src:  "\n" + goodTraining,
			ws:   rolloutWS,
			want: []string{"1:1-1:1 config-location \"\""},
		},
		{
			name: "in its kind's directory",
			src:  goodTraining,
			ws:   rolloutWS,
		},
		{
			name: "in a sub-directory of its kind's directory",
			path: "configs/training/team/a/run.toml",
			src:  goodTraining,
			ws:   rolloutWS,
		},
		{
			name: "a symlink inside the same kind's directory",
			path: "configs/training/link.toml",
			src:  goodTraining,
			ws:   withWS(tree{"configs/training/sub/real.toml": goodTraining, "configs/training/link.toml": "->sub/real.toml"}),
		},
		{
			name: "benchmark configs",
			kind: schema.Benchmark,
			path: "configs/benchmark/tb.toml",
			src:  goodBenchmark,
			ws:   rolloutWS,
		},
	})
}
