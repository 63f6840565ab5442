package report

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

func TestWriteDiffGolden(t *testing.T) {
	before := "# head\n[experiment]\nrollout = \"r\"\ndataset = \"data/x.jsonl\"\n\n[training]\nlerning_rate = 1\n" + strings.Repeat("# filler\n", 10) + "[secrets]\nrequired = [\"A\", \"A\"]"
	after := "# head\n[experiment]\nrollout = \"r\"\ndataset = \"x\"\n\n[training]\nlr = 1\n" + strings.Repeat("# filler\n", 10) + "[secrets]\nrequired = [\"A\"]\n"
	var b bytes.Buffer
	if err := WriteDiff(&b, "configs/training/x.toml", []byte(before), []byte(after)); err != nil {
		t.Fatal(err)
	}
	golden(t, "diff.golden", b.Bytes())
	b.Reset()
	if WriteDiff(&b, "x", []byte(before), []byte(before)); b.Len() != 0 {
		t.Errorf("a diff of equal files: %q", b.String())
	}
}

// TestWriteDiffApplies: git apply turns the old file into the new one with
// our diff, for random edits of random files.
func TestWriteDiffApplies(t *testing.T) {
	git := gittest.Bin(t)
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a = 1\n", "b = 2\n", "[t]\n", "\n", "# c\n", "x = \"y\"\n"}
	for n := 0; n < 40; n++ {
		var before []string
		for i := r.IntN(40); i > 0; i-- {
			before = append(before, words[r.IntN(len(words))])
		}
		after := append([]string(nil), before...)
		for e := r.IntN(6); e >= 0; e-- {
			switch i := r.IntN(len(after) + 1); {
			case r.IntN(3) == 0 && i < len(after):
				after = append(after[:i], after[i+1:]...)
			case r.IntN(2) == 0 && i < len(after):
				after[i] = words[r.IntN(len(words))]
			default:
				after = append(after[:i], append([]string{words[r.IntN(len(words))]}, after[i:]...)...)
			}
		}
		old, new := strings.Join(before, ""), strings.Join(after, "")
		if r.IntN(3) == 0 {
			new = strings.TrimSuffix(new, "\n")
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "f.toml")
		if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		var patch bytes.Buffer
		if err := WriteDiff(&patch, "f.toml", []byte(old), []byte(new)); err != nil {
			t.Fatal(err)
		}
		if old == new {
			continue
		}
		cmd := exec.Command(git, "apply", "--unidiff-zero", "-")
		cmd.Dir = dir
		cmd.Stdin = &patch
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git apply: %v\n%s\npatch:\n%s\nold %q\nnew %q", err, out, patch.String(), old, new)
		}
		got, _ := os.ReadFile(path)
		if string(got) != new {
			t.Fatalf("applied %q, want %q\npatch:\n%s", got, new, patch.String())
		}
	}
}

// TestWriteDiffBounded: a file whose every line changed still gets a
// correct diff, without the quadratic search.
func TestWriteDiffBounded(t *testing.T) {
	before := strings.Repeat("lerning_rate = 1\nx = 2\n", 20000)
	after := strings.Repeat("lr = 1\nx = 2\n", 20000)
	var b bytes.Buffer
	allocs := testing.AllocsPerRun(1, func() {
		b.Reset()
		WriteDiff(&b, "f", []byte(before), []byte(after))
	})
	if strings.Count(b.String(), "\n-lerning_rate") != 20000 || strings.Count(b.String(), "\n+lr = 1") != 20000 {
		t.Errorf("diff misses lines")
	}
	// Linear in the lines (the masking parse and the hunks cost a few dozen
	// allocations a line, a little more under the race detector); a diff
	// that compared every line with every other would need billions.
	if lines := 80000.0; allocs > 50*lines {
		t.Errorf("%.0f allocations for %.0f lines", allocs, lines)
	}
}

// TestDiffEscapesControls: a diff shows no raw control character or
// bidirectional override, while tabs and CRLF line ends stay, so that the
// diff of a valid file still applies.
func TestDiffEscapesControls(t *testing.T) {
	before := "[env]\r\nA = \"x\u202e\"\r\n\tB = \"\x1b]0;title\x07\"\r\nC = 1\r\n"
	after := strings.Replace(before, "C = 1", "C = 2", 1)
	var b strings.Builder
	if err := WriteDiff(&b, "configs/training/x.toml", []byte(before), []byte(after)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"\x1b", "\x07", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("the diff holds %q raw:\n%q", bad, out)
		}
	}
	for _, want := range []string{` A = "x\u202e"` + "\r\n", "\t" + `B = "\x1b]0;title\a"` + "\r\n", "-C = 1\r\n+C = 2\r\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the diff lacks %q:\n%q", want, out)
		}
	}
}
