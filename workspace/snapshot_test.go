package workspace

import (
	"errors"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk/disktest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

// richWorkspace builds a workspace that exercises every part of the model.
func richWorkspace(t testing.TB) (root, home string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "ws")
	home = filepath.Join(base, "home")
	tree := fullScaffold()
	for k, v := range map[string]string{
		".git/config": "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = https://user:tok@github.com/Acme/Rollouts.git\n",
		".git/index":  string(indexBytes(2, ".env.tracked", "rollouts/demo/main.py")),
		".gitignore":  ".env\n.env.*\n!.env.example\n!.env.tracked\n",
		".env":        "A=1\n", ".env.example": "A=\n", ".env.tracked": "B=2\n", ".envrc": "x\n",
		"pyproject.toml": "[project]\nname = \"ws\"\n\n[tool.osmosis-lint]\nignore = [\"grpo-group-size\"]\nseverity = { model-unknown = \"error\" }\n" +
			"datasets = \"datasets.json\"\nmodels = [\"Org/Custom-7B\"]\nexclude = [\"configs/training/scratch/**\"]\n",
		"datasets.json":                                   `{"schema_version":1,"items":[{"file_name":"multiply","status":"uploaded"},{"file_name":"train.jsonl","status":"processing"},{"file_name":"bare"}],"total_count":3,"has_more":false}`,
		"rollouts/demo/main.py":                           "",
		"rollouts/demo/pyproject.toml":                    "[project]\n",
		"rollouts/demo/pkg/__init__.py":                   "",
		"rollouts/demo/pkg/agent.py":                      "",
		"rollouts/demo/README.md":                         "",
		"rollouts/demo/.venv/lib/site.py":                 "",
		"rollouts/demo/venv/lib/site.py":                  "",
		"rollouts/demo/node_modules/x/index.js":           "",
		"rollouts/demo/__pycache__/main.cpython-312.pyc":  "",
		"rollouts/demo/.hidden/secret.py":                 "",
		"rollouts/demo/.env":                              "",
		"rollouts/demo/loop":                              "->.",
		"rollouts/demo/parent":                            "->..",
		"rollouts/other/agent.py":                         "",
		"rollouts/alias":                                  "->demo",
		"rollouts/escape":                                 "->../..",
		"rollouts/.cache/x.py":                            "",
		"rollouts/README.md":                              "",
		"configs/training/run.toml":                       "",
		"configs/training/nested/deep.toml":               "",
		"configs/training/scratch/try.toml":               "",
		"configs/training/notes.md":                       "",
		"configs/training/.hidden/x.toml":                 "",
		"configs/training/to-eval.toml":                   "->../eval/e.toml",
		"configs/eval/e.toml":                             "",
		"configs/benchmark/b.toml":                        "",
		"configs/misc.toml":                               "",
		"data/multiply.jsonl":                             "{}\n{}\n",
		"data/train.CSV":                                  "a\n",
		"data/raw.json":                                   "[]",
		"data/table.parquet":                              "PAR1",
		"data/notes.txt":                                  "",
		"data/.gitkeep":                                   "",
		"data/alias.jsonl":                                "->multiply.jsonl",
		"data/sub/inner.jsonl":                            "",
		".agents/skills/plan-training/SKILL.md":           "---\nname: plan-training\ndescription: >\n  Plan a training run\n  step by step.\n---\n# Body\n",
		".agents/skills/wrong-name/SKILL.md":              "---\nname: other\ndescription: \"Quoted: yes\"\n---\n",
		".agents/skills/no-front/SKILL.md":                "# Just markdown\n",
		".agents/skills/unclosed/SKILL.md":                "---\nname: unclosed\n",
		".agents/skills/empty-dir/":                       "",
		".claude/skills/plan-training":                    "->../../.agents/skills/plan-training",
		".claude/skills/wrong-name":                       "->../../.agents/skills/plan-training",
		".claude/skills/no-front":                         "->" + filepath.Join(root, ".agents/skills/no-front"),
		".claude/skills/broken":                           "->../../.agents/skills/broken",
		".claude/skills/copied/SKILL.md":                  "",
		"home/.cache/osmosis/datasets/ds_1/metadata.json": "",
	} {
		tree[k] = v
	}
	delete(tree, "home/.cache/osmosis/datasets/ds_1/metadata.json")
	writeTree(t, root, tree)
	writeTree(t, home, files{
		".cache/osmosis/datasets/ds_1/metadata.json": `{"dataset_id":"ds_1","dataset_name":"cached-set","sha256":"x","extension":"jsonl"}`,
		".cache/osmosis/datasets/ds_2/metadata.json": `{"dataset_id":"ds_2"}`,
		".cache/osmosis/datasets/ds_3/metadata.json": `{"dataset_name": 5}`,
		".cache/osmosis/datasets/ds_4/metadata.json": `not json`,
		".cache/osmosis/datasets/ds_5/metadata.json": `{"dataset_name":"multiply"}`,
		".cache/osmosis/datasets/ds_6/other.json":    `{}`,
		".cache/osmosis/datasets/loose-file.json":    `{}`,
	})
	return root, home
}

