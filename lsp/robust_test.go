package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawClient writes bytes to the server as they are, and reads its messages.
type rawClient struct {
	t    testing.TB
	conn net.Conn
	msgs chan rawMsg
	exit chan int
	logs *syncBuffer
}

type rawMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Params json.RawMessage `json:"params"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func newRawClient(t testing.TB, setup func(*Server)) *rawClient {
	t.Helper()
	a, b := net.Pipe()
	logs := &syncBuffer{}
	s := newServer(Options{Version: "test", Home: t.TempDir(), Log: logs})
	if setup != nil {
		setup(s)
	}
	rc := &rawClient{t: t, conn: b, msgs: make(chan rawMsg, 1024), exit: make(chan int, 1), logs: logs}
	go func() { rc.exit <- s.serve(context.Background(), a) }()
	go rc.read()
	t.Cleanup(func() {
		_ = a.Close()
		_ = b.Close()
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return rc
}

// read parses the server's frames (strictly: the server must frame well).
func (rc *rawClient) read() {
	defer close(rc.msgs)
	r := bufio.NewReader(rc.conn)
	for {
		n := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		if n < 0 {
			rc.t.Errorf("server frame without Content-Length")
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m rawMsg
		if err := json.Unmarshal(body, &m); err != nil {
			rc.t.Errorf("server sent invalid JSON: %v: %s", err, body)
			return
		}
		rc.msgs <- m
	}
}

func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

func (rc *rawClient) write(s string) {
	rc.t.Helper()
	_ = rc.conn.SetWriteDeadline(time.Now().Add(waitFor))
	if _, err := io.WriteString(rc.conn, s); err != nil {
		rc.t.Fatalf("write: %v", err)
	}
}

func (rc *rawClient) send(method string, id any, params any) {
	rc.t.Helper()
	m := map[string]any{"jsonrpc": "2.0", "method": method}
	if id != nil {
		m["id"] = id
	}
	if params != nil {
		m["params"] = params
	}
	b, err := json.Marshal(m)
	if err != nil {
		rc.t.Fatal(err)
	}
	rc.write(frame(string(b)))
}

// reply waits for the response with the given id (JSON text, "null" for a
// null id), skipping notifications and other responses.
func (rc *rawClient) reply(id string) rawMsg {
	rc.t.Helper()
	deadline := time.After(waitFor)
	for {
		select {
		case m, ok := <-rc.msgs:
			if !ok {
				rc.t.Fatalf("connection closed while waiting for the reply to %s", id)
			}
			if m.Method != "" {
				continue
			}
			if string(m.ID) == id || (id == "null" && len(m.ID) == 0) {
				return m
			}
		case <-deadline:
			rc.t.Fatalf("no reply to %s", id)
		}
	}
}

// alive checks that the server still answers a request.
func (rc *rawClient) alive(id int) {
	rc.t.Helper()
	rc.send("textDocument/hover", id, map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/x.toml"}, "position": at(0, 0)})
	if m := rc.reply(strconv.Itoa(id)); m.Error != nil {
		rc.t.Fatalf("server answers %d with error %+v", id, m.Error)
	}
}

func (rc *rawClient) initialize(root string) {
	rc.t.Helper()
	rc.send("initialize", 1, map[string]any{"processId": nil, "rootUri": docURI(root), "capabilities": map[string]any{}})
	if m := rc.reply("1"); m.Error != nil {
		rc.t.Fatalf("initialize: %+v", m.Error)
	}
	rc.send("initialized", nil, map[string]any{})
}

func TestMalformedInput(t *testing.T) {
	root := newWorkspace(t, nil)
	rc := newRawClient(t, nil)
	rc.initialize(root)
	id := 100
	next := func() int { id++; return id }

	// not JSON: a parse error with a null id
	for _, body := range []string{`{"jsonrpc":"2.0","id":7,"method":`, `nope`, "\x00\xff\xfe"} {
		rc.write(frame(body))
		if m := rc.reply("null"); m.Error == nil || m.Error.Code != -32700 {
			t.Errorf("%q: reply %+v, want a parse error (-32700)", body, m.Error)
		}
		rc.alive(next())
	}
	// broken params of a request whose id can be read: the error goes to
	// that id
	rc.write(frame(`{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":{]}`))
	if m := rc.reply("8"); m.Error == nil || (m.Error.Code != -32700 && m.Error.Code != -32602) {
		t.Errorf("broken params: reply %+v, want a parse error (-32700) or invalid params (-32602)", m.Error)
	}
	rc.alive(next())
	// JSON, but not a request
	for _, body := range []string{`[]`, `42`, `{}`, `{"foo":1}`, `{"jsonrpc":"1.0","id":9,"method":"x"}`, `{"jsonrpc":"2.0","id":{"a":1},"method":"x"}`} {
		rc.write(frame(body))
		if m := rc.reply("null"); m.Error == nil || (m.Error.Code != -32600 && m.Error.Code != -32700) {
			t.Errorf("%q: reply %+v, want an invalid request error (-32600)", body, m.Error)
		}
		rc.alive(next())
	}
	// a request without an id field but a method with no params
	rc.write(frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen"}`))
	rc.alive(next())

	// unknown methods: an error for a request, nothing for a notification
	rc.send("osmosis/unknown", next(), map[string]any{})
	if m := rc.reply(strconv.Itoa(id)); m.Error == nil || m.Error.Code != -32601 {
		t.Errorf("unknown request: %+v, want MethodNotFound (-32601)", m.Error)
	}
	rc.send("$/unknownNotification", nil, map[string]any{})
	rc.send("osmosis/unknownNotification", nil, []int{1})
	rc.alive(next())

	// params of the wrong shape
	rc.send("textDocument/hover", next(), "x")
	if m := rc.reply(strconv.Itoa(id)); m.Error == nil || m.Error.Code != -32602 {
		t.Errorf("hover with string params: %+v, want InvalidParams (-32602)", m.Error)
	}
	rc.send("textDocument/didOpen", nil, []int{1, 2})
	rc.send("textDocument/didChange", nil, map[string]any{"textDocument": 5})
	rc.send("textDocument/completion", next(), nil)
	if m := rc.reply(strconv.Itoa(id)); m.Error == nil {
		t.Errorf("completion without params answered %s", m.Result)
	}
	rc.alive(next())
}

func TestBadFraming(t *testing.T) {
	root := newWorkspace(t, nil)
	hover := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.toml"},"position":{"line":0,"character":0}}}`, id)
	}
	tests := []struct {
		name string
		raw  func() string
		// replies the server must send (JSON ids; null for the error
		// reply to a broken frame), in order
		want []string
	}{
		{"content length too short", func() string {
			b := hover(11)
			return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(b)-10, b) + frame(hover(12))
		}, []string{"null", "12"}},
		{"content length too long", func() string {
			b := hover(21)
			return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(b)+25, b) + frame(hover(22)) + frame(hover(23))
		}, []string{"21", "22", "23"}},
		{"no content length", func() string {
			return "Content-Type: application/json\r\n\r\n" + hover(31) + frame(hover(32))
		}, []string{"32"}},
		{"garbage header line", func() string {
			return "hello there\r\n" + frame(hover(41))
		}, []string{"41"}},
		{"negative length", func() string {
			return "Content-Length: -5\r\n\r\n" + frame(hover(51))
		}, []string{"51"}},
		{"huge length", func() string {
			return "Content-Length: 99999999999999999999\r\n\r\n" + frame(hover(61))
		}, []string{"61"}},
		{"long garbage without a newline", func() string {
			return strings.Repeat("x", 100<<10) + "Content-Len" + strings.Repeat("y", 10<<10) + frame(hover(81))
		}, []string{"81"}},
		{"header glued to garbage", func() string {
			return "}}}]" + frame(hover(91)) + "\r\n\r\n" + frame(hover(92))
		}, []string{"91", "92"}},
		{"lowercase header and extra fields", func() string {
			b := hover(71)
			return fmt.Sprintf("content-length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n%s", len(b), b)
		}, []string{"71"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rc := newRawClient(t, nil)
			rc.initialize(root)
			rc.write(tt.raw())
			for _, id := range tt.want {
				m := rc.reply(id)
				if (m.Error != nil) != (id == "null") {
					t.Errorf("reply to %s: error %+v", id, m.Error)
				}
			}
			rc.alive(1000)
		})
	}
}

