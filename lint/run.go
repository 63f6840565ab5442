package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// RunOptions configure a run over files and directories.
type RunOptions struct {
	// Dir is the directory paths are relative to and findings are shown
	// from (the current directory).
	Dir string
	// Kind, when set, checks every file as that kind.
	Kind schema.Kind
	// DatasetsFile is a saved `osmosis --json dataset list --all`.
	DatasetsFile string
	// Home is the user's home directory (for the CLI's dataset cache).
	Home string
	// Fix applies safe fixes; UnsafeFixes also the others.
	Fix, UnsafeFixes bool
	// Diff computes the fixes as Fix does but writes nothing (FileResult
	// keeps the file as read in Original).
	Diff bool
	// Select is the command line's layer of rule selection, over the
	// workspace settings.
	Select Selection
	// Settings, when set, replace the [tool.osmosis-lint] settings of every
	// workspace (--config FILE; empty settings for --isolated).
	Settings *workspace.Settings
	// Root, when set, is the workspace root of the files inside it, instead
	// of the top of the enclosing git repository (for a workspace kept in a
	// sub-directory, such as an example or a monorepo part).
	Root string
}

// FileResult is the outcome for one file.
type FileResult struct {
	// Path is shown in findings: relative to RunOptions.Dir when inside it,
	// with forward slashes.
	Path string
	// Abs is the file's absolute path.
	Abs string
	// Src is the file's content after fixes.
	Src      []byte
	Findings []Finding
	// Fixed counts the fixes applied and written.
	Fixed int
	// Unfixed lists the fixes the fixer refused, each with its reason
	// (empty without --fix).
	Unfixed []FixOutcome
	// Applied lists the fixes applied (or, with Diff, that would be).
	Applied []FixOutcome
	// Original is the file as read, when fixes changed it.
	Original []byte
}

// UsageError is a problem with the invocation or the environment (a missing
// path, bad settings): the run cannot give a verdict.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usagef(format string, args ...any) error {
	return &UsageError{fmt.Errorf(format, args...)}
}

// Run checks the config files named by paths (files, or directories searched
// for configs under configs/); no paths means the workspace of opts.Dir.
func Run(paths []string, opts RunOptions) ([]FileResult, error) {
	if opts.Dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, &UsageError{err}
		}
		opts.Dir = wd
	}
	if opts.Root != "" {
		abs, err := filepath.Abs(opts.Root)
		if err != nil {
			return nil, &UsageError{err}
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, usagef("workspace %s: %w", opts.Root, unwrapPathError(err))
		}
		if !fi.IsDir() {
			return nil, usagef("workspace %s: not a directory", opts.Root)
		}
		opts.Root = abs
	}
	if _, err := (*Settings)(nil).Selected(opts.Select); err != nil {
		return nil, &UsageError{err}
	}
	r := &runner{opts: opts, workspaces: map[string]*Workspace{}}
	if len(paths) == 0 && opts.Root != "" {
		paths = []string{filepath.Join(opts.Root, "configs")}
		if fi, err := os.Stat(paths[0]); err != nil || !fi.IsDir() {
			return nil, usagef("workspace %s has no configs/ directory to check", opts.Root)
		}
	}
	if len(paths) == 0 {
		root, err := r.findRoot(opts.Dir)
		if err != nil {
			paths = []string{opts.Dir}
		} else {
			paths = []string{filepath.Join(root, "configs")}
			if _, err := os.Stat(paths[0]); err != nil {
				return nil, nil
			}
		}
	}
	var jobs []job
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(opts.Dir, p)
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, usagef("%s: %w", p, unwrapPathError(err))
		}
		if !fi.IsDir() {
			jobs = append(jobs, job{abs: abs, explicit: true})
			continue
		}
		found, err := r.walk(abs)
		if err != nil {
			return nil, err
		}
		jobs = append(jobs, found...)
	}
	jobs = dedupe(jobs)
	// load workspaces first so settings errors stop the run before output
	for i := range jobs {
		ws, err := r.workspace(jobs[i].abs)
		if err != nil {
			return nil, err
		}
		jobs[i].ws = ws
	}
	results := make([]FileResult, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = r.check(jobs[i])
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	sort.SliceStable(results, func(i, j int) bool { return results[i].Path < results[j].Path })
	return results, nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

type job struct {
	abs      string
	explicit bool
	ws       *Workspace
}

func dedupe(jobs []job) []job {
	seen := map[string]bool{}
	out := jobs[:0]
	for _, j := range jobs {
		if !seen[j.abs] {
			seen[j.abs] = true
			out = append(out, j)
		}
	}
	return out
}

// Workspace is a loaded workspace with its validated settings.
type Workspace struct {
	Snapshot *workspace.Snapshot
	// Settings are nil (the defaults) when the workspace's settings are bad.
	Settings *Settings
}

type runner struct {
	opts       RunOptions
	mu         sync.Mutex
	workspaces map[string]*Workspace // by root
	paths      map[*Workspace]*rolloutPaths
	roots      map[string]foundRoot // by directory
}

// findRoot finds the workspace root of a path: the --workspace root when
// the path is inside it, else the enclosing git repository.
func (r *runner) findRoot(p string) (string, error) {
	if r.opts.Root != "" {
		if rel, err := filepath.Rel(r.opts.Root, p); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return r.opts.Root, nil
		}
	}
	r.mu.Lock()
	root, ok := r.roots[p]
	r.mu.Unlock()
	if ok {
		return root.dir, root.err
	}
	// the configs of a directory share its root: look it up once
	dir, err := workspace.FindRoot(p)
	r.mu.Lock()
	if r.roots == nil {
		r.roots = map[string]foundRoot{}
	}
	r.roots[p] = foundRoot{dir, err}
	r.mu.Unlock()
	return dir, err
}

