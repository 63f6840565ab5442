package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// hostileNames are file, directory and key names no one should write: a
// line break followed by a workflow command, GitHub's own escapes, ESC,
// OSC and BEL, DEL, C1 controls, every bidirectional embedding, override
// and isolate, the line and paragraph separators and bytes that are not
// UTF-8.
var hostileNames = []string{
	"nl\n::error file=evil::INJECTED.toml",
	"cr\r\n::warning title=x::y.toml",
	"pct%0A%0D%25%3A%2C::,.toml",
	"esc\x1b[31mred.toml",
	"osc\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\\a.toml",
	"bel\a\x07del\x7f.toml",
	"c1\u0085\u009b31m\u009d0;t\u009c.toml",
	"ag\x1b[31ment\u202e",
	"bidi\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c.toml",
	"sep\u2028\u2029.toml",
	"bad\xff\xfe\xc3.toml",
}

// hostileFile is a file named name whose finding quotes name in its
// message (raw, as a rule that forgot to quote it would), key, fix title
// and edit, and whose source holds it on the finding's line.
func hostileFile(name, message, key string) File {
	path := "configs/training/" + name
	// a line of the file holds the name, but for the line breaks that
	// would make it several lines of the file
	src := "[experiment]\nrollout = \"" + strings.NewReplacer("\n", " ", "\r", " ").Replace(name) + "\"\n"
	x := lint.Finding{
		Path: path, Line: 2, Column: 11, EndLine: 2, EndColumn: 12,
		Rule: "rollout-missing", Severity: lint.Error, Stage: lint.StageSubmit,
		Message: message, Key: key,
		Fixes: []lint.Fix{{Title: "rename to `" + key + "`", Applicability: lint.Unsafe, Edits: []lint.Edit{{Line: 2, Column: 11, EndLine: 2, EndColumn: 12, NewText: key}}}},
	}
	warn := x
	warn.Severity, warn.Rule, warn.Fixes = lint.Warning, "unknown-key", nil
	return File{
		Path: path, Src: []byte(src), Findings: []lint.Finding{x, warn},
		Applied: []lint.FixOutcome{{Rule: x.Rule, Key: key, Title: message, Line: 2}},
	}
}

// tame replaces each character an output escapes with "x": a name of the
// same shape, which every output must lay out in as many lines.
func tame(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || escape.Unsafe(r) {
			b.WriteByte('x')
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// output is one way the package writes a report.
type output struct {
	name  string
	write func(*bytes.Buffer, []File) error
}

// outputs are every format (the text styles with and without color) and
// every other writer of the package.
func outputs() []output {
	var outs []output
	for _, f := range Formats() {
		outs = append(outs, output{string(f), func(b *bytes.Buffer, files []File) error {
			return Write(b, f, files, Options{ShowFixes: true})
		}})
		if f.ForPeople() {
			outs = append(outs, output{string(f) + "/color", func(b *bytes.Buffer, files []File) error {
				return Write(b, f, files, Options{Color: true})
			}})
		}
	}
	return append(outs,
		output{"statistics", func(b *bytes.Buffer, files []File) error { return WriteStatistics(b, Text, files, Options{}) }},
		output{"statistics/json", func(b *bytes.Buffer, files []File) error { return WriteStatistics(b, JSON, files, Options{}) }},
		output{"show-fixes", func(b *bytes.Buffer, files []File) error { return WriteFixes(b, files) }},
		output{"agent", func(b *bytes.Buffer, files []File) error { return WriteAgent(b, files) }},
		output{"diff", func(b *bytes.Buffer, files []File) error {
			for _, f := range files {
				after := bytes.Replace(f.Src, []byte("rollout"), []byte("rollout_"), 1)
				if err := WriteDiff(b, f.Path, f.Src, after); err != nil {
					return err
				}
			}
			return nil
		}},
	)
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// checkOutput fails when out holds a character its format does not write
// itself (a control or bidirectional character, an invalid byte) or more
// or fewer lines than tame, the same report with tame names.
func checkOutput(t *testing.T, what string, out, tame []byte) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Fatalf("%s: not UTF-8:\n%q", what, out)
	}
	for _, r := range string(sgr.ReplaceAll(out, nil)) {
		if r != '\n' && escape.Unsafe(r) {
			t.Fatalf("%s: keeps %U:\n%q", what, r, out)
		}
	}
	if got, want := bytes.Count(out, []byte("\n")), bytes.Count(tame, []byte("\n")); got != want {
		t.Fatalf("%s: %d lines, %d with tame names:\n%s\ntame:\n%s", what, got, want, out, tame)
	}
	if strings.HasPrefix(what, "github") {
		for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
			if !workflowCommand.MatchString(l) {
				t.Fatalf("%s: not one workflow command: %q", what, l)
			}
		}
	}
}

// checkFormats writes the file of name, message and key in every output
// and checks each.
func checkFormats(t *testing.T, name, message, key string) {
	t.Helper()
	for _, o := range outputs() {
		var got, want bytes.Buffer
		if err := o.write(&got, []File{hostileFile(name, message, key)}); err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		if err := o.write(&want, []File{hostileFile(tame(name), tame(message), tame(key))}); err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		checkOutput(t, o.name, got.Bytes(), want.Bytes())
	}
}

