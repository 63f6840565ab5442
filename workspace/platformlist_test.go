package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadModelList(t *testing.T) {
	dir := t.TempDir()
	write := func(content string) string {
		path := filepath.Join(dir, "models.json")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// the default `--type all` output: base models only, LoRA models left out
	all := `{"schema_version":1,"base_models":{"items":[{"id":"m1","model_name":"Qwen/Qwen3.6-35B-A3B","base_model":"Qwen/Qwen3.6-35B-A3B"}],"total_count":1,"has_more":false},` +
		`"lora_models":{"items":[{"id":"l1","model_name":"my-lora","base_model":"Qwen/Qwen3.6-35B-A3B","training_run_name":"r"}]}}`
	got, err := ReadModelList(write(all))
	if err != nil || len(got) != 1 || got[0].Name != "Qwen/Qwen3.6-35B-A3B" {
		t.Fatalf("all: %+v, %v", got, err)
	}
	// `--type base`
	got, err = ReadModelList(write(`{"schema_version":1,"items":[{"model_name":"A/B"},{"model_name":"C/D"}]}`))
	if err != nil || len(got) != 2 || got[1].Name != "C/D" {
		t.Fatalf("base: %+v, %v", got, err)
	}
	for content, want := range map[string]string{
		`{"items":[{"model_name":"x","training_run_name":"r"}]}`: "items[0]: a LoRA model",
		`{"base_models":[]}`:                           "base_models: expected an object, found an array",
		`{"base_models":{}}`:                           "base_models: no \"items\" array",
		`{"base_models":{"items":[{"model_name":7}]}}`: "base_models.items[0].model_name: expected a string, found a number",
		`{"schema_version":2,"items":[]}`:              "schema_version: unsupported schema version 2",
		`{"schema_version":"1","items":[]}`:            "schema_version: unsupported",
		`{"lora_models":{"items":[]}}`:                 "no \"items\" array; save the output of `osmosis --json model list --all`",
		`[]`:                                           "expected a JSON object",
	} {
		path := write(content)
		_, err := ReadModelList(path)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("ReadModelList(%s) = %v; want an error naming the file with %q", content, err, want)
		}
	}
}