func TestLoadGolden(t *testing.T) {
	root, home := richWorkspace(t)
	s := mustLoad(t, root, Options{Home: home, Models: []string{"Cli/Flag-Model", "Qwen/Qwen3.6-35B-A3B"}})
	got := dump(s, map[string]string{root: "$ROOT", home: "$HOME"})
	checkGolden(t, "golden/rich.txt", got)
}

// TestDoctorContract reproduces the setups of the CLI's own doctor and
// workspace-contract tests: the same missing paths, in the same order.
func TestDoctorContract(t *testing.T) {
	all := []string{"rollouts/", "configs/training/", "configs/eval/", "data/", "AGENTS.md", "CLAUDE.md", "configs/AGENTS.md"}
	tests := []struct {
		name    string
		tree    files
		missing []string
	}{
		{"git init only", files{}, all},
		{"only rollouts", files{"rollouts/": ""}, all[1:]},
		{"existing dir is not reported, nor its .gitkeep", files{"rollouts/demo/": ""}, all[1:]},
		{"four dirs, no .osmosis, no project.toml", files{"rollouts/": "", "configs/training/": "", "configs/eval/": "", "data/": ""}, all[4:]},
		{"four dirs and rollouts/demo", files{"rollouts/demo/": "", "configs/training/": "", "configs/eval/": "", "data/": ""}, all[4:]},
		{"full scaffold", fullScaffold(), nil},
		{"symlinked dir counts", merge(fullScaffold(), files{"data": "->rollouts", "data/": "<skip>"}), nil},
		{"broken symlink agent file is missing", merge(fullScaffold(), files{"AGENTS.md": "->nowhere.md"}), []string{"AGENTS.md"}},
		{"directory named AGENTS.md counts", merge(fullScaffold(), files{"AGENTS.md": "<skip>", "AGENTS.md/": ""}), nil},
		{"regular file where a dir belongs", merge(fullScaffold(), files{"rollouts/": "<skip>", "rollouts": "file"}), []string{"rollouts/"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := newWorkspace(t, tc.tree)
			s := mustLoad(t, root, Options{})
			if got := s.Missing(); !slices.Equal(got, tc.missing) {
				t.Fatalf("missing = %q, want %q", got, tc.missing)
			}
			for _, p := range s.Missing() {
				if strings.Contains(p, ".gitkeep") || strings.Contains(p, ".osmosis") {
					t.Fatalf("reported %q", p)
				}
			}
		})
	}
}

