package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// The method table agrees with the protocol: each method is one the client
// sends the server, of the kind (request or notification) the table says.
func TestMethodTableMatchesProtocol(t *testing.T) {
	registry := map[string]protocol.MethodInfo{}
	for _, m := range protocol.Methods {
		registry[m.Method] = m
	}
	for _, m := range methods {
		info, ok := registry[m.name]
		if !ok {
			t.Errorf("%s: not an LSP method", m.name)
			continue
		}
		if info.Direction != "clientToServer" && info.Direction != "both" {
			t.Errorf("%s: the server does not receive it (%s)", m.name, info.Direction)
		}
		if want := info.Kind == "notification"; m.notification != want {
			t.Errorf("%s: table says notification=%v, the protocol says %s", m.name, m.notification, info.Kind)
		}
		if want := info.ParamsType == ""; (m.params == paramsNone) != want {
			t.Errorf("%s: table says no params=%v, the protocol's params are %q", m.name, m.params == paramsNone, info.ParamsType)
		}
	}
}

// Initialize advertises exactly what the table's methods contribute: each
// method with a capability adds something of its own, and nothing in the
// initialize result comes from outside the table.
func TestCapabilitiesFromTable(t *testing.T) {
	for _, k := range []caps{{}, {pull: true, resolve: true}} {
		t.Run(fmt.Sprintf("pull=%v", k.pull), func(t *testing.T) {
			c := newClient(t, nil)
			var res struct {
				Capabilities map[string]any `json:"capabilities"`
			}
			c.mustCall("initialize", map[string]any{"processId": 1, "capabilities": k.json(), "rootUri": nil}, &res)
			got := leaves("", res.Capabilities)
			delete(got, "positionEncoding") // of the connection, not of a method
			cc := capsOf(clientCapsOf(t, k))
			want, by := map[string]string{}, map[string]string{}
			for _, m := range methods {
				if m.advertise == nil {
					continue
				}
				var sc protocol.ServerCapabilities
				m.advertise(cc, &sc)
				own := leaves("", asMap(t, sc))
				delete(own, "positionEncoding")
				if len(own) == 0 && k.pull {
					t.Errorf("%s: advertises nothing to a client that takes everything", m.name)
				}
				for p, v := range own {
					if w, ok := want[p]; ok && w != v {
						t.Errorf("%s sets %s to %s, another method to %s", m.name, p, v, w)
					}
					want[p] = v
					by[p] = m.name
				}
			}
			for p, v := range got {
				if w, ok := want[p]; !ok {
					t.Errorf("initialize advertises %s, which no method of the table contributes", p)
				} else if v != w {
					t.Errorf("initialize advertises %s = %s, %s contributes %s", p, v, by[p], w)
				}
			}
			for p := range want {
				if !hasPath(got, p) {
					t.Errorf("%s contributes %s, missing from the initialize result", by[p], p)
				}
			}
		})
	}
}

