package lint

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
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
	// notFound: the import raises ModuleNotFoundError, on which the CLI's
	// preflight warns and goes on (the platform's import fails).
	notFound bool
}

// describe says on the config's entrypoint ep of rollout what the
// problem is and where (without the side that refuses it).
func (p importProblem) describe(rollout, ep string) string {
	where := "rollouts/" + rollout + "/" + p.file
	what := " imports what the rollout does not have"
	switch {
	case p.compile && p.line > 0:
		where += ":" + strconv.Itoa(p.line) + ":" + strconv.Itoa(p.col)
		what = " does not compile"
	case p.compile:
		what = " does not compile"
	default:
		where += ":" + strconv.Itoa(p.line)
	}
	how := ""
	if p.via != "" {
		how = " (" + p.via + ")"
	}
	return where + what + ", so importing entrypoint " + code(ep) + " fails" + how + ": " + p.msg
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

// importResult is what the import of one entrypoint executes of the
// rollout's files and the problems it meets there.
type importResult struct {
	problems []importProblem
	// reached holds the rollout-relative files the import executes (or
	// would, were they readable).
	reached map[string]bool
	// skipAt: see importWalk
	skipAt int
	// modules are the rollout-relative files of the modules the import
	// executes, in the order they are read.
	modules []string
}

// noImport is the result of an import not walked.
var noImport = importResult{skipAt: -1}

// stage is the stage of the finding of the import's problem i (i ==
// len(problems): of what follows the package chain), with what the
// message says of it. The CLI's preflight (validate_rollout_backend in
// osmosis_ai/platform/cli/workspace_directory_contract.py) stops at the
// import's first exception and, when that is a ModuleNotFoundError, only
// warns and goes on with the submit; the platform's import fails then.
// The walk follows the modules in the order Python executes them, so a
// problem met before any import that raises (or may raise)
// ModuleNotFoundError is refused at submit; one met after, only surely by
// the platform.
func (r importResult) stage(i int) (Stage, string) {
	switch {
	case r.skipAt < 0 || i < r.skipAt:
		return StageSubmit, ""
	case i < len(r.problems) && r.problems[i].notFound:
		return StagePlatform, "; the CLI's submit preflight only warns when the import raises ModuleNotFoundError, as this one does, and the platform's import fails"
	}
	return StagePlatform, "; the CLI's submit preflight only warns when the import raises ModuleNotFoundError, as an import executed before this one can (of a module not found, not read, or not the rollout's and not declared), and the platform's import fails"
}

// entrypointWalk follows the import of one rollout's entrypoint, once per
// run.
func (e *Env) entrypointWalk(rollout, entrypoint string) importResult {
	k := rolloutKey{rollout, entrypoint}
	if e.paths != nil {
		if v, ok := e.paths.imports.Load(k); ok {
			return v.(importResult)
		}
	}
	r := e.walkImports(rollout, entrypoint)
	if e.paths != nil {
		e.paths.imports.Store(k, r)
	}
	return r
}

// entrypointModules are the rollout-relative files of the modules the
// entrypoint's import executes, in the order they are read.
func (e *Env) entrypointModules(rollout, entrypoint string) []string {
	return e.entrypointWalk(rollout, entrypoint).modules
}

// reportImport reports the problem i of the entrypoint's import (msg,
// without the side that refuses it) at the config's entrypoint when the
// CLI refuses it at submit (importResult.stage); the others are
// entrypoint-module-not-found's.
func reportImport(c *Context, r importResult, i int, rollout, msg string) {
	if st, _ := r.stage(i); st != StageSubmit {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	c.Report(v.Range, "experiment.entrypoint", msg+entrypointSide(c, rollout))
}

// importWalk follows the imports the entrypoint's import executes.
type importWalk struct {
	e        *Env
	rollout  string
	ro       workspace.Rollout
	files    map[string]bool
	dirs     map[string]bool
	seen     map[string]bool
	problems []importProblem
	// skipAt is the count of problems met before the first import that
	// raises, or may raise, ModuleNotFoundError (-1: none).
	skipAt int
	// declared holds the module names of the rollout's declared
	// dependencies (their distribution names, normalized).
	declared map[string]bool
	modules  []string
}

// maySkip notes an import that may raise ModuleNotFoundError.
func (w *importWalk) maySkip() {
	if w.skipAt < 0 {
		w.skipAt = len(w.problems)
	}
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

func (e *Env) walkImports(rollout, entrypoint string) importResult {
	rp := e.rolloutPath(rollout, entrypoint)
	ro, ok := e.WS.Rollout(rollout)
	if !ok || ro.Truncated || !ro.Resolved.Inside || !rp.DirContained || !rp.Dir.IsDir ||
		!rp.EntryContained || !rp.Entry.IsRegular || rp.Entry.Symlinked || !importable(path.Base(rp.Entry.Path)) {
		return noImport
	}
	prefix := ro.Resolved.Path + "/"
	if !strings.HasPrefix(rp.Entry.Path, prefix) {
		return noImport
	}
	entry := strings.TrimPrefix(rp.Entry.Path, prefix)
	w := &importWalk{e: e, rollout: rollout, ro: ro, files: map[string]bool{}, dirs: map[string]bool{}, seen: map[string]bool{}, skipAt: -1, declared: map[string]bool{}}
	for _, d := range e.pyproject(rollout).others {
		w.declared[strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToLower(d))] = true
	}
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
	if strings.HasSuffix(entry, ".py") {
		// a compiled entrypoint is not read: its package chain is
		w.visit(moduleVisit{file: entry, pkgDir: pkgDirOf(entry), inPkg: true})
	}
	return importResult{problems: w.problems, reached: w.seen, skipAt: w.skipAt, modules: w.modules}
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
		w.visit(moduleVisit{file: init, pkgDir: dir, inPkg: true, via: "the package of " + entry})
	}
}

func (w *importWalk) visit(v moduleVisit) {
	if w.seen[v.file] {
		return
	}
	w.seen[v.file] = true
	mod, ok := w.e.pyModule(w.ro.Path + "/" + v.file)
	if !ok {
		w.maySkip() // not read: what it imports is not known
		return
	}
	w.modules = append(w.modules, v.file)
	switch mod.Result.Status {
	case python.Invalid:
		err := mod.Result.Err
		w.problems = append(w.problems, importProblem{compile: true, file: v.file, line: err.Line, col: err.Col, msg: err.Kind.String() + ": " + err.Msg, via: v.via})
		return
	case python.Undecided:
		w.maySkip()
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
			// takes precedence over. A declared dependency that is not
			// installed makes the CLI skip the import (entrypointSide);
			// any other may raise ModuleNotFoundError.
			if exists || !w.declared[first] {
				w.maySkip()
			}
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
				w.notFound(v, imp, "the rollout has no module "+code(strings.Repeat(".", imp.Level)+name)+" (no "+path.Join(dir, part)+".py and no "+path.Join(dir, part)+"/)", at)
				return
			}
			if !judged {
				w.maySkip()
				return
			}
			if i < len(parts)-1 && !isPkg {
				w.notFound(v, imp, code(path.Join(dir, part)+".py")+" is a module, not a package: it holds no module "+code(parts[i+1]), at)
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
				w.visit(moduleVisit{file: f, pkgDir: pkgDir, top: top, inPkg: inPkg, via: "imported by " + at})
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
					w.visit(moduleVisit{file: f, pkgDir: pkgDir, top: top, inPkg: inPkg, via: "imported by " + at})
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

// notFound is missing for an import that raises ModuleNotFoundError.
func (w *importWalk) notFound(v moduleVisit, imp python.Import, what, at string) {
	w.missing(v, imp, what, at)
	w.problems[len(w.problems)-1].notFound = true
	if w.skipAt < 0 {
		w.skipAt = len(w.problems) - 1
	}
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

// PythonFile returns the findings of a rollout's Python file as an editor
// holds it (text, which need not be saved): for each entrypoint of its
// rollout that a config names (among entrypoints), when that entrypoint's import
// executes the file, entrypoint-syntax's finding where the file does not
// compile and entrypoint-import's on each import of it that names what the
// rollout's files do not have. These are the problems the config rules
// report on the entrypoint, found by the same walk, placed in the file.
//
// Problems the CLI only warns on are entrypoint-module-not-found's. reached
// says that some of those imports executes the file (its findings,
// none included, are then worth showing). rel is the file's
// workspace-relative path; nothing is returned unless it
// is a .py file the listing of a rollout holds (its own directory, not a
// virtual environment's, hidden or __pycache__ one), inside the workspace,
// nor for a file the settings exclude or one over maxPythonFile (the walk
// reads no larger file either). Other files are read through the
// workspace's door, as a check reads them.
func PythonFile(ws *Workspace, rel, display string, text []byte, entrypoints []Entrypoint) (fs []Finding, reached bool) {
	if ws == nil || ws.Snapshot == nil || !strings.HasSuffix(rel, ".py") || len(text) > maxPythonFile {
		return nil, false
	}
	snap := ws.Snapshot
	name, file, ok := strings.Cut(strings.TrimPrefix(rel, "rollouts/"), "/")
	if !ok || !strings.HasPrefix(rel, "rollouts/") || snap.ExcludedFile(rel) {
		return nil, false
	}
	ro, ok := snap.Rollout(name)
	if !ok || !ro.Resolved.Inside {
		return nil, false
	}
	i := sort.SearchStrings(ro.Files, file)
	if i == len(ro.Files) || ro.Files[i] != file {
		return nil, false
	}
	e := &Env{WS: snap, Rel: rel, paths: &rolloutPaths{}}
	e.paths.pymodules.Store(ro.Path+"/"+file, pyFile{mod: python.Read(text), ok: true})
	type key struct {
		rule      string
		line, col int
		msg       string
	}
	seen := map[key]bool{}
	var out []Finding
	lines := toml.NewLineIndex(text)
	for _, x := range entrypoints {
		ep := x.Entrypoint
		if x.Rollout != name || lexicalEscape(name, ep) || strings.ContainsRune(ep, 0) {
			continue
		}
		r := e.entrypointWalk(name, ep)
		if !r.reached[file] {
			continue
		}
		reached = true
		for i, p := range r.problems {
			if p.file != file {
				continue
			}
			st, note := r.stage(i)
			rule, msg := RuleEntrypointImport, p.msg+", so importing entrypoint "+code(ep)+" fails"
			if p.compile {
				rule, msg = RuleEntrypointSyntax, "does not compile, so importing entrypoint "+code(ep)+" fails: "+p.msg
			}
			if st != StageSubmit {
				rule, msg = RuleEntrypointModuleNotFound, msg+note
			}
			k := key{rule, p.line, p.col, p.msg}
			if seen[k] || ws.Settings.off(rule) {
				continue
			}
			seen[k] = true
			rl, _ := Lookup(rule)
			f := Finding{Path: display, Rule: rule, Severity: rl.Severity, Stage: st, Message: msg, Range: pyRange(text, p.line, p.col)}
			if sev, ok := ws.Settings.severity(rule); ok {
				f.Severity = sev
			}
			locate(&f, lines)
			out = append(out, f)
		}
	}
	// the messages quote the Python file's names and text, which may
	// hold a credential: they are finalised as every check's are
	redact(out, nil)
	return out, reached
}

// Entrypoint is an entrypoint a config names: its experiment.rollout and
// experiment.entrypoint.
type Entrypoint struct {
	Rollout, Entrypoint string
}

// pyRange is the byte range from Python's 1-based line and character
// column to the end of that line (lines end at \n, \r\n or \r, as for
// Python's tokenizer and the language server protocol); the start of the
// text when line is 0 (compile() gives no position).
func pyRange(text []byte, line, col int) toml.Range {
	if line <= 0 {
		return toml.Range{}
	}
	start := 0
	for l := 1; l < line && start < len(text); l++ {
		n := lineEnd(text, start)
		start = n
		if start < len(text) && text[start] == '\r' {
			start++
		}
		if start < len(text) && text[start] == '\n' {
			start++
		}
	}
	end := lineEnd(text, start)
	at := start
	for c := 1; c < col && at < end; c++ {
		_, size := utf8.DecodeRune(text[at:end])
		at += size
	}
	for end > at && (text[end-1] == ' ' || text[end-1] == '\t' || text[end-1] == '\f') {
		end--
	}
	return toml.Range{Start: at, End: end}
}

// lineEnd is the offset of the line break after off, or the text's end.
func lineEnd(text []byte, off int) int {
	for i := off; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' {
			return i
		}
	}
	return len(text)
}