// merge overlays b on a; the value "<skip>" deletes a key.
func merge(a, b files) files {
	out := files{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		if v == "<skip>" {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}

func TestScaffoldEscapingSymlink(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, merge(files{"mnt/data/": ""}, prefixed("ws/", merge(fullScaffold(), files{".git/": "", "data/": "<skip>", "data": "->../mnt/data"}))))
	s := mustLoad(t, filepath.Join(base, "ws"), Options{})
	d := s.RequiredDirs()[3]
	// nothing outside is looked at: not present, and said to escape
	if d.Path != "data/" || d.Present || !d.Symlink || !d.Escapes || d.EscapeVia != "data" || d.EscapeTarget != "../mnt/data" {
		t.Fatalf("data entry %+v", d)
	}
	if len(s.DataFiles()) != 0 {
		t.Fatal("listed data through an escaping link")
	}
	if is := s.DataIssues(); len(is) != 1 || is[0].Message() != "data is a symlink that leads outside the workspace (to ../mnt/data), which is never followed" {
		t.Fatalf("data issues %+v", is)
	}
}

func prefixed(prefix string, f files) files {
	out := files{}
	for k, v := range f {
		out[prefix+k] = v
	}
	return out
}

// TestGitTop follows the CLI's root tests: a subdirectory and a file
// path resolve to the top level; a plain directory is not a workspace.
func TestGitTop(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, files{
		"ws/.git/":                         "",
		"ws/rollouts/demo/":                "",
		"ws/configs/training/default.toml": "",
		"ws/.git/hooks/":                   "",
		"ws/vendor/sub/.git":               "gitdir: ../../.git/modules/sub\n",
		"ws/vendor/sub/configs/x.toml":     "",
		"ws/nested/inner/.git/":            "",
		"ws/nested/inner/configs/a.toml":   "",
		"plain/dir/":                       "",
	})
	ws := filepath.Join(base, "ws")
	tests := []struct {
		start, want string
	}{
		{"ws/rollouts/demo", ws},
		{"ws/configs/training/default.toml", ws},
		{"ws/configs", ws},
		{"ws", ws},
		{"ws/configs/training/new-file.toml", ws},
		{"ws/does/not/exist", ws},
		{"ws/vendor/sub/configs/x.toml", filepath.Join(ws, "vendor/sub")},
		{"ws/nested/inner/configs/a.toml", filepath.Join(ws, "nested/inner")},
	}
	for _, tc := range tests {
		got, err := gitTop(filepath.Join(base, tc.start))
		if err != nil || got != tc.want {
			t.Errorf("gitTop(%s) = %q, %v; want %q", tc.start, got, err, tc.want)
		}
	}
	for _, start := range []string{"plain/dir", "plain", "ws/.git/hooks", "ws/.git"} {
		if got, err := gitTop(filepath.Join(base, start)); !errors.Is(err, ErrNotWorkspace) {
			t.Errorf("gitTop(%s) = %q, %v; want ErrNotWorkspace", start, got, err)
		}
	}
	// Relative starts are taken from the current directory.
	t.Chdir(filepath.Join(ws, "configs"))
	if got, err := gitTop("."); err != nil || got != ws {
		t.Errorf("gitTop(.) = %q, %v", got, err)
	}
}

// TestOriginOfNestedDirectory: a directory without its own .git, loaded
// as a root, never borrows the parent's origin.
func TestOriginOfNestedDirectory(t *testing.T) {
	root := newWorkspace(t, files{".git/config": "[remote \"origin\"]\nurl = https://github.com/acme/rollouts\n", "nested/": ""})
	if o := mustLoad(t, root, Options{}).Origin(); o.Identity.Repo != "acme/rollouts" {
		t.Fatalf("root origin %+v", o)
	}
	s := mustLoad(t, filepath.Join(root, "nested"), Options{})
	if o := s.Origin(); o.Found || o.Err == nil {
		t.Fatalf("nested origin %+v", o)
	}
	if _, err := s.GitDirs(); err == nil {
		t.Fatal("nested dir has git dirs")
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "missing"), Options{}); err == nil {
		t.Fatal("loaded a missing root")
	}
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	if _, err := Load(f, Options{}); err == nil {
		t.Fatal("loaded a file as root")
	}
}

