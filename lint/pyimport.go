package lint

import (
	"path"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/python"
)

// The import of a rollout's entrypoint, read without running it. The
// osmosis CLI's submit preflight (osmosis_ai/platform/cli/
// rollout_entrypoint.py) makes the rollout directory a package of its own
// (executing its __init__.py when there is one), executes the __init__.py
// of each directory between it and the entrypoint, then the entrypoint; the
// rollout directory is first on sys.path, so an absolute import of a name
// the rollout holds finds the rollout's file. Executing a module runs its
// top-level imports, which execute the modules they name in turn.

// maxPythonFile bounds a rollout module read for its imports; a larger
// file is not read (nor judged).
const maxPythonFile = 1 << 20

// cliPreloaded reports the top-level modules the osmosis CLI has imported
// before it loads a rollout (its own package and its dependencies): an
// import of one finds the loaded module, not a rollout file.
func cliPreloaded(name string) bool {
	switch name {
	case "osmosis_ai", "dotenv", "requests", "httpx", "httpcore", "pydantic", "pydantic_core",
		"keyring", "cryptography", "questionary", "prompt_toolkit", "packaging", "typer",
		"click", "rich", "urllib3", "certifi", "idna", "charset_normalizer", "h11", "anyio",
		"sniffio", "annotated_types", "typing_extensions", "typing_inspection", "jaraco",
		"secretstorage", "jeepney", "markdown_it", "mdurl", "pygments", "shellingham",
		"wcwidth", "yaml":
		return true
	}
	return false
}

// importProblem is one reason importing the entrypoint fails, decided
// from the rollout's files.
type importProblem struct {
	// compile: the module does not compile; else an import names a module
	// or a name the rollout's files do not have.
	compile bool
	// file is the rollout-relative path of the module the problem is in.
	file      string
	line, col int
	msg       string
	// via says how the entrypoint reaches file ("" for the entrypoint).
	via string
}

// pyModule reads a workspace Python file once per run.
func (e *Env) pyModule(rel string) (python.Module, bool) {
	if e.paths != nil {
		if v, ok := e.paths.pymodules.Load(rel); ok {
			f := v.(pyFile)
			return f.mod, f.ok
		}
	}
	var f pyFile
	if c, err := e.WS.ReadFile(rel, maxPythonFile); err == nil {
		f = pyFile{mod: python.Read(c.Data), ok: true}
	}
	if e.paths != nil {
		e.paths.pymodules.Store(rel, f)
	}
	return f.mod, f.ok
}

type pyFile struct {
	mod python.Module
	ok  bool
}

// entrypointImport is the list of problems of one rollout and entrypoint,
// found once per run.
func (e *Env) entrypointImport(rollout, entrypoint string) []importProblem {
	return e.rolloutImports(rollout, entrypoint).problems
}

// entrypointModules are the rollout-relative files of the modules the
// entrypoint's import executes, in the order they are read.
func (e *Env) entrypointModules(rollout, entrypoint string) []string {
	return e.rolloutImports(rollout, entrypoint).modules
}

type rolloutImports struct {
	problems []importProblem
	modules  []string
}

func (e *Env) rolloutImports(rollout, entrypoint string) rolloutImports {
	k := rolloutKey{rollout, entrypoint}
	if e.paths != nil {
		if v, ok := e.paths.imports.Load(k); ok {
			return v.(rolloutImports)
		}
	}
	r := e.walkImports(rollout, entrypoint)
	if e.paths != nil {
		e.paths.imports.Store(k, r)
	}
	return r
}

// importWalk follows the imports the entrypoint's import executes.
type importWalk struct {
	e        *Env
	rollout  string
	ro       workspace.Rollout
	files    map[string]bool
	dirs     map[string]bool
	seen     map[string]bool
	queue    []moduleVisit
	problems []importProblem
	modules  []string
}

// moduleVisit is a module to read: its rollout-relative file, the
// directory its relative imports start from, and the top-level
// package's directory ("" for the rollout's own package; top false for a
// module outside any package, whose relative imports are not judged).
type moduleVisit struct {
	file, pkgDir, top string
	inPkg             bool
	via               string
}

