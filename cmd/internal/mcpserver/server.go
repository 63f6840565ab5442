// Package mcpserver is osmosis-lint as a Model Context Protocol server: the
// check, doctor, explain, rules, schema and fix tools over stdio, for any
// coding agent that speaks MCP. It is an adapter like the language server:
// each tool translates its arguments into calls of lint, lint/doctor and
// lint/report, and returns their result as structured content with a short
// text. Bad arguments are tool errors the model can read, never a crash;
// check and fix take configs only. Bad messages are JSON-RPC errors, never
// the end of the session: StdioTransport checks every line (its size, its
// nesting, that it is one JSON-RPC message) before the session decodes it.
//
// The protocol is served here, without an SDK (which would link an HTTP
// stack into every osmosis-lint process): newline-delimited JSON-RPC 2.0,
// the lifecycle (initialize, with version negotiation, and the
// request-scoped protocol of 2026-07-28: server/discover and the _meta of
// each request), ping, tools/list, tools/call, cancellation, and the
// server's own roots/list.
package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Options configure the server.
type Options struct {
	// Version is the tool's version, for serverInfo.
	Version string
	// Dir is the server's working directory: the workspace when the client
	// names no roots.
	Dir string
	// Root, when set, is the only workspace root (--workspace): the
	// client's roots are not asked.
	Root string
	// Home is the user's home directory (the CLI's dataset cache).
	Home string
	// DatasetsFile is a saved `osmosis --json dataset list --all`.
	DatasetsFile string
	// ModelListFile and SecretListFile are a saved `osmosis --json model
	// list --all` and `osmosis --json secret list --all`.
	ModelListFile, SecretListFile string

	// answerWait bounds the wait for the client's answer to a request of
	// the server (0: AnswerWait).
	answerWait time.Duration
}

// AnswerWait is how long the server waits for the client's answer to its
// own request (roots/list) before the tool call that asked fails: the
// default request timeout of the MCP TypeScript SDK
// (DEFAULT_REQUEST_TIMEOUT_MSEC, 60,000 ms).
const AnswerWait = 60 * time.Second

const instructions = `osmosis-lint checks the TOML configs of an Osmosis workspace (configs/training, configs/eval, configs/benchmark) against the rules of the osmosis CLI and the platform, offline. Call check after writing or editing a config and before osmosis train submit / osmosis eval submit; fix the errors it reports (each names the rule: explain tells why and shows examples). Stages: submit = the CLI refuses the config, platform = the platform rejects the run, runtime = the run fails after starting, sync = the platform would run other code than the workspace holds (rollout files not committed or not pushed, a branch or commit origin lacks), advice = very likely a mistake. fix shows the diff of the available fixes and writes only with write=true. Paths are relative to the workspace root.`

// The protocol versions served, newest first. From 2026-07-28 requests
// carry their version, the client's capabilities and its identity in
// their _meta, and initialize is gone; initialize negotiates the others.
var protocolVersions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

const (
	requestScoped = "2026-07-28" // the first request-scoped version
	latestLegacy  = "2025-11-25" // the latest version initialize negotiates

	metaVersion      = "io.modelcontextprotocol/protocolVersion"
	metaClientInfo   = "io.modelcontextprotocol/clientInfo"
	metaCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaServerInfo   = "io.modelcontextprotocol/serverInfo"
)

// capabilities are the server's: tools (a fixed list, never changed).
const capabilities = `{"tools":{}}`

// implementation is serverInfo.
type implementation struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

