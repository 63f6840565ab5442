// Package runner is the command line's run over files: it finds the
// workspaces of the paths it is given, takes their configs from the one
// workspace listing, reads each through the workspace's door to the disk,
// checks it with lint, writes fixes back safely, and says what it could
// not do. Every entry that cannot be read is a finding; only an invocation
// that cannot be carried out at all is an error.
package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// MaxConfigSize bounds the size of a config that is read; a larger file
// is a config-unreadable finding.
const MaxConfigSize = 64 << 20

// Options configure a run over files and directories.
type Options struct {
	// Dir is the directory paths are relative to and findings are shown
	// from (the current directory).
	Dir string
	// Kind, when set, checks every file as that kind.
	Kind schema.Kind
	// DatasetsFile is a saved `osmosis --json dataset list --all`.
	DatasetsFile string
	// ModelListFile and SecretListFile are a saved `osmosis --json model
	// list --all` and `osmosis --json secret list --all`.
	ModelListFile, SecretListFile string
	// Home is the user's home directory (for the CLI's dataset cache).
	Home string
	// Fix applies safe fixes. UnsafeFixes adds the unsafe ones to what Fix
	// and Diff consider; alone it changes nothing (ruff's contract).
	// Display-only fixes are never applied.
	Fix, UnsafeFixes bool
	// Diff computes the fixes as Fix does but writes nothing (FileResult
	// keeps the file as read in Original).
	Diff bool
	// Select is the command line's layer of rule selection, over the
	// workspace settings.
	Select lint.Selection
	// Settings, when set, replace the [tool.osmosis-lint] settings of every
	// workspace (--config FILE; empty settings for --isolated).
	Settings *workspace.Settings
	// ForceExclude applies the settings' `exclude` to files named on the
	// command line too (ruff's --force-exclude: pre-commit names files),
	// and checks them as the workspace listing's are (lint.Input.Listed).
	ForceExclude bool
	// Root, when set, is the workspace root of the files inside it, instead
	// of the one found from them (for a workspace kept in a sub-directory,
	// such as an example or a monorepo part).
	Root string
	// RootFound says Root is what workspace.Root found (the MCP server's
	// scope), not a --workspace the user named: a workspace below the git
	// root is then said to be one, as check says it.
	RootFound bool
	// ConfigsOnly takes configs alone (lint.NotAConfig): a named file that
	// is none is refused with a usage error, and with Fix or Diff a listed
	// entry that is none is checked but never fixed. The MCP tools use it;
	// the command line checks any file it is given.
	ConfigsOnly bool
}

// FileResult is the outcome for one file.
type FileResult struct {
	// Path is shown in findings: relative to Options.Dir, with forward
	// slashes.
	Path string
	// Abs is the file's absolute path.
	Abs string
	// Src is the file's content after fixes; nil when it was not read.
	// Nothing writes to it: the findings may hold text of it.
	Src      []byte
	Findings []lint.Finding
	// Fixed counts the fixes applied and written.
	Fixed int
	// NotFixed says why fixes that were found were not written to the file
	// ("" when they were, or there were none).
	NotFixed string
	// Unfixed lists the fixes the fixer refused, each with its reason
	// (empty without --fix).
	Unfixed []lint.FixOutcome
	// Applied lists the fixes applied (or, with Diff, that would be).
	Applied []lint.FixOutcome
	// Original is the file as read, when fixes changed it.
	Original []byte
}

// Result is the outcome of a run.
type Result struct {
	Files []FileResult
	// Notes are what the run tells on standard error: the workspace it
	// chose when that is not the git root, listings cut short, fixes that
	// were not written.
	Notes []string
	// Excluded lists the named files left out by `exclude` (ForceExclude),
	// as findings show paths.
	Excluded []string
}

// Run checks the config files named by paths (files, or directories whose
// configs the workspace listing holds); no paths means the workspace of
// opts.Dir. Findings are never lost to one bad entry: an entry that cannot
// be read is a finding and the others are still checked.
func Run(paths []string, opts Options) (*Result, error) {
	r, err := start(paths, opts)
	if err != nil {
		return nil, err
	}
	r.checkAll()
	return &Result{Files: r.results, Notes: r.notes, Excluded: r.excluded}, nil
}

