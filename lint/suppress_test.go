package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// TestSuppressions checks every finding of a config with suppression
// comments: what they hide and what they leave.
func TestSuppressions(t *testing.T) {
	for _, c := range []struct {
		name string
		kind schema.Kind
		src  string
		want []string
	}{
		{
			name: "on the line: only the named rule",
			src:  trainingWith("lrr = 0 # osmosis-lint: ignore[unknown-key] kept for the old runner\nlr = 0\n"),
			want: []string{"8:6-8:7 param-range training.lr"},
		},
		{
			name: "on the line: another rule on the same line stays",
			src:  trainingWith("lr = 5 # osmosis-lint: ignore[param-range]\n"),
			want: []string{"7:6-7:7 param-limit training.lr", `7:8-7:43 unused-suppression ""`},
		},
		{
			name: "on the line above: only the next line",
			src:  trainingWith("# osmosis-lint: ignore[unknown-key]\nlrr = 1e-6\nlrs = 1e-6\n"),
			want: []string{"9:1-9:4 unknown-key training.lrs"},
		},
		{
			name: "a trailing comment does not reach the next line",
			src:  trainingWith("lr = 1e-6 # osmosis-lint: ignore[unknown-key]\nlrr = 1e-6\n"),
			want: []string{`7:11-7:46 unused-suppression ""`, "8:1-8:4 unknown-key training.lrr"},
		},
		{
			name: "two rules in one comment",
			src:  "sampling = { rollout_top_p = 2, rollout_temperature = 3 } # osmosis-lint: ignore[param-range, param-limit]\n" + goodTraining,
		},
		{
			name: "each name of a list must hide something on its line",
			src:  trainingWith("n_samples_per_prompt = 1 # osmosis-lint: ignore[grpo-group-size, unknown-key]\nlrr = 1e-6  # osmosis-lint: ignore[grpo-group-size, unknown-key]\n"),
			want: []string{`7:66-7:77 unused-suppression ""`, `8:36-8:51 unused-suppression ""`},
		},
		{
			name: "a bare ignore hides every rule of its line",
			src:  trainingWith("lr = 5 # osmosis-lint: ignore\nlrr = 0\n"),
			want: []string{"8:1-8:4 unknown-key training.lrr"},
		},
		{
			name: "ignore-file in the leading comment block hides the rule everywhere",
			src:  "# Multiply run\n# osmosis-lint: ignore-file[unknown-key, param-limit] migrating\n" + trainingWith("lrr = 1\nlrs = 1\nlr = 5\nlr2 = 0\n"),
		},
		{
			name: "a bare ignore-file hides everything but syntax errors",
			src:  "# osmosis-lint: ignore-file\n" + trainingWith("lrr = 1\nlrr = 2\n"),
			want: []string{`9:1-9:4 toml-syntax ""`},
		},
		{
			name: "ignore-file after the first statement hides nothing",
			src:  goodTraining + "# osmosis-lint: ignore-file[unknown-key]\n[training]\nlrr = 1\n",
			want: []string{`6:1-6:41 unused-suppression ""`, "8:1-8:4 unknown-key training.lrr"},
		},
		{
			name: "a misspelled rule hides nothing",
			src:  trainingWith("lrr = 1 # osmosis-lint: ignore[unknown-kye]\n"),
			want: []string{"7:1-7:4 unknown-key training.lrr", `7:32-7:43 unused-suppression ""`},
		},
		{
			name: "a malformed comment hides nothing",
			src:  trainingWith("lrr = 1 # osmosis-lint: ignore[unknown-key\n"),
			want: []string{"7:1-7:4 unknown-key training.lrr", `7:9-7:43 unused-suppression ""`},
		},
		{
			name: "syntax errors stay",
			src:  trainingWith("lr = 1e-6\nlr = 2e-6 # osmosis-lint: ignore\n"),
			want: []string{`8:1-8:3 toml-syntax ""`, `8:11-8:33 unused-suppression ""`},
		},
		{
			name: "a finding on a header line",
			src:  goodTraining + "\n[evaluation] # osmosis-lint: ignore[unknown-section] shared with eval\nn = 1\n",
		},
		{
			name: "a file-level finding on line 1",
			kind: schema.Eval,
			src:  "# osmosis-lint: ignore-file[missing-section]\n" + goodTraining,
		},
		{
			name: "inside a multi-line list",
			src:  goodTraining + "\n[secrets]\nrequired = [\n  \"openai-key\", # osmosis-lint: ignore[secret-name]\n  \"hf-token\",\n]\n",
			want: []string{"10:3-10:13 secret-name secrets.required.1"},
		},
		{
			name: "a comment cannot suppress unused-suppression itself",
			src:  trainingWith("lr = 1e-6 # osmosis-lint: ignore[unused-suppression]\n"),
			want: []string{`7:34-7:52 unused-suppression ""`},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			kind := c.kind
			if kind == "" {
				kind = schema.Training
			}
			fs := Check([]byte(c.src), Input{Path: "configs/" + string(kind) + "/run.toml", Kind: kind})
			var got []string
			for _, f := range fs {
				got = append(got, formatFinding(f))
			}
			if d := diffLines(c.want, got); d != "" {
				t.Errorf("findings differ (-want +got):\n%s\nall findings:\n%s\nsource:\n%s", d, describeFindings(fs), numbered(c.src))
			}
		})
	}
}
