package lsp

import (
	"context"
	"encoding/json"
	"net"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// A request the server sends and then gives up on (its context ends
// before the client answers: the watchers' registration times out, the
// connection's context ends) is cancelled with $/cancelRequest naming its
// id, as LSP asks of a requester that no longer wants the answer (and as
// go.lsp.dev/protocol's client did): the client need not answer it.
func TestClientCallsGivenUpAreCancelled(t *testing.T) {
	for name, send := range map[string]func(clientConn, context.Context) error{
		"client/registerCapability": func(c clientConn, ctx context.Context) error {
			return c.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{ID: "x", Method: "m"}}})
		},
		"workspace/diagnostic/refresh": func(c clientConn, ctx context.Context) error { return c.DiagnosticRefresh(ctx) },
	} {
		t.Run(name, func(t *testing.T) {
			a, b := net.Pipe()
			t.Cleanup(func() { a.Close(); b.Close() })
			ctx, stop := context.WithCancel(context.Background())
			defer stop()
			server := jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(a), jsonrpc2.WithCodec(codec{}))
			server.Go(ctx, func(context.Context, *jsonrpc2.Request) (any, error) { return nil, nil })
			calls, cancels := make(chan jsonrpc2.ID, 1), make(chan json.RawMessage, 1)
			peer := jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(b), jsonrpc2.WithCodec(clientCodec{}))
			peer.Go(ctx, func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
				switch {
				case req.Method() == name:
					calls <- req.ID()
					jsonrpc2.Async(ctx)
					<-ctx.Done() // never answered while the test runs
					return nil, ctx.Err()
				case req.Method() == protocol.MethodCancelRequest:
					cancels <- append(json.RawMessage(nil), req.Params()...)
				}
				return nil, nil
			})
			callCtx, giveUp := context.WithCancel(ctx)
			errc := make(chan error, 1)
			go func() { errc <- send(connClient{server}, callCtx) }()
			id := <-calls
			giveUp()
			if err := <-errc; err == nil {
				t.Fatal("the call given up on returned no error")
			}
			var raw json.RawMessage
			select {
			case raw = <-cancels:
			case <-time.After(waitFor):
				t.Fatal("no $/cancelRequest for the call given up on")
			}
			var p protocol.CancelParams
			if err := protocol.Unmarshal(raw, &p); err != nil || p.ID == nil {
				t.Fatalf("$/cancelRequest: %v %+v", err, p)
			}
			if n, ok := id.Number(); !ok || p.ID != protocol.Integer(n) {
				t.Fatalf("$/cancelRequest names %+v, the call was %v", p.ID, id)
			}
		})
	}
}

// stuckClient answers no workspace/diagnostic/refresh until released,
// counting the requests and how many wait at once.
type stuckClient struct {
	quietClient
	mu             sync.Mutex
	calls, waiting int
	most           int
	release        chan struct{}
	asked          chan struct{}
}

func (c *stuckClient) DiagnosticRefresh(ctx context.Context) error {
	c.mu.Lock()
	c.calls++
	c.waiting++
	c.most = max(c.most, c.waiting)
	c.mu.Unlock()
	c.asked <- struct{}{}
	<-c.release
	c.mu.Lock()
	c.waiting--
	c.mu.Unlock()
	return nil
}

// A client that does not answer workspace/diagnostic/refresh holds one
// request, however many changes ask for one: the changes meanwhile are
// one more refresh after the answer (each was a goroutine and a pending
// call of its own, for as long as the connection lasted).
func TestDiagnosticRefreshesAreCoalesced(t *testing.T) {
	s := newServer(Options{Home: t.TempDir(), Log: &syncBuffer{}})
	c := &stuckClient{release: make(chan struct{}), asked: make(chan struct{}, 4)}
	s.client = c
	s.ctx = context.Background()
	s.refreshDiagnostics()
	<-c.asked
	for range 100 {
		s.refreshDiagnostics()
	}
	c.release <- struct{}{}
	<-c.asked // the one for the changes meanwhile
	close(c.release)
	s.refreshDiagnostics() // after both: asks again
	<-c.asked
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.most != 1 || c.calls != 3 {
		t.Fatalf("%d refreshes asked, at most %d at once; want 3, one at a time", c.calls, c.most)
	}
}
