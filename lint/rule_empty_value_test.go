package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// experimentWith is goodTraining with one [experiment] value replaced.
func experimentWith(key, value string) string {
	var out []string
	for _, line := range strings.Split(goodTraining, "\n") {
		if strings.HasPrefix(line, key+" = ") {
			line = key + " = " + value
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func TestEmptyValue(t *testing.T) {
	b := schema.Benchmark
	agent := func(model string) string {
		return benchHead + "\n[[agents]]\nharness = \"codex\"\n\n[agents.model]\n" + model
	}
	runRuleCases(t, "empty-value", []ruleCase{
		{
			name: "an empty dataset",
			src:  experimentWith("dataset", `""`),
			want: []string{"5:11-5:13 empty-value experiment.dataset"},
			msg:  []string{"`dataset` in [experiment] is empty: the platform needs a value here (such as `multiply`)"},
		},
		{
			name: "a blank model_path, eval too",
			kind: schema.Eval,
			src:  strings.Replace(goodEval, `"openai/gpt-5-mini"`, `"  "`, 1),
			want: []string{"4:14-4:18 empty-value experiment.model_path"},
			msg:  []string{"holds only whitespace"},
		},
		{
			name: "whitespace of any kind Python strips",
			src:  experimentWith("dataset", `"\t\u3000"`),
			want: []string{"5:11-5:21 empty-value experiment.dataset"},
		},
		{
			name: "an empty benchmark",
			kind: b,
			src:  strings.Replace(goodBenchmark, `"terminal-bench"`, `""`, 1),
			want: []string{"2:13-2:15 empty-value experiment.benchmark"},
		},
		{
			name: "an empty harness: better left out",
			kind: b,
			src:  strings.Replace(goodBenchmark, `harness = "codex"`, `harness = ""`, 1),
			want: []string{"5:11-5:13 empty-value agents.0.harness"},
			msg:  []string{"`harness` in [agents] of agent 1 is empty: give it a value (such as `codex`), or remove the key for the default"},
		},
		{
			name: "provider, endpoint and hosted model names",
			kind: b,
			src: agent("type = \"provider\"\nmodel = \" \"\napi_key_secret = \"OPENAI_API_KEY\"\n") +
				"\n[[agents]]\n[agents.model]\ntype = \"endpoint\"\nbase_url = \"\"\nmodel = \"m\"\napi_key_secret = \"K\"\n" +
				"\n[[agents]]\n[agents.model]\ntype = \"hosted\"\nbase_model = \"\"\nlora_model_name = \"\"\n",
			want: []string{
				"9:9-9:12 empty-value agents.0.model.provider.model",
				"15:12-15:14 empty-value agents.1.model.endpoint.base_url",
				"22:14-22:16 empty-value agents.2.model.hosted.base_model",
				"23:19-23:21 empty-value agents.2.model.hosted.lora_model_name",
			},
		},
		{
			name: "one finding for an empty model_path, not also an unknown model",
			src:  experimentWith("model_path", `""`),
			want: []string{"4:14-4:16 empty-value experiment.model_path"},
		},
		{
			name: "values",
			src:  goodTraining,
		},
		{
			name: "empty values the CLI refuses are other rules'",
			src:  experimentWith("rollout", `""`) + "branch = \"\"\n",
		},
		{
			name: "empty [env] values and [advanced] strings are legal",
			src:  goodTraining + "\n[env]\nEMPTY = \"\"\n\n[advanced]\nnote = \"\"\n",
		},
		{
			name: "no harness at all",
			kind: b,
			src:  strings.Replace(goodBenchmark, "harness = \"codex\"\n", "", 1),
		},
	})
}
