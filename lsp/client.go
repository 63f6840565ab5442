package lsp

import (
	"context"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// clientConn is what the server sends the client: the few notifications and
// requests it makes.
type clientConn interface {
	PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error
	ShowMessage(ctx context.Context, p *protocol.ShowMessageParams) error
	RegisterCapability(ctx context.Context, p *protocol.RegistrationParams) error
	DiagnosticRefresh(ctx context.Context) error
	InlayHintRefresh(ctx context.Context) error
	WorkDoneProgressCreate(ctx context.Context, p *protocol.WorkDoneProgressCreateParams) error
	Progress(ctx context.Context, p *protocol.ProgressParams) error
}

// connClient sends them over the connection.
type connClient struct{ conn jsonrpc2.Conn }

func (c connClient) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	return c.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, p)
}

func (c connClient) ShowMessage(ctx context.Context, p *protocol.ShowMessageParams) error {
	return c.conn.Notify(ctx, protocol.MethodWindowShowMessage, p)
}

func (c connClient) RegisterCapability(ctx context.Context, p *protocol.RegistrationParams) error {
	return c.call(ctx, protocol.MethodClientRegisterCapability, p)
}

func (c connClient) DiagnosticRefresh(ctx context.Context) error {
	return c.call(ctx, protocol.MethodWorkspaceDiagnosticRefresh, nil)
}

func (c connClient) InlayHintRefresh(ctx context.Context) error {
	return c.call(ctx, protocol.MethodWorkspaceInlayHintRefresh, nil)
}

func (c connClient) WorkDoneProgressCreate(ctx context.Context, p *protocol.WorkDoneProgressCreateParams) error {
	return c.call(ctx, protocol.MethodWindowWorkDoneProgressCreate, p)
}

func (c connClient) Progress(ctx context.Context, p *protocol.ProgressParams) error {
	return c.conn.Notify(ctx, protocol.MethodProgress, p)
}

// call sends a request whose result the server does not read. When ctx
// ends before the answer, the request is cancelled: $/cancelRequest names
// its id (sent whatever ctx, the cancellation being the point), so the
// client need not answer a request nobody waits for.
func (c connClient) call(ctx context.Context, method string, params any) error {
	id, err := c.conn.Call(ctx, method, params, nil)
	if ctx.Err() != nil && id.IsValid() {
		var cancel protocol.ProgressToken // integer | string, the id's
		if n, ok := id.Number(); ok {
			cancel = protocol.Integer(n)
		} else {
			s, _ := id.StringValue()
			cancel = protocol.String(s)
		}
		_ = c.conn.Notify(context.WithoutCancel(ctx), protocol.MethodCancelRequest, &protocol.CancelParams{ID: cancel})
	}
	return err
}

// refreshState is the workspace/diagnostic/refresh in flight: one at a
// time, so that a client that does not answer holds one request, not one
// for every change.
type refreshState struct {
	mu    sync.Mutex
	busy  bool // a refresh is asked and not answered
	again bool // something changed meanwhile: ask once more after the answer
}

// refreshTimeout bounds the wait for the client's answer to a refresh
// (then cancelled with $/cancelRequest).
const refreshTimeout = 30 * time.Second

// refreshDiagnostics asks the client to pull the diagnostics again. While
// a refresh waits for its answer, the changes are one more refresh after
// it.
func (s *Server) refreshDiagnostics() {
	r := &s.refresh
	r.mu.Lock()
	if r.busy {
		r.again = true
		r.mu.Unlock()
		return
	}
	r.busy = true
	r.mu.Unlock()
	s.background("workspace/diagnostic/refresh", func() {
		done := false
		defer func() { // the client's call panicked: the next change asks anew
			if !done {
				r.mu.Lock()
				r.busy, r.again = false, false
				r.mu.Unlock()
			}
		}()
		for {
			ctx, cancel := context.WithTimeout(s.ctx, refreshTimeout)
			_ = s.client.DiagnosticRefresh(ctx)
			cancel()
			r.mu.Lock()
			again := r.again && s.ctx.Err() == nil
			r.again = false
			r.busy = again // under the lock a change sees: it asks anew or is asked for
			r.mu.Unlock()
			if !again {
				done = true
				return
			}
		}
	})
}
