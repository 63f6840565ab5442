package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSavedListFlags: --model-list and --secret-list name files anywhere;
// their lists reach the rules of check and doctor, and a bad list is a
// usage error (exit 2) naming the file and the JSON path.
func TestSavedListFlags(t *testing.T) {
	ws := copyExample(t)
	t.Chdir(ws)
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	secrets := write("secrets.json", `{"schema_version":1,"items":[{"id":"s1","name":"OPENAI_API_KEY","scope":"workspace"}]}`)
	models := write("models.json", `{"schema_version":1,"base_models":{"items":[{"model_name":"Qwen/Qwen3.6-35B-A3B"}]},"lora_models":{"items":[]}}`)

	_, out, errs := invoke(t, "", "check", "--oneline", "--secret-list", secrets, "--model-list", models, "configs/")
	if !strings.Contains(out, "secret-not-stored") || !strings.Contains(out, "`ANTHROPIC_API_KEY`") || strings.Contains(out, "model-unknown") {
		t.Errorf("check with the lists:\n%s\n%s", out, errs)
	}
	_, out, _ = invoke(t, "", "check", "--oneline", "configs/")
	if strings.Contains(out, "secret-not-stored") {
		t.Errorf("secret-not-stored without a list:\n%s", out)
	}

	bad := write("bad-models.json", `{"items":[{"model_name":7}]}`)
	code, _, errs := invoke(t, "", "check", "--model-list", bad, "configs/")
	if code != exitUsage || !strings.Contains(errs, "the model list given with --model-list is not a saved `osmosis --json model list --all`: items[0].model_name: expected a string, found a number") {
		t.Errorf("a bad --model-list: exit %d, stderr %q", code, errs)
	}
	code, _, errs = invoke(t, "", "check", "--secret-list", filepath.Join(dir, "none.json"), "configs/")
	if code != exitUsage || !strings.Contains(errs, "cannot read the secret list given with --secret-list: no such file") {
		t.Errorf("a missing --secret-list: exit %d, stderr %q", code, errs)
	}
	code, out, _ = invoke(t, "", "doctor", "--secret-list", bad)
	if code != exitUsage || !strings.Contains(out, "is not a saved `osmosis --json secret list --all`") {
		t.Errorf("doctor with a bad --secret-list: exit %d\n%s", code, out)
	}

	_, out, _ = invoke(t, "", "check", "--show-settings", "--secret-list", secrets, "--model-list", models)
	for _, want := range []string{"secrets    " + secrets + " (--secret-list)", "the base models of " + models + " (--model-list)"} {
		if !strings.Contains(out, want) {
			t.Errorf("--show-settings lacks %q:\n%s", want, out)
		}
	}
}