// start makes a run and adds the files the paths name.
func start(paths []string, opts Options) (*run, error) {
	r, err := newRun(opts)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		if err := r.addWorkspace(); err != nil {
			return nil, err
		}
	}
	for _, p := range paths {
		if err := r.addPath(p); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Files lists the files Run would check, as findings show them, sorted
// (ruff's --show-files), with the notes and the named files excluded.
func Files(paths []string, opts Options) (*Result, error) {
	r, err := start(paths, opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Notes: r.notes, Excluded: r.excluded}
	for _, j := range r.jobs {
		res.Files = append(res.Files, FileResult{Path: r.display(j.abs), Abs: j.abs})
	}
	sort.SliceStable(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	return res, nil
}

// run is one Run: its workspaces (loaded once each) and jobs.
type run struct {
	opts    Options
	spaces  map[string]*space // by root
	jobs    []job
	seen    map[string]bool
	results []FileResult
	notes   []string
	noted   map[string]bool
	found   map[string]discovered
	// excluded are the named files that ForceExclude left out
	excluded []string
	// containers place named paths (addLeadingOut), by directory
	containers map[string]*workspace.Container
}

// space is a loaded workspace of a run.
type space struct {
	ws   *lint.Workspace
	bare bool
}

// job is one entry to check: a listed config (entry set), or a file named
// on the command line (inside a workspace, or outside any).
type job struct {
	abs   string
	sp    *space
	entry *workspace.ConfigFile
	rel   string // a named file inside sp, as given (not resolved)
	// below: the job's workspace is below the git root; others > 0 or
	// speaks marks the one job that says so for the workspace's others
	below  bool
	speaks bool
	others int
	// claim is set for an eval config of the workspace the run parses:
	// its check records the parse for the training configs' rules
	// (lint.EvalClaim), which then read no eval config twice
	claim *lint.EvalClaim
}

func newRun(opts Options) (*run, error) {
	if opts.Dir == "" {
		wd, err := filepath.Abs(".")
		if err != nil {
			return nil, &lint.UsageError{Err: err}
		}
		opts.Dir = wd
	}
	if opts.Root != "" {
		abs, err := filepath.Abs(opts.Root)
		if err != nil {
			return nil, &lint.UsageError{Err: err}
		}
		fi, err := disk.StatNamed(abs)
		if err != nil {
			return nil, usagef("workspace %s: %w", opts.Root, unwrapPath(err))
		}
		if !fi.IsDir() {
			return nil, usagef("workspace %s: not a directory", opts.Root)
		}
		opts.Root = abs
	}
	if _, err := (*lint.Settings)(nil).Selected(opts.Select); err != nil {
		return nil, &lint.UsageError{Err: err}
	}
	return &run{opts: opts, spaces: map[string]*space{}, seen: map[string]bool{}, noted: map[string]bool{}, found: map[string]discovered{}, containers: map[string]*workspace.Container{}}, nil
}

func usagef(format string, args ...any) error {
	return &lint.UsageError{Err: fmt.Errorf(format, args...)}
}

func isNoWorkspace(err error) bool { return errors.Is(err, workspace.ErrNoWorkspace) }

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (r *run) note(msg string) {
	if !r.noted[msg] {
		r.noted[msg] = true
		r.notes = append(r.notes, msg)
	}
}

// addWorkspace adds every config of the workspace of the current
// directory (or --workspace).
func (r *run) addWorkspace() error {
	start := r.opts.Dir
	if r.opts.Root != "" {
		start = r.opts.Root
	}
	sp, err := r.spaceOf(start, true)
	if err != nil {
		return err
	}
	snap := sp.ws.Snapshot
	if r.opts.Root != "" {
		if fi, err := snap.Disk().Lstat("configs"); err != nil || !fi.IsDir() && !fi.IsSymlink() {
			return usagef("workspace %s has no configs/ directory to check", r.opts.Root)
		}
	}
	before := len(r.jobs)
	r.addListed(sp, ".")
	if len(r.jobs) == before {
		r.note(fmt.Sprintf("warning: no config files under %s", r.display(filepath.Join(snap.Root(), "configs"))+"/"))
	}
	return nil
}

// addPath adds a file or the configs under a directory.
func (r *run) addPath(p string) error {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.opts.Dir, p)
	}
	abs = filepath.Clean(abs)
	if done, err := r.addLeadingOut(p, abs); done || err != nil {
		return err
	}
	fi, err := disk.LstatNamed(abs)
	if err != nil {
		return usagef("%s: %w", p, unwrapPath(err))
	}
	sp, err := r.spaceOf(abs, false)
	if err != nil && !isNoWorkspace(err) {
		return err
	}
	if sp == nil {
		// outside every workspace: a named file is read as named
		if fi.IsDir() {
			return usagef("%s: %v; pass --workspace DIR to name the workspace", p, err)
		}
		if err := r.onlyConfigs(job{abs: abs}); err != nil {
			return err
		}
		r.add(job{abs: abs})
		return nil
	}
	snap := sp.ws.Snapshot
	rel, ok := snap.Rel(abs)
	if !ok {
		return usagef("%s: not inside the workspace %s", p, snap.Root())
	}
	if res := snap.Resolve(rel); res.Inside && res.IsDir && !fi.IsSymlink() || fi.IsDir() {
		r.addListed(sp, rel)
		return nil
	}
	if r.opts.ForceExclude && r.isExcluded(sp, rel) {
		r.excluded = append(r.excluded, r.display(abs))
		return nil
	}
	j := job{abs: abs, sp: sp, rel: rel}
	if err := r.onlyConfigs(j); err != nil {
		return err
	}
	r.add(j)
	return nil
}

