package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the generated files under testdata/ (the protocol golden, the tools' schemas)")

// exchange is one step of a recorded session: a line the client sends,
// and (for a request) the id whose response ends the step. Lines the
// server writes before that response (its own requests) are recorded
// too; answer, when set, is sent for the server's request with the
// method in it, its id substituted for $ID.
type exchange struct {
	send   string
	wait   string // the response id to wait for; "": a notification, waited for by a ping
	answer map[string]string
}

// protocolSessions are the sessions the golden records: every answer the
// protocol makes deterministic (the lifecycle, tools/list, a call of each
// tool, each kind of error).
var protocolSessions = []struct {
	name  string
	steps []exchange
}{
	{"lifecycle", []exchange{
		{send: `{"jsonrpc":"2.0","id":1,"method":"ping"}`, wait: "1"},
		{send: `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, wait: "2"},
		{send: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"rules","arguments":{}}}`, wait: "3"},
		{send: `{"jsonrpc":"2.0","id":4,"method":"initialize"}`, wait: "4"},
		{send: `{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"golden","version":"1"}}}`, wait: "5"},
		{send: `{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"golden","version":"1"}}}`, wait: "6"},
		{send: `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
		{send: `{"jsonrpc":"2.0","id":"p","method":"ping"}`, wait: `"p"`},
		{send: `{"jsonrpc":"2.0","id":"p2","method":"ping","params":{}}`, wait: `"p2"`},
		{send: `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, wait: "7"},
		{send: `{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"cursor":"x"}}`, wait: "8"},
	}},
	{"versions", []exchange{
		{send: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"golden","version":"1"}}}`, wait: "1"},
	}},
	{"version 2024-11-05", []exchange{
		{send: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"golden","version":"1"}}}`, wait: "1"},
	}},
	{"version 2025-11-25", []exchange{
		{send: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"golden","version":"1"}}}`, wait: "1"},
	}},
	{"version 2026-07-28 by initialize", []exchange{
		{send: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"golden","version":"1"}}}`, wait: "1"},
	}},
	{"tools", append(initialized(`{}`),
		exchange{send: `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/bad.toml"]}}}`, wait: "10"},
		exchange{send: `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"check","arguments":{}}}`, wait: "11"},
		exchange{send: `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"check","arguments":{"text":"[experiment]\nrollout = \"nope\" # <&>\n","filename":"configs/training/new.toml"}}}`, wait: "12"},
		exchange{send: `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"doctor"}}`, wait: "13"},
		exchange{send: `{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"explain","arguments":{"rule":"unknown-key"}}}`, wait: "14"},
		exchange{send: `{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"rules","arguments":{}}}`, wait: "15"},
		exchange{send: `{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"schema","arguments":{"kind":"eval"}}}`, wait: "16"},
		exchange{send: `{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"fix","arguments":{"paths":["configs/training/bad.toml"],"unsafe":true}}}`, wait: "17"},
		exchange{send: `{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"fix","arguments":{"paths":["configs/training/bad.toml"]}}}`, wait: "18"},
		exchange{send: `{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"doctor","arguments":{"dir":"configs"}}}`, wait: "19"},
	)},
	{"errors", append(initialized(`{}`),
		exchange{send: `{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"nope","arguments":{}}}`, wait: "20"},
		exchange{send: `{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"check","arguments":{"paths":"configs"}}}`, wait: "21"},
		exchange{send: `{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"check","arguments":{"bogus":1}}}`, wait: "22"},
		exchange{send: `{"jsonrpc":"2.0","id":23,"method":"tools/call","params":{"name":"explain","arguments":{}}}`, wait: "23"},
		exchange{send: `{"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":"schema","arguments":{"kind":"traning"}}}`, wait: "24"},
		exchange{send: `{"jsonrpc":"2.0","id":25,"method":"tools/call","params":{"name":"schema","arguments":{"kind":1}}}`, wait: "25"},
		exchange{send: `{"jsonrpc":"2.0","id":26,"method":"tools/call","params":{"name":"fix","arguments":{"write":"yes"}}}`, wait: "26"},
		exchange{send: `{"jsonrpc":"2.0","id":27,"method":"tools/call","params":{"name":"check","arguments":[]}}`, wait: "27"},
		exchange{send: `{"jsonrpc":"2.0","id":28,"method":"tools/call","params":{"name":"check","arguments":"x"}}`, wait: "28"},
		exchange{send: `{"jsonrpc":"2.0","id":29,"method":"tools/call","params":{"name":"rules","arguments":null}}`, wait: "29"},
		exchange{send: `{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"arguments":{}}}`, wait: "30"},
		exchange{send: `{"jsonrpc":"2.0","id":31,"method":"tools/call","params":"check"}`, wait: "31"},
		exchange{send: `{"jsonrpc":"2.0","id":32,"method":"tools/call"}`, wait: "32"},
		exchange{send: `{"jsonrpc":"2.0","id":33,"method":"nope"}`, wait: "33"},
		exchange{send: `{"jsonrpc":"2.0","method":"notifications/nope"}`},
		exchange{send: `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}`},
		exchange{send: `{"jsonrpc":"2.0","id":34,"method":"resources/list"}`, wait: "34"},
		exchange{send: `{"jsonrpc":"2.0","id":35,"method":"prompts/list"}`, wait: "35"},
		exchange{send: `{"jsonrpc":"2.0","id":36,"method":"logging/setLevel","params":{"level":"debug"}}`, wait: "36"},
		exchange{send: `{"jsonrpc":"2.0","id":37,"method":"completion/complete","params":{}}`, wait: "37"},
		exchange{send: `{"jsonrpc":"2.0","id":38,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs"],"text":null}}}`, wait: "38"},
		exchange{send: `{"jsonrpc":"2.0","id":39,"method":"tools/call","params":{"name":"check","arguments":{"paths":[1]}}}`, wait: "39"},
		exchange{send: `{"jsonrpc":"2.0","id":40,"method":"tools/call","params":{"name":"fix","arguments":{"paths":null,"unsafe":null}}}`, wait: "40"},
		exchange{send: `{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"name":"rules","arguments":{"x":1}}}`, wait: "41"},
		exchange{send: `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"explain","arguments":{"rule":null}}}`, wait: "42"},
		exchange{send: `{"jsonrpc":"2.0","id":43,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/missing.toml"]}}}`, wait: "43"},
		exchange{send: `{"jsonrpc":"2.0","id":44,"method":"tools/call","params":{"name":"check","arguments":{"text":"x = 1"}}}`, wait: "44"},
		exchange{send: `{"jsonrpc":"2.0","id":45,"method":"tools/call","params":{"name":"explain","arguments":{"rule":"unknwn-key"}}}`, wait: "45"},
		exchange{send: `{"jsonrpc":"2.0","id":46,"method":"tools/call","params":{"name":"schema","arguments":{}}}`, wait: "46"},
		exchange{send: `{"jsonrpc":"2.0","id":47,"method":"tools/call","params":{"name":"doctor","arguments":{"dir":7}}}`, wait: "47"},
		exchange{send: `{"jsonrpc":"2.0","id":48,"method":"tools/call","params":{"name":"schema","arguments":{"kind":"training","x":1}}}`, wait: "48"},
	)},
	{"roots", append(initialized(`{"roots":{"listChanged":true}}`),
		exchange{send: `{"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`, wait: "50",
			answer: map[string]string{"roots/list": `{"jsonrpc":"2.0","id":$ID,"result":{"roots":[{"uri":"file://$WS/configs","name":"ws"}]}}`}},
		exchange{send: `{"jsonrpc":"2.0","id":51,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`, wait: "51"},
		exchange{send: `{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}`},
		exchange{send: `{"jsonrpc":"2.0","id":52,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`, wait: "52",
			answer: map[string]string{"roots/list": `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32601,"message":"no roots"}}`}},
	)},
	{"sessionless 2026-07-28", []exchange{
		{send: `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"golden","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`, wait: "1"},
		{send: `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`, wait: "2"},
		{send: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`, wait: "3"},
		{send: `{"jsonrpc":"2.0","id":4,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`, wait: "4"},
		{send: `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2027-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}`, wait: "5"},
	}},
	{"roots without listChanged", append(initialized(`{"roots":{}}`),
		exchange{send: `{"jsonrpc":"2.0","id":60,"method":"tools/call","params":{"name":"check","arguments":{"paths":["configs/training/base.toml"]}}}`, wait: "60",
			answer: map[string]string{"roots/list": `{"jsonrpc":"2.0","id":$ID,"result":{"roots":[{"uri":"https://example.com/x"},{"uri":"file:///nowhere/at/all"}]}}`}},
	)},
}

// initialized is the handshake of a session whose client has capabilities.
func initialized(capabilities string) []exchange {
	return []exchange{
		{send: `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":` + capabilities + `,"clientInfo":{"name":"golden","version":"1"}}}`, wait: `"init"`},
		{send: `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
	}
}

// TestProtocolGolden records every line of the sessions above, each
// client line (>) and each server line (<), in testdata/protocol.golden,
// the workspace's path written $WS; the server must answer byte for byte
// as recorded.
func TestProtocolGolden(t *testing.T) {
	ws := newWorkspace(t)
	write(t, ws, ".git/config", "[remote \"origin\"]\n\turl = https://github.com/acme/ws.git\n")
	home := t.TempDir()
	var b strings.Builder
	for _, s := range protocolSessions {
		b.WriteString("## " + s.name + "\n")
		recordSession(t, &b, ws, Options{Version: "1.2.3", Dir: ws, Home: home}, s.steps)
	}
	got := strings.ReplaceAll(b.String(), home, "$HOME")
	got = strings.ReplaceAll(got, ws, "$WS")
	golden := filepath.Join("testdata", "protocol.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/internal/mcpserver -run TestProtocolGolden -update writes it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("the server's answers differ from %s at line %d (go test ./cmd/internal/mcpserver -run TestProtocolGolden -update rewrites it):\ngot  %.2000s\nwant %.2000s", golden, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("the server's answers differ from %s in length: %d lines, want %d (go test ./cmd/internal/mcpserver -run TestProtocolGolden -update rewrites it)", golden, len(gl), len(wl))
	}
}

func recordSession(t *testing.T, b *strings.Builder, ws string, opts Options, steps []exchange) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		serveForTest(context.Background(), inR, outW, opts)
		outW.Close()
	}()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	defer func() {
		inW.Close()
		<-done
	}()
	send := func(line string) {
		b.WriteString("> " + line + "\n")
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatalf("the server stopped reading: %v", err)
		}
	}
	for i, st := range steps {
		send(strings.ReplaceAll(st.send, "$WS", ws))
		wait := st.wait
		if wait == "" {
			wait = `"sync-` + string(rune('a'+i%26)) + `"`
			send(`{"jsonrpc":"2.0","id":` + wait + `,"method":"ping"}`)
		}
		for {
			var line string
			var ok bool
			select {
			case line, ok = <-lines:
			case <-time.After(time.Minute):
				t.Fatalf("no answer to %s", st.send)
			}
			if !ok {
				t.Fatalf("the server ended the session before answering %s", wait)
			}
			b.WriteString("< " + line + "\n")
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal([]byte(line), &m)
			if m.Method != "" && m.ID != nil {
				a, ok := st.answer[m.Method]
				if !ok {
					t.Fatalf("the server asked %s, which the step does not answer", line)
				}
				send(strings.ReplaceAll(strings.ReplaceAll(a, "$ID", string(m.ID)), "$WS", ws))
				continue
			}
			if m.Method == "" && string(m.ID) == wait {
				break
			}
		}
	}
}

// serveForTest serves one session over r and w, as `osmosis-lint mcp` does.
func serveForTest(ctx context.Context, r io.Reader, w io.Writer, opts Options) {
	_ = Serve(ctx, &StdioTransport{Reader: r, Writer: w}, opts)
}
