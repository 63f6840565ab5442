package disk

import "sync"

// held is a descriptor of a root directory, open while in use: the first of
// the operations running at once (or a Root.Hold around many) opens it and
// the last closes it. A Root then holds no descriptor between uses, so
// nothing is left for the garbage collector to close: a language server
// that opens a root per workspace folder, folder change after folder
// change, keeps none of them open.
type held[T any] struct {
	open  func() (T, error)
	close func(T)

	mu    sync.Mutex
	v     T
	users int
}

// get returns the descriptor, opening it when no one holds it; put gives
// it back.
func (h *held[T]) get() (T, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.users == 0 {
		v, err := h.open()
		if err != nil {
			return v, err
		}
		h.v = v
	}
	h.users++
	return h.v, nil
}

func (h *held[T]) put() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.users--
	if h.users == 0 {
		h.close(h.v)
		var zero T
		h.v = zero
	}
}