// A panic in a handler is an error reply, and the server carries on.
func TestHandlerPanic(t *testing.T) {
	root := newWorkspace(t, nil)
	c := newClient(t, func(s *Server) {
		s.hooks.before = func(method string) {
			switch method {
			case "textDocument/hover", "textDocument/didOpen", "workspace/diagnostic":
				panic("boom in " + method)
			}
		}
	})
	c.initialize(root, caps{pull: true})
	file := filepath.Join(root, "configs", "training", "multiply-long.toml")
	err := c.call("textDocument/hover", map[string]any{"textDocument": textDoc(file), "position": at(0, 0)}, nil)
	if !isCallError(err, -32603) || !strings.Contains(err.Error(), "boom") {
		t.Errorf("hover that panics: err = %v, want InternalError (-32603)", err)
	}
	c.open(file, readFile(t, file)) // panics: the notification is dropped
	err = c.call("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, nil)
	if !isCallError(err, -32603) {
		t.Errorf("workspace/diagnostic that panics: err = %v, want InternalError (-32603)", err)
	}
	var rep fullReport
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(file)}, &rep)
	if len(rep.Items) == 0 {
		t.Errorf("no diagnostics after the panics")
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
	if !strings.Contains(c.logBuf.String(), "panic in textDocument/hover") {
		t.Errorf("the panic is not logged:\n%s", c.logBuf.String())
	}
}

