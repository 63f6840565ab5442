package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/credential"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// keyShapes are credential forms the generated configs hold: a prefix, the
// alphabet and length of the secret part.
var keyShapes = []struct {
	prefix, alphabet string
	n                int
}{
	{"sk-proj-", credential.URLSafe, 48},
	{"ghp_", credential.Alnum, 36},
	{"hf_", credential.Alnum, 34},
	{"AKIA", credential.Digits + credential.Upper, 16},
	{"xoxb-", credential.Alnum, 40},
	{"gsk_", credential.Alnum, 52},
	{"AIza", credential.URLSafe, 35},
	{"glpat-", credential.URLSafe, 20},
}

// placements put a credential k somewhere in a config: a name, a table
// name, a value, an array item, a NAME=value string, a comment, or a line
// that is not valid TOML. Each returns the lines to add at the end of the
// config, or, with top set, at its start (before any table).
var placements = []struct {
	top bool
	put func(k string) string
}{
	{false, func(k string) string { return "[env]\nOPENAI_API_KEY = \"" + k + "\"\n" }},
	{false, func(k string) string { return "[env]\n" + k + " = \"1\"\n" }},
	{false, func(k string) string { return "[env]\n\"" + k + "\" = \"1\"\n" }},
	{false, func(k string) string { return "[env." + k + "]\nX = \"1\"\n" }},
	{false, func(k string) string { return "[env]\nX = { " + k + " = \"1\" }\n" }},
	{false, func(k string) string { return "[env]\nX = { A = \"" + k + "\" }\n" }},
	{false, func(k string) string { return "[env]\nOPENAI_API_KEY = [\"" + k + "\"]\n" }},
	{false, func(k string) string { return "[secrets]\nrequired = [\"" + k + "\"]\n" }},
	{false, func(k string) string { return "[secrets]\nrequired = [\"OPENAI_API_KEY=" + k + "\"]\n" }},
	{true, func(k string) string { return "env = \"OPENAI_API_KEY=" + k + "\"\n" }},
	{true, func(k string) string { return k + " = 1\n" }},
	{true, func(k string) string { return "env." + k + " = \"1\"\n" }},
	{false, func(k string) string { return "[training]\n" + k + " = 1\n" }},
	{false, func(k string) string { return "[[" + k + "]]\n" }},
	{false, func(k string) string { return "[advanced]\nnote = \"" + k + "\"\n" }},
	{false, func(k string) string { return "[env]\nX = \"\"\"\n" + k + "\n\"\"\"\n" }},
	{false, func(k string) string { return "# " + k + "\n" }},
	{false, func(k string) string { return "[env]\nOPENAI_API_KEY = " + k + "\n" }},
	{false, func(k string) string { return "[env]\nOPENAI_API_KEY = \"" + k + "\n" }},
	{false, func(k string) string { return "[env]\nOPENAI_API_KEY = \"" + k + "\\q\"\n" }},
	{false, func(k string) string { return "[env." + k + "\nX = 1\n" }},
	{false, func(k string) string { return k + "\n" }},
	{false, func(k string) string { return "[env]\nX = [\"a\", " + k + "]\n" }},
	{false, func(k string) string { return "[env]\nDB_URL = \"postgres://u:" + k + "@h/db\"\n" }},
}

// propertyBases are a good config of each kind.
var propertyBases = map[schema.Kind]string{
	schema.Training:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
	schema.Eval:      "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = []\n",
	schema.Benchmark: "[experiment]\nbenchmark = \"terminal-bench\"\n\n[[agents]]\nharness = \"codex\"\n\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"OPENAI_API_KEY\"\n",
}

// generated is one config of the property test: its kind, its text, and
// the secret part of the credential it holds (which no output may show).
type generated struct {
	kind   schema.Kind
	src    []byte
	secret string
}

