package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// sample is one config of the golden reports.
type sample struct {
	path string
	kind schema.Kind
	src  string
}

// long is a [secrets] line of 200 characters with a bad name past column
// 150, to show how a long line is cut around its finding.
var long = func() string {
	var items []string
	for i := 0; len(strings.Join(items, ", ")) < 150; i++ {
		items = append(items, `"SECRET_`+string(rune('A'+i%26))+`"`)
	}
	items = append(items, `"bad-name"`, `"TAIL_1"`, `"TAIL_2"`, `"TAIL_3"`, `"TAIL_4"`)
	return "required = [" + strings.Join(items, ", ") + "]"
}()

var samples = []sample{
	{
		// multi-byte characters before a finding, and tabs
		path: "configs/training/ünïcode run.toml",
		kind: schema.Training,
		src: "# Entraînement — 設定 🚀\n" +
			"training = { \"lérning_räte\" = 1e-6, \"設定\" = 2, lrr = 3 }\n" +
			"\n" +
			"[experiment]\n" +
			"rollout = \"multiply-agent\"\n" +
			"entrypoint = \"main.py\"\n" +
			"model_path = \"Qwen/Qwen3.6-35B-A3B\"\n" +
			"dataset = \"données/multiply.jsonl\"\n" +
			"\n" +
			"[sampling]\n" +
			"\trollout_top_p\t=\t1.5\t# tabs\n",
	},
	{
		// a long line, a warning, and an error at the very end of a file
		// without a final newline
		path: "configs/training/long.toml",
		kind: schema.Training,
		src: "[experiment]\n" +
			"rollout = \"multiply-agent\"\n" +
			"entrypoint = \"main.py\"\n" +
			"model_path = \"Qwen/Qwen3.6-35B-A3B\"\n" +
			"dataset = \"multiply\"\n" +
			"\n" +
			"[secrets]\n" +
			long + "\n" +
			"\n" +
			"[training]\n" +
			"n_samples_per_prompt = 1\n" +
			"lr =",
	},
	{
		// an empty file: findings at 1:1-1:1
		path: "configs/eval/empty.toml",
		kind: schema.Eval,
		src:  "",
	},
	{
		// CRLF line ends and a multi-line finding
		path: "configs/benchmark/tb.toml",
		kind: schema.Benchmark,
		src: "tasks = { task_set = \"all\",\r\n" +
			"  categories = [\"math\"] }\r\n" +
			"[experiment]\r\n" +
			"benchmark = \"HLE\"\r\n" +
			"\r\n" +
			"[[agents]]\r\n" +
			"harness = \"cursor-cli\"\r\n" +
			"model = { type = \"endpoint\", base_url = \"https://x\", model = \"m\", api_key_secret = \"K\", extra_headers = { Authorization = \"Bearer 100% sure, really: yes\" } }\r\n",
	},
	{
		path: "configs/training/clean.toml",
		kind: schema.Training,
		src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
	},
}

// sampleFiles checks the samples with the engine.
func sampleFiles(t *testing.T) []File {
	t.Helper()
	var files []File
	for _, s := range samples {
		fs := lint.Check([]byte(s.src), lint.Input{Path: s.path, Kind: s.kind})
		files = append(files, File{Path: s.path, Src: []byte(s.src), Findings: fs})
	}
	return files
}

// wdURI is the working directory as SARIF's %SRCROOT%, replaced in the
// golden file by a fixed text.
func wdURI(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(wd)}).String() + "/"
}

func render(t *testing.T, format Format, files []File, opts Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, format, files, opts); err != nil {
		t.Fatal(err)
	}
	out := b.Bytes()
	if format == SARIF {
		out = bytes.ReplaceAll(out, []byte(wdURI(t)), []byte("file:///WORKDIR/"))
	}
	return out
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./lint/report -update)", err)
	}
	if !bytes.Equal(got, want) {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
		for i := 0; i < max(len(wl), len(gl)); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("%s differs from the output at line %d:\nwant %q\ngot  %q\n(run go test ./lint/report -update to accept)", path, i+1, w, g)
			}
		}
	}
}

func TestGolden(t *testing.T) {
	files := sampleFiles(t)
	for _, c := range []struct {
		name   string
		format Format
		opts   Options
	}{
		{"text.golden", Text, Options{}},
		{"text-oneline.golden", Text, Options{OneLine: true}},
		{"text-quiet.golden", Text, Options{OneLine: true, Quiet: true}},
		{"text-color.golden", Text, Options{Color: true}},
		// a terminal 80 columns wide: lines wrapped at spaces
		{"text-80.golden", Text, Options{Width: 80}},
		{"text-80-oneline.golden", Text, Options{Width: 80, OneLine: true}},
		{"text-fixed.golden", Text, Options{OneLine: true, Fixed: 3}},
		{"json.golden", JSON, Options{Fixed: 3}},
		{"github.golden", GitHub, Options{}},
		{"sarif.golden", SARIF, Options{Version: "1.2.3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			golden(t, c.name, render(t, c.format, files, c.opts))
		})
	}
}