type foundRoot struct {
	dir string
	err error
}

// workspace returns the workspace of a file, loading it once per root.
func (r *runner) workspace(abs string) (*Workspace, error) {
	root, err := r.findRoot(filepath.Dir(abs))
	if err != nil {
		return nil, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.workspaces[root]; ok {
		return e, nil
	}
	snap, err := workspace.Load(root, workspace.Options{Home: r.opts.Home, DatasetsFile: r.opts.DatasetsFile, Settings: r.opts.Settings})
	if err != nil {
		return nil, &UsageError{fmt.Errorf("workspace %s: %w", root, err)}
	}
	e, err := WorkspaceOf(snap)
	if err != nil {
		return nil, err
	}
	if e.Settings, err = e.Settings.Selected(r.opts.Select); err != nil {
		return nil, &UsageError{err}
	}
	r.workspaces[root] = e
	return e, nil
}

// settingsOf returns the settings a file is checked with: its workspace's,
// or the command line's selection alone outside a workspace.
func (r *runner) settingsOf(ws *Workspace) *Settings {
	if ws != nil {
		return ws.Settings
	}
	s, _ := (*Settings)(nil).Selected(r.opts.Select) // checked when the run starts
	return s
}

// LoadWorkspace loads the workspace at root with its settings. Bad settings
// are a UsageError naming the key; the workspace is still returned (with
// the default settings) for callers that carry on, such as the language
// server.
func LoadWorkspace(root, home, datasetsFile string) (*Workspace, error) {
	snap, err := workspace.Load(root, workspace.Options{Home: home, DatasetsFile: datasetsFile})
	if err != nil {
		return nil, &UsageError{fmt.Errorf("workspace %s: %w", root, err)}
	}
	return WorkspaceOf(snap)
}

// WorkspaceOf validates the settings of a loaded snapshot.
func WorkspaceOf(snap *workspace.Snapshot) (*Workspace, error) {
	ws := &Workspace{Snapshot: snap}
	if err := settingsProblem(snap); err != nil {
		return ws, err
	}
	st := snap.Settings()
	settings, err := NewSettingsSelection(Selection{Select: st.Select, ExtendSelect: st.ExtendSelect, Ignore: st.Ignore}, st.Severity)
	if err != nil {
		return ws, &UsageError{fmt.Errorf("%s: %w", filepath.Join(snap.Root(), "pyproject.toml"), err)}
	}
	ws.Settings = settings
	return ws, nil
}

// settingsProblem turns the workspace's settings and dataset-list problems
// into a usage error: they are never ignored silently.
func settingsProblem(snap *workspace.Snapshot) error {
	var msgs []string
	for _, p := range snap.ProblemsOf(workspace.ProblemSettings, workspace.ProblemDatasetsFile) {
		msgs = append(msgs, p.Error())
	}
	if len(msgs) == 0 {
		return nil
	}
	return &UsageError{errors.New(strings.Join(msgs, "\n"))}
}

// walk finds the config files under dir: the .toml files under a configs/
// directory, skipping hidden directories and what the settings exclude.
func (r *runner) walk(dir string) ([]job, error) {
	var out []job
	var entry *Workspace
	if root, err := r.findRoot(dir); err == nil {
		e, err := r.workspace(filepath.Join(root, ".git"))
		if err != nil {
			return nil, err
		}
		entry = e
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // an unreadable sub-directory: skip it
		}
		name := d.Name()
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "__pycache__") {
				return filepath.SkipDir
			}
			if entry != nil && p != dir {
				if rel, ok := entry.Snapshot.Rel(p); ok && entry.Snapshot.Settings().Excluded(rel) {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".toml") || !underConfigs(p) {
			return nil
		}
		if entry != nil {
			if rel, ok := entry.Snapshot.Rel(p); ok && entry.Snapshot.Settings().Excluded(rel) {
				return nil
			}
		}
		out = append(out, job{abs: p})
		return nil
	})
	if err != nil {
		return nil, usagef("%s: %w", dir, unwrapPathError(err))
	}
	return out, nil
}

