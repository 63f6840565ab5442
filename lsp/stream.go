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
	conn io.ReadWriteCloser
	buf  []byte // input read but not consumed
	err  error  // the error that ended the input
	out  jsonrpc2.Stream
	log  *log.Logger
}

func newStream(rwc io.ReadWriteCloser, logger *log.Logger) *stream {
	return &stream{conn: rwc, out: jsonrpc2.NewHeaderStream(rwc), log: logger}
}

var contentLength = []byte("content-length:")

// Read returns the next message that decodes, answering the frames that do
// not. A message borrows nothing: its bytes are never overwritten.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
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
		i := bytes.IndexByte(s.buf, '\n')
		if i < 0 {
			if len(s.buf) > maxHeaderLine {
				// garbage without a newline: drop it, but keep what may be
				// the start of a header at its end
				drop := len(s.buf) - (len(contentLength) - 1)
				if j := indexFold(s.buf, contentLength); j > 0 {
					drop = j
				} else if j == 0 {
					drop = len(contentLength)
				}
				s.buf = s.buf[drop:]
				skipped += drop
				n = -1
				continue
			}
			if err := s.fill(); err != nil {
				if err == io.EOF && (size > 0 || len(s.buf) > 0) {
					err = io.ErrUnexpectedEOF
				}
				return 0, 0, err
			}
			continue
		}
		line := s.buf[:i+1]
		if j := indexFold(line, contentLength); j > 0 {
			s.buf = s.buf[j:]
			skipped += j
			n = -1
			continue
		}
		s.buf = s.buf[i+1:]
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
	for len(s.buf) < n {
		if err := s.fillAtLeast(n - len(s.buf)); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	b := s.buf[:n:n]
	s.buf = s.buf[n:]
	return b, nil
}

func (s *stream) fill() error { return s.fillAtLeast(1) }

// fillAtLeast reads once, with room for at least want more bytes. Bytes
// before len(s.buf) are never written again, so slices handed out stay
// valid.
func (s *stream) fillAtLeast(want int) error {
	if s.err != nil {
		return s.err
	}
	if room := cap(s.buf) - len(s.buf); room < readChunk || room < want {
		nb := make([]byte, len(s.buf), len(s.buf)+max(want, readChunk))
		copy(nb, s.buf)
		s.buf = nb
	}
	k, err := s.conn.Read(s.buf[len(s.buf):cap(s.buf)])
	s.buf = s.buf[:len(s.buf)+k]
	if err != nil {
		s.err = err
		if k > 0 {
			return nil
		}
		return err
	}
	return nil
}

// unread puts b back in front of the input.
func (s *stream) unread(b []byte) {
	s.buf = append(append(make([]byte, 0, len(b)+len(s.buf)+readChunk), b...), s.buf...)
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
