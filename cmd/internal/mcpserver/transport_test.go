package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
)

// raw is a session with the server over StdioTransport, driven with raw
// lines as a client process would write them.
type raw struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan struct{} // closed when the server returns, with err set
	err   error
}

// reply is a JSON-RPC response as the tests read it.
type reply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (r reply) id() string { return string(r.ID) }

// String shows the reply as JSON: printed with %v, a json.RawMessage
// shows its bytes as numbers.
func (r reply) String() string {
	b, err := json.Marshal(r)
	if err != nil {
		return "(not JSON: " + err.Error() + ")"
	}
	return string(b)
}

// startRaw starts the server on a StdioTransport with the given limits (0:
// the defaults) and initializes the session.
func startRaw(t testing.TB, opts Options, maxFrame, maxDepth int) *raw {
	return startWith(t, opts, maxFrame, maxDepth, `{}`)
}

// startWith is startRaw with the client's capabilities.
func startWith(t testing.TB, opts Options, maxFrame, maxDepth int, capabilities string) *raw {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &raw{in: inW, lines: make(chan string, 16), done: make(chan struct{})}
	go func() {
		r.err = Serve(context.Background(), &StdioTransport{Reader: inR, Writer: outW, MaxFrame: maxFrame, MaxDepth: maxDepth}, opts)
		outW.Close()
		close(r.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
		close(r.lines)
		io.Copy(io.Discard, outR)
	}()
	t.Cleanup(func() {
		inW.Close()
		go func() { // what a failed test left unread, so the server can end
			for range r.lines {
			}
		}()
		<-r.done
	})
	r.send(t, `{"jsonrpc":"2.0","id":"osmosis-init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":`+capabilities+`,"clientInfo":{"name":"raw","version":"1"}}}`)
	if rep := r.next(t); rep.id() != `"osmosis-init"` || rep.Error != nil {
		t.Fatalf("initialize: %+v", rep)
	}
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return r
}

func (r *raw) send(t testing.TB, line string) {
	t.Helper()
	if _, err := io.WriteString(r.in, line+"\n"); err != nil {
		t.Fatalf("the server stopped reading: %v", err)
	}
}

// line reads the next line the server writes.
func (r *raw) line(t testing.TB) string {
	t.Helper()
	line, ok := <-r.lines
	if !ok {
		<-r.done
		t.Fatalf("the server ended the session: %v", r.err)
	}
	return line
}

// next reads the next line the server writes, which must be one response.
func (r *raw) next(t testing.TB) reply {
	t.Helper()
	line := r.line(t)
	var rep reply
	if err := json.Unmarshal([]byte(line), &rep); err != nil {
		t.Fatalf("not a response: %v\n%.300s", err, line)
	}
	return rep
}

// until reads lines up to the response with id, and returns the lines
// before it.
func (r *raw) until(t testing.TB, id string) []string {
	t.Helper()
	var before []string
	for {
		line, ok := <-r.lines
		if !ok {
			<-r.done
			t.Fatalf("the server ended the session before answering %s: %v", id, r.err)
		}
		var rep reply
		if json.Unmarshal([]byte(line), &rep) == nil && rep.id() == id {
			return before
		}
		before = append(before, line)
	}
}

func nested(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// Every bad message is answered with a JSON-RPC error (or fails the
// server's own request it answers), and the session goes on: the good
// message after it is answered.
func TestBadMessagesKeepTheSession(t *testing.T) {
	call := func(id, args string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"check","arguments":` + args + `}}`
	}
	// the TypeScript SDK writes the id last
	idLast := `{"method":"tools/call","params":{"name":"check","arguments":{"text":"` + strings.Repeat("a", MaxFrame) + `","filename":"configs/training/a.toml"}},"jsonrpc":"2.0","id":"big"}`
	for _, c := range []struct {
		name, line string
		replies    int    // -1: an array of replies (a batch)
		id         string // of the error reply
		code       int
		message    string
	}{
		{"an argument nested 1,000 deep", call("1", `{"paths":`+nested(1000)+`}`), 1, "1", -32600, "1003 levels deep, over the limit of 64"},
		{"an argument nested 1,000,000 deep", call(`"deep"`, `{"paths":`+nested(1_000_000)+`}`), 1, `"deep"`, -32600, "levels deep"},
		{"arguments of more values than a message may hold", call("6", `{"paths":[`+strings.Repeat(`"a",`, MaxItems)+`"a"]}`), 1, "6", -32600, "more than 10000 values"},
		{"a notification nested too deep", `{"jsonrpc":"2.0","method":"notifications/progress","params":` + nested(100) + `}`, 1, "null", -32600, "levels deep"},
		{"a line that is not JSON", "hello", 1, "null", -32700, "not JSON"},
		{"a message cut short", `{"jsonrpc":"2.0","id":3,"method":"ping"`, 1, "null", -32700, "not JSON"},
		{"two messages on a line", `{"jsonrpc":"2.0","id":3,"method":"ping"} {"jsonrpc":"2.0","id":4,"method":"ping"}`, 1, "null", -32700, "not JSON"},
		{"a batch", `[{"jsonrpc":"2.0","id":4,"method":"ping"},{"jsonrpc":"2.0","id":5,"method":"tools/list"}]`, -1, "", -32600, "batches are not accepted"},
		{"an empty batch", `[]`, 1, "null", -32600, "batches are not accepted"},
		{"a batch of notifications", `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`, 1, "null", -32600, "batches are not accepted"},
		{"a frame over 16 MiB", call("6", `{"text":"`+strings.Repeat("x", MaxFrame)+`","filename":"configs/training/a.toml"}`), 1, "6", -32600, "over the limit of 16777216 bytes (16 MiB)"},
		{"a frame over 16 MiB, its id last", idLast, 1, `"big"`, -32600, "it was skipped"},
		{"not JSON-RPC", `{"foo":1}`, 1, "null", -32600, "not a JSON-RPC 2.0 message"},
		{"a number", `42`, 1, "null", -32600, "not a JSON-RPC 2.0 message"},
		{"null", `null`, 1, "null", -32600, "not a JSON-RPC 2.0 message"},
		{"another version", `{"jsonrpc":"1.0","id":7,"method":"ping"}`, 1, "7", -32600, "version"},
		{"an object as id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, 1, "null", -32600, "not a JSON-RPC 2.0 message"},
		{"a method that is no string", `{"jsonrpc":"2.0","id":8,"method":5}`, 1, "8", -32600, "not a JSON-RPC 2.0 message"},
		{"params that are no object", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":"check"}`, 1, "9", 0, ""},
		{"an unknown method", `{"jsonrpc":"2.0","id":10,"method":"nope"}`, 1, "10", -32601, ""},
		{"a blank line", "   \t", 0, "", 0, ""},
		{"an empty line", "", 0, "", 0, ""},
		{"a response nobody asked for", `{"jsonrpc":"2.0","id":11,"result":{}}`, 0, "", 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // a server and a workspace of its own
			r := startRaw(t, Options{Dir: newWorkspace(t)}, 0, 0)
			r.send(t, c.line)
			r.send(t, `{"jsonrpc":"2.0","id":"after","method":"tools/list"}`)
			got := r.until(t, `"after"`)
			for c.replies > len(got) { // the server may answer after the tools/list
				got = append(got, r.line(t))
			}
			if c.replies == -1 {
				var batch []reply
				if len(got) != 1 || json.Unmarshal([]byte(got[0]), &batch) != nil || len(batch) != 2 || batch[0].id() != "4" || batch[1].id() != "5" || batch[0].Error == nil || batch[0].Error.Code != c.code || !strings.Contains(batch[0].Error.Message, c.message) {
					t.Fatalf("want an array of two errors, for ids 4 and 5; got %.500q", got)
				}
				return
			}
			if len(got) != c.replies {
				t.Fatalf("want %d replies, got %.500q", c.replies, got)
			}
			if c.replies == 0 {
				return
			}
			var rep reply
			if err := json.Unmarshal([]byte(got[0]), &rep); err != nil || rep.id() != c.id || rep.Error == nil {
				t.Fatalf("want an error reply with id %s, got %.500s", c.id, got[0])
			}
			if c.code != 0 && (rep.Error.Code != c.code || !strings.Contains(rep.Error.Message, c.message)) {
				t.Fatalf("want code %d and a message with %q, got %d %q", c.code, c.message, rep.Error.Code, rep.Error.Message)
			}
			// and a call after it works
			r.send(t, call(`"check"`, `{"paths":["configs/training/base.toml"]}`))
			rep = r.next(t)
			if rep.id() != `"check"` || rep.Error != nil || !strings.Contains(string(rep.Result), "no problems in 1 file") {
				t.Fatalf("check after the bad message: %+v %s", rep, rep.Result)
			}
		})
	}
}

