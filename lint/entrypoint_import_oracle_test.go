package lint

import (
	"errors"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/python/pythontest"
)

// importOracle imports a rollout's entrypoint as the osmosis CLI's submit
// preflight does (osmosis_ai/platform/cli/rollout_entrypoint.py): the
// rollout directory first on sys.path, made a package of its own (its
// __init__.py executed when there is one), each directory down to the
// entrypoint a package too, then the entrypoint executed as their module.
// As the preflight's caller (validate_rollout_backend in
// osmosis_ai/platform/cli/workspace_directory_contract.py), it only warns
// on a ModuleNotFoundError: it exits with skipExit then, and the submit
// goes on.
const importOracle = `
import importlib.machinery, importlib.util, pathlib, sys, types
root = pathlib.Path(sys.argv[1]).resolve()
entry = (root / sys.argv[2]).resolve()
sys.path.insert(0, str(root))
def package(name, directory):
    init = directory / "__init__.py"
    if init.is_file():
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(directory)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return
    module = types.ModuleType(name)
    module.__path__ = [str(directory)]
    module.__package__ = name
    spec = importlib.machinery.ModuleSpec(name, loader=None, is_package=True)
    spec.submodule_search_locations = [str(directory)]
    module.__spec__ = spec
    sys.modules[name] = module
def load():
    name = "_rollout_under_test"
    package(name, root)
    parts = entry.relative_to(root).with_suffix("").parts
    current, directory = name, root
    for part in parts[:-1]:
        directory, current = directory / part, current + "." + part
        package(current, directory)
    module_name = ".".join((name,) + parts)
    spec = importlib.util.spec_from_file_location(module_name, entry)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
try:
    load()
except ModuleNotFoundError as e:
    print("skipped:", e)
    sys.exit(3)
`

// skipExit is importOracle's exit status when the CLI only warns.
const skipExit = 3

// oracleRollout is a rollout of several modules that imports cleanly.
var oracleRollout = tree{
	"rollouts/multiply-agent/main.py":             "from helpers import normalize\nfrom . import tools\nfrom .tools import search\nimport config\n\n\ndef run(x):\n    return [normalize(x), search(x), config.LIMIT]\n",
	"rollouts/multiply-agent/helpers.py":          "import re\n\n\ndef normalize(t):\n    return re.sub(r\"\\s+\", \" \", t)\n\n\ndef parse_answer(t):\n    return t or None\n",
	"rollouts/multiply-agent/tools/__init__.py":   "from .search import search\n\n__all__ = [\"search\"]\n",
	"rollouts/multiply-agent/tools/search.py":     "def search(q):\n    return [q]\n",
	"rollouts/multiply-agent/config.py":           "LIMIT = 3\n",
	"rollouts/multiply-agent/pyproject.toml":      "[project]\nname = \"multiply-agent\"\n",
	"rollouts/multiply-agent/agents/__init__.py":  "",
	"rollouts/multiply-agent/agents/worker.py":    "from ..helpers import parse_answer\nfrom . import __name__ as here\n",
	"rollouts/multiply-agent/agents/__main__.py":  "x = 1\n",
	"rollouts/multiply-agent/data/prompts.txt":    "hello\n",
	"rollouts/multiply-agent/scratch/unused.py":   "def broken(:\n",
	"rollouts/multiply-agent/scratch/__init__.py": "",
}

