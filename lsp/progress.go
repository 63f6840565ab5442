package lsp

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// progress is a work-done progress the server shows on a client that
// shows them (window.workDoneProgress): the workspace scan, in VS Code's
// status bar and Neovim's progress messages, with how many configs are
// checked. The token is created on the client in the background, and
// nothing is sent under it before the client has answered (the work does
// not wait for a client that is slow to); its reports are sent when the
// whole percentage changes, at most a hundred for any size of workspace.
// A nil *progress does nothing: the client does not show progress.
type progress struct {
	s     *Server
	token protocol.ProgressToken
	title string

	mu     sync.Mutex
	total  int
	done   int
	shown  uint32 // the percentage last sent
	ready  bool   // the client made the token: begin is sent
	ended  bool
	failed bool // the client refused the token: nothing is sent
}

// progressTokens numbers the progress tokens of the process.
var progressTokens atomic.Int64

// beginProgress begins a progress of total steps.
func (s *Server) beginProgress(title string, total int) *progress {
	if !s.caps().progress || total <= 0 {
		return nil
	}
	p := &progress{s: s, title: title, total: total, token: protocol.String(fmt.Sprintf("osmosis-lint/%d", progressTokens.Add(1)))}
	s.background("work-done progress", func() {
		ctx, cancel := context.WithTimeout(s.ctx, refreshTimeout)
		err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: p.token})
		cancel()
		p.mu.Lock()
		defer p.mu.Unlock()
		if err != nil {
			p.failed = true
			s.log.Printf("work-done progress: %v", err)
			return
		}
		p.ready = true
		p.shown = p.percent()
		p.send(&protocol.WorkDoneProgressBegin{Kind: "begin", Title: p.title, Message: p.message(), Percentage: &p.shown})
		if p.ended {
			p.send(&protocol.WorkDoneProgressEnd{Kind: "end", Message: p.message()})
		}
	})
	return p
}

// add counts n steps done.
func (p *progress) add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = min(p.done+n, p.total)
	if pct := p.percent(); p.ready && !p.ended && pct > p.shown {
		p.shown = pct
		p.send(&protocol.WorkDoneProgressReport{Kind: "report", Message: p.message(), Percentage: &pct})
	}
}

// end ends the progress, with what was done.
func (p *progress) end() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended {
		return
	}
	p.ended = true
	if p.ready {
		p.send(&protocol.WorkDoneProgressEnd{Kind: "end", Message: p.message()})
	}
}

func (p *progress) percent() uint32 { return uint32(p.done * 100 / p.total) }

func (p *progress) message() *string {
	m := fmt.Sprintf("%s of %s configs", lint.Thousands(int64(p.done)), lint.Thousands(int64(p.total)))
	return &m
}

// send sends one value under the token, the lock held (values go out in
// the order they are made).
func (p *progress) send(value any) {
	b, err := protocol.Marshal(value)
	if err == nil {
		err = p.s.client.Progress(p.s.ctx, &protocol.ProgressParams{Token: p.token, Value: b})
	}
	if err != nil {
		p.s.log.Printf("work-done progress: %v", err)
	}
}
