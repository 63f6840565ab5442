// Package doctor checks the health of a whole Osmosis workspace: the
// scaffold the osmosis CLI requires, the git origin, every config, the
// rollouts, the agent skills, the dataset files and stray .env files; and
// repairs what it safely can.
package doctor

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
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

	// shown is Path as the findings show it (relative to the current
	// directory), to put a file's findings under its own check.
	shown string
}

// Shown is the check's path as the findings show theirs, "" when the
// check is about no path.
func (c Check) Shown() string {
	if c.Path == "" {
		return ""
	}
	return c.shown
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
	// Fixed lists what --fix changed; NotFixed what it found to change and
	// left alone, with the reason.
	Fixed    []string `json:"fixed,omitempty"`
	NotFixed []string `json:"not_fixed,omitempty"`

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
	// ModelListFile and SecretListFile are a saved `osmosis --json model
	// list --all` and `osmosis --json secret list --all`.
	ModelListFile, SecretListFile string
	// Fix repairs what is safe; Template is where to copy missing agent
	// files from (else OSMOSIS_WORKSPACE_TEMPLATE_PATH).
	Fix      bool
	Template string
}

// CheckSettings is the id of the check that reports bad settings
// ([tool.osmosis-lint] of pyproject.toml, the datasets file).
const CheckSettings = "settings"

// SettingsFailed reports whether the report has bad settings in it (the
// command line exits 2 for them, as check does).
func (r *Report) SettingsFailed() bool {
	for _, c := range r.Checks {
		if c.ID == CheckSettings && c.Status == Fail {
			return true
		}
	}
	return false
}

// ErrNotWorkspace is returned when the directory is in no git worktree.
var ErrNotWorkspace = workspace.ErrNotWorkspace

// Run checks the workspace that holds dir.
func Run(dir string, opts Options) (*Report, error) {
	d, err := newRun(dir, opts)
	if err != nil {
		return nil, err
	}
	st := OK
	if d.cliRoot != "" {
		st = Warn
	}
	d.check(st, lint.RuleWorkspaceRoot, "workspace root: "+d.root+" ("+d.how+")", "")
	for _, msg := range d.settingsErr {
		note := "; the configs are checked with the default settings"
		if opts.Fix {
			note += ", and --fix changes no config until the settings are fixed"
		}
		d.check(Fail, CheckSettings, msg+note, workspace.SettingsFile)
	}
	if opts.Fix {
		d.fixScaffold()
		d.fixDataNames()
		if err := d.load(); err != nil {
			return nil, err
		}
	}
	d.scaffold()
	d.origin()
	d.template()
	if err := d.configs(); err != nil {
		return nil, err
	}
	d.rollouts()
	d.sync()
	d.skills()
	d.datasets()
	d.envFiles()
	d.localState()
	d.envExample()
	d.finish()
	return d.rep, nil
}

