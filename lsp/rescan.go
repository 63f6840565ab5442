package lsp

import (
	"sync"
	"time"

	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// A client that cannot watch files (no dynamic registration of
// workspace/didChangeWatchedFiles) never tells the server that a rollout,
// a data file or the settings changed. For such a client the rescanner
// keeps the stamps of the files each workspace reads, and compares them
// when a document is opened or saved, and at most once a second when
// completion, hover or definition is asked for: what differs is applied as
// if a watcher had reported it. Typing alone never triggers it.
type rescanner struct {
	s      *Server
	worker worker

	mu     sync.Mutex
	stamps map[string]workspace.Stamps // by workspace root
	last   time.Time                   // of the last look asked for
	took   time.Duration               // by the last look
}

// record keeps the stamps of a workspace just loaded, when the client
// cannot watch files.
func (r *rescanner) record(sp *space) {
	if sp == nil || sp.ws == nil || r.s.caps().watch {
		return
	}
	st := sp.ws.Snapshot.Stamp()
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.stamps[sp.root]; !ok {
		r.stamps[sp.root] = st
	}
}

// count is the number of workspaces whose stamps are kept.
func (r *rescanner) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.stamps)
}

// kick looks for changes in the loaded workspaces, in the background.
func (r *rescanner) kick() {
	if r.s.caps().watch {
		return
	}
	r.mu.Lock()
	r.last = time.Now()
	r.mu.Unlock()
	r.worker.kick(r.s, r.once)
}

// rescanEvery spaces the looks that requests ask for: completion, hover
// and definition come many times a second while typing.
const rescanEvery = time.Second

// rescanShare bounds the processor time of the looks that requests ask
// for: a look is a walk of every file of the workspaces (a tenth of a
// second at 10,000 configs, more on a loaded machine), so the next one
// waits rescanShare times as long as the last took, when that is longer
// than rescanEvery.
const rescanShare = 10

// kickSometimes is kick at most once per rescanEvery, or per rescanShare
// times the last look.
func (r *rescanner) kickSometimes() {
	if r.s.caps().watch {
		return
	}
	r.mu.Lock()
	due := time.Since(r.last) >= max(rescanEvery, rescanShare*r.took)
	r.mu.Unlock()
	if due {
		r.kick()
	}
}

func (r *rescanner) once() {
	start := time.Now()
	defer func() {
		r.mu.Lock()
		r.took = time.Since(start)
		r.mu.Unlock()
	}()
	snap := r.s.sess.snapshot()
	r.mu.Lock()
	var wsnaps []*workspace.Snapshot
	var olds []workspace.Stamps
	for root, old := range r.stamps {
		if sp := snap.spaces[root]; sp != nil && sp.ws != nil {
			wsnaps = append(wsnaps, sp.ws.Snapshot)
			olds = append(olds, old)
		}
	}
	r.mu.Unlock()
	var changes []workspace.Change
	for i, ws := range wsnaps {
		now := ws.Stamp()
		changes = append(changes, now.Changes(olds[i])...)
		r.mu.Lock()
		r.stamps[ws.Root()] = now
		r.mu.Unlock()
	}
	if len(changes) > 0 {
		r.s.applyChanges(changes)
	}
}
