package doctor

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// benchWorkspace builds a workspace with n training configs.
func benchWorkspace(b *testing.B, n int) string {
	b.Helper()
	ws := b.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	for _, d := range []string{"rollouts/agent", "configs/training", "configs/eval", "data"} {
		if err := os.MkdirAll(filepath.Join(ws, d), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	for _, f := range []string{"AGENTS.md", "CLAUDE.md", "configs/AGENTS.md", "rollouts/agent/main.py"} {
		if err := os.WriteFile(filepath.Join(ws, f), []byte("x\n"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	_ = os.WriteFile(filepath.Join(ws, "rollouts/agent/pyproject.toml"), []byte("[project]\nname = \"agent\"\ndependencies = [\"osmosis-ai\"]\n"), 0o644)
	for i := 0; i < n; i++ {
		cfg := fmt.Sprintf("# run %d\n[experiment]\nrollout = \"agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[training]\nlr = 1e-6\nn_samples_per_prompt = 8\nrollout_batch_size = %d\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n", i, 16+i%16)
		if err := os.WriteFile(filepath.Join(ws, "configs", "training", fmt.Sprintf("run-%04d.toml", i)), []byte(cfg), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return ws
}

// BenchmarkDoctor1000Configs runs doctor on a workspace of 1,000 configs.
func BenchmarkDoctor1000Configs(b *testing.B) {
	ws := benchWorkspace(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(ws, Options{Dir: ws}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDoctorLargeDataset runs doctor on a workspace whose data/ holds
// a 200 MB JSONL file (reported as MB/s of dataset).
func BenchmarkDoctorLargeDataset(b *testing.B) {
	ws := benchWorkspace(b, 1)
	path := filepath.Join(ws, "data", "big.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var size int64
	for i := 0; size < 200<<20; i++ {
		n, _ := fmt.Fprintf(w, "{\"user_prompt\": \"What is %d times %d? Answer with the number only.\", \"ground_truth\": \"%d\"}\n", i, i+7, i*(i+7))
		size += int64(n)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		rep, err := Run(ws, Options{Dir: ws})
		if err != nil {
			b.Fatal(err)
		}
		if !rep.Valid {
			b.Fatalf("invalid: %+v", rep.Checks)
		}
	}
}
