package lsp

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A check superseded by the next edit stops before its parse and rules,
// with the context's error, and publishes nothing: the first diagnostics
// of the document are those of the newest version.
func TestSupersededCheckStops(t *testing.T) {
	root := newWorkspace(t, nil)
	entered, release := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	var results []error
	path := filepath.Join(root, "configs", "training", "edited.toml")
	c := newClient(t, func(s *Server) {
		var once sync.Once
		s.hooks.check = func(p string) {
			if p == path {
				once.Do(func() { close(entered); <-release })
			}
		}
		s.hooks.checked = func(p string, err error) {
			if p == path {
				mu.Lock()
				results = append(results, err)
				mu.Unlock()
			}
		}
	})
	c.initialize(root, caps{})
	c.open(path, "[training]\nlerning_rate = 1\n")
	select {
	case <-entered:
	case <-time.After(waitFor):
		t.Fatal("the first check did not start")
	}
	v := c.change(path, whole("[training]\nlearning_rat = 1\n"))
	// a request handled after the change: the change is applied, and the
	// check of version 1 superseded, when it is answered
	var h any
	c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(path), "position": at(0, 2)}, &h)
	close(release)
	c.waitVersion(path, v)
	for _, p := range c.publications(path) {
		if p.Version == nil || *p.Version != v {
			t.Errorf("published for version %v, want only %d", p.Version, v)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(results) != 2 || !errors.Is(results[0], context.Canceled) || results[1] != nil {
		t.Errorf("checks ended with %v, want the first stopped (context canceled) and the second whole", results)
	}
}

// The first check of a document in a workspace not loaded yet does not
// wait for the workspace's index (every config read and parsed): its
// diagnostics, cross-file findings included, are published while the
// index is still being built, and references answer once it is.
func TestIndexBesideFirstCheck(t *testing.T) {
	root := newWorkspace(t, nil)
	release := make(chan struct{})
	var built atomic.Int32
	c := newClient(t, func(s *Server) {
		s.sess.indexing = func(string) {
			<-release
			built.Add(1)
		}
	})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free)
	c.initialize(root, caps{})
	path := filepath.Join(root, "configs", "training", "edited.toml")
	text := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"nope.py\"\nmodel_path = \"Qwen/Qwen3-8B\"\ndataset = \"multiply\"\n\n[training]\nlr = 1e-6\n"
	c.open(path, text)
	p := c.waitVersion(path, 1)
	if n := built.Load(); n != 0 {
		t.Fatalf("%d indexes built before the first diagnostics, want none", n)
	}
	if !slices.Contains(codes(p.Diagnostics), "entrypoint-not-found") {
		t.Errorf("first diagnostics %v, want the cross-file entrypoint-not-found", codes(p.Diagnostics))
	}
	free()
	var locs []location
	c.mustCall("textDocument/references", map[string]any{"textDocument": textDoc(path), "position": posOf(t, text, `"multiply-agent"`, 2, true), "context": map[string]any{"includeDeclaration": true}}, &locs)
	var got []string
	for _, l := range locs {
		got = append(got, rel(t, root, l.URI))
	}
	slices.Sort(got)
	if want := []string{"configs/eval/multiply-baseline.toml", "configs/training/edited.toml", "configs/training/multiply-baseline.toml", "configs/training/multiply-long.toml"}; !slices.Equal(got, want) {
		t.Errorf("references of the rollout = %v, want %v", got, want)
	}
	if built.Load() == 0 {
		t.Errorf("references answered without the index")
	}
}
