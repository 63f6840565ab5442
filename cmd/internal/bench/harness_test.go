package bench

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFraming(t *testing.T) {
	var b bytes.Buffer
	for _, v := range []any{map[string]any{"jsonrpc": "2.0", "id": 1, "result": nil}, map[string]any{"method": "x", "params": strings.Repeat("é", 5000)}} {
		if err := writeMessage(&b, v); err != nil {
			t.Fatal(err)
		}
	}
	r := bufio.NewReader(&b)
	first, err := readMessage(r)
	if err != nil || string(first) != `{"id":1,"jsonrpc":"2.0","result":null}` {
		t.Fatalf("first message %q, %v", first, err)
	}
	second, err := readMessage(r)
	if err != nil || !bytes.HasSuffix(second, []byte(`"}`)) || len(second) != len(`{"method":"x","params":""}`)+10000 {
		t.Fatalf("second message of %d bytes, %v", len(second), err)
	}
	if _, err := readMessage(r); err == nil {
		t.Fatal("a message read past the end")
	}
	for _, bad := range []string{"Content-Length: -1\r\n\r\n", "X: 1\r\n\r\n{}", "Content-Length: 99999999999\r\n\r\n"} {
		if _, err := readMessage(bufio.NewReader(strings.NewReader(bad))); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestStatistics(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	if m := median(xs); m != 3 {
		t.Errorf("median %v", m)
	}
	if m := median([]float64{4, 1, 2, 3}); m != 2.5 {
		t.Errorf("even median %v", m)
	}
	if xs[0] != 5 {
		t.Error("median sorted its argument")
	}
	var hundred []float64
	for i := 100; i >= 1; i-- {
		hundred = append(hundred, float64(i))
	}
	if p := percentile(hundred, 0.99); p != 99 {
		t.Errorf("p99 of 1..100: %v", p)
	}
	if p := percentile(hundred, 0.5); p != 50 {
		t.Errorf("p50 of 1..100: %v", p)
	}
	if p := percentile(hundred, 0); p != 1 {
		t.Errorf("p0 of 1..100: %v", p)
	}
	if !math.IsNaN(percentile(nil, 0.5)) || !math.IsNaN(median(nil)) {
		t.Error("statistics of no samples are not NaN")
	}
}

func TestExpand(t *testing.T) {
	list := filepath.Join(t.TempDir(), "files")
	if err := os.WriteFile(list, []byte("a.toml\nb c.toml\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := expand("cat  -u @" + list)
	if err != nil || strings.Join(got, "|") != "cat|-u|a.toml|b c.toml" {
		t.Fatalf("%q, %v", got, err)
	}
	if _, err := expand("  "); err == nil {
		t.Error("an empty command expanded")
	}
}

func TestRowsAndTable(t *testing.T) {
	nan := math.NaN()
	rows := []row{
		{Group: "check, 1,000 configs", Tool: ours, Kind: "time", N: 20, P50: 69.1, P99: nan, Min: 65, CPU: 100, RSS: 22, Goal: "ratio<=2.5"},
		{Group: "check, 1,000 configs", Tool: "floor:cat", Kind: "time", N: 20, P50: 15.4, P99: nan, Min: 14, CPU: 10, RSS: 2},
		{Group: "check, 1,000 configs", Tool: "tombi", Kind: "time", N: 20, P50: 590, P99: nan, Min: 500, CPU: 900, RSS: 40},
		{Group: "LSP edit -> diagnostics, 300-line config", Tool: ours, Kind: "lsp", N: 500, P50: 0.5, P99: 1.5, Min: 0.3, CPU: 0.4, RSS: 19, Goal: "p99<=2"},
		{Group: "LSP edit -> diagnostics, 300-line config", Tool: "tombi", Kind: "lsp", N: 500, P50: 11, P99: 40, Min: 9, CPU: nan, RSS: 17.6},
	}
	var b bytes.Buffer
	for _, r := range rows {
		b.WriteString(r.tsv() + "\n")
	}
	back, err := readRows(&b)
	if err != nil || len(back) != len(rows) {
		t.Fatalf("%d rows back, %v", len(back), err)
	}
	if back[0].Goal != "ratio<=2.5" || back[0].P50 != 69.1 || !math.IsNaN(back[0].P99) {
		t.Errorf("row back: %+v", back[0])
	}
	got := markdown(back)
	for _, want := range []string{
		"| work | osmosis-lint | floor | osmosis-lint / floor | tombi | tombi / osmosis-lint | goal |",
		"| check, 1,000 configs | 69.1 ms (min 65.0 ms), cpu 100 ms, 22 MB peak | cat 15.4 ms (min 14.0 ms) | 4.5x | 590 ms (min 500 ms), cpu 900 ms, 40 MB peak | 8.5x | <= 2.5x the floor: **missed** |",
		"| LSP edit -> diagnostics, 300-line config | p50 0.50 ms, p99 1.50 ms, cpu 0.40 ms/edit, 19 MB peak |  |  | p50 11.0 ms, p99 40.0 ms, 18 MB peak | 22.0x (p99 26.7x) | p99 <= 2 ms: met |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks\n%s\nin\n%s", want, got)
		}
	}
	if _, err := parseRow("a\tb"); err == nil {
		t.Error("a short row parsed")
	}
}

func TestTimeCommand(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("measures processes through Linux's rusage")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// the test binary itself, run with a test pattern that matches
	// nothing, is the process timed
	out := filepath.Join(t.TempDir(), "results")
	cmd := self + " -test.run=^$"
	if err := timeCommand([]string{"-out", out, "-group", "g", "-runs", "3", "-warmup", "1", "-runs-of", "floor:x=2", "-warmup-of", "floor:x=0", "-goal", "ratio<=100",
		ours, cmd, "floor:x", cmd}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := readRows(f)
	if err != nil || len(rows) != 2 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	if rows[0].Tool != ours || rows[0].N != 3 || rows[1].N != 2 || rows[0].Goal != "ratio<=100" || rows[1].Goal != "" {
		t.Errorf("rows %+v", rows)
	}
	for _, r := range rows {
		if !(r.P50 > 0 && r.Min <= r.P50 && r.RSS > 0 && r.CPU >= 0) {
			t.Errorf("implausible measures %+v", r)
		}
	}
	if err := timeCommand([]string{"-out", out, "-group", "g", ours, "false"}); err == nil {
		t.Error("a failing command timed without an error")
	}
}
