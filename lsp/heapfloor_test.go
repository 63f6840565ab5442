package lsp

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
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

// heapFloorChild keeps the heap floor (unless GOGC or GOMEMLIMIT is set),
// holds 8 MB live, collects, and prints the heap goal in megabytes once the
// floor has set GOGC for what the collection found live (at most a second
// later).
func heapFloorChild() {
	keepHeapFloor()
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
	fmt.Println(sample[1].Value.Uint64() >> 20)
	runtime.KeepAlive(live)
}

// With the heap floor, a server that holds little collects at the floor,
// not at Go's default goal (twice what is live); GOGC in the environment
// turns the floor off.
func TestHeapFloor(t *testing.T) {
	run := func(env ...string) int {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(append(os.Environ(), heapFloorEnv+"=1"), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(out)))
		if err != nil {
			t.Fatalf("output %q", out)
		}
		return n
	}
	floor, def := run("GOGC="), run("GOGC=100")
	t.Logf("heap goal with 8 MB live: %d MB with the floor, %d MB with GOGC=100", floor, def)
	if floor < heapFloor>>20-2 || floor > heapFloor>>20+2 || def < 14 || def > 18 {
		t.Errorf("heap goal %d MB with the floor, %d MB with GOGC=100: want about %d and 16 MB", floor, def, heapFloor>>20)
	}
}