// TestEntrypointImportOracle: rollouts made from oracleRollout by edits of
// the kinds that break an import (a name renamed, a file removed, a file
// cut short, an import added), each imported by Python as the CLI's
// preflight does; entrypoint-syntax and entrypoint-import never fire on a
// rollout whose entrypoint imports, and fire on the refusals they decide.
func TestEntrypointImportOracle(t *testing.T) {
	pys := pythontest.All(t)
	rng := rand.New(rand.NewSource(29))
	variants := []tree{oracleRollout}
	edits := []func(tree){
		func(w tree) {
			w["rollouts/multiply-agent/helpers.py"] = strings.Replace(w["rollouts/multiply-agent/helpers.py"], "def normalize", "def normalise", 1)
		},
		func(w tree) { delete(w, "rollouts/multiply-agent/config.py") },
		func(w tree) { delete(w, "rollouts/multiply-agent/tools/search.py") },
		func(w tree) { w["rollouts/multiply-agent/__init__.py"] = "from .main import Missing\n" },
		func(w tree) { w["rollouts/multiply-agent/__init__.py"] = "from .main import run\n" },
		func(w tree) { w["rollouts/multiply-agent/main.py"] += "from .agents import worker\n" },
		func(w tree) { w["rollouts/multiply-agent/main.py"] += "from .agents.worker import nothing\n" },
		func(w tree) { w["rollouts/multiply-agent/main.py"] += "import scratch.unused\n" },
		func(w tree) { w["rollouts/multiply-agent/main.py"] += "from tools import search as s2, missing\n" },
		func(w tree) { w["rollouts/multiply-agent/main.py"] += "from .data import prompts\n" },
		func(w tree) { w["rollouts/multiply-agent/tools/__init__.py"] = "" },
		func(w tree) {
			w["rollouts/multiply-agent/config.py"] = "LIMIT = 3\nif LIMIT:\n\tx = 1\n        y = 2\n"
		},
		func(w tree) { w["rollouts/multiply-agent/helpers.py"] = "def __getattr__(name):\n    return len\n" },
	}
	for _, e := range edits {
		w := copyTree(oracleRollout)
		e(w)
		variants = append(variants, w)
	}
	pyFiles := []string{}
	for k := range oracleRollout {
		if strings.HasSuffix(k, ".py") {
			pyFiles = append(pyFiles, k)
		}
	}
	sort.Strings(pyFiles)
	n := 60
	if testing.Short() || raceEnabled {
		n = 5
	}
	for i := 0; i < n; i++ {
		w := copyTree(oracleRollout)
		for k := 0; k <= rng.Intn(2); k++ {
			edits[rng.Intn(len(edits))](w)
		}
		f := pyFiles[rng.Intn(len(pyFiles))]
		if src := w[f]; len(src) > 0 {
			cut := rng.Intn(len(src))
			w[f] = src[:cut] + src[min(len(src), cut+1+rng.Intn(3)):]
		}
		variants = append(variants, w)
	}
	corpus := make([]importCase, 0, len(variants))
	for _, w := range variants {
		corpus = append(corpus, importCase{ws: w, entry: "main.py"})
	}
	agreeWithImport(t, pys, corpus)
}

// importCase is one rollout of a corpus: its workspace and the
// entrypoint its config names.
type importCase struct {
	ws    tree
	entry string
}

