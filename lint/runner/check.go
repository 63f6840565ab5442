package runner

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// check reads, fixes (when asked) and checks one job. An entry that cannot
// be read is a finding on it; nothing outside the workspace is opened.
func (r *run) check(j job) FileResult {
	// a claimed eval config that is not parsed below is not known
	defer j.claim.Record(nil)
	display := r.display(j.abs)
	res := FileResult{Path: display, Abs: j.abs}
	in, known := r.input(j, display)
	if j.entry != nil && j.entry.Err != nil {
		res.Findings = lint.Unreadable(display, j.entry.Err, in.Settings)
		return res
	}
	c, err := r.read(j)
	if err != nil {
		if esc := (*workspace.EscapeError)(nil); errors.As(err, &esc) {
			res.Findings = lint.Unread(in)
		} else {
			res.Findings = lint.Unreadable(display, err, in.Settings)
		}
		return res
	}
	res.Src = c.Data
	if !known {
		res.Findings = lint.UnknownKind(res.Src, in)
		return res
	}
	fixing := r.opts.Fix || r.opts.Diff
	if fixing && (r.opts.ConfigsOnly && lint.NotAConfig(in) != "" || !tomlNamed(in)) {
		fixing = false // a named file that is no config: checked, never fixed
	}
	if fixing {
		fx := lint.FixSource(res.Src, in, lint.FixOptions{Unsafe: r.opts.UnsafeFixes})
		res.Findings, res.Unfixed = fx.Findings, fx.Skipped
		if len(fx.Applied) == 0 || string(fx.Src) == string(res.Src) {
			return res
		}
		if !r.opts.Diff {
			if err := r.write(j, c, fx.Src); err != nil {
				// the file keeps what it had: so do the findings
				res.NotFixed = notFixed(err, len(fx.Applied))
				res.Findings = lint.Check(res.Src, in)
				return res
			}
		}
		res.Src, res.Fixed, res.Applied, res.Original = fx.Src, len(fx.Applied), fx.Applied, res.Src
		return res
	}
	// the bytes were read into a buffer of their own that nothing writes
	// to again: the document reads them without a copy of its own; the
	// findings hold nothing of the document (their strings are copies or
	// slices of the source), so its memory goes to the next file's
	doc := toml.ParseOwned(res.Src)
	j.claim.Record(doc) // before the rules: nothing of this check waits for it
	res.Findings = lint.CheckDocument(doc, in)
	doc.Release()
	return res
}

// input builds the check input of a job; known is false when the kind
// cannot be told.
func (r *run) input(j job, display string) (lint.Input, bool) {
	in, known := r.inputOf(j, display)
	in.Settings = r.settingsOf(j.sp)
	// a config the workspace listing gave, or one of the files pre-commit
	// names (--force-exclude), is checked as one of the workspace's; a
	// file named on its own is judged as the CLI judges it
	in.Listed = j.entry != nil || r.opts.ForceExclude
	if j.below && in.Env != nil {
		in.Env.CLIQuiet, in.Env.CLIOthers = !j.speaks, j.others
	}
	return in, known
}

func (r *run) inputOf(j job, display string) (lint.Input, bool) {
	switch {
	case j.sp == nil:
		return lint.InputFor(j.abs, display, nil, r.opts.Kind)
	case j.sp.bare:
		in, known := lint.InputFor(j.abs, display, nil, r.opts.Kind)
		in.OutsideGit = true
		return in, known
	case j.entry != nil:
		return lint.InputAt(*j.entry, display, j.sp.ws, r.opts.Kind)
	}
	return lint.InputFor(j.abs, display, j.sp.ws, r.opts.Kind)
}

// read reads a job's file through the door.
func (r *run) read(j job) (workspace.Content, error) {
	if j.sp == nil {
		data, info, err := disk.ReadNamed(j.abs, MaxConfigSize)
		if err != nil {
			return workspace.Content{}, err
		}
		return workspace.Content{Data: data, Info: info}, nil
	}
	snap := j.sp.ws.Snapshot
	var c workspace.Content
	var err error
	if j.entry != nil {
		c, err = snap.ReadConfig(*j.entry, MaxConfigSize)
	} else {
		c, err = snap.ReadFile(j.rel, MaxConfigSize)
	}
	if err != nil {
		return c, unwrapPath(err)
	}
	return c, nil
}

// write replaces a job's file, read as c, by fixed: the workspace's safe
// rewrite, or for a file outside every workspace the same rewrite in its
// own directory.
func (r *run) write(j job, c workspace.Content, fixed []byte) error {
	if j.sp == nil {
		d, err := disk.Open(filepath.Dir(j.abs))
		if err != nil {
			return err
		}
		return d.Rewrite(filepath.Base(j.abs), c.Data, c.Info, fixed)
	}
	return j.sp.ws.Snapshot.Rewrite(c, fixed)
}

// notFixed says why n fixes were not written.
func notFixed(err error, n int) string {
	fixes := "its fix was"
	if n > 1 {
		fixes = fmt.Sprintf("its %d fixes were", n)
	}
	switch {
	case errors.Is(err, disk.ErrReadOnly):
		return "is read-only (no write permission bit is set): " + fixes + " not written"
	case errors.Is(err, disk.ErrChanged):
		return "changed since it was read: " + fixes + " not written, so the change is kept; run again"
	case errors.Is(err, disk.ErrHardLinked):
		return "has more than one hard link, which replacing it would split: " + fixes + " not written"
	case errors.Is(err, disk.ErrOwner):
		return "belongs to an owner osmosis-lint cannot give the new file (" + unwrapPath(err).Error() + "): " + fixes + " not written"
	case errors.Is(err, disk.ErrSymlink):
		return "is reached through a symlink that changed: " + fixes + " not written"
	}
	return "could not be written (" + unwrapPath(err).Error() + "): " + fixes + " not written"
}

// tomlNamed tells whether a named input's file name ends in .toml, so that
// a fix, which writes TOML, never rewrites a file of another language that
// a path such as configs/training/NOTES.md named; text without a name is
// fixed to standard output.
func tomlNamed(in lint.Input) bool {
	return in.Env == nil || in.Env.Unnamed || strings.HasSuffix(in.Path, ".toml")
}