// Positions past the end of a line or of the document, and ranges that run
// backwards, are answered without error.
func TestPositionsOutOfRange(t *testing.T) {
	root := newWorkspace(t, nil)
	file := filepath.Join(root, "configs", "training", "multiply-long.toml")
	for _, enc := range []string{"utf-16", "utf-8"} {
		t.Run(enc, func(t *testing.T) {
			c := start(t, root, caps{encodings: []string{enc}})
			text := readFile(t, file)
			c.open(file, text)
			c.waitVersion(file, 1)
			lines := uint32(strings.Count(text, "\n"))
			positions := []pos{at(0, 1000), at(4, 1<<31), at(lines, 0), at(lines, 5), at(lines+1, 0), at(1<<31, 1<<31), at(3, 12)}
			for _, p := range positions {
				var list completionList
				c.mustCall("textDocument/completion", map[string]any{"textDocument": textDoc(file), "position": p}, &list)
				for _, it := range list.Items {
					if it.TextEdit != nil {
						checkRange(t, text, it.TextEdit.Range, enc == "utf-16")
					}
				}
				var h *hover
				c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(file), "position": p}, &h)
				if h != nil && h.Range != nil {
					checkRange(t, text, *h.Range, enc == "utf-16")
				}
				var def json.RawMessage
				c.mustCall("textDocument/definition", map[string]any{"textDocument": textDoc(file), "position": p}, &def)
			}
			ranges := []rng{span(0, 0, 1<<31, 1<<31), span(lines+5, 0, lines+9, 3), span(6, 4, 2, 0), span(0, 500, 0, 600)}
			for _, r := range ranges {
				var actions []codeAction
				c.mustCall("textDocument/codeAction", map[string]any{"textDocument": textDoc(file), "range": r, "context": map[string]any{"diagnostics": []any{}}}, &actions)
				var hints []inlayHint
				c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": textDoc(file), "range": r}, &hints)
				for _, h := range hints {
					checkRange(t, text, rng{Start: h.Position, End: h.Position}, enc == "utf-16")
				}
			}
			// edits with ranges past the end are clamped
			v := c.change(file, partial(span(lines+10, 0, lines+20, 4), "\n[env]\nA = \"1\"\n"))
			text += "\n[env]\nA = \"1\"\n"
			if got := c.serverText(file); got != text {
				t.Errorf("append past the end:\n%s", got)
			}
			c.waitVersion(file, v)
			v = c.change(file, partial(span(0, 1000, 0, 2000), " x"))
			firstNL := strings.IndexByte(text, '\n')
			text = text[:firstNL] + " x" + text[firstNL:]
			if got := c.serverText(file); got != text {
				t.Errorf("edit past the end of a line:\n%s", got)
			}
			p := c.waitVersion(file, v)
			for _, d := range p.Diagnostics {
				checkRange(t, text, d.Range, enc == "utf-16")
			}
			// a backwards range is taken as the range between its ends
			c.change(file, partial(span(1, 0, 0, 0), ""))
			text = text[firstNL+3:]
			if got := c.serverText(file); got != text {
				t.Errorf("backwards range:\n%s", got)
			}
			if code := c.shutdown(); code != 0 {
				t.Errorf("exit code = %d", code)
			}
		})
	}
}