// agreeWithImport imports each rollout's entrypoint with every Python of
// pys as the CLI's preflight does: the entrypoint rules (the entrypoint's
// import, syntax and loader) never fire on a rollout some Python imports,
// and each refusal they decide is caught.
func agreeWithImport(t *testing.T, pys []string, corpus []importCase) {
	t.Helper()
	var accepted, skipped, refused, caught int
	for i, r := range corpus {
		c := ruleCase{src: pathsConfig(`"multiply-agent"`, strconv.Quote(r.entry)), ws: r.ws}
		in := c.input(t)
		var mine []Finding // the submit errors of the entrypoint rules
		for _, f := range Check([]byte(c.src), in) {
			if (f.Rule == RuleEntrypointSyntax || f.Rule == RuleEntrypointImport || f.Rule == RuleEntrypointLoader) && f.Stage == StageSubmit {
				mine = append(mine, f)
			}
		}
		root := filepath.Join(in.Env.WS.Root(), "rollouts", "multiply-agent")
		imports := false
		var why string
		for _, py := range pys {
			out, err := exec.Command(py, "-c", importOracle, root, r.entry).CombinedOutput()
			var exit *exec.ExitError
			if err == nil || errors.As(err, &exit) && exit.ExitCode() == skipExit {
				imports = true // imported, or only warned on
				if err != nil {
					skipped++
				}
				break
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			why = lines[len(lines)-1]
		}
		if imports {
			accepted++
			for _, f := range mine {
				t.Errorf("rollout %d (%s): the CLI accepts it, yet %s: %s", i, r.entry, f.Rule, f.Message)
			}
			continue
		}
		refused++
		if len(mine) > 0 {
			caught++
		} else if testing.Verbose() {
			t.Logf("rollout %d (%s): not caught: %s", i, r.entry, why)
		}
	}
	t.Logf("rollouts %d: the CLI accepts %d (%d of them with a warning on a module not found), refuses %d, of which %d have a submit error", len(corpus), accepted, skipped, refused, caught)
}

func copyTree(t tree) tree {
	out := tree{}
	for k, v := range t {
		out[k] = v
	}
	return out
}

// TestEntrypointLoaderOracle: rollouts whose entrypoint is a .pyc or a
// .so, written by the Pythons present (bytecode of each version, an
// extension module of the standard library) and by edits of them (cut,
// flags changed, text renamed), each imported as the CLI's preflight
// does.
func TestEntrypointLoaderOracle(t *testing.T) {
	pys := pythontest.All(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "main.py")
	if err := os.WriteFile(src, []byte(oracleRollout["rollouts/multiply-agent/main.py"]), 0o644); err != nil {
		t.Fatal(err)
	}
	const compile = "import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True, invalidation_mode=py_compile.PycInvalidationMode[sys.argv[3]])"
	const extension = "import math; print(math.__file__)"
	var pycs, sos []string
	builders := append([]string{}, pys...)
	if py := pythontest.Find("3.11"); py != "" {
		builders = append(builders, py) // bytecode no Python the SDK runs on loads
	}
	for i, py := range builders {
		for _, mode := range []string{"TIMESTAMP", "CHECKED_HASH"} {
			out := filepath.Join(dir, strconv.Itoa(i)+mode+".pyc")
			if b, err := exec.Command(py, "-c", compile, src, out, mode).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v: %s", py, err, b)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			pycs = append(pycs, string(b))
		}
		if i < len(pys) {
			out, err := exec.Command(py, "-c", extension).Output()
			if err != nil {
				t.Fatalf("%s: %v", py, err)
			}
			b, err := os.ReadFile(strings.TrimSpace(string(out)))
			if err != nil {
				t.Fatal(err)
			}
			sos = append(sos, string(b))
		}
	}
	text := oracleRollout["rollouts/multiply-agent/main.py"]
	variants := map[string][]string{
		"main.pyc": {text, "", "\x00\x00\r\n"},
		"math.so":  {text, "", "\x7fELF"},
		"main.so":  {},
	}
	for _, p := range pycs {
		flags := []byte(p)
		flags[4] |= 8
		variants["main.pyc"] = append(variants["main.pyc"], p, p[:10], p[:4], string(flags), p[:2]+"\x00\x00"+p[4:])
	}
	for _, so := range sos {
		variants["math.so"] = append(variants["math.so"], so, so[:4], so[:64])
		variants["main.so"] = append(variants["main.so"], so) // no PyInit_main: refused, not decided here
	}
	var corpus []importCase
	for _, entry := range []string{"main.pyc", "math.so", "main.so"} {
		for _, data := range variants[entry] {
			w := copyTree(oracleRollout)
			w["rollouts/multiply-agent/"+entry] = data
			corpus = append(corpus, importCase{ws: w, entry: entry})
		}
	}
	if testing.Short() || raceEnabled {
		var some []importCase
		for i := 0; i < len(corpus); i += 4 {
			some = append(some, corpus[i])
		}
		corpus = some
	}
	agreeWithImport(t, pys, corpus)
}
