package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// TestNoRawControlCharacters: a workspace whose file names, keys and values
// hold terminal escapes, C1 controls and bidirectional overrides prints them
// escaped in check's and doctor's text output and their errors.
func TestNoRawControlCharacters(t *testing.T) {
	ws := copyExample(t)
	name := filepath.Join(ws, "configs", "training", "evil\x1b]0;owned\a\u202e.toml")
	src := "[experiment]\nrollout = \"multiply-agent\x1b[2J\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n\n[training]\nlr\u202e\u2066 = 1\n\"bad\x9b31m\" = 2\n\n[env]\nA = \"\x1b]8;;http://x\x1b\\\\link\"\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--no-color", name},
		{"check", "--oneline", name},
		{"doctor", "--no-color", ws},
		{"check", filepath.Join(ws, "configs", "training", "gone\x1b[2J.toml")},
	} {
		_, out, errs := invoke(t, "", args...)
		for what, text := range map[string]string{"stdout": out, "stderr": errs} {
			for _, r := range text {
				if r != '\n' && escape.Unsafe(r) {
					t.Errorf("%q: %s keeps %U:\n%s", args[0], what, r, text)
					break
				}
			}
		}
		if args[0] == "check" && !strings.Contains(out+errs, `\x1b`) {
			t.Errorf("%v: the escape is not shown:\n%s%s", args, out, errs)
		}
	}
}
