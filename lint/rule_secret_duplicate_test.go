package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestSecretDuplicate(t *testing.T) {
	secrets := func(list string) string { return goodTraining + "\n[secrets]\nrequired = " + list + "\n" }
	runRuleCases(t, "secret-duplicate", []ruleCase{
		{
			name: "twice: the repeat is reported",
			src:  secrets(`["OPENAI_API_KEY", "OPENAI_API_KEY"]`),
			want: []string{"8:31-8:47 secret-duplicate secrets.required.1"},
			msg:  []string{"listed twice in [secrets] required (first on line 8)"},
		},
		{
			name: "three times, across lines",
			kind: schema.Eval,
			src:  evalHead + "\n[secrets]\nrequired = [\n  \"A\",\n  \"B\",\n  \"A\",\n  'A',\n]\n",
			want: []string{"11:3-11:6 secret-duplicate secrets.required.2", "12:3-12:6 secret-duplicate secrets.required.3"},
		},
		{
			name: "distinct names",
			src:  secrets(`["A", "B", "A_"]`),
		},
		{
			name: "case matters",
			src:  secrets(`["HF_TOKEN", "HF_token"]`),
		},
		{
			name: "benchmark configs may repeat names",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[secrets]\nrequired = [\"A\", \"A\"]\n",
		},
	})
}
