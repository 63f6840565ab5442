package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// chunkReader hands out its input a few bytes at a time, as a pipe does.
type chunkReader struct {
	data  []byte
	sizes []byte
	reads int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := 1 + len(r.data)%7
	if len(r.sizes) > 0 {
		n = 1 + int(r.sizes[r.reads%len(r.sizes)])
	}
	r.reads++
	n = min(n, len(p), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

type fuzzConn struct {
	in  io.Reader
	out bytes.Buffer // what the stream answers
}

func (c *fuzzConn) Read(p []byte) (int, error)  { return c.in.Read(p) }
func (c *fuzzConn) Write(p []byte) (int, error) { return c.out.Write(p) }
func (*fuzzConn) Close() error                  { return nil }

// FuzzStream feeds the message framing any bytes, in chunks of any size.
// Invariants: reading ends (each message consumes input, and the end of
// the input ends the stream); the messages never claim more bytes than
// arrived; and frames with a true Content-Length that follow whatever came
// before come out whole and in order, each body exactly its declared
// length.
func FuzzStream(f *testing.F) {
	hover := `{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.toml"},"position":{"line":0,"character":0}}}`
	for _, seed := range []string{
		frame(hover),
		"Content-Length: 268435455\r\n\r\n{}",
		"Content-Length: 10\r\n\r\n" + hover + frame(hover),
		"garbage\r\n\r\nContent-Length: 2\r\n\r\n{}",
		"content-length:5\n\n[1,2]",
		"Content-Length: 99999999999999999999\r\n\r\n",
		"Content-Length: 3\r\nContent-Length: 4\r\n\r\nnull",
		"\r\n\r\n\r\n",
		frame(`{"jsonrpc":"2.0","method":"x","params":"Content-Length: 4\r\n\r\nnull"}`),
	} {
		f.Add([]byte(seed), []byte{3, 200, 0})
	}
	f.Fuzz(func(t *testing.T, data, sizes []byte) {
		if len(data) > 1<<16 {
			return
		}
		// any bytes
		in := &chunkReader{data: data, sizes: sizes}
		s := newStream(&fuzzConn{in: in}, log.New(io.Discard, "", 0))
		total := int64(0)
		for reads := 0; ; reads++ {
			if reads > len(data)+1 {
				t.Fatalf("%d messages from %d bytes", reads, len(data))
			}
			_, n, err := s.Read(context.Background())
			if err != nil {
				break
			}
			if n <= 0 {
				t.Fatalf("a message of %d bytes", n)
			}
			total += n
			if total > int64(len(data)) {
				t.Fatalf("messages claim %d bytes of %d", total, len(data))
			}
		}

		// the same bytes, then true frames: a blank line ends whatever
		// header the bytes left open, a frame that fails to decode is
		// answered, and the frames after it are read whole
		var frames []string
		for i := range 3 {
			p, _ := json.Marshal(fmt.Sprintf("%d:%x", i, data[:min(len(data), 40)]))
			frames = append(frames, fmt.Sprintf(`{"jsonrpc":"2.0","method":"m%d","params":%s}`, i, p))
		}
		var b bytes.Buffer
		b.Write(data)
		b.WriteString("\r\n\r\n")
		for _, fr := range frames {
			b.WriteString(frame(fr))
		}
		s = newStream(&fuzzConn{in: &chunkReader{data: b.Bytes(), sizes: sizes}}, log.New(io.Discard, "", 0))
		var got []string
		for reads := 0; reads <= b.Len()+1; reads++ {
			msg, _, err := s.Read(context.Background())
			if err != nil {
				break
			}
			if r, ok := msg.(*jsonrpc2.Notification); ok {
				got = append(got, fmt.Sprintf(`{"jsonrpc":"2.0","method":"%s","params":%s}`, r.Method(), r.Params()))
			}
		}
		if len(got) < len(frames) {
			// garbage can swallow a frame only by declaring a length
			// that covers it
			if !bytes.Contains(bytes.ToLower(data), []byte("content-length")) {
				t.Fatalf("read %d of the %d frames after %q", len(got), len(frames), data)
			}
			return
		}
		for i, fr := range frames {
			if want := got[len(got)-len(frames)+i]; want != fr {
				t.Fatalf("frame %d came out as %s, want %s", i, want, fr)
			}
		}
	})
}

// FuzzWireText decodes document text as protocol.Unmarshal decodes any
// other string: the same bytes, or an error for both.
func FuzzWireText(f *testing.F) {
	for _, seed := range []string{
		`"plain"`, `"a\nb\"c\\d\/e\tf"`, `"\u00e9\ud83d\ude80"`, `"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800"`,
		"\"\xff\xfe\"", "\"\x01\"", `"\x"`, `"\u12"`, `"\u12g4"`, "\"é🚀\"", `"`, `""`, `"\"`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want string
		werr := protocol.Unmarshal(raw, &want)
		var got wireText
		gerr := json.Unmarshal(raw, &got)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%q: protocol error %v, wire text error %v", raw, werr, gerr)
		}
		if werr == nil && string(got) != want {
			t.Fatalf("%q: wire text %q, protocol %q", raw, got, want)
		}
	})
}
