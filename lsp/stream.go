package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"strconv"

	"go.lsp.dev/jsonrpc2"
)

const (
	// maxMessage bounds the body of one message: a header asking for more
	// is taken as garbage rather than allocated.
	maxMessage = 256 << 20
	// maxHeaderLine bounds a header line; a longer run of bytes without a
	// newline is garbage.
	maxHeaderLine = 4 << 10
	// readChunk is the least room the input buffer is given for a read.
	readChunk = 64 << 10
)

// stream reads and writes LSP messages with Content-Length framing, like
// jsonrpc2's header stream, but lives through bad input, where jsonrpc2
// ends the connection at the first frame it cannot decode. A body that is
// not a JSON-RPC message is answered with a parse or invalid-request error;
// a broken header or a wrong Content-Length is skipped up to the next
// "Content-Length:" header.
type stream struct {
	conn  io.ReadWriteCloser
	store []byte // the input buffer: store[r:w] is read but not consumed
	r, w  int
	err   error // the error that ended the input
	out   jsonrpc2.Stream
	log   *log.Logger
}

func newStream(rwc io.ReadWriteCloser, logger *log.Logger) *stream {
	return &stream{conn: rwc, out: jsonrpc2.NewHeaderStream(rwc), log: logger}
}

var contentLength = []byte("content-length:")

// Read returns the next message that decodes, answering the frames that do
// not. As with jsonrpc2's streams, a request borrows the input buffer until
// the next Read.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	s.compact()
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		n, hdr, err := s.readHeader()
		if err != nil {
			return nil, 0, err
		}
		body, err := s.next(n)
		if err != nil {
			return nil, 0, err
		}
		msg, err := jsonrpc2.DecodeMessage(body)
		if err == nil {
			return msg, int64(hdr + n), nil
		}
		// A Content-Length that was too long swallowed the start of the
		// next frame: keep the message before it and read that frame
		// again. The rest of a body cut short by a Content-Length that
		// was too small is skipped by readHeader.
		if i := indexFold(body, contentLength); i > 0 {
			s.unread(body[i:])
			if msg, err := jsonrpc2.DecodeMessage(bytes.TrimSpace(body[:i])); err == nil {
				s.log.Printf("a message with a wrong Content-Length (%d)", n)
				return msg, int64(hdr + i), nil
			}
			body = body[:i]
		}
		s.reject(ctx, body, err)
	}
}

// readHeader reads a header block and returns the body length and the
// header's size. Lines that are not headers are skipped, as is a block
// without a usable Content-Length; a "Content-Length:" in the middle of a
// line (glued to the rest of a body) starts a new header.
func (s *stream) readHeader() (n, size int, err error) {
	n = -1
	skipped := 0
	defer func() {
		if skipped > 0 && err == nil {
			s.log.Printf("skipped %d bytes of input that were not a message", skipped)
		}
	}()
	for {
		buf := s.store[s.r:s.w]
		i := bytes.IndexByte(buf, '\n')
		if i < 0 {
			if len(buf) > maxHeaderLine {
				// garbage without a newline: drop it, but keep what may be
				// the start of a header at its end
				drop := len(buf) - (len(contentLength) - 1)
				if j := indexFold(buf, contentLength); j > 0 {
					drop = j
				} else if j == 0 {
					drop = len(contentLength)
				}
				s.r += drop
				skipped += drop
				n = -1
				continue
			}
			if err := s.fill(1); err != nil {
				if err == io.EOF && (size > 0 || len(buf) > 0) {
					err = io.ErrUnexpectedEOF
				}
				return 0, 0, err
			}
			continue
		}
		line := buf[:i+1]
		if j := indexFold(line, contentLength); j > 0 {
			s.r += j
			skipped += j
			n = -1
			continue
		}
		s.r += i + 1
		size += len(line)
		text := bytes.TrimRight(line, "\r\n")
		if len(text) == 0 {
			if n >= 0 {
				return n, size, nil
			}
			// no usable length: the body after this block cannot be
			// delimited and is skipped up to the next header
			skipped += len(line)
			continue
		}
		name, value, ok := bytes.Cut(text, []byte(":"))
		if !ok {
			skipped += len(line)
			n = -1
			continue
		}
		if bytes.EqualFold(bytes.TrimSpace(name), []byte("content-length")) {
			v, err := strconv.Atoi(string(bytes.TrimSpace(value)))
			if err != nil || v <= 0 || v > maxMessage {
				skipped += len(line)
				n = -1
				continue
			}
			n = v
		}
	}
}

