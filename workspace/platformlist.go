package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// listKind describes one saved platform list: the output of
// `osmosis --json <noun> list --all`, a ListResult envelope
// ({"schema_version": 1, "items": [...]}) read by one parser, with an item
// shape of its own.
type listKind struct {
	// noun names the list in messages ("dataset list").
	noun string
	// setting is the [tool.osmosis-lint] key that names the file.
	setting string
	// flag is the command-line option that names the file.
	flag string
	// command is the CLI command whose saved output the file holds.
	command string
	// source is the problem source of the list.
	source ProblemSource
}

// The saved lists.
var (
	datasetList = listKind{noun: "dataset list", setting: "datasets", flag: "--datasets",
		command: "osmosis --json dataset list --all", source: ProblemDatasetsFile}
	modelList = listKind{noun: "model list", setting: "model-list", flag: "--model-list",
		command: "osmosis --json model list --all", source: ProblemModelListFile}
	secretList = listKind{noun: "secret list", setting: "secret-list", flag: "--secret-list",
		command: "osmosis --json secret list --all", source: ProblemSecretListFile}
)

// readList reads a saved list named on the command line, bounded as every
// saved list is.
func readList[T any](path string, kind listKind, items func(map[string]any) ([]T, string, error)) ([]T, error) {
	data, err := readNamedFile(path, maxDatasetList)
	if err != nil {
		return nil, err
	}
	out, key, err := parseList(data, kind, items)
	if err != nil {
		if key != "" {
			return nil, fmt.Errorf("%s %s: %s: %w", kind.noun, path, key, err)
		}
		return nil, fmt.Errorf("%s %s: %w", kind.noun, path, err)
	}
	return out, nil
}

// parseList checks the ListResult envelope (a single JSON object, an
// optional schema_version of 1) and hands the object to items; key is the
// JSON path of the problem.
func parseList[T any](data []byte, kind listKind, items func(map[string]any) ([]T, string, error)) ([]T, string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			pos := offsetPosition(data, int(se.Offset))
			return nil, "", fmt.Errorf("not valid JSON at line %d, column %d", pos.line, pos.column)
		}
		return nil, "", errors.New("not valid JSON (empty or truncated)")
	}
	if dec.More() {
		return nil, "", fmt.Errorf("more than one JSON value; expected the single object `%s` prints", kind.command)
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, "", fmt.Errorf("expected a JSON object with an \"items\" array, found %s", jsonTypeName(doc))
	}
	if v, ok := obj["schema_version"]; ok {
		if n, ok := v.(json.Number); !ok || n.String() != "1" {
			return nil, "schema_version", fmt.Errorf("unsupported schema version %v; expected 1", v)
		}
	}
	return items(obj)
}

// listItems returns the objects of the array at key of obj.
func listItems(obj map[string]any, key, command string) ([]map[string]any, string, error) {
	raw, ok := obj[key]
	if !ok {
		return nil, "", fmt.Errorf("no %q array; save the output of `%s`", key, command)
	}
	arr, ok := raw.([]any)
	if !ok {
		return nil, key, fmt.Errorf("expected an array, found %s", jsonTypeName(raw))
	}
	out := make([]map[string]any, len(arr))
	for i, v := range arr {
		item, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Sprintf("%s[%d]", key, i), fmt.Errorf("expected an object, found %s", jsonTypeName(v))
		}
		out[i] = item
	}
	return out, "", nil
}

// itemName reads the required, non-empty string field of an item at JSON
// path at.
func itemName(item map[string]any, at, field, what string) (string, string, error) {
	name, ok := item[field].(string)
	if !ok {
		return "", at + "." + field, fmt.Errorf("expected a string, found %s", jsonTypeName(item[field]))
	}
	if name == "" {
		return "", at + "." + field, fmt.Errorf("empty %s name", what)
	}
	return name, "", nil
}

// itemOptionalString reads an optional string field (absent or null: "").
func itemOptionalString(item map[string]any, at, field string) (string, string, error) {
	v, present := item[field]
	if !present || v == nil {
		return "", "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", at + "." + field, fmt.Errorf("expected a string, found %s", jsonTypeName(v))
	}
	return s, "", nil
}

