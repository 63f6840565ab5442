package runner

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// CheckSource checks content given directly (stdin, an editor buffer) as
// the file at path, in its workspace when there is one. Nothing is
// written; with Fix or Diff the result's Src holds the fixed text. It
// returns the notes of the run.
//
// An empty path is text without a file (standard input with a kind and no
// name): it is shown as "-", checked in the workspace of opts.Dir, and
// config-location does not apply to it.
func CheckSource(src []byte, path string, opts Options) (FileResult, []string, error) {
	return checkSource(src, nil, path, opts)
}

// CheckReader is CheckSource for a text read from rd (standard input),
// through the cap of a config file: beyond MaxConfigSize bytes it stops
// reading, and the result has no text and the config-unreadable finding a
// file that large gets.
func CheckReader(rd io.Reader, path string, opts Options) (FileResult, []string, error) {
	src, err := disk.ReadStream(rd, MaxConfigSize, "standard input")
	if err != nil && !errors.Is(err, disk.ErrTooLarge) {
		return FileResult{}, nil, fmt.Errorf("read standard input: %w", unwrapPath(err))
	}
	return checkSource(src, err, path, opts)
}

// checkSource checks src, or says why it could not be read (unread).
func checkSource(src []byte, unread error, path string, opts Options) (FileResult, []string, error) {
	r, err := newRun(opts)
	if err != nil {
		return FileResult{}, nil, err
	}
	unnamed := path == ""
	if unnamed {
		path = "-"
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.opts.Dir, path)
	}
	sp, err := r.spaceOf(abs, false)
	if err != nil && !isNoWorkspace(err) {
		return FileResult{}, nil, err
	}
	display := r.display(abs)
	if unnamed {
		display = "-"
	}
	res := FileResult{Path: display, Abs: abs, Src: src}
	if sp != nil && !unnamed && opts.ForceExclude {
		if rel, ok := sp.ws.Snapshot.Rel(abs); ok && r.isExcluded(sp, rel) {
			// left out as a named file is: no findings, the text unchanged
			r.excluded = append(r.excluded, display)
			return res, r.notes, nil
		}
	}
	in, known := r.input(job{abs: abs, sp: sp}, display)
	if unnamed && in.Env != nil {
		in.Env.Unnamed = true
	}
	if opts.ConfigsOnly {
		if err := notAConfig(display, lint.NotAConfig(in)); err != nil {
			return FileResult{}, nil, err
		}
	}
	if unread != nil {
		res.Findings = lint.Unreadable(display, unread, in.Settings)
		return res, r.notes, nil
	}
	if !known {
		res.Findings = lint.UnknownKind(src, in)
		return res, r.notes, nil
	}
	if opts.Fix || opts.Diff {
		fx := lint.FixSource(src, in, lint.FixOptions{Unsafe: opts.UnsafeFixes})
		res.Src, res.Findings, res.Fixed, res.Unfixed = fx.Src, fx.Findings, len(fx.Applied), fx.Skipped
		if string(fx.Src) != string(src) {
			res.Original, res.Applied = src, fx.Applied
		}
		return res, r.notes, nil
	}
	res.Findings = lint.Check(res.Src, in)
	return res, r.notes, nil
}
