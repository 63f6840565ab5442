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
			src:  trainingWith("lr = 50 # osmosis-lint: ignore[param-limit] kept for the old runner\nn_samples_per_prompt = 0\n"),
			want: []string{"8:24-8:25 param-range training.n_samples_per_prompt"},
		},
		{
			name: "on the line: another rule on the same line stays",
			src:  trainingWith("lr = 5 # osmosis-lint: ignore[param-range]\n"),
			want: []string{"7:6-7:7 param-limit training.lr", `7:8-7:43 unused-suppression ""`},
		},
		{
			name: "on the line above: only the next line",
			src:  trainingWith("# osmosis-lint: ignore[param-limit]\nlr = 50\ntotal_epochs = 20000\n"),
			want: []string{"9:16-9:21 param-limit training.total_epochs"},
		},
		{
			name: "a trailing comment does not reach the next line",
			src:  trainingWith("lr = 1e-6 # osmosis-lint: ignore[param-limit]\ntotal_epochs = 20000\n"),
			want: []string{`7:11-7:46 unused-suppression ""`, "8:16-8:21 param-limit training.total_epochs"},
		},
		{
			name: "two rules in one comment",
			src:  "sampling = { rollout_top_p = 2, rollout_temperature = 3 } # osmosis-lint: ignore[param-range, param-limit]\n" + goodTraining,
		},
		{
			name: "each name of a list must hide something on its line",
			src:  trainingWith("n_samples_per_prompt = 1 # osmosis-lint: ignore[grpo-group-size, param-limit]\nlr = 50  # osmosis-lint: ignore[grpo-group-size, param-limit]\n"),
			want: []string{`7:66-7:77 unused-suppression ""`, `8:33-8:48 unused-suppression ""`},
		},
		{
			name: "a bare ignore hides every rule of its line",
			src:  trainingWith("lr = 5 # osmosis-lint: ignore\ntotal_epochs = 20000\n"),
			want: []string{"8:16-8:21 param-limit training.total_epochs"},
		},
		{
			name: "ignore-file in the leading comment block hides the rule everywhere",
			src:  "# Multiply run\n# osmosis-lint: ignore-file[param-range, param-limit] migrating\n" + trainingWith("lr = 5\ntotal_epochs = 0\nn_samples_per_prompt = 2000\nrollout_batch_size = 0\n"),
		},
		{
			name: "a bare ignore-file hides everything but syntax and submit errors, and says so",
			src:  "# osmosis-lint: ignore-file\n" + trainingWith("lr = 5\nlr = 6\nlrr = 1\n"),
			want: []string{`1:1-1:28 unused-suppression ""`, `9:1-9:3 toml-syntax ""`, "10:1-10:4 unknown-key training.lrr"},
		},
		{
			name: "ignore-file after the first statement hides nothing",
			src:  goodTraining + "# osmosis-lint: ignore-file[param-limit]\n[training]\nlr = 5\n",
			want: []string{`6:1-6:41 unused-suppression ""`, "8:6-8:7 param-limit training.lr"},
		},
		{
			name: "a misspelled rule hides nothing",
			src:  trainingWith("lr = 5 # osmosis-lint: ignore[param-limt]\n"),
			want: []string{"7:6-7:7 param-limit training.lr", `7:31-7:41 unused-suppression ""`},
		},
		{
			name: "a malformed comment hides nothing",
			src:  trainingWith("lr = 5 # osmosis-lint: ignore[param-limit\n"),
			want: []string{"7:6-7:7 param-limit training.lr", `7:8-7:42 unused-suppression ""`},
		},
		{
			name: "syntax errors stay",
			src:  trainingWith("lr = 1e-6\nlr = 2e-6 # osmosis-lint: ignore\n"),
			want: []string{`8:1-8:3 toml-syntax ""`, `8:11-8:33 unused-suppression ""`},
		},
		{
			name: "a submit error stays whatever the comment says",
			src:  trainingWith("lrr = 0 # osmosis-lint: ignore[unknown-key] kept for the old runner\n"),
			want: []string{"7:1-7:4 unknown-key training.lrr", `7:32-7:43 unused-suppression ""`},
		},
		{
			name: "a submit error on a header line stays",
			src:  goodTraining + "\n[evaluation] # osmosis-lint: ignore[unknown-section] shared with eval\nn = 1\n",
			want: []string{"7:2-7:12 unknown-section evaluation", `7:37-7:52 unused-suppression ""`},
		},
		{
			name: "a file-level submit error stays",
			kind: schema.Eval,
			src:  "# osmosis-lint: ignore-file[missing-section]\n" + goodTraining,
			want: []string{`1:29-1:44 unused-suppression ""`, "2:1-2:13 missing-section secrets"},
		},
		{
			name: "inside a multi-line list",
			src:  goodTraining + "\n[secrets]\nrequired = [\n  \"OPENAI_API_KEY\\n\", # osmosis-lint: ignore[name-trailing-newline]\n  \"HF_TOKEN\\n\",\n]\n",
			want: []string{"10:3-10:15 name-trailing-newline secrets.required.1"},
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
