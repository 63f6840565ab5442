package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// DatasetSource says where a dataset name is known from, strongest first.
type DatasetSource int

// The dataset name sources.
const (
	// SourceDatasetsFile: a saved `osmosis --json dataset list --all`, the
	// platform's own list (authoritative).
	SourceDatasetsFile DatasetSource = iota + 1
	// SourceCache: the osmosis CLI's local dataset cache (seen on this
	// machine, possibly for another workspace).
	SourceCache
	// SourceDataDir: the stem of a data/*.{jsonl,csv,parquet} file (intent
	// only: upload would create that name).
	SourceDataDir
)

// String names the source in kebab-case.
func (s DatasetSource) String() string {
	switch s {
	case SourceDatasetsFile:
		return "datasets-file"
	case SourceCache:
		return "cache"
	case SourceDataDir:
		return "data-dir"
	}
	return "unknown"
}

// Dataset is one known dataset name.
type Dataset struct {
	// Name is the dataset name a config's `dataset` holds.
	Name string
	// Source is the strongest source that knows the name.
	Source DatasetSource
	// Status is the platform status from the datasets file ("uploaded",
	// "processing", ...), "" when not known.
	Status string
	// From is where the name was read: the datasets file, the cache
	// metadata file, or the data/ file.
	From string
	// DataFile is the workspace path of a data/ file whose upload name is
	// Name, whatever the source; "" when there is none.
	DataFile string
}

// DatasetListEntry is one item of a saved dataset list.
type DatasetListEntry struct {
	// FileName is the platform dataset name (`items[].file_name`).
	FileName string
	// Status is the platform status, "" when absent.
	Status string
}

// ReadDatasetList reads a saved `osmosis --json dataset list --all`: a JSON
// object whose `items` array holds objects with a string `file_name` and
// an optional string `status`. Anything else is an error that names the
// file and the offending JSON path.
func ReadDatasetList(path string) ([]DatasetListEntry, error) {
	data, err := readNamedFile(path, maxDatasetList)
	if err != nil {
		return nil, err
	}
	return decodeDatasetList(path, data)
}

// maxDatasetList bounds a saved dataset list.
const maxDatasetList = 256 << 20

func decodeDatasetList(path string, data []byte) ([]DatasetListEntry, error) {
	entries, key, err := parseDatasetList(data)
	if err != nil {
		if key != "" {
			return nil, fmt.Errorf("dataset list %s: %s: %w", path, key, err)
		}
		return nil, fmt.Errorf("dataset list %s: %w", path, err)
	}
	return entries, nil
}

