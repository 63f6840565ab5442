package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"
)

// The tests drive the server the way an editor does: a JSON-RPC client on
// the other end of an in-memory pipe, with its own encoding/json types so
// that what goes over the wire is checked, not the server's Go types.

// waitFor bounds every wait of a test on the server (generous: the tests
// also run on loaded machines and under the race detector).
const waitFor = 30 * time.Second

// clientCodec encodes the test client's payloads with encoding/json.
type clientCodec struct{}

func (clientCodec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case json.RawMessage:
		return m, nil
	}
	return json.Marshal(v)
}

func (clientCodec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return json.Unmarshal(data, v)
}

// Wire types of the test client (the parts the tests look at).
type (
	pos struct {
		Line      uint32 `json:"line"`
		Character uint32 `json:"character"`
	}
	rng struct {
		Start pos `json:"start"`
		End   pos `json:"end"`
	}
	diagnostic struct {
		Range           rng    `json:"range"`
		Severity        int    `json:"severity"`
		Code            string `json:"code"`
		Source          string `json:"source"`
		Message         string `json:"message"`
		Tags            []int  `json:"tags"`
		CodeDescription *struct {
			Href string `json:"href"`
		} `json:"codeDescription"`
	}
	publication struct {
		URI         string        `json:"uri"`
		Version     *int32        `json:"version"`
		Diagnostics []diagnostic  `json:"diagnostics"`
		raw         []byte        // the params as sent
		diagsNull   bool          // "diagnostics": null
		at          time.Duration // since the client started
	}
	textEdit struct {
		Range   rng    `json:"range"`
		NewText string `json:"newText"`
	}
	completionItem struct {
		Label            string          `json:"label"`
		Kind             int             `json:"kind"`
		Detail           string          `json:"detail"`
		Documentation    json.RawMessage `json:"documentation"`
		SortText         string          `json:"sortText"`
		TextEdit         *textEdit       `json:"textEdit"`
		InsertTextFormat int             `json:"insertTextFormat"`
		Preselect        bool            `json:"preselect"`
		Data             json.RawMessage `json:"data,omitempty"`
	}
	completionList struct {
		IsIncomplete bool             `json:"isIncomplete"`
		Items        []completionItem `json:"items"`
	}
	markup struct {
		Kind  string `json:"kind"`
		Value string `json:"value"`
	}
	hover struct {
		Contents markup `json:"contents"`
		Range    *rng   `json:"range"`
	}
	codeAction struct {
		Title       string       `json:"title"`
		Kind        string       `json:"kind"`
		Diagnostics []diagnostic `json:"diagnostics"`
		IsPreferred bool         `json:"isPreferred"`
		Edit        *struct {
			Changes map[string][]textEdit `json:"changes"`
		} `json:"edit"`
	}
	location struct {
		URI   string `json:"uri"`
		Range rng    `json:"range"`
	}
	documentSymbol struct {
		Name           string           `json:"name"`
		Detail         string           `json:"detail"`
		Kind           int              `json:"kind"`
		Range          rng              `json:"range"`
		SelectionRange rng              `json:"selectionRange"`
		Children       []documentSymbol `json:"children"`
	}
	foldingRange struct {
		StartLine uint32 `json:"startLine"`
		EndLine   uint32 `json:"endLine"`
		Kind      string `json:"kind"`
	}
	inlayHint struct {
		Position    pos             `json:"position"`
		Label       json.RawMessage `json:"label"`
		Tooltip     json.RawMessage `json:"tooltip"`
		PaddingLeft bool            `json:"paddingLeft"`
	}
	fullReport struct {
		Kind    string       `json:"kind"`
		Items   []diagnostic `json:"items"`
		URI     string       `json:"uri"`
		Version *int32       `json:"version"`
	}
	workspaceReport struct {
		Items []fullReport `json:"items"`
	}
)

// jsonText is v as JSON, for failure messages: printed with %v, a
// json.RawMessage shows its bytes as numbers.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("(not JSON: %v)", err)
	}
	return string(b)
}

func (it completionItem) String() string { return jsonText(it) }
func (h inlayHint) String() string       { return jsonText(h) }

func (h inlayHint) label() string {
	var s string
	_ = json.Unmarshal(h.Label, &s)
	return s
}

