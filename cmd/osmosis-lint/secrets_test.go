package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoOutputPrintsACredential runs every output of check and doctor on a
// workspace whose config holds credentials next to lines that fixes change
// (so that diffs show them as context or as removed lines): no output
// prints one, whatever the rules selected.
func TestNoOutputPrintsACredential(t *testing.T) {
	// built from parts so that this file holds no key-shaped literal
	openai := "sk-proj-" + strings.Repeat("Q7vX2mLp9Rt4Wk8N", 3)
	anthropic := "sk-ant-api03-" + strings.Repeat("Zx9Yw8Vu7Ts6Rq5P", 4)
	gh := "ghp_" + strings.Repeat("a1B2c3D4e5", 3) + "F6g7H8"
	password := "Tr0ub4" + "dor&3x"
	secrets := []string{openai, anthropic, gh, password}
	tails := func(s string) []string {
		var out []string
		for _, x := range secrets {
			out = append(out, x[len(x)-10:], strings.ToUpper(x[len(x)-10:]))
		}
		return out
	}(openai)
	src := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\n" +
		"dataset = \"data/multiply.jsonl\"\nOPENAI_API_KEY = \"" + openai + "\"\n\n[training]\nn_sample_per_prompt = 8\n\n" +
		"[env]\nANTHROPIC_API_KEY = \"" + anthropic + "\"\nDB_PASSWORD = \"" + password + "\"\n# GH_TOKEN = \"" + gh + "\"\n\n" +
		"[secrets]\nrequired = [\"" + gh + "\"]\n"
	ws := copyExample(t)
	cfg := filepath.Join("configs", "training", "leak.toml")
	write := func() {
		if err := os.WriteFile(filepath.Join(ws, cfg), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write()
	t.Chdir(ws)
	leaked := func(out string) string {
		for _, s := range append(secrets, tails...) {
			if strings.Contains(out, s) {
				return s
			}
		}
		return ""
	}
	runs := [][]string{
		{"check", "--diff"}, {"check", "--diff", "--unsafe-fixes"}, {"check", "--diff", "--unsafe-fixes", "--ignore", "secret-in-env"},
		{"check", "--select", "unknown-key"}, {"check", "--ignore", "secret-in-env"}, {"check", "--statistics"},
		{"check", "--unsafe-fixes", "--diff", "--format", "json"},
		{"doctor"}, {"doctor", "--format", "json"},
	}
	for _, format := range []string{"text", "concise", "grouped", "json", "sarif", "github", "gitlab", "junit"} {
		runs = append(runs, []string{"check", "--format", format}, []string{"check", "--format", format, "--select", "ALL", "--ignore", "secret-in-env"})
	}
	for _, args := range runs {
		_, out, errs := invoke(t, "", append(args, "--color", "always")...)
		if s := leaked(out + errs); s != "" {
			t.Errorf("%s prints %q:\n%s\n%s", strings.Join(args, " "), s, out, errs)
		}
	}
	// the same on standard input
	for _, args := range [][]string{{"check", "--diff", "--unsafe-fixes"}, {"check"}, {"check", "--format", "json"}} {
		_, out, errs := invoke(t, src, append(args, "--stdin-filename", cfg, "-")...)
		if s := leaked(out + errs); s != "" {
			t.Errorf("%s - prints %q:\n%s\n%s", strings.Join(args, " "), s, out, errs)
		}
	}
	// --fix: the report, the list of fixes, and the file, which gains no copy
	for _, args := range [][]string{{"check", "--fix", "--unsafe-fixes", "--show-fixes"}, {"check", "--fix", "--unsafe-fixes", "--show-fixes", "--format", "json"}, {"doctor", "--fix"}} {
		write()
		_, out, errs := invoke(t, "", args...)
		if s := leaked(out + errs); s != "" {
			t.Errorf("%s prints %q:\n%s\n%s", strings.Join(args, " "), s, out, errs)
		}
		got, _ := os.ReadFile(cfg)
		for _, s := range secrets {
			if strings.Count(string(got), s) > strings.Count(src, s) {
				t.Errorf("%s copied %q in the file:\n%s", strings.Join(args, " "), s, got)
			}
		}
	}
	// the masked diff still says what changed
	write()
	_, out, _ := invoke(t, "", "check", "--diff", "--unsafe-fixes", cfg)
	if !strings.Contains(out, "-n_sample_per_prompt = 8\n+n_samples_per_prompt = 8\n") || !strings.Contains(out, ` ANTHROPIC_API_KEY = "sk-ant-api03-****`) {
		t.Errorf("the diff lost the change or the masked context:\n%s", out)
	}
}
