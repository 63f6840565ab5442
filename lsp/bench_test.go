package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"

	"github.com/osmosis-lint/osmosis-lint/lsp/benchdocs"
)

// config300 is the 300-line training config the benchmarks edit.
func config300() string { return benchdocs.Config300() }

// latencies collects durations and reports percentiles.
type latencies []time.Duration

func (l latencies) report(b *testing.B) {
	if len(l) == 0 {
		return
	}
	s := slices.Clone(l)
	slices.Sort(s)
	pct := func(p float64) float64 {
		i := min(len(s)-1, int(p*float64(len(s))))
		return float64(s[i].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op") // the percentiles say it better
}

// benchClient starts an in-process server on a workspace with the 300-line
// config open, and returns the client and the config's path.
func benchClient(b *testing.B) (*client, string, string) {
	root := newWorkspace(b, nil)
	c := start(b, root, caps{})
	path := filepath.Join(root, "configs", "training", "long.toml")
	text := config300()
	if n := strings.Count(text, "\n"); n != 300 {
		b.Fatalf("config has %d lines", n)
	}
	c.open(path, text)
	c.waitVersion(path, 1)
	return c, path, text
}

// BenchmarkEditDiagnostics measures an edit of the 300-line config until
// the diagnostics of the new version are published: the round trip an
// editor sees, JSON-RPC included.
func BenchmarkEditDiagnostics(b *testing.B) {
	c, path, text := benchClient(b)
	line := uint32(strings.Count(text[:strings.Index(text, "lr = 1e-6")], "\n"))
	var lat latencies
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		v := c.change(path, partial(span(line, 5, line, 9), fmt.Sprintf("%de-6", 1+i%9)))
		c.waitVersion(path, v)
		lat = append(lat, time.Since(t0))
	}
	lat.report(b)
}

// BenchmarkCompletion measures key completion in [training] and value
// completion of the rollout, alternately.
func BenchmarkCompletion(b *testing.B) {
	c, path, text := benchClient(b)
	positions := []pos{
		posOf(b, text, "lerning_rate", 3, true),
		posOf(b, text, "\"multiply-agent\"", 1, true),
		posOf(b, text, "SETTING_251", 4, true),
	}
	var lat latencies
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		var list completionList
		c.mustCall("textDocument/completion", map[string]any{"textDocument": textDoc(path), "position": positions[i%len(positions)]}, &list)
		lat = append(lat, time.Since(t0))
		if len(list.Items) == 0 && i%len(positions) != 2 {
			b.Fatalf("no completion items at %+v", positions[i%len(positions)])
		}
	}
	lat.report(b)
}

// BenchmarkHover measures hover on a key, a rollout value and an env var.
func BenchmarkHover(b *testing.B) {
	c, path, text := benchClient(b)
	positions := []pos{
		posOf(b, text, "rollout_batch_size", 3, true),
		posOf(b, text, "\"multiply-agent\"", 1, true),
		posOf(b, text, "SETTING_251", 4, true),
	}
	var lat latencies
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		var h *hover
		c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(path), "position": positions[i%len(positions)]}, &h)
		lat = append(lat, time.Since(t0))
		if h == nil {
			b.Fatalf("no hover at %+v", positions[i%len(positions)])
		}
	}
	lat.report(b)
}

