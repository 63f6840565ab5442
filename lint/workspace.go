package lint

import (
	"errors"
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Workspace is the one type for a whole workspace: the snapshot with its
// settings validated. Env is the per-file view of it.
type Workspace struct {
	Snapshot *workspace.Snapshot
	// Settings are nil (the defaults) when the workspace's settings are bad.
	Settings *Settings
	// CLIRoot is the top of the enclosing git worktree when it is not the
	// snapshot's root and the root was found, not given: the osmosis CLI
	// takes the git root as the workspace, so config-location judges
	// configs from there. "" when the two agree.
	CLIRoot string

	// paths, when set, is shared by the per-file views (see Shared).
	paths *rolloutPaths
}

// Shared returns a copy of w whose per-file views share what they resolve
// on disk (rollout and entrypoint paths), for a run over many files during
// which the workspace does not change.
func (w *Workspace) Shared() *Workspace {
	c := *w
	c.paths = &rolloutPaths{}
	return &c
}

// UsageError is a problem with the invocation or the environment (a missing
// path, bad settings): the run cannot give a verdict.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// LoadWorkspace loads the workspace at root with its settings. Bad settings
// are a UsageError naming the key; the workspace is still returned (with
// the default settings) for callers that carry on, such as the language
// server.
func LoadWorkspace(root string, opts workspace.Options) (*Workspace, error) {
	snap, err := workspace.Load(root, opts)
	if err != nil {
		return nil, &UsageError{fmt.Errorf("workspace %s: %w", root, err)}
	}
	return WorkspaceOf(snap)
}

// WorkspaceOf validates the settings of a loaded snapshot. Every problem of
// the settings is in the error, one a line, each naming pyproject.toml, the
// line and the key.
func WorkspaceOf(snap *workspace.Snapshot) (*Workspace, error) {
	ws := &Workspace{Snapshot: snap}
	msgs := SettingsProblems(snap)
	st := snap.Settings()
	settings, err := NewSettingsSelection(Selection{Select: st.Select, ExtendSelect: st.ExtendSelect, Ignore: st.Ignore}, st.Severity)
	if err != nil {
		msgs = append(msgs, settingErrorText(st, err))
	}
	if len(msgs) > 0 {
		return ws, &UsageError{errors.New(strings.Join(msgs, "\n"))}
	}
	ws.Settings = settings
	return ws, nil
}

// SettingsProblems are the workspace's settings and saved-list problems,
// one message each: they are never ignored silently.
func SettingsProblems(snap *workspace.Snapshot) []string {
	var msgs []string
	for _, p := range snap.ProblemsOf(workspace.ProblemSettings, workspace.ProblemDatasetsFile, workspace.ProblemModelListFile, workspace.ProblemSecretListFile) {
		msgs = append(msgs, p.Error())
	}
	return msgs
}

// settingErrorText places a rule-name or severity error at its key's line.
func settingErrorText(st workspace.Settings, err error) string {
	loc := st.File()
	var se *SettingError
	if errors.As(err, &se) {
		top, _, _ := strings.Cut(se.Key, ".")
		if line := st.Line(top); line > 0 {
			loc = fmt.Sprintf("%s:%d", loc, line)
		}
	}
	return loc + ": " + err.Error()
}
