package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
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
