package lsp

import "sync"

// worker runs a job on its own goroutine each time it is kicked. Kicks that
// come while the job runs fold into one more run, so none is lost and none
// piles up. The goroutine lives as long as the connection.
type worker struct {
	what  string // for the log, when the job panics
	once  sync.Once
	kicks chan struct{}
}

// kick asks for one more run of job.
func (w *worker) kick(s *Server, job func()) {
	w.once.Do(func() {
		w.kicks = make(chan struct{}, 1)
		go w.loop(s, job)
	})
	select {
	case w.kicks <- struct{}{}:
	default: // a run is already due
	}
}

func (w *worker) loop(s *Server, job func()) {
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-w.kicks:
			s.safely(w.what, job)
		}
	}
}