// underConfigs reports whether a path has a `configs` directory above it.
func underConfigs(p string) bool {
	for _, part := range strings.Split(filepath.ToSlash(filepath.Dir(p)), "/") {
		if part == "configs" {
			return true
		}
	}
	return false
}

// KindFromPath finds the kind from a `configs/<kind>/` part of a path.
func KindFromPath(p string) (schema.Kind, bool) {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i := len(parts) - 2; i >= 1; i-- {
		if parts[i-1] == "configs" {
			if k, ok := schema.ParseKind(parts[i]); ok && i < len(parts)-1 {
				return k, true
			}
		}
	}
	return "", false
}

// displayPath shows abs relative to dir when it is inside it.
func displayPath(dir, abs string) string {
	if rel, err := filepath.Rel(dir, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// InputFor builds the check input of the file at abs, shown as display, in
// workspace ws (nil outside one). kind forces the config kind; "" finds it
// from where the file is. It reports false when the kind cannot be told.
func InputFor(abs, display string, ws *Workspace, kind schema.Kind) (Input, bool) {
	in := Input{Path: display, Kind: kind}
	if ws != nil {
		in.Env = NewEnv(ws.Snapshot, abs)
		in.Settings = ws.Settings
		if kind == "" {
			place := in.Env.configPlace()
			if place.Location == workspace.LocationKindDir {
				in.Kind, _ = schema.ParseKind(place.Kind.String())
			}
		}
	}
	if in.Kind == "" {
		in.Kind, _ = KindFromPath(abs)
	}
	return in, in.Kind != ""
}

func (r *runner) check(j job) (FileResult, error) {
	display := displayPath(r.opts.Dir, j.abs)
	src, err := readRegular(j.abs)
	if err == errNotRegular {
		return FileResult{}, usagef("%s: not a regular file", display)
	}
	if err != nil {
		return FileResult{}, usagef("%s: %w", display, unwrapPathError(err))
	}
	res := FileResult{Path: display, Abs: j.abs, Src: src}
	in, ok := InputFor(j.abs, display, j.ws, r.opts.Kind)
	in.Settings = r.settingsOf(j.ws)
	if !ok {
		res.Findings = locationOnly(src, in)
		return res, nil
	}
	if in.Env != nil {
		// within one run the rollouts do not change: resolve each once
		in.Env.paths = r.rolloutPaths(j.ws)
	}
	if r.opts.Fix || r.opts.UnsafeFixes || r.opts.Diff {
		fx := FixSource(src, in, FixOptions{Unsafe: r.opts.UnsafeFixes})
		res.Findings, res.Unfixed = fx.Findings, fx.Skipped
		if len(fx.Applied) > 0 && string(fx.Src) != string(src) {
			if !r.opts.Diff {
				if err := writeFixed(j.abs, fx.Src, j.ws); err != nil {
					return FileResult{}, usagef("%s: %w", display, err)
				}
			}
			res.Src, res.Fixed, res.Applied, res.Original = fx.Src, len(fx.Applied), fx.Applied, src
		}
		return res, nil
	}
	res.Findings = Check(res.Src, in)
	return res, nil
}

// rolloutPaths returns the rollout paths resolved in this run for ws.
func (r *runner) rolloutPaths(ws *Workspace) *rolloutPaths {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.paths == nil {
		r.paths = map[*Workspace]*rolloutPaths{}
	}
	p := r.paths[ws]
	if p == nil {
		p = &rolloutPaths{}
		r.paths[ws] = p
	}
	return p
}

// locationOnly reports a file whose kind cannot be told: outside a
// workspace's kind directories with no --kind.
func locationOnly(src []byte, in Input) []Finding {
	doc := parseForLocation(src)
	f := Finding{
		Path:     in.Path,
		Range:    firstLine(doc),
		Rule:     RuleConfigLocation,
		Severity: Error,
		Stage:    StageSubmit,
	}
	if in.Env != nil {
		f.Message = in.Env.Rel + " " + locationProblem(in.Env, "")
	} else {
		f.Message = in.Path + " is not under configs/training/, configs/eval/ or configs/benchmark/, so its kind is unknown; move it there or pass --kind"
	}
	if in.Settings.off(f.Rule) {
		return nil
	}
	locate(&f, doc.Lines)
	return []Finding{f}
}

// CheckSource checks content given directly (stdin, an editor buffer) as the
// file at path, in its workspace when there is one.
//
// An empty path is text without a file (standard input with a kind and no
// name): it is shown as "-", checked in the workspace of opts.Dir, and
// config-location does not apply to it.
func CheckSource(src []byte, path string, opts RunOptions) (FileResult, error) {
	unnamed := path == ""
	if unnamed {
		path = "-"
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(opts.Dir, path)
	}
	if opts.Root != "" {
		if a, err := filepath.Abs(opts.Root); err == nil {
			opts.Root = a
		}
	}
	if _, err := (*Settings)(nil).Selected(opts.Select); err != nil {
		return FileResult{}, &UsageError{err}
	}
	r := &runner{opts: opts, workspaces: map[string]*Workspace{}}
	ws, err := r.workspace(abs)
	if err != nil {
		return FileResult{}, err
	}
	display := displayPath(opts.Dir, abs)
	if unnamed {
		display = "-"
	}
	res := FileResult{Path: display, Abs: abs, Src: src}
	in, ok := InputFor(abs, display, ws, opts.Kind)
	if unnamed && in.Env != nil {
		in.Env.Unnamed = true
	}
	in.Settings = r.settingsOf(ws)
	if !ok {
		res.Findings = locationOnly(src, in)
		return res, nil
	}
	if opts.Fix || opts.UnsafeFixes || opts.Diff {
		fx := FixSource(src, in, FixOptions{Unsafe: opts.UnsafeFixes})
		res.Src, res.Findings, res.Fixed, res.Unfixed = fx.Src, fx.Findings, len(fx.Applied), fx.Skipped
		if string(fx.Src) != string(src) {
			res.Original, res.Applied = src, fx.Applied
		}
		return res, nil
	}
	res.Findings = Check(res.Src, in)
	return res, nil
}
