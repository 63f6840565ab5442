package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// serveEnv makes the test binary a language server on its standard input
// and output, so a test can measure a server process of its own; with
// nofileEnv, under that limit of open descriptors.
const (
	serveEnv  = "OSMOSIS_LINT_TEST_SERVE"
	nofileEnv = "OSMOSIS_LINT_TEST_NOFILE"
)

func TestMain(m *testing.M) {
	if os.Getenv(heapFloorEnv) == "1" {
		heapFloorChild()
		os.Exit(0)
	}
	if os.Getenv(serveEnv) == "1" {
		if n := os.Getenv(nofileEnv); n != "" {
			limitDescriptors(n)
		}
		os.Exit(Serve(context.Background(), stdioRWC{}, Options{Version: "test", Home: os.TempDir(), Log: os.Stderr}))
	}
	os.Exit(m.Run())
}

type stdioRWC struct{}

func (stdioRWC) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdioRWC) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdioRWC) Close() error                { return os.Stdin.Close() }

// startServerProcess runs this test binary as a server process and
// connects a test client to it.
func startServerProcess(t testing.TB, root string, k caps, env ...string) (*client, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), serveEnv+"=1"), env...)
	cmd.Dir = root
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	logs := &syncBuffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, exit: make(chan int, 1), start: time.Now(), logBuf: logs, changed: make(chan struct{}, 1), nextVer: map[string]int32{}}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(pipeRWC{stdout, stdin}), jsonrpc2.WithCodec(clientCodec{}))
	c.conn.Go(context.Background(), c.handle)
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	c.initialize(root, k)
	return c, cmd
}

// procStatus reads a field of /proc/<pid>/status, in bytes.
func procStatus(t testing.TB, pid int, field string) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + itoa(pid) + "/status")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			var kb int64
			for _, r := range strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")) {
				kb = kb*10 + int64(r-'0')
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// A 50 MB document (12.5 MB under -short) costs the server a bounded multiple of its size while
// it is open, and its memory goes back when it is closed: the peak resident
// memory of the server process stays under 5x the document, and after
// didClose its resident memory is back under 2x.
func TestLargeDocumentMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	if raceEnabled {
		t.Skip("the race detector multiplies memory use")
	}
	// -short checks both shapes at a quarter of the size: the bounds are
	// multiples of the document, the full run holds them at 50 MB
	size := 50 << 20
	if testing.Short() {
		size /= 4
	}
	shapes := map[string]func() string{
		// one huge value
		"string": func() string {
			head := "[experiment]\nrollout = \"multiply-agent\"\n\n[env]\nBLOB = \""
			return head + strings.Repeat("abcdefgh", (size-len(head)-2)/8) + "\"\n"
		},
		// a config buried under comments
		"comments": func() string {
			line := "# " + strings.Repeat("lorem ipsum ", 6) + "\n"
			return strings.Repeat(line, size/len(line)) + "[experiment]\nrollout = \"multiply-agent\"\n"
		},
	}
	for name, text := range shapes {
		t.Run(name, func(t *testing.T) {
			root := newWorkspace(t, nil)
			c, cmd := startServerProcess(t, root, caps{})
			pid := cmd.Process.Pid
			base := procStatus(t, pid, "VmRSS")
			file := filepath.Join(root, "configs", "training", "big.toml")
			doc := text()
			n := int64(len(doc))
			c.open(file, doc)
			doc = ""
			c.waitVersion(file, 1)
			// a request answered in order: the document is fully handled
			c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(file)}, nil)
			peak := procStatus(t, pid, "VmHWM") - base
			c.notify("textDocument/didClose", map[string]any{"textDocument": textDoc(file)})
			c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(file)}, nil)
			// the memory of a large closed document goes back in the
			// background
			var after int64
			deadline := time.Now().Add(waitFor)
			for {
				after = procStatus(t, pid, "VmRSS") - base
				if after < 2*n || time.Now().After(deadline) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			t.Logf("document %d MB: peak %d MB over the start, %d MB after didClose", n>>20, peak>>20, after>>20)
			if peak > 5*n {
				t.Errorf("peak resident memory %d MB over the start, want under 5x the document (%d MB)", peak>>20, 5*n>>20)
			}
			if after > 2*n {
				t.Errorf("resident memory after didClose %d MB over the start, want under 2x the document (%d MB)", after>>20, 2*n>>20)
			}
			c.mustCall("shutdown", nil, nil)
			c.notify("exit", nil)
			if err := cmd.Wait(); err != nil {
				t.Errorf("server exit: %v", err)
			}
		})
	}
}
