package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/osmosis-lint/osmosis-lint/lsp/benchdocs"
)

// unknownKeys is a training config with n unknown keys in [training]: a
// file of findings on every line (2 MB at 80,000 keys).
func unknownKeys(n int) string { return benchdocs.UnknownKeys(n) }

// BenchmarkUnknownKeys measures a server process on a config with 10,000,
// 40,000 and 80,000 unknown keys: a keystroke until the diagnostics of the
// new version are published, the server's processor time per keystroke
// (which a loaded machine does not inflate as it does the latency, and
// which should grow in proportion to the keys), and its peak and resident
// memory.
func BenchmarkUnknownKeys(b *testing.B) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		b.Skip("reads /proc")
	}
	for _, n := range []int{10000, 40000, 80000} {
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			root := newWorkspace(b, nil)
			c, cmd := startServerProcess(b, root, caps{})
			pid := cmd.Process.Pid
			path := filepath.Join(root, "configs", "training", "huge.toml")
			text := unknownKeys(n)
			c.open(path, text)
			c.waitVersion(path, 1)
			line := uint32(strings.Count(text[:strings.Index(text, "lr = 1e-6")], "\n"))
			var lat latencies
			cpu0 := procCPU(b, pid)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				t0 := time.Now()
				v := c.change(path, partial(span(line, 5, line, 9), fmt.Sprintf("%de-6", 1+i%9)))
				c.waitVersion(path, v)
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			cpu := procCPU(b, pid) - cpu0
			lat.report(b)
			b.ReportMetric(float64(cpu.Milliseconds())/float64(len(lat)), "server-cpu-ms/op")
			b.ReportMetric(float64(procStatus(b, pid, "VmHWM"))/(1<<20), "VmHWM-MB")
			b.ReportMetric(float64(procStatus(b, pid, "VmRSS"))/(1<<20), "VmRSS-MB")
			b.ReportMetric(float64(len(text))/(1<<20), "file-MB")
			c.mustCall("shutdown", nil, nil)
			c.notify("exit", nil)
			_ = cmd.Wait()
		})
	}
}

// procCPU is the processor time a process has used, from /proc/<pid>/stat.
func procCPU(b *testing.B, pid int) time.Duration {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		b.Fatal(err)
	}
	// the fields after the command name, which is in parentheses
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}
