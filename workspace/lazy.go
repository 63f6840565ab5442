package workspace

import (
	"sync"
	"sync/atomic"
)

// lazyPart is a part of a snapshot read on first use: the config listing,
// the .env files (which read the git index) and the skills are needed by
// doctor and the language server, not by a check of a few files.
type lazyPart[T any] struct {
	once sync.Once
	done atomic.Bool
	v    T
}

// loadedPart wraps a part that is already read.
func loadedPart[T any](v T) *lazyPart[T] {
	l := &lazyPart[T]{v: v}
	l.once.Do(func() {})
	l.done.Store(true)
	return l
}

func (l *lazyPart[T]) get(load func() T) T {
	l.once.Do(func() {
		l.v = load()
		l.done.Store(true)
	})
	return l.v
}

// loaded reports whether the part has been read.
func (l *lazyPart[T]) loaded() bool { return l.done.Load() }