func TestRolloutListingBounds(t *testing.T) {
	tree := files{}
	for i := 0; i < 50; i++ {
		tree["rollouts/big/f"+string(rune('a'+i%26))+strings.Repeat("x", i)+".py"] = ""
	}
	deep := "rollouts/deep"
	for i := 0; i < 40; i++ {
		deep += "/d"
	}
	tree[deep+"/bottom.py"] = ""
	tree["rollouts/small/main.py"] = ""
	root := newWorkspace(t, tree)
	s := mustLoad(t, root, Options{MaxRolloutFiles: 10})
	big, _ := s.Rollout("big")
	if !big.Truncated || len(big.Files) > 10 {
		t.Fatalf("big: truncated=%v files=%d", big.Truncated, len(big.Files))
	}
	d, _ := s.Rollout("deep")
	if !d.Truncated || len(d.Files) != 0 {
		t.Fatalf("deep: %+v", d)
	}
	small, _ := s.Rollout("small")
	if small.Truncated || !slices.Equal(small.PyFiles, []string{"main.py"}) {
		t.Fatalf("small: %+v", small)
	}
	if _, ok := s.Rollout("nope"); ok {
		t.Fatal("found a missing rollout")
	}
	if got := s.RolloutNames(); !slices.Equal(got, []string{"big", "deep", "small"}) {
		t.Fatalf("names %q", got)
	}
}

func TestDatasetSources(t *testing.T) {
	root, home := richWorkspace(t)
	s := mustLoad(t, root, Options{Home: home})
	if !s.HasPlatformList() || s.DatasetsFile() != filepath.Join(root, "datasets.json") {
		t.Fatalf("list %v %q", s.HasPlatformList(), s.DatasetsFile())
	}
	tests := []struct {
		name, want string
		source     DatasetSource
		status     string
		dataFile   string
	}{
		{"multiply", "multiply", SourceDatasetsFile, "uploaded", "data/multiply.jsonl"},
		{"train", "train.jsonl", SourceDatasetsFile, "processing", ""},
		{"train.jsonl", "train.jsonl", SourceDatasetsFile, "processing", ""},
		{"bare", "bare", SourceDatasetsFile, "", ""},
		{"cached-set", "cached-set", SourceCache, "", ""},
		{"ds_2", "ds_2", SourceCache, "", ""},
		{"table", "table", SourceDataDir, "", "data/table.parquet"},
	}
	for _, tc := range tests {
		d, ok := s.LookupDataset(tc.name)
		if !ok || d.Name != tc.want || d.Source != tc.source || d.Status != tc.status || d.DataFile != tc.dataFile {
			t.Errorf("LookupDataset(%q) = %+v, %v", tc.name, d, ok)
		}
	}
	for _, name := range []string{"raw", "notes", "inner", "alias"} {
		if d, ok := s.LookupDataset(name); ok {
			t.Errorf("LookupDataset(%q) = %+v; not a platform data file", name, d)
		}
	}
	// The option overrides the setting.
	opt := filepath.Join(t.TempDir(), "list.json")
	os.WriteFile(opt, []byte(`{"items":[{"file_name":"from-flag","status":"uploaded"}]}`), 0o644)
	s = mustLoad(t, root, Options{DatasetsFile: opt})
	if _, ok := s.LookupDataset("bare"); ok {
		t.Fatal("setting list read despite the option")
	}
	if d, ok := s.LookupDataset("from-flag"); !ok || d.From != opt {
		t.Fatalf("from-flag = %+v", d)
	}
	// Without any list, only weak sources.
	s = mustLoad(t, root, Options{})
	os.Remove(filepath.Join(root, "pyproject.toml"))
	s = mustLoad(t, root, Options{})
	if s.HasPlatformList() {
		t.Fatal("platform list without a file")
	}
	if d, ok := s.LookupDataset("multiply"); !ok || d.Source != SourceDataDir {
		t.Fatalf("multiply = %+v", d)
	}
}