func (e *Env) walkImports(rollout, entrypoint string) rolloutImports {
	rp := e.rolloutPath(rollout, entrypoint)
	ro, ok := e.WS.Rollout(rollout)
	if !ok || ro.Truncated || !ro.Resolved.Inside || !rp.DirContained || !rp.Dir.IsDir ||
		!rp.EntryContained || !rp.Entry.IsRegular || rp.Entry.Symlinked || !strings.HasSuffix(rp.Entry.Path, ".py") {
		return rolloutImports{}
	}
	prefix := ro.Resolved.Path + "/"
	if !strings.HasPrefix(rp.Entry.Path, prefix) {
		return rolloutImports{}
	}
	entry := strings.TrimPrefix(rp.Entry.Path, prefix)
	w := &importWalk{e: e, rollout: rollout, ro: ro, files: map[string]bool{}, dirs: map[string]bool{}, seen: map[string]bool{}}
	for _, f := range ro.Files {
		w.files[f] = true
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			w.dirs[d] = true
		}
	}
	// The package chain: the rollout directory, then each directory down
	// to the entrypoint's.
	dir := ""
	w.visitInit(dir, entry)
	for _, part := range strings.Split(path.Dir(entry), "/") {
		if part == "." {
			break
		}
		dir = path.Join(dir, part)
		w.visitInit(dir, entry)
	}
	w.queue = append(w.queue, moduleVisit{file: entry, pkgDir: pkgDirOf(entry), inPkg: true})
	for len(w.queue) > 0 {
		v := w.queue[0]
		w.queue = w.queue[1:]
		w.visit(v)
	}
	return rolloutImports{w.problems, w.modules}
}

func pkgDirOf(file string) string {
	if d := path.Dir(file); d != "." {
		return d
	}
	return ""
}

func (w *importWalk) visitInit(dir, entry string) {
	init := path.Join(dir, "__init__.py")
	if w.files[init] {
		w.queue = append(w.queue, moduleVisit{file: init, pkgDir: dir, inPkg: true, via: "the package of " + entry})
	}
}

func (w *importWalk) visit(v moduleVisit) {
	if w.seen[v.file] {
		return
	}
	w.seen[v.file] = true
	mod, ok := w.e.pyModule(w.ro.Path + "/" + v.file)
	if !ok {
		return
	}
	w.modules = append(w.modules, v.file)
	switch mod.Result.Status {
	case python.Invalid:
		err := mod.Result.Err
		w.problems = append(w.problems, importProblem{compile: true, file: v.file, line: err.Line, col: err.Col, msg: err.Kind.String() + ": " + err.Msg, via: v.via})
		return
	case python.Undecided:
		return
	}
	for _, imp := range mod.Imports {
		w.follow(v, imp)
	}
}

