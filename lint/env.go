package lint

import (
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Env is the workspace a config file belongs to, as the cross-file rules see
// it.
type Env struct {
	WS *workspace.Snapshot
	// Rel is the config's path relative to the workspace root, with forward
	// slashes.
	Rel string
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
	return &Env{WS: ws, Rel: rel}
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
