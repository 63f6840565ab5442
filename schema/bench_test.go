package schema

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

const benchConfig = `[experiment]
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
rollout_top_p = 1.5

[env]
LOG_LEVEL = "INFO"
log-level = "x"

[secrets]
required = ["OPENAI_API_KEY", "OPENAI_API_KEY"]
`

func BenchmarkValidate(b *testing.B) {
	doc := toml.Parse([]byte(benchConfig))
	s := For(Training)
	if n := len(s.Validate(doc)); n != 3 {
		b.Fatalf("%d issues", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Validate(doc)
	}
}

// BenchmarkReferenceValidate measures the reference validator on the same
// document, for comparison (conversion to JSON values included).
func BenchmarkReferenceValidate(b *testing.B) {
	doc := toml.Parse([]byte(benchConfig))
	b.ReportAllocs()
	for b.Loop() {
		oracleIssues(b, Training, doc)
	}
}

// cleanConfig is an ordinary training config without issues (as the
// runner's benchmark workspace holds).
const cleanConfig = `# Training run 1
[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"
commit_sha = "0123456789abcdef"

[training]
lr = 1e-6
total_epochs = 2
n_samples_per_prompt = 8
rollout_batch_size = 16

[sampling]
rollout_temperature = 1.0
rollout_top_p = 0.95

[checkpoints]
eval_interval = 10
checkpoint_save_freq = 20

[env]
LOG_LEVEL = "INFO"
RUN_ID = "1"

[secrets]
required = ["OPENAI_API_KEY"]
`

// BenchmarkValidateClean measures the validation of a config without
// issues, the common case of a run.
func BenchmarkValidateClean(b *testing.B) {
	doc := toml.Parse([]byte(cleanConfig))
	s := For(Training)
	if is := s.Validate(doc); len(is) != 0 {
		b.Fatalf("%d issues: %+v", len(is), is[0])
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Validate(doc)
	}
}
