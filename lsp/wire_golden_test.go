package lsp

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestWireGolden records the exact bytes the server sends: the initialize
// result for a client that pulls diagnostics and one that has them pushed,
// a publishDiagnostics, the file-watcher registration and one answer of
// every request method it serves, on the example workspace. The bytes are
// kept as they came (only the temporary root is named $ROOT), so a change
// of field names, of omitted fields or of the encoding of unions shows as a
// diff of testdata/wire.golden.
func TestWireGolden(t *testing.T) {
	root := newWorkspace(t, nil)
	rootURI := docURI(root)
	var out bytes.Buffer
	record := func(what string, raw []byte) {
		t.Helper()
		if !json.Valid(raw) {
			t.Fatalf("%s: not JSON: %s", what, raw)
		}
		raw = bytes.ReplaceAll(raw, []byte(rootURI), []byte("file:///$ROOT"))
		raw = bytes.ReplaceAll(raw, []byte(root), []byte("$ROOT"))
		fmt.Fprintf(&out, "# %s\n%s\n\n", what, raw)
	}
	// call records the raw result of a request
	call := func(c *client, method string, params any) json.RawMessage {
		t.Helper()
		var res json.RawMessage
		c.mustCall(method, params, &res)
		record(method, res)
		return res
	}

	train := filepath.Join(root, "configs", "training", "multiply-long.toml")
	base := filepath.Join(root, "configs", "training", "multiply-baseline.toml")
	text := readFile(t, train)

	// a client that has diagnostics pushed
	push := newClient(t, nil)
	var init json.RawMessage
	push.mustCall("initialize", map[string]any{"processId": os.Getpid(), "capabilities": caps{}.json(), "rootUri": rootURI,
		"workspaceFolders": []map[string]any{{"uri": rootURI, "name": "ws"}}}, &init)
	record("initialize (push)", init)
	push.notify("initialized", map[string]any{})
	push.open(train, text)
	p := push.waitVersion(train, 1)
	record("textDocument/publishDiagnostics", p.raw)
	if code := push.shutdown(); code != 0 {
		t.Errorf("push client: exit code %d", code)
	}

	// a client that pulls, resolves and takes every kind of edit
	c := newClient(t, nil)
	c.mustCall("initialize", map[string]any{"processId": os.Getpid(), "capabilities": caps{pull: true, watch: true, refresh: true, resolve: true,
		docChanges: true, renameFiles: true, encodings: []string{"utf-8", "utf-16"}}.json(), "rootUri": rootURI,
		"workspaceFolders": []map[string]any{{"uri": rootURI, "name": "ws"}}}, &init)
	record("initialize (pull)", init)
	c.notify("initialized", map[string]any{})
	c.open(train, text)
	c.open(base, readFile(t, base))

	var full struct {
		ResultID string `json:"resultId"`
	}
	res := call(c, "textDocument/diagnostic", map[string]any{"textDocument": textDoc(train)})
	if err := json.Unmarshal(res, &full); err != nil {
		t.Fatal(err)
	}
	call(c, "textDocument/diagnostic", map[string]any{"textDocument": textDoc(train), "previousResultId": full.ResultID})

	// the workspace report's items in the order of their URIs (the server
	// lists the workspace in no particular order)
	var baseReport struct {
		ResultID string `json:"resultId"`
	}
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": textDoc(base)}, &baseReport)
	var ws struct {
		Items []json.RawMessage `json:"items"`
	}
	c.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{
		map[string]any{"uri": docURI(base), "value": baseReport.ResultID},
		map[string]any{"uri": docURI(filepath.Join(root, "configs", "eval", "multiply-eval.toml")), "value": "stale"},
	}}, &ws)
	slices.SortFunc(ws.Items, func(a, b json.RawMessage) int {
		var x, y struct {
			URI string `json:"uri"`
		}
		_ = json.Unmarshal(a, &x)
		_ = json.Unmarshal(b, &y)
		return strings.Compare(x.URI, y.URI)
	})
	for _, it := range ws.Items {
		record("workspace/diagnostic item", it)
	}
	var diags struct {
		Items []json.RawMessage `json:"items"`
	}
	_ = json.Unmarshal(res, &diags)

	doc := textDoc(train)
	at := func(needle string, delta int) pos { return posOf(t, text, needle, delta, false) }
	var list struct {
		Items []json.RawMessage `json:"items"`
	}
	res = call(c, "textDocument/completion", map[string]any{"textDocument": doc, "position": at("[training]", 0)})
	_ = json.Unmarshal(res, &list)
	if len(list.Items) == 0 {
		t.Fatal("no completion items")
	}
	var item json.RawMessage
	for _, it := range list.Items {
		if bytes.Contains(it, []byte(`"data"`)) {
			item = it
			break
		}
	}
	if item == nil {
		item = list.Items[0]
	}
	call(c, "completionItem/resolve", item)
	call(c, "textDocument/hover", map[string]any{"textDocument": doc, "position": at("lr", 0)})
	call(c, "textDocument/definition", map[string]any{"textDocument": doc, "position": at(`"multiply-agent"`, 2)})
	call(c, "textDocument/references", map[string]any{"textDocument": doc, "position": at(`"multiply-agent"`, 2), "context": map[string]any{"includeDeclaration": true}})
	call(c, "textDocument/documentSymbol", map[string]any{"textDocument": doc})
	call(c, "textDocument/codeAction", map[string]any{"textDocument": doc, "range": span(0, 0, uint32(strings.Count(text, "\n")+1), 0),
		"context": map[string]any{"diagnostics": diags.Items}})
	call(c, "textDocument/documentLink", map[string]any{"textDocument": doc})
	call(c, "textDocument/prepareRename", map[string]any{"textDocument": doc, "position": at(`"multiply-agent"`, 2)})
	call(c, "textDocument/prepareRename", map[string]any{"textDocument": doc, "position": at("[training]", 2)})
	call(c, "textDocument/rename", map[string]any{"textDocument": doc, "position": at(`"multiply-agent"`, 2), "newName": "adder"})
	call(c, "textDocument/foldingRange", map[string]any{"textDocument": doc})
	call(c, "textDocument/selectionRange", map[string]any{"textDocument": doc, "positions": []pos{at("lr", 1), at("[training]", 0)}})
	call(c, "textDocument/inlayHint", map[string]any{"textDocument": doc, "range": span(0, 0, 100, 0)})
	call(c, "workspace/symbol", map[string]any{"query": "multiply"})
	call(c, "workspace/willRenameFiles", map[string]any{"files": []map[string]any{{
		"oldUri": docURI(filepath.Join(root, "rollouts", "multiply-agent")), "newUri": docURI(filepath.Join(root, "rollouts", "adder")),
	}}})
	var regs []json.RawMessage
	for deadline := time.Now().Add(waitFor); len(regs) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("no client/registerCapability")
		}
		c.mu.Lock()
		regs = slices.Clone(c.registers)
		c.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	call(c, "shutdown", nil)
	for _, r := range regs {
		record("client/registerCapability", r)
	}
	c.notify("exit", nil)
	if code := c.exitCode(); code != 0 {
		t.Errorf("exit code %d", code)
	}

	golden := filepath.Join("testdata", "wire.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./lsp -run TestWireGolden -update writes it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		got := strings.Split(out.String(), "\n")
		exp := strings.Split(string(want), "\n")
		for i := 0; i < max(len(got), len(exp)); i++ {
			g, e := "", ""
			if i < len(got) {
				g = got[i]
			}
			if i < len(exp) {
				e = exp[i]
			}
			if g != e {
				t.Errorf("line %d:\n got: %s\nwant: %s", i+1, g, e)
			}
		}
		t.Errorf("the wire bytes differ from %s (-update rewrites it)", golden)
	}
}
