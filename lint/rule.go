package lint

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Rule is one entry of the rule catalog.
type Rule struct {
	// ID is stable and never reused.
	ID       string
	Severity Severity
	Stage    Stage
	// Summary is one line for `rules` and SARIF.
	Summary string
	// Doc explains the rule (Markdown): why it matters and what to do.
	Doc string
	// Bad and Good are short TOML examples for `explain`.
	Bad, Good string
	// Kinds limits the rule to some config kinds (empty: all).
	Kinds []string
	// Keys names the keys a rule written in Go judges, as dotted key paths
	// of the kinds it applies to (`experiment.rollout`): hover lists the
	// rule on them beside the rules the schema's annotations name, and
	// `explain` shows them. A rule that judges the whole file, the
	// workspace, or the keys the schema's issues name names none. Its bad
	// example's finding carries one of them (TestCatalogExamples,
	// TestSyncExamples).
	Keys []string
	// Doctor marks rules that only `doctor` runs.
	Doctor bool
	// Workspace marks rules that need the workspace listing.
	Workspace bool
	// NeedsCompleteParse drops the rule's findings from a file with a
	// syntax error: a skipped statement can make a key only look missing.
	NeedsCompleteParse bool
	// ReportsParse marks the rule that reports the parse itself: its
	// findings sit on skipped text, so they are kept where the findings of
	// other rules there are dropped.
	ReportsParse bool
	// NotSuppressible marks rules that no comment can silence: the
	// suppression is reported instead.
	NotSuppressible bool
	// Unnecessary marks findings on text that can simply go (editors
	// show it faded).
	Unnecessary bool
	// Supersedes marks a rule whose finding stands for every other finding
	// on the same range: they describe the same problem (a placeholder
	// left where a rollout name goes is why the rollout is not found). They
	// are folded into it: it takes the earliest stage and the highest
	// severity among them, and keeps their fixes.
	Supersedes bool
	// Fixable says whether its findings carry fixes and of which
	// applicabilities (the catalog shows it; the rule tests hold the
	// findings to it).
	Fixable Fixable
	// Unread marks rules reported for a file that is not read (it cannot
	// be, or must not be): they have no check; the code that reads files
	// reports them.
	Unread bool
	// check produces the rule's findings for one file.
	check func(*Context)
}

// registry holds the catalog by id, sized for it: the rules register
// from their files' init functions, which every command runs.
var registry = make(map[string]*Rule, 128)

// register adds a rule to the catalog; each rule file registers its own.
func register(r *Rule) *Rule {
	if _, dup := registry[r.ID]; dup {
		panic("lint: rule registered twice: " + r.ID)
	}
	registry[r.ID] = r
	return r
}

var (
	sortedOnce  sync.Once
	sortedRules []*Rule
)

// Rules returns the catalog sorted by stage, then id. The slice is shared:
// do not modify it.
func Rules() []*Rule {
	sortedOnce.Do(func() { sortedRules = sortRules() })
	return sortedRules
}

func sortRules() []*Rule {
	// each rule's rank is worked out once, not in each comparison: the
	// doctor's rules after the others, then by stage
	type ranked struct {
		rank int
		r    *Rule
	}
	rs := make([]ranked, 0, len(registry))
	for _, r := range registry {
		rank := stageRank(r.Stage)
		if r.Doctor {
			rank += stageRanks
		}
		rs = append(rs, ranked{rank, r})
	}
	slices.SortFunc(rs, func(a, b ranked) int {
		if c := cmp.Compare(a.rank, b.rank); c != 0 {
			return c
		}
		return strings.Compare(a.r.ID, b.r.ID)
	})
	out := make([]*Rule, len(rs))
	for i, x := range rs {
		out[i] = x.r
	}
	return out
}

// Lookup returns the rule with the given id.
func Lookup(id string) (*Rule, bool) {
	r, ok := registry[id]
	return r, ok
}

// RuleIDs returns every rule id, sorted.
func RuleIDs() []string {
	out := make([]string, 0, len(registry))
	for id := range registry {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

func (r *Rule) appliesTo(kind string) bool {
	if len(r.Kinds) == 0 {
		return true
	}
	for _, k := range r.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Suppressible reports whether a suppression comment can silence the
// rule's findings. A submit error cannot be silenced: the osmosis CLI
// rejects the config whatever a comment says.
func (r *Rule) Suppressible() bool { return !r.NotSuppressible && r.Stage != StageSubmit }

// DocURL is where the rule's documentation lives.
func (r *Rule) DocURL() string {
	return "https://github.com/osmosis-lint/osmosis-lint/blob/main/lint/RULES.md#" + strings.ReplaceAll(r.ID, " ", "-")
}

// Fixable says which fixes a rule's findings carry. The zero value: none.
type Fixable struct {
	// Always is set when every finding has a fix; otherwise some do (when
	// the right value is known, when the edit fits the file).
	Always bool
	// As lists the applicabilities of the rule's fixes, most trusted first.
	As []Applicability
}

// sometimes is a Fixable for rules some of whose findings have fixes.
func sometimes(as ...Applicability) Fixable { return Fixable{As: as} }

// Has reports whether the rule's fixes may have applicability a.
func (f Fixable) Has(a Applicability) bool {
	for _, x := range f.As {
		if x == a {
			return true
		}
	}
	return false
}

// String says it in words for the catalog: "sometimes (safe, unsafe)",
// "no".
func (f Fixable) String() string {
	if len(f.As) == 0 {
		return "no"
	}
	when := "sometimes"
	if f.Always {
		when = "always"
	}
	as := make([]string, len(f.As))
	for i, a := range f.As {
		as[i] = string(a)
	}
	return when + " (" + strings.Join(as, ", ") + ")"
}