func TestGoldenNoFindings(t *testing.T) {
	clean := []File{{Path: "configs/training/clean.toml", Src: []byte("[experiment]\n")}}
	for _, c := range []struct {
		name   string
		format Format
	}{
		{"none-text.golden", Text},
		{"none-json.golden", JSON},
		{"none-github.golden", GitHub},
	} {
		t.Run(c.name, func(t *testing.T) {
			golden(t, c.name, render(t, c.format, clean, Options{}))
		})
	}
}

// TestTextSnippets checks the caret line under each finding: it must
// start under the finding's first character and be as wide as the finding
// on that line, counted in terminal cells (a tab shows as one space, a wide
// East Asian character takes two).
func TestTextSnippets(t *testing.T) {
	files := sampleFiles(t)
	out := string(render(t, Text, files, Options{}))
	lines := strings.Split(out, "\n")
	checked := 0
	for i := 0; i+3 < len(lines); i++ {
		var x *lint.Finding
		var srcLine []rune
		for _, f := range files {
			for j := range f.Findings {
				if strings.Contains(lines[i], "["+f.Findings[j].Rule+"]") &&
					strings.HasPrefix(lines[i], f.Path+":"+strconv.Itoa(f.Findings[j].Line)+":"+strconv.Itoa(f.Findings[j].Column)+":") {
					x = &f.Findings[j]
					srcLine = []rune(strings.TrimSuffix(strings.Split(string(f.Src), "\n")[x.Line-1], "\r"))
				}
			}
		}
		if x == nil || !strings.HasSuffix(lines[i+1], "|") {
			continue
		}
		src, caret := lines[i+2], lines[i+3]
		bar := strings.Index(src, "| ")
		if bar < 0 || !strings.HasPrefix(caret[bar:], "| ") {
			t.Errorf("snippet of %q is not aligned:\n%s\n%s", lines[i], src, caret)
			continue
		}
		shown, marks := []rune(src[bar+2:]), []rune(caret[bar+2:])
		start := strings.IndexRune(string(marks), '^')
		startCol := len([]rune(string(marks)[:start]))
		firstShown := 0
		if len(srcLine) > 160 { // a long line, shown from 40 characters before the finding
			firstShown = max(0, x.Column-1-40)
		}
		wantStart := cellWidth(srcLine[firstShown : x.Column-1])
		if startCol != wantStart {
			t.Errorf("%q: the caret starts under character %d of the snippet, want %d:\n%s\n%s", lines[i], startCol+1, wantStart+1, src, caret)
		}
		width := strings.Count(string(marks), "^")
		want := cellWidth(srcLine[x.Column-1 : min(len(srcLine), x.EndColumn-1)])
		if x.EndLine != x.Line {
			want = cellWidth(shown) - wantStart + 1 // to the end of the line, and one for the line break
		}
		if want < 1 {
			want = 1
		}
		if width != want {
			t.Errorf("%q: %d carets, want %d:\n%s\n%s", lines[i], width, want, src, caret)
		}
		for _, r := range shown {
			if r == '\t' || r == '\r' {
				t.Errorf("%q: the snippet shows a raw %q", lines[i], r)
			}
		}
		checked++
	}
	if checked < 8 {
		t.Errorf("checked %d snippets; the samples have more", checked)
	}
}

