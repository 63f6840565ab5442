package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestEnvName(t *testing.T) {
	env := func(lines string) string { return goodTraining + "\n[env]\n" + lines }
	runRuleCases(t, "env-name", []ruleCase{
		{
			name: "lower case",
			src:  env("log_level = \"INFO\"\n"),
			want: []string{"8:1-8:10 env-name env.log_level"},
		},
		{
			name: "starts with a digit, dash inside",
			src:  env("1X = \"a\"\nMY-VAR = \"b\"\n"),
			want: []string{"8:1-8:3 env-name env.1X", "9:1-9:7 env-name env.MY-VAR"},
		},
		{
			name: "quoted key with a space",
			src:  env("\"MY VAR\" = \"a\"\n"),
			want: []string{"8:1-8:9 env-name \"env.MY VAR\""},
		},
		{
			name: "non-ASCII letters",
			src:  env("\"ÄPFEL\" = \"a\"\n"),
			want: []string{"8:1-8:8 env-name env.ÄPFEL"},
		},
		{
			name: "empty name",
			src:  env("\"\" = \"a\"\n"),
			want: []string{"8:1-8:3 env-name env."},
		},
		{
			name: "in an agent's env",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[agents.env]\nlower = \"x\"\n",
			want: []string{"13:1-13:6 env-name agents.0.env.lower"},
		},
		{
			name: "in a benchmark's [env]",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[env]\nlower = \"x\"\n",
			want: []string{"13:1-13:6 env-name env.lower"},
		},
		{
			name: "good names",
			src:  env("LOG_LEVEL = \"INFO\"\n_PRIVATE = \"1\"\nA1_B2 = \"x\"\n_ = \"y\"\n"),
		},
		{
			// the CLI's $ matches before one trailing newline
			name: "a trailing newline is name-trailing-newline's",
			src:  env("\"ABC\\n\" = \"x\"\n"),
		},
		{
			name: "two trailing newlines",
			src:  env("\"ABC\\n\\n\" = \"x\"\n"),
			want: []string{"8:1-8:10 env-name \"env.ABC\\n\\n\""},
		},
	})
}