// A line may end in CR LF.
func TestLineEnds(t *testing.T) {
	r := startRaw(t, Options{Dir: newWorkspace(t)}, 0, 0)
	r.send(t, "{\"jsonrpc\":\"2.0\",\"id\":\"crlf\",\"method\":\"ping\"}\r")
	if rep := r.next(t); rep.id() != `"crlf"` || rep.Error != nil {
		t.Fatalf("CR LF: %+v", rep)
	}
	r.in.Close()
	<-r.done
	if r.err != nil {
		t.Fatalf("the session did not end cleanly at the end of the input: %v", r.err)
	}
}

// A response to the server's own request that is refused fails that
// request, and the tool call waiting on it with a tool error that says
// why: the call cannot know the client's roots, so it reads nothing.
func TestRefusedResponseFailsTheServersRequest(t *testing.T) {
	r := startWith(t, Options{Dir: newWorkspace(t)}, 0, 0, `{"roots":{"listChanged":true}}`)
	r.send(t, `{"jsonrpc":"2.0","id":"check","method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`)
	var ask struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	line := r.line(t)
	if json.Unmarshal([]byte(line), &ask) != nil || ask.Method != "roots/list" {
		t.Fatalf("want roots/list, got %s", line)
	}
	r.send(t, `{"jsonrpc":"2.0","id":`+string(ask.ID)+`,"result":{"roots":`+nested(200)+`}}`)
	rep := r.next(t)
	if rep.id() != `"check"` || rep.Error != nil || !strings.Contains(string(rep.Result), `"isError":true`) ||
		!strings.Contains(string(rep.Result), "was refused: Invalid response: the message nests") {
		t.Fatalf("the tool call after the refused response: %+v %s", rep, rep.Result)
	}
}

