package lsp

import (
	"sync/atomic"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// space is a workspace the server has seen, by its root. The snapshot is
// replaced (never modified) when files change.
type space struct {
	root    string
	ws      *lint.Workspace
	problem string // the settings error, if any
	index   *indexing
	shown   atomic.Bool // the settings error was shown to the user
}

// reportProblem shows a workspace's settings error once.
func (s *Server) reportProblem(sp *space) {
	if sp != nil && sp.problem != "" && sp.shown.CompareAndSwap(false, true) {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "osmosis-lint: " + escape.Lines(sp.problem)})
		})
	}
}