// Serve runs the server on a transport until the input ends; the calls
// still running then are answered first. It returns nil at the end of
// the input.
func Serve(ctx context.Context, t *StdioTransport, opts Options) error {
	c := t.connect()
	defer c.close()
	ss := &session{
		srv:     &server{opts: opts},
		conn:    c,
		info:    implementation{Name: "osmosis-lint", Title: "osmosis-lint", Version: opts.Version},
		waiting: map[int64]chan *message{},
		running: map[string]*running{},
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for msg := range c.incoming {
		ss.receive(ctx, msg)
	}
	ss.end()
	ss.calls.Wait()
	if c.err == nil || errors.Is(c.err, io.EOF) {
		return nil
	}
	return c.err
}

// MaxRunning bounds the tool calls a session runs at once (each may hold
// a message of up to MaxFrame bytes and a lint run): one more is refused
// with an error (-32000), and the session goes on. The other requests
// (ping, tools/list) are cheap and always answered.
const MaxRunning = 32

// session is one client's: what it said at initialize, the server's
// requests waiting for its answer, the calls running.
type session struct {
	srv  *server
	conn *lineConn
	info implementation

	mu      sync.Mutex
	client  *clientParams // nil before initialize (or the first request-scoped request)
	nextID  int64
	waiting map[int64]chan *message // the server's requests, by id
	running map[string]*running     // the client's tool calls, by idKey
	tools   int                     // len(running), counted against MaxRunning
	ended   bool                    // the input ended

	calls sync.WaitGroup
}

// running is a tool call in progress, which the client may cancel.
type running struct {
	cancel    context.CancelFunc
	cancelled bool
}

// clientParams are what a client says of itself.
type clientParams struct {
	ProtocolVersion string                     `json:"protocolVersion"`
	Capabilities    map[string]json.RawMessage `json:"capabilities"`
	ClientInfo      json.RawMessage            `json:"clientInfo"`
}

// receive handles one message: a response to the server, a notification
// or a request other than tools/call in order, as read; a tool call
// concurrently, so that a long check does not hold up a ping. A request
// with the id of a tool call still running is refused.
func (ss *session) receive(ctx context.Context, msg *message) {
	if !msg.hasMethod {
		ss.deliver(msg)
		return
	}
	if msg.id == nil {
		ss.notify(msg)
		return
	}
	key := idKey(msg.id)
	ss.mu.Lock()
	_, dup := ss.running[key]
	ss.mu.Unlock()
	if dup { // answered with id null: an error with the id would read as the running call's answer
		ss.reply(nil, nil, &wireError{Code: codeInvalidRequest, Message: fmt.Sprintf("invalid request: the request id %s is already in use by a call in progress", clip(key))})
		return
	}
	scoped, err := ss.admit(msg)
	if err != nil {
		ss.reply(msg.id, nil, err)
		return
	}
	switch msg.method {
	case "initialize":
		res, err := ss.initialize(msg.params)
		ss.reply(msg.id, res, err)
		return
	case "tools/call":
	default:
		// cheap: answered here, before the next message is read, so that
		// a client that does not read its answers holds up the reading
		// instead of piling up goroutines that wait to write
		res, err := ss.call(ctx, msg, scoped)
		ss.reply(msg.id, res, err)
		return
	}
	cctx, cancel := context.WithCancel(ctx)
	r := &running{cancel: cancel}
	ss.mu.Lock()
	busy := ss.tools >= MaxRunning
	if !busy {
		ss.tools++
		ss.running[key] = r
	}
	ss.mu.Unlock()
	if busy {
		cancel()
		ss.reply(msg.id, nil, &wireError{Code: codeServerBusy, Message: fmt.Sprintf("the server is running %d tool calls, its limit; call again when one of them is answered", MaxRunning)})
		return
	}
	ss.calls.Add(1)
	go func() {
		defer ss.calls.Done()
		defer cancel()
		res, err := ss.call(cctx, msg, scoped)
		ss.mu.Lock()
		cancelled := r.cancelled
		delete(ss.running, key)
		ss.tools--
		ss.mu.Unlock()
		if cancelled { // the client gave up on it: no response
			return
		}
		ss.reply(msg.id, res, err)
	}()
}

// admit checks a call against the lifecycle: a request-scoped one (its
// _meta names a version from 2026-07-28) against its version, any other
// one made before initialize is refused. It reports whether the call is
// request-scoped.
func (ss *session) admit(msg *message) (bool, error) {
	scoped, err := requestMeta(msg.params)
	if err != nil {
		return false, err
	}
	if scoped != nil && !slices.Contains(protocolVersions, scoped.ProtocolVersion) {
		data, _ := json.Marshal(struct {
			Supported []string `json:"supported"`
			Requested string   `json:"requested"`
		}{protocolVersions, scoped.ProtocolVersion})
		return false, &wireError{Code: codeUnsupportedVersion, Message: "unsupported protocol version", Data: data}
	}
	switch msg.method {
	case "initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe":
		if scoped != nil { // gone from 2026-07-28
			return false, methodNotFound(msg.method)
		}
	case "server/discover":
		if scoped == nil {
			return false, methodNotFound(msg.method)
		}
	default:
		ss.mu.Lock()
		initialized := ss.client != nil
		if !initialized && scoped != nil {
			ss.client = scoped
		}
		ss.mu.Unlock()
		if !initialized && scoped == nil {
			return false, fmt.Errorf("method %q is invalid during session initialization", msg.method)
		}
	}
	return scoped != nil, nil
}

// requestMeta is the client a request-scoped request names in its _meta,
// nil for a request of an earlier version.
func requestMeta(params json.RawMessage) (*clientParams, error) {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if isNull(params) || params[0] != '{' || json.Unmarshal(params, &p) != nil || p.Meta == nil {
		return nil, nil
	}
	var version string
	if json.Unmarshal(p.Meta[metaVersion], &version) != nil || version < requestScoped {
		return nil, nil
	}
	c := &clientParams{ProtocolVersion: version}
	if info, ok := p.Meta[metaClientInfo]; ok {
		var impl struct {
			Name string `json:"name"`
		}
		if info[0] != '{' || json.Unmarshal(info, &impl) != nil {
			return nil, &wireError{Code: codeInvalidParams, Message: fmt.Sprintf("invalid _meta field %q", metaClientInfo)}
		}
		c.ClientInfo = info
	}
	caps := p.Meta[metaCapabilities]
	if isNull(caps) || caps[0] != '{' || json.Unmarshal(caps, &c.Capabilities) != nil {
		return nil, &wireError{Code: codeInvalidParams, Message: fmt.Sprintf("missing or invalid _meta field %q", metaCapabilities)}
	}
	return c, nil
}

// initialize answers the handshake: the client's version when it is
// served (up to 2025-11-25: the later ones have no initialize), else the
// latest that has it.
func (ss *session) initialize(raw json.RawMessage) (any, error) {
	var p clientParams
	if err := decodeParams("initialize", raw, true, &p); err != nil {
		return nil, err
	}
	version := latestLegacy
	if slices.Contains(protocolVersions, p.ProtocolVersion) && p.ProtocolVersion < requestScoped {
		version = p.ProtocolVersion
	}
	ss.mu.Lock()
	again := ss.client != nil
	if !again {
		ss.client = &p
	}
	ss.mu.Unlock()
	if again {
		return nil, fmt.Errorf("duplicate %q received", "initialize")
	}
	return struct {
		Capabilities    json.RawMessage `json:"capabilities"`
		Instructions    string          `json:"instructions"`
		ProtocolVersion string          `json:"protocolVersion"`
		ServerInfo      implementation  `json:"serverInfo"`
	}{json.RawMessage(capabilities), instructions, version, ss.info}, nil
}

// resultMeta is the _meta of a request-scoped result: the server's
// identity.
type resultMeta struct {
	ServerInfo implementation `json:"io.modelcontextprotocol/serverInfo"`
}

// listHead begins the result of a list: cacheable for no time (the
// protocol's default scope).
type listHead struct {
	ResultType string      `json:"resultType,omitempty"`
	Meta       *resultMeta `json:"_meta,omitempty"`
	TTL        int         `json:"ttlMs"`
	CacheScope string      `json:"cacheScope"`
}

func (ss *session) listHead(scoped bool) listHead {
	h := listHead{CacheScope: "public"}
	if scoped {
		h.ResultType, h.Meta = "complete", &resultMeta{ss.info}
	}
	return h
}

// call answers a call other than initialize.
func (ss *session) call(ctx context.Context, msg *message, scoped bool) (any, error) {
	switch msg.method {
	case "ping":
		return struct{}{}, decodeParams(msg.method, msg.params, false, &struct{}{})
	case "server/discover":
		return struct {
			listHead
			SupportedVersions []string        `json:"supportedVersions"`
			Capabilities      json.RawMessage `json:"capabilities"`
			Instructions      string          `json:"instructions"`
		}{ss.listHead(true), protocolVersions, json.RawMessage(capabilities), instructions}, nil
	case "tools/list":
		var p struct {
			Cursor string `json:"cursor"`
		}
		if err := decodeParams(msg.method, msg.params, false, &p); err != nil {
			return nil, err
		}
		if p.Cursor != "" { // one page: no cursor is given out
			return nil, &wireError{Code: codeInvalidParams, Message: "invalid params"}
		}
		list, err := toolList()
		if err != nil {
			return nil, err
		}
		return struct {
			listHead
			Tools json.RawMessage `json:"tools"`
		}{ss.listHead(scoped), list}, nil
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := decodeParams(msg.method, msg.params, true, &p); err != nil {
			return nil, err
		}
		t := toolNamed(p.Name)
		if t == nil {
			return nil, &wireError{Code: codeInvalidParams, Message: fmt.Sprintf("unknown tool %q", p.Name)}
		}
		req := &callRequest{Session: ss}
		if scoped { // the server sends no requests of its own then
			req.Session = nil
		}
		res := t.call(ctx, ss.srv, req, p.Arguments)
		if scoped {
			res.Meta, res.ResultType = &resultMeta{ss.info}, "complete"
		}
		return res, nil
	// the server has neither resources nor prompts; their lists are empty
	case "resources/list", "resources/templates/list", "prompts/list":
		if err := decodeParams(msg.method, msg.params, false, &struct{}{}); err != nil {
			return nil, err
		}
		key := map[string]string{"resources/list": "resources", "resources/templates/list": "resourceTemplates", "prompts/list": "prompts"}[msg.method]
		head, err := encode(ss.listHead(scoped))
		if err != nil {
			return nil, err
		}
		return json.RawMessage(fmt.Sprintf(`%s,%q:[]}`, head[:len(head)-1], key)), nil
	case "logging/setLevel": // the server does not log to the client
		return struct{}{}, decodeParams(msg.method, msg.params, true, &struct{}{})
	case "completion/complete":
		var p struct {
			Ref json.RawMessage `json:"ref"`
		}
		if err := decodeParams(msg.method, msg.params, true, &p); err != nil {
			return nil, err
		}
		if isNull(p.Ref) {
			return nil, &wireError{Code: codeInvalidParams, Message: "invalid params: missing required 'ref' field"}
		}
	}
	return nil, methodNotFound(msg.method)
}

// reply writes the response to a call: its result, or its error (a
// *wireError keeps its code; any other error has code 0).
func (ss *session) reply(id json.RawMessage, res any, err error) {
	r := response{JSONRPC: "2.0", ID: id}
	if err != nil {
		var we *wireError
		if !errors.As(err, &we) {
			we = &wireError{Message: err.Error()}
		}
		r.Error = we
	} else {
		r.Result = res
	}
	_ = ss.conn.write(r) // a client that stopped reading gets nothing more
}

// notify handles a notification.
func (ss *session) notify(msg *message) {
	switch msg.method {
	case "notifications/roots/list_changed":
		ss.srv.forgetRoots()
	case "notifications/cancelled":
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		if isNull(msg.params) || json.Unmarshal(msg.params, &p) != nil || len(p.RequestID) == 0 {
			return
		}
		ss.mu.Lock()
		if r := ss.running[idKey(p.RequestID)]; r != nil {
			r.cancelled = true
			r.cancel()
		}
		ss.mu.Unlock()
	}
	// notifications/initialized and any other: nothing to do
}

// deliver hands a response to the server's request it answers; one that
// answers none is dropped (the request then fails when its wait ends). An
// answer whose id is the request's number spelled as a string ("1" for
// 1) is no answer to it, but plainly meant for it: it fails the request
// at once.
func (ss *session) deliver(msg *message) {
	key := idKey(msg.id)
	id, err := strconv.ParseInt(key, 10, 64) // 1.0 answers 1
	if err != nil {
		var s string
		if json.Unmarshal(msg.id, &s) != nil {
			return
		}
		if id, err = strconv.ParseInt(s, 10, 64); err != nil {
			return
		}
		msg = &message{id: msg.id, refused: true, err: &wireError{Code: codeInvalidRequest,
			Message: fmt.Sprintf("Invalid response: its id %s is a string; the server's request has the number %d", clip(key), id)}}
	}
	ss.mu.Lock()
	ch := ss.waiting[id]
	delete(ss.waiting, id)
	ss.mu.Unlock()
	if ch != nil {
		ch <- msg // buffered
	}
}

// end fails the server's requests still waiting: the input ended.
func (ss *session) end() {
	ss.mu.Lock()
	ss.ended = true
	for id, ch := range ss.waiting {
		close(ch)
		delete(ss.waiting, id)
	}
	ss.mu.Unlock()
}

// errBadAnswer is the failure of a request of the server that got no
// usable answer: none in time, one the transport refused, one whose id
// is mismatched, or a result that does not decode. The tool call that
// asked fails with it.
var errBadAnswer = errors.New("no usable answer")

// ask sends a request to the client and waits for its result, at most
// Options.answerWait. An error the client answered is returned as it is;
// no usable answer is an errBadAnswer.
func (ss *session) ask(ctx context.Context, method string, result any) error {
	ch := make(chan *message, 1)
	ss.mu.Lock()
	if ss.ended {
		ss.mu.Unlock()
		return errClosed
	}
	ss.nextID++
	id := ss.nextID
	ss.waiting[id] = ch
	ss.mu.Unlock()
	defer func() {
		ss.mu.Lock()
		delete(ss.waiting, id)
		ss.mu.Unlock()
	}()
	if err := ss.conn.write(request{JSONRPC: "2.0", ID: id, Method: method}); err != nil {
		return err
	}
	wait := ss.srv.opts.answerWait
	if wait <= 0 {
		wait = AnswerWait
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return fmt.Errorf("%w: the client did not answer %s (id %d) within %s", errBadAnswer, method, id, wait)
	case msg, ok := <-ch:
		switch {
		case !ok:
			return errClosed
		case msg.refused:
			return fmt.Errorf("%w: the client's answer to %s (id %d) was refused: %s", errBadAnswer, method, id, msg.err.Message)
		case msg.err != nil:
			return msg.err
		}
		if err := json.Unmarshal(msg.result, result); err != nil {
			return fmt.Errorf("%w: the client's result for %s (id %d) is malformed: %v", errBadAnswer, method, id, err)
		}
		return nil
	}
}

// rootsDeclared reports whether the client has the roots capability.
func (ss *session) rootsDeclared() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.client != nil && !isNull(ss.client.Capabilities["roots"])
}

// callRequest is what a tool knows of its call: the session, to ask the
// client for its roots (nil: the server may not ask).
type callRequest struct {
	Session *session
}

// result is what a tool returns beside its structured content: its text.
type result struct {
	text string
}

// text is a result with a short text beside the structured content.
func text(s string) *result {
	return &result{text: s}
}

// handler is a tool's handler, on decoded arguments.
type handler[In, Out any] func(ctx context.Context, req *callRequest, in In) (*result, Out, error)

// handle wraps a typed tool handler: a panic becomes a tool error naming
// the problem, so one bad input never takes the server down.
func handle[In, Out any](h handler[In, Out]) handler[In, Out] {
	return func(ctx context.Context, req *callRequest, in In) (res *result, out Out, err error) {
		defer func() {
			if r := recover(); r != nil {
				var zero Out
				res, out, err = nil, zero, fmt.Errorf("osmosis-lint internal error: %v (please report it with the file that caused it)\n%s", r, debug.Stack())
			}
		}()
		return h(ctx, req, in)
	}
}
