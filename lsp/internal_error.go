package lsp

import (
	"fmt"
	"runtime/debug"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// internalError logs a recovered panic with its stack and tells the user
// once per session.
func (s *Server) internalError(what string, r any) {
	s.log.Printf("panic in %s: %v\n%s", what, r, debug.Stack())
	if s.panicShown.CompareAndSwap(false, true) {
		s.background("showMessage", func() {
			_ = s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: protocol.MessageTypeError,
				Message: escape.Lines(fmt.Sprintf("osmosis-lint: internal error in %s: %v (details in the server log)", what, r))})
		})
	}
}

// background runs f on its own goroutine; a panic in it is logged, not
// fatal.
func (s *Server) background(what string, f func()) {
	go s.safely(what, f)
}

// safely runs f; a panic in it is logged and shown, not fatal.
func (s *Server) safely(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			s.internalError(what, r)
		}
	}()
	f()
}
