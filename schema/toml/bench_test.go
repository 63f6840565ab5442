package toml

import (
	"fmt"
	"strings"
	"testing"
)

const benchConfig = `# Multiply training
[experiment]
rollout = "multiply-agent"
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

func BenchmarkParse(b *testing.B) {
	src := []byte(benchConfig)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(src)
	}
}

func BenchmarkParse300Lines(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(benchConfig)
	sb.WriteString("\n[advanced]\n")
	for i := 0; i < 130; i++ {
		fmt.Fprintf(&sb, "# knob %d\nknob_%d = %d\n", i, i, i)
	}
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(src)
	}
}
