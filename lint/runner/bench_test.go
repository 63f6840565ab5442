package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchWorkspace writes a workspace with n configs of the three kinds, a
// rollout and a data file, and returns its root.
func benchWorkspace(b testing.TB, n int) string {
	b.Helper()
	root := b.TempDir()
	files := map[string]string{
		".git/HEAD":                              "ref: refs/heads/main\n",
		"pyproject.toml":                         "[project]\nname = \"bench\"\n",
		"rollouts/multiply-agent/main.py":        "def main():\n    pass\n",
		"rollouts/multiply-agent/pyproject.toml": "[project]\nname = \"multiply-agent\"\n",
		"data/multiply.jsonl":                    "{\"prompt\": \"2*3\", \"answer\": \"6\"}\n",
	}
	for i := 0; i < n; i++ {
		switch i % 10 {
		case 8:
			files[fmt.Sprintf("configs/eval/run-%04d.toml", i)] = strings.Replace(evalConfig, "{i}", fmt.Sprint(i), -1)
		case 9:
			files[fmt.Sprintf("configs/benchmark/run-%04d.toml", i)] = strings.Replace(benchmarkConfig, "{i}", fmt.Sprint(i), -1)
		default:
			cfg := strings.Replace(trainingConfig, "{b}", fmt.Sprint(1+i%64), -1)
			files[fmt.Sprintf("configs/training/team-%d/run-%04d.toml", i%7, i)] = strings.Replace(cfg, "{i}", fmt.Sprint(i), -1)
		}
	}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return root
}

const trainingConfig = `# Training run {i}
[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"

[training]
lr = 1e-6
total_epochs = 2
n_samples_per_prompt = 8
rollout_batch_size = {b}

[sampling]
rollout_temperature = 1.0
rollout_top_p = 0.95

[checkpoints]
eval_interval = 10
checkpoint_save_freq = 20

[env]
LOG_LEVEL = "INFO"
RUN_ID = "{i}"

[secrets]
required = ["OPENAI_API_KEY"]
`

const evalConfig = `# Evaluation {i}
[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "openai/gpt-5-mini"
dataset = "multiply"

[evaluation]
limit = 100

[secrets]
required = ["OPENAI_API_KEY"]
`

const benchmarkConfig = `# Benchmark {i}
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
`

// BenchmarkRun1000 checks a workspace of 1,000 configs through Run, as the
// CLI does: the walk, the workspace load, reading and checking in parallel.
func BenchmarkRun1000(b *testing.B) {
	benchRun(b, benchWorkspace(b, 1000))
}

// benchRun checks the workspace at root once, fails on an error finding,
// then measures Run on it.
func benchRun(b *testing.B, root string) {
	opts := Options{Dir: root, Root: root}
	out, err := Run(nil, opts)
	res := out.Files
	if err != nil {
		b.Fatal(err)
	}
	if len(res) != 1000 {
		b.Fatalf("%d files checked", len(res))
	}
	for _, r := range res {
		for _, f := range r.Findings {
			if f.IsError() {
				b.Fatalf("%s: %s [%s]", r.Path, f.Message, f.Rule)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(nil, opts); err != nil {
			b.Fatal(err)
		}
	}
}