// addLeadingOut places a named path in the workspace it is named in (the
// --workspace root, else the git worktree or workspace of the current
// directory) by its real location, before anything is looked up through
// it: a path spelled there that leads outside through a symlink
// (linkws/configs/training/x.toml with linkws -> ../other-repo,
// link-to-root/<any path>) is that workspace's entry, read through its
// door, which refuses it, so check reports it as it reports a config
// that is a link out: config-location, nothing read, exit 1. Found by the
// path alone, the workspace would be the one at the link's target, and
// the file outside would be read and printed. done says the path was
// added.
func (r *run) addLeadingOut(p, abs string) (done bool, err error) {
	ref := r.namedIn()
	res := workspace.Resolved{Inside: true}
	if ref != "" {
		res = r.contain(ref, abs)
	}
	if ref == "" || !res.Inside && res.EscapeVia == "" {
		// not spelled in the current directory's workspace: the first git
		// worktree on the way down to it is where it is named
		if ref = workspace.OutermostGit(r.opts.Dir, abs); ref == "" {
			return false, nil
		}
		res = r.contain(ref, abs)
	}
	if res.Inside || res.EscapeVia == "" {
		return false, nil
	}
	sp, err := r.spaceOf(ref, false)
	if err != nil && !isNoWorkspace(err) {
		return false, err
	}
	rel, ok := "", false
	if sp != nil {
		rel, ok = sp.ws.Snapshot.Rel(abs)
	}
	if !ok {
		// no workspace to report it in: the run stops, saying why
		return false, usagef("%s leads outside the workspace %s through the symlink %s (to %s); it is not read", p, r.display(ref), res.EscapeVia, res.EscapeTarget)
	}
	j := job{abs: abs, sp: sp, rel: rel}
	if err := r.onlyConfigs(j); err != nil {
		return false, err
	}
	r.add(j)
	return true, nil
}

// contain is workspace.Contain with one Container a directory.
func (r *run) contain(dir, abs string) workspace.Resolved {
	c, ok := r.containers[dir]
	if !ok {
		c = workspace.NewContainer(dir)
		r.containers[dir] = c
	}
	return c.Contain(abs)
}

// namedIn is the directory named paths are placed in: the --workspace
// root, else the Bound of the current directory's workspace (its git
// worktree, else the workspace; "" when it is in none).
func (r *run) namedIn() string {
	if r.opts.Root != "" {
		return r.opts.Root
	}
	found, err := r.discover(r.opts.Dir)
	if err != nil {
		return ""
	}
	return found.Bound()
}

// onlyConfigs refuses a named file that is not a config, with ConfigsOnly.
func (r *run) onlyConfigs(j job) error {
	if !r.opts.ConfigsOnly {
		return nil
	}
	display := r.display(j.abs)
	in, _ := r.inputOf(j, display)
	return notAConfig(display, lint.NotAConfig(in))
}

// notAConfig is the refusal of a file that is not a config, nil when why
// is "".
func notAConfig(name, why string) error {
	if why == "" {
		return nil
	}
	return usagef("%s is not a config: it %s; only configs are taken (configs/training/, configs/eval/ and configs/benchmark/ **/*.toml)", name, why)
}

// isExcluded reports whether the workspace's `exclude` covers the named
// file at rel.
func (r *run) isExcluded(sp *space, rel string) bool { return sp.ws.Snapshot.ExcludedFile(rel) }

// addListed adds the listed configs (and unreadable entries) at or under
// the workspace directory rel, as found or as resolved.
func (r *run) addListed(sp *space, rel string) {
	snap := sp.ws.Snapshot
	dir := snap.Resolve(rel)
	// the jobs point into one copy of the listing, not a copy each
	configs := snap.Configs()
	for i := range configs {
		c := &configs[i]
		if !disk.Within(c.Path, rel) && !(dir.Inside && c.Resolved.Inside && disk.Within(c.Resolved.Path, dir.Path)) {
			continue
		}
		r.add(job{abs: filepath.Join(snap.Root(), filepath.FromSlash(c.Path)), sp: sp, entry: c})
	}
	if lim := snap.ConfigsLimit(); lim.Hit() {
		r.note("warning: " + lim.Describe(r.display(filepath.Join(snap.Root(), "configs"))) + "; configs beyond were not checked")
	}
}

