package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// rest closes the client's side and returns every line the server writes
// until it ends: the answers of the calls still running come first.
func (r *raw) rest(t *testing.T) []string {
	t.Helper()
	r.in.Close()
	var lines []string
	for l := range r.lines {
		lines = append(lines, l)
	}
	<-r.done
	if r.err != nil {
		t.Fatalf("the server ended with %v", r.err)
	}
	return lines
}

func ids(lines []string) []string {
	var out []string
	for _, l := range lines {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal([]byte(l), &m) == nil && m.Method == "" {
			out = append(out, string(m.ID))
		}
	}
	return out
}

// A call that waits (here for the client's roots) holds up no other
// request: a ping is answered meanwhile. Cancelled, it is not answered;
// the session goes on.
func TestCallsRunConcurrentlyAndAreCancelled(t *testing.T) {
	r := startWith(t, Options{Dir: newWorkspace(t)}, 0, 0, `{"roots":{"listChanged":true}}`)
	r.send(t, `{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`)
	if l := r.line(t); !strings.Contains(l, `"method":"roots/list"`) {
		t.Fatalf("want roots/list, got %s", l)
	}
	r.send(t, `{"jsonrpc":"2.0","id":"p","method":"ping"}`)
	if rep := r.next(t); rep.id() != `"p"` || rep.Error != nil {
		t.Fatalf("the ping waited for the call: %+v", rep)
	}
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow","reason":"test"}}`)
	r.send(t, `{"jsonrpc":"2.0","id":"after","method":"tools/call","params":{"name":"rules","arguments":{}}}`)
	got := ids(r.rest(t))
	if strings.Join(got, " ") != `"after"` {
		t.Fatalf("want only the answer to the call after the cancelled one, got %v", got)
	}
}

// The calls running when the input ends are answered before the server
// returns: `echo '...' | osmosis-lint mcp` gets its answer.
func TestCallsAreAnsweredAtTheEndOfTheInput(t *testing.T) {
	r := startRaw(t, Options{Dir: newWorkspace(t)}, 0, 0)
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check","arguments":{}}}`)
	r.send(t, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"doctor","arguments":{}}}`)
	got := ids(r.rest(t))
	if len(got) != 2 {
		t.Fatalf("want the answers to both calls, got %v", got)
	}
}

// A panic in a tool is a tool error naming it.
func TestPanicIsAToolError(t *testing.T) {
	h := handle(func(context.Context, *callRequest, struct{}) (*result, int, error) { panic("boom") })
	_, _, err := h(context.Background(), &callRequest{}, struct{}{})
	if err == nil || !strings.Contains(err.Error(), "osmosis-lint internal error: boom") {
		t.Fatalf("got %v", err)
	}
}

// A session runs at most MaxRunning tool calls at once: one more is
// refused with an error, not queued; a ping is answered still, and the
// calls running are answered at the end.
func TestRunningCallsAreBounded(t *testing.T) {
	r := startWith(t, Options{Dir: newWorkspace(t)}, 0, 0, `{"roots":{}}`)
	for i := range MaxRunning { // each waits for the roots it asked
		r.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`, i))
		if l := r.line(t); !strings.Contains(l, `"method":"roots/list"`) {
			t.Fatalf("want roots/list, got %s", l)
		}
	}
	r.send(t, `{"jsonrpc":"2.0","id":"one-more","method":"tools/call","params":{"name":"rules","arguments":{}}}`)
	if rep := r.next(t); rep.id() != `"one-more"` || rep.Error == nil || rep.Error.Code != -32000 {
		t.Fatalf("want the call over the limit refused, got %+v", rep)
	}
	r.send(t, `{"jsonrpc":"2.0","id":"p","method":"ping"}`)
	if rep := r.next(t); rep.id() != `"p"` || rep.Error != nil {
		t.Fatalf("ping, with the calls at their limit: %+v", rep)
	}
	if got := ids(r.rest(t)); len(got) != MaxRunning {
		t.Fatalf("want the %d calls answered at the end of the input, got %d: %v", MaxRunning, len(got), got)
	}
}