// next consumes and returns the next n bytes of input.
func (s *stream) next(n int) ([]byte, error) {
	for s.w-s.r < n {
		if err := s.fill(n - (s.w - s.r)); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	b := s.store[s.r : s.r+n : s.r+n]
	s.r += n
	return b, nil
}

// compact moves the unconsumed input to the front of the buffer, at the
// start of a Read, when nothing read before is borrowed any more.
func (s *stream) compact() {
	if len(s.store) > 4*readChunk && s.w-s.r < readChunk {
		// a huge message has gone: let its buffer go too
		s.store, s.w, s.r = append(make([]byte, 0, readChunk), s.store[s.r:s.w]...)[:readChunk], s.w-s.r, 0
		return
	}
	if s.r > 0 {
		s.w = copy(s.store, s.store[s.r:s.w])
		s.r = 0
	}
}

// fill reads once, with room for at least want more bytes. Within a Read
// bytes before s.w are never moved or written, so the body it returns
// stays intact.
func (s *stream) fill(want int) error {
	if s.err != nil {
		return s.err
	}
	if room := len(s.store) - s.w; room < want || room == 0 {
		ns := make([]byte, max(2*len(s.store), s.w+max(want, readChunk)))
		copy(ns, s.store[:s.w])
		s.store = ns
	}
	k, err := s.conn.Read(s.store[s.w:])
	s.w += k
	if err != nil {
		s.err = err
		if k > 0 {
			return nil
		}
		return err
	}
	return nil
}

// unread puts b back in front of the input. b is the tail of what was
// consumed last (a body that swallowed the next frame), so it is usually
// still in place.
func (s *stream) unread(b []byte) {
	if s.r >= len(b) {
		s.r -= len(b)
		copy(s.store[s.r:], b)
		return
	}
	ns := make([]byte, len(b)+s.w-s.r+readChunk)
	copy(ns, b)
	w := len(b) + copy(ns[len(b):], s.store[s.r:s.w])
	s.store, s.r, s.w = ns, 0, w
}

// reject answers a frame that is not a message: a parse error for text that
// is not JSON, an invalid-request error for JSON that is not a request. The
// id is null, as it could not be read.
func (s *stream) reject(ctx context.Context, body []byte, err error) {
	code, text := jsonrpc2.ParseError, "osmosis-lint: the message is not valid JSON"
	if json.Valid(body) {
		code, text = jsonrpc2.InvalidRequest, "osmosis-lint: the message is not a JSON-RPC 2.0 request"
	}
	s.log.Printf("%s (%d bytes): %v", text, len(body), err)
	if _, werr := s.out.Write(ctx, jsonrpc2.NewResponse(jsonrpc2.ID{}, nil, jsonrpc2.NewError(code, text))); werr != nil {
		s.log.Printf("reply to a bad message: %v", werr)
	}
}

func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	return s.out.Write(ctx, msg)
}

func (s *stream) Close() error { return s.conn.Close() }

// indexFold is bytes.Index for an ASCII lower-case needle, ignoring case.
func indexFold(b, lower []byte) int {
	for i := 0; i+len(lower) <= len(b); i++ {
		c := b[i]
		if c|0x20 != lower[0] {
			continue
		}
		j := 1
		for ; j < len(lower); j++ {
			c := b[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return i
		}
	}
	return -1
}
