package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// fuzzTypes are the types the server decodes from clients, and encodes.
var fuzzTypes = []func() any{
	func() any { return new(CompletionItem) },
	func() any { return new(Diagnostic) },
	func() any { return new(CancelParams) },
	func() any { return new(DidChangeTextDocumentParams) },
	func() any { return new(CodeActionParams) },
	func() any { return new(InitializeParams) },
}

// FuzzRoundTrip: what decodes encodes without fail, and decoding then
// encoding reaches a fixed point: the bytes of the second encoding encode
// again to themselves and decode to the same value. (The second, not the
// first: an absent or empty URI encodes as "", which go.lsp.dev/uri reads
// as file:///.)
func FuzzRoundTrip(f *testing.F) {
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
		newV := fuzzTypes[int(kind)%len(fuzzTypes)]
		v := newV()
		if Unmarshal(data, v) != nil {
			return
		}
		b1, err := Marshal(v)
		if err != nil {
			t.Fatalf("%T decoded from %q does not encode: %v", v, data, err)
		}
		step := func(b []byte) (any, []byte) {
			t.Helper()
			w := newV()
			if err := Unmarshal(b, w); err != nil {
				t.Fatalf("%T: its own encoding %s does not decode: %v", v, b, err)
			}
			out, err := Marshal(w)
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

// FuzzUnmarshalIsEncodingJSON: Unmarshal (with its pooled decoders, reused
// from one input to the next) gives json.Unmarshal's value, and an error
// exactly when json.Unmarshal does.
func FuzzUnmarshalIsEncodingJSON(f *testing.F) {
	for _, seed := range []string{
		`{"textDocument":{"uri":"file:///a"},"position":{"line":1,"character":2}}`, ` {"id":1} `, `{"id":1} x`, `{"id":1}{"id":2}`,
		`{"label":"x","data":{"a":[1,2]}} `, "\t\n{}\r\n", `{"position":{"line":5}} }`, `{"id":"\ud800"}`, "{\"id\":\"\xff\"}", `null`, ``, ` `,
	} {
		f.Add(byte(0), []byte(seed))
	}
	types := append(fuzzTypes, func() any { return new(HoverParams) })
	f.Fuzz(func(t *testing.T, kind byte, data []byte) {
		newV := types[int(kind)%len(types)]
		for range 2 { // the second time with a decoder the first put back
			// a message before, with white space after its value
			_ = Unmarshal([]byte("{} \r\n"), newV())
			got, want := newV(), newV()
			gerr, werr := Unmarshal(data, got), json.Unmarshal(data, want)
			if (gerr == nil) != (werr == nil) {
				t.Fatalf("%T %q: Unmarshal error %v, json.Unmarshal error %v", got, data, gerr, werr)
			}
			if werr == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%T %q: Unmarshal %+v, json.Unmarshal %+v", got, data, got, want)
			}
		}
	})
}
