// Package lsp is the language server of osmosis-lint: it serves the lint
// engine's findings, fixes and editor features over the Language Server
// Protocol (3.18, its types go.lsp.dev/protocol) on a byte stream, usually stdio.
//
// Messages are handled strictly in the order they arrive: document changes
// are applied in order and each diagnostic result carries the version it was
// computed for, so a stale result is never published.
//
// The parts, as in gopls: Server routes messages and keeps the lifecycle;
// the client's capabilities are frozen at initialize (caps.go); the open
// documents and what is computed of each once are the document cache,
// reached through one accessor (cache.go); the session
// owns the open documents, the workspaces and their generation, and hands
// each request an immutable snapshot (session.go); small schedulers run the
// background work, each with its own lock and a context that is cancelled
// when its work is superseded: the checks of open documents (checks.go),
// the lint of unopened configs (queue.go; the scan of a whole workspace,
// which gives way to the open documents, scan.go) and the look for changed
// files of clients that cannot watch them (rescan.go). One table (methods.go) names
// every method the server serves, with its handler and what initialize
// advertises for it; each method with logic has its own file.
package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Options configure a server.
type Options struct {
	// Version is reported in serverInfo; empty means this build's
	// (lint/version).
	Version string
	// Home is the user's home directory, for the osmosis CLI's dataset cache.
	Home string
	// DatasetsFile is a saved `osmosis --json dataset list --all`.
	DatasetsFile string
	// ModelListFile and SecretListFile are a saved `osmosis --json model
	// list --all` and `osmosis --json secret list --all`.
	ModelListFile, SecretListFile string
	// Log receives the server's log lines (never stdout); nil discards them.
	Log io.Writer
}

// Server is one language server connection: it routes messages to their
// handlers and keeps the lifecycle. Everything else lives in the parts it
// holds.
type Server struct {
	opts   Options
	log    *log.Logger
	conn   jsonrpc2.Conn
	client clientConn
	ctx    context.Context // connection lifetime

	stateMu  sync.Mutex
	state    lifecycle
	exitCode chan int

	clientCaps atomic.Pointer[clientCaps] // set once, at initialize

	sess    *session
	checks  *docChecks
	queue   *lintQueue
	rescans *rescanner
	pub     *publisher
	comp    *completionDocs

	// panicShown is set once the user was told of an internal error.
	panicShown atomic.Bool

	refresh refreshState

	// rows counts the data/ files hover and inlay hints show the rows of,
	// off the request path.
	rows *datafile.Counts
	// inlayRefreshing is set while a workspace/inlayHint/refresh waits
	// for its answer.
	inlayRefreshing atomic.Bool
	// startFloor releases the heap floor held from initialize to
	// initialized (set by Initialize, before any other message is handled)
	startFloor func()

	hooks hooks
}

// hooks let tests step into message handling; all are nil in production.
type hooks struct {
	// before runs before each message is dispatched, inside the panic
	// recovery of its handler.
	before func(method string)
	// released runs when a request has left the read loop to run
	// concurrently with the messages after it.
	released func(ctx context.Context)
	// check runs before the engine checks a file, checked after, with the
	// check's error (a context's, when it was superseded and stopped).
	check   func(path string)
	checked func(path string, err error)
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
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // ends the background workers
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
	s := &Server{
		opts:     opts,
		log:      log.New(w, "osmosis-lint lsp: ", log.LstdFlags|log.Lmicroseconds),
		exitCode: make(chan int, 1),
		comp:     &completionDocs{},
		rows:     datafile.NewCounts(),
	}
	s.sess = newSession(opts, s.log, s.caps)
	s.checks = &docChecks{s: s, states: map[uri.URI]*checkState{}}
	s.checks.quiet = sync.NewCond(&s.checks.mu)
	s.pub = &publisher{s: s, closed: map[uri.URI]bool{}}
	s.queue = &lintQueue{s: s, worker: worker{what: "the workspace diagnostics"}}
	s.rescans = &rescanner{s: s, worker: worker{what: "looking for changed files"}, stamps: map[string]workspace.Stamps{}}
	s.sess.loaded = s.rescans.record
	return s
}

// attach wires the server to a connection and starts reading. Requests are
// handled one at a time, in order, on the connection's read loop.
func (s *Server) attach(ctx context.Context, conn jsonrpc2.Conn) {
	s.conn = conn
	s.client = connClient{conn}
	s.ctx = ctx
	conn.Go(s.ctx, s.handler())
}

// handler is the server's message pipeline: cancellation, lifecycle rules,
// parameter checks, panic recovery, then dispatch through the method table
// (methods.go).
func (s *Server) handler() jsonrpc2.Handler {
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
			if err != nil && ctx.Err() != nil && !isRPCError(err) {
				err = protocol.ErrRequestCancelled
			}
		}()
		if e := s.gate(method); e != nil {
			if notification {
				return nil, nil
			}
			return nil, e
		}
		if e := checkParams(method, req.Params()); e != nil {
			if notification && byName[method] == nil {
				// a notification the server does not serve is ignored
				return nil, nil
			}
			return nil, e
		}
		if s.hooks.before != nil {
			s.hooks.before(method)
		}
		return s.dispatch(ctx, byName[method], req.Params())
	}
	return s.cancellation(safe)
}

// isRPCError reports whether err already carries a JSON-RPC error code.
func isRPCError(err error) bool {
	var e *jsonrpc2.Error
	return errors.As(err, &e)
}

// gate applies the lifecycle rules: nothing before initialize, nothing but
// exit after shutdown.
func (s *Server) gate(method string) error {
	st := s.lifecycle()
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

func (s *Server) lifecycle() lifecycle {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.state
}

func (s *Server) setLifecycle(st lifecycle) {
	s.stateMu.Lock()
	s.state = st
	s.stateMu.Unlock()
}

func (s *Server) Shutdown(ctx context.Context) error {
	s.setLifecycle(stateShutdown)
	return nil
}

func (s *Server) Exit(ctx context.Context) error {
	code := 1
	if s.lifecycle() == stateShutdown {
		code = 0
	}
	select {
	case s.exitCode <- code:
	default:
	}
	return nil
}

// current returns the open document at u (nil if not open).
func (s *Server) current(u uri.URI) *document { return s.sess.snapshot().docs[u] }

// codec reads and writes LSP messages with protocol.Marshal and Unmarshal,
// writing what it marshals through escape.JSONText.
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
	b, err := protocol.Marshal(v)
	if err != nil {
		return nil, err
	}
	// control and bidirectional characters as \u escapes, as in every
	// JSON the tool writes: the message decodes to the same text
	return escape.JSONText(b), nil
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}