// follow judges one import statement of the module v.
func (w *importWalk) follow(v moduleVisit, imp python.Import) {
	at := v.file + " line " + strconv.Itoa(imp.Line)
	var base string
	var inPkg bool
	top := v.top
	if imp.Level > 0 {
		if !v.inPkg {
			return
		}
		base = v.pkgDir
		for i := 1; i < imp.Level; i++ {
			if base == v.top {
				return // beyond the top-level package: not judged here
			}
			base = pkgDirOf(base)
		}
		inPkg = true
	} else {
		first, _, _ := strings.Cut(imp.Module, ".")
		if python.Stdlib(first) || cliPreloaded(first) {
			return
		}
		f, _, exists, judged := w.moduleFile("", first)
		if !exists || !judged || f == "" {
			// Not the rollout's (an installed package, or missing where the
			// CLI's environment decides), not read, or a namespace portion,
			// which a regular package of that name anywhere on sys.path
			// takes precedence over.
			return
		}
		top = first
		inPkg = true
	}
	dir := base
	targetFile, targetIsPkg := path.Join(base, "__init__.py"), true
	if !w.files[targetFile] {
		targetFile = ""
	}
	if imp.Module != "" {
		parts := strings.Split(imp.Module, ".")
		for i, part := range parts {
			f, isPkg, exists, judged := w.moduleFile(dir, part)
			name := strings.Join(parts[:i+1], ".")
			if !exists {
				w.missing(v, imp, "the rollout has no module "+code(strings.Repeat(".", imp.Level)+name)+" (no "+path.Join(dir, part)+".py and no "+path.Join(dir, part)+"/)", at)
				return
			}
			if !judged {
				return
			}
			if i < len(parts)-1 && !isPkg {
				w.missing(v, imp, code(path.Join(dir, part)+".py")+" is a module, not a package: it holds no module "+code(parts[i+1]), at)
				return
			}
			pkgDir := dir
			if isPkg {
				pkgDir = path.Join(dir, part)
			}
			if imp.Level == 0 && i == 0 && !isPkg {
				// a top-level module outside any package
				inPkg = false
			}
			if f != "" {
				w.queue = append(w.queue, moduleVisit{file: f, pkgDir: pkgDir, top: top, inPkg: inPkg, via: "imported by " + at})
			}
			targetFile, targetIsPkg = f, isPkg
			dir = pkgDir
		}
	}
	if imp.Star || imp.From == nil {
		return
	}
	var target python.Module
	readable := false
	if targetFile != "" {
		target, readable = w.e.pyModule(w.ro.Path + "/" + targetFile)
		if !readable || target.Result.Status != python.Clean || target.Dynamic {
			return
		}
	} else if !targetIsPkg {
		return
	}
	for _, name := range imp.From {
		if strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") {
			continue
		}
		if readable && target.Names[name] {
			continue
		}
		if targetIsPkg {
			f, isPkg, exists, judged := w.moduleFile(dir, name)
			if exists {
				if judged && f != "" {
					pkgDir := dir
					if isPkg {
						pkgDir = path.Join(dir, name)
					}
					w.queue = append(w.queue, moduleVisit{file: f, pkgDir: pkgDir, top: top, inPkg: inPkg, via: "imported by " + at})
				}
				continue
			}
		}
		what := "module " + code(strings.Repeat(".", imp.Level)+imp.Module)
		if imp.Module == "" {
			what = "package " + code(strings.Repeat(".", imp.Level))
		}
		where := "defines no " + code(name)
		if targetIsPkg {
			where += " and holds no module " + code(name)
		}
		w.missing(v, imp, "the "+what+" ("+displayFile(targetFile, dir)+") "+where, at)
	}
}

func displayFile(file, dir string) string {
	if file != "" {
		return file
	}
	if dir == "" {
		return "the rollout directory"
	}
	return dir + "/"
}

func (w *importWalk) missing(v moduleVisit, imp python.Import, what, at string) {
	w.problems = append(w.problems, importProblem{file: v.file, line: imp.Line, col: imp.Col, msg: what, via: v.via})
}

// moduleFile finds name as Python's path finder does in a rollout
// directory: a package (a directory with __init__.py), a module file, or
// a namespace package (a directory without one). exists is false only
// when nothing by that name is there; judged is false when what is there
// is not read (a compiled module, something the listing does not show).
func (w *importWalk) moduleFile(dir, name string) (file string, isPkg, exists, judged bool) {
	p := path.Join(dir, name)
	for f := range w.files {
		if strings.HasPrefix(f, p+".") && path.Dir(f) == path.Dir(p) {
			if rest := strings.TrimPrefix(f, p+"."); strings.HasSuffix(rest, "so") || strings.HasSuffix(rest, "pyd") || rest == "pyc" {
				return "", false, true, false
			}
		}
	}
	switch {
	case w.files[p+"/__init__.py"]:
		return p + "/__init__.py", true, true, true
	case w.files[p+".py"]:
		return p + ".py", false, true, true
	case w.dirs[p]:
		return "", true, true, true
	}
	// An empty directory, or what the listing leaves out, is still there.
	if rp := w.e.rolloutPath(w.rollout, p); !rp.EntryContained || rp.Entry.Exists {
		return "", false, true, false
	}
	return "", false, false, false
}