func TestReadDatasetListErrors(t *testing.T) {
	tests := map[string]string{
		"":                                    "not valid JSON",
		"{":                                   "not valid JSON",
		"[1,2]":                               "expected a JSON object",
		"{}":                                  "no \"items\"",
		`{"items": {}}`:                       "items: expected an array",
		`{"items": [1]}`:                      "items[0]: expected an object",
		`{"items": [{"status": "uploaded"}]}`: "items[0].file_name: expected a string, found null",
		`{"items": [{"file_name": 3}]}`:       "items[0].file_name: expected a string, found a number",
		`{"items": [{"file_name": ""}]}`:      "items[0].file_name: empty",
		`{"items": [{"file_name": "a", "status": 1}]}`: "items[0].status: expected a string",
		`{"schema_version": 2, "items": []}`:           "schema_version: unsupported",
		`{"items": []} {"items": []}`:                  "more than one JSON value",
		"{\n\"items\": [,]}":                           "line 2",
	}
	dir := t.TempDir()
	for content, want := range tests {
		path := filepath.Join(dir, "list.json")
		os.WriteFile(path, []byte(content), 0o644)
		_, err := ReadDatasetList(path)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("ReadDatasetList(%q) = %v; want an error naming the file with %q", content, err, want)
		}
	}
	if _, err := ReadDatasetList(filepath.Join(dir, "missing.json")); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "ok.json"), []byte(`{"items":[{"file_name":"a","status":null},{"file_name":"b","status":"error"}]}`), 0o644)
	got, err := ReadDatasetList(filepath.Join(dir, "ok.json"))
	if err != nil || len(got) != 2 || got[0] != (DatasetListEntry{FileName: "a", RowCount: -1}) || got[1].Status != "error" {
		t.Fatalf("got %+v, %v", got, err)
	}
}

