package lsp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// A client that shows work-done progress sees the workspace scan as one:
// begun on a token it made, reported as the share of configs checked
// rises (never falling, never more than once a percent), ended with every
// config counted.
func TestScanProgress(t *testing.T) {
	t.Parallel()
	root := bigWorkspace(t, 300)
	c := start(t, root, caps{})
	c.waitScanned(1)
	c.mu.Lock()
	values := append([]progressValue(nil), c.progress...)
	created := 0
	for _, m := range c.calls {
		if m == "window/workDoneProgress/create" {
			created++
		}
	}
	c.mu.Unlock()
	if created != 1 {
		t.Fatalf("%d window/workDoneProgress/create requests, want 1", created)
	}
	configs := 0
	for cf := range c.srv.sess.snapshot().spaces[root].ws.Snapshot.AllConfigs() {
		if scanned(cf) {
			configs++
		}
	}
	if len(values) < 3 || len(values) > 102 {
		t.Fatalf("%d progress values, want a begin, reports at most once a percent and an end", len(values))
	}
	if b := values[0].Value; b.Kind != "begin" || b.Title == "" || b.Percentage == nil {
		t.Errorf("first value %+v, want a begin with a title and a percentage", b)
	}
	last := uint32(0)
	for i, v := range values {
		if v.Token != values[0].Token {
			t.Errorf("value %d under token %q, the progress began under %q", i, v.Token, values[0].Token)
		}
		if i == 0 || i == len(values)-1 {
			continue
		}
		if v.Value.Kind != "report" || v.Value.Percentage == nil || *v.Value.Percentage <= last || *v.Value.Percentage > 100 {
			t.Fatalf("value %d: %+v after %d%%, want a report of a higher percentage", i, v.Value, last)
		}
		last = *v.Value.Percentage
	}
	end := values[len(values)-1].Value
	if n := lint.Thousands(int64(configs)); end.Kind != "end" || end.Message != n+" of "+n+" configs" {
		t.Errorf("last value %+v, want an end with every one of the %d configs", end, configs)
	}
}

// A client that does not declare window.workDoneProgress is sent no
// progress, and the scan is the same.
func TestScanWithoutProgress(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{noProgress: true})
	c.waitPub(filepath.Join(root, "configs", "eval", "multiply-eval.toml"), func(publication) bool { return true })
	c.settle(100 * time.Millisecond)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.progress) > 0 {
		t.Errorf("progress sent to a client that does not show it: %+v", c.progress)
	}
	for _, m := range c.calls {
		if m == "window/workDoneProgress/create" {
			t.Error("window/workDoneProgress/create sent to a client that does not show progress")
		}
	}
}

// progressClient records what a progress sends, and refuses or holds the
// creation of its token.
type progressClient struct {
	quietClient
	refuse  bool
	created chan struct{} // closed when the creation may be answered
	mu      sync.Mutex
	values  []string
}

func (c *progressClient) WorkDoneProgressCreate(ctx context.Context, p *protocol.WorkDoneProgressCreateParams) error {
	<-c.created
	if c.refuse {
		return errors.New("refused")
	}
	return nil
}

func (c *progressClient) Progress(_ context.Context, p *protocol.ProgressParams) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.values = append(c.values, string(p.Value))
	return nil
}

func progressServer(t *testing.T, c *progressClient) *Server {
	s := newServer(Options{Home: t.TempDir(), Log: &syncBuffer{}})
	s.client, s.ctx = c, context.Background()
	yes := true
	s.clientCaps.Store(capsOf(protocol.ClientCapabilities{Window: &protocol.WindowClientCapabilities{WorkDoneProgress: &yes}}))
	return s
}

// Nothing is sent under a token before the client has made it, and
// nothing at all when it refuses it; the work does not wait either way.
func TestProgressWaitsForItsToken(t *testing.T) {
	for _, refuse := range []bool{false, true} {
		t.Run(fmt.Sprint("refuse=", refuse), func(t *testing.T) {
			c := &progressClient{refuse: refuse, created: make(chan struct{})}
			s := progressServer(t, c)
			p := s.beginProgress("checking", 10)
			p.add(4)
			p.add(6)
			p.end()
			c.mu.Lock()
			early := len(c.values)
			c.mu.Unlock()
			if early != 0 {
				t.Fatalf("%d values sent before the token was made", early)
			}
			close(c.created)
			// the background creation sends what is due once answered
			deadline := time.Now().Add(waitFor)
			for {
				p.mu.Lock()
				answered := p.ready || p.failed
				p.mu.Unlock()
				if answered {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the token's creation was never answered")
				}
				time.Sleep(time.Millisecond)
			}
			c.mu.Lock()
			defer c.mu.Unlock()
			if refuse {
				if len(c.values) != 0 {
					t.Errorf("sent under a refused token: %v", c.values)
				}
				return
			}
			if len(c.values) != 2 || !strings.Contains(c.values[0], `"kind":"begin"`) || !strings.Contains(c.values[0], `"percentage":100`) ||
				!strings.Contains(c.values[1], `"kind":"end"`) || !strings.Contains(c.values[1], `10 of 10 configs`) {
				t.Errorf("values %v, want a begin at 100%% and an end", c.values)
			}
		})
	}
}