// A request whose id is that of a call still running is refused (-32600,
// id null: the error is not the running call's answer), as JSON-RPC ids
// are unique among the requests in flight; the running call keeps its id:
// the client's cancellation of that id still reaches it. Ids are compared
// as JSON values ("\u0073low" is "slow").
func TestDuplicateIDInFlightIsRefused(t *testing.T) {
	r := startWith(t, Options{Dir: newWorkspace(t)}, 0, 0, `{"roots":{}}`)
	call := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`
	}
	r.send(t, call(`"slow"`))
	if l := r.line(t); !strings.Contains(l, `"method":"roots/list"`) {
		t.Fatalf("want roots/list, got %s", l)
	}
	for _, id := range []string{`"slow"`, `"\u0073low"`} {
		r.send(t, call(id))
		rep := r.next(t)
		if rep.id() != "null" || rep.Error == nil || rep.Error.Code != -32600 || !strings.Contains(rep.Error.Message, "slow") {
			t.Fatalf("a second call with the id %s of a running one: want -32600 with id null, got %s %+v", id, rep.ID, rep.Error)
		}
	}
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow"}}`)
	r.send(t, `{"jsonrpc":"2.0","id":"slow2","method":"ping"}`)
	if rep := r.next(t); rep.id() != `"slow2"` {
		t.Fatalf("want the ping answered, got %+v", rep)
	}
	if got := ids(r.rest(t)); len(got) != 0 {
		t.Fatalf("the cancelled call was answered: %v", got)
	}
}

// A cancellation names its request as a JSON value: a number written
// another way (1.0, 1e0) or a string with escapes is the same id.
func TestCancellationMatchesTheIDAsAValue(t *testing.T) {
	for _, spelled := range []string{`1.0`, `1e0`, `"\u0061"`} {
		id := `1`
		if spelled[0] == '"' {
			id = `"a"`
		}
		r := startWith(t, Options{Dir: newWorkspace(t)}, 0, 0, `{"roots":{}}`)
		r.send(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`)
		if l := r.line(t); !strings.Contains(l, `"method":"roots/list"`) {
			t.Fatalf("want roots/list, got %s", l)
		}
		r.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":`+spelled+`}}`)
		if got := ids(r.rest(t)); len(got) != 0 {
			t.Fatalf("the call %s cancelled as %s was answered: %v", id, spelled, got)
		}
	}
}

// syncWriter records what is written, for a test that reads it while the
// server may write.
type syncWriter struct {
	mu  sync.Mutex
	buf []byte
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}

