package lsp

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

func TestGCPercentFor(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 600},                   // nothing known: the runtime's smallest heap at the floor
		{1 << 20, 600},             // likewise: live*(1+6) is under the floor
		{heapFloor / 6, 500},       // the next collection at the floor
		{heapFloor / 4, 300},       // likewise
		{heapFloor/2 - 1<<20, 118}, // just under: a little more than the default
		{heapFloor / 2, 100},       // twice the live heap is the floor
		{heapFloor, 100},           // above it, the default alone
		{heapFloor * 10, 100},      // however large
	} {
		if got := gcPercentFor(c.live); got != c.want {
			t.Errorf("gcPercentFor(%d MB) = %d, want %d", c.live>>20, got, c.want)
		}
	}
}

// heapFloorEnv makes the test binary print its heap goal with 8 MB live,
// under the heap floor.
const heapFloorEnv = "OSMOSIS_LINT_TEST_HEAPFLOOR"

// heapFloorChild holds the heap floor (kept unless GOGC or GOMEMLIMIT is
// set) and 8 MB live, collects, and prints the heap goal in megabytes once
// the floor has set GOGC for what the collection found live (at most a
// second later); then releases the floor, collects, and prints the goal
// again.
func heapFloorChild() {
	release := holdHeapFloor()
	live := make([][]byte, 2048)
	for i := range live {
		live[i] = make([]byte, 4<<10)
	}
	sample := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/heap/goal:bytes"}}
	runtime.GC()
	// the floor sets GOGC from a finalizer, after the collection
	for range 1000 {
		metrics.Read(sample)
		if sample[0].Value.Uint64() != uint64(gcPercentFor(0)) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	metrics.Read(sample)
	held := sample[1].Value.Uint64() >> 20
	release()
	runtime.GC()
	metrics.Read(sample)
	fmt.Println(held, sample[1].Value.Uint64()>>20)
	runtime.KeepAlive(live)
}

// While the heap floor is held, a server that holds little collects at the
// floor, not at Go's default goal (twice what is live), and at the default
// again once it is released; GOGC in the environment turns the floor off.
func TestHeapFloor(t *testing.T) {
	run := func(env ...string) (held, released int) {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(append(os.Environ(), heapFloorEnv+"=1"), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if _, err := fmt.Sscan(string(out), &held, &released); err != nil {
			t.Fatalf("output %q: %v", out, err)
		}
		return held, released
	}
	floor, after := run("GOGC=")
	def, _ := run("GOGC=100")
	t.Logf("heap goal with 8 MB live: %d MB with the floor, %d MB once released, %d MB with GOGC=100", floor, after, def)
	if floor < heapFloor>>20-2 || floor > heapFloor>>20+2 || def < 14 || def > 18 || after < 14 || after > 18 {
		t.Errorf("heap goal %d MB with the floor, %d MB once released, %d MB with GOGC=100: want about %d, 16 and 16 MB", floor, after, def, heapFloor>>20)
	}
}
