// Package lsp is the language server of osmosis-lint: it serves the lint
// engine's findings, fixes and editor features over the Language Server
// Protocol (3.18, go.lsp.dev) on a byte stream, usually stdio.
//
// Messages are handled strictly in the order they arrive: document changes
// are applied in order and each diagnostic result carries the version it was
// computed for, so a stale result is never published.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"sync"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Options configure a server.
type Options struct {
	// Version is reported in serverInfo.
	Version string
	// Home is the user's home directory, for the osmosis CLI's dataset cache.
	Home string
	// DatasetsFile is a saved `osmosis --json dataset list --all`.
	DatasetsFile string
	// Log receives the server's log lines (never stdout); nil discards them.
	Log io.Writer
}

// Server is one language server session.
type Server struct {
	protocol.UnimplementedServer

	opts   Options
	log    *log.Logger
	conn   jsonrpc2.Conn
	client protocol.Client
	ctx    context.Context // connection lifetime

	mu       sync.Mutex
	enc      toml.Encoding
	pull     bool // the client pulls diagnostics
	lazyDocs bool // the client resolves completion documentation
	refresh  bool // the client takes workspace/diagnostic/refresh
	watchReg bool // the client takes dynamic file-watcher registration
	folders  []string
	docs     map[uri.URI]*document
	checks   map[uri.URI]*checkState
	cache    map[uri.URI]*result
	spaces   map[string]*space        // by workspace root
	loading  map[string]chan struct{} // roots being loaded
	closed   map[uri.URI]bool         // closed configs with published diagnostics
	state    lifecycle
	gen      uint64 // counts workspace changes; cached results carry it
	// the queue of the lint of unopened configs: everything, or paths
	wsAll     bool
	wsPaths   map[string]bool
	wsRunning bool
	// the stamps of the files each workspace reads, for clients that
	// cannot watch files (rescan.go)
	stamps      map[string]workspace.Stamps
	rescanning  bool
	rescanAgain bool
	// panicShown is set once the user was told of an internal error.
	panicShown bool

	pubMu sync.Mutex // orders publications

	exitCode chan int

	hooks hooks

	// docs of the last completion list, for completionItem/resolve
	compMu   sync.Mutex
	compList uint64
	compDocs []string
}

// hooks let tests step into message handling; all are nil in production.
type hooks struct {
	// before runs before each message is dispatched, inside the panic
	// recovery of its handler.
	before func(method string)
	// released runs when a request has left the read loop to run
	// concurrently with the messages after it.
	released func(ctx context.Context)
	// check runs before the engine checks a file.
	check func(path string)
}

// release lets the request of ctx run off the read loop.
func (s *Server) release(ctx context.Context) {
	jsonrpc2.Async(ctx)
	if s.hooks.released != nil {
		s.hooks.released(ctx)
	}
}

type lifecycle uint8

const (
	stateNew lifecycle = iota
	stateInitialized
	stateShutdown
)

// Serve runs a server on rwc until the client sends exit or closes the
// stream. It returns the process exit code: 0 after shutdown and exit,
// 1 when the stream ends or exit comes without shutdown.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) int {
	return newServer(opts).serve(ctx, rwc)
}

func (s *Server) serve(ctx context.Context, rwc io.ReadWriteCloser) int {
	conn := jsonrpc2.NewConn(newStream(rwc, s.log), jsonrpc2.WithCodec(codec{}))
	s.attach(ctx, conn)
	select {
	case code := <-s.exitCode:
		// the process ends here; closing waits for calls the client may
		// never answer, so it is not awaited
		go conn.Close()
		return code
	case <-conn.Done():
		if err := conn.Err(); err != nil && !errors.Is(err, io.EOF) {
			s.log.Printf("connection closed: %v", err)
		}
		select {
		case code := <-s.exitCode:
			return code
		default:
		}
		return 1
	}
}

func newServer(opts Options) *Server {
	w := opts.Log
	if w == nil {
		w = io.Discard
	}
	return &Server{
		opts:     opts,
		log:      log.New(w, "osmosis-lint lsp: ", log.LstdFlags|log.Lmicroseconds),
		enc:      toml.UTF16,
		docs:     map[uri.URI]*document{},
		checks:   map[uri.URI]*checkState{},
		cache:    map[uri.URI]*result{},
		spaces:   map[string]*space{},
		loading:  map[string]chan struct{}{},
		closed:   map[uri.URI]bool{},
		exitCode: make(chan int, 1),
	}
}

