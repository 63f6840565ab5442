package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/watch"
)

// runWatch checks once, then again each time a config, a rollout, a data
// file or the settings change, until Ctrl-C (exit 0). An error of one run
// (bad settings being edited, say) is printed and the watch goes on; a
// misused flag ends it at once.
func (f *checkFlags) runWatch(env *cmdEnv, paths []string) (int, error) {
	if len(paths) == 1 && paths[0] == "-" {
		return 0, &usageErr{err: errors.New("--watch cannot read standard input"), showUsage: true}
	}
	f.watching = true
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	once := func() error {
		_, err := f.run(env, paths)
		if err != nil {
			var u *usageErr
			if errors.As(err, &u) && u.showUsage {
				return err
			}
			fmt.Fprintf(env.stderr, "osmosis-lint: %s\n", escape.Lines(err.Error()))
		}
		return nil
	}
	if err := once(); err != nil {
		return 0, err
	}
	root := f.watchRoot(paths)
	roots := append([]string{root}, watchable(root, paths)...)
	w, err := watch.New(roots, watch.Options{})
	if err != nil {
		return 0, fmt.Errorf("watch %s: %w", root, err)
	}
	defer w.Close()
	if w.Truncated() {
		fmt.Fprintf(env.stderr, "osmosis-lint: warning: watching only the first %d directories under %s\n", w.Dirs(), escape.String(root))
	}
	fmt.Fprintf(env.stderr, "osmosis-lint: watching %s for changes (Ctrl-C to stop)\n", escape.String(root))
	relevant := f.relevant(root, paths)
	err = w.Run(ctx, func(changed []string) {
		var shown []string
		for _, p := range changed {
			if relevant(p) {
				shown = append(shown, p)
			}
		}
		if len(shown) == 0 {
			return
		}
		if isTerminal(env.stdout) {
			io.WriteString(env.stdout, "\x1b[2J\x1b[H") // a fresh screen for each run
		}
		fmt.Fprintf(env.stderr, "osmosis-lint: %s changed, checking again\n", describeChanges(root, shown))
		if err := once(); err != nil {
			fmt.Fprintf(env.stderr, "osmosis-lint: %s\n", escape.Lines(err.Error()))
		}
	})
	if err != nil {
		return 0, fmt.Errorf("watch %s: %w", root, err)
	}
	return exitOK, nil
}

// watchRoot is the workspace root of the run: --workspace, else the
// workspace of the first path or the current directory (workspace.Root,
// as check finds it), else that directory itself.
func (f *checkFlags) watchRoot(paths []string) string {
	if f.root != "" {
		if abs, err := filepath.Abs(f.root); err == nil {
			return abs
		}
		return f.root
	}
	start := "."
	if len(paths) > 0 {
		start = paths[0]
		// a path that leads out of the workspace it is named in through a
		// link is that workspace's (check reports it, unread): nothing is
		// looked up through it, nor watched at the link's target
		if here, ok := boundOf("."); ok && leadsOut(here, start) {
			return here
		}
		if fi, err := disk.StatNamed(start); err == nil && !fi.IsDir() {
			start = filepath.Dir(start)
		}
	}
	if found, err := workspace.Root(start); err == nil {
		return found.Root
	}
	abs, _ := filepath.Abs(start)
	return abs
}

// boundOf is where the paths named from dir are placed: the Bound of its
// workspace (its git worktree, else the workspace), as check places them.
func boundOf(dir string) (string, bool) {
	found, err := workspace.Root(dir)
	if err != nil {
		return "", false
	}
	return found.Bound(), true
}

// watchable are the named paths to watch beside root: not one that leads
// out of root, or of the workspace of the current directory, through a
// link (check reports it unread), whose target is never listed or
// watched.
func watchable(root string, paths []string) []string {
	here, _ := boundOf(".")
	var out []string
	for _, p := range paths {
		if leadsOut(root, p) || here != "" && leadsOut(here, p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// leadsOut reports whether path, placed in dir by its real location,
// leaves it through a symlink.
func leadsOut(dir, path string) bool {
	res := workspace.Contain(dir, path)
	return !res.Inside && res.EscapeVia != ""
}

// relevant tells the changes that can change a finding: configs, rollouts,
// data files, the settings, the named paths and saved lists; never the report that -o
// writes, which would start the run again and again.
func (f *checkFlags) relevant(root string, paths []string) func(string) bool {
	out := ""
	if f.output != "" {
		out, _ = filepath.Abs(f.output)
	}
	var named []string
	// the saved lists named by flag are read each run: an edit is a change
	for _, p := range append([]string{f.datasets, f.modelList, f.secretList}, paths...) {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			named = append(named, abs)
		}
	}
	return func(p string) bool {
		if p == out || (out != "" && filepath.Dir(p) == filepath.Dir(out) && strings.HasPrefix(filepath.Base(p), "."+filepath.Base(out))) {
			return false
		}
		// the watcher follows no link below what it watches, so the paths
		// it reports are placed by spelling
		for _, n := range named {
			if disk.Within(p, n) {
				return true
			}
		}
		rel, err := filepath.Rel(root, p)
		if err != nil || !disk.Within(p, root) {
			return false
		}
		rel = filepath.ToSlash(rel)
		for _, dir := range []string{"configs", "rollouts", "data"} {
			if disk.Within(rel, dir) {
				return true
			}
		}
		return rel == workspace.SettingsFile || rel == workspace.TemplateFile
	}
}

func describeChanges(root string, changed []string) string {
	first := changed[0]
	if rel, err := filepath.Rel(root, first); err == nil {
		first = filepath.ToSlash(rel)
	}
	first = escape.String(first)
	if len(changed) == 1 {
		return first
	}
	return fmt.Sprintf("%s and %d more", first, len(changed)-1)
}
