package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestEnvReserved(t *testing.T) {
	env := func(lines string) string { return goodTraining + "\n[env]\n" + lines }
	runRuleCases(t, "env-reserved", []ruleCase{
		{
			name: "the prefix",
			src:  env("_OSMOSIS_DEBUG = \"1\"\n"),
			want: []string{"8:1-8:15 env-reserved env._OSMOSIS_DEBUG"},
		},
		{
			name: "the bare prefix",
			kind: schema.Eval,
			src:  goodEval + "\n[env]\n_OSMOSIS_ = \"1\"\n",
			want: []string{"11:1-11:10 env-reserved env._OSMOSIS_"},
		},
		{
			name: "the bare prefix with a trailing newline is still reserved",
			src:  env("\"_OSMOSIS_\\n\" = \"1\"\n"),
			want: []string{"8:1-8:14 env-reserved \"env._OSMOSIS_\\n\""},
		},
		{
			name: "in an agent's env",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[agents.env]\n_OSMOSIS_X = \"x\"\n",
			want: []string{"13:1-13:11 env-reserved agents.0.env._OSMOSIS_X"},
		},
		{
			name: "almost the prefix",
			src:  env("OSMOSIS_DEBUG = \"1\"\n_OSMOSIS = \"1\"\n__OSMOSIS_X = \"1\"\n"),
		},
		{
			name: "lower case is env-name's",
			src:  env("_osmosis_x = \"1\"\n"),
		},
	})
}
