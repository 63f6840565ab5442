package lsp

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// A check superseded by the next edit stops before its rules, with the
// context's error, and publishes nothing: the first diagnostics of the
// document are those of the newest version.
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