// TestDatasetListRowCount: row_count is read when it is a whole number
// from 0; absent, null, negative, fractional or a string is unknown (-1),
// and the list still loads.
func TestDatasetListRowCount(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list.json")
	os.WriteFile(path, []byte(`{"items":[
		{"file_name":"a","row_count":1000},
		{"file_name":"b","row_count":0},
		{"file_name":"c"},
		{"file_name":"d","row_count":null},
		{"file_name":"e","row_count":-3},
		{"file_name":"f","row_count":12.5},
		{"file_name":"g","row_count":"9"},
		{"file_name":"h","row_count":1e3}]}`), 0o644)
	got, err := ReadDatasetList(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{1000, 0, -1, -1, -1, -1, -1, -1}
	for i, e := range got {
		if e.RowCount != want[i] {
			t.Errorf("%s: row count %d, want %d", e.FileName, e.RowCount, want[i])
		}
	}
}

// TestDatasetListProblems: a bad list is a Problem, never a panic, and the
// snapshot then has no platform list.
func TestDatasetListProblems(t *testing.T) {
	// each names pyproject.toml, the line and the key with its value
	for _, tc := range []struct {
		setting, file, key string
		source             ProblemSource
		text               string
	}{
		{"datasets.json", `{"items": 5}`, "tool.osmosis-lint.datasets", ProblemDatasetsFile,
			"pyproject.toml:2:1: [tool.osmosis-lint] datasets = \"datasets.json\": datasets.json is not a saved `osmosis --json dataset list --all`: items: expected an array, found a number"},
		{"missing.json", "", "tool.osmosis-lint.datasets", ProblemDatasetsFile,
			"pyproject.toml:2:1: [tool.osmosis-lint] datasets = \"missing.json\": cannot read missing.json: no such file"},
		{"../outside.json", "", "tool.osmosis-lint.datasets", ProblemSettings,
			"pyproject.toml:2:1: [tool.osmosis-lint] datasets = \"../outside.json\": it leads outside the workspace"},
		{"/etc/hostname", "", "tool.osmosis-lint.datasets", ProblemSettings, "pyproject.toml:2:1: [tool.osmosis-lint] datasets = \"/etc/hostname\""},
	} {
		tree := files{"pyproject.toml": "[tool.osmosis-lint]\ndatasets = \"" + tc.setting + "\"\n"}
		if tc.file != "" {
			tree[tc.setting] = tc.file
		}
		s := mustLoad(t, newWorkspace(t, tree), Options{})
		probs := s.Problems()
		if s.HasPlatformList() || len(probs) != 1 || probs[0].Source != tc.source || probs[0].Key != tc.key || !strings.HasPrefix(probs[0].Error(), tc.text) {
			t.Errorf("%s: problems %v", tc.setting, probs)
		}
	}
}

func TestSettings(t *testing.T) {
	tests := []struct {
		name    string
		toml    string
		check   func(Settings) bool
		probKey []string
	}{
		{"absent table", "[project]\nname = \"x\"\n", func(s Settings) bool { return s.Ignore == nil && s.Severity == nil }, nil},
		{"all keys", "[tool.osmosis-lint]\nignore = [\"a\", \"b\"]\nseverity = { x = \"warning\", y = \"info\", z = \"error\" }\n" +
			"datasets = \"d.json\"\nmodels = [\"M/1\"]\nexclude = [\"configs/**/old-*.toml\"]\n",
			func(s Settings) bool {
				return slices.Equal(s.Ignore, []string{"a", "b"}) && s.Severity["x"] == "warning" && s.Severity["z"] == "error" &&
					s.Datasets == "d.json" && slices.Equal(s.Models, []string{"M/1"}) && s.Excluded("configs/eval/old-1.toml") && !s.Excluded("configs/eval/new.toml")
			}, nil},
		{"dotted keys", "[tool]\nosmosis-lint.ignore = [\"a\"]\n", func(s Settings) bool { return slices.Equal(s.Ignore, []string{"a"}) }, nil},
		{"wrong types", "[tool.osmosis-lint]\nignore = \"a\"\nmodels = [1]\ndatasets = 3\nexclude = [\"\"]\nseverity = \"error\"\n",
			nil, []string{"tool.osmosis-lint.datasets", "tool.osmosis-lint.exclude", "tool.osmosis-lint.ignore", "tool.osmosis-lint.models", "tool.osmosis-lint.severity"}},
		{"bad severity values", "[tool.osmosis-lint.severity]\nok = \"info\"\nbad = \"fatal\"\noff = \"off\"\nnum = 1\n",
			func(s Settings) bool { return len(s.Severity) == 1 && s.Severity["ok"] == "info" },
			[]string{"tool.osmosis-lint.severity.bad", "tool.osmosis-lint.severity.num", "tool.osmosis-lint.severity.off"}},
		{"unknown key keeps the rest", "[tool.osmosis-lint]\nignored = [\"a\"]\nmodels = [\"m\"]\n",
			func(s Settings) bool { return slices.Equal(s.Models, []string{"m"}) }, []string{"tool.osmosis-lint.ignored"}},
		{"bad glob", "[tool.osmosis-lint]\nexclude = [\"ok/**\", \"bad[\", \"!neg\"]\n",
			func(s Settings) bool { return slices.Equal(s.Exclude, []string{"ok/**"}) }, []string{"tool.osmosis-lint.exclude", "tool.osmosis-lint.exclude"}},
		{"not a table", "[tool]\nosmosis-lint = 1\n", nil, []string{"tool.osmosis-lint"}},
		// a table meant as [tool.osmosis-lint] and spelled otherwise is never
		// ignored silently; other tools' tables are not ours
		{"underscore", "[tool.osmosis_lint]\nignore = [\"a\"]\n", func(s Settings) bool { return s.Ignore == nil }, []string{"tool.osmosis_lint"}},
		{"near spellings", "[tool.osmosislint]\n[tool.Osmosis-Lint]\n[tool.osmosis.lint]\n[tools.osmosis-lint]\n[osmosis-lint]\n[tool.osmosis-lint]\nmodels = [\"m\"]\n",
			func(s Settings) bool { return slices.Equal(s.Models, []string{"m"}) },
			[]string{"osmosis-lint", "tool.Osmosis-Lint", "tool.osmosis.lint", "tool.osmosislint", "tools.osmosis-lint"}},
		{"other tools", "[tool.ruff]\nselect = [\"E\"]\n[tool.osmosis]\nx = 1\n[tool.osmosis-ai]\n[tool.uv]\n", nil, nil},
		{"invalid toml", "[tool.osmosis-lint\n", nil, []string{""}},
		{"duplicate key", "[tool.osmosis-lint]\nignore = []\nignore = []\n", nil, []string{""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, probs := ParseSettings([]byte(tc.toml))
			var keys []string
			for _, p := range probs {
				keys = append(keys, p.Key)
				if p.Source != ProblemSettings || p.Path != SettingsFile || p.Message == "" {
					t.Errorf("problem %+v", p)
				}
			}
			slices.Sort(keys)
			if !slices.Equal(keys, tc.probKey) {
				t.Errorf("problem keys %q, want %q (%v)", keys, tc.probKey, probs)
			}
			if tc.check != nil && !tc.check(st) {
				t.Errorf("settings %+v", st)
			}
		})
	}
}

func TestSettingsProblemPositions(t *testing.T) {
	src := "[project]\nname = \"é\"\n\n[tool.osmosis-lint]\nignore = []\n  sevrity = {}\nseverity = { \"é\" = \"loud\" }\n"
	_, probs := ParseSettings([]byte(src))
	if len(probs) != 2 {
		t.Fatalf("problems %v", probs)
	}
	byKey := map[string]Problem{}
	for _, p := range probs {
		byKey[p.Key] = p
	}
	if p := byKey["tool.osmosis-lint.sevrity"]; p.Line != 6 || p.Column != 3 || !strings.Contains(p.Message, `did you mean "severity"`) {
		t.Errorf("unknown key problem %+v", p)
	}
	if p := byKey["tool.osmosis-lint.severity.é"]; p.Line != 7 || p.Column != 14 || !strings.Contains(p.Message, `"loud"`) {
		t.Errorf("severity problem %+v", p)
	}
	_, probs = ParseSettings([]byte("a = \"é\"\nb = = 1\n"))
	if len(probs) != 1 || probs[0].Line != 2 || probs[0].Key != "" || !strings.Contains(probs[0].Error(), "pyproject.toml:2:") {
		t.Fatalf("syntax problem %v", probs)
	}
}

// TestEnvFilesWithGit checks tracked and ignored .env files against what
// git itself records.
func TestEnvFilesWithGit(t *testing.T) {
	dir := t.TempDir()
	gittest.Run(t, dir, "init", "-q")
	writeTree(t, dir, files{
		".gitignore": ".env*\n!.env.example\n", ".env": "S=1\n", ".env.example": "S=\n",
		".env.local": "L=1\n", ".env.prod": "P=1\n", "sub/.env": "", ".environment": "",
	})
	gittest.Run(t, dir, "add", "-f", ".env.prod", ".env.example", "sub/.env")
	os.WriteFile(filepath.Join(dir, ".git", "info", "exclude"), []byte("!.env.local\n"), 0o644)
	s := mustLoad(t, dir, Options{})
	got := map[string]EnvFile{}
	for _, e := range s.EnvFiles() {
		got[e.Name] = e
	}
	want := map[string]EnvFile{
		".env":         {Name: ".env", Present: true, Ignored: true, IgnoredBy: ".gitignore:1"},
		".env.example": {Name: ".env.example", Present: true, Tracked: true, IgnoredBy: ".gitignore:2"},
		".env.local":   {Name: ".env.local", Present: true, Ignored: true, IgnoredBy: ".gitignore:1"},
		".env.prod":    {Name: ".env.prod", Present: true, Tracked: true, Ignored: true, IgnoredBy: ".gitignore:1"},
	}
	if len(got) != len(want) {
		t.Fatalf("env files %+v", s.EnvFiles())
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s = %+v, want %+v", name, got[name], w)
		}
	}
	// A tracked file deleted from the worktree is still reported.
	os.Remove(filepath.Join(dir, ".env.prod"))
	s = mustLoad(t, dir, Options{})
	for _, e := range s.EnvFiles() {
		if e.Name == ".env.prod" && (e.Present || !e.Tracked) {
			t.Fatalf("deleted tracked file %+v", e)
		}
	}
}

