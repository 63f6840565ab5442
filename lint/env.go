package lint

import (
	"sync"

	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Env is the workspace a config file belongs to, as the cross-file rules see
// it.
type Env struct {
	WS *workspace.Snapshot
	// Rel is the config's path relative to the workspace root, with forward
	// slashes.
	Rel string
	// Unnamed marks text without a file (standard input with --kind and no
	// --stdin-filename): it has no place, so config-location says nothing.
	Unnamed bool
	// CLIRel is the config's path relative to the top of the git worktree
	// when the osmosis CLI would take that as the workspace instead of the
	// root (a workspace found below the git root); "" otherwise.
	CLIRel string
	// CLIOthers and CLIQuiet let a run say the CLIRel problem once, not
	// once a config: the config with CLIOthers (how many other configs of
	// the workspace the run checks) speaks for them all, and those with
	// CLIQuiet say nothing of it.
	CLIOthers int
	CLIQuiet  bool

	// paths holds the rollout paths resolved so far: by this file's rules,
	// or by every file of a CLI run (see runner.check).
	paths *rolloutPaths

	placeOnce sync.Once
	place     workspace.ConfigPlace
}

// configPlace is Snapshot.ConfigKind of the config, resolved once (the
// input's kind and config-location both need it).
func (e *Env) configPlace() workspace.ConfigPlace {
	e.placeOnce.Do(func() { e.place = e.WS.ConfigKind(e.Rel) })
	return e.place
}

// rolloutPaths remembers resolved rollout and entrypoint paths. Resolving
// one reads the filesystem a component at a time; four rules need the
// same one, and the configs of a workspace mostly share a few rollouts.
type rolloutPaths struct {
	m sync.Map
	// pyprojects holds each rollout's pyproject.toml facts, by name.
	pyprojects sync.Map
}

type rolloutKey struct{ rollout, entrypoint string }

// rolloutPath is Snapshot.ResolveRolloutPath, remembered.
func (e *Env) rolloutPath(rollout, entrypoint string) workspace.RolloutPath {
	if e.paths == nil {
		return e.WS.ResolveRolloutPath(rollout, entrypoint)
	}
	k := rolloutKey{rollout, entrypoint}
	if rp, ok := e.paths.m.Load(k); ok {
		return rp.(workspace.RolloutPath)
	}
	rp := e.WS.ResolveRolloutPath(rollout, entrypoint)
	e.paths.m.Store(k, rp)
	return rp
}

// NewEnv binds a config path (absolute, or relative to the root) to its
// workspace. It returns nil when ws is nil.
func NewEnv(ws *workspace.Snapshot, path string) *Env {
	if ws == nil {
		return nil
	}
	rel, ok := ws.Rel(path)
	if !ok {
		rel = path
	}
	return &Env{WS: ws, Rel: rel, paths: &rolloutPaths{}}
}

// hasDataStem reports whether a data/ file the platform takes would upload
// as the dataset stem.
func (e *Env) hasDataStem(stem string) bool {
	for _, f := range e.WS.DataFiles() {
		if f.UploadName == stem && f.PlatformFormat() {
			return true
		}
	}
	return false
}
