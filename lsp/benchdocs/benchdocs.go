// Package benchdocs holds the documents the language server is measured
// on, shared by the lsp package's benchmarks and .ci/bench's harness
// (cmd/internal/bench), so that both edit the same text.
package benchdocs

import (
	"fmt"
	"strings"
)

// Config300 is a training config of 300 lines: every section, comments,
// an [advanced] table and a long [env] table, with one unknown key
// (lerning_rate).
func Config300() string {
	var b strings.Builder
	b.WriteString("# A long training config: the reference run with every section set.\n")
	b.WriteString("# Command: osmosis train submit configs/training/long.toml\n\n")
	b.WriteString("[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n")
	b.WriteString("[training]\nlr = 1e-6\ntotal_epochs = 2\nn_samples_per_prompt = 8\nrollout_batch_size = 32\nmax_prompt_length = 4096\nmax_response_length = 8192\nlerning_rate = 1\n\n")
	b.WriteString("[sampling]\nrollout_temperature = 1.0\nrollout_top_p = 0.95\n\n")
	b.WriteString("[checkpoints]\ncheckpoint_save_freq = 20\neval_interval = 10\n\n")
	b.WriteString("[advanced]\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "option_%02d = %d\n", i, i)
	}
	b.WriteString("\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"WANDB_API_KEY\"]\n\n[env]\n")
	for n := strings.Count(b.String(), "\n"); n < 299; n++ {
		if n%10 == 0 {
			fmt.Fprintf(&b, "# group %d\n", n/10)
			continue
		}
		fmt.Fprintf(&b, "SETTING_%03d = \"value-%d\"\n", n, n)
	}
	b.WriteString("LAST = \"end\"\n")
	return b.String()
}

// UnknownKeys is a training config with n unknown keys in [training]: a
// file of findings on every line (2 MB at 80,000 keys). Its line
// "lr = 1e-6" is the one the benchmarks edit.
func UnknownKeys(n int) string {
	var b strings.Builder
	b.WriteString("[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n\n[training]\nlr = 1e-6\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "unknown_key_%06d = %d\n", i, i)
	}
	return b.String()
}
