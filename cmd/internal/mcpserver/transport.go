package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// The limits of one message on the stdio transport.
const (
	// MaxFrame bounds one message (one line) in bytes. A longer line is
	// refused with an error reply and skipped, read in chunks and never
	// held whole.
	MaxFrame = 16 << 20
	// MaxDepth bounds how deep arrays and objects nest in one message. The
	// tools' arguments are flat; the protocol's own messages nest a few
	// levels.
	MaxDepth = 64
	// MaxItems bounds the members and elements of one message (its commas
	// and containers, outside strings). The tools' arguments are decoded
	// as generic JSON before they are checked against the input schema,
	// which takes 20 to 40 times a small value's bytes: ten thousand is
	// more paths than a call names, and keeps a call's memory small.
	MaxItems = 10000
)

// StdioTransport is the server's transport over a byte stream:
// newline-delimited JSON-RPC, every line checked before the server
// decodes it, so that no message ends the session. A line that is not
// JSON is answered with a parse error (-32700, id null); a batch, a
// message nested deeper than MaxDepth, one over MaxFrame bytes or one
// that is no JSON-RPC 2.0 message is answered with an invalid-request
// error (-32600) carrying its id when it can be told. A refused response
// to one of the server's own requests fails that request instead (a
// response is never answered). Blank lines are skipped.
type StdioTransport struct {
	Reader io.Reader
	Writer io.Writer
	// MaxFrame and MaxDepth replace the limits when positive (tests).
	MaxFrame, MaxDepth int
}

// connect starts reading the lines.
func (t *StdioTransport) connect() *lineConn {
	c := &lineConn{
		w:        t.Writer,
		incoming: make(chan *message),
		closed:   make(chan struct{}),
		maxFrame: MaxFrame,
		maxDepth: MaxDepth,
	}
	if t.MaxFrame > 0 {
		c.maxFrame = t.MaxFrame
	}
	if t.MaxDepth > 0 {
		c.maxDepth = t.MaxDepth
	}
	go c.readLoop(bufio.NewReaderSize(t.Reader, 64<<10))
	return c
}

// lineConn is the connection of a StdioTransport. A goroutine reads the
// lines, answers the refused ones itself and hands the others, decoded,
// to the session one at a time.
type lineConn struct {
	w   io.Writer
	wmu sync.Mutex // one line at a time on w

	incoming chan *message // closed when reading ends, with err set
	err      error

	closeOnce sync.Once
	closed    chan struct{}

	maxFrame, maxDepth int
}

// errClosed is a write after the session ended.
var errClosed = errors.New("the connection is closed")

// write writes one message as one line.
func (c *lineConn) write(msg any) error {
	data, err := encode(msg)
	if err != nil {
		return fmt.Errorf("marshaling message: %w", err)
	}
	return c.writeLine(data)
}