// newRun finds the workspace of dir and loads it.
func newRun(dir string, opts Options) (*run, error) {
	if opts.Dir == "" {
		wd, err := filepath.Abs(".")
		if err != nil {
			return nil, err
		}
		opts.Dir = wd
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if _, err := disk.StatNamed(abs); err != nil {
		return nil, &lint.UsageError{Err: fmt.Errorf("%s: %w", dir, errors.Unwrap(err))}
	}
	root, cli, how, err := findRoot(abs, opts.Root)
	if err != nil {
		return nil, err
	}
	d := &run{opts: opts, root: root, cliRoot: cli, how: how, rep: &Report{
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
	// cliRoot is the git root when the workspace is a directory below it
	cliRoot string
	// how says how the root was found
	how string
	// settingsErr holds the settings' problems, one a line (nil when good)
	settingsErr []string
	ws          *lint.Workspace
	rep         *Report
	// used are the rollouts the configs name
	used map[string]bool
	// notFixed holds why --fix left a path alone, shown with its check
	notFixed map[string]string
	// shown and hidden count the checks of each id, for the cap
	shown  map[string]int
	hidden map[string]*hiddenChecks
}

// findRoot decides the workspace: --workspace, else the one workspace.Root
// finds (a directory with configs/ or rollouts/ up to the git root, else
// the git root itself: a new repository with no scaffold yet); outside
// every git worktree none (ErrNotWorkspace). how says which.
func findRoot(abs, given string) (root, cli, how string, err error) {
	if given != "" {
		root, err = filepath.Abs(given)
		return root, "", "given with --workspace", err
	}
	found, err := workspace.Root(abs)
	switch {
	case err == nil && found.BelowGitRoot():
		return found.Root, found.GitRoot, "it has configs/ or rollouts/ of its own, below the git root " + found.GitRoot +
			", which the osmosis CLI takes as the workspace; pass --workspace to check it as a workspace of its own", nil
	case err == nil && found.GitRoot != "":
		return found.Root, "", "the top of its git worktree", nil
	}
	return "", "", "", fmt.Errorf("%s: %w", abs, ErrNotWorkspace)
}

func (d *run) load() error {
	ws, err := lint.LoadWorkspace(d.root, workspace.Options{Home: d.opts.Home, DatasetsFile: d.opts.DatasetsFile, ModelListFile: d.opts.ModelListFile, SecretListFile: d.opts.SecretListFile})
	d.settingsErr = nil
	var ue *lint.UsageError
	switch {
	case err != nil && ws != nil && errors.As(err, &ue):
		// bad settings: the report still comes, with them in it, and the
		// configs checked with the defaults
		d.settingsErr = strings.Split(err.Error(), "\n")
	case err != nil:
		return err
	}
	ws.CLIRoot = d.cliRoot
	d.ws = ws
	return nil
}

func (d *run) snap() *workspace.Snapshot { return d.ws.Snapshot }

// maxChecksPerID caps the lines of one check: a workspace with 100,000
// bad data files gets a count, not 100,000 lines.
const maxChecksPerID = 20

type hiddenChecks struct {
	n     int
	worst Status
}

func (d *run) check(st Status, id, msg, path string) {
	if d.shown == nil {
		d.shown, d.hidden = map[string]int{}, map[string]*hiddenChecks{}
	}
	if d.shown[id] >= maxChecksPerID {
		h := d.hidden[id]
		if h == nil {
			h = &hiddenChecks{worst: st}
			d.hidden[id] = h
		}
		h.n++
		if rank(st) > rank(h.worst) {
			h.worst = st
		}
		return
	}
	d.shown[id]++
	d.rep.Checks = append(d.rep.Checks, Check{ID: id, Status: st, Message: lint.Redact(nil, msg), Path: path, shown: d.display(strings.TrimSuffix(path, "/"))})
}

// rank orders statuses from harmless to failing.
func rank(st Status) int {
	switch st {
	case Fail:
		return 3
	case Warn:
		return 2
	case Info:
		return 1
	}
	return 0
}

// display shows a workspace-relative path as the findings do: relative to
// the current directory.
func (d *run) display(rel string) string {
	return runner.Display(d.opts.Dir, filepath.Join(d.root, filepath.FromSlash(rel)), []string{d.root})
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
	fs := []lint.Finding{f}
	lint.RedactFindings(fs)
	d.rep.Findings = append(d.rep.Findings, fs...)
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
		switch {
		case e.Escapes:
			d.check(Fail, lint.RuleMissingScaffold, "required directory "+e.Path+" "+escapes(e.EscapeVia, e.EscapeTarget), e.Path)
			missingDirs++
		case !e.Present:
			d.rep.Missing = append(d.rep.Missing, e.Path)
			msg := "required directory " + e.Path + " is missing: every osmosis command refuses to run without it; `osmosis-lint doctor --fix` creates it"
			if nf := d.notFixed[e.Path]; nf != "" {
				msg = "required directory " + e.Path + " is missing: every osmosis command refuses to run without it; not fixed: " + nf
			}
			d.check(Fail, lint.RuleMissingScaffold, msg, e.Path)
			missingDirs++
		}
	}
	if missingDirs == 0 {
		d.check(OK, lint.RuleMissingScaffold, "required directories present: rollouts/, configs/training/, configs/eval/, data/", "")
	}
	for _, e := range d.snap().AgentFiles() {
		switch {
		case e.Escapes:
			d.check(Fail, lint.RuleMissingAgentFile, "agent file "+e.Path+" "+escapes(e.EscapeVia, e.EscapeTarget), e.Path)
			missingFiles++
		case !e.Present:
			d.rep.Missing = append(d.rep.Missing, e.Path)
			hint := "copy it from the Osmosis workspace template (`osmosis-lint doctor --fix --template DIR`)"
			if e.Symlink {
				hint = "it is a broken symlink; replace it with the file from the Osmosis workspace template"
			}
			if nf := d.notFixed[e.Path]; nf != "" {
				hint = "not fixed: " + nf
			}
			d.check(Fail, lint.RuleMissingAgentFile, "agent file "+e.Path+" is missing: "+hint, e.Path)
			missingFiles++
		}
	}
	if missingFiles == 0 {
		d.check(OK, lint.RuleMissingAgentFile, "agent files present: AGENTS.md, CLAUDE.md, configs/AGENTS.md", "")
	}
}

// escapes says that a path leads outside the workspace through a symlink.
func escapes(via, target string) string {
	return "leads outside the workspace through the symlink " + via + " (to " + target +
		"): osmosis-lint does not follow it, and the platform's clone of the repository cannot either"
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
		d.check(Warn, lint.RuleOriginIdentity, "origin is not a GitHub repository the platform can use: "+o.Err.Error()+"; `osmosis train submit` and `eval submit` refuse to run (origin-remote)", "")
	default:
		d.check(Warn, lint.RuleOriginIdentity, "no git remote named origin: the platform finds the workspace by its GitHub repository, and submit refuses to run without it (origin-remote); add it with `git remote add origin https://github.com/OWNER/REPO.git`", "")
	}
}

// template says what .osmosis/template.json marks managed, or that there
// is none (or none that can be read), which makes the reference configs
// of the platform's template known by their placeholders alone.
func (d *run) template() {
	t := d.snap().Template()
	switch {
	case t.Problem != "":
		d.check(Warn, "template", workspace.TemplateFile+" "+t.Problem+": no file is taken as managed by the platform's template", workspace.TemplateFile)
	case !t.Present:
		d.check(Info, "template", "no "+workspace.TemplateFile+": no file is taken as managed by the platform's template; a config whose required [experiment] values are all placeholders is still a reference template", "")
	default:
		d.check(OK, "template", fmt.Sprintf("%s: %s managed by the platform's template (overwritten on a template update); their placeholders are a note (reference-template)", workspace.TemplateFile, plural(len(t.Patterns), "pattern")), workspace.TemplateFile)
	}
}

// configs lints every config of the workspace with the full rule set, from
// the one listing check uses.
func (d *run) configs() error {
	counts := map[string]int{}
	configs := d.snap().Configs()
	for _, c := range configs {
		switch {
		case c.Err != nil:
			counts["unreadable"]++
		case c.Location == workspace.LocationKindDir:
			counts[c.Kind.String()]++
		default:
			counts["misplaced"]++
		}
	}
	d.used = map[string]bool{}
	if len(configs) == 0 {
		d.check(Info, "configs", "no configs under configs/ yet", "configs/")
		return nil
	}
	res, err := runner.RunWorkspace(d.ws, runner.Options{
		Dir: d.opts.Dir, Home: d.opts.Home, DatasetsFile: d.opts.DatasetsFile, ModelListFile: d.opts.ModelListFile, SecretListFile: d.opts.SecretListFile, Fix: d.opts.Fix && d.settingsErr == nil,
	})
	if err != nil {
		return err
	}
	errs, warns := 0, 0
	for _, r := range res.Files {
		// the scaffold and the origin are doctor's own checks
		// (missing-scaffold, origin-identity), made once
		r.Findings = slices.DeleteFunc(r.Findings, func(f lint.Finding) bool {
			return f.Rule == lint.RuleWorkspaceScaffold || f.Rule == lint.RuleOriginRemote
		})
		if r.Src != nil {
			d.rep.Files[r.Path] = r.Src
			if name, ok := rolloutOf(r.Src); ok {
				d.used[name] = true
			}
		}
		d.rep.Findings = append(d.rep.Findings, r.Findings...)
		if r.Fixed > 0 {
			fixes := "1 fix"
			if r.Fixed > 1 {
				fixes = fmt.Sprintf("%d fixes", r.Fixed)
			}
			d.rep.Fixed = append(d.rep.Fixed, r.Path+": "+fixes)
		}
		if r.NotFixed != "" {
			d.rep.NotFixed = append(d.rep.NotFixed, r.Path+" "+r.NotFixed)
		}
		for _, u := range r.Unfixed {
			d.rep.NotFixed = append(d.rep.NotFixed, fmt.Sprintf("%s:%d: %s [%s]: %s", r.Path, u.Line, u.Title, u.Rule, u.Reason))
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
	for _, k := range []string{"training", "eval", "benchmark", "misplaced", "unreadable"} {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	msg := fmt.Sprintf("%s (%s): %s, %s", plural(len(res.Files), "config"), strings.Join(parts, ", "), plural(errs, "error"), plural(warns, "warning"))
	st := OK
	switch {
	case errs > 0:
		st = Fail
	case warns > 0:
		st = Warn
	}
	d.check(st, "configs", msg, "configs/")
	if lim := d.snap().ConfigsLimit(); lim.Hit() {
		d.check(Warn, "configs", lim.Describe("configs")+"; configs beyond were not checked", "configs/")
	}
	return nil
}

// rolloutOf reads the rollout a config names.
func rolloutOf(src []byte) (string, bool) {
	if _, v := toml.Parse(src).Root.Lookup("experiment", "rollout"); v != nil && v.Kind == toml.KindString {
		return v.Str, true
	}
	return "", false
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// finish sorts the findings, counts the checks over the cap and decides
// validity.
func (d *run) finish() {
	ids := make([]string, 0, len(d.hidden))
	for id := range d.hidden {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		h := d.hidden[id]
		d.rep.Checks = append(d.rep.Checks, Check{ID: id, Status: h.worst,
			Message: fmt.Sprintf("and %s more like the ones above, not listed", plural(h.n, id+" problem"))})
	}
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
