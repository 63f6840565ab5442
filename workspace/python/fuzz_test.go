package python

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/python/pythontest"
)

// optionalOracles starts compile() where a Python 3.12 and 3.13 are
// installed; without them it returns none (the fuzz target then checks
// only its own invariants), and under CI it fails.
func optionalOracles(t testing.TB) []*oracleProc {
	var procs []*oracleProc
	for _, v := range pythontest.Versions {
		py := pythontest.Find(v)
		if py == "" {
			if os.Getenv("CI") != "" {
				t.Fatalf("python%s is not installed, and CI is set: the compile() oracle must run", v)
			}
			return nil
		}
		procs = append(procs, startOracle(t, py))
	}
	return procs
}

// FuzzCheck: the reader never panics, answers the same twice, and never
// calls Invalid a source that compile() of 3.12 or 3.13 accepts.
func FuzzCheck(f *testing.F) {
	for _, c := range ownCases {
		f.Add([]byte(c.src))
	}
	procs := optionalOracles(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		r := Check(src)
		if again := Check(src); again != r {
			t.Fatalf("two reads differ: %+v then %+v", r, again)
		}
		if r.Status > Invalid {
			t.Fatalf("status %d", r.Status)
		}
		if r.Status != Invalid {
			return
		}
		if r.Err.Line < 0 || r.Err.Col < 0 || r.Err.Msg == "" {
			t.Fatalf("error without a place or a message: %+v", r.Err)
		}
		for _, o := range procs {
			if v := o.compile(t, src); v.OK {
				t.Fatalf("reported %q at %d:%d, but compile() accepts %q", r.Err.Msg, r.Err.Line, r.Err.Col, src)
			}
		}
	})
}

// mutate applies one small edit of the kinds that break Python: a few
// bytes deleted, a delimiter or quote or blank inserted, a line
// duplicated, indented, dedented or re-indented with a tab.
func mutate(rng *rand.Rand, src []byte) []byte {
	if len(src) == 0 {
		return []byte("(")
	}
	at := rng.Intn(len(src))
	lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
	lineEnd := len(src)
	if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
		lineEnd = at + i + 1
	}
	out := make([]byte, 0, len(src)+16)
	switch rng.Intn(7) {
	case 0:
		n := 1 + rng.Intn(3)
		out = append(append(out, src[:at]...), src[min(at+n, len(src)):]...)
	case 1:
		ins := []string{"(", ")", "[", "]", "{", "}", ":", ",", "'", "\"", "\"\"\"", "\t", " ", "\n", "\\", "#", "=", "*", "**", "f'", "{x", "@", ";", "\r", "\xff", "é", "0", "_", ".", "lambda", "yield", "await", "not", "if", "else", "async", "match", "case", ":="}
		out = append(append(append(out, src[:at]...), ins[rng.Intn(len(ins))]...), src[at:]...)
	case 2:
		out = append(append(append(out, src[:lineEnd]...), src[lineStart:lineEnd]...), src[lineEnd:]...)
	case 3:
		out = append(append(append(out, src[:lineStart]...), "    "...), src[lineStart:]...)
	case 4:
		i := lineStart
		for i < lineEnd && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		cut := lineStart + (i-lineStart)/2
		out = append(append(out, src[:cut]...), src[i:]...)
	case 5:
		i := lineStart
		for i < lineEnd && src[i] == ' ' {
			i++
		}
		if i-lineStart >= 4 {
			out = append(append(append(out, src[:lineStart]...), '\t'), src[lineStart+4:]...)
		} else {
			out = append(append(append(out, src[:at]...), '\t'), src[at:]...)
		}
	default:
		out = append(append(out, src[:at]...), src[lineEnd:]...)
	}
	return out
}

// TestMutatedCorpus: small edits of valid sources (the reader's own cases
// and standard library modules), each judged by compile(); no edit that
// compiles is reported.
func TestMutatedCorpus(t *testing.T) {
	var bases [][]byte
	for _, c := range ownCases {
		if c.status == Clean {
			bases = append(bases, []byte(c.src))
		}
	}
	seeds, _ := filepath.Glob(filepath.Join("testdata", "mutate", "*.py"))
	for _, s := range seeds {
		src, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		bases = append(bases, src)
	}
	files := stdlibFiles(t)
	sort.Strings(files)
	rng := rand.New(rand.NewSource(29))
	perBase, modules := 40, 60
	if testing.Short() || raceEnabled {
		perBase, modules = 8, 10
	}
	for i := 0; i < modules && len(files) > 0; i++ {
		src, err := os.ReadFile(files[rng.Intn(len(files))])
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > 30000 {
			src = src[:bytes.LastIndexByte(src[:30000], '\n')+1]
		}
		bases = append(bases, src)
	}
	var samples []sample
	for bi, base := range bases {
		for j := 0; j < perBase; j++ {
			src := base
			for k := 0; k <= rng.Intn(3); k++ {
				src = mutate(rng, src)
			}
			samples = append(samples, sample{"mutation " + itoa(bi) + "." + itoa(j), src})
		}
	}
	compare(t, samples).report(t, "mutated sources", testing.Verbose())
}
