package lint

import (
	"sort"
	"sync"
	"sync/atomic"

	"github.com/osmosis-lint/osmosis-lint/lint/credential"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Context is what a rule sees of one file.
type Context struct {
	// Path is the file as shown in findings.
	Path   string
	Kind   schema.Kind
	Schema *schema.Schema
	Doc    *toml.Document
	// Issues are the schema issues of the document.
	Issues []schema.Issue
	// byRule holds the indexes in Issues of the issues of each rule
	// (IssueRule), made on first use.
	byRule map[string][]int32
	// onValue holds, for each value a schema issue is on, the rule of the
	// first of them (issueOn), made on first use.
	onValue map[toml.Range]string
	// onKey holds the same for the keys a schema issue is on.
	onKey map[toml.Range]string
	// Env is the workspace, or nil when the file is outside one.
	Env *Env

	rule     *Rule
	findings []Finding
	// limit bounds the issues of each rule that become findings; omitted
	// counts those left out, and cuts holds, for each rule that left some
	// out, how many and the first of them.
	limit, omitted int
	cuts           map[string]cut
	// creds are the credentials the file holds, found on first use.
	creds     []credential.Held
	credsDone bool
	// outsideGit is Input.OutsideGit.
	outsideGit bool
	// listed is Input.Listed.
	listed bool
	// sync is what the sync rules see of the file, found on first use.
	sync             syncView
	syncOK, syncDone bool
	// agents and secretRefs are what the benchmark rules read of the
	// file (benchmarkAgents, benchmarkSecretRefs), found on first use:
	// several rules read them
	agents                   []benchAgent
	secretRefs               []secretRef
	agentsDone, secretRefsOK bool
	// tables are the sections of the schema that are tables (homeKey),
	// listed on first use: a file of many unknown keys asks for each
	tables     []schemaTable
	tablesDone bool
}

// schemaTable is a section of the schema that is a table.
type schemaTable struct {
	name  string
	field *schema.Field
}

// schemaTables lists the sections of the schema that are tables, in the
// schema's order.
func (c *Context) schemaTables() []schemaTable {
	if !c.tablesDone {
		root := c.Schema.Root()
		for _, sec := range root.Properties() {
			if f := root.Property(sec); f != nil && f.IsTable() {
				c.tables = append(c.tables, schemaTable{sec, f})
			}
		}
		c.tablesDone = true
	}
	return c.tables
}

// cut is where the issues of a rule stopped becoming findings.
type cut struct {
	n  int
	at toml.Range
}

// credentials returns the credentials the file holds (see credentialsIn).
func (c *Context) credentials() []credential.Held {
	if !c.credsDone {
		c.creds, c.credsDone = credential.In(c.Doc), true
	}
	return c.creds
}

// contexts keeps the Context of a finished check for the next one: a
// check of a clean file then allocates none. Nothing a check returns
// refers to its Context.
var contexts = sync.Pool{New: func() any { return new(Context) }}

func getContext() *Context { return contexts.Get().(*Context) }

// issueBuf keeps the storage of a finished check's schema issues for the
// next one: an editor checks a file of 80,000 unknown keys on every
// keystroke, 19 MB of issues each time. One is kept, not a pool's worth,
// and outside a sync.Pool, which the collections during the next parse of
// such a file would empty. No finding points into it.
var issueBuf atomic.Pointer[[]schema.Issue]

func getIssues() *[]schema.Issue { return issueBuf.Swap(nil) }

// putIssues keeps the storage of issues, emptied (the issues point into
// their document, which must not stay alive for it), in holder or, when
// the check took none, in a new one. A clean file with no storage keeps
// nothing and allocates nothing.
func putIssues(holder *[]schema.Issue, issues []schema.Issue) {
	if cap(issues) == 0 {
		if holder != nil {
			issueBuf.CompareAndSwap(nil, holder)
		}
		return
	}
	clear(issues)
	if holder == nil {
		holder = new([]schema.Issue)
	}
	*holder = issues[:0]
	issueBuf.Store(holder)
}

func putContext(c *Context) {
	*c = Context{}
	contexts.Put(c)
}

// Report records a finding of the current rule.
func (c *Context) Report(r toml.Range, key, msg string, fixes ...Fix) {
	c.findings = append(c.findings, Finding{
		Path:     c.Path,
		Range:    r,
		Rule:     c.rule.ID,
		Severity: c.rule.Severity,
		Stage:    c.rule.Stage,
		Message:  msg,
		Key:      key,
		Fixes:    fixes,
	})
}

// IssuesOf returns the schema issues mapped to the current rule.
func (c *Context) IssuesOf(rule string) []schema.Issue {
	if len(c.Issues) == 0 {
		return nil
	}
	if c.byRule == nil {
		// one pass for all rules: a file of many issues is not walked
		// once per rule
		c.byRule = map[string][]int32{}
		// the issues of a rule come in runs (the unknown keys of a
		// table): the map is asked once a run, not once an issue
		run, idx := "", []int32(nil)
		for i, is := range c.Issues {
			if r := IssueRule(is); r != run || idx == nil {
				if idx != nil {
					c.byRule[run] = idx
				}
				run, idx = r, c.byRule[r]
			}
			idx = append(idx, int32(i))
		}
		if idx != nil {
			c.byRule[run] = idx
		}
	}
	idx := c.byRule[rule]
	if c.limit > 0 && len(idx) > c.limit {
		c.omitted += len(idx) - c.limit
		if c.cuts == nil {
			c.cuts = map[string]cut{}
		}
		c.cuts[rule] = cut{n: len(idx) - c.limit, at: c.Issues[idx[c.limit]].Range}
		idx = idx[:c.limit]
	}
	out := make([]schema.Issue, len(idx))
	for i, j := range idx {
		out[i] = c.Issues[j]
	}
	return out
}

// issueOn returns the rule (IssueRule) of the first schema issue on the
// value v or on the key of its entry e (nil for a list item), and whether
// there is one.
func (c *Context) issueOn(e *toml.Entry, v *toml.Value) (string, bool) {
	if c.onValue == nil {
		c.onValue, c.onKey = map[toml.Range]string{}, map[toml.Range]string{}
		for _, is := range c.Issues {
			at, r := c.onValue, toml.Range{}
			switch {
			case is.OnKey:
				at, r = c.onKey, is.Range
			case is.Value != nil:
				r = is.Value.Range
			default:
				continue
			}
			if _, ok := at[r]; !ok && r != (toml.Range{}) {
				at[r] = IssueRule(is)
			}
		}
	}
	if v != nil {
		if rule, ok := c.onValue[v.Range]; ok {
			return rule, true
		}
	}
	if e != nil {
		if rule, ok := c.onKey[e.KeyRange]; ok {
			return rule, true
		}
	}
	return "", false
}

// numberRule is the rule that reports what is wrong with the value v at
// path, whose entry is e (nil for a list item): see numberRule in
// issues.go. "" when nothing is.
func (c *Context) numberRule(path []string, e *toml.Entry, v *toml.Value) string {
	if v == nil {
		return "" // no value: nothing to index the issues for
	}
	rule, issued := c.issueOn(e, v)
	return numberRule(v, rule, issued, c, path)
}

// walkNumbers calls fn with the rule of each number of the document that
// pick selects (numberRule). A number under a key or inside a value the
// schema rejects is that issue's: the CLI rejects the config there, so the
// number never travels (a number under an unknown key, an item of a list
// where a string belongs).
func (c *Context) walkNumbers(pick func(*toml.Value) bool, fn func(path []string, v *toml.Value, rule string)) {
	within, by := -1, ""
	toml.WalkValues(c.Doc.Root, nil, func(path []string, e *toml.Entry, v *toml.Value) {
		if within >= 0 && len(path) > within {
			// the walk is depth first: a longer path is inside
			if pick(v) {
				fn(path, v, by)
			}
			return
		}
		within = -1
		rule, issued := c.issueOn(e, v)
		if issued && (v.Kind == toml.KindTable || v.Kind == toml.KindArray) {
			within, by = len(path), rule
		}
		if pick(v) {
			fn(path, v, numberRule(v, rule, issued, c, path))
		}
	})
}

// Get returns the entry and value at a path of the document.
func (c *Context) Get(path ...string) (*toml.Entry, *toml.Value) {
	return c.Doc.Root.Lookup(path...)
}

// Str returns the string at path, and whether there is one.
func (c *Context) Str(path ...string) (string, *toml.Value, bool) {
	_, v := c.Get(path...)
	if v == nil || v.Kind != toml.KindString {
		return "", v, false
	}
	return v.Str, v, true
}

// Field returns the schema field at path (schema.FieldAt).
func (c *Context) Field(path ...string) *schema.Field {
	return c.Schema.FieldAt(c.Doc.Root, path)
}

// Text is the source text of a range.
func (c *Context) Text(r toml.Range) string { return c.Doc.Text(r) }

// sortFindings orders findings by position, then rule.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Range.Start != b.Range.Start {
			return a.Range.Start < b.Range.Start
		}
		return a.Rule < b.Rule
	})
}
