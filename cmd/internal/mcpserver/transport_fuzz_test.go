package mcpserver

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzMessage feeds one line to a session with small limits (512 bytes a
// message, 8 levels), so that every refusal is reached by small inputs,
// then pings. The invariant: the session stays alive (the pings are
// answered), and the line gets exactly one reply, unless it is blank (none)
// or shaped like a notification or a response (at most one).
func FuzzMessage(f *testing.F) {
	root := newWorkspace(f)
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check","arguments":{"paths":[[[[[[[[[[]]]]]]]]]]}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`[{"jsonrpc":"2.0","id":3,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":4,"result":{}}`,
		`hello`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > 4096 || bytes.Contains(line, []byte("osmosis-")) {
			t.Skip("too long, or spells the test's own ids")
		}
		line = bytes.ReplaceAll(line, []byte("\n"), []byte(" "))
		lo, hi := expectedReplies(line)
		r := startRaw(t, Options{Dir: root}, fuzzFrame, fuzzDepth)
		if _, err := r.in.Write(append(line, '\n')); err != nil {
			t.Fatal(err)
		}
		r.send(t, `{"jsonrpc":"2.0","id":"osmosis-a","method":"ping"}`)
		n := responses(r.until(t, `"osmosis-a"`))
		for n < lo { // a request the server answers after the ping
			n += responses([]string{r.line(t)})
		}
		r.send(t, `{"jsonrpc":"2.0","id":"osmosis-b","method":"ping"}`)
		n += responses(r.until(t, `"osmosis-b"`))
		if n < lo || n > hi {
			t.Fatalf("%q got %d replies, want %d to %d", line, n, lo, hi)
		}
	})
}

// The limits of the fuzzed sessions.
const fuzzFrame, fuzzDepth = 512, 8

// depth is how deep arrays and objects nest in line, strings skipped.
func depth(line []byte) int {
	d, most, inStr, esc := 0, 0, false, false
	for _, b := range line {
		switch {
		case inStr && esc:
			esc = false
		case inStr:
			esc, inStr = b == '\\', b != '"'
		case b == '"':
			inStr = true
		case b == '{' || b == '[':
			d++
			most = max(most, d)
		case (b == '}' || b == ']') && d > 0:
			d--
		}
	}
	return most
}

// expectedReplies is how many replies a line must get, told from its JSON
// alone: none for a blank line, at most one for an object with a method
// and no id (a notification) or an id and no method (a response), else
// exactly one.
func expectedReplies(line []byte) (lo, hi int) {
	if len(bytes.Trim(line, " \t\r")) == 0 {
		return 0, 0
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		// a line within the limits that is not JSON: a parse error; one
		// too deep or too long is not parsed but scanned, and one that
		// reads as a response fails the server's request instead
		if len(line) > fuzzFrame || depth(line) > fuzzDepth {
			if bytes.Contains(line, []byte(`"id"`)) {
				return 0, 1
			}
		}
		return 1, 1
	}
	if m != nil {
		id, hasID := m["id"]
		hasID = hasID && string(bytes.TrimSpace(id)) != "null"
		if _, hasMethod := m["method"]; hasMethod != hasID {
			return 0, 1
		}
	}
	return 1, 1
}

// responses counts the JSON-RPC responses (or arrays of them) in lines.
func responses(lines []string) int {
	n := 0
	for _, l := range lines {
		var m map[string]json.RawMessage
		if json.Unmarshal([]byte(l), &m) == nil && (m["result"] != nil || m["error"] != nil) {
			n++
		} else if bytes.HasPrefix(bytes.TrimSpace([]byte(l)), []byte("[")) {
			n++
		}
	}
	return n
}
