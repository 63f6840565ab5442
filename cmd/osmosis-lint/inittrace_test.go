package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// initAllocs are the allocation budgets of the module's own packages'
// initialization, which every process pays before its first word: the rule
// catalogue is a table of Rule values in the program's data, registered by
// address, and indexed by id only when first looked up (19 allocations in
// all for lint, where one Rule a rule and a map of them once took 175).
var initAllocs = map[string]int{
	"github.com/osmosis-lint/osmosis-lint/lint":            22,
	"github.com/osmosis-lint/osmosis-lint/lint/credential": 4,
	// its errors are made without fmt (10 allocations when two were)
	"github.com/osmosis-lint/osmosis-lint/workspace/gitsync": 5,
	// the LSP types, linked for the language server: 229 at v1.0.1, held
	// so that an upgrade that costs every command more says so
	"go.lsp.dev/protocol": 229,
	// The Parquet reader's libraries (lint/datafile), linked for the
	// files that need them: a table of zstd's snappy converter, lz4's
	// pools, and parquet-go's thrift decoder, which starts empty.
	"github.com/klauspost/compress/internal/snapref":   3,
	"github.com/pierrec/lz4/v4":                        4,
	"github.com/parquet-go/parquet-go/encoding/thrift": 0,
}

// TestInitAllocations runs the built binary with the runtime's trace of
// package initialization and holds the allocations of each package named
// in initAllocs to its budget (counts, not times).
func TestInitAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	cmd := exec.Command(testBinary(t), "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("version: %v\n%s", err, stderr.Bytes())
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init PKG @T ms, T ms clock, N bytes, N allocs
		f := strings.Fields(sc.Text())
		if len(f) < 2 || f[0] != "init" || f[len(f)-1] != "allocs" {
			continue
		}
		budget, ok := initAllocs[f[1]]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(f[len(f)-2])
		if err != nil {
			t.Fatalf("an init trace line without a count: %q", sc.Text())
		}
		seen[f[1]] = true
		t.Logf("%s: %d allocations at init", f[1], n)
		if n > budget {
			t.Errorf("%s: %d allocations at init, budget %d", f[1], n, budget)
		}
	}
	for pkg := range initAllocs {
		if !seen[pkg] {
			t.Errorf("%s: not in the init trace", pkg)
		}
	}
}
