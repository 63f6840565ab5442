package lint

import (
	"bytes"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"
	"github.com/osmosis-lint/osmosis-lint/schema"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func TestMasked(t *testing.T) {
	src := []byte("A = \"sk-proj-abcdef\"  # c\nB = \"\"\"\nkey-é1\nend\"\"\"\n")
	fs := []Finding{
		{Secrets: []Secret{{Range: toml.Range{Start: 5, End: 19}, Shown: 8}}},
		{Secrets: []Secret{{Range: toml.Range{Start: 33, End: 45}, Shown: 1}}},
	}
	got := string(Masked(src, fs))
	want := "A = \"sk-proj-******\"  # c\nB = \"\"\"\n******\n***\"\"\"\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// lines and columns (in characters) do not move
	for i, line := range strings.Split(got, "\n") {
		if a, b := len([]rune(line)), len([]rune(strings.Split(string(src), "\n")[i])); a != b {
			t.Errorf("line %d has %d characters, was %d", i+1, a, b)
		}
	}
	if string(src[5:19]) != "sk-proj-abcdef" {
		t.Error("Masked changed its input")
	}
	if out := Masked(src, nil); !bytes.Equal(out, src) {
		t.Error("nothing to mask changes the source")
	}
	// a range beyond the source is ignored, not a panic
	Masked(src, []Finding{{Secrets: []Secret{{Range: toml.Range{Start: 40, End: 400}}}}})
}

// TestSecretInEnvRedacts checks that a finding of secret-in-env carries its
// secret's place and quotes no byte of it, and that the masked source hides
// it while keeping the provider's prefix.
func TestSecretInEnvRedacts(t *testing.T) {
	key := fake(90, "sk-proj-", credential.URLSafe, 60)
	pat := fake(91, "ghp_", credential.Alnum, 36)
	src := goodTraining + "\n[env]\nOPENAI_API_KEY = \"  " + key + "\"\nGH = '''" + pat + "'''\nDB = \"postgres://u:" + "hunter2hunter2" + "@h/db\"\n"
	fs := Check([]byte(src), Input{Path: "configs/training/run.toml", Kind: "training"})
	masked := string(Masked([]byte(src), fs))
	n := 0
	for _, f := range fs {
		if f.Rule != RuleSecretInEnv {
			continue
		}
		n++
		if len(f.Secrets) != 3 || !holdsOwnSecret(f) {
			t.Fatalf("%s: secrets %+v, want the file's 3, its own among them", formatFinding(f), f.Secrets)
		}
		for _, secret := range []string{key, pat, "hunter2hunter2", key[8:20], pat[4:16]} {
			if strings.Contains(f.Message, secret) {
				t.Errorf("%s: the message quotes the secret: %s", formatFinding(f), f.Message)
			}
		}
	}
	if n != 3 {
		t.Fatalf("%d secret-in-env findings, want 3:\n%s", n, describeFindings(fs))
	}
	for _, secret := range []string{key[8:], pat[4:], "hunter2"} {
		if strings.Contains(masked, secret) {
			t.Errorf("the masked source still holds %q:\n%s", secret, masked)
		}
	}
	for _, lead := range []string{"\"  sk-proj-*", "'''ghp_*", "\"postgres://*"} {
		if !strings.Contains(masked, lead) {
			t.Errorf("the masked source lost the lead %q:\n%s", lead, masked)
		}
	}
}

// holdsOwnSecret reports whether a finding's secrets include one inside
// its own range: the credential it is about.
func holdsOwnSecret(f Finding) bool {
	for _, s := range f.Secrets {
		if s.Range.Start >= f.Range.Start && s.Range.End <= f.Range.End {
			return true
		}
	}
	return false
}

// shows returns the first run of 12 characters of secret that text holds,
// or "": no output may show that much of a credential's secret part.
func shows(text, secret string) string {
	for i := 0; i+12 <= len(secret); i++ {
		if strings.Contains(text, secret[i:i+12]) {
			return secret[i : i+12]
		}
	}
	return ""
}

// TestCredentialInAnyPosition: a credential used as a name, quoted by a
// rule other than secret-in-env, pasted as NAME=value or on a line that is
// not valid TOML is reported by secret-in-env, and no finding's message,
// key or fix title, nor the masked source, shows it.
func TestCredentialInAnyPosition(t *testing.T) {
	key := fake(27, "sk-proj-", credential.Alnum, 52)
	body := key[len("sk-proj-"):]
	benchmark := strings.Replace(goodBenchmark, `api_key_secret = "OPENAI_API_KEY"`, `api_key_secret = "OPENAI_API_KEY=`+key+`"`, 1)
	for _, c := range []struct {
		name string
		kind schema.Kind
		src  string
	}{
		{"env name", schema.Training, goodTraining + "\n[env]\n" + key + " = \"1\"\n"},
		{"env table name", schema.Training, goodTraining + "\n[env." + key + "]\n"},
		{"quoted env name", schema.Eval, goodEval + "\n[env]\n\"" + key + "\" = \"1\"\n"},
		{"benchmark agents.env name", schema.Benchmark, goodBenchmark + "\n[agents.env]\n" + key + " = \"1\"\n"},
		{"inline table name", schema.Training, goodTraining + "\n[env]\nX = { " + key + " = 1 }\n"},
		{"array of env values", schema.Training, goodTraining + "\n[env]\nOPENAI_API_KEY = [\"" + key + "\"]\n"},
		{"NAME=value secret", schema.Training, goodTraining + "\n[secrets]\nrequired = [\"OPENAI_API_KEY=" + key + "\"]\n"},
		{"NAME=value api_key_secret", schema.Benchmark, benchmark},
		{"NAME=value not a table", schema.Training, "env = \"OPENAI_API_KEY=" + key + "\"\n" + goodTraining},
		{"unquoted", schema.Training, goodTraining + "\n[env]\nOPENAI_API_KEY = " + key + "\n"},
		{"unclosed", schema.Training, goodTraining + "\n[env]\nOPENAI_API_KEY = \"" + key + "\n"},
		{"bad escape", schema.Training, goodTraining + "\n[env]\nOPENAI_API_KEY = \"" + key + "\\q\"\n"},
		{"unclosed header", schema.Eval, goodEval + "\n[env." + key + "\nX = 1\n"},
		{"alone on a line", schema.Benchmark, goodBenchmark + "\n" + key + "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := Check([]byte(c.src), Input{Path: "configs/" + string(c.kind) + "/run.toml", Kind: c.kind})
			reported := false
			for _, f := range fs {
				reported = reported || f.Rule == RuleSecretInEnv
				texts := []string{f.Message, f.Key}
				for _, fx := range f.Fixes {
					texts = append(texts, fx.Title)
				}
				for _, s := range texts {
					if w := shows(s, body); w != "" {
						t.Errorf("%s shows %q: %q", f.Rule, w, s)
					}
				}
			}
			if !reported {
				t.Errorf("no secret-in-env finding:\n%s", describeFindings(fs))
			}
			if w := shows(string(Masked([]byte(c.src), fs)), body); w != "" {
				t.Errorf("the masked source shows %q", w)
			}
			if w := shows(string(Masked([]byte(c.src), nil)), body); w != "" {
				t.Errorf("the source masked without findings shows %q", w)
			}
		})
	}
}