// builtBinary builds osmosis-lint once for the benchmarks that measure the
// process.
var builtBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "osmosis-lint-bench-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "osmosis-lint")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/osmosis-lint").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// bigWorkspace writes a workspace of n configs of the three kinds.
func bigWorkspace(b testing.TB, n int) string {
	root := newWorkspace(b, nil)
	long := readFile(b, filepath.Join(root, "configs", "training", "multiply-long.toml"))
	base := readFile(b, filepath.Join(root, "configs", "training", "multiply-baseline.toml"))
	eval := readFile(b, filepath.Join(root, "configs", "eval", "multiply-eval.toml"))
	bench := readFile(b, filepath.Join(root, "configs", "benchmark", "terminal-bench.toml"))
	for i := 0; i < n; i++ {
		var rel, text string
		switch i % 10 {
		case 8:
			rel, text = fmt.Sprintf("configs/eval/run-%d.toml", i), eval
		case 9:
			rel, text = fmt.Sprintf("configs/benchmark/run-%d.toml", i), bench
		case 0, 1, 2:
			rel, text = fmt.Sprintf("configs/training/team-%d/run-%d.toml", i%7, i), long
		default:
			rel, text = fmt.Sprintf("configs/training/team-%d/run-%d.toml", i%7, i), base
		}
		writeFile(b, filepath.Join(root, filepath.FromSlash(rel)), strings.Replace(text, "[experiment]\n", fmt.Sprintf("# run %d\n[experiment]\n", i), 1))
	}
	return root
}

// procClient is a client of a server process.
type procClient struct {
	*client
	cmd *exec.Cmd
}

// startProcess runs `osmosis-lint lsp` and connects a test client to it.
func startProcess(b *testing.B, root string, k caps) *procClient {
	bin, err := builtBinary()
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(bin, "lsp")
	cmd.Dir = root
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	c := &client{t: b, exit: make(chan int, 1), start: time.Now(), logBuf: &syncBuffer{}, changed: make(chan struct{}, 1), nextVer: map[string]int32{}}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(pipeRWC{stdout, stdin}), jsonrpc2.WithCodec(clientCodec{}))
	c.conn.Go(context.Background(), c.handle)
	pc := &procClient{client: c, cmd: cmd}
	b.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	c.initialize(root, k)
	return pc
}

type pipeRWC struct {
	io.ReadCloser
	io.WriteCloser
}

func (p pipeRWC) Close() error { return errors.Join(p.ReadCloser.Close(), p.WriteCloser.Close()) }

// status reads a field of /proc/<pid>/status, in MB.
func status(b *testing.B, pid int, field string) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				b.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// BenchmarkWorkspaceMemory measures the server process with 1,000 configs
// in the workspace: its peak resident memory (VmHWM) after it has linted
// them all, pushed at startup and pulled with workspace/diagnostic, and the
// time each took.
func BenchmarkWorkspaceMemory(b *testing.B) {
	const n = 1000
	root := bigWorkspace(b, n)
	for _, mode := range []string{"push", "pull"} {
		b.Run(mode, func(b *testing.B) {
			var hwm, rss, took float64
			for b.Loop() {
				t0 := time.Now()
				var p *procClient
				if mode == "push" {
					p = startProcess(b, root, caps{})
					// every config is published once
					deadline := time.After(2 * time.Minute)
					for {
						p.mu.Lock()
						seen := map[string]bool{}
						for _, pub := range p.pubs {
							seen[pub.URI] = true
						}
						p.mu.Unlock()
						if len(seen) >= n+4 {
							break
						}
						select {
						case <-p.changed:
						case <-deadline:
							b.Fatalf("%d of %d configs published", len(seen), n+4)
						}
					}
				} else {
					p = startProcess(b, root, caps{pull: true})
					var ws struct {
						Items []json.RawMessage `json:"items"`
					}
					p.mustCall("workspace/diagnostic", map[string]any{"previousResultIds": []any{}}, &ws)
					if len(ws.Items) != n+4 {
						b.Fatalf("%d reports, want %d", len(ws.Items), n+4)
					}
				}
				took = float64(time.Since(t0).Milliseconds())
				hwm = status(b, p.cmd.Process.Pid, "VmHWM")
				rss = status(b, p.cmd.Process.Pid, "VmRSS")
				p.mustCall("shutdown", nil, nil)
				p.notify("exit", nil)
				if err := p.cmd.Wait(); err != nil {
					b.Fatalf("server exit: %v", err)
				}
			}
			b.ReportMetric(hwm, "VmHWM-MB")
			b.ReportMetric(rss, "VmRSS-MB")
			b.ReportMetric(took, "lint-ms")
			b.ReportMetric(0, "ns/op")
		})
	}
}
