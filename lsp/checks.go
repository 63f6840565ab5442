package lsp

import (
	"context"
	"sync"

	"go.lsp.dev/uri"
)

// docChecks runs the checks of open documents in the background, one at a
// time per document. An edit cancels the check of the version before it
// (its result would be stale) and folds into the next check; a result is
// published only while its context is live, that is while neither the
// document nor the workspaces have moved on.
type docChecks struct {
	s      *Server
	mu     sync.Mutex
	states map[uri.URI]*checkState
	// active counts the documents being checked; quiet is signalled when
	// it falls to zero (the workspace scan waits for it: open documents
	// go first)
	active int
	quiet  *sync.Cond
}

// waitIdle waits until no open document is being checked, or ctx is done.
func (c *docChecks) waitIdle(ctx context.Context) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.active > 0 && ctx.Err() == nil {
		c.quiet.Wait()
	}
}

// stopped marks the check of a document over; the caller holds mu.
func (c *docChecks) stopped(st *checkState) {
	st.running, st.cancel = false, nil
	c.active--
	if c.active == 0 {
		c.quiet.Broadcast()
	}
}

// checkState is the check of one document.
type checkState struct {
	dirty, running bool
	hasPublished   bool               // diagnostics were published for the document
	cancel         context.CancelFunc // of the check under way
}

// schedule asks for the document at u to be checked.
func (c *docChecks) schedule(u uri.URI) {
	c.mu.Lock()
	st := c.states[u]
	if st == nil {
		st = &checkState{}
		c.states[u] = st
	}
	st.dirty = true
	if st.cancel != nil {
		st.cancel()
	}
	if st.running {
		c.mu.Unlock()
		return
	}
	st.running = true
	c.active++
	c.mu.Unlock()
	go c.run(u, st)
}

// forget drops the state of a closed document and reports whether
// diagnostics were published for it.
func (c *docChecks) forget(u uri.URI) (published bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.states[u]
	if st == nil {
		return false
	}
	if st.cancel != nil {
		st.cancel()
	}
	delete(c.states, u)
	return st.hasPublished
}

// next takes the next version of the document to check, with the context
// of its check; false when there is none.
func (c *docChecks) next(u uri.URI, st *checkState) (*snapshot, *document, context.Context, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st.cancel != nil {
		st.cancel() // the check before is over
	}
	snap := c.s.sess.snapshot()
	d := snap.docs[u]
	if !st.dirty || d == nil {
		c.stopped(st)
		return nil, nil, nil, false
	}
	st.dirty = false
	ctx, cancel := context.WithCancel(snap.ctx)
	st.cancel = cancel
	return snap, d, ctx, true
}

func (c *docChecks) run(u uri.URI, st *checkState) {
	defer func() {
		if r := recover(); r != nil {
			c.mu.Lock()
			c.stopped(st)
			c.mu.Unlock()
			c.s.internalError("the diagnostics of "+string(u), r)
		}
	}()
	pull := c.s.caps().pull
	for {
		snap, d, ctx, ok := c.next(u, st)
		if !ok {
			return
		}
		res, err := c.s.findings(ctx, snap, d)
		if pull || err != nil {
			continue // superseded: the check stopped, nothing to publish
		}
		c.s.pub.publishIf(d.uri, d, &d.version, res.findings, func() bool {
			if ctx.Err() != nil {
				return false // an edit or a workspace change came meanwhile
			}
			c.mu.Lock()
			defer c.mu.Unlock()
			// files that are not configs get nothing, unless they had
			// diagnostics to clear
			if st.dirty || !(res.config || st.hasPublished) {
				return false
			}
			st.hasPublished = true
			return true
		})
	}
}