func TestParseFrontMatter(t *testing.T) {
	tests := []struct {
		name, in     string
		ok           bool
		nameV, descV string
	}{
		{"plain", "---\nname: a\ndescription: does things\n---\n", true, "a", "does things"},
		{"crlf bom", "\xef\xbb\xbf---\r\nname: a\r\ndescription: d\r\n---\r\n", true, "a", "d"},
		{"quoted", "---\nname: \"a\"\ndescription: 'it''s: fine # not a comment'\n---\n", true, "a", "it's: fine # not a comment"},
		{"comment", "---\n# c\nname: a # trailing\ndescription: d\n...\n", true, "a", "d"},
		{"folded", "---\nname: a\ndescription: >\n  one\n  two\n\n  three\n---\n", true, "a", "one two\nthree"},
		{"literal", "---\nname: a\ndescription: |\n  one\n  two\n---\n", true, "a", "one\ntwo"},
		{"plain continued", "---\nname: a\ndescription: one\n  two\n---\n", true, "a", "one two"},
		{"multi-line quote", "---\nname: a\ndescription: \"one\n  two\"\n---\n", true, "a", "one two"},
		{"missing description", "---\nname: a\n---\n", true, "a", ""},
		{"nested value", "---\nname: a\nmetadata:\n  x: 1\ndescription: d\n---\n", true, "a", "d"},
		{"no front matter", "# Title\n", false, "", ""},
		{"unclosed", "---\nname: a\n", false, "", ""},
		{"not key value", "---\njust text\n---\n", false, "", ""},
		{"unterminated quote", "---\nname: \"a\n---\n", false, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fields, ok, _ := parseFrontMatter([]byte(tc.in))
			if ok != tc.ok || fields["name"] != tc.nameV || fields["description"] != tc.descV {
				t.Fatalf("got %v %q", ok, fields)
			}
		})
	}
}

