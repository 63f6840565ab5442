package lint

import (
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
	// Folds names the rule whose findings, in some files, this rule's one
	// finding stands for: it has no check of its own, and the check makes
	// its finding from them after the rules ran (reference-template folds
	// a reference template's placeholders). Its finding takes the earliest
	// stage among them.
	Folds string
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

// registration lists the catalog in the order the rules registered, from
// their files' init functions, which every command runs: the order of
// their files, rule_<id>.go, which is nearly the order of ids. Sized for
// it: registering costs no allocation.
var registration = make([]*Rule, 0, 128)

// register adds a rule to the catalog; each rule file registers its own.
func register(r *Rule) *Rule {
	registration = append(registration, r)
	return r
}

// registry holds the catalog by id, made when a rule is first looked up
// (a clean check looks up none): every command's start-up need not hash
// every id.
var registry = sync.OnceValue(func() map[string]*Rule {
	m := make(map[string]*Rule, len(registration))
	for _, r := range registration {
		if _, dup := m[r.ID]; dup {
			panic("lint: rule registered twice: " + r.ID)
		}
		m[r.ID] = r
	}
	return m
})

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

// sortRules orders the catalog as Rules returns it: by rank (the doctor's
// rules after the others, then by stage), then by id. The rules are
// placed by rank in the order they registered, nearly the order of their
// ids, which an insertion sort then finishes in a few steps: the catalog
// is sorted before a process's first check, and a general sort of it cost
// more.
func sortRules() []*Rule {
	rank := func(r *Rule) int {
		if r.Doctor {
			return stageRanks + stageRank(r.Stage)
		}
		return stageRank(r.Stage)
	}
	var count [2 * stageRanks]int
	for _, r := range registration {
		count[rank(r)]++
	}
	var start [2*stageRanks + 1]int // where each rank's rules begin
	for k, n := range count {
		start[k+1] = start[k] + n
	}
	next := start
	out := make([]*Rule, len(registration))
	for _, r := range registration {
		k := rank(r)
		out[next[k]] = r
		next[k]++
	}
	for k := range count {
		part := out[start[k]:start[k+1]]
		for i := 1; i < len(part); i++ {
			for j := i; j > 0 && part[j].ID < part[j-1].ID; j-- {
				part[j], part[j-1] = part[j-1], part[j]
			}
		}
	}
	return out
}

// Lookup returns the rule with the given id.
func Lookup(id string) (*Rule, bool) {
	r, ok := registry()[id]
	return r, ok
}

// RuleIDs returns every rule id, sorted.
func RuleIDs() []string {
	out := make([]string, 0, len(registration))
	for _, r := range registration {
		out = append(out, r.ID)
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
