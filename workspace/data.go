package workspace

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
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
	files  []DataFile
	issues []EntryIssue
	limit  Limit
	// linked are the paths data/ and its entries lead to through symlinks.
	linked []string
}

// EntryIssue is a directory entry a listing could not take: a symlink
// that leaves the workspace or loops, a dangling link, something that is
// neither a file nor a directory, or a directory that cannot be read. It
// is reported, never silently left out.
type EntryIssue struct {
	// Path is the workspace-relative slash path of the entry.
	Path string
	// Err says why: an *EscapeError, ErrLoop, fs.ErrNotExist (a dangling
	// link), disk.ErrNotRegular, or the OS error of a listing.
	Err error
}

// Message is Path and the reason in words.
func (i EntryIssue) Message() string { return i.Path + " " + DescribeError(i.Err) }

// DescribeError words why a path cannot be read (an error of ReadFile, of
// a listing, or an EntryIssue's) as the end of a sentence that starts
// with the path: "is a symlink loop". OS errors keep their reason
// ("permission denied").
func DescribeError(err error) string {
	var esc *EscapeError
	switch {
	case errors.As(err, &esc):
		if esc.Via != "" {
			return "is a symlink that leads outside the workspace (to " + esc.Target + "), which is never followed"
		}
		return "leads outside the workspace, which is never followed"
	case errors.Is(err, ErrLoop):
		return "is a symlink loop"
	case errors.Is(err, fs.ErrNotExist):
		return "is a symlink to nothing (dangling)"
	case errors.Is(err, disk.ErrNotRegular):
		return "is not a regular file (a named pipe, a device, a socket or a directory)"
	case errors.Is(err, disk.ErrTooLarge):
		return "is " + unwrapPath(err).Error()
	case errors.Is(err, disk.ErrSymlink):
		return "changed into a symlink while it was read"
	}
	return "cannot be read: " + unwrapPath(err).Error()
}

// entryIssue says what keeps a walked entry from being taken, or nil.
func entryIssue(e walkEntry) error {
	switch {
	case e.escapes:
		return &EscapeError{Via: e.res.EscapeVia, Target: e.res.EscapeTarget}
	case e.loop:
		return ErrLoop
	case e.symlink && !e.res.Exists:
		return fs.ErrNotExist
	case !e.isDir && !e.regular:
		return disk.ErrNotRegular
	}
	return nil
}

// maxDataEntries bounds the data/ listing.
const maxDataEntries = 100000

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
	lim := walkLimits{maxEntries: s.opts.MaxDataFiles, maxDepth: 1, links: &part.linked, unlisted: func(rel string, err error) {
		part.issues = append(part.issues, EntryIssue{Path: rel, Err: err})
	}}
	if r := s.rv.resolve(".", "data"); !r.Inside || r.Loop {
		part.issues = append(part.issues, EntryIssue{Path: "data", Err: entryIssue(walkEntry{escapes: !r.Inside, loop: r.Loop, res: r})})
	}
	part.limit = s.rv.walk("data", lim, func(e walkEntry) bool {
		if strings.HasPrefix(e.name, ".") {
			return false
		}
		if err := entryIssue(e); err != nil {
			part.issues = append(part.issues, EntryIssue{Path: e.rel, Err: err})
			return false
		}
		if !e.regular {
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
		if fi, err := s.disk.Lstat(e.real); err == nil {
			f.Size = fi.Size
		}
		part.files = append(part.files, f)
		return false
	})
	return part
}

// DataFiles returns the regular files directly under data/ (symlinks to
// files inside the workspace included, hidden files left out), by name.
func (s *Snapshot) DataFiles() []DataFile { return slices.Clone(s.data.files) }

// DataIssues lists the data/ entries that were not taken, and why: links
// that leave the workspace (data/ itself included), loops, dangling links,
// pipes and devices, directories that cannot be read.
func (s *Snapshot) DataIssues() []EntryIssue { return slices.Clone(s.data.issues) }

// DataLimit says whether the data/ listing was cut short.
func (s *Snapshot) DataLimit() Limit { return s.data.limit }
