package workspace

import (
	"os"
	"path"
	"slices"
	"strings"
)

// DataFile is one file directly under data/.
type DataFile struct {
	// Name is the file name; Path is "data/<name>".
	Name string
	Path string
	// Ext is the lower-cased suffix without its dot ("jsonl"), "" when the
	// name has none (".gitkeep" has none, as in Python's Path.suffix). For a
	// symlink it is the target's, as upload resolves the path first.
	Ext string
	// UploadName is the dataset name `osmosis dataset upload` would give the
	// file: the stem of the resolved file's name.
	UploadName string
	// Size in bytes (of the target, for a symlink).
	Size int64
	// Symlink is set for a symlink; Resolved is where it leads inside the
	// workspace.
	Symlink  bool
	Resolved string
}

// PlatformFormat reports whether upload takes the file: .jsonl, .csv or
// .parquet in any case.
func (f DataFile) PlatformFormat() bool {
	return f.Ext == "jsonl" || f.Ext == "csv" || f.Ext == "parquet"
}

type dataPart struct {
	files []DataFile
	// linked are the paths data/ and its entries lead to through symlinks.
	linked []string
}

// pySuffix is Python's PurePath.suffix: from the last dot, unless the dot
// starts or ends the name.
func pySuffix(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return ""
	}
	return name[i:]
}

// pyStem is Python's PurePath.stem.
func pyStem(name string) string {
	return strings.TrimSuffix(name, pySuffix(name))
}

func (s *Snapshot) loadData() *dataPart {
	part := &dataPart{}
	s.rv.walk("data", walkLimits{maxEntries: 100000, maxDepth: 1, links: &part.linked}, func(e walkEntry) bool {
		if !e.regular || strings.HasPrefix(e.name, ".") {
			return false
		}
		f := DataFile{
			Name:       e.name,
			Path:       "data/" + e.name,
			Ext:        strings.ToLower(strings.TrimPrefix(pySuffix(e.name), ".")),
			UploadName: pyStem(e.name),
			Symlink:    e.symlink,
		}
		if e.symlink {
			// Upload resolves the path first: the target's name counts.
			base := path.Base(e.real)
			f.Resolved = e.real
			f.Ext = strings.ToLower(strings.TrimPrefix(pySuffix(base), "."))
			f.UploadName = pyStem(base)
		}
		if fi, err := os.Stat(s.rv.abs(e.real)); err == nil {
			f.Size = fi.Size()
		}
		part.files = append(part.files, f)
		return false
	})
	return part
}

// DataFiles returns the regular files directly under data/ (symlinks to
// files inside the workspace included, hidden files left out), by name.
func (s *Snapshot) DataFiles() []DataFile { return slices.Clone(s.data.files) }
