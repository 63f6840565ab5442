package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// leakyConfigs hold credentials outside [env] as a new user pastes them:
// an environment variable in the wrong table, a key in [secrets] required
// instead of its name, a key as a harness's secret name, a commented-out
// line of [env], a duplicate key the parser rejects.
func leakyConfigs() (map[schema.Kind]string, []string) {
	openai := fake(101, "sk-proj-", credential.URLSafe, 40)
	gh := fake(102, "ghp_", credential.Alnum, 36)
	ant := fake(103, "sk-ant-api03-", credential.URLSafe, 60)
	hf := fake(104, "hf_", credential.Alnum, 34)
	pw := "Zr8x" + "Lq2w" + "Vm6t"
	hdr := fake(105, "", credential.Alnum, 32)
	srcs := map[schema.Kind]string{
		schema.Training: strings.Replace(goodTraining, "dataset", "OPENAI_API_KEY = \""+openai+"\"\ndataset", 1) +
			"\n[secrets]\nrequired = [\"" + gh + "\"]\n\n# HF_TOKEN = \"" + hf + "\"\n" +
			"[env]\nDB_PASSWORD = \"x\"\nDB_PASSWORD = \"" + pw + "\"\n",
		schema.Benchmark: strings.Replace(goodBenchmark, "harness = \"codex\"", "harness = \"claude-code\"\nharness_api_key_secret = \""+ant+"\"", 1) +
			"\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"endpoint\"\nbase_url = \"https://llm.example.com/v1\"\nmodel = \"m\"\napi_key_secret = \"K\"\nextra_headers = { \"X-Api-Key\" = \"" + hdr + "\" }\n",
	}
	return srcs, []string{openai, gh, ant, hf, pw, hdr}
}

func TestCredentialsOutsideEnv(t *testing.T) {
	srcs, _ := leakyConfigs()
	want := map[schema.Kind][]string{
		schema.Training:  {"experiment.OPENAI_API_KEY", "secrets.required.0", "", "env.DB_PASSWORD"},
		schema.Benchmark: {"agents.0.harness_api_key_secret", "agents.1.model.extra_headers.X-Api-Key"},
	}
	for kind, src := range srcs {
		var got []string
		for _, f := range Check([]byte(src), Input{Path: "configs/" + string(kind) + "/x.toml", Kind: kind}) {
			if f.Rule == RuleSecretInEnv && strings.Contains(f.Key, "extra_headers") && !strings.Contains(f.Message, "named by api_key_secret") {
				t.Errorf("a header's key is not told to go to api_key_secret: %s", f.Message)
			}
			if f.Rule == RuleSecretInEnv {
				got = append(got, f.Key)
				if len(f.Secrets) != len(want[kind]) || !holdsOwnSecret(f) {
					t.Errorf("%s: secrets %+v, want the file's %d, its own among them", formatFinding(f), f.Secrets, len(want[kind]))
				}
			}
		}
		for _, f := range Check([]byte(src), Input{Path: "configs/" + string(kind) + "/x.toml", Kind: kind}) {
			// a key where a secret name goes: one finding, with the
			// CLI's verdict on the name (submit)
			if f.Rule == RuleSecretName {
				t.Errorf("%s: secret-name beside secret-in-env on a pasted key: %s", kind, f.Message)
			}
			if f.Rule == RuleSecretInEnv && (f.Key == "secrets.required.0" || strings.HasSuffix(f.Key, "harness_api_key_secret")) && f.Stage != StageSubmit {
				t.Errorf("%s: %s has stage %s, want submit (the CLI refuses the name)", kind, f.Key, f.Stage)
			}
		}
		if strings.Join(got, " | ") != strings.Join(want[kind], " | ") {
			t.Errorf("%s: secret-in-env on %q, want %q", kind, got, want[kind])
		}
	}
}

// TestCredentialsNeverQuoted checks every finding of every rule, whatever
// the selection: no message, fix title or fix text holds a credential of
// the file, and the fixer writes none anywhere new.
func TestCredentialsNeverQuoted(t *testing.T) {
	srcs, secrets := leakyConfigs()
	quoted := func(s string) string {
		for _, secret := range secrets {
			for _, part := range []string{secret, secret[len(secret)-8:], strings.ToUpper(secret[len(secret)-8:])} {
				if strings.Contains(s, part) {
					return part
				}
			}
		}
		return ""
	}
	selections := map[string]Selection{"default": {}, "ALL": {Select: []string{"ALL"}}, "without secret-in-env": {Ignore: []string{RuleSecretInEnv}}}
	for kind, src := range srcs {
		for name, sel := range selections {
			settings, err := NewSettingsSelection(sel, nil)
			if err != nil {
				t.Fatal(err)
			}
			in := Input{Path: "configs/" + string(kind) + "/x.toml", Kind: kind, Settings: settings}
			for _, f := range Check([]byte(src), in) {
				if s := quoted(f.Message); s != "" {
					t.Errorf("%s, %s: the message quotes %q: %s", kind, name, s, f.Message)
				}
				for _, fx := range f.Fixes {
					if s := quoted(fx.Title); s != "" {
						t.Errorf("%s, %s: the fix title quotes %q: %s", kind, name, s, fx.Title)
					}
					for _, e := range fx.Edits {
						if s := quoted(e.NewText); s != "" {
							t.Errorf("%s, %s: a fix of %s writes %q: %q", kind, name, f.Rule, s, e.NewText)
						}
					}
				}
			}
			fixed := FixSource([]byte(src), in, FixOptions{Unsafe: true})
			for _, secret := range secrets {
				if strings.Count(string(fixed.Src), secret) > strings.Count(src, secret) {
					t.Errorf("%s, %s: the fixer copied %q", kind, name, secret)
				}
			}
			masked := string(Masked([]byte(src), nil))
			if s := quoted(masked); s != "" {
				t.Errorf("%s, %s: Masked without findings shows %q:\n%s", kind, name, s, masked)
			}
		}
	}
}