// An oversize frame is read and dropped in chunks: what the server
// allocates while it skips a 64 MiB line stays a small multiple of the
// limit (1 MiB here), whatever the line's length.
func TestOversizeFrameMemoryIsBounded(t *testing.T) {
	const limit = 1 << 20
	r := startRaw(t, Options{Dir: newWorkspace(t)}, limit, 0)
	chunk := []byte(strings.Repeat("a", 64<<10))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	io.WriteString(r.in, `{"jsonrpc":"2.0","id":"huge","method":"ping","params":{"x":"`)
	for range 1024 { // 64 MiB
		r.in.Write(chunk)
	}
	r.send(t, `"}}`)
	rep := r.next(t)
	runtime.ReadMemStats(&after)
	if rep.id() != `"huge"` || rep.Error == nil || rep.Error.Code != -32600 || !strings.Contains(rep.Error.Message, "67108927 bytes long") {
		t.Fatalf("want the refusal of the 64 MiB frame, got %+v %+v", rep, rep.Error)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*limit {
		t.Fatalf("skipping a 64 MiB frame allocated %d bytes; the limit is %d", alloc, limit)
	}
	r.send(t, `{"jsonrpc":"2.0","id":"next","method":"ping"}`)
	if rep := r.next(t); rep.id() != `"next"` || rep.Error != nil {
		t.Fatalf("after the frame: %+v", rep)
	}
}

// The nesting scan is constant in memory, and a line found too deep is
// not kept: refusing a message nested 4,000,000 deep (8 MB) allocates
// less than a megabyte.
func TestDeepMessageMemoryIsBounded(t *testing.T) {
	r := startRaw(t, Options{Dir: newWorkspace(t)}, 0, 0)
	line := []byte(`{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"check","arguments":{"paths":` + nested(4_000_000) + "}}}\n")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r.in.Write(line)
	rep := r.next(t)
	runtime.ReadMemStats(&after)
	if rep.id() != `"deep"` || rep.Error == nil || !strings.Contains(rep.Error.Message, "4000003 levels deep") {
		t.Fatalf("%+v", rep)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Fatalf("refusing a %d-byte message allocated %d bytes", len(line), alloc)
	}
}

func TestShape(t *testing.T) {
	for _, c := range []struct {
		in               string
		max              int
		id               string
		hasID, hasMethod bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, 1, "1", true, true},
		{`{"method":"m","params":{"id":5,"x":[1,{"id":6}]},"id":"a\"b"}`, 4, `"a\"b"`, true, true},
		{` { "id" : -1.5e3 , "result" : {} } `, 2, "-1.5e3", true, false},
		{`{"idx":1,"ids":[2],"xid":3}`, 2, "", false, false},
		{`{"id":{"a":[1]}}`, 3, `{"a":[1]}`, true, false},
		{`[{"id":1,"method":"ping"}]`, 2, "", false, false},
		{`{"s":"[[[{{{","id":2}`, 1, "2", true, false},
		{`{"id":"` + strings.Repeat("x", 300) + `"}`, 1, "", true, false},
	} {
		var s shape
		// fed in pieces of 3 bytes, as a line comes in chunks
		for i := 0; i < len(c.in); i += 3 {
			s.feed([]byte(c.in[i:min(i+3, len(c.in))]))
		}
		if s.max != c.max || string(s.idValue()) != c.id || s.hasID != c.hasID || s.hasMethod != c.hasMethod {
			t.Errorf("%.60s: max %d id %q hasID %v hasMethod %v", c.in, s.max, s.idValue(), s.hasID, s.hasMethod)
		}
	}
}

