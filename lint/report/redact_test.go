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

// TestDiffAndFingerprintMaskCredentials: a diff shows no credential of
// either side, as context, removed or added line; a finding's fingerprint
// does not depend on a credential on its line (a short password could be
// found again from its hash).
func TestDiffAndFingerprintMaskCredentials(t *testing.T) {
	key := "sk-proj-" + strings.Repeat("Zq3X9vLm2Rt8Wk5N", 3)
	pw := "Tr0ub4" + "dor&3x"
	before := "[experiment]\nmodel = \"m\"\n\n[env]\nOPENAI_API_KEY = \"" + key + "\"\nDB_PASSWORD = \"" + pw + "\"\n"
	after := strings.Replace(before, "model =", "model_path =", 1) + "X_TOKEN = \"" + key + "\"\n"
	var b bytes.Buffer
	if err := WriteDiff(&b, "configs/training/x.toml", []byte(before), []byte(after)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, key[8:]) || strings.Contains(out, pw) {
		t.Errorf("the diff shows a credential:\n%s", out)
	}
	if !strings.Contains(out, "-model = \"m\"\n+model_path = \"m\"\n") || !strings.Contains(out, " OPENAI_API_KEY = \"sk-proj-*****") {
		t.Errorf("the diff lost the change or the masked context:\n%s", out)
	}
	fp := func(password string) string {
		src := strings.Replace(before, pw, password, 1)
		fs := lint.Check([]byte(src), lint.Input{Path: "configs/training/x.toml", Kind: schema.Training})
		return strings.Join(fingerprints(File{Path: "configs/training/x.toml", Src: []byte(src), Findings: fs}), " ")
	}
	if a, b := fp(pw), fp("Xy9"+"Kw2#Lm5qZ"); a != b {
		t.Errorf("fingerprints depend on the password on the line: %s vs %s", a, b)
	}
}
