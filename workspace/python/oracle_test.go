package python

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/python/pythontest"
)

// The oracle is CPython's compile(src_bytes, name, "exec"), as the
// osmosis CLI's import of a rollout runs it, in 3.12 and in 3.13.

const oracleScript = `
import sys, json, base64
for line in sys.stdin:
    src = base64.b64decode(json.loads(line))
    out = {"ok": True}
    try:
        compile(src, "rollout.py", "exec", dont_inherit=True)
    except SyntaxError as e:
        out = {"ok": False, "kind": type(e).__name__, "msg": str(e.msg), "line": e.lineno or 0, "col": e.offset or 0}
    except Exception as e:
        out = {"ok": False, "kind": type(e).__name__, "msg": str(e), "line": 0, "col": 0}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
`

// verdict is compile()'s answer for one source.
type verdict struct {
	OK   bool   `json:"ok"`
	Kind string `json:"kind"`
	Msg  string `json:"msg"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// oracleProc is one interpreter answering compile() for sources, one a
// line, for as long as the test runs.
type oracleProc struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startOracle(t testing.TB, python string) *oracleProc {
	t.Helper()
	cmd := exec.Command(python, "-X", "utf8", "-W", "ignore", "-c", oracleScript)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	o := &oracleProc{cmd: cmd, in: in, out: sc}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return o
}

func (o *oracleProc) compile(t testing.TB, src []byte) verdict {
	line, _ := json.Marshal(src)
	if _, err := o.in.Write(append(line, '\n')); err != nil {
		t.Fatal(err)
	}
	if !o.out.Scan() {
		t.Fatalf("the oracle stopped: %v", o.out.Err())
	}
	var v verdict
	if err := json.Unmarshal(o.out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// oracles starts compile() of every interpreter found.
func oracles(t testing.TB) []*oracleProc {
	var os []*oracleProc
	for _, py := range pythontest.All(t) {
		os = append(os, startOracle(t, py))
	}
	return os
}

// sample is one source to compare, with a name to report it by.
type sample struct {
	name string
	src  []byte
}

// agreement compares the reader with compile() on files.
type agreement struct {
	files, clean, invalid, undecided int
	// refused: compile() refuses in every version.
	refused int
	// caught: refused and reported Invalid; sameLine/sameCol where the
	// position agrees with 3.12's.
	caught, sameLine, samePos int
	// exactWrong: an Exact position that differs from compile()'s.
	exactWrong []string
	// falsePositives: Invalid though some version compiles the file.
	falsePositives []string
	missed         []string
}

// report logs the counts of a, prefixed by what was read ("files"), and
// fails the test on a false positive or a wrong exact position; the missed
// refusals are logged when showMissed is set.
func (a agreement) report(t testing.TB, what string, showMissed bool) {
	t.Helper()
	t.Logf("%s %d: clean %d, invalid %d, undecided %d; compile() refuses %d, caught %d (line agrees %d, line and column %d)",
		what, a.files, a.clean, a.invalid, a.undecided, a.refused, a.caught, a.sameLine, a.samePos)
	for _, fp := range a.falsePositives {
		t.Errorf("false positive: %s", fp)
	}
	for _, w := range a.exactWrong {
		t.Errorf("exact position differs: %s", w)
	}
	if showMissed {
		for _, m := range a.missed {
			t.Logf("missed: %s", m)
		}
	}
}

func compare(t testing.TB, samples []sample) agreement {
	t.Helper()
	procs := oracles(t)
	var a agreement
	for _, smp := range samples {
		a.files++
		r := Check(smp.src)
		switch r.Status {
		case Clean:
			a.clean++
		case Invalid:
			a.invalid++
		case Undecided:
			a.undecided++
		}
		compiles := false
		var vs []verdict
		for _, o := range procs {
			v := o.compile(t, smp.src)
			vs = append(vs, v)
			if v.OK {
				compiles = true
				break
			}
		}
		if compiles {
			if r.Status == Invalid {
				a.falsePositives = append(a.falsePositives, smp.name+" "+quote(smp.src)+": "+r.Err.Msg+" at "+itoa(r.Err.Line)+":"+itoa(r.Err.Col))
			}
			continue
		}
		a.refused++
		v := vs[len(vs)-1]
		if r.Status != Invalid {
			a.missed = append(a.missed, smp.name+": "+v.Kind+" "+v.Msg+" at "+itoa(v.Line)+":"+itoa(v.Col))
			continue
		}
		a.caught++
		// 3.12 counts some columns in bytes where 3.13 counts characters
		// (lines with non-ASCII text): either version's position agrees.
		line, pos := false, false
		for _, v := range vs {
			if v.Line == r.Err.Line {
				line = true
				if v.Col == r.Err.Col {
					pos = true
				}
			}
		}
		if line {
			a.sameLine++
		}
		if pos {
			a.samePos++
		}
		if dump := os.Getenv("PYTHON_READER_DUMP"); dump != "" && smp.name == dump {
			os.WriteFile(filepath.Join(os.TempDir(), "python-reader-dump.py"), smp.src, 0o644)
		}
		if r.Exact && !pos {
			a.exactWrong = append(a.exactWrong, smp.name+" "+quote(smp.src)+": compile() "+v.Kind+" "+v.Msg+" at "+itoa(v.Line)+":"+itoa(v.Col)+", reader "+r.Err.Msg+" at "+itoa(r.Err.Line)+":"+itoa(r.Err.Col))
		}
	}
	return a
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// quote shows a source in a failure, shortened.
func quote(src []byte) string {
	if len(src) > 300 {
		src = src[:300]
	}
	return strconv.Quote(string(src))
}