// TestJSONShape checks the JSON report against product.md section 4:
// {"version":1,"findings":[...],"summary":{"files":N,"errors":N,"warnings":N}}
// with each finding {path, line, column, end_line, end_column, rule,
// severity, stage, message, key, fixes}.
func TestJSONShape(t *testing.T) {
	files := sampleFiles(t)
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(render(t, JSON, files, Options{}), &doc); err != nil {
		t.Fatal(err)
	}
	keys(t, "report", doc, "version", "findings", "summary")
	if string(doc["version"]) != "1" {
		t.Errorf("version = %s, want 1", doc["version"])
	}
	var summary map[string]json.RawMessage
	if err := json.Unmarshal(doc["summary"], &summary); err != nil {
		t.Fatal(err)
	}
	keys(t, "summary", summary, "files", "errors", "warnings")
	var findings []map[string]json.RawMessage
	if err := json.Unmarshal(doc["findings"], &findings); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		total += len(f.Findings)
	}
	if len(findings) != total || total == 0 {
		t.Fatalf("%d findings in the report, %d checked", len(findings), total)
	}
	for _, f := range findings {
		keys(t, "finding", f, "path", "line", "column", "end_line", "end_column", "rule", "severity", "stage", "message", "key", "fixes")
		var fixes []map[string]json.RawMessage
		if err := json.Unmarshal(f["fixes"], &fixes); err != nil || fixes == nil {
			t.Errorf("fixes %s: want a list, never null", f["fixes"])
		}
		for _, fx := range fixes {
			keys(t, "fix", fx, "title", "safe", "applicability", "edits")
			var edits []map[string]json.RawMessage
			json.Unmarshal(fx["edits"], &edits)
			for _, e := range edits {
				keys(t, "edit", e, "new_text", "line", "column", "end_line", "end_column")
			}
		}
		var path string
		json.Unmarshal(f["path"], &path)
		if strings.Contains(path, `\`) || filepath.IsAbs(path) {
			t.Errorf("path %q: want a relative path with forward slashes", path)
		}
	}
	s := Summarize(files)
	var got Summary
	json.Unmarshal(doc["summary"], &got)
	if got.Files != len(files) || got.Errors != s.Errors || got.Warnings != s.Warnings || s.Errors == 0 || s.Warnings == 0 {
		t.Errorf("summary %+v, counted %+v", got, s)
	}
}

// keys checks that an object has exactly the given keys.
func keys(t *testing.T, what string, obj map[string]json.RawMessage, want ...string) {
	t.Helper()
	seen := map[string]bool{}
	for _, k := range want {
		seen[k] = true
		if _, ok := obj[k]; !ok {
			t.Errorf("%s: no %q", what, k)
		}
	}
	for k := range obj {
		if !seen[k] {
			t.Errorf("%s: unexpected key %q", what, k)
		}
	}
}

// workflowCommand is the grammar of a GitHub Actions annotation: property
// values escape %, \r, \n, : and ,; the message escapes %, \r and \n.
var workflowCommand = regexp.MustCompile(`^::(error|warning|notice) file=(?:[^%\r\n:,]|%25|%0D|%0A|%3A|%2C)+,line=[1-9][0-9]*,col=[1-9][0-9]*,endLine=[1-9][0-9]*,endColumn=[1-9][0-9]*,title=(?:[^%\r\n:,]|%25|%0D|%0A|%3A|%2C)+::(?:[^%\r\n]|%25|%0D|%0A)*$`)

func TestGitHubGrammar(t *testing.T) {
	files := sampleFiles(t)
	// a file name and a message with every character that needs escaping
	files = append(files, File{Path: "configs/training/a,b:c%d.toml", Findings: []lint.Finding{{
		Line: 1, Column: 1, EndLine: 2, EndColumn: 3, Rule: "unknown-key", Severity: lint.Info,
		Message: "100% sure: a, b\r\nnext line\nand %0A literally",
	}}})
	out := string(render(t, GitHub, files, Options{}))
	if !strings.HasSuffix(out, "\n") {
		t.Error("the output does not end with a newline")
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	n := 0
	for _, f := range files {
		n += len(f.Findings)
	}
	if len(lines) != n {
		t.Errorf("%d lines for %d findings", len(lines), n)
	}
	for _, l := range lines {
		if !workflowCommand.MatchString(l) {
			t.Errorf("not a workflow command: %q", l)
		}
	}
	want := "::notice file=configs/training/a%2Cb%3Ac%25d.toml,line=1,col=1,endLine=2,endColumn=3,title=unknown-key::100%25 sure: a, b\\r\\nnext line\\nand %250A literally"
	if !strings.Contains(out, want+"\n") {
		t.Errorf("escaping: no line\n%q in\n%s", want, out)
	}
	for _, bad := range []string{"::error file=a:b,line=1,col=1,endLine=1,endColumn=2,title=x::m", "::error file=a,line=1,col=1,endLine=1,endColumn=2,title=x::100% raw"} {
		if workflowCommand.MatchString(bad) {
			t.Errorf("the grammar accepts %q", bad)
		}
	}
}

// TestSARIFStructure checks what code-scanning services rely on: one rule
// per catalog entry with a stable id, results pointing at their rule,
// relative URIs with a uriBaseId, and fingerprints unique per result.
func TestSARIFStructure(t *testing.T) {
	files := sampleFiles(t)
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			OriginalURIBaseIDs map[string]struct {
				URI string `json:"uri"`
			} `json:"originalUriBaseIds"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(render(t, SARIF, files, Options{Version: "1.2.3"}), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	var ids []string
	for _, r := range lint.Rules() {
		ids = append(ids, r.ID)
	}
	var got []string
	for _, r := range run.Tool.Driver.Rules {
		got = append(got, r.ID)
	}
	if strings.Join(got, " ") != strings.Join(ids, " ") {
		t.Errorf("rules %v, want the catalog %v", got, ids)
	}
	if u := run.OriginalURIBaseIDs["%SRCROOT%"].URI; !strings.HasPrefix(u, "file:///") || !strings.HasSuffix(u, "/") {
		t.Errorf("%%SRCROOT%% = %q, want a file URI ending in /", u)
	}
	fps := map[string]bool{}
	n := 0
	for _, f := range files {
		n += len(f.Findings)
	}
	if len(run.Results) != n {
		t.Errorf("%d results for %d findings", len(run.Results), n)
	}
	for _, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(got) || got[r.RuleIndex] != r.RuleID {
			t.Errorf("result %s: ruleIndex %d points at another rule", r.RuleID, r.RuleIndex)
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") || strings.Contains(loc.ArtifactLocation.URI, " ") {
			t.Errorf("result %s: artifact %+v, want an escaped relative URI on %%SRCROOT%%", r.RuleID, loc.ArtifactLocation)
		}
		reg := loc.Region
		if reg.StartLine < 1 || reg.StartColumn < 1 || reg.EndLine < reg.StartLine || (reg.EndLine == reg.StartLine && reg.EndColumn < reg.StartColumn) {
			t.Errorf("result %s: bad region %+v", r.RuleID, reg)
		}
		fp := r.PartialFingerprints["osmosisLintFingerprint/v1"]
		if fp == "" || fps[fp] {
			t.Errorf("result %s: fingerprint %q missing or repeated", r.RuleID, fp)
		}
		fps[fp] = true
	}
}

// TestSARIFFingerprintsStable checks that a fingerprint does not move when
// lines are added above the finding.
func TestSARIFFingerprintsStable(t *testing.T) {
	fp := func(src string) string {
		fs := lint.Check([]byte(src), lint.Input{Path: "configs/training/r.toml", Kind: schema.Training})
		var log struct {
			Runs []struct {
				Results []struct {
					RuleID              string            `json:"ruleId"`
					PartialFingerprints map[string]string `json:"partialFingerprints"`
				} `json:"results"`
			} `json:"runs"`
		}
		json.Unmarshal(render(t, SARIF, []File{{Path: "configs/training/r.toml", Src: []byte(src), Findings: fs}}, Options{}), &log)
		for _, r := range log.Runs[0].Results {
			if r.RuleID == "unknown-key" {
				return r.PartialFingerprints["osmosisLintFingerprint/v1"]
			}
		}
		t.Fatalf("no unknown-key result")
		return ""
	}
	base := "[experiment]\nrollout = \"a\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[training]\nlrr = 1\n"
	moved := "# a comment\n\n" + base
	if a, b := fp(base), fp(moved); a != b {
		t.Errorf("fingerprint moved with the line: %s -> %s", a, b)
	}
}

// TestSARIFValidator runs Microsoft's SARIF validator (the Sarif.Multitool
// of the npm package @microsoft/sarif-multitool-linux) on the golden SARIF
// report when it is installed: at $SARIF_MULTITOOL, or under the VS Code
// extension's node_modules. Errors fail the test; warnings are logged.
func TestSARIFValidator(t *testing.T) {
	if testing.Short() {
		t.Skip("the validator takes seconds")
	}
	tool := os.Getenv("SARIF_MULTITOOL")
	if tool == "" {
		tool, _ = filepath.Abs("../../editors/vscode/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool")
	}
	if _, err := os.Stat(tool); err != nil {
		t.Skipf("no SARIF validator at %s (npm install @microsoft/sarif-multitool-linux, then set SARIF_MULTITOOL)", tool)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "report.sarif"), filepath.Join(dir, "validation.sarif")
	if err := os.WriteFile(in, render(t, SARIF, sampleFiles(t), Options{Version: "1.2.3"}), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "validate", in, "-o", out)
	cmd.Env = append(os.Environ(), "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("validate: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct {
					Arguments []string `json:"arguments"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	for _, r := range log.Runs[0].Results {
		switch r.Level {
		case "error":
			t.Errorf("validator error %s: %v", r.RuleID, r.Message.Arguments)
		default: // an absent level is a warning
			t.Logf("validator %s %s: %v", cmp.Or(r.Level, "warning"), r.RuleID, r.Message.Arguments)
		}
	}
}

// cellWidth is the terminal width of shown characters.
func cellWidth(rs []rune) int {
	n := 0
	for _, r := range rs {
		n += cells(r, string(r))
	}
	return n
}
