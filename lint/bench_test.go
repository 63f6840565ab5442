package lint

import (
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

func BenchmarkCheckOne(b *testing.B) {
	src := []byte(benchTraining)
	in := Input{Path: "configs/training/run.toml", Kind: schema.Training}
	Check(src, in)
	b.ReportAllocs()
	for b.Loop() {
		Check(src, in)
	}
}
