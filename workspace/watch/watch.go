// Package watch tells when files under a workspace change, for `check
// --watch`: it watches every directory under the given roots (new ones
// too), leaves out hidden directories and tool caches, and hands over the
// changed paths in batches, each once the tree has been quiet for a while,
// so that an editor's save (write, rename, chmod) or a `git checkout` is
// one re-check, not dozens.
package watch

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Options tune a Watcher.
type Options struct {
	// Quiet is how long the tree must be still before a batch is handed
	// over; 0 means 150ms.
	Quiet time.Duration
	// MaxDirs bounds the directories watched (each costs an inotify watch,
	// of which a user has a few thousand); 0 means 2,000.
	MaxDirs int
}

// Watcher watches directory trees.
type Watcher struct {
	fs    *fsnotify.Watcher
	opts  Options
	dirs  map[string]bool
	full  bool
	after func(time.Duration) <-chan time.Time
}

// New watches the trees under roots (directories; a file's directory is
// watched for a file).
func New(roots []string, opts Options) (*Watcher, error) {
	if opts.Quiet <= 0 {
		opts.Quiet = 150 * time.Millisecond
	}
	if opts.MaxDirs <= 0 {
		opts.MaxDirs = 2000
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fs: fw, opts: opts, dirs: map[string]bool{}, after: time.After}
	for _, r := range roots {
		if fi, err := disk.StatNamed(r); err == nil && !fi.IsDir() {
			r = filepath.Dir(r)
		}
		if err := w.addTree(r); err != nil {
			fw.Close()
			return nil, err
		}
		w.addGit(r)
	}
	return w, nil
}

// Truncated reports whether some directories are not watched: there were
// more than MaxDirs.
func (w *Watcher) Truncated() bool { return w.full }

// Dirs is how many directories are watched.
func (w *Watcher) Dirs() int { return len(w.dirs) }

// Close stops watching.
func (w *Watcher) Close() error { return w.fs.Close() }

// addGit watches the git directory at the top of root (not its objects):
// HEAD, the index and the refs change what the sync rules find.
func (w *Watcher) addGit(root string) {
	dotgit := filepath.Join(root, ".git")
	if fi, err := disk.LstatNamed(dotgit); err != nil || !fi.IsDir() {
		return
	}
	if w.addDir(dotgit) == nil {
		if refs := filepath.Join(dotgit, "refs"); w.addDir(refs) == nil {
			w.addBelow(refs)
		}
	}
}

// skipDir reports directories whose changes never change a finding:
// hidden ones (.git, .venv, editors' state) and caches.
func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules" || name == "__pycache__"
}

// addTree watches dir and the directories under it (symlinks are not
// followed). An unreadable sub-directory is skipped.
func (w *Watcher) addTree(dir string) error {
	if err := w.addDir(dir); err != nil {
		return err
	}
	w.addBelow(dir)
	return nil
}

// addDir watches one directory, unless the bound is reached.
func (w *Watcher) addDir(p string) error {
	if w.dirs[p] {
		return nil
	}
	if len(w.dirs) >= w.opts.MaxDirs {
		w.full = true
		return nil
	}
	if err := w.fs.Add(p); err != nil {
		return err
	}
	w.dirs[p] = true
	return nil
}

func (w *Watcher) addBelow(dir string) {
	entries, _, err := disk.ReadDirNamed(dir, 0)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || skipDir(e.Name) {
			continue
		}
		if w.full {
			return
		}
		p := filepath.Join(dir, e.Name)
		if w.addDir(p) == nil {
			w.addBelow(p)
		}
	}
}

// Run hands batches of changed paths to fn until ctx is done, then returns
// nil; an error of the watcher itself ends it.
func (w *Watcher) Run(ctx context.Context, fn func(changed []string)) error {
	paths := make(chan string)
	errc := make(chan error, 1)
	go func() {
		defer close(paths)
		for {
			select {
			case <-ctx.Done():
				return
			case err, ok := <-w.fs.Errors:
				if ok {
					errc <- err
				}
				return
			case ev, ok := <-w.fs.Events:
				if !ok {
					return
				}
				if ev.Op == fsnotify.Chmod {
					continue // a touch or a mode change: nothing to check anew
				}
				if ev.Has(fsnotify.Create) {
					if fi, err := disk.LstatNamed(ev.Name); err == nil && fi.IsDir() && !skipDir(filepath.Base(ev.Name)) {
						w.addTree(ev.Name) // a new directory: watch it, and report what it holds
					}
				}
				if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
					delete(w.dirs, ev.Name)
				}
				select {
				case paths <- ev.Name:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	debounce(ctx, paths, w.opts.Quiet, w.after, fn)
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// debounce collects paths from in and hands them to fn, sorted and without
// repeats, once quiet has passed with none arriving. It returns when in is
// closed or ctx is done, dropping a batch still waiting.
func debounce(ctx context.Context, in <-chan string, quiet time.Duration, after func(time.Duration) <-chan time.Time, fn func([]string)) {
	var batch []string
	var timer <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case p, ok := <-in:
			if !ok {
				return
			}
			if !slices.Contains(batch, p) {
				batch = append(batch, p)
			}
			timer = after(quiet)
		case <-timer:
			slices.Sort(batch)
			fn(batch)
			batch, timer = nil, nil
		}
	}
}

// watching reports whether dir is watched (for tests).
func (w *Watcher) watching(dir string) bool {
	return slices.Contains(w.fs.WatchList(), dir)
}