// attach wires the server to a connection and starts reading. Requests are
// handled one at a time, in order, on the connection's read loop.
func (s *Server) attach(ctx context.Context, conn jsonrpc2.Conn) {
	s.conn = conn
	s.client = protocol.ClientDispatcher(conn)
	s.ctx = protocol.WithClient(ctx, s.client)
	conn.Go(s.ctx, s.handler())
}

// handler is the server's message pipeline: cancellation, lifecycle rules,
// panic recovery, then dispatch.
func (s *Server) handler() jsonrpc2.Handler {
	dispatch := protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)
	safe := func(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
		method := req.Method()
		notification := !req.IsCall()
		defer func() {
			if r := recover(); r != nil {
				s.log.Printf("panic in %s: %v", method, r)
				result, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("osmosis-lint: internal error in %s: %v", method, r))
			}
			if notification && err != nil {
				// an error from a notification would end the connection
				s.log.Printf("%s: %v", method, err)
				result, err = nil, nil
			}
		}()
		if e := s.gate(method); e != nil {
			if notification {
				return nil, nil
			}
			return nil, e
		}
		if s.hooks.before != nil {
			s.hooks.before(method)
		}
		result, err = dispatch(ctx, req)
		if errors.Is(err, jsonrpc2.ErrParse) && json.Valid(req.Params()) {
			// the params are JSON of the wrong shape, not broken JSON
			err = jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
		}
		return result, err
	}
	return s.cancellation(safe)
}

// cancelFlag is set when the client cancels an in-flight request.
type cancelFlag struct{ atomic.Bool }

type cancelKey struct{}

// cancellation handles $/cancelRequest: requests that run off the read loop
// (workspace diagnostics) watch their flag and stop early. A request handled
// in order has finished before a cancellation behind it is read.
func (s *Server) cancellation(next jsonrpc2.Handler) jsonrpc2.Handler {
	var mu sync.Mutex
	inflight := map[jsonrpc2.ID]*cancelFlag{}
	return func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.Method() == protocol.MethodCancelRequest {
			var p protocol.CancelParams
			if err := protocol.Unmarshal(req.Params(), &p); err == nil {
				var id jsonrpc2.ID
				switch x := p.ID.(type) {
				case protocol.Integer:
					id = jsonrpc2.NewNumberID(int64(x))
				case protocol.String:
					id = jsonrpc2.NewStringID(string(x))
				}
				mu.Lock()
				if f := inflight[id]; f != nil {
					f.Store(true)
				}
				mu.Unlock()
			}
			return nil, nil
		}
		if !req.IsCall() {
			return next(ctx, req)
		}
		id := req.ID()
		flag := &cancelFlag{}
		mu.Lock()
		inflight[id] = flag
		mu.Unlock()
		defer func() {
			mu.Lock()
			delete(inflight, id)
			mu.Unlock()
		}()
		return next(context.WithValue(ctx, cancelKey{}, flag), req)
	}
}

// canceled reports whether the request of ctx was cancelled.
func canceled(ctx context.Context) bool {
	if f, ok := ctx.Value(cancelKey{}).(*cancelFlag); ok && f.Load() {
		return true
	}
	return ctx.Err() != nil
}

// gate applies the lifecycle rules: nothing before initialize, nothing but
// exit after shutdown.
func (s *Server) gate(method string) error {
	s.mu.Lock()
	st := s.state
	s.mu.Unlock()
	switch {
	case method == protocol.MethodExit:
		return nil
	case st == stateNew && method != protocol.MethodInitialize:
		return jsonrpc2.NewError(jsonrpc2.Code(-32002), "the server is not initialized")
	case st == stateShutdown:
		return jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shutting down")
	case st != stateNew && method == protocol.MethodInitialize:
		return jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is already initialized")
	}
	return nil
}

func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.state = stateShutdown
	s.mu.Unlock()
	return nil
}

func (s *Server) Exit(ctx context.Context) error {
	s.mu.Lock()
	code := 1
	if s.state == stateShutdown {
		code = 0
	}
	s.mu.Unlock()
	select {
	case s.exitCode <- code:
	default:
	}
	return nil
}

// codec reads and writes LSP messages with the protocol package's JSON.
type codec struct{}

func (codec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// homeDir is the user's home directory, or "".
func homeDir() string {
	h, _ := os.UserHomeDir()
	return h
}
