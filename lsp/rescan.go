package lsp

import (
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// A client that cannot watch files (no dynamic registration of
// workspace/didChangeWatchedFiles) never tells the server that a rollout,
// a data file or the settings changed. For such a client the server keeps
// the stamps of the files each workspace reads, and compares them when a
// document is opened or saved: what differs is applied as if a watcher had
// reported it. Typing never triggers it.

// stampSpace records the stamps of a workspace just loaded, when the
// client cannot watch files.
func (s *Server) stampSpace(sp *space) {
	if sp == nil || sp.ws == nil || s.canWatch() {
		return
	}
	st := sp.ws.Snapshot.Stamp()
	s.mu.Lock()
	if s.stamps == nil {
		s.stamps = map[string]workspace.Stamps{}
	}
	if _, ok := s.stamps[sp.root]; !ok {
		s.stamps[sp.root] = st
	}
	s.mu.Unlock()
}

func (s *Server) canWatch() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.watchReg
}

// rescan looks for changes in the loaded workspaces, in the background.
// Rescans requested while one runs are folded into one more.
func (s *Server) rescan() {
	if s.canWatch() {
		return
	}
	s.mu.Lock()
	if s.rescanning {
		s.rescanAgain = true
		s.mu.Unlock()
		return
	}
	s.rescanning = true
	s.mu.Unlock()
	s.background("looking for changed files", func() {
		defer func() {
			s.mu.Lock()
			s.rescanning = false
			s.mu.Unlock()
		}()
		for {
			s.rescanOnce()
			s.mu.Lock()
			again := s.rescanAgain
			s.rescanAgain = false
			s.mu.Unlock()
			if !again {
				return
			}
		}
	})
}

func (s *Server) rescanOnce() {
	type job struct {
		snap *workspace.Snapshot
		old  workspace.Stamps
	}
	var jobs []job
	s.mu.Lock()
	for root, old := range s.stamps {
		if sp := s.spaces[root]; sp != nil && sp.ws != nil {
			jobs = append(jobs, job{sp.ws.Snapshot, old})
		}
	}
	s.mu.Unlock()
	var changes []workspace.Change
	for _, j := range jobs {
		now := j.snap.Stamp()
		changes = append(changes, now.Changes(j.old)...)
		s.mu.Lock()
		s.stamps[j.snap.Root()] = now
		s.mu.Unlock()
	}
	if len(changes) > 0 {
		s.applyChanges(changes)
	}
}
