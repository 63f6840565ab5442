package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRun1000Rollout is BenchmarkRun1000 with a realistic rollout:
// an entrypoint of 60 lines that imports a helpers module and a tools
// module of the rollout (the entrypoint rules read each once a run).
func BenchmarkRun1000Rollout(b *testing.B) {
	root := benchWorkspace(b, 1000)
	dir := filepath.Join(root, "rollouts", "multiply-agent")
	src := filepath.Join("..", "..", "workspace", "python", "testdata", "mutate")
	for name, from := range map[string]string{"main.py": "rollout.py", "tools.py": "tools.py"} {
		data, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	helpers := "import re\n\n\ndef normalize(text: str) -> str:\n    return re.sub(r\"\\s+\", \" \", text).strip()\n\n\ndef parse_answer(text: str) -> str | None:\n    return normalize(text) or None\n"
	if err := os.WriteFile(filepath.Join(dir, "helpers.py"), []byte(helpers), 0o644); err != nil {
		b.Fatal(err)
	}
	benchRun(b, root)
}
