package legacy

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func apply(t *testing.T, src []byte, edits []fix.Edit) string {
	t.Helper()
	sorted, reason := fix.Sorted(len(src), edits)
	if reason != "" {
		t.Fatal(reason)
	}
	out, _ := fix.Apply(src, sorted)
	return string(out)
}

func TestLocalEvalFile(t *testing.T) {
	for _, c := range []struct {
		src  string
		kind schema.Kind
		want bool
	}{
		{"[eval]\nrollout = \"a\"\n", schema.Eval, true},
		{"[eval]\nrollout = \"a\"\n[experiment]\n", schema.Eval, false},
		{"eval = 1\n", schema.Eval, false},
		{"[eval]\n", schema.Training, false},
	} {
		if got := LocalEvalFile(toml.Parse([]byte(c.src)), c.kind); got != c.want {
			t.Errorf("LocalEvalFile(%q, %s) = %v, want %v", c.src, c.kind, got, c.want)
		}
	}
}

func TestAddSecrets(t *testing.T) {
	for _, c := range []struct {
		src, want string
		ok        bool
	}{
		{src: "[experiment]\n", want: "[experiment]\n\n[secrets]\nrequired = [\"A\", \"B\"]\n", ok: true},
		{src: "[secrets]\n", want: "[secrets]\nrequired = [\"A\", \"B\"]\n", ok: true},
		{src: "[secrets]\nrequired = [\"A\"]\n", want: "[secrets]\nrequired = [\"A\", \"B\"]\n", ok: true},
		{src: "[secrets]\nrequired = []\n", want: "[secrets]\nrequired = [\"A\", \"B\"]\n", ok: true},
		{src: "[secrets]\nrequired = [\"B\", \"A\"]\n", want: "[secrets]\nrequired = [\"B\", \"A\"]\n", ok: true},
		{src: "secrets = 1\n", ok: false},
		{src: "[secrets]\nrequired = \"A\"\n", ok: false},
	} {
		doc := toml.Parse([]byte(c.src))
		edits, ok := AddSecrets(doc, []string{"A", "B"})
		if ok != c.ok {
			t.Errorf("%q: ok %v, want %v", c.src, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		got := c.src
		if len(edits) > 0 {
			got = apply(t, doc.Src, edits)
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}

// TestMigrateLocalEval: the whole file becomes a current eval config, the
// values lint fills in come from Config.Fill, and what has no place stays
// as a comment; a file with a syntax error is not rewritten.
func TestMigrateLocalEval(t *testing.T) {
	sch := schema.For(schema.Eval)
	cfg := func(src string) *Config {
		return &Config{
			Doc: toml.Parse([]byte(src)), Kind: schema.Eval, Schema: sch,
			Fill: func(path []string, f *schema.Field) (string, bool) {
				return `"<your-` + path[len(path)-1] + `>"`, false
			},
			SecretName: func(name string) bool { return name == strings.ToUpper(name) },
			DatasetStem: func(name string) (string, bool) {
				return strings.TrimSuffix(name, ".jsonl"), strings.HasSuffix(name, ".jsonl")
			},
		}
	}
	src := "# my eval\n[eval]\nrollout = \"agent\"\nentrypoint = \"main.py\"\ndataset = \"data/q.jsonl\"\n\n[llm]\nmodel = \"openai/gpt-5\"\napi_key_env = \"OPENAI_API_KEY\"\n"
	f, ok := MigrateLocalEval(cfg(src))
	if !ok {
		t.Fatal("no migration")
	}
	if f.Applicability != fix.Unsafe {
		t.Errorf("applicability %s, want unsafe", f.Applicability)
	}
	out := apply(t, []byte(src), f.Edits)
	for _, want := range []string{"# my eval\n", "[experiment]\n", "rollout = \"agent\"", "entrypoint = \"main.py\"", "[secrets]\nrequired = ["} {
		if !strings.Contains(out, want) {
			t.Errorf("migrated file lacks %q:\n%s", want, out)
		}
	}
	if doc := toml.Parse([]byte(out)); len(doc.Errors) > 0 {
		t.Errorf("migrated file does not parse: %s\n%s", doc.Errors[0].Message, out)
	}
	if _, ok := MigrateLocalEval(cfg(src + "[[broken\n")); ok {
		t.Error("a file with a syntax error was rewritten")
	}
}