func TestReadSecretList(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "secrets.json")
	write := func(content string) {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"schema_version":1,"items":[{"id":"s1","name":"OPENAI_API_KEY","scope":"workspace","updater_name":"x"},{"name":"JUDGE_KEY","scope":null}],"total_count":2}`)
	got, err := ReadSecretList(path)
	if err != nil || len(got) != 2 || got[0] != (SecretRecord{Name: "OPENAI_API_KEY", Scope: "workspace"}) || got[1] != (SecretRecord{Name: "JUDGE_KEY"}) {
		t.Fatalf("got %+v, %v", got, err)
	}
	for content, want := range map[string]string{
		`{"items":[{"scope":"workspace"}]}`:  "items[0].name: expected a string, found null",
		`{"items":[{"name":""}]}`:            "items[0].name: empty secret name",
		`{"items":[{"name":"A","scope":1}]}`: "items[0].scope: expected a string, found a number",
		`{"schema_version":3,"items":[]}`:    "schema_version: unsupported",
		`{"items":[]} {}`:                    "more than one JSON value; expected the single object `osmosis --json secret list --all` prints",
		`{"base_models":{"items":[]}}`:       "no \"items\" array; save the output of `osmosis --json secret list --all`",
		`{"items":"OPENAI_API_KEY"}`:         "items: expected an array, found a string",
	} {
		write(content)
		_, err := ReadSecretList(path)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("ReadSecretList(%s) = %v; want an error naming the file with %q", content, err, want)
		}
	}
}

// TestPlatformListsLoad: the settings name the lists inside the
// workspace, the options anywhere; the model list stands for the built-in
// models; a bad list is a problem of its own source at the setting's line.
func TestPlatformListsLoad(t *testing.T) {
	root := newWorkspace(t, files{
		"pyproject.toml":     "[tool.osmosis-lint]\nmodel-list = \"lists/models.json\"\nsecret-list = \"lists/secrets.json\"\nmodels = [\"Org/Extra\"]\n",
		"lists/models.json":  `{"schema_version":1,"base_models":{"items":[{"model_name":"Org/Base-1B"}]},"lora_models":{"items":[]}}`,
		"lists/secrets.json": `{"schema_version":1,"items":[{"name":"OPENAI_API_KEY","scope":"personal"}]}`,
	})
	s := mustLoad(t, root, Options{})
	if len(s.Problems()) != 0 || !s.HasModelList() || !s.HasSecretList() || s.ModelListFile() != filepath.Join(root, "lists/models.json") {
		t.Fatalf("problems %v, model list %v %q, secret list %v", s.Problems(), s.HasModelList(), s.ModelListFile(), s.HasSecretList())
	}
	if m, ok := s.LookupModel("Org/Base-1B"); !ok || m.Source != ModelListFile {
		t.Errorf("Org/Base-1B = %+v %v", m, ok)
	}
	if _, ok := s.LookupModel("Org/Extra"); !ok {
		t.Error("the models setting still adds to the list")
	}
	if _, ok := s.LookupModel(BuiltinModels()[0]); ok {
		t.Error("a built-in model not in the saved list is known")
	}
	if r, ok := s.LookupSecret("OPENAI_API_KEY"); !ok || r.Scope != "personal" {
		t.Errorf("secret = %+v %v", r, ok)
	}
	if _, ok := s.LookupSecret("OTHER"); ok {
		t.Error("OTHER found")
	}

	// options win over the settings and may be anywhere
	other := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(other, []byte(`{"items":[{"name":"OTHER"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s = mustLoad(t, root, Options{SecretListFile: other})
	if _, ok := s.LookupSecret("OTHER"); !ok || s.SecretListFile() != other {
		t.Errorf("option list not used: %q", s.SecretListFile())
	}

	// no list: nothing read, the built-in models
	s = mustLoad(t, newWorkspace(t, files{}), Options{})
	if s.HasModelList() || s.HasSecretList() || s.ModelListFile() != "" || len(s.Problems()) != 0 {
		t.Fatal("a list without any configured")
	}
	if _, ok := s.LookupModel(BuiltinModels()[0]); !ok {
		t.Error("built-in models missing without a list")
	}

	for _, tc := range []struct {
		key, setting, file string
		source             ProblemSource
		text               string
	}{
		{"model-list", "m.json", `{"items":[{"model_name":1}]}`, ProblemModelListFile,
			"pyproject.toml:2:1: [tool.osmosis-lint] model-list = \"m.json\": m.json is not a saved `osmosis --json model list --all`: items[0].model_name: expected a string, found a number"},
		{"secret-list", "missing.json", "", ProblemSecretListFile,
			"pyproject.toml:2:1: [tool.osmosis-lint] secret-list = \"missing.json\": cannot read missing.json: no such file"},
		{"secret-list", "../out.json", "", ProblemSettings,
			"pyproject.toml:2:1: [tool.osmosis-lint] secret-list = \"../out.json\": it leads outside the workspace; the secret list must be a file inside it"},
		{"model-list", "", "", ProblemSettings, "pyproject.toml:2:1: [tool.osmosis-lint] model-list: must not be empty"},
	} {
		tree := files{"pyproject.toml": "[tool.osmosis-lint]\n" + tc.key + " = \"" + tc.setting + "\"\n"}
		if tc.file != "" {
			tree[tc.setting] = tc.file
		}
		s := mustLoad(t, newWorkspace(t, tree), Options{})
		probs := s.Problems()
		if s.HasModelList() || s.HasSecretList() || len(probs) != 1 || probs[0].Source != tc.source || probs[0].Error() != tc.text {
			t.Errorf("%s = %q: problems %v", tc.key, tc.setting, probs)
		}
	}
	// a list named on the command line: the option in the message
	s = mustLoad(t, newWorkspace(t, files{}), Options{ModelListFile: filepath.Join(t.TempDir(), "none.json")})
	if probs := s.Problems(); len(probs) != 1 || !strings.Contains(probs[0].Message, "cannot read the model list given with --model-list: no such file") {
		t.Errorf("problems %v", probs)
	}
}

// TestPlatformListsApply: an edit of a list, or of the setting naming it,
// reads that list again.
func TestPlatformListsApply(t *testing.T) {
	root := newWorkspace(t, files{
		"pyproject.toml": "[tool.osmosis-lint]\nsecret-list = \"secrets.json\"\n",
		"secrets.json":   `{"items":[{"name":"A"}]}`,
		"models.json":    `{"items":[{"model_name":"Org/M"}]}`,
	})
	s := mustLoad(t, root, Options{})
	writeTree(t, root, files{"secrets.json": `{"items":[{"name":"BB"}]}`})
	n := s.Apply([]Change{{Path: "secrets.json"}})
	if _, ok := n.LookupSecret("BB"); !ok || n.models != s.models {
		t.Fatalf("secret list edit not seen (%v), or the models read again (%v)", ok, n.models != s.models)
	}
	writeTree(t, root, files{"pyproject.toml": "[tool.osmosis-lint]\nsecret-list = \"secrets.json\"\nmodel-list = \"models.json\"\n"})
	n2 := n.Apply([]Change{{Path: "pyproject.toml"}})
	if _, ok := n2.LookupModel("Org/M"); !ok || !n2.HasModelList() || n2.secrets != n.secrets {
		t.Fatal("model-list setting not applied, or the secret list read again")
	}
	writeTree(t, root, files{"models.json": `{"items":[{"model_name":"Org/NN"}]}`})
	n3 := n2.Apply([]Change{{Path: filepath.Join(root, "models.json")}})
	if _, ok := n3.LookupModel("Org/NN"); !ok {
		t.Fatal("model list edit not seen")
	}
}

// FuzzParseList: every saved-list parser either returns entries with
// names or an error; none panics.
func FuzzParseList(f *testing.F) {
	f.Add([]byte(`{"items":[{"file_name":"a","status":"uploaded"}]}`))
	f.Add([]byte(`{"schema_version":1,"base_models":{"items":[{"model_name":"a"}]},"lora_models":{"items":[]}}`))
	f.Add([]byte(`{"schema_version":1,"items":[{"name":"A","scope":"workspace"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if ds, _, err := parseList(data, datasetList, parseDatasetItems); err == nil {
			for _, d := range ds {
				if d.FileName == "" {
					t.Fatal("empty dataset name")
				}
			}
		}
		if ms, _, err := parseList(data, modelList, parseModelItems); err == nil {
			for _, m := range ms {
				if m.Name == "" {
					t.Fatal("empty model name")
				}
			}
		}
		if ss, _, err := parseList(data, secretList, parseSecretItems); err == nil {
			for _, s := range ss {
				if s.Name == "" {
					t.Fatal("empty secret name")
				}
			}
		}
	})
}
