package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// names lists n TOML strings PREFIX0, PREFIX1, ...
func names(prefix string, n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf("%q", fmt.Sprintf("%s%d", prefix, i))
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// hostedAgents is n [[agents]] tables of five lines each.
func hostedAgents(n int) string {
	return strings.Repeat("[[agents]]\n[agents.model]\ntype = \"hosted\"\nbase_model = \"b\"\nlora_model_name = \"l\"\n", n)
}

func TestListLength(t *testing.T) {
	b := schema.Benchmark
	runRuleCases(t, "list-length", []ruleCase{
		{
			name: "no agents",
			kind: b,
			src:  "agents = []\n" + benchHead,
			want: []string{"1:10-1:12 list-length agents"},
			msg:  []string{"needs at least 1 item; found 0"},
		},
		{
			name: "nine agents: the ninth is reported",
			kind: b,
			src:  benchHead + hostedAgents(9),
			want: []string{"43:1-43:11 list-length agents"},
			msg:  []string{"takes at most 8 items; found 9"},
		},
		{
			name: "seventeen secrets: the seventeenth is reported",
			kind: b,
			src:  goodBenchmark + "\n[secrets]\nrequired = " + names("S", 17) + "\n",
			want: []string{"13:115-13:120 list-length secrets.required"},
			msg:  []string{"[secrets] required lists at most 16 secrets; found 17"},
		},
		{
			name: "seventeen verifier secrets",
			kind: b,
			src:  goodBenchmark + "\n[verifier]\nrequired = " + names("V", 17) + "\n",
			want: []string{"13:115-13:120 list-length verifier.required"},
		},
		{
			name: "eight agents, sixteen secrets",
			kind: b,
			src:  benchHead + hostedAgents(8) + "\n[secrets]\nrequired = " + names("S", 16) + "\n\n[verifier]\nrequired = " + names("V", 16) + "\n",
		},
		{
			name: "a training config may list more secrets",
			src:  goodTraining + "\n[secrets]\nrequired = " + names("S", 17) + "\n",
		},
	})
}