// checkRange fails the test unless r lies inside text and does not split a
// character.
func checkRange(t testing.TB, text string, r rng, utf16 bool) {
	t.Helper()
	a := offsetOf(t, text, r.Start, utf16)
	b := offsetOf(t, text, r.End, utf16)
	if b < a {
		t.Errorf("range %+v runs backwards", r)
	}
}

// Huge and hostile documents are checked without a crash or a hang.
func TestHostileDocuments(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	rnd := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 64<<10)
	for i := range garbage {
		garbage[i] = byte(rnd.IntN(256))
	}
	// 10 MB, or 1 MB under -short and the race detector, which makes the
	// parser ten times slower
	size := 10 << 20
	if raceEnabled || testing.Short() {
		size = 1 << 20
	}
	var many strings.Builder
	many.WriteString("[env]\n")
	for many.Len() < size {
		fmt.Fprintf(&many, "K%d = \"v\"\n", many.Len())
	}
	docs := map[string]string{
		"garbage.toml":   string(garbage), // encoding/json sends invalid UTF-8 as U+FFFD
		"nul.toml":       "[training]\x00\nlr = \x00\n\ufeff[env]\n",
		"bom.toml":       "\ufeff[experiment]\nrollout = \"x\"\n",
		"longline.toml":  "[env]\nA = \"" + strings.Repeat("a", size) + "\"\n",
		"manykeys.toml":  many.String(),
		"deep.toml":      "x = " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n",
		"unclosed.toml":  "[experiment\nrollout = \"\"\"\n",
		"controls.toml":  "[env]\nA = \"\x01\x02\x1b[31m\"\n",
		"surrogate.toml": "[env]\nA = \"\xed\xa0\x80\"\n",
	}
	for name, text := range docs {
		file := filepath.Join(root, "configs", "training", name)
		c.open(file, text)
	}
	for name := range docs {
		file := filepath.Join(root, "configs", "training", name)
		p := c.waitVersion(file, 1)
		d := c.srv.current(fileURI(file))
		for _, diag := range p.Diagnostics {
			checkRange(t, string(d.text), diag.Range, true)
		}
		// features on the hostile text answer too
		var list completionList
		c.mustCall("textDocument/completion", map[string]any{"textDocument": textDoc(file), "position": at(1, 3)}, &list)
		var syms []documentSymbol
		c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": textDoc(file)}, &syms)
		var count func([]documentSymbol) int
		count = func(ss []documentSymbol) int {
			n := len(ss)
			for _, s := range ss {
				n += count(s.Children)
			}
			return n
		}
		if n := count(syms); n > maxSymbols {
			t.Errorf("%s: an outline of %d symbols, more than %d", name, n, maxSymbols)
		}
		var folds []foldingRange
		c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(file)}, &folds)
		var hints []inlayHint
		c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": textDoc(file), "range": span(0, 0, 100, 0)}, &hints)
		var actions []codeAction
		c.mustCall("textDocument/codeAction", map[string]any{"textDocument": textDoc(file), "range": span(0, 0, 3, 0), "context": map[string]any{"diagnostics": []any{}}}, &actions)
		t.Logf("%s: %d bytes, %d diagnostics", name, len(d.text), len(p.Diagnostics))
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}

