package python

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/python/pythontest"
)

// grammarTests are CPython's own grammar, syntax and tokenizer tests;
// their snippets are read from the Python installed here at test time,
// not kept in this repository.
var grammarTests = []string{
	"test_grammar.py", "test_syntax.py", "test_fstring.py", "test_tokenize.py",
	"test_patma.py", "test_type_params.py", "test_string_literals.py",
	"test_positional_only_arg.py", "test_unpack_ex.py", "test_genexps.py",
	"test_exceptions.py", "test_eof.py", "test_named_expressions.py",
	"test_keywordonlyarg.py", "test_utf8source.py", "test_unparse.py",
	"test_future_stmt/test_future.py", "test_except_star.py", "test_ast/test_ast.py", "test_ast.py",
}

// extractScript prints, one JSON line each, the snippets of a test
// module: the module itself, every doctest example, and every string
// constant (most of the cases are strings given to compile or eval).
const extractScript = `
import sys, ast, json, base64, doctest
seen = set()
def emit(s):
    if isinstance(s, str):
        try:
            s = s.encode("utf-8")
        except UnicodeEncodeError:
            return
    if s in seen or len(s) > 20000:
        return
    seen.add(s)
    sys.stdout.write(json.dumps(base64.b64encode(s).decode()) + "\n")
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        src = f.read()
    emit(src)
    try:
        tree = ast.parse(src)
    except SyntaxError:
        continue
    parser = doctest.DocTestParser()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            emit(node.value)
            if isinstance(node.value, str) and ">>>" in node.value:
                try:
                    for ex in parser.get_examples(node.value):
                        emit(ex.source)
                except ValueError:
                    pass
`

// grammarSamples extracts the snippets of CPython's tests of every
// interpreter found.
func grammarSamples(t testing.TB) []sample {
	var samples []sample
	for _, py := range pythontest.All(t) {
		lib := filepath.Join(filepath.Dir(filepath.Dir(py)), "lib", filepath.Base(py), "test")
		var files []string
		for _, name := range grammarTests {
			if _, err := os.Stat(filepath.Join(lib, name)); err == nil {
				files = append(files, filepath.Join(lib, name))
			}
		}
		if len(files) == 0 {
			continue
		}
		cmd := exec.Command(py, append([]string{"-X", "utf8", "-c", extractScript}, files...)...)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		n := 0
		for sc.Scan() {
			var src []byte
			if err := json.Unmarshal(sc.Bytes(), &src); err != nil {
				t.Fatal(err)
			}
			n++
			samples = append(samples, sample{filepath.Base(py) + " snippet " + itoa(n), src})
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: %v", py, err)
		}
	}
	return samples
}

// TestGrammarCases: every snippet of CPython's grammar and syntax tests
// that compile() accepts is not reported, and the refusals the reader
// reports with an exact position agree with compile()'s.
func TestGrammarCases(t *testing.T) {
	samples := grammarSamples(t)
	if testing.Short() || raceEnabled {
		var some []sample
		for i := 0; i < len(samples); i += 8 {
			some = append(some, samples[i])
		}
		samples = some
	}
	compare(t, samples).report(t, "snippets", testing.Verbose())
}
