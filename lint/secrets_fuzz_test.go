package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// FuzzCredentials checks, for arbitrary bytes, that masking keeps every
// line and its length in characters (snippets and diffs stay aligned),
// leaves no credential the file holds readable past its shown lead, and
// that no finding's message, fix title or fix text quotes one.
func FuzzCredentials(f *testing.F) {
	f.Add([]byte("[env]\nOPENAI_API_KEY = \"" + fake(1, "sk-proj-", credential.URLSafe, 40) + "\"\n"))
	f.Add([]byte("[secrets]\nrequired = [\"" + fake(2, "ghp_", credential.Alnum, 36) + "\"]\n# HF_TOKEN = " + fake(3, "hf_", credential.Alnum, 34) + "\n"))
	f.Add([]byte("[experiment]\nDB_PASSWORD = \"Tr0ub4dor&3x\"\n[env]\nX = '''\n" + fake(4, "", credential.Base64Chars, 60) + "\n'''\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		masked := Masked(src, nil)
		a, b := strings.Split(string(src), "\n"), strings.Split(string(masked), "\n")
		if len(a) != len(b) {
			t.Fatalf("masking changed the number of lines: %d to %d", len(a), len(b))
		}
		for i := range a {
			if len([]rune(a[i])) != len([]rune(b[i])) {
				t.Fatalf("line %d changed length: %q to %q", i+1, a[i], b[i])
			}
		}
		creds := credential.In(toml.Parse(src))
		for _, h := range creds {
			body := h.Text[min(h.Cred.Lead, len(h.Text)):]
			if len(body) >= 8 && !strings.Contains(string(src), body) {
				continue // an escaped value: the source does not spell it
			}
			if len(body) >= 8 && strings.Contains(string(masked), body) {
				t.Fatalf("masked source still shows %q", body)
			}
		}
		for _, kind := range schema.Kinds() {
			for _, x := range Check(src, Input{Path: "configs/" + string(kind) + "/run.toml", Kind: kind}) {
				if credential.Carries(x.Message, creds) {
					t.Fatalf("%s quotes a credential: %s", x.Rule, x.Message)
				}
				for _, fx := range x.Fixes {
					if credential.Carries(fx.Title, creds) || credential.FixCarries(fx, creds) {
						t.Fatalf("a fix of %s carries a credential: %+v", x.Rule, fx)
					}
				}
			}
		}
	})
}
