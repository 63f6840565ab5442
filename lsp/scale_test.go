package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A file of more unknown keys than the editor shows gets the first of them
// and one note that says how many more there are and how to see them all.
func TestManyFindingsBounded(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{})
	path := filepath.Join(root, "configs", "training", "many.toml")
	c.open(path, unknownKeys(maxIssuesPerRule+250))
	p := c.waitVersion(path, 1)
	unknown, notes := 0, 0
	for _, d := range p.Diagnostics {
		switch {
		case d.Code == "unknown-key":
			unknown++
		case d.Code == "" && strings.Contains(d.Message, "250 more problems") && strings.Contains(d.Message, "osmosis-lint check many.toml"):
			notes++
		}
	}
	if unknown != maxIssuesPerRule || notes != 1 {
		t.Errorf("%d unknown-key diagnostics and %d notes, want %d and 1", unknown, notes, maxIssuesPerRule)
	}
}

// While the server publishes the diagnostics of every config of a
// workspace, a document opened meanwhile is checked and answered first:
// with the scan held between two configs and the workspace index not yet
// built, the document's diagnostics are published and a hover on it is
// answered; then the scan goes on and publishes every config once, in the
// order of the workspace's listing, with the findings lintClosed gives
// each on its own.
func TestScanGivesWay(t *testing.T) {
	t.Parallel()
	const n, heldAt = 60, 10
	root := bigWorkspace(t, n)
	open := filepath.Join(root, "configs", "training", "team-0", "run-0.toml")
	held, release := make(chan struct{}), make(chan struct{})
	indexRelease := make(chan struct{})
	var scanChecks atomic.Int32
	c := newClient(t, func(s *Server) {
		s.hooks.check = func(path string) {
			if path == open {
				return
			}
			if scanChecks.Add(1) == heldAt {
				close(held)
			}
			if scanChecks.Load() >= heldAt {
				<-release
			}
		}
		s.sess.indexing = func(string) { <-indexRelease }
	})
	defer close(indexRelease)
	c.initialize(root, caps{})
	select {
	case <-held:
	case <-time.After(waitFor):
		close(release)
		t.Fatal("the scan never reached its tenth config")
	}
	floor.mu.Lock()
	holds, off := floor.holds, floor.off
	floor.mu.Unlock()
	if holds == 0 && !off {
		t.Error("the heap floor is not held during the scan")
	}
	text := readFile(t, open)
	c.open(open, text)
	c.waitVersion(open, 1)
	var hover struct {
		Contents json.RawMessage `json:"contents"`
	}
	c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(open), "position": posOf(t, text, "rollout_batch_size", 3, true)}, &hover)
	published := 0
	c.mu.Lock()
	for _, p := range c.pubs {
		if p.Version == nil {
			published++
		}
	}
	c.mu.Unlock()
	close(release)
	if len(hover.Contents) == 0 {
		t.Error("no hover on the open document")
	}
	// the open document is not scanned; every other config the workspace
	// lists is (the example workspace's among them)
	var listed []string
	for _, cf := range c.srv.sess.snapshot().spaces[root].ws.Snapshot.Configs() {
		if u := docURI(filepath.Join(root, filepath.FromSlash(cf.Path))); scanned(&cf) && u != docURI(open) {
			listed = append(listed, u)
		}
	}
	want := len(listed)
	if want < n-1 {
		t.Fatalf("the workspace lists %d configs the scan checks, want at least %d", want, n-1)
	}
	// a clean config is not published: those with findings are, in the
	// listing's order
	var withFindings []string
	snap := c.srv.sess.snapshot()
	for _, u := range listed {
		path, _ := filePath(uri.URI(u))
		if fs, _, _, err := c.srv.lintClosed(context.Background(), snap, path); err == nil && len(fs) > 0 {
			withFindings = append(withFindings, u)
		}
	}
	if len(withFindings) < want/4 {
		t.Fatalf("%d of the %d configs have findings: the workspace does not test the order", len(withFindings), want)
	}
	if published >= len(withFindings) {
		t.Errorf("the hover was answered after all %d configs were published", published)
	}
	c.waitScanned(1)
	var order []string
	c.mu.Lock()
	for _, p := range c.pubs {
		if p.Version == nil {
			order = append(order, p.URI)
		}
	}
	c.mu.Unlock()
	if !slices.Equal(order, withFindings) {
		t.Errorf("published\n%s\nwant the listing's order of the configs with findings\n%s", strings.Join(order, "\n"), strings.Join(withFindings, "\n"))
	}
}