// generate makes the config of seed: a kind, a credential of one of the
// keyShapes, one to three placements of it (the benchmark's
// api_key_secret as NAME=value among them), and noise (bytes of the
// fuzzer's choosing) on a line of its own or cut into the key's line.
func generate(seed uint64, noise []byte) generated {
	r := rand.New(rand.NewPCG(seed, 27))
	kinds := schema.Kinds()
	kind := kinds[r.IntN(len(kinds))]
	shape := keyShapes[r.IntN(len(keyShapes))]
	body := make([]byte, shape.n)
	var key string
	for {
		for i := range body {
			body[i] = shape.alphabet[r.IntN(len(shape.alphabet))]
		}
		key = shape.prefix + string(body)
		// one the detector takes for a credential by its form alone (a
		// random body can spell a stand-in's word, such as YOUR)
		if held := credential.In(toml.Parse([]byte("# " + key))); len(held) == 1 && held[0].Text == key {
			break
		}
	}
	var top, tail strings.Builder
	src := propertyBases[kind]
	for range 1 + r.IntN(3) {
		p := placements[r.IntN(len(placements))]
		if p.top {
			top.WriteString(p.put(key))
		} else {
			tail.WriteString("\n" + p.put(key))
		}
	}
	if kind == schema.Benchmark && r.IntN(4) == 0 {
		src = strings.Replace(src, `api_key_secret = "OPENAI_API_KEY"`, `api_key_secret = "OPENAI_API_KEY=`+key+`"`, 1)
	}
	out := top.String() + src + tail.String()
	if len(noise) > 0 {
		// noise before the key on its line (breaking it), or a line of
		// its own
		at := strings.Index(out, key)
		if r.IntN(2) == 0 {
			at = strings.LastIndexByte(out[:at], '\n') + 1
		}
		out = out[:at] + string(noise) + out[at:]
	}
	return generated{kind: kind, src: []byte(out), secret: string(body)}
}

// showsSecret returns the first run of 12 characters of secret in out, or
// "".
func showsSecret(out, secret string) string {
	for i := 0; i+12 <= len(secret); i++ {
		if strings.Contains(out, secret[i:i+12]) {
			return secret[i : i+12]
		}
	}
	return ""
}

// credentialNeverShown checks one generated config through what every
// door shows: the findings of a check in each output format (the text
// snippets among them), the agent text of the hook and the MCP server,
// the diff of its fixes and the fixes applied and refused, and the
// language server's hover on each line and on the key, and its outline.
func credentialNeverShown(t *testing.T, g generated, withFixes bool) {
	t.Helper()
	path := "configs/" + string(g.kind) + "/run.toml"
	in := lint.Input{Path: path, Kind: g.kind}
	fs := lint.Check(g.src, in)
	files := []report.File{{Path: path, Src: g.src, Findings: fs}}
	var out bytes.Buffer
	for _, format := range report.Formats() {
		for _, color := range []bool{false, true} {
			if err := report.Write(&out, format, files, report.Options{Color: color}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := report.WriteAgent(&out, files); err != nil {
		t.Fatal(err)
	}
	if withFixes {
		res := lint.FixSource(g.src, in, lint.FixOptions{Unsafe: true})
		if err := report.WriteDiff(&out, path, g.src, res.Src); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal([]any{res.Applied, res.Skipped})
		out.Write(b)
	}
	doc := toml.Parse(g.src)
	f := assist.NewFile(doc, g.kind, nil, nil)
	offs := []int{bytes.Index(g.src, []byte(g.secret))}
	for i, c := range g.src {
		if i == 0 || g.src[i-1] == '\n' && c != '\n' {
			offs = append(offs, i, min(i+1, len(g.src)))
		}
	}
	for _, off := range offs {
		if off >= 0 {
			text, _, _ := f.Hover(off)
			out.WriteString(text)
		}
	}
	b, _ := json.Marshal(f.Symbols())
	out.Write(b)
	if w := showsSecret(out.String(), g.secret); w != "" {
		i := strings.Index(out.String(), w)
		t.Fatalf("an output shows %q of the credential in this %s config:\n%s\n\nthere:\n%s", w, g.kind, g.src, out.String()[max(i-400, 0):min(i+200, out.Len())])
	}
}

// TestCredentialNeverShown runs the property on thousands of generated
// configs (a few hundred with -short), fixes on every eighth.
func TestCredentialNeverShown(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	for seed := range uint64(n) {
		var noise []byte
		if seed%5 == 0 {
			noise = []byte([]string{"= ", "\"", "[", "x = \"a\\q", "'''", "{"}[seed%6])
		}
		credentialNeverShown(t, generate(seed, noise), seed%8 == 0)
	}
}

// FuzzCredentialNeverShown is the property with the fuzzer choosing the
// config's seed and noise that breaks its syntax.
func FuzzCredentialNeverShown(f *testing.F) {
	f.Add(uint64(1), []byte(nil))
	f.Add(uint64(7), []byte("= "))
	f.Fuzz(func(t *testing.T, seed uint64, noise []byte) {
		if len(noise) > 256 {
			return
		}
		credentialNeverShown(t, generate(seed, noise), true)
	})
}