func FuzzParseFrontMatter(f *testing.F) {
	f.Add([]byte("---\nname: a\ndescription: >\n  b\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) { parseFrontMatter(data) })
}

func FuzzParseSettings(f *testing.F) {
	f.Add([]byte("[tool.osmosis-lint]\nignore = [\"a\"]\nseverity = { b = \"info\" }\n"))
	f.Fuzz(func(t *testing.T, data []byte) { ParseSettings(data) })
}

// TestEnvFilesLinkedExclude: .git/info/exclude is read through the door of
// the git directory. A link that stays there is followed, as git does;
// one that leaves it is not read, nothing outside is touched, and whether
// the file is ignored is then unknown rather than false.
func TestEnvFilesLinkedExclude(t *testing.T) {
	base := t.TempDir()
	dir, outside := filepath.Join(base, "ws"), filepath.Join(base, "outside")
	writeTree(t, base, files{"ws/.env": "S=1\n", "outside/exclude": ".env\n"})
	gittest.Run(t, dir, "init", "-q")
	writeTree(t, dir, files{".git/exclude-kept": ".env\n"})
	exclude := filepath.Join(dir, ".git", "info", "exclude")
	for name, tc := range map[string]struct {
		target string
		want   EnvFile
	}{
		"inside":  {"../exclude-kept", EnvFile{Name: ".env", Present: true, Ignored: true, IgnoredBy: ".git/info/exclude:1"}},
		"outside": {filepath.Join(outside, "exclude"), EnvFile{Name: ".env", Present: true, IgnoreUnknown: true}},
	} {
		t.Run(name, func(t *testing.T) {
			os.Remove(exclude)
			if err := os.Symlink(tc.target, exclude); err != nil {
				t.Fatal(err)
			}
			stop := disktest.Record(outside)
			s := mustLoad(t, dir, Options{})
			got := s.EnvFiles()
			if touched := stop(); len(touched) > 0 {
				t.Errorf("touched outside: %v", touched)
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("env files %+v, want %+v", got, tc.want)
			}
		})
	}
}