// Every method of the table answers absent and null params with invalid
// params (-32602), never method not found or a crash; every method outside
// it is not found (-32601), whatever its params.
func TestMethodsMissingParams(t *testing.T) {
	// initialize, before the handshake (after it, it is refused whatever
	// its params)
	fresh := newRawClient(t, nil)
	for i, p := range []string{``, `,"params":null`} {
		fresh.write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"initialize"%s}`, i+1, p)))
		if r := fresh.reply(fmt.Sprint(i + 1)); r.Error == nil || r.Error.Code != -32602 {
			t.Errorf("initialize with params %q: %+v, want invalid params (-32602)", p, r.Error)
		}
	}

	root := newWorkspace(t, nil)
	rc := newRawClient(t, nil)
	rc.initialize(root)
	id := 100
	send := func(method, params string) rawMsg {
		id++
		rc.write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q%s}`, id, method, params)))
		return rc.reply(fmt.Sprint(id))
	}
	notify := func(method, params string) {
		rc.write(frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":%q%s}`, method, params)))
		id++
		rc.alive(id) // the server goes on
	}
	for _, m := range methods {
		if m.params != paramsRequired || m.name == protocol.MethodInitialize {
			continue
		}
		for _, p := range []string{``, `,"params":null`, `,"params": null `} {
			if m.notification {
				notify(m.name, p)
				continue
			}
			if r := send(m.name, p); r.Error == nil || r.Error.Code != -32602 {
				t.Errorf("%s with params %q: %+v, want invalid params (-32602)", m.name, p, r.Error)
			}
		}
	}
	outside := []string{"foo/bar", "$/unknown", "textDocument/hover/x"}
	for _, m := range protocol.Methods {
		// $/cancelRequest is the connection's, before any method (cancel.go)
		if byName[m.Method] == nil && m.Direction != "serverToClient" && m.Method != protocol.MethodCancelRequest {
			outside = append(outside, m.Method)
		}
	}
	for _, name := range outside {
		for _, p := range []string{``, `,"params":null`, `,"params":{}`, `,"params":[]`} {
			if r := send(name, p); r.Error == nil || r.Error.Code != -32601 {
				t.Errorf("%s (outside the table) with params %q: %+v, want method not found (-32601)", name, p, r.Error)
			}
		}
		notify(name, `,"params":{}`)
	}
	if strings.Contains(rc.logs.String(), "panic") {
		t.Errorf("a handler panicked:\n%s", rc.logs.String())
	}
	// shutdown takes no params, and answers without them
	if r := send(protocol.MethodShutdown, ``); r.Error != nil {
		t.Errorf("shutdown without params: %+v", r.Error)
	}
}

// clientCapsOf is the protocol form of the test client's capabilities.
func clientCapsOf(t *testing.T, k caps) protocol.ClientCapabilities {
	t.Helper()
	raw, err := json.Marshal(k.json())
	if err != nil {
		t.Fatal(err)
	}
	var c protocol.ClientCapabilities
	if err := protocol.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func asMap(t *testing.T, v any) map[string]any {
	t.Helper()
	raw, err := protocol.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// leaves are the paths of the values in m that are set and are not objects
// (or objects with nothing set in them), with the values in JSON.
func leaves(prefix string, m map[string]any) map[string]string {
	out := map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := k
		if prefix != "" {
			p = prefix + "." + k
		}
		if sub, ok := m[k].(map[string]any); ok {
			if in := leaves(p, sub); len(in) > 0 {
				maps.Copy(out, in)
				continue
			}
			// an object with nothing set in it is set itself
			out[p] = "{}"
			continue
		}
		switch m[k] {
		case false, "", 0.0, nil: // what a capability is when not set
			continue
		}
		raw, _ := json.Marshal(m[k])
		out[p] = string(raw)
	}
	return out
}

// hasPath reports whether leaves hold p or a value inside it (an empty
// object one method advertises that another fills).
func hasPath(leaves map[string]string, p string) bool {
	if _, ok := leaves[p]; ok {
		return true
	}
	for q := range leaves {
		if strings.HasPrefix(q, p+".") {
			return true
		}
	}
	return false
}

// TestMarshalEscapes: a message never carries a control or bidirectional
// character raw (a file name or a value in a diagnostic, a hover): each is
// a \u escape, and the message decodes to the same text.
func TestMarshalEscapes(t *testing.T) {
	msg := "nl\n::error::x \x1b[31m \x1b]0;t\a \x7f \u0085 \u202e \u2066 \u2028"
	b, err := codec{}.Marshal(map[string]string{"message": msg})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range string(b) {
		if r < 0x20 || r >= 0x7f && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x2028 {
			t.Fatalf("raw %U in %q", r, b)
		}
	}
	var d map[string]string
	if err := (codec{}).Unmarshal(b, &d); err != nil || d["message"] != msg {
		t.Fatalf("reads back %q (%v)", d["message"], err)
	}
}
