package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestUnknownSection(t *testing.T) {
	runRuleCases(t, "unknown-section", []ruleCase{
		{
			name: "an eval section in a training config",
			src:  goodTraining + "\n[evaluation]\nn = 1\n",
			want: []string{"7:2-7:12 unknown-section evaluation"},
			msg:  []string{"a training config has only [experiment], [training]"},
		},
		{
			name: "a typo",
			kind: schema.Eval,
			src:  goodEval + "\n[evalution]\nn = 1\n",
			want: []string{"10:2-10:11 unknown-section evalution"},
			msg:  []string{"an eval config has only"},
		},
		{
			name: "a top-level key",
			src:  "name = \"run-1\"\n" + goodTraining,
			want: []string{"1:1-1:5 unknown-section name"},
			msg:  []string{"unknown top-level key `name`"},
		},
		{
			name: "the empty key at the top level",
			src:  "\"\" = 1\n" + goodTraining,
			want: []string{"1:1-1:3 unknown-section \"\""},
			msg:  []string{"unknown top-level key `\"\"`"},
		},
		{
			name: "a dotted table under an unknown section, reported once",
			src:  goodTraining + "\n[model.lora]\nrank = 8\n\n[model.opt]\nbeta = 1\n",
			want: []string{"7:2-7:7 unknown-section model"},
		},
		{
			name: "every section",
			src:  goodTraining + "\n[training]\n[sampling]\n[checkpoints]\n[advanced]\n[env]\n",
		},
		{
			name: "benchmark configs report unknown-key instead",
			kind: schema.Benchmark,
			src:  "harbor = 1\n" + goodBenchmark,
		},
		{
			name: "a legacy section is legacy-config's",
			kind: schema.Eval,
			src:  goodEval + "\n[llm]\nmodel = \"x\"\n",
		},
	})
}
