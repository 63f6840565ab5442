package lsp

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The heap floor: while a workspace scan is asked for or under way, the
// server collects garbage when its heap reaches twice what was live after
// the last collection (Go's default, GOGC=100), or heapFloor, whichever is
// more. A server's heap is a few megabytes when it starts and grows to
// tens of them as it reads a large workspace; with the default alone, the
// collector runs every few megabytes of that growth, several times in the
// first tenth of a second, and each run takes a processor and stops the
// world while a request waits. Below the floor, the heap is a constant the
// process may hold anyway; above it, the default applies unchanged, so
// memory stays a bounded multiple of what is live. Out of a scan the
// default applies (a heap that holds more garbage costs each edit the
// touch of more memory). GOGC or GOMEMLIMIT set in the environment turn
// the floor off: the runtime then does as they say.
const heapFloor = 24 << 20

// minHeap is the runtime's smallest heap goal at GOGC=100.
const minHeap = 4 << 20

var floor struct {
	once  sync.Once
	mu    sync.Mutex
	off   bool // GOGC or GOMEMLIMIT is set (written once, under mu)
	holds int
}

// holdHeapFloor keeps the heap floor until release is called (holds
// nest).
func holdHeapFloor() (release func()) {
	floor.once.Do(startHeapFloor)
	if floor.off {
		return func() {}
	}
	floor.mu.Lock()
	floor.holds++
	if floor.holds == 1 {
		debug.SetGCPercent(gcPercentFor(liveHeap()))
	}
	floor.mu.Unlock()
	return sync.OnceFunc(func() {
		floor.mu.Lock()
		defer floor.mu.Unlock()
		floor.holds--
		if floor.holds == 0 {
			debug.SetGCPercent(100)
		}
	})
}

// startHeapFloor sets GOGC anew after each collection while the floor is
// held, from what the collection found live.
func startHeapFloor() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		floor.mu.Lock()
		floor.off = true
		floor.mu.Unlock()
		return
	}
	var rearm func()
	rearm = func() {
		// a finalizer runs once the collection that freed its object is
		// done: once after each collection
		runtime.SetFinalizer(new([16]byte), func(*[16]byte) {
			floor.mu.Lock()
			if floor.holds > 0 {
				debug.SetGCPercent(gcPercentFor(liveHeap()))
			}
			floor.mu.Unlock()
			rearm()
		})
	}
	rearm()
}

// liveHeap is the heap the last collection found live (0 before the
// first).
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// gcPercentFor is the GOGC that puts the next collection at the heap floor
// when live bytes are live, and never under the default of 100. The goal
// of a collection is the live heap times 1+GOGC/100, and at least the
// runtime's smallest heap, which scales with GOGC too (4 MB at 100): the
// floor caps GOGC so that this one is not above the floor either.
func gcPercentFor(live uint64) int {
	most := heapFloor * 100 / minHeap
	if live == 0 {
		return most
	}
	return max(100, min(most, int(heapFloor*100/live)-100))
}
