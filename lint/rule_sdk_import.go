package lint

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/sdkapi"
	"github.com/osmosis-lint/osmosis-lint/workspace/python"
)

var (
	ruleSDKImport = Rule{
		ID:       RuleSDKImport,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "The entrypoint's import imports an osmosis_ai module or name that the SDK releases the rollout requires do not have.",
		Doc: `The rollout's pyproject.toml requires osmosis-ai: its specifier says which SDK releases the
platform may install. osmosis-lint holds a table of the modules of each osmosis-ai release and
the names each binds at its top level, generated from the SDK's own source at every release tag
(lint/sdkapi). An import the entrypoint's import executes (at the top level of the __init__.py
chain, of the entrypoint, or of the rollout modules they import) of an osmosis_ai module or name
that none of those releases has fails. A name the module does not bind raises ImportError, and
the CLI's submit preflight, which imports the entrypoint into the CLI's own environment when that
environment satisfies the rollout's requirements, fails. A module the releases do not have raises
ModuleNotFoundError, on which the preflight only warns: that import, and every import problem met
after an import that raises or may raise ModuleNotFoundError, is entrypoint-module-not-found's
(stage platform). The 0.3 release removed loader and validator APIs
(docs/migrating-to-0.3.md in the SDK); the message quotes their migration.

Decided exactly, or not at all: the rollout's pyproject.toml has one plain osmosis-ai requirement
(no URL, no environment marker, no [tool.uv.sources] entry for it) with a specifier of ==, !=, <,
<=, >, >=, ~= and .* clauses over plain and release-candidate versions; and either it pins one
release of the table (==0.3.0), or what is missing was in a release older than every release it
admits (an API the SDK removed: a release after the table is not expected to bring it back).
A release candidate counts wherever the comparisons admit it, so the set may hold more releases
than an installer would pick from, never fewer. Quiet otherwise: a bare osmosis-ai (whatever is newest when installed), a pin outside the table,
a rollout directory that holds its own osmosis_ai. Not judged: imports under if or try, star
imports' names, attributes reached through a module (osmosis_ai.rollout.X), a module that binds
names its source does not spell in some admitted release (a * import, a module __getattr__ the
table cannot read), and what 0.3 removed from objects rather than modules (RolloutSample.id, the
samples mappings).` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"legacy.py\"\n",
		Good:      "[experiment]\n# ...\nrollout = \"sdk-agent\"\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     func(c *Context) { checkSDKUses(c, sdkTop, true) },
	}
)

var _ = register(&ruleSDKImport)

// checkSDKUses reports the rollout's uses of the SDK of one kind on the
// config's entrypoint; side adds which side refuses an import.
func checkSDKUses(c *Context, kind sdkUseKind, side bool) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	_, v, _ := c.Str("experiment", "entrypoint")
	for _, u := range c.Env.sdkUses(r, ep) {
		if u.kind != kind {
			continue
		}
		msg := "rollouts/" + r + "/" + u.file + ":" + strconv.Itoa(u.line) + " " + u.msg
		switch kind {
		case sdkTop:
			msg += ", so importing entrypoint " + code(ep) + " fails"
		case sdkTopWarned:
			msg += ", so the platform's import of entrypoint " + code(ep) + " fails; the CLI's submit preflight only warns when the import raises ModuleNotFoundError, as " +
				map[bool]string{true: "this one does", false: "an import the entrypoint's import executes can (of a module not found, not read, or not the rollout's and not declared)"}[u.notFound]
		case sdkDeferred:
			msg += ", so the import fails when that function runs"
		case sdkMethod:
			msg += ": the call raises AttributeError when it runs"
		case sdkExtra:
			msg += ": the platform installs the rollout's dependencies without it, and the import raises ModuleNotFoundError"
		}
		if side {
			// the rule speaks only of a requirement with a specifier,
			// which entrypointSide names among the rollout's dependencies
			msg += entrypointSide(c, r)
		}
		c.Report(v.Range, "experiment.entrypoint", msg)
	}
}

// The rollout's use of the osmosis SDK, judged against the SDK's own
// releases (package sdkapi): the osmosis_ai imports and the removed
// methods the modules of the entrypoint's import spell, and the SDK
// requirement of the rollout's pyproject.toml that says which releases
// the platform may install.