// peakWriter discards what is written, noting the most memory in use
// (after a collection) while it is written to.
type peakWriter struct {
	n    int
	peak uint64
}

func (w *peakWriter) Write(p []byte) (int, error) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	w.peak = max(w.peak, ms.HeapAlloc)
	w.n += len(p)
	return len(p), nil
}

// A batch of many small requests gets one error for each (each reply ten
// times the size of the request), written as the batch is read: the
// memory in use while it is written stays within 2x the batch (it is
// about none), where holding the replies took 21x.
func TestBatchReplyIsStreamed(t *testing.T) {
	if testing.Short() {
		t.Skip("a 4 MiB batch")
	}
	item := []byte(`{"id":1,"method":0},`)
	n := (4 << 20) / len(item)
	line := append([]byte("["), bytes.Repeat(item, n)...)
	line[len(line)-1] = ']'
	w := &peakWriter{}
	c := &lineConn{w: w, closed: make(chan struct{})}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := c.writeBatch(line); err != nil {
		t.Fatal(err)
	}
	if grew := w.peak - min(w.peak, before.HeapAlloc); grew > 2*uint64(len(line)) {
		t.Errorf("refusing a batch of %d bytes grew the heap by %d bytes (%.1fx)", len(line), grew, float64(grew)/float64(len(line)))
	}
	// the reply: one error for each, in one array on one line
	var replies []reply
	var out bytes.Buffer
	bw := bufio.NewWriter(&out)
	batchReply(line, bw)
	bw.Flush()
	if err := json.Unmarshal(out.Bytes(), &replies); err != nil || len(replies) != n || w.n != out.Len() || !bytes.HasSuffix(out.Bytes(), []byte("]\n")) {
		t.Fatalf("want %d replies in one array on one line, got %d (%v), %d bytes written of %d", n, len(replies), err, w.n, out.Len())
	}
	if r := replies[n-1]; r.id() != "1" || r.Error == nil || r.Error.Code != codeInvalidRequest {
		t.Fatalf("a reply: %+v", r)
	}
}

// A call of as many values as a message may hold is a call; one more is
// refused.
func TestItemsAtTheLimit(t *testing.T) {
	r := startRaw(t, Options{Dir: newWorkspace(t)}, 0, 0)
	line := func(id string, n int) string {
		paths := strings.Repeat(`"configs/training/base.toml",`, n-1) + `"configs/training/base.toml"`
		return `{"jsonrpc":"2.0","id":"` + id + `","method":"tools/call","params":{"name":"check","arguments":{"paths":[` + paths + `]}}}`
	}
	// the message's own values: its four members (three commas), params'
	// object and comma, arguments' object, the array: 8, and n-1 commas
	n := MaxItems - 7
	r.send(t, line("many", n))
	if rep := r.next(t); rep.id() != `"many"` || rep.Error != nil || !strings.Contains(string(rep.Result), "no problems in 1 file") {
		t.Fatalf("a call at the limit: %+v %.300s", rep.Error, rep.Result)
	}
	r.send(t, line("more", n+1))
	if rep := r.next(t); rep.id() != `"more"` || rep.Error == nil || rep.Error.Code != -32600 {
		t.Fatalf("a call over the limit: %+v %.300s", rep.Error, rep.Result)
	}
}
