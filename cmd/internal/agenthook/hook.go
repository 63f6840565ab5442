// Package agenthook turns the tool-call payload of a coding agent's
// PostToolUse hook (Claude Code; Codex speaks the same format) into the
// osmosis-lint findings of what the agent just edited (a config, a
// dataset file under data/, a file of a rollout, the settings), written
// for the model; and, as a PreToolUse hook on the Bash tool, the findings
// of the configs a command is about to submit with the osmosis CLI
// (SubmitConfigs reads the command). It is an adapter: it picks the files, runs lint and words nothing
// itself beyond lint/report's agent text.
package agenthook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Payload is the part of a PostToolUse hook input the hook reads.
type Payload struct {
	HookEventName string          `json:"hook_event_name"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	Cwd           string          `json:"cwd"`
}

// Options are what the agent's environment tells the hook.
type Options struct {
	// ProjectDir is the directory the agent works in (CLAUDE_PROJECT_DIR);
	// empty: the payload's cwd. Files outside its workspace are not read.
	ProjectDir string
	// Home is the user's home directory (the CLI's dataset cache).
	Home string
}

// Outcome is what the hook tells the agent: nothing (both empty), a
// blocking report (Block: the edit left errors the model must see), or
// context (warnings, and findings of configs that depend on the edited
// file).
type Outcome struct {
	Block   string
	Context string
	// BeforeSubmit: the outcome is a PreToolUse hook's, on a Bash command
	// that submits configs with the osmosis CLI; Block denies the command.
	BeforeSubmit bool
}

// editTools are the tools whose calls change files: Claude Code's Write,
// Edit and MultiEdit (tool_input.file_path), and the apply_patch tool of
// Codex (tool_input.command holds the patch). Reads and searches carry
// file paths too and must stay silent.
var editTools = map[string]bool{"Write": true, "Edit": true, "MultiEdit": true, "apply_patch": true}

// ErrPayload is a hook input that is not a JSON object.
var ErrPayload = errors.New("the hook input on standard input is not a JSON object")

// Run reads a hook payload and returns what to tell the agent. An error is
// the hook's own failure (a bad payload, bad settings it cannot check
// with), never a finding.
func Run(input []byte, opts Options) (Outcome, error) {
	var p Payload
	if err := json.Unmarshal(input, &p); err != nil {
		return Outcome{}, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	pre := p.HookEventName == "PreToolUse"
	switch {
	case pre && p.ToolName == "Bash":
	case p.HookEventName != "" && p.HookEventName != "PostToolUse":
		return Outcome{}, nil
	case pre, !editTools[p.ToolName]:
		return Outcome{}, nil // before an edit there is nothing to check yet
	}
	var paths []string
	if pre {
		paths = submittedPaths(p.ToolInput) // most Bash commands: none, and nothing is read
	} else {
		paths = editedPaths(p.ToolInput)
	}
	if len(paths) == 0 {
		return Outcome{}, nil
	}
	base := p.Cwd
	if !filepath.IsAbs(base) {
		base = opts.ProjectDir
	}
	if base == "" {
		return Outcome{}, nil // no way to place a relative path
	}
	project := opts.ProjectDir
	if project == "" {
		project = base
	}
	// files are read only inside the project: its workspace, or the
	// project directory itself when it holds several workspaces. Inside
	// is decided by real location before anything is looked at: a path
	// named through a link that leaves the project is not this hook's.
	bound := project
	if found, ok := rootOf(project); ok {
		bound = found.Bound()
	}
	hooks := map[string]*hook{}
	var order []*hook
	var bounds *workspace.Container // opened once, for all the paths
	for _, path := range paths {
		if strings.ContainsRune(path, 0) {
			continue
		}
		if !filepath.IsAbs(path) {
			path = base + string(filepath.Separator) + path // not cleaned: Contain resolves ".."
		}
		if bounds == nil {
			bounds = workspace.NewContainer(bound)
		}
		r := bounds.Contain(path)
		if !r.Inside {
			continue
		}
		// from here on the file is named by its real place, spelled under
		// the project: no link is on the way
		path = filepath.Join(bound, filepath.FromSlash(r.Path))
		found, ok := rootOf(path)
		if !ok || !disk.Within(found.Root, bound) {
			continue // in no workspace of the project
		}
		root := found.Root
		h := hooks[root]
		if h == nil {
			h = &hook{root: root, dir: base, home: opts.Home}
			hooks[root] = h
			order = append(order, h)
		}
		if err := h.add(path); err != nil {
			return Outcome{}, err
		}
	}
	out := Outcome{BeforeSubmit: pre}
	for _, h := range order {
		outcome := h.outcome
		if pre {
			outcome = h.submitOutcome
		}
		o, err := outcome()
		if err != nil {
			return Outcome{}, err
		}
		out.Block, out.Context = join(out.Block, o.Block), join(out.Context, o.Context)
	}
	return out, nil
}

// editedPaths lists the files a tool call wrote, as given.
func editedPaths(raw json.RawMessage) []string {
	var in struct {
		FilePath string `json:"file_path"`
		Command  any    `json:"command"`
	}
	if json.Unmarshal(raw, &in) != nil {
		return nil
	}
	if in.FilePath != "" {
		return []string{in.FilePath}
	}
	if patch, ok := in.Command.(string); ok {
		return patchPaths(patch)
	}
	return nil
}

// submittedPaths lists the configs a Bash command submits, as given.
func submittedPaths(raw json.RawMessage) []string {
	var in struct {
		Command any `json:"command"`
	}
	if json.Unmarshal(raw, &in) != nil {
		return nil
	}
	if command, ok := in.Command.(string); ok {
		return SubmitConfigs(command)
	}
	return nil
}

// patchPaths lists the files an apply_patch patch adds, updates or moves
// to (deleted files have nothing left to check).
func patchPaths(patch string) []string {
	var out []string
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, prefix); ok && strings.TrimSpace(p) != "" {
				out = append(out, strings.TrimSpace(p))
			}
		}
	}
	return out
}

// rootOf is the workspace of path, by workspace.Root (the policy check
// uses): the hook acts in a git worktree only, as the osmosis CLI does.
func rootOf(path string) (workspace.Found, bool) {
	found, err := workspace.Root(path)
	return found, err == nil && found.GitRoot != ""
}

// hook gathers what the edited files concern.
type hook struct {
	root, dir, home string
	ws              *lint.Workspace
	configs         []string        // edited configs, absolute
	data            []string        // edited files directly under data/, absolute
	rollouts        map[string]bool // rollouts with an edited file
	settings        bool            // pyproject.toml at the root was edited
}

// add sorts one edited file: a config, a file of a rollout, the settings,
// or nothing osmosis-lint checks.
func (h *hook) add(abs string) error {
	rel, ok := relInside(h.root, abs)
	if !ok {
		return nil
	}
	if rel == "pyproject.toml" {
		h.settings = true
		return nil
	}
	parts := strings.Split(rel, "/")
	switch {
	case parts[0] == "data" && len(parts) == 2:
		h.data = append(h.data, abs)
	case parts[0] == "rollouts" && len(parts) >= 3:
		if h.rollouts == nil {
			h.rollouts = map[string]bool{}
		}
		h.rollouts[parts[1]] = true
	case parts[0] == "configs" && strings.HasSuffix(rel, ".toml"):
		ws, err := h.workspace()
		if ws == nil {
			return err
		}
		r := ws.Snapshot.Resolve(rel)
		if !r.Inside || !r.IsRegular || ws.Snapshot.Excluded(rel) {
			return nil // a link out of the workspace, a directory, or excluded
		}
		if !slices.Contains(h.configs, abs) {
			h.configs = append(h.configs, abs)
		}
	}
	return nil
}

// workspace loads the workspace once. Bad settings are the hook's error
// unless the edit is to the settings themselves (then outcome reports them).
func (h *hook) workspace() (*lint.Workspace, error) {
	if h.ws != nil {
		return h.ws, nil
	}
	ws, err := lint.LoadWorkspace(h.root, workspace.Options{Home: h.home})
	if err != nil {
		return nil, err
	}
	h.ws = ws
	return ws, nil
}

func (h *hook) outcome() (Outcome, error) {
	if h.settings {
		if _, err := h.workspace(); err != nil {
			var u *lint.UsageError
			if errors.As(err, &u) {
				return Outcome{Block: "osmosis-lint cannot use the settings in pyproject.toml, so no config can be checked: " + escape.Lines(err.Error())}, nil
			}
			return Outcome{}, err
		}
	}
	var files []report.File
	if len(h.configs) > 0 {
		checked, err := h.check(h.configs, false)
		if err != nil {
			return Outcome{}, err
		}
		files = append(files, checked...)
	}
	for _, abs := range h.data {
		f, err := h.dataFile(abs)
		if err != nil {
			return Outcome{}, err
		}
		files = append(files, f)
	}
	out := split(files)
	if len(h.rollouts) > 0 {
		text, err := h.dependents()
		if err != nil {
			return Outcome{}, err
		}
		out.Context = join(out.Context, text)
	}
	return out, nil
}

// submitOutcome is what the agent must know before it submits the named
// configs: their errors (the CLI or the platform would refuse the run)
// block, their warnings (the sync findings among them: the platform runs
// the pushed rollout, not the files on disk) and the advice that the
// rollout has no evaluation of the code it trains (eval-before-train,
// eval-train-mismatch) are context. Other files named as a config are not
// this hook's (the CLI refuses them itself).
func (h *hook) submitOutcome() (Outcome, error) {
	if len(h.configs) == 0 {
		return Outcome{}, nil
	}
	files, err := h.check(h.configs, true)
	if err != nil {
		return Outcome{}, err
	}
	return split(files), nil
}

// check lints files and keeps the errors and warnings, and before a
// submit the findings that no evaluation ran the code that trains.
func (h *hook) check(paths []string, submit bool) ([]report.File, error) {
	res, err := runner.Run(paths, runner.Options{Dir: h.dir, Home: h.home})
	if err != nil {
		return nil, err
	}
	files := make([]report.File, 0, len(res.Files))
	for _, r := range res.Files {
		f := report.File{Path: r.Path, Src: r.Src}
		for _, x := range r.Findings {
			if x.Severity == lint.Error || x.Severity == lint.Warning || submit && (x.Rule == lint.RuleEvalBeforeTrain || x.Rule == lint.RuleEvalTrainMismatch) {
				f.Findings = append(f.Findings, x)
			}
		}
		files = append(files, f)
	}
	return files, nil
}

// dataFile runs doctor's dataset-file check on one data file: what the
// upload would refuse. The file is not quoted (a dataset may be large).
func (h *hook) dataFile(abs string) (report.File, error) {
	found, err := doctor.DataFile(abs, doctor.Options{Dir: h.dir, Home: h.home})
	if err != nil {
		return report.File{}, err
	}
	f := report.File{}
	for _, x := range found {
		f.Path = x.Path
		if x.Severity == lint.Error || x.Severity == lint.Warning {
			f.Findings = append(f.Findings, x)
		}
	}
	return f, nil
}

// split puts the files with errors in the blocking text, with their
// warnings, and files with only warnings in the context.
func split(files []report.File) Outcome {
	var block, context []report.File
	for _, f := range files {
		if report.Summarize([]report.File{f}).Errors > 0 {
			block = append(block, f)
		} else if len(f.Findings) > 0 {
			context = append(context, f)
		}
	}
	return Outcome{Block: agentText(block), Context: agentText(context)}
}

// dependents reports the cross-file findings (rollout and entrypoint
// errors, and sync: the edit is not committed) of the configs that name an
// edited rollout: the edit may have fixed or
// caused them. They are context, not a block: a rollout is often written
// a file at a time, and its configs may be mid-way too.
func (h *hook) dependents() (string, error) {
	ws, err := h.workspace()
	if ws == nil {
		return "", err
	}
	var paths []string
	for _, c := range ws.Snapshot.Configs() {
		if !ws.Snapshot.Excluded(c.Path) {
			paths = append(paths, filepath.Join(h.root, filepath.FromSlash(c.Path)))
		}
	}
	if len(paths) == 0 {
		return "", nil
	}
	files, err := h.check(paths, false)
	if err != nil {
		return "", err
	}
	var out []report.File
	for _, f := range files {
		name, ok := lint.NamedRollout(f.Src)
		if !ok || !h.rollouts[name] {
			continue
		}
		kept := f
		kept.Findings = nil
		for _, x := range f.Findings {
			// the sync findings too: an edited rollout file is not committed
			if r, ok := lint.Lookup(x.Rule); ok && r.Workspace && (x.Severity == lint.Error || x.Stage == lint.StageSync) {
				kept.Findings = append(kept.Findings, x)
			}
		}
		if len(kept.Findings) > 0 {
			out = append(out, kept)
		}
	}
	return agentText(out), nil
}

func agentText(files []report.File) string {
	if len(files) == 0 {
		return ""
	}
	var b bytes.Buffer
	_ = report.WriteAgent(&b, files) // a bytes.Buffer does not fail
	return b.String()
}

func join(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n" + b
}

// relInside is abs relative to root with forward slashes, when abs is
// below root by spelling: both are spelled under the project, with no
// link on the way (Run resolved them).
func relInside(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == "." || !disk.Within(abs, root) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