// sdkUseKind says which rule a use is for.
type sdkUseKind int

const (
	// sdkTop: an import the entrypoint's import executes that fails.
	sdkTop sdkUseKind = iota
	// sdkDeferred: an import in a function body that fails when it runs.
	sdkDeferred
	// sdkMethod: a call of a method the SDK removed.
	sdkMethod
	// sdkExtra: an import of a module whose packages only an extra the
	// rollout does not ask for installs.
	sdkExtra
	// sdkTopWarned: an sdkTop import the CLI's submit preflight only warns
	// on: it raises ModuleNotFoundError, or an import executed before it
	// may (entrypoint-module-not-found reports it).
	sdkTopWarned
)

type sdkUse struct {
	kind sdkUseKind
	file string
	line int
	msg  string
	// notFound: the import raises ModuleNotFoundError itself.
	notFound bool
}

// sdkUsesKey keys a rollout's and entrypoint's uses in the run's import
// cache, beside the import walks.
type sdkUsesKey rolloutKey

// sdkRequirement is a rollout's requirement on the SDK, read from its
// pyproject.toml: ok only when one plain requirement names osmosis-ai
// (no URL, no marker, no [tool.uv.sources] entry for it) and the
// specifier is one sdkapi reads exactly. only: the rollout declares no
// other dependency (none that could install a package an extra would).
func (e *Env) sdkRequirement(rollout string) (req sdkapi.Requirement, text string, only, ok bool) {
	p := e.pyproject(rollout)
	if p.depsMixed || p.sdkUV || len(p.sdk) != 1 {
		return req, "", false, false
	}
	text = p.sdk[0]
	req, ok = sdkapi.Load().Requirement(text)
	return req, text, p.sdkOnly, ok
}

// sdkUses are the rollout's uses of the SDK that fail, found once per run.
func (e *Env) sdkUses(rollout, entrypoint string) []sdkUse {
	k := sdkUsesKey{rollout, entrypoint}
	if e.paths != nil {
		if v, ok := e.paths.imports.Load(k); ok {
			return v.([]sdkUse)
		}
	}
	uses := e.findSDKUses(rollout, entrypoint)
	if e.paths != nil {
		e.paths.imports.Store(k, uses)
	}
	return uses
}

func (e *Env) findSDKUses(rollout, entrypoint string) []sdkUse {
	modules := e.entrypointModules(rollout, entrypoint)
	if len(modules) == 0 {
		return nil
	}
	ro, ok := e.WS.Rollout(rollout)
	if !ok {
		return nil
	}
	for _, f := range ro.Files {
		if f == "osmosis_ai" || strings.HasPrefix(f, "osmosis_ai.") || strings.HasPrefix(f, "osmosis_ai/") {
			return nil // the rollout's own osmosis_ai can shadow the SDK's
		}
	}
	// The table is read only for a rollout whose modules name the SDK.
	names := false
	for _, f := range modules {
		if mod, ok := e.pyModule(ro.Path + "/" + f); ok && mod.Names["osmosis_ai"] {
			names = true
			break
		}
	}
	if !names {
		return nil
	}
	req, text, only, ok := e.sdkRequirement(rollout)
	if !ok {
		return nil
	}
	t := sdkapi.Load()
	u := sdkJudge{t: t, req: req, text: text, only: only, extras: map[string]bool{}, mayWarn: e.entrypointWalk(rollout, entrypoint).skipAt >= 0}
	for _, f := range modules {
		mod, ok := e.pyModule(ro.Path + "/" + f)
		if !ok || mod.Result.Status != python.Clean {
			continue
		}
		for _, imp := range mod.Imports {
			u.imports(f, imp, sdkTop)
		}
		for _, imp := range mod.Deferred {
			u.imports(f, imp, sdkDeferred)
		}
		for _, call := range mod.Calls {
			migration, was, removed := t.RemovedMethod(req, call.Name)
			if !removed || e.rolloutDefines(ro.Path, ro.PyFiles, call.Name) {
				continue
			}
			u.uses = append(u.uses, sdkUse{kind: sdkMethod, file: f, line: call.Line,
				msg: "calls " + code("."+call.Name+"()") + ", a method osmosis-ai " + was + " had and " + u.releases() +
					" does not have (" + t.MigrationDoc + " in the SDK: " + migration + ")"})
		}
	}
	return u.uses
}