func (c *lineConn) writeLine(data []byte) error {
	return c.writing(func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// writing runs f, which writes one line to w, alone: errClosed after the
// session ended.
func (c *lineConn) writing(f func(w io.Writer) error) error {
	select {
	case <-c.closed:
		return errClosed
	default:
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return f(c.w)
}

// close stops handing messages on. The reading goroutine ends at the next
// line or the end of the input (standard input cannot be interrupted).
func (c *lineConn) close() {
	c.closeOnce.Do(func() { close(c.closed) })
}

func (c *lineConn) readLoop(r *bufio.Reader) {
	defer close(c.incoming)
	for {
		f, err := readFrame(r, c.maxFrame, c.maxDepth)
		if f.size > 0 {
			msg, reply, batch := c.admit(f)
			var werr error
			switch {
			case batch:
				werr = c.writeBatch(f.line)
			case reply != nil:
				werr = c.writeLine(reply)
			}
			if werr != nil {
				c.err = werr
				return
			}
			if msg != nil {
				select {
				case c.incoming <- msg:
				case <-c.closed:
					c.err = io.EOF
					return
				}
			}
		}
		if err != nil { // the end of the input, after its last line
			c.err = err
			return
		}
	}
}

// frame is one line of input: its bytes without the line end, its size,
// and its shape. A line that is refused before it ends (too long, too
// deep) is not kept: line is nil.
type frame struct {
	line  []byte
	size  int
	long  bool
	shape shape
}

// readFrame reads the next line, keeping at most maxFrame bytes of it:
// the rest of a longer line, or of one that nests deeper than maxDepth, is
// read and dropped chunk by chunk, its shape taken on the way. An error
// comes with the line read before it (size > 0) when the input ends
// without a newline.
func readFrame(r *bufio.Reader, maxFrame, maxDepth int) (frame, error) {
	var f frame
	keep := true
	for {
		chunk, err := r.ReadSlice('\n')
		f.size += len(chunk)
		f.shape.feed(chunk)
		if f.size > maxFrame+2 { // the line end does not count
			f.long = true
		}
		if keep = keep && !f.long && f.shape.max <= maxDepth; keep {
			f.line = append(f.line, chunk...)
		} else {
			f.line = nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err == nil { // the size of the line, without its end
			f.size--
			if n := len(chunk); n >= 2 && chunk[n-2] == '\r' {
				f.size--
			}
		}
		if keep {
			f.line = bytes.TrimSuffix(bytes.TrimSuffix(f.line, []byte("\n")), []byte("\r"))
			f.long = len(f.line) > maxFrame
		}
		return f, err
	}
}

// JSON-RPC error codes of the replies the transport makes itself.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// admit decides on one line: the message to hand to the session, or the
// reply that refuses it (both nil for a blank line), or batch: the line is
// a batch, which writeBatch refuses.
func (c *lineConn) admit(f frame) (msg *message, reply []byte, batch bool) {
	sh := &f.shape
	switch {
	case f.long:
		msg, reply = c.refuse(sh, nil, codeInvalidRequest, fmt.Sprintf("the message is %d bytes long, over the limit of %s a message; it was skipped", f.size, sizeText(c.maxFrame)))
		return msg, reply, false
	case !sh.any:
		return nil, nil, false // blank
	case sh.max > c.maxDepth:
		msg, reply = c.refuse(sh, nil, codeInvalidRequest, fmt.Sprintf("the message nests arrays and objects %d levels deep, over the limit of %d; the tools' arguments are flat", sh.max, c.maxDepth))
		return msg, reply, false
	case sh.items > MaxItems && sh.top != '[': // a batch is refused item by item
		msg, reply = c.refuse(sh, nil, codeInvalidRequest, fmt.Sprintf("the message holds more than %d values, over the limit of a message; name directories instead of every config", MaxItems))
		return msg, reply, false
	}
	if !json.Valid(f.line) {
		var v any
		err := json.Unmarshal(f.line, &v)
		return nil, errorReply(nil, codeParseError, fmt.Sprintf("Parse error: the line is not JSON (%v); send each message as one JSON object on a line of its own", err)), false
	}
	if sh.top == '[' {
		return nil, nil, true
	}
	msg, err := decodeMessage(f.line)
	if err != nil {
		// the members as parsed (keys unescaped) tell the id of the reply
		msg, reply = c.refuse(sh, topLevel(f.line), codeInvalidRequest, fmt.Sprintf("not a JSON-RPC 2.0 message (%v)", err))
		return msg, reply, false
	}
	return msg, nil, false
}

// refuse answers a refused message: a request with an error reply to its
// id, a response to the server by failing the server's request it
// answers, anything else with an error reply with id null. top holds the
// message's top-level members when it could be parsed; else its shape
// tells what the scan of its bytes found (a message with an escaped key
// is never taken for a response then: the key may be "method").
func (c *lineConn) refuse(sh *shape, top map[string]json.RawMessage, code int64, msg string) (*message, []byte) {
	id, hasID, hasMethod := sh.idValue(), sh.hasID, sh.hasMethod
	if top != nil {
		id, hasID = top["id"]
		_, hasMethod = top["method"]
	}
	if !validID(id) {
		id, hasID = nil, false
	}
	if hasID && !hasMethod && (top != nil || !sh.keyEscaped) {
		return &message{id: id, refused: true, err: &wireError{Code: code, Message: "Invalid response: " + msg}}, nil
	}
	return nil, errorReply(id, code, "Invalid Request: "+msg)
}

// topLevel is the members of the JSON object line, nil when it is not one.
func topLevel(line []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	return m
}

// validID reports whether raw is a request id: a string or a number.
func validID(raw json.RawMessage) bool {
	if len(raw) == 0 || !json.Valid(raw) {
		return false
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}

// writeBatch refuses a batch: one error for each request in it (by id),
// all in one array as a batch is answered; a single error with id null
// when none has an id. The replies are written as the items are read, one
// line under the write lock: a batch of many small requests (each reply
// is ten times the size of `{"id":1,"method":0}`) is never held whole.
func (c *lineConn) writeBatch(line []byte) error {
	return c.writing(func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		batchReply(line, bw)
		return bw.Flush()
	})
}

// batchReply writes the reply to the batch line (valid JSON, an array)
// and its line end to w.
func batchReply(line []byte, w *bufio.Writer) {
	const msg = "Invalid Request: JSON-RPC batches are not accepted (MCP dropped them in 2025-06-18); send each message on a line of its own"
	d := json.NewDecoder(bytes.NewReader(line))
	n := 0
	if _, err := d.Token(); err == nil { // the [ of a valid array
		for d.More() {
			var it json.RawMessage
			if d.Decode(&it) != nil { // valid: never
				break
			}
			m := topLevel(it)
			id, hasID := m["id"]
			if _, hasMethod := m["method"]; hasID && hasMethod && validID(id) {
				if n == 0 {
					w.WriteByte('[')
				} else {
					w.WriteByte(',')
				}
				w.Write(errorReply(id, codeInvalidRequest, msg))
				n++
			}
		}
	}
	if n == 0 {
		w.Write(errorReply(nil, codeInvalidRequest, msg))
	} else {
		w.WriteByte(']')
	}
	w.WriteByte('\n')
}

// errorReply is a JSON-RPC error response to id (null when nil).
func errorReply(id json.RawMessage, code int64, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *wireError      `json:"error"`
	}{"2.0", id, &wireError{Code: code, Message: msg}})
	if err != nil { // id was checked; never
		panic("mcpserver: error reply: " + err.Error())
	}
	return b
}

// sizeText is n bytes, in MiB too when it is a whole number of them.
func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d bytes (%d MiB)", n, n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// maxIDBytes bounds the id a scan keeps.
const maxIDBytes = 256

// shape is what one pass over the bytes of a message tells, in constant
// memory and before it is parsed (or when it cannot be: too deep, too
// long): how deep it nests, its first byte, and for an object its
// top-level id and whether it has a method. Keys are compared as spelled
// (a key written with escapes is not recognized): the id is a best effort
// for the reply to a message that cannot be parsed.
type shape struct {
	depth, max int
	items      int  // commas and opened containers outside strings
	top        byte // the first byte that is not white space
	any        bool // top is set: the line is not blank
	inStr, esc bool

	wantKey bool   // at depth 1 of an object, before a key
	inKey   bool   // reading a key at depth 1
	key     []byte // the key read (up to 8 bytes)
	keyLong bool
	inID    bool // reading the value of "id"
	id      []byte
	idBad   bool

	hasID, hasMethod bool
	// keyEscaped: a top-level key was written with an escape, so it may
	// be "id" or "method" unseen
	keyEscaped bool
}

func (s *shape) feed(p []byte) {
	for i := 0; i < len(p); i++ {
		b := p[i]
		if s.inStr {
			if !s.esc && !s.inKey && !s.inID {
				// the inside of a string that is kept nowhere: to its end
				j := bytes.IndexAny(p[i:], `"\\`)
				if j < 0 {
					return
				}
				i += j
				b = p[i]
			}
			switch {
			case s.esc:
				s.esc = false
			case b == '\\':
				s.esc = true
				s.keyEscaped = s.keyEscaped || s.inKey
			case b == '"':
				s.inStr = false
				if s.inKey {
					s.inKey = false
					s.hasMethod = s.hasMethod || !s.keyLong && string(s.key) == "method"
					continue
				}
			}
			if s.inKey {
				s.addKey(b)
			} else if s.inID {
				s.addID(b)
			}
			continue
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		if !s.any {
			s.any, s.top = true, b
		}
		top := s.depth == 1 && s.top == '{'
		switch {
		case b == '"' && top && s.wantKey:
			s.inStr, s.inKey, s.wantKey = true, true, false
			s.key, s.keyLong = s.key[:0], false
			continue
		case b == ':' && top && !s.inID:
			if !s.keyLong && string(s.key) == "id" {
				s.hasID, s.inID, s.id, s.idBad = true, true, s.id[:0], false
			}
			continue
		case b == ',' && top:
			s.items++
			s.inID, s.wantKey = false, true
			continue
		case b == '}' && top:
			s.inID = false
		}
		switch b {
		case '"':
			s.inStr = true
		case ',':
			s.items++
		case '{', '[':
			s.items++
			s.depth++
			s.max = max(s.max, s.depth)
			if s.depth == 1 && b == '{' && s.top == '{' {
				s.wantKey = true
			}
		case '}', ']':
			if s.depth > 0 {
				s.depth--
			}
		}
		if s.inID {
			s.addID(b)
		}
	}
}

func (s *shape) addKey(b byte) {
	if len(s.key) < 8 {
		s.key = append(s.key, b)
	} else {
		s.keyLong = true
	}
}

func (s *shape) addID(b byte) {
	if len(s.id) < maxIDBytes {
		s.id = append(s.id, b)
	} else {
		s.idBad = true
	}
}

// idValue is the id found, nil when none or cut short.
func (s *shape) idValue() json.RawMessage {
	if !s.hasID || s.idBad || len(s.id) == 0 {
		return nil
	}
	return json.RawMessage(bytes.Clone(s.id))
}
