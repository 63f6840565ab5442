package python

import "strings"

// Module is what the reader tells of one module: its verdict, the
// imports it runs whenever it is imported, and the names it spells.
type Module struct {
	Result Result
	// Imports are the import statements at the module's top level, not
	// inside any block (an import under if, try or def runs only
	// sometimes), in source order. Set when Result is Clean.
	Imports []Import
	// Names holds every name the source spells anywhere: a superset of
	// the names the module defines at its top level.
	Names map[string]bool
	// Deferred are the import statements in a function body, with no
	// other block between them and the def (an import under if or try
	// inside a function is not listed), in source order: they run when
	// the function does. Set when Result is Clean.
	Deferred []Import
	// Calls are the attribute calls the source spells (x.name(...),
	// anywhere), in source order. Set when Result is Clean.
	Calls []Call
	// Defs are the names of the functions the source defines anywhere
	// (def name, async def name).
	Defs map[string]bool
	// Dynamic: the module can define names the source does not spell
	// (a * import, globals(), a module __getattr__, exec, setattr, ...);
	// what it defines is then not judged.
	Dynamic bool
}

// Import is one module imported by an import statement.
type Import struct {
	// Line and Col are the statement's position (1-based, Col in
	// characters).
	Line, Col int
	// Level is the count of leading dots of a relative import.
	Level int
	// Module is the dotted module name: for "import a.b" it is "a.b", for
	// "from .a import b" it is "a", for "from . import b" it is "".
	Module string
	// From lists the names of a from-import; nil for "import a.b". A
	// from-import of * sets Star instead.
	From []string
	Star bool
}

// Call is one attribute call, x.Name(...).
type Call struct {
	Name      string
	Line, Col int
}

// isDynamicName reports the names through which a module defines what
// its source does not spell.
func isDynamicName(s string) bool {
	switch s {
	case "globals", "locals", "vars", "exec", "eval", "setattr", "delattr", "__getattr__",
		"__dict__", "__import__", "importlib", "modules", "__builtins__", "__path__":
		return true
	}
	return false
}

// Read reads a module's source: Check's verdict and, for a clean source,
// its top-level imports and the names it spells.
func Read(src []byte) Module {
	m := Module{Result: Result{Status: Undecided}}
	if bytesContainFLUFL(src) {
		return m
	}
	prep, nul, ok := prepare(src)
	if !ok {
		return m
	}
	if nul != nil {
		m.Result = Result{Status: Invalid, Err: *nul, Exact: true}
		return m
	}
	lx := newLexer(prep)
	lx.run()
	p := newParser(prep, lx.toks)
	m.Result = check(prep, lx, p)
	if m.Result.Status != Clean {
		return m
	}
	m.Imports = p.imports
	m.Deferred = p.deferred
	m.Dynamic = p.starImport
	m.Names = make(map[string]bool)
	for i, t := range lx.toks {
		if t.kind == tName && t.val == "def" && i+1 < len(lx.toks) && lx.toks[i+1].kind == tName {
			if m.Defs == nil {
				m.Defs = make(map[string]bool)
			}
			m.Defs[lx.toks[i+1].val] = true
		}
		if t.kind == tName && i > 0 && i+1 < len(lx.toks) && lx.toks[i-1].kind == tOp && lx.toks[i-1].val == "." &&
			lx.toks[i+1].kind == tOp && lx.toks[i+1].val == "(" && !isKeyword(t.val) {
			line, col := prep.position(t.start)
			m.Calls = append(m.Calls, Call{Name: t.val, Line: line, Col: col + 1})
		}
		if t.kind == tName && !isKeyword(t.val) {
			m.Names[t.val] = true
			if isDynamicName(t.val) {
				m.Dynamic = true
			}
		}
	}
	return m
}

// noted says where an import statement read in a block goes: nowhere, or
// the deferred imports of a function body.
func (p *parser) noted() *[]Import {
	switch {
	case p.blocks == 0:
		return &p.imports
	case p.funcs > 0 && p.blocks == p.funcs+p.classes:
		return &p.deferred
	}
	return nil
}

func (p *parser) noteImportNames(first int) {
	to := p.noted()
	if to == nil {
		return
	}
	line, chars := p.src.position(p.toks[first].start)
	// import a.b [as c], d: one Import a dotted name
	for i := first + 1; i < p.pos; {
		j := i
		var parts []string
		for j < p.pos && p.toks[j].kind == tName {
			parts = append(parts, p.toks[j].val)
			j++
			if j < p.pos && p.toks[j].kind == tOp && p.toks[j].val == "." {
				j++
				continue
			}
			break
		}
		*to = append(*to, Import{Line: line, Col: chars + 1, Module: strings.Join(parts, ".")})
		// skip "as NAME" and the comma
		for j < p.pos && !(p.toks[j].kind == tOp && p.toks[j].val == ",") {
			j++
		}
		i = j + 1
	}
}

func (p *parser) noteImportFrom(first, moduleAt int, names []int) {
	to := p.noted()
	if to == nil {
		return
	}
	line, chars := p.src.position(p.toks[first].start)
	imp := Import{Line: line, Col: chars + 1}
	for i := first + 1; i < moduleAt; i++ {
		imp.Level += len(p.toks[i].val) // "." or "..."
	}
	var parts []string
	for i := moduleAt; i < p.pos && p.toks[i].kind == tName && p.toks[i].val != "import"; i++ {
		parts = append(parts, p.toks[i].val)
		if i+1 < p.pos && p.toks[i+1].kind == tOp && p.toks[i+1].val == "." {
			i++
		}
	}
	imp.Module = strings.Join(parts, ".")
	for _, at := range names {
		if p.toks[at].kind == tOp {
			imp.Star = true
			continue
		}
		imp.From = append(imp.From, p.toks[at].val)
	}
	if imp.From == nil && !imp.Star {
		imp.From = []string{}
	}
	*to = append(*to, imp)
}