// parseDatasetList checks the shape of a dataset list; key is the JSON
// path of the problem.
func parseDatasetList(data []byte) ([]DatasetListEntry, string, error) {
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
		return nil, "", errors.New("more than one JSON value; expected the single object `osmosis --json dataset list --all` prints")
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
	rawItems, ok := obj["items"]
	if !ok {
		return nil, "", errors.New("no \"items\" array; save the output of `osmosis --json dataset list --all`")
	}
	items, ok := rawItems.([]any)
	if !ok {
		return nil, "items", fmt.Errorf("expected an array, found %s", jsonTypeName(rawItems))
	}
	out := make([]DatasetListEntry, 0, len(items))
	for i, raw := range items {
		item, ok := raw.(map[string]any)
		if !ok {
			return nil, fmt.Sprintf("items[%d]", i), fmt.Errorf("expected an object, found %s", jsonTypeName(raw))
		}
		name, ok := item["file_name"].(string)
		if !ok {
			return nil, fmt.Sprintf("items[%d].file_name", i), fmt.Errorf("expected a string, found %s", jsonTypeName(item["file_name"]))
		}
		if name == "" {
			return nil, fmt.Sprintf("items[%d].file_name", i), errors.New("empty dataset name")
		}
		e := DatasetListEntry{FileName: name}
		if st, present := item["status"]; present && st != nil {
			s, ok := st.(string)
			if !ok {
				return nil, fmt.Sprintf("items[%d].status", i), fmt.Errorf("expected a string, found %s", jsonTypeName(st))
			}
			e.Status = s
		}
		out = append(out, e)
	}
	return out, "", nil
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

type datasetListPart struct {
	path string // absolute; "" when no list is configured
	// rel is the list resolved inside the workspace when the setting names
	// it ("" for a list named on the command line)
	rel     string
	entries []DatasetListEntry
	loaded  bool
	problem *Problem
}

// datasetListPath is the list to read: the option (a named file), else
// the setting (resolved inside the workspace; a setting leading outside is
// a problem, and the file there is never opened).
func (s *Snapshot) datasetListPath() (path, rel string, problem *Problem) {
	if s.opts.DatasetsFile != "" {
		return s.opts.DatasetsFile, "", nil
	}
	setting := s.settings.settings.Datasets
	if setting == "" {
		return "", "", nil
	}
	r := s.rv.resolve(".", setting)
	if !r.Inside {
		p := s.datasetsSettingProblem(ProblemSettings, "it leads outside the workspace; the dataset list must be a file inside it")
		return "", "", &p
	}
	return s.rv.abs(r.Path), r.Path, nil
}

func (s *Snapshot) loadDatasetList() *datasetListPart {
	path, rel, problem := s.datasetListPath()
	part := &datasetListPart{path: path, rel: rel, problem: problem}
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
			p := s.datasetsSettingProblem(ProblemDatasetsFile, msg)
			return &p
		}
		return &Problem{Source: ProblemDatasetsFile, Path: s.displayPath(path), Message: msg}
	}
	if err != nil {
		if rel != "" {
			part.problem = fail("cannot read " + rel + ": " + readReason(err))
		} else {
			part.problem = fail("cannot read the dataset list given with --datasets: " + readReason(err))
		}
		return part
	}
	entries, key, err := parseDatasetList(data)
	if err != nil {
		msg := err.Error()
		if key != "" {
			msg = key + ": " + msg
		}
		if rel != "" {
			part.problem = fail(rel + " is not a saved `osmosis --json dataset list --all`: " + msg)
		} else {
			part.problem = fail("the dataset list given with --datasets is not a saved `osmosis --json dataset list --all`: " + msg)
		}
		return part
	}
	part.entries, part.loaded = entries, true
	return part
}

// datasetsSettingProblem is a problem of the `datasets` setting, placed at
// its key in pyproject.toml and showing its value.
func (s *Snapshot) datasetsSettingProblem(src ProblemSource, msg string) Problem {
	st := s.settings.settings
	at := st.at["datasets"]
	return Problem{Source: src, Path: SettingsFile, Line: at.line, Column: at.column, Key: settingsKey + ".datasets",
		Value: strconv.Quote(st.Datasets), Message: msg}
}

// readReason says in a few words why a file could not be read.
func readReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return unwrapPath(err).Error()
}

// displayPath shows a path relative to the root when inside it.
func (s *Snapshot) displayPath(abs string) string {
	if rel, ok := s.rv.relOf(abs); ok {
		return rel
	}
	return abs
}

// cacheDir is the CLI's dataset cache, "" without a home directory.
func (s *Snapshot) cacheDir() string {
	if s.opts.Home == "" {
		return ""
	}
	return filepath.Join(s.opts.Home, ".cache", "osmosis", "datasets")
}

// maxCacheEntries bounds the cache directories read.
const maxCacheEntries = 10000

type cachePart struct {
	entries  []Dataset
	problems []Problem
}

// loadCache reads ~/.cache/osmosis/datasets/*/metadata.json. An entry
// names its dataset by `dataset_name`, falling back to `dataset_id` as the
// CLI does.
func (s *Snapshot) loadCache() *cachePart {
	part := &cachePart{}
	dir := s.cacheDir()
	if dir == "" {
		return part
	}
	entries, _, err := disk.ReadDirNamed(dir, maxCacheEntries)
	if err != nil {
		return part
	}
	for _, de := range entries {
		if !de.IsDir() {
			continue
		}
		meta := filepath.Join(dir, de.Name, "metadata.json")
		data, err := readNamedFile(meta, 1<<20)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				part.problems = append(part.problems, Problem{Source: ProblemDatasetCache, Path: meta, Message: err.Error()})
			}
			continue
		}
		name, err := cacheDatasetName(data)
		if err != nil {
			part.problems = append(part.problems, Problem{Source: ProblemDatasetCache, Path: meta, Message: err.Error()})
			continue
		}
		part.entries = append(part.entries, Dataset{Name: name, Source: SourceCache, From: meta})
	}
	return part
}

