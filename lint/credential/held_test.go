package credential

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// TestRedact: a credential the file holds is hidden whole, upper-cased,
// as its tail alone or cut short; anything of the form of one is hidden
// even when no file holds it; other text is returned as it is.
func TestRedact(t *testing.T) {
	held := "ghp_aB3dE5gH7jK9mN0pQ2"
	shaped := "sk-proj-" + strings.Repeat("Zq3X9vLm2Rt8Wk5N", 3)
	creds := []Held{{Text: held, Cred: Credential{Lead: 4}}}
	for in, want := range map[string]string{
		"secret name `" + held + "` is bad":                      "secret name `ghp_…` is bad",
		"use `GHP_AB3DE5GH7JK9MN0PQ2` instead":                   "use `…` instead",
		"the tail aB3dE5gH7jK9mN0pQ2 alone":                      "the tail … alone",
		"found `[\"ghp_aB3dE5...`":                               "found `[\"ghp_…`",
		"found `[\"ghp_aB3dE5…`":                                 "found `[\"ghp_…`",
		"a piece: xxaB3dE5gH7jK9mNxx":                            "a piece: …",
		"OPENAI_API_KEY=" + shaped + ": no":                      "OPENAI_API_KEY=sk-proj-…: no",
		"`env." + shaped + "` ends the sentence " + shaped + ".": "`env.sk-proj-…` ends the sentence sk-proj-….",
		"nothing here, ghp_ alone, sk-proj-short":                "nothing here, ghp_ alone, sk-proj-short",
	} {
		if got := NewRedactor(creds).Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
	var none *Redactor
	if got := none.Redact("a key " + shaped); got != "a key sk-proj-…" {
		t.Errorf("a nil Redactor: %q", got)
	}
}

// TestIn: the credentials of a document are found in [env], under an
// env-var-like name elsewhere, and in comments; each one's secret range
// covers its bytes in the file, after the shown lead.
func TestIn(t *testing.T) {
	key := "sk-proj-" + strings.Repeat("aB3dE5gH7jK9mN0pQ2xZ", 4)
	src := "[env]\nOPENAI_API_KEY = \"" + key + "\"\nLOG_LEVEL = \"INFO\"\n# old: " + key + "x\n"
	doc := toml.Parse([]byte(src))
	got := In(doc)
	if len(got) != 2 {
		t.Fatalf("found %d credentials, want the value and the comment word: %+v", len(got), got)
	}
	if h := got[0]; !h.Env || h.Key() != "env.OPENAI_API_KEY" || h.Value == nil {
		t.Errorf("value: env %v, key %q", h.Env, h.Key())
	}
	if h := got[1]; h.Value != nil || h.Key() != "" {
		t.Errorf("comment word: key %q", h.Key())
	}
	for _, h := range got {
		s := h.Secret
		if shown := src[s.Range.Start : s.Range.Start+s.Shown]; !strings.HasPrefix(key, shown) {
			t.Errorf("shows %q, not a lead of the key", shown)
		}
		if !strings.HasPrefix(src[s.Range.Start:s.Range.End], key) {
			t.Errorf("secret range %v holds %q", s.Range, src[s.Range.Start:s.Range.End])
		}
	}
	if !Carries("a message quoting "+key, got) || Carries("a message about LOG_LEVEL", got) {
		t.Error("Carries")
	}
}

// TestMask: every byte after the shown lead becomes '*' (a character of
// several bytes one '*'), line breaks stay, src is not modified.
func TestMask(t *testing.T) {
	for _, c := range []struct {
		src     string
		secrets []Secret
		want    string
	}{
		{"k = \"sk-abcdef\"\n", []Secret{{Range: toml.Range{Start: 5, End: 14}, Shown: 3}}, "k = \"sk-******\"\n"},
		{"a\nb\r\nc", []Secret{{Range: toml.Range{Start: 0, End: 6}}}, "*\n*\r\n*"},
		{"x = \"é1\"", []Secret{{Range: toml.Range{Start: 5, End: 8}}}, "x = \"**\""},
		{"two", []Secret{{Range: toml.Range{Start: 0, End: 1}}, {Range: toml.Range{Start: 2, End: 3}}}, "*w*"},
		{"none", nil, "none"},
		{"out", []Secret{{Range: toml.Range{Start: 2, End: 9}}}, "out"},
	} {
		src := []byte(c.src)
		if got := string(Mask(src, c.secrets)); got != c.want {
			t.Errorf("Mask(%q) = %q, want %q", c.src, got, c.want)
		}
		if string(src) != c.src {
			t.Errorf("Mask modified its input: %q", src)
		}
	}
}
