package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestTOMLSyntax(t *testing.T) {
	runRuleCases(t, "toml-syntax", []ruleCase{
		{
			name: "a duplicate key: on the second one",
			src:  goodTraining + "\n[training]\nlr = 1e-6\nlr = 2e-6\n",
			want: []string{`9:1-9:3 toml-syntax ""`},
			msg:  []string{"duplicate key lr: it is already defined (line 8)"},
		},
		{
			name: "a table defined twice",
			src:  goodTraining + "\n[training]\n\n[training]\n",
			want: []string{`9:2-9:10 toml-syntax ""`},
		},
		{
			name: "TOML 1.1: a trailing comma in an inline table",
			src:  "training = { lr = 1e-6, }\n" + goodTraining,
			want: []string{`1:23-1:24 toml-syntax ""`},
			msg:  []string{"TOML 1.0"},
		},
		{
			name: "TOML 1.1: a newline in an inline table",
			src:  "training = { lr = 1e-6,\n  total_epochs = 1 }\n" + goodTraining,
			want: []string{`1:24-2:1 toml-syntax ""`},
		},
		{
			name: "TOML 1.1: the \\e escape and \\x escapes",
			src:  goodTraining + "\n[env]\nA = \"\\e[0m\"\nB = \"\\x41\"\n",
			want: []string{`8:6-8:8 toml-syntax ""`, `9:6-9:10 toml-syntax ""`},
		},
		{
			name: "TOML 1.1: a time without seconds",
			src:  goodTraining + "\n[advanced]\nstart = 10:30\n",
			want: []string{`8:9-8:14 toml-syntax ""`},
		},
		{
			name: "an impossible date",
			src:  goodTraining + "\n[advanced]\nday = 2026-02-30\n",
			want: []string{`8:7-8:17 toml-syntax ""`},
		},
		{
			name: "a byte order mark",
			src:  "\ufeff" + goodTraining,
			want: []string{`1:1-1:2 toml-syntax ""`},
			msg:  []string{"byte order mark"},
		},
		{
			name: "DEL in a comment",
			src:  "# bad \x7f comment\n" + goodTraining,
			want: []string{`1:7-1:8 toml-syntax ""`},
		},
		{
			name: "invalid UTF-8",
			src:  goodTraining + "\n[env]\nA = \"\xff\"\n",
			want: []string{`8:6-8:7 toml-syntax ""`},
		},
		{
			name: "a missing value; the rest of the file is still checked",
			src:  goodTraining + "\n[training]\nlr =\ntotal_epochs = 1\n",
			want: []string{`8:4-8:5 toml-syntax ""`},
		},
		{
			// tomllib takes what Python can hold; number-overflow warns
			name: "numbers tomllib accepts",
			src:  goodTraining + "\n[advanced]\nbig = 99999999999999999999\nhuge = 1e400\nn = -nan\n",
		},
		{
			name: "TOML 1.0 features",
			kind: schema.Benchmark,
			src:  goodBenchmark + "\n[execution]\njudge_model = '''\nmulti\nline'''\nattempts_per_task = 0x10\nmax_retries = 1_000\ntimeout_multiplier = 1.5e0\npass_threshold = 2026-05-12T10:30:00Z\n",
		},
		{
			name: "CRLF line ends",
			src:  "[experiment]\r\nrollout = \"multiply-agent\"\r\nentrypoint = \"main.py\"\r\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\r\ndataset = \"multiply\"\r\n",
		},
	})
}
