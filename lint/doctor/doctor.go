// Package doctor checks the health of a whole Osmosis workspace: the
// scaffold the osmosis CLI requires, the git origin, every config, the
// rollouts, the agent skills, the dataset files and stray .env files; and
// repairs what it safely can.
package doctor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Status of a check.
type Status string

// Statuses.
const (
	OK      Status = "ok"
	Warn    Status = "warning"
	Fail    Status = "error"
	Info    Status = "info"
	Skipped Status = "skipped"
)

// Check is one line of the report.
type Check struct {
	ID      string `json:"id"`
	Status  Status `json:"status"`
	Message string `json:"message"`
	Path    string `json:"path,omitempty"`
}

// Git is what the report says of the origin remote.
type Git struct {
	Identity  *string `json:"identity"`
	RemoteURL *string `json:"remote_url"`
	Warning   string  `json:"warning,omitempty"`
}

// Report is the outcome of a doctor run.
type Report struct {
	Version            int            `json:"version"`
	Valid              bool           `json:"valid"`
	WorkspaceDirectory string         `json:"workspace_directory"`
	RequiredPaths      []string       `json:"required_paths"`
	Missing            []string       `json:"missing"`
	Git                Git            `json:"git"`
	Checks             []Check        `json:"checks"`
	Findings           []lint.Finding `json:"findings"`
	// Fixed lists what --fix changed.
	Fixed []string `json:"fixed,omitempty"`

	// Files holds the checked files' contents (for text snippets).
	Files map[string][]byte `json:"-"`
}

// Options configure a run.
type Options struct {
	// Dir is the current directory: findings are shown relative to it.
	Dir string
	// Root, when set, is the workspace root instead of the enclosing git
	// repository.
	Root string
	// Home is the user's home directory (dataset cache, global git config).
	Home         string
	DatasetsFile string
	// Fix repairs what is safe; Template is where to copy missing agent
	// files from (else OSMOSIS_WORKSPACE_TEMPLATE_PATH).
	Fix      bool
	Template string
}

// ErrNotWorkspace is returned when the directory is in no git worktree.
var ErrNotWorkspace = workspace.ErrNotWorkspace

// Run checks the workspace that holds dir.
func Run(dir string, opts Options) (*Report, error) {
	d, err := newRun(dir, opts)
	if err != nil {
		return nil, err
	}
	root := d.root
	how := "the top of its git worktree"
	if opts.Root != "" {
		how = "given with --workspace"
	}
	d.check(OK, lint.RuleWorkspaceRoot, "workspace root: "+root+" ("+how+")", "")
	if opts.Fix {
		d.fixScaffold()
		if err := d.load(); err != nil {
			return nil, err
		}
	}
	d.scaffold()
	d.origin()
	if err := d.configs(); err != nil {
		return nil, err
	}
	d.rollouts()
	d.skills()
	d.datasets()
	d.envFiles()
	d.finish()
	return d.rep, nil
}

// newRun finds the workspace of dir and loads it.
func newRun(dir string, opts Options) (*run, error) {
	if opts.Dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		opts.Dir = wd
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, &lint.UsageError{Err: fmt.Errorf("%s: %w", dir, errors.Unwrap(err))}
	}
	root := opts.Root
	if root != "" {
		if root, err = filepath.Abs(root); err != nil {
			return nil, err
		}
	} else if root, err = workspace.FindRoot(abs); err != nil {
		return nil, err
	}
	d := &run{opts: opts, root: root, rep: &Report{
		Version:            1,
		WorkspaceDirectory: root,
		RequiredPaths:      []string{"rollouts/", "configs/training/", "configs/eval/", "data/"},
		Missing:            []string{},
		Checks:             []Check{},
		Findings:           []lint.Finding{},
		Files:              map[string][]byte{},
	}}
	if err := d.load(); err != nil {
		return nil, err
	}
	return d, nil
}

type run struct {
	opts Options
	root string
	ws   *lint.Workspace
	rep  *Report
}

func (d *run) load() error {
	ws, err := lint.LoadWorkspace(d.root, d.opts.Home, d.opts.DatasetsFile)
	if err != nil {
		return err
	}
	d.ws = ws
	return nil
}

func (d *run) snap() *workspace.Snapshot { return d.ws.Snapshot }

func (d *run) check(st Status, id, msg, path string) {
	d.rep.Checks = append(d.rep.Checks, Check{ID: id, Status: st, Message: msg, Path: path})
}

// display shows a workspace-relative path as the findings do: relative to
// the current directory.
func (d *run) display(rel string) string {
	abs := filepath.Join(d.root, filepath.FromSlash(rel))
	if r, err := filepath.Rel(d.opts.Dir, abs); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(abs)
}