// rolloutDefines reports whether any Python file of the rollout defines
// a function of that name (which a call may then be of).
func (e *Env) rolloutDefines(dir string, files []string, name string) bool {
	for _, f := range files {
		mod, ok := e.pyModule(dir + "/" + f)
		if !ok || mod.Result.Status != python.Clean || mod.Defs[name] {
			return true
		}
	}
	return false
}

type sdkJudge struct {
	t      *sdkapi.Table
	req    sdkapi.Requirement
	text   string
	only   bool
	extras map[string]bool
	uses   []sdkUse
	// mayWarn: an import the entrypoint's import executes raises, or may
	// raise, ModuleNotFoundError, on which the CLI's preflight stops with
	// a warning (importWalk.skipAt); the SDK imports are then judged as
	// the platform's import meets them, not the preflight's.
	mayWarn bool
}

// releases names the releases the requirement admits.
func (u *sdkJudge) releases() string {
	s := "osmosis-ai " + u.t.Span(u.req.Admitted)
	if !u.req.Exact {
		s += " (what " + code(u.text) + " in the rollout's pyproject.toml admits)"
	}
	return s
}

func (u *sdkJudge) imports(file string, imp python.Import, kind sdkUseKind) {
	first, _, _ := strings.Cut(imp.Module, ".")
	if imp.Level > 0 || first != "osmosis_ai" {
		return
	}
	if what, was, missing := u.t.Missing(u.req, imp.Module, ""); missing {
		// a module the SDK does not have raises ModuleNotFoundError
		u.missing(file, imp.Line, u.warned(kind, true), what, was, imp.From)
		u.uses[len(u.uses)-1].notFound = true
		return
	}
	u.extra(file, imp.Line, imp.Module)
	for _, name := range imp.From {
		if what, was, missing := u.t.Missing(u.req, imp.Module, name); missing {
			// a name the module does not bind raises ImportError
			u.missing(file, imp.Line, u.warned(kind, false), what, was, nil)
			continue
		}
		sub := imp.Module + "." + name
		if _, ok := u.t.Modules[sub]; ok || u.t.Needs[sub] != nil {
			// a submodule, or a lazy export that imports its module
			u.extra(file, imp.Line, sub)
		}
	}
}

// warned is the kind of a failing import of the entrypoint's import:
// the CLI's preflight refuses an ImportError, and only warns on a
// ModuleNotFoundError (notFound) or after one (mayWarn).
func (u *sdkJudge) warned(kind sdkUseKind, notFound bool) sdkUseKind {
	if kind == sdkTop && (notFound || u.mayWarn) {
		return sdkTopWarned
	}
	return kind
}

// missing records an import of what the releases do not have; names are
// those imported from a missing module, whose migrations are quoted too.
func (u *sdkJudge) missing(file string, line int, kind sdkUseKind, what, was string, names []string) {
	msg := "imports " + code(what) + ", which " + u.releases() + " does not have"
	if was != "" {
		msg += " (osmosis-ai " + was + " had it)"
	}
	var how []string
	for _, name := range append([]string{what[strings.LastIndexByte(what, '.')+1:]}, names...) {
		if m := u.t.Migration(name); m != "" {
			how = append(how, code(name)+": "+m)
		}
	}
	if len(how) > 0 {
		msg += "; " + u.t.MigrationDoc + " in the SDK says, " + strings.Join(how, "; ")
	}
	u.uses = append(u.uses, sdkUse{kind: kind, file: file, line: line, msg: msg})
}

func (u *sdkJudge) extra(file string, line int, module string) {
	if !u.only || u.extras[module] {
		return
	}
	pkg, extras, missing := u.t.MissingExtra(u.req, module)
	if !missing {
		return
	}
	u.extras[module] = true
	need := make([]string, len(extras))
	for i, e := range extras {
		need[i] = code(e)
	}
	msg := "imports " + code(module) + ", which imports " + code(pkg) + "; only the SDK's " + strings.Join(need, " or ") +
		" extra installs it, and the rollout's pyproject.toml requires " + code(u.text) + " and nothing else"
	u.uses = append(u.uses, sdkUse{kind: sdkExtra, file: file, line: line, msg: msg})
}