func cacheDatasetName(data []byte) (string, error) {
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return "", errors.New("cache metadata is not valid JSON")
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return "", fmt.Errorf("cache metadata must be a JSON object, found %s", jsonTypeName(doc))
	}
	if name, ok := obj["dataset_name"].(string); ok && name != "" {
		return name, nil
	}
	if id, ok := obj["dataset_id"].(string); ok && id != "" {
		return id, nil
	}
	return "", errors.New("cache metadata has neither dataset_name nor dataset_id")
}

// datasetIndex merges the sources: one Dataset per name, strongest source
// first.
type datasetIndex struct {
	list   []Dataset
	byName map[string]int
	// byStem maps the extension-less form of names from the platform list
	// that carry a data-file extension ("train.jsonl" -> "train").
	byStem map[string]int
}

func (s *Snapshot) indexDatasets() *datasetIndex {
	idx := &datasetIndex{byName: map[string]int{}, byStem: map[string]int{}}
	dataFileOf := map[string]string{}
	for _, f := range s.data.files {
		if !f.PlatformFormat() {
			continue
		}
		// A symlink stands for the file it leads to.
		target := f.Path
		if f.Symlink {
			target = f.Resolved
		}
		if _, ok := dataFileOf[f.UploadName]; !ok || !f.Symlink {
			dataFileOf[f.UploadName] = target
		}
	}
	add := func(d Dataset) {
		if _, ok := idx.byName[d.Name]; ok {
			return
		}
		if d.DataFile == "" {
			d.DataFile = dataFileOf[d.Name]
		}
		idx.byName[d.Name] = len(idx.list)
		idx.list = append(idx.list, d)
	}
	if s.list.loaded {
		from := s.displayPath(s.list.path)
		for _, e := range s.list.entries {
			add(Dataset{Name: e.FileName, Source: SourceDatasetsFile, Status: e.Status, From: from})
		}
	}
	cache := append([]Dataset(nil), s.cache.entries...)
	sort.SliceStable(cache, func(i, j int) bool { return cache[i].Name < cache[j].Name })
	for _, d := range cache {
		add(d)
	}
	for _, f := range s.data.files {
		if f.PlatformFormat() && f.UploadName != "" {
			add(Dataset{Name: f.UploadName, Source: SourceDataDir, From: f.Path, DataFile: f.Path})
		}
	}
	for i, d := range idx.list {
		if d.Source != SourceDatasetsFile {
			continue
		}
		stem := pyStem(d.Name)
		switch strings.ToLower(pySuffix(d.Name)) {
		case ".jsonl", ".csv", ".parquet", ".json":
			if _, ok := idx.byStem[stem]; !ok {
				idx.byStem[stem] = i
			}
		}
	}
	return idx
}

// Datasets returns every known dataset name once, from its strongest
// source: the datasets file in list order, then the cache and the data/
// stems by name.
func (s *Snapshot) Datasets() []Dataset { return append([]Dataset(nil), s.datasets.list...) }

// LookupDataset finds a dataset name, platform list first: an exact entry
// of the list, then a list entry whose file_name is name plus a data-file
// extension ("train" finds "train.jsonl", as list entries may carry one),
// then the weaker sources by exact name.
func (s *Snapshot) LookupDataset(name string) (Dataset, bool) {
	i, exact := s.datasets.byName[name]
	if exact && s.datasets.list[i].Source == SourceDatasetsFile {
		return s.datasets.list[i], true
	}
	if j, ok := s.datasets.byStem[name]; ok {
		return s.datasets.list[j], true
	}
	if exact {
		return s.datasets.list[i], true
	}
	return Dataset{}, false
}

// HasPlatformList reports whether an authoritative dataset list was
// loaded (Options.DatasetsFile or the `datasets` setting), so an unknown
// name is an error rather than a guess.
func (s *Snapshot) HasPlatformList() bool { return s.list.loaded }

// DatasetsFile is the absolute path of the dataset list in use, "" when
// none is configured.
func (s *Snapshot) DatasetsFile() string { return s.list.path }