// finding adds a file-level finding of a doctor rule.
func (d *run) finding(rule, rel string, line int, sev lint.Severity, msg string) {
	r, _ := lint.Lookup(rule)
	f := lint.Finding{
		Path: d.display(rel), Line: max(line, 1), Column: 1, EndLine: max(line, 1), EndColumn: 1,
		Rule: rule, Severity: sev, Stage: r.Stage, Message: msg, Fixes: []lint.Fix{},
	}
	if d.ws.Settings != nil && d.ignored(rule) {
		return
	}
	d.rep.Findings = append(d.rep.Findings, f)
}

func (d *run) ignored(rule string) bool {
	for _, id := range d.ws.Settings.Ignore {
		if id == rule {
			return true
		}
	}
	return false
}

func (d *run) scaffold() {
	missingDirs, missingFiles := 0, 0
	for _, e := range d.snap().RequiredDirs() {
		if !e.Present {
			d.rep.Missing = append(d.rep.Missing, e.Path)
			d.check(Fail, lint.RuleMissingScaffold, "required directory "+e.Path+" is missing: every osmosis command refuses to run without it; `osmosis-lint doctor --fix` creates it", e.Path)
			missingDirs++
		}
	}
	if missingDirs == 0 {
		d.check(OK, lint.RuleMissingScaffold, "required directories present: rollouts/, configs/training/, configs/eval/, data/", "")
	}
	for _, e := range d.snap().AgentFiles() {
		if !e.Present {
			d.rep.Missing = append(d.rep.Missing, e.Path)
			hint := "copy it from the Osmosis workspace template (`osmosis-lint doctor --fix --template DIR`)"
			if e.Symlink {
				hint = "it is a broken symlink; replace it with the file from the Osmosis workspace template"
			}
			d.check(Fail, lint.RuleMissingAgentFile, "agent file "+e.Path+" is missing: "+hint, e.Path)
			missingFiles++
		}
	}
	if missingFiles == 0 {
		d.check(OK, lint.RuleMissingAgentFile, "agent files present: AGENTS.md, CLAUDE.md, configs/AGENTS.md", "")
	}
}

func (d *run) origin() {
	o := d.snap().Origin()
	switch {
	case o.Found && o.Err == nil:
		id, url := o.Identity.Repo, o.Identity.DisplayURL
		d.rep.Git = Git{Identity: &id, RemoteURL: &url}
		d.check(OK, lint.RuleOriginIdentity, "origin is the GitHub repository "+id+" ("+url+")", "")
	case o.Found:
		d.rep.Git = Git{Warning: o.Err.Error()}
		d.check(Warn, lint.RuleOriginIdentity, "origin is not a GitHub repository the platform can use: "+o.Err.Error(), "")
	default:
		d.check(Warn, lint.RuleOriginIdentity, "no git remote named origin: the platform finds the workspace by its GitHub repository; add it with `git remote add origin https://github.com/OWNER/REPO.git`", "")
	}
}

// configs lints every config of the workspace with the full rule set.
func (d *run) configs() error {
	counts := map[string]int{}
	var paths []string
	for _, c := range d.snap().Configs() {
		if d.snap().Settings().Excluded(c.Path) {
			continue
		}
		paths = append(paths, filepath.Join(d.root, filepath.FromSlash(c.Path)))
		if c.Location == workspace.LocationKindDir {
			counts[c.Kind.String()]++
		} else {
			counts["misplaced"]++
		}
	}
	if len(paths) == 0 {
		d.check(Info, "configs", "no configs under configs/ yet", "configs/")
		return nil
	}
	results, err := lint.Run(paths, lint.RunOptions{
		Dir: d.opts.Dir, Root: d.root, Home: d.opts.Home, DatasetsFile: d.opts.DatasetsFile,
		Fix: d.opts.Fix,
	})
	if err != nil {
		return err
	}
	errs, warns := 0, 0
	for _, r := range results {
		d.rep.Files[r.Path] = r.Src
		d.rep.Findings = append(d.rep.Findings, r.Findings...)
		if r.Fixed > 0 {
			d.rep.Fixed = append(d.rep.Fixed, fmt.Sprintf("%s: %d fixes", r.Path, r.Fixed))
		}
		for _, f := range r.Findings {
			switch f.Severity {
			case lint.Error:
				errs++
			case lint.Warning:
				warns++
			}
		}
	}
	var parts []string
	for _, k := range []string{"training", "eval", "benchmark", "misplaced"} {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	msg := fmt.Sprintf("%s (%s): %s, %s", plural(len(results), "config"), strings.Join(parts, ", "), plural(errs, "error"), plural(warns, "warning"))
	st := OK
	switch {
	case errs > 0:
		st = Fail
	case warns > 0:
		st = Warn
	}
	d.check(st, "configs", msg, "configs/")
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// finish sorts the findings and decides validity.
func (d *run) finish() {
	sort.SliceStable(d.rep.Findings, func(i, j int) bool {
		a, b := d.rep.Findings[i], d.rep.Findings[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	valid := true
	for _, c := range d.rep.Checks {
		if c.Status == Fail {
			valid = false
		}
	}
	for _, f := range d.rep.Findings {
		if f.Severity == lint.Error {
			valid = false
		}
	}
	d.rep.Valid = valid
}
