package workspace

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
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
	// Rows is the platform's row count of the dataset (the datasets file's
	// `row_count`), -1 when the list does not give one.
	Rows int64
}

// DatasetListEntry is one item of a saved dataset list.
type DatasetListEntry struct {
	// FileName is the platform dataset name (`items[].file_name`).
	FileName string
	// Status is the platform status, "" when absent.
	Status string
	// RowCount is `items[].row_count`, -1 when absent, null or not a
	// whole number from 0.
	RowCount int64
}

// ReadDatasetList reads a saved `osmosis --json dataset list --all`: a JSON
// object whose `items` array holds objects with a string `file_name` and
// an optional string `status`. Anything else is an error that names the
// file and the offending JSON path.
func ReadDatasetList(path string) ([]DatasetListEntry, error) {
	return readList(path, datasetList, parseDatasetItems)
}

// maxDatasetList bounds a saved platform list (datasets, models, secrets).
const maxDatasetList = 256 << 20

// parseDatasetItems reads the items of a dataset list.
func parseDatasetItems(obj map[string]any) ([]DatasetListEntry, string, error) {
	items, key, err := listItems(obj, "items", datasetList.command)
	if err != nil {
		return nil, key, err
	}
	out := make([]DatasetListEntry, 0, len(items))
	for i, item := range items {
		at := fmt.Sprintf("items[%d]", i)
		name, key, err := itemName(item, at, "file_name", "dataset")
		if err != nil {
			return nil, key, err
		}
		status, key, err := itemOptionalString(item, at, "status")
		if err != nil {
			return nil, key, err
		}
		out = append(out, DatasetListEntry{FileName: name, Status: status, RowCount: itemOptionalCount(item, "row_count")})
	}
	return out, "", nil
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
		if d.Source != SourceDatasetsFile {
			d.Rows = -1
		}
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
			add(Dataset{Name: e.FileName, Source: SourceDatasetsFile, Status: e.Status, From: from, Rows: e.RowCount})
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
