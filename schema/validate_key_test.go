package schema

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// TestUnknownKeys: the keys of unknown-key issues, which are built from the
// table's key once for all its unknown keys, are the CLI's key of each
// path, at the root, in sections, in list items and in discriminated
// tables.
func TestUnknownKeys(t *testing.T) {
	for kind, src := range map[Kind]string{
		Training:  "typo_top = 1\n\"\" = 2\n[experiment]\nrollout = \"r\"\nentrypoint = \"m.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"d\"\nlerning = 1\n\"\" = 3\n[training]\nx_1 = 1\nx_2 = 2\n[env]\nA = \"b\"\n",
		Benchmark: "[experiment]\nbenchmark = \"terminal-bench-2-1\"\nbogus = 1\n[[agents]]\nharness = \"codex\"\nwho = 1\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"OPENAI_API_KEY\"\nextra = 2\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"endpoint\"\nmodel = \"m\"\nbase_url = \"https://x\"\nmore = 3\n",
	} {
		doc := toml.Parse([]byte(src))
		s := For(kind)
		v := &validation{s: s, doc: doc}
		n := 0
		for _, is := range s.Validate(doc) {
			if is.Kind != Unknown {
				continue
			}
			n++
			want := v.cliKey(is.Path)
			if s.Kind != Benchmark && len(is.Path) == 2 && is.Path[1] == "" && is.Path[0] != "env" {
				want = is.Path[0]
			}
			if is.Key != want {
				t.Errorf("%s: unknown %q at %q: key %q, want %q", kind, is.Name, is.Path, is.Key, want)
			}
			if e, _ := doc.Root.Lookup(is.Path...); e == nil || e.KeyRange != is.Range {
				t.Errorf("%s: unknown %q at %q: range %v, not its key's", kind, is.Name, is.Path, is.Range)
			}
		}
		if n < 3 {
			t.Errorf("%s: %d unknown keys found", kind, n)
		}
	}
}