// Raw invalid UTF-8 inside a JSON string is replaced, not a reason to drop
// the document.
func TestInvalidUTF8OnTheWire(t *testing.T) {
	root := newWorkspace(t, nil)
	rc := newRawClient(t, nil)
	rc.initialize(root)
	file := filepath.Join(root, "configs", "training", "bad.toml")
	rc.write(frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + docURI(file) + `","languageId":"toml","version":1,"text":"[training]\nlr = \"` + "\xff\xfe" + `\"\nlerning_rate = 1\n"}}}`))
	deadline := time.After(waitFor)
	for {
		select {
		case m := <-rc.msgs:
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p publication
			_ = json.Unmarshal(m.Params, &p)
			if p.URI != docURI(file) {
				continue
			}
			if !hasCode(p.Diagnostics, "unknown-key") {
				t.Errorf("diagnostics %v, want unknown-key", codes(p.Diagnostics))
			}
			rc.alive(5)
			return
		case <-deadline:
			t.Fatalf("no diagnostics for a document with invalid UTF-8")
		}
	}
}

// Frames split across reads at any byte are put back together.
func TestStreamChunks(t *testing.T) {
	root := newWorkspace(t, nil)
	rc := newRawClient(t, nil)
	rc.initialize(root)
	var all strings.Builder
	const n = 200
	for id := 10; id < 10+n; id++ {
		b := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.toml"},"position":{"line":0,"character":%d}}}`, id, id)
		all.WriteString(frame(b))
	}
	raw := all.String()
	rnd := rand.New(rand.NewPCG(3, 4))
	go func() {
		for len(raw) > 0 {
			k := min(len(raw), 1+rnd.IntN(300))
			if _, err := io.WriteString(rc.conn, raw[:k]); err != nil {
				return
			}
			raw = raw[k:]
		}
	}()
	for id := 10; id < 10+n; id++ {
		if m := rc.reply(strconv.Itoa(id)); m.Error != nil {
			t.Fatalf("reply to %d: %+v", id, m.Error)
		}
	}
}

// A panic in the engine, off the read loop, leaves the server running: the
// file gets no findings, the user is told once, other files are checked.
func TestCheckPanic(t *testing.T) {
	root := newWorkspace(t, nil)
	c := newClient(t, func(s *Server) {
		s.hooks.check = func(path string) {
			if strings.HasSuffix(path, "boom.toml") {
				panic("engine failure")
			}
		}
	})
	c.initialize(root, caps{})
	boom := filepath.Join(root, "configs", "training", "boom.toml")
	c.open(boom, "[training]\nlerning_rate = 1\n")
	p := c.waitVersion(boom, 1)
	if len(p.Diagnostics) != 0 {
		t.Errorf("a check that panicked published %v", codes(p.Diagnostics))
	}
	file := filepath.Join(root, "configs", "training", "multiply-long.toml")
	c.open(file, readFile(t, file))
	if p := c.waitVersion(file, 1); len(p.Diagnostics) == 0 {
		t.Errorf("no diagnostics for a healthy file after a panic")
	}
	// the document is checked again on the next change
	c.change(boom, whole("[training]\nlr = 1\n"))
	c.waitVersion(boom, 2)
	c.settle(50 * time.Millisecond)
	c.mu.Lock()
	msgs := strings.Join(c.messages, "\n")
	c.mu.Unlock()
	if strings.Count(msgs, "internal error") != 1 {
		t.Errorf("messages to the user:\n%s\nwant one about the internal error", msgs)
	}
	if !strings.Contains(c.logBuf.String(), "engine failure") {
		t.Errorf("the panic is not logged")
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code = %d", code)
	}
}
