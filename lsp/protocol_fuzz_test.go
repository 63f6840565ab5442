package lsp

import (
	"bytes"
	"reflect"
	"testing"

	"go.lsp.dev/protocol"
)

// protocolFuzzTypes are the types the server decodes from clients, and
// encodes.
var protocolFuzzTypes = []func() any{
	func() any { return new(protocol.CompletionItem) },
	func() any { return new(protocol.Diagnostic) },
	func() any { return new(protocol.CancelParams) },
	func() any { return new(protocol.DidChangeTextDocumentParams) },
	func() any { return new(protocol.CodeActionParams) },
	func() any { return new(protocol.InitializeParams) },
}

// FuzzProtocolRoundTrip: what go.lsp.dev/protocol decodes from a client
// encodes without fail, and decoding then encoding reaches a fixed point:
// the bytes of the second encoding encode again to themselves and decode
// to the same value. (The second, not the first: an absent or empty URI
// encodes as "", which go.lsp.dev/uri reads as file:///.)
func FuzzProtocolRoundTrip(f *testing.F) {
	for _, seed := range []struct {
		kind byte
		json string
	}{
		{0, `{"label":"lr","kind":10,"documentation":"plain","textEdit":{"newText":"x","insert":{"start":{"line":0,"character":1},"end":{"line":0,"character":1}},"replace":{"start":{"line":0,"character":1},"end":{"line":0,"character":3}}},"data":{"list":1,"item":0}}`},
		{0, `{"label":"a","documentation":{"kind":"markdown","value":"<b>"},"command":{"title":"t","command":"c","arguments":[1,null]},"sortText":""}`},
		{1, `{"range":{"start":{"line":1,"character":2},"end":{"line":3,"character":4}},"message":"m","code":2304,"relatedInformation":[],"data":null}`},
		{1, `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":"m","code":"x\u00e9","tags":[1,2],"codeDescription":{"href":"https://x/y#z"}}`},
		{2, `{"id":"abc"}`}, {2, `{"id":-12}`}, {2, `{"id":null}`},
		{3, `{"textDocument":{"uri":"file:///a%20b.toml","version":3},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"rangeLength":1,"text":"y"},{"text":"\ud83d\ude80"}]}`},
		{4, `{"textDocument":{"uri":"file:///a"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{"diagnostics":[],"only":["quickfix"],"triggerKind":1}}`},
		{5, `{"processId":1,"rootUri":"file:///w","capabilities":{"general":{"positionEncodings":["utf-8"]},"workspace":{"workspaceEdit":{"documentChanges":true,"resourceOperations":["rename"]}}},"workspaceFolders":[{"uri":"file:///w","name":"w"}]}`},
	} {
		f.Add(seed.kind, []byte(seed.json))
	}
	f.Fuzz(func(t *testing.T, kind byte, data []byte) {
		newV := protocolFuzzTypes[int(kind)%len(protocolFuzzTypes)]
		v := newV()
		if protocol.Unmarshal(data, v) != nil {
			return
		}
		b1, err := protocol.Marshal(v)
		if err != nil {
			t.Fatalf("%T decoded from %q does not encode: %v", v, data, err)
		}
		step := func(b []byte) (any, []byte) {
			t.Helper()
			w := newV()
			if err := protocol.Unmarshal(b, w); err != nil {
				t.Fatalf("%T: its own encoding %s does not decode: %v", v, b, err)
			}
			out, err := protocol.Marshal(w)
			if err != nil {
				t.Fatalf("%T: %+v does not encode: %v", v, w, err)
			}
			return w, out
		}
		_, b2 := step(b1)
		w, b3 := step(b2)
		if !bytes.Equal(b2, b3) {
			t.Fatalf("%T: encodes as %s, then as %s", v, b2, b3)
		}
		if x, _ := step(b3); !reflect.DeepEqual(w, x) {
			t.Fatalf("%T: %s decodes to %+v, then to %+v", v, b3, w, x)
		}
	})
}
