package lint

import (
	"crypto/sha256"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// maxFixRounds bounds the fixer's loop. A round applies every compatible
// fix at once; the next one sees what the first revealed or deferred.
// Real files settle in two or three.
const maxFixRounds = 16

// FixOptions say which fixes the fixer applies.
type FixOptions struct {
	// Unsafe applies unsafe fixes as well as safe ones (--fix
	// --unsafe-fixes). Display-only fixes are never applied, whatever the
	// options: allowed is the one place that decides it for every door.
	Unsafe bool
}

// FixResult is what the fixer did to one file.
type FixResult struct {
	// Src is the fixed source: the input when nothing applied.
	Src []byte
	// Findings are the findings of Src.
	Findings []Finding
	// Applied lists the fixes applied, round after round.
	Applied []FixOutcome
	// Skipped lists the fixes refused, each with its reason. A fix that
	// only waited for a round because another one touched the same key is
	// not listed: the next round takes it up or finds it unneeded.
	Skipped []FixOutcome
	// Rounds is how many rounds changed the file.
	Rounds int
	// Converged is false when fixes were still applying after the last
	// round, or when they undid each other; Src is then the last checked
	// state, and Skipped says so.
	Converged bool
}

// FixOutcome names one fix of one finding and, when it was refused, why.
type FixOutcome struct {
	Rule  string `json:"rule"`
	Key   string `json:"key"`
	Title string `json:"title"`
	// Line is the finding's 1-based line in the source of its round.
	Line int `json:"line"`
	// Reason says why the fix was refused ("" when it was applied).
	Reason string `json:"reason,omitempty"`
}

// FixSource applies the fixes of src's findings until none applies any
// more, checking every round: the fixes of a round are a compatible set
// (no two touch one key or overlapping text, one fix a finding, a fix that
// changes text before one that only adds), and a round is kept only when
// its result parses whenever its input did and has no error its input did
// not have, other than on a `<your-...>` placeholder the round wrote and
// the placeholder rule reports. A fix that breaks this is dropped and
// named in Skipped, and the others are kept. It reads and writes nothing:
// --fix, the editor's "fix all", doctor and the agent tools call it and
// write the result themselves.
func FixSource(src []byte, in Input, opts FixOptions) FixResult {
	return newFixer(in, opts).run(src)
}

// CheckFix applies one fix alone to src, whose findings are before, with
// the checks of a fixer round. It returns the fixed source, or "" and the
// reason the fix is refused. Editors use it for a quick fix the user picks.
func CheckFix(src []byte, in Input, before []Finding, f *Finding, fx Fix) ([]byte, string) {
	x := newFixer(in, FixOptions{})
	c, reason := x.candidate(src, f, fx)
	if reason != "" {
		return nil, reason
	}
	in0 := state{src: src, findings: before, syntax: len(toml.Parse(src).Errors)}
	out, reason := x.try(in0, []*candidate{c})
	if reason != "" {
		return nil, reason
	}
	return out.src, ""
}

type fixer struct {
	// check gives the findings of a parsed version of the file.
	check  func(*toml.Document) []Finding
	unsafe bool
	// refused holds the fixes dropped in the current state, by fixID: the
	// next try takes the finding's next fix instead.
	refused map[string]bool
	skipped []FixOutcome
}

func newFixer(in Input, opts FixOptions) *fixer {
	return &fixer{
		check:   func(doc *toml.Document) []Finding { return CheckDocument(doc, in) },
		unsafe:  opts.Unsafe,
		refused: map[string]bool{},
	}
}

// candidate is one fix chosen for one finding, its edits validated.
type candidate struct {
	finding *Finding
	fix     Fix
	edits   []Edit // sorted by offset, in bounds, not overlapping
	keys    []string
}

func fixID(f *Finding, fx Fix) string { return f.Rule + "\x00" + f.Key + "\x00" + fx.Title }

func (x *fixer) allowed(a Applicability) bool {
	return a == Safe || (a == Unsafe && x.unsafe)
}

func (x *fixer) run(src []byte) FixResult {
	res := FixResult{Converged: true}
	cur := x.state(src)
	seen := map[[32]byte]bool{sha256.Sum256(src): true}
	for iter := 0; ; iter++ {
		cands := x.candidates(cur.src, cur.findings)
		if len(cands) == 0 {
			break
		}
		if iter == maxFixRounds {
			res.Converged = false
			for _, c := range cands {
				x.skip(c.finding, c.fix, "the fixes had not settled after "+strconv.Itoa(maxFixRounds)+" rounds")
			}
			break
		}
		next := x.grow(cur, state{src: cur.src, findings: cur.findings, syntax: cur.syntax}, compatible(cands))
		if len(next.set) == 0 {
			continue // every fix of this round was refused; their alternatives may remain
		}
		sum := sha256.Sum256(next.src)
		if seen[sum] {
			// back to an earlier state: the fixes undo each other. Keep
			// the state before this round, which was checked too.
			res.Converged = false
			for _, c := range next.set {
				x.skip(c.finding, c.fix, "it would undo the fix of an earlier round")
			}
			break
		}
		seen[sum] = true
		// a new state: what was refused in the old one may pass now, and
		// only the refusals of the final state are still news
		x.refused, x.skipped = map[string]bool{}, nil
		res.Rounds++
		for _, c := range next.set {
			res.Applied = append(res.Applied, FixOutcome{Rule: c.finding.Rule, Key: c.finding.Key, Title: c.fix.Title, Line: c.finding.Line})
		}
		cur = next
	}
	res.Src, res.Findings, res.Skipped = cur.src, cur.findings, x.skipped
	return res
}

// state is one checked version of the file, and the fixes that made it
// from the round's input.
type state struct {
	src      []byte
	findings []Finding
	syntax   int // syntax errors
	set      []*candidate
}

func (x *fixer) state(src []byte) state {
	doc := toml.Parse(src)
	return state{src: src, findings: x.check(doc), syntax: len(doc.Errors)}
}

func (x *fixer) skip(f *Finding, fx Fix, reason string) {
	x.refused[fixID(f, fx)] = true
	x.skipped = append(x.skipped, FixOutcome{Rule: f.Rule, Key: f.Key, Title: fx.Title, Line: f.Line, Reason: reason})
}
