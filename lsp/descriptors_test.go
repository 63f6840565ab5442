//go:build linux

package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// limitDescriptors sets this process's limit of open descriptors.
func limitDescriptors(n string) {
	v, err := strconv.ParseUint(n, 10, 64)
	if err == nil {
		err = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: v, Max: v})
	}
	if err != nil {
		panic("limit descriptors: " + err.Error())
	}
}

// openDescriptors counts the descriptors a process has open.
func openDescriptors(t testing.TB, pid int) int {
	t.Helper()
	es, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	return len(es)
}

// Every descriptor is closed when its use ends, not by the garbage
// collector: a server with a large document open (a large heap, so a rare
// collection) takes 2,000 workspace-folder additions and removals under a
// limit of 256 descriptors, ends with as many open as it started with, and
// the configs of the folder, added once more, get the findings they got
// the first time (a workspace that could not be read gets others).
func TestFolderChangesCloseDescriptors(t *testing.T) {
	rounds, size := 2000, 16<<20
	if testing.Short() {
		rounds, size = 500, 4<<20
	}
	root := newWorkspace(t, nil)
	other := newWorkspace(t, nil)
	c, cmd := startServerProcess(t, root, caps{}, nofileEnv+"=256")
	pid := cmd.Process.Pid

	big := filepath.Join(root, "configs", "training", "big.toml")
	head := "[experiment]\nrollout = \"multiply-agent\"\n\n[env]\nBLOB = \""
	c.open(big, head+strings.Repeat("abcdefgh", (size-len(head)-2)/8)+"\"\n")
	c.waitVersion(big, 1)

	folder := func(added, removed []map[string]any) {
		c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": added, "removed": removed}})
	}
	entry := []map[string]any{{"uri": docURI(other), "name": "other"}}
	none := []map[string]any{}
	config := filepath.Join(other, "configs", "training", "multiply-long.toml")
	folder(entry, none)
	first := c.waitPub(config, func(p publication) bool { return len(p.Diagnostics) > 0 })
	want := codes(first.Diagnostics)
	folder(none, entry)
	c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(big)}, nil)
	start := openDescriptors(t, pid)

	most := start
	for i := range rounds {
		folder(entry, none)
		folder(none, entry)
		if i%50 == 0 {
			// a request answered in order: the changes before it are handled
			c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(big)}, nil)
			most = max(most, openDescriptors(t, pid))
		}
	}
	c.mustCall("textDocument/foldingRange", map[string]any{"textDocument": textDoc(big)}, nil)
	end := openDescriptors(t, pid)
	t.Logf("%d folder changes: %d descriptors open at the start, at most %d sampled, %d at the end", 2*rounds, start, most, end)
	if end > start+8 {
		t.Errorf("%d descriptors open after %d folder changes, %d before", end, 2*rounds, start)
	}

	c.settle(200 * time.Millisecond)
	n := len(c.publications(config))
	folder(entry, none)
	again := c.waitPub(config, func(p publication) bool { return len(c.publications(config)) > n && len(p.Diagnostics) > 0 })
	if got := codes(again.Diagnostics); !slices.Equal(got, want) {
		t.Errorf("findings of %s after the folder changes: %v, first %v", filepath.Base(config), got, want)
	}
	c.mustCall("shutdown", nil, nil)
	c.notify("exit", nil)
	if err := cmd.Wait(); err != nil {
		t.Errorf("server exit: %v", err)
	}
}
