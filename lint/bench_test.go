package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

const benchTraining = `# Multiply training
[experiment]
rollout = "multiply-local-openai"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"

[training]
lr = 1e-6
total_epochs = 2
n_samples_per_prompt = 8
rollout_batch_size = 16

[sampling]
rollout_temperature = 1.0
rollout_top_p = 1.0

[checkpoints]
eval_interval = 10
checkpoint_save_freq = 20

[env]
LOG_LEVEL = "INFO"

[secrets]
required = ["OPENAI_API_KEY"]
`

// bigTraining is a 300-line training config: every section, comments, a
// long [env] and [advanced], a few mistakes.
func bigTraining() string {
	var b strings.Builder
	b.WriteString("# A long training config, as a team grows one.\n# Command: osmosis train submit configs/training/big.toml\n\n")
	b.WriteString("[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\nbranch = \"main\"\n\n")
	b.WriteString("[training]\n# learning rate\nlr = 2e-6\ntotal_epochs = 3\nn_samples_per_prompt = 8\nrollout_batch_size = 64\nmax_prompt_length = 4096\nmax_response_length = 8192\nagent_workflow_timeout_s = 600\ngrader_timeout_s = 120\n\n")
	b.WriteString("[sampling]\nrollout_temperature = 0.9\nrollout_top_p = 0.95\n\n[checkpoints]\neval_interval = 20\ncheckpoint_save_freq = 40\n\n")
	b.WriteString("[advanced]\n")
	for i := 0; len(strings.Split(b.String(), "\n")) < 150; i++ {
		fmt.Fprintf(&b, "# knob %d\nplatform_knob_%d = %d\n", i, i, i*7)
	}
	b.WriteString("\n[env]\n")
	for i := 0; len(strings.Split(b.String(), "\n")) < 292; i++ {
		fmt.Fprintf(&b, "FEATURE_FLAG_%d = \"value-%d\"  # flag %d\n", i, i, i)
	}
	b.WriteString("\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"WANDB_API_KEY\"]\n")
	return b.String()
}

func BenchmarkCheckOne(b *testing.B) {
	src := []byte(benchTraining)
	in := Input{Path: "configs/training/run.toml", Kind: schema.Training}
	Check(src, in)
	b.ReportAllocs()
	for b.Loop() {
		Check(src, in)
	}
}

func BenchmarkCheck300Lines(b *testing.B) {
	src := []byte(bigTraining())
	if n := strings.Count(string(src), "\n"); n < 290 || n > 310 {
		b.Fatalf("the config has %d lines", n)
	}
	in := Input{Path: "configs/training/big.toml", Kind: schema.Training}
	Check(src, in)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Check(src, in)
	}
}
