package lsp

import (
	"context"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// cancellation handles $/cancelRequest: every request runs with a context
// that the cancellation of its id cancels. A request handled in order has
// finished before a cancellation behind it is read; one that runs off the
// read loop (workspace diagnostics, references, workspace symbols) watches
// its context and stops early.
func (s *Server) cancellation(next jsonrpc2.Handler) jsonrpc2.Handler {
	var mu sync.Mutex
	inflight := map[jsonrpc2.ID]context.CancelFunc{}
	return func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.Method() == protocol.MethodCancelRequest {
			if id, ok := cancelledID(req.Params()); ok {
				mu.Lock()
				if cancel := inflight[id]; cancel != nil {
					cancel()
				}
				mu.Unlock()
			}
			return nil, nil
		}
		if !req.IsCall() {
			return next(ctx, req)
		}
		id := req.ID()
		rc, cancel := withCancel(ctx)
		mu.Lock()
		inflight[id] = cancel
		mu.Unlock()
		defer func() {
			mu.Lock()
			delete(inflight, id)
			mu.Unlock()
			cancel()
		}()
		return next(rc, req)
	}
}

// cancelledID reads the id of a $/cancelRequest.
func cancelledID(params []byte) (jsonrpc2.ID, bool) {
	var p protocol.CancelParams
	if err := protocol.Unmarshal(params, &p); err != nil {
		return jsonrpc2.ID{}, false
	}
	switch id := p.ID.(type) {
	case protocol.Integer:
		return jsonrpc2.NewNumberID(int64(id)), true
	case protocol.String:
		return jsonrpc2.NewStringID(string(id)), true
	}
	return jsonrpc2.ID{}, false
}

// requestContext is a request's context with a cancellation of its own.
// The connection hands each handler a pooled context that must not be
// watched after the handler returns (context.WithCancel on it would), so
// the cancellation derives from the connection's context and only the
// values come from the request's.
type requestContext struct {
	context.Context
	values context.Context
}

func (c requestContext) Value(key any) any { return c.values.Value(key) }

func withCancel(ctx context.Context) (context.Context, context.CancelFunc) {
	base, cancel := context.WithCancel(jsonrpc2.DetachContext(ctx))
	return requestContext{Context: base, values: ctx}, cancel
}

// canceled reports whether the request of ctx was cancelled.
func canceled(ctx context.Context) bool { return ctx.Err() != nil }