// The workspace scan publishes for each config what the check of that
// file on its own (lintClosed) gives, whether it takes the listing's
// shared way (plain configs) or not (a symlinked one), on configs with
// findings of every stage and one that does not parse.
func TestScanFindingsAsClosed(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, map[string]string{
		"configs/training/bad.toml":    "[experiment]\nrollout = \"nowhere\"\nentrypoint = \"main.py\"\nmodel_path = \"x\"\nlerning_rate = 1\n[training]\nlr = -1\n",
		"configs/eval/broken.toml":     "[experiment\nrollout = \n",
		"configs/benchmark/empty.toml": "# nothing\n",
	})
	if err := os.Symlink("../eval/multiply-eval.toml", filepath.Join(root, "configs", "training", "linked.toml")); err != nil {
		t.Skip("no symlinks:", err)
	}
	c := start(t, root, caps{})
	s := c.srv
	var want map[string][]byte
	deadline := time.Now().Add(waitFor)
	for {
		snap := s.sess.snapshot()
		sp := snap.spaces[root]
		if sp != nil && want == nil {
			want = map[string][]byte{}
			for _, cf := range sp.ws.Snapshot.Configs() {
				if !scanned(&cf) {
					continue
				}
				path := filepath.Join(root, filepath.FromSlash(cf.Path))
				fs, d, _, err := s.lintClosed(context.Background(), snap, path)
				if err != nil {
					t.Fatal(err)
				}
				raw, err := protocol.Marshal(s.diagnostics(d, fs))
				if err != nil {
					t.Fatal(err)
				}
				want[docURI(path)] = raw
			}
			if len(want) < 8 { // the example's four, three more and the link
				t.Fatalf("%d configs listed: %v", len(want), sp.ws.Snapshot.Configs())
			}
		}
		got := map[string][]byte{}
		c.mu.Lock()
		for _, p := range c.pubs {
			var params struct {
				Diagnostics json.RawMessage `json:"diagnostics"`
			}
			_ = json.Unmarshal(p.raw, &params)
			got[p.URI] = params.Diagnostics
		}
		c.mu.Unlock()
		if want != nil && scanEnded(c) {
			clean := 0
			for u, w := range want {
				if string(w) == "[]" {
					// nothing is published for a clean config
					clean++
					if g, ok := got[u]; ok {
						t.Errorf("%s: published %s for a clean config", u, g)
					}
					continue
				}
				var a, b any
				_ = json.Unmarshal(w, &a)
				_ = json.Unmarshal(got[u], &b)
				if !reflect.DeepEqual(a, b) {
					t.Errorf("%s: published %s, the file on its own gives %s", u, got[u], w)
				}
			}
			if clean == 0 || clean == len(want) {
				t.Errorf("%d of %d configs are clean: want both kinds", clean, len(want))
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the scan did not end: %d of %d configs published", len(got), len(want))
		}
		select {
		case <-c.changed:
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// scanEnded reports whether a workspace scan's progress has ended.
func scanEnded(c *client) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.progress {
		if p.Value.Kind == "end" {
			return true
		}
	}
	return false
}

// discardClient takes the server's notifications and drops them, counting
// the publications.
type discardClient struct {
	quietClient
	published atomic.Int64
}

func (d *discardClient) PublishDiagnostics(context.Context, *protocol.PublishDiagnosticsParams) error {
	d.published.Add(1)
	return nil
}

// The workspace scan costs a bounded number of allocations and bytes a
// config, the diagnostics of each published included: the listing, the
// open of the root and the rollout paths are shared, and each config is
// parsed into the memory of the last.
func TestScanAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	const n = 200
	root := bigWorkspace(t, n)
	s := newServer(Options{Version: "test", Home: t.TempDir()})
	dc := &discardClient{}
	s.client, s.ctx = dc, context.Background()
	s.clientCaps.Store(capsOf(protocol.ClientCapabilities{}))
	s.sess.setFolders([]string{root})
	s.lintWorkspaces(context.Background(), s.sess.snapshot()) // loads the workspace, compiles the schemas
	s.sess.snapshot().spaces[root].index.get()
	configs := 0
	for c := range s.sess.snapshot().spaces[root].ws.Snapshot.AllConfigs() {
		if scanned(c) {
			configs++
		}
	}
	if published := int(dc.published.Load()); configs < n || published < configs/4 {
		t.Fatalf("%d configs scanned and %d published, want %d scanned and a quarter published", configs, published, n)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	allocs := testing.AllocsPerRun(3, func() { s.lintWorkspaces(context.Background(), s.sess.snapshot()) })
	runtime.ReadMemStats(&after)
	perConfig := allocs / float64(configs)
	bytes := float64(after.TotalAlloc-before.TotalAlloc) / 4 / float64(configs) // AllocsPerRun runs once more to warm up
	t.Logf("%.1f allocations and %.1f KB a config", perConfig, bytes/1024)
	if perConfig > maxScanAllocs || bytes > maxScanBytes {
		t.Errorf("%.1f allocations and %.1f KB a config, want at most %d and %d KB", perConfig, bytes/1024, maxScanAllocs, maxScanBytes/1024)
	}
}

// The budget of a scanned config of the example's (bigWorkspace), half of
// them with findings to publish: measured 73.3-73.4 allocations and 7.1 KB (go
// test -run TestScanAllocations -v ./lsp/, three runs), most of them the
// findings' diagnostics; the bound leaves a tenth for changes of the rules.
const (
	maxScanAllocs = 80
	maxScanBytes  = 8 << 10
)
