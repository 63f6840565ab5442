package runner

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// spaceOf returns the loaded workspace of path: the --workspace root when
// path is inside it, else the one workspace.Root finds. whole says the
// run checks the whole workspace (no paths given): then a git worktree
// without configs/ or rollouts/ is an error that says where it looked.
// For a path, nil means it is in no workspace (and outside every git
// worktree).
func (r *run) spaceOf(path string, whole bool) (*space, error) {
	if root := r.opts.Root; root != "" {
		if rel, err := filepath.Rel(root, path); err == nil && filepath.IsLocal(rel) {
			cli := ""
			if found, err := r.discover(root); r.opts.RootFound && err == nil && found.Root == root && found.BelowGitRoot() {
				cli = found.GitRoot
			}
			return r.load(root, cli, false)
		}
	}
	found, err := r.discover(path)
	switch {
	case err == nil && found.GitRoot != "":
		if whole {
			if err := found.NoScaffold(); err != nil {
				return nil, usagef("%v; pass --workspace DIR to name the workspace", err)
			}
		}
		if !found.BelowGitRoot() {
			// a file of a git worktree without configs/ too: the CLI's
			// workspace
			return r.load(found.Root, "", false)
		}
		// config-location says once, on the first config shown, that the
		// osmosis CLI cannot submit its configs from this repository
		return r.load(found.Root, found.GitRoot, false)
	case err == nil:
		r.note(fmt.Sprintf("warning: %s is in no git repository, so the rules that need a workspace are skipped (the osmosis CLI works only in a git worktree); pass --workspace %s to check it as one",
			r.display(found.Root), r.display(found.Root)))
		return r.load(found.Root, "", true)
	case !errors.Is(err, workspace.ErrNoWorkspace):
		return nil, &lint.UsageError{Err: err}
	case whole:
		return nil, usagef("%v; pass --workspace DIR to name the workspace", err)
	}
	return nil, err
}

// load loads the workspace at root once per run. bare marks a directory
// outside every git worktree: its configs are listed and read through it,
// but checked without the rules that need a workspace.
func (r *run) load(root, cliRoot string, bare bool) (*space, error) {
	if sp, ok := r.spaces[root]; ok {
		return sp, nil
	}
	snap, err := workspace.Load(root, workspace.Options{Home: r.opts.Home, DatasetsFile: r.opts.DatasetsFile, ModelListFile: r.opts.ModelListFile, SecretListFile: r.opts.SecretListFile, Settings: r.opts.Settings})
	if err != nil {
		return nil, &lint.UsageError{Err: fmt.Errorf("workspace %s: %w", root, err)}
	}
	ws, err := lint.WorkspaceOf(snap)
	if err != nil {
		return nil, err
	}
	if ws.Settings, err = ws.Settings.Selected(r.opts.Select); err != nil {
		return nil, &lint.UsageError{Err: err}
	}
	ws = ws.Shared()
	ws.CLIRoot = cliRoot
	sp := &space{ws: ws, bare: bare}
	r.spaces[root] = sp
	if issues := ws.Snapshot.DataIssues(); len(issues) > 0 {
		msg := issues[0].Message()
		if len(issues) > 1 {
			msg = fmt.Sprintf("%s, and %d more entries under data/ were not read", msg, len(issues)-1)
		}
		r.note("warning: " + msg + "; dataset names from them are not known (`osmosis-lint doctor` lists them)")
	}
	if lim := ws.Snapshot.DataLimit(); lim.Hit() {
		r.note("warning: " + lim.Describe(r.display(filepath.Join(root, "data"))) + "; dataset names from files beyond are not known")
	}
	return sp, nil
}

type discovered struct {
	found workspace.Found
	err   error
}

// discover is workspace.Root, once per directory: the files of a
// directory share their workspace.
func (r *run) discover(path string) (workspace.Found, error) {
	dir := path
	if fi, err := disk.StatNamed(path); err != nil || !fi.IsDir() {
		dir = filepath.Dir(path)
	}
	if d, ok := r.found[dir]; ok {
		return d.found, d.err
	}
	f, err := workspace.Root(dir)
	r.found[dir] = discovered{f, err}
	return f, err
}

// settingsOf returns the settings a file is checked with: its workspace's,
// or the command line's selection alone outside a workspace.
func (r *run) settingsOf(sp *space) *lint.Settings {
	if sp != nil {
		return sp.ws.Settings
	}
	s, _ := (*lint.Settings)(nil).Selected(r.opts.Select) // checked when the run starts
	return s
}