// TestHostileNames: names holding line breaks, workflow commands, ESC,
// OSC, BEL, C1 and bidirectional controls and invalid UTF-8, as a file
// name, a key, a quoted name in a message, a fix title and a source line,
// come out of every format escaped, in the lines the format makes.
func TestHostileNames(t *testing.T) {
	for _, name := range hostileNames {
		message := "rollout directory `rollouts/" + name + "` not found: " + name
		checkFormats(t, name, message, name)
	}
}

// TestMachineFormatsKeepValues: the JSON format writes a name as \u
// escapes that read back as the name itself (SARIF's and GitLab's
// locations too); the text a service shows a person (SARIF's message,
// GitLab's description, JUnit's failures, GitHub's annotations) shows it
// as String does.
func TestMachineFormatsKeepValues(t *testing.T) {
	name := "ag\x1b[31ment\u202e\u0085\n::error::x.toml"
	files := []File{hostileFile(name, "about "+name, name)}
	var b bytes.Buffer
	if err := Write(&b, JSON, files, Options{}); err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Findings []lint.Finding `json:"findings"`
	}
	if err := json.Unmarshal(b.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if got := rep.Findings[0]; got.Path != "configs/training/"+name || got.Key != name || got.Message != "about "+name {
		t.Errorf("JSON reads back %q, %q, %q", got.Path, got.Key, got.Message)
	}
	for _, want := range []string{`\u001b[31m`, `\u202e`, `\u0085`, `\n`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
	b.Reset()
	if err := Write(&b, SARIF, files, Options{}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results[0]
	if got, want := res.Message.Text, "about "+escape.String(name); got != want {
		t.Errorf("SARIF message %q, want %q", got, want)
	}
	if got := res.Locations[0].PhysicalLocation.ArtifactLocation.URI; got != "configs/training/ag%1B%5B31ment%E2%80%AE%C2%85%0A::error::x.toml" {
		t.Errorf("SARIF location %q", got)
	}
	b.Reset()
	if err := Write(&b, GitHub, files, Options{}); err != nil {
		t.Fatal(err)
	}
	if want := `file=configs/training/ag\x1b[31ment\u202e\u0085\n%3A%3Aerror%3A%3Ax.toml,`; !strings.Contains(b.String(), want) {
		t.Errorf("github: no %q in\n%s", want, b.String())
	}
	b.Reset()
	if err := Write(&b, JUnit, files, Options{}); err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Suites []struct {
			Name string `xml:"name,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	if got := suites.Suites[0].Name; !strings.Contains(got, "\u202e\u0085\n::error") {
		t.Errorf("junit reads back %q", got)
	}
}

// FuzzFormats: whatever a file name, a message and a key hold, no output
// of the package holds a control or bidirectional character it did not
// write, or a line break more than the same report with tame names.
func FuzzFormats(f *testing.F) {
	for _, name := range hostileNames {
		f.Add(name, "rollout directory `"+name+"` not found", name)
	}
	f.Fuzz(func(t *testing.T, name, message, key string) {
		if len(name)+len(message)+len(key) > 1<<10 {
			return
		}
		checkFormats(t, name, message, key)
	})
}

// TestShownEscapesEveryString: every string a file holds, in every field
// of its findings, fixes, edits and fix outcomes (any field added later
// too: they are filled by reflection here), comes out of shown escaped,
// so the writers of text never get one with a line break or a control
// character; the file's bytes are left alone.
func TestShownEscapesEveryString(t *testing.T) {
	const bad = "nl\n::error::x\x1b[31m\u202e\xff"
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			v.SetString(bad)
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Field(i).CanSet() {
					fill(v.Field(i))
				}
			}
		case reflect.Slice:
			if v.Type().Elem().Kind() == reflect.Uint8 {
				v.SetBytes([]byte(bad))
				return
			}
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
			fill(v.Index(0))
		case reflect.Map:
			v.Set(reflect.MakeMap(v.Type()))
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(k)
			fill(e)
			v.SetMapIndex(k, e)
		case reflect.Pointer:
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem())
		}
	}
	files := make([]File, 1)
	fill(reflect.ValueOf(files).Index(0))
	strs := 0
	var check func(v reflect.Value, where string)
	check = func(v reflect.Value, where string) {
		switch v.Kind() {
		case reflect.String:
			strs++
			if s := v.String(); s != escape.String(bad) {
				t.Errorf("%s: %q, want %q", where, s, escape.String(bad))
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					check(v.Field(i), where+"."+v.Type().Field(i).Name)
				}
			}
		case reflect.Slice, reflect.Array:
			if v.Type().Elem().Kind() == reflect.Uint8 {
				if string(v.Bytes()) != bad {
					t.Errorf("%s: the bytes changed: %q", where, v.Bytes())
				}
				return
			}
			for i := 0; i < v.Len(); i++ {
				check(v.Index(i), where)
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				check(it.Key(), where+"[key]")
				check(it.Value(), where+"[]")
			}
		case reflect.Pointer:
			if !v.IsNil() {
				check(v.Elem(), where)
			}
		}
	}
	check(reflect.ValueOf(shown(files)).Index(0), "File")
	if strs < 10 {
		t.Fatalf("only %d strings checked", strs)
	}
	if files[0].Path != bad {
		t.Error("shown changed the files it was given")
	}
}
