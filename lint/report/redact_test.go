package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema"
)

// TestSecretsNeverPrinted writes a config with credentials in [env] in every
// format: no format prints a credential, while the text snippet still shows
// the line with the key's provider prefix.
func TestSecretsNeverPrinted(t *testing.T) {
	// built from parts so the source holds no key-shaped literal
	key := "sk-proj-" + strings.Repeat("Zq3X9vLm2Rt8Wk5N", 4)
	token := "ghp_" + strings.Repeat("aB3dE5gH7j", 3) + "K9mN0p"
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[env]\n" +
		"OPENAI_API_KEY = \"" + key + "\"  # osmosis-lint: ignore[unknown-key]\nGH_TOKEN = \"" + token + "\"\n"
	path := "configs/training/leak.toml"
	fs := lint.Check([]byte(src), lint.Input{Path: path, Kind: schema.Training})
	leaks := 0
	for _, f := range fs {
		if f.Rule == lint.RuleSecretInEnv {
			leaks++
		}
	}
	if leaks != 2 {
		t.Fatalf("%d secret-in-env findings, want 2: %+v", leaks, fs)
	}
	files := []File{{Path: path, Src: []byte(src), Findings: fs}}
	check := func(name string, out []byte) {
		for _, secret := range []string{key[8:], token[4:], key[8:24], token[4:14]} {
			if bytes.Contains(out, []byte(secret)) {
				t.Errorf("%s prints the secret %q:\n%s", name, secret, out)
			}
		}
	}
	for _, format := range Formats() {
		for _, color := range []bool{false, true} {
			var b bytes.Buffer
			if err := Write(&b, format, files, Options{Color: color}); err != nil {
				t.Fatal(err)
			}
			check(string(format), b.Bytes())
			if format == Text && !color && !bytes.Contains(b.Bytes(), []byte(`OPENAI_API_KEY = "sk-proj-****`)) {
				t.Errorf("the text snippet lost the line or the prefix:\n%s", b.Bytes())
			}
		}
	}
	var b bytes.Buffer
	if err := WriteAgent(&b, files); err != nil {
		t.Fatal(err)
	}
	check("agent", b.Bytes())
}