// itemOptionalCount reads an optional count field: a whole number from 0,
// or -1 when the field is absent, null or anything else (a count the list
// does not give plainly is not known; the rest of the list still counts).
func itemOptionalCount(item map[string]any, field string) int64 {
	num, ok := item[field].(json.Number)
	if !ok {
		return -1
	}
	n, err := strconv.ParseInt(num.String(), 10, 64)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number, float64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

// listPart is a saved list as the snapshot read it.
type listPart[T any] struct {
	path string // absolute; "" when no list is configured
	// rel is the list resolved inside the workspace when the setting names
	// it ("" for a list named on the command line)
	rel     string
	entries []T
	loaded  bool
	problem *Problem
}

// listPath is the list to read: the option (a named file), else the
// setting (resolved inside the workspace; a setting leading outside is a
// problem, and the file there is never opened).
func (s *Snapshot) listPath(kind listKind, option, setting string) (path, rel string, problem *Problem) {
	if option != "" {
		return option, "", nil
	}
	if setting == "" {
		return "", "", nil
	}
	r := s.rv.resolve(".", setting)
	if !r.Inside {
		p := s.listSettingProblem(kind, ProblemSettings, "it leads outside the workspace; the "+kind.noun+" must be a file inside it")
		return "", "", &p
	}
	return s.rv.abs(r.Path), r.Path, nil
}

// loadList reads a saved list, from the option or else the setting. With
// neither it reads nothing.
func loadList[T any](s *Snapshot, kind listKind, option, setting string, items func(map[string]any) ([]T, string, error)) *listPart[T] {
	path, rel, problem := s.listPath(kind, option, setting)
	part := &listPart[T]{path: path, rel: rel, problem: problem}
	if path == "" {
		return part
	}
	var data []byte
	var err error
	if rel != "" {
		var c Content
		c, err = s.ReadFile(rel, maxDatasetList)
		data = c.Data
	} else {
		data, err = readNamedFile(path, maxDatasetList)
	}
	// a list named by the setting is a problem of the setting, at its line
	// in pyproject.toml; one named on the command line is the option's
	fail := func(msg string) *Problem {
		if rel != "" {
			p := s.listSettingProblem(kind, kind.source, msg)
			return &p
		}
		return &Problem{Source: kind.source, Path: s.displayPath(path), Message: msg}
	}
	if err != nil {
		if rel != "" {
			part.problem = fail("cannot read " + rel + ": " + readReason(err))
		} else {
			part.problem = fail("cannot read the " + kind.noun + " given with " + kind.flag + ": " + readReason(err))
		}
		return part
	}
	entries, key, err := parseList(data, kind, items)
	if err != nil {
		msg := err.Error()
		if key != "" {
			msg = key + ": " + msg
		}
		if rel != "" {
			part.problem = fail(rel + " is not a saved `" + kind.command + "`: " + msg)
		} else {
			part.problem = fail("the " + kind.noun + " given with " + kind.flag + " is not a saved `" + kind.command + "`: " + msg)
		}
		return part
	}
	part.entries, part.loaded = entries, true
	return part
}

// listSettingProblem is a problem of a list's setting, placed at its key
// in pyproject.toml and showing its value.
func (s *Snapshot) listSettingProblem(kind listKind, src ProblemSource, msg string) Problem {
	st := s.settings.settings
	at := st.at[kind.setting]
	return Problem{Source: src, Path: SettingsFile, Line: at.line, Column: at.column, Key: settingsKey + "." + kind.setting,
		Value: strconv.Quote(st.listSetting(kind)), Message: msg}
}

// listSetting is the value of a list's setting as written.
func (st Settings) listSetting(kind listKind) string {
	switch kind.setting {
	case modelList.setting:
		return st.ModelList
	case secretList.setting:
		return st.SecretList
	}
	return st.Datasets
}

func (s *Snapshot) loadDatasetList() *listPart[DatasetListEntry] {
	return loadList(s, datasetList, s.opts.DatasetsFile, s.settings.settings.Datasets, parseDatasetItems)
}

func (s *Snapshot) loadModelList() *listPart[ModelListEntry] {
	return loadList(s, modelList, s.opts.ModelListFile, s.settings.settings.ModelList, parseModelItems)
}

func (s *Snapshot) loadSecretList() *listPart[SecretRecord] {
	return loadList(s, secretList, s.opts.SecretListFile, s.settings.settings.SecretList, parseSecretItems)
}

// ModelListEntry is one base model of a saved model list.
type ModelListEntry struct {
	// Name is the model name a training config's model_path holds
	// (`model_name`).
	Name string
}

// ReadModelList reads a saved `osmosis --json model list --all`.
func ReadModelList(path string) ([]ModelListEntry, error) {
	return readList(path, modelList, parseModelItems)
}

// parseModelItems reads the base models of a model list: the
// `base_models.items` section of the default (`--type all`) output, or
// the `items` of `--type base`. LoRA models (the `lora_models` section)
// are not base models and are left out; a flat list of LoRA models
// (`--type lora`, whose items carry `training_run_name`) is refused rather
// than taken as the base models.
func parseModelItems(obj map[string]any) ([]ModelListEntry, string, error) {
	key := "items"
	var items []map[string]any
	if section, ok := obj["base_models"]; ok {
		sec, ok := section.(map[string]any)
		if !ok {
			return nil, "base_models", fmt.Errorf("expected an object, found %s", jsonTypeName(section))
		}
		var at string
		var err error
		if items, at, err = listItems(sec, "items", modelList.command); err != nil {
			if at == "" {
				return nil, "base_models", err
			}
			return nil, "base_models." + at, err
		}
		key = "base_models.items"
	} else {
		var at string
		var err error
		if items, at, err = listItems(obj, "items", modelList.command); err != nil {
			return nil, at, err
		}
		for i, item := range items {
			if _, lora := item["training_run_name"]; lora {
				return nil, fmt.Sprintf("items[%d]", i), fmt.Errorf("a LoRA model (it has training_run_name): this is `osmosis --json model list --type lora`; save `%s` or `--type base`", modelList.command)
			}
		}
	}
	out := make([]ModelListEntry, 0, len(items))
	for i, item := range items {
		name, at, err := itemName(item, fmt.Sprintf("%s[%d]", key, i), "model_name", "model")
		if err != nil {
			return nil, at, err
		}
		out = append(out, ModelListEntry{Name: name})
	}
	return out, "", nil
}

// SecretRecord is one stored secret of a saved secret list: its name and
// scope. The list holds no values, and none is ever read.
type SecretRecord struct {
	// Name is the secret record's name.
	Name string
	// Scope is "workspace" or "personal", "" when absent.
	Scope string
}

// ReadSecretList reads a saved `osmosis --json secret list --all`.
func ReadSecretList(path string) ([]SecretRecord, error) {
	return readList(path, secretList, parseSecretItems)
}

// parseSecretItems reads the names and scopes of a secret list; every
// other field is ignored.
func parseSecretItems(obj map[string]any) ([]SecretRecord, string, error) {
	items, key, err := listItems(obj, "items", secretList.command)
	if err != nil {
		return nil, key, err
	}
	out := make([]SecretRecord, 0, len(items))
	for i, item := range items {
		at := fmt.Sprintf("items[%d]", i)
		name, key, err := itemName(item, at, "name", "secret")
		if err != nil {
			return nil, key, err
		}
		scope, key, err := itemOptionalString(item, at, "scope")
		if err != nil {
			return nil, key, err
		}
		out = append(out, SecretRecord{Name: name, Scope: scope})
	}
	return out, "", nil
}

// HasSecretList reports whether a saved secret list was loaded
// (Options.SecretListFile or the `secret-list` setting).
func (s *Snapshot) HasSecretList() bool { return s.secrets.loaded }

// SecretListFile is the absolute path of the secret list in use, "" when
// none is configured.
func (s *Snapshot) SecretListFile() string { return s.secrets.path }

// LookupSecret finds a stored secret record by exact name in the saved
// secret list.
func (s *Snapshot) LookupSecret(name string) (SecretRecord, bool) {
	for _, r := range s.secrets.entries {
		if r.Name == name {
			return r, true
		}
	}
	return SecretRecord{}, false
}

// HasModelList reports whether a saved model list was loaded
// (Options.ModelListFile or the `model-list` setting).
func (s *Snapshot) HasModelList() bool { return s.modelList.loaded }

// ModelListFile is the absolute path of the model list in use, "" when
// none is configured.
func (s *Snapshot) ModelListFile() string { return s.modelList.path }