// The requests other than tools/call are cheap: they are answered on the
// read loop, before the next message is read, so that a client that
// writes requests and never reads the answers stops the server reading
// rather than piling up goroutines waiting to write (memory stays
// bounded).
func TestCheapRequestsAreAnsweredInOrder(t *testing.T) {
	w := &syncWriter{}
	ss := &session{
		srv:     &server{opts: Options{Dir: t.TempDir()}},
		conn:    &lineConn{w: w, closed: make(chan struct{})},
		waiting: map[int64]chan *message{},
		running: map[string]*running{},
	}
	for i, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":4,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":5,"method":"nope"}`,
	} {
		msg, err := decodeMessage([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		ss.receive(context.Background(), msg)
		if got := strings.Count(w.String(), "\n"); got != i+1 {
			t.Fatalf("after %s: %d answers written, want %d", line, got, i+1)
		}
	}
	ss.calls.Wait()
}

// A call cancelled while it waits for the client's roots keeps no answer:
// the next call asks again (an empty list kept then would have every
// later call check the server's directory instead of the client's roots).
func TestCancelledRootsAreNotKept(t *testing.T) {
	ss := &session{
		srv:     &server{opts: Options{Dir: t.TempDir()}},
		conn:    &lineConn{w: &syncWriter{}, closed: make(chan struct{})},
		client:  &clientParams{Capabilities: map[string]json.RawMessage{"roots": json.RawMessage(`{}`)}},
		waiting: map[int64]chan *message{},
		running: map[string]*running{},
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if roots, err := ss.srv.clientRoots(ctx, ss); len(roots) != 0 || err != nil {
		t.Fatalf("roots without an answer: %v %v", roots, err)
	}
	ss.srv.mu.Lock()
	kept := ss.srv.roots
	ss.srv.mu.Unlock()
	if kept != nil {
		t.Fatalf("the roots of a cancelled call were kept: %#v", kept)
	}
}

// The client's answer to the server's request names its id as a JSON
// value: 1.0 answers the request 1 (it was dropped, and the call waiting
// for the roots waited on).
func TestAnswerIDIsAValue(t *testing.T) {
	r := startWith(t, Options{Dir: newWorkspace(t)}, 0, 0, `{"roots":{}}`)
	r.send(t, `{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"rules","arguments":{}}}`)
	if rep := r.next(t); rep.id() != `"c"` {
		t.Fatalf("rules: %+v", rep)
	}
	r.send(t, `{"jsonrpc":"2.0","id":"check","method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`)
	var ask struct {
		ID     int64  `json:"id"`
		Method string `json:"method"`
	}
	if err := json.Unmarshal([]byte(r.line(t)), &ask); err != nil || ask.Method != "roots/list" {
		t.Fatalf("want roots/list: %v %+v", err, ask)
	}
	r.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d.0,"result":{"roots":[]}}`, ask.ID))
	if rep := r.next(t); rep.id() != `"check"` || rep.Error != nil {
		t.Fatalf("want the check answered, got %+v", rep)
	}
}

// A client that gives no usable answer to the server's roots/list fails
// the tool call that asked, with a tool error that says why, and the
// next call asks again: an answer whose id is the number spelled as a
// string, a result that is no list of roots, a response the transport
// refuses, and a line that is no JSON or an answer to another id (no
// answer at all, until the wait ends). Each of these left the call
// unanswered, and after 32 of them every tool call was refused: here
// more than 32 are made, and each is answered.
func TestBadRootsAnswerFailsTheCall(t *testing.T) {
	r := startWith(t, Options{Dir: newWorkspace(t), answerWait: 50 * time.Millisecond}, 0, 0, `{"roots":{}}`)
	answers := []struct{ name, line, want string }{
		{"string id", `{"jsonrpc":"2.0","id":"$ID","result":{"roots":[]}}`, "is a string"},
		{"malformed", `{"jsonrpc":"2.0","id":$ID,"result":{"roots":5}}`, "is malformed"},
		{"no result", `{"jsonrpc":"2.0","id":$ID}`, "is malformed"},
		{"refused", `{"jsonrpc":"2.0","id":$ID,"error":"no"}`, "was refused"},
		{"not JSON", `{"jsonrpc":"2.0","id":$ID,"result":`, "did not answer"},
		{"another id", `{"jsonrpc":"2.0","id":9999,"result":{"roots":[]}}`, "did not answer"},
	}
	call := 0
	for call <= MaxRunning+len(answers) {
		for _, a := range answers {
			call++
			id := fmt.Sprintf(`"c%d"`, call)
			r.send(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`)
			var ask struct {
				ID     int64  `json:"id"`
				Method string `json:"method"`
			}
			if err := json.Unmarshal([]byte(r.line(t)), &ask); err != nil || ask.Method != "roots/list" {
				t.Fatalf("%s: want roots/list: %v %+v", a.name, err, ask)
			}
			r.send(t, strings.ReplaceAll(a.line, "$ID", fmt.Sprint(ask.ID)))
			for {
				rep := r.next(t)
				if rep.id() != id {
					continue // the transport's own error for a line it refused
				}
				var res struct {
					IsError bool `json:"isError"`
					Content []struct {
						Text string `json:"text"`
					} `json:"content"`
				}
				if rep.Error != nil || json.Unmarshal(rep.Result, &res) != nil || !res.IsError || len(res.Content) == 0 ||
					!strings.Contains(res.Content[0].Text, a.want) || !strings.Contains(res.Content[0].Text, "roots") {
					t.Errorf("%s: want a tool error saying %q, got %s %+v", a.name, a.want, rep.Result, rep.Error)
				}
				break
			}
		}
	}
}