// client is the editor end of a connection to an in-process server.
type client struct {
	t      testing.TB
	conn   jsonrpc2.Conn
	srv    *Server
	exit   chan int
	start  time.Time
	logBuf *syncBuffer

	mu        sync.Mutex
	changed   chan struct{} // signalled after every message from the server
	pubs      []publication
	calls     []string // methods of server-to-client requests, in order
	registers []json.RawMessage
	refreshes int
	messages  []string // window/showMessage and logMessage texts
	progress  []progressValue
	nextVer   map[string]int32
}

// progressValue is one $/progress notification of the server.
type progressValue struct {
	Token string `json:"token"`
	Value struct {
		Kind       string  `json:"kind"`
		Title      string  `json:"title"`
		Message    string  `json:"message"`
		Percentage *uint32 `json:"percentage"`
	} `json:"value"`
}

// syncBuffer collects the server's log.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newClient starts a server on one end of a pipe and a client on the other.
// setup, when not nil, adjusts the server before it reads anything.
func newClient(t testing.TB, setup func(*Server)) *client {
	t.Helper()
	a, b := net.Pipe()
	logs := &syncBuffer{}
	s := newServer(Options{Version: "test", Home: t.TempDir(), Log: logs})
	if setup != nil {
		setup(s)
	}
	c := &client{t: t, srv: s, exit: make(chan int, 1), start: time.Now(), logBuf: logs,
		changed: make(chan struct{}, 1), nextVer: map[string]int32{}}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { c.exit <- s.serve(ctx, a) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(b), jsonrpc2.WithCodec(clientCodec{}))
	c.conn.Go(ctx, c.handle)
	t.Cleanup(func() {
		cancel()
		_ = a.Close()
		_ = b.Close()
		select {
		case <-c.conn.Done():
		case <-time.After(waitFor):
			t.Errorf("client connection did not end")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return c
}

// handle answers the server's requests and records its notifications.
func (c *client) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	// the method may point into the connection's read buffer, which the
	// next message reuses: kept, it is copied
	method := strings.Clone(req.Method())
	params := append([]byte(nil), req.Params()...)
	if req.IsCall() {
		// answer off the read loop, as editors do: the server may be
		// writing to us at the same time
		jsonrpc2.Async(ctx)
	}
	c.mu.Lock()
	switch method {
	case "textDocument/publishDiagnostics":
		var p publication
		if err := json.Unmarshal(params, &p); err != nil {
			c.t.Errorf("publishDiagnostics params: %v: %s", err, params)
		}
		var raw struct {
			Diagnostics json.RawMessage `json:"diagnostics"`
		}
		_ = json.Unmarshal(params, &raw)
		p.diagsNull = string(raw.Diagnostics) == "null" || raw.Diagnostics == nil
		p.raw = params
		p.at = time.Since(c.start)
		c.pubs = append(c.pubs, p)
	case "client/registerCapability":
		c.registers = append(c.registers, params)
	case "$/progress":
		var p progressValue
		if err := json.Unmarshal(params, &p); err != nil {
			c.t.Errorf("$/progress params: %v: %s", err, params)
		}
		c.progress = append(c.progress, p)
	case "workspace/diagnostic/refresh":
		c.refreshes++
	case "window/showMessage", "window/logMessage":
		var p struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(params, &p)
		c.messages = append(c.messages, p.Message)
	}
	if req.IsCall() {
		c.calls = append(c.calls, method)
	}
	c.mu.Unlock()
	select {
	case c.changed <- struct{}{}:
	default:
	}
	return nil, nil
}

// call sends a request and decodes its result into result (nil to drop).
func (c *client) call(method string, params, result any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	raw, err := json.Marshal(params)
	if err != nil {
		c.t.Fatalf("marshal %s params: %v", method, err)
	}
	var res json.RawMessage
	_, err = c.conn.Call(ctx, method, json.RawMessage(raw), &res)
	if err != nil {
		return err
	}
	if result != nil && len(res) > 0 {
		if err := json.Unmarshal(res, result); err != nil {
			c.t.Fatalf("%s result %s: %v", method, res, err)
		}
	}
	return nil
}

// mustCall is call that fails the test on an error reply.
func (c *client) mustCall(method string, params, result any) {
	c.t.Helper()
	if err := c.call(method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	raw, err := json.Marshal(params)
	if err != nil {
		c.t.Fatalf("marshal %s params: %v", method, err)
	}
	if err := c.conn.Notify(context.Background(), method, json.RawMessage(raw)); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// capabilities builds client capabilities: pull adds textDocument.diagnostic,
// encodings go to general.positionEncodings.
type caps struct {
	pull      bool
	encodings []string
	watch     bool // dynamic registration of file watchers
	refresh   bool // workspace/diagnostic/refresh
	// inlayRefresh: workspace/inlayHint/refresh
	inlayRefresh bool
	resolve      bool // completion documentation resolved lazily
	// workspace edits with versioned document changes and file renames
	docChanges, renameFiles bool
	noSnippets              bool // completion without snippetSupport
	plainText               bool // hover and completion documentation in plain text only
	noProgress              bool // no window.workDoneProgress (editors declare it)
}

func (k caps) json() map[string]any {
	td := map[string]any{
		"synchronization":    map[string]any{"didSave": true},
		"publishDiagnostics": map[string]any{"versionSupport": true, "tagSupport": map[string]any{"valueSet": []int{1, 2}}, "codeDescriptionSupport": true},
		"completion":         map[string]any{"completionItem": map[string]any{"snippetSupport": true, "documentationFormat": []string{"markdown", "plaintext"}}},
		"hover":              map[string]any{"contentFormat": []string{"markdown", "plaintext"}},
	}
	if k.pull {
		td["diagnostic"] = map[string]any{"dynamicRegistration": false}
	}
	if k.resolve {
		td["completion"] = map[string]any{"completionItem": map[string]any{"snippetSupport": true, "documentationFormat": []string{"markdown"},
			"resolveSupport": map[string]any{"properties": []string{"documentation", "detail"}}}}
	}
	if k.noSnippets || k.plainText {
		item := map[string]any{"snippetSupport": !k.noSnippets}
		if k.plainText {
			item["documentationFormat"] = []string{"plaintext"}
			td["hover"] = map[string]any{"contentFormat": []string{"plaintext"}}
		}
		td["completion"] = map[string]any{"completionItem": item}
	}
	ws := map[string]any{
		"workspaceFolders":      true,
		"didChangeWatchedFiles": map[string]any{"dynamicRegistration": k.watch},
	}
	if k.docChanges || k.renameFiles {
		we := map[string]any{"documentChanges": true}
		if k.renameFiles {
			we["resourceOperations"] = []string{"create", "rename", "delete"}
		}
		ws["workspaceEdit"] = we
	}
	if k.refresh {
		ws["diagnostics"] = map[string]any{"refreshSupport": true}
	}
	if k.inlayRefresh {
		ws["inlayHint"] = map[string]any{"refreshSupport": true}
	}
	out := map[string]any{"textDocument": td, "workspace": ws, "window": map[string]any{"workDoneProgress": !k.noProgress}}
	if k.encodings != nil {
		out["general"] = map[string]any{"positionEncodings": k.encodings}
	}
	return out
}

// initResult is what the tests read of the initialize result.
type initResult struct {
	Capabilities struct {
		PositionEncoding   string          `json:"positionEncoding"`
		TextDocumentSync   json.RawMessage `json:"textDocumentSync"`
		DiagnosticProvider *struct {
			InterFileDependencies bool `json:"interFileDependencies"`
			WorkspaceDiagnostics  bool `json:"workspaceDiagnostics"`
		} `json:"diagnosticProvider"`
		CompletionProvider json.RawMessage `json:"completionProvider"`
	} `json:"capabilities"`
	ServerInfo struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"serverInfo"`
}

// initialize runs the handshake with root as the workspace folder ("" for
// none).
func (c *client) initialize(root string, k caps) initResult {
	c.t.Helper()
	params := map[string]any{
		"processId":    os.Getpid(),
		"capabilities": k.json(),
		"rootUri":      nil,
	}
	if root != "" {
		u := string(uri.File(root))
		params["rootUri"] = u
		params["workspaceFolders"] = []map[string]any{{"uri": u, "name": filepath.Base(root)}}
	}
	var res initResult
	c.mustCall("initialize", params, &res)
	c.notify("initialized", map[string]any{})
	return res
}

// start is newClient plus initialize.
func start(t testing.TB, root string, k caps) *client {
	t.Helper()
	c := newClient(t, nil)
	c.initialize(root, k)
	return c
}

// shutdown ends the session per the protocol and returns the exit code.
func (c *client) shutdown() int {
	c.t.Helper()
	c.mustCall("shutdown", nil, nil)
	c.notify("exit", nil)
	return c.exitCode()
}

func (c *client) exitCode() int {
	c.t.Helper()
	select {
	case code := <-c.exit:
		return code
	case <-time.After(waitFor):
		c.t.Fatalf("server did not exit")
	}
	return -1
}

func docURI(path string) string { return string(uri.File(path)) }

func textDoc(path string) map[string]any { return map[string]any{"uri": docURI(path)} }

// open sends didOpen with version 1 (or the next version for a reopen).
func (c *client) open(path, text string) {
	c.t.Helper()
	c.mu.Lock()
	c.nextVer[path] = 1
	c.mu.Unlock()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": docURI(path), "languageId": "toml", "version": 1, "text": text,
	}})
}

// change sends one didChange with the given content changes and returns the
// version it carries.
func (c *client) change(path string, changes ...map[string]any) int32 {
	c.t.Helper()
	c.mu.Lock()
	c.nextVer[path]++
	v := c.nextVer[path]
	c.mu.Unlock()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": docURI(path), "version": v},
		"contentChanges": changes,
	})
	return v
}

func whole(text string) map[string]any { return map[string]any{"text": text} }

func partial(r rng, text string) map[string]any {
	return map[string]any{"range": r, "text": text}
}

func at(line, char uint32) pos { return pos{Line: line, Character: char} }

func span(l0, c0, l1, c1 uint32) rng { return rng{Start: at(l0, c0), End: at(l1, c1)} }

// waitPub waits for a publication for path that satisfies ok and returns
// the last one that does.
func (c *client) waitPub(path string, ok func(publication) bool) publication {
	c.t.Helper()
	u := docURI(path)
	deadline := time.After(waitFor)
	for {
		c.mu.Lock()
		var latest *publication
		for i := len(c.pubs) - 1; i >= 0; i-- {
			if c.pubs[i].URI == u {
				p := c.pubs[i]
				latest = &p
				break // only the latest publication counts
			}
		}
		c.mu.Unlock()
		var found *publication
		if latest != nil && ok(*latest) {
			found = latest
		}
		if found != nil {
			return *found
		}
		select {
		case <-c.changed:
		case <-deadline:
			c.t.Fatalf("no matching diagnostics for %s; published: %s", path, c.describePubs(u))
			return publication{}
		}
	}
}

// waitScanned waits until n workspace scans have ended: the end of their
// work-done progress.
func (c *client) waitScanned(n int) {
	c.t.Helper()
	deadline := time.After(waitFor)
	for {
		c.mu.Lock()
		ends := 0
		for _, p := range c.progress {
			if p.Value.Kind == "end" {
				ends++
			}
		}
		c.mu.Unlock()
		if ends >= n {
			return
		}
		select {
		case <-c.changed:
		case <-deadline:
			c.t.Fatalf("%d of %d workspace scans ended", ends, n)
			return
		}
	}
}

// waitVersion waits until the latest publication for path has version v.
func (c *client) waitVersion(path string, v int32) publication {
	c.t.Helper()
	return c.waitPub(path, func(p publication) bool { return p.Version != nil && *p.Version == v })
}

// settle waits until the server has been quiet for d.
func (c *client) settle(d time.Duration) {
	for {
		select {
		case <-c.changed:
		case <-time.After(d):
			return
		}
	}
}

func (c *client) publications(path string) []publication {
	u := docURI(path)
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []publication
	for _, p := range c.pubs {
		if p.URI == u {
			out = append(out, p)
		}
	}
	return out
}

func (c *client) describePubs(u string) string {
	var b strings.Builder
	for _, p := range c.pubs {
		if p.URI != u {
			continue
		}
		v := "none"
		if p.Version != nil {
			v = fmt.Sprint(*p.Version)
		}
		fmt.Fprintf(&b, "\n  version %s: %v", v, codes(p.Diagnostics))
	}
	if b.Len() == 0 {
		return "nothing"
	}
	return b.String()
}

// codes lists the rule codes of diagnostics, in order.
func codes(ds []diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, d.Code)
	}
	return out
}

func hasCode(ds []diagnostic, code string) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}

func findCode(t testing.TB, ds []diagnostic, code string) diagnostic {
	t.Helper()
	for _, d := range ds {
		if d.Code == code {
			return d
		}
	}
	t.Fatalf("no %s diagnostic in %v", code, codes(ds))
	return diagnostic{}
}

// isCallError reports whether err is a JSON-RPC error reply with code.
func isCallError(err error, code int64) bool {
	var e *jsonrpc2.Error
	return errors.As(err, &e) && int64(e.Code) == code
}

// newWorkspace copies the example workspace into a temporary directory and
// makes it a workspace root. extra files (path -> content, "" deletes) are
// written on top.
func newWorkspace(t testing.TB, extra map[string]string) string {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join("..", "workspace", "example")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(dst)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, content := range extra {
		writeFile(t, filepath.Join(root, p), content)
	}
	return root
}

// writeFile writes content at p, making directories; "" deletes p.
func writeFile(t testing.TB, p, content string) {
	t.Helper()
	if content == "" {
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// applyEdits applies LSP text edits (in the given encoding) to text, as an
// editor does: all ranges refer to the original text.
func applyEdits(t testing.TB, text string, edits []textEdit, utf16 bool) string {
	t.Helper()
	type off struct {
		start, end int
		text       string
	}
	var offs []off
	for _, e := range edits {
		offs = append(offs, off{offsetOf(t, text, e.Range.Start, utf16), offsetOf(t, text, e.Range.End, utf16), e.NewText})
	}
	// apply from the end so earlier offsets stay valid
	for i := 0; i < len(offs); i++ {
		for j := i + 1; j < len(offs); j++ {
			if offs[j].start > offs[i].start {
				offs[i], offs[j] = offs[j], offs[i]
			}
		}
	}
	for _, o := range offs {
		text = text[:o.start] + o.text + text[o.end:]
	}
	return text
}

// offsetOf converts a position to a byte offset, failing the test on a
// position outside the text (an editor would reject it too).
func offsetOf(t testing.TB, text string, p pos, utf16 bool) int {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	if int(p.Line) >= len(lines) {
		if int(p.Line) == len(lines) && p.Character == 0 {
			return len(text)
		}
		t.Fatalf("position %v past the last line (%d lines)", p, len(lines))
	}
	start := 0
	for _, l := range lines[:p.Line] {
		start += len(l)
	}
	line := strings.TrimSuffix(lines[p.Line], "\n")
	units := 0
	for i, r := range line {
		if units == int(p.Character) {
			return start + i
		}
		if units > int(p.Character) {
			t.Fatalf("position %v splits a character of %q", p, line)
		}
		w := len(string(r))
		if utf16 {
			w = 1
			if r >= 0x10000 {
				w = 2
			}
		}
		units += w
	}
	if units == int(p.Character) {
		return start + len(line)
	}
	t.Fatalf("position %v past the end of line %q", p, line)
	return 0
}

// posOf returns the position of the first occurrence of needle in text (plus
// delta characters), in UTF-16 or UTF-8 units.
func posOf(t testing.TB, text, needle string, delta int, utf16 bool) pos {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in text", needle)
	}
	i += delta
	line := strings.Count(text[:i], "\n")
	ls := strings.LastIndex(text[:i], "\n") + 1
	col := 0
	for _, r := range text[ls:i] {
		if utf16 {
			col++
			if r >= 0x10000 {
				col++
			}
		} else {
			col += len(string(r))
		}
	}
	return pos{Line: uint32(line), Character: uint32(col)}
}

// fileURI is the URI of a path, as the server keys documents.
func fileURI(path string) uri.URI { return uri.File(path) }

// waitMessage waits for a window message that contains text.
func (c *client) waitMessage(t testing.TB, text string) {
	t.Helper()
	deadline := time.After(waitFor)
	for {
		c.mu.Lock()
		msgs := append([]string(nil), c.messages...)
		c.mu.Unlock()
		for _, m := range msgs {
			if strings.Contains(m, text) {
				return
			}
		}
		select {
		case <-c.changed:
		case <-deadline:
			t.Fatalf("no message with %q; messages: %q", text, msgs)
		}
	}
}
