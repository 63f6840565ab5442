package lsp

import (
	"context"
	"sync"

	"go.lsp.dev/uri"
)

// lintQueue checks and publishes configs that are not open, for clients
// that do not pull diagnostics: some paths, or every config of the
// workspaces. One run at a time: a run started on an older workspace
// could otherwise publish after a newer one, or clear a file the newer one
// found. A full run is cancelled when another is asked for or when the
// workspaces move on, and starts again on the new generation.
type lintQueue struct {
	s      *Server
	worker worker

	mu     sync.Mutex
	all    bool
	paths  map[string]bool
	cancel context.CancelFunc // of the full run under way
	// held: the session's scan gate is held for a full run, from the
	// moment one is asked for until none is asked for or under way (the
	// index of a workspace loaded meanwhile waits for it from the start)
	held bool
}

// schedule asks for the given paths to be checked, or every config of the
// workspaces when paths is nil.
func (q *lintQueue) schedule(paths []string) {
	q.mu.Lock()
	if paths == nil {
		q.all = true
		if !q.held {
			q.held = true
			q.s.sess.scans.begin()
		}
		if q.cancel != nil {
			q.cancel()
		}
	} else {
		if q.paths == nil {
			q.paths = map[string]bool{}
		}
		for _, p := range paths {
			q.paths[p] = true
		}
	}
	q.mu.Unlock()
	q.worker.kick(q.s, q.run)
}

// run works the queue until it is empty.
func (q *lintQueue) run() {
	for {
		snap := q.s.sess.snapshot()
		q.mu.Lock()
		all, paths := q.all, q.paths
		q.all, q.paths = false, nil
		var ctx context.Context
		if all {
			ctx, q.cancel = context.WithCancel(snap.ctx)
		}
		q.mu.Unlock()
		switch {
		case all:
			q.runAll(ctx, snap)
		case len(paths) > 0:
			for p := range paths {
				q.s.lintPath(p)
			}
		default:
			return
		}
	}
}

// runAll runs a full run, and releases the scan gate after it unless
// another is asked for (a run superseded is asked for again, on the new
// generation); a panic in it releases the gate too.
func (q *lintQueue) runAll(ctx context.Context, snap *snapshot) {
	defer func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		if ctx.Err() != nil {
			q.all = true
		}
		q.cancel()
		q.cancel = nil
		if !q.all && q.held {
			q.held = false
			q.s.sess.scans.end()
		}
	}()
	q.s.lintWorkspaces(ctx, snap)
}

// lintWorkspaces publishes the findings of every config that is not open,
// and clears the unopened files that are configs no more.
func (s *Server) lintWorkspaces(ctx context.Context, snap *snapshot) {
	seen := map[uri.URI]bool{}
	spaces := s.sess.knownSpaces(snap)
	total := 0
	for _, sp := range spaces {
		for c := range sp.ws.Snapshot.AllConfigs() {
			if scanned(c) {
				total++
			}
		}
	}
	pr := s.beginProgress("osmosis-lint: checking the workspace", total)
	defer pr.end()
	for _, sp := range spaces {
		if !s.scanSpace(ctx, snap, sp, seen, pr) {
			return
		}
	}
	s.pub.clearGone(seen)
}

// lintPath publishes the findings of one config that is not open, or
// clears a file that is no longer a config (deleted, moved away).
func (s *Server) lintPath(path string) {
	u := uri.File(path)
	if s.current(u) != nil {
		return
	}
	fs, d, config, err := s.lintClosed(s.ctx, s.sess.snapshot(), path)
	if err != nil {
		return // the connection is gone
	}
	if config {
		s.pub.publishClosed(u, d, fs, false)
		return
	}
	s.pub.clearClosed(u)
}

// recheckClosed shows the on-disk state of a config that was just closed.
func (s *Server) recheckClosed(path string, u uri.URI) {
	published := s.checks.forget(u)
	if s.caps().pull {
		return
	}
	s.background("the diagnostics of "+path, func() {
		fs, d, config, err := s.lintClosed(s.ctx, s.sess.snapshot(), path)
		if err != nil || !config && !published {
			return // nothing shown, nothing to show
		}
		s.pub.publishClosed(u, d, fs, published)
	})
}