func (r *run) add(j job) {
	if !r.seen[j.abs] {
		r.seen[j.abs] = true
		r.jobs = append(r.jobs, j)
	}
}

// display shows abs relative to the current directory when it lies there,
// or in the workspace that holds the current directory (from rollouts/x a
// config is ../../configs/...); else in full.
func (r *run) display(abs string) string {
	return Display(r.opts.Dir, abs, r.roots())
}

// roots are the roots of the workspaces the run loaded.
func (r *run) roots() []string {
	out := make([]string, 0, len(r.spaces))
	for root := range r.spaces {
		out = append(out, root)
	}
	return out
}

// Display shows abs as findings do: relative to dir when abs is under dir,
// or when both are under one of the roots; else in full. Slashes are
// forward.
func Display(dir, abs string, roots []string) string {
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	if filepath.IsLocal(rel) || rel == "." {
		return filepath.ToSlash(rel)
	}
	for _, root := range roots {
		if underOS(dir, root) && underOS(abs, root) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(abs)
}

// underOS reports whether the OS path p is dir or below it.
func underOS(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

// sayBelowOnce picks, for each workspace below the git root, the job
// shown first to say for all of its configs that the osmosis CLI cannot
// submit them from this repository (one finding, not one a config).
func (r *run) sayBelowOnce() {
	first, count := map[*space]int{}, map[*space]int{}
	for i, j := range r.jobs {
		if j.sp == nil || j.sp.bare || j.sp.ws.CLIRoot == "" {
			continue
		}
		r.jobs[i].below = true
		count[j.sp]++
		if k, ok := first[j.sp]; !ok || r.display(j.abs) < r.display(r.jobs[k].abs) {
			first[j.sp] = i
		}
	}
	for sp, i := range first {
		r.jobs[i].speaks, r.jobs[i].others = true, count[sp]-1
	}
}

// checkAll checks the jobs on a few goroutines and sorts the results.
func (r *run) checkAll() {
	r.sayBelowOnce()
	r.claimEvals()
	r.results = make([]FileResult, len(r.jobs))
	for _, sp := range r.spaces {
		if sp.ws != nil {
			defer sp.ws.Snapshot.Hold()() // one open of each root for the run
		}
	}
	// each worker takes the next job from a shared counter: no channel
	// hand-off (and no goroutine woken) per file; the caller is one of them
	var wg sync.WaitGroup
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(r.jobs) {
				return
			}
			r.results[i] = r.check(r.jobs[i])
		}
	}
	for w := 1; w < min(runtime.GOMAXPROCS(0), len(r.jobs)); w++ {
		wg.Go(work)
	}
	work()
	wg.Wait()
	sort.SliceStable(r.results, func(i, j int) bool { return r.results[i].Path < r.results[j].Path })
	for _, res := range r.results {
		if res.NotFixed != "" {
			r.notes = append(r.notes, "not fixed: "+res.Path+" "+res.NotFixed)
		}
	}
}

// claimEvals claims the eval configs the run checks (see job.claim) and
// puts them first: a training config's check waits for the claimed ones,
// which the workers have then all taken, and which wait for nothing. A run
// that fixes does not claim: its eval configs may change on disk.
func (r *run) claimEvals() {
	if r.opts.Fix || r.opts.Diff {
		return
	}
	for _, sp := range r.spaces {
		if sp.ws == nil || sp.bare {
			continue
		}
		var at []int
		var paths []string
		for i := range r.jobs {
			j := &r.jobs[i]
			if j.sp != sp {
				continue
			}
			var place workspace.ConfigPlace
			switch {
			case j.entry != nil && j.entry.Err == nil:
				place = j.entry.Place()
			case j.entry == nil && j.rel != "":
				place = sp.ws.Snapshot.ConfigKind(j.rel)
			default:
				continue
			}
			if place.Kind == workspace.KindEval && place.Location == workspace.LocationKindDir && place.Resolved.Inside {
				at, paths = append(at, i), append(paths, place.Resolved.Path)
			}
		}
		for k, c := range sp.ws.ClaimEvals(paths) {
			r.jobs[at[k]].claim = c
		}
	}
	sort.SliceStable(r.jobs, func(a, b int) bool { return r.jobs[a].claim != nil && r.jobs[b].claim == nil })
}

// RunWorkspace checks every config of a loaded workspace, as Run does
// with no paths (doctor's configs check).
func RunWorkspace(ws *lint.Workspace, opts Options) (*Result, error) {
	opts.Root = ""
	r, err := newRun(opts)
	if err != nil {
		return nil, err
	}
	sp := &space{ws: ws.Shared()}
	r.spaces[ws.Snapshot.Root()] = sp
	r.addListed(sp, ".")
	r.checkAll()
	return &Result{Files: r.results, Notes: r.notes}, nil
}
