package lint

import (
	"crypto/sha256"
	"sort"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
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

// grow adds the candidates of try to base, a good result of applying
// some of the round's fixes to in. When all of them pass they are kept;
// otherwise try is halved until each fix that breaks the result is found
// and refused, and the others are kept.
func (x *fixer) grow(in, base state, try []*candidate) state {
	if len(try) == 0 {
		return base
	}
	all := append(append([]*candidate(nil), base.set...), try...)
	next, reason := x.try(in, all)
	if reason == "" {
		return next
	}
	if len(try) == 1 {
		x.skip(try[0].finding, try[0].fix, reason)
		return base
	}
	mid := len(try) / 2
	return x.grow(in, x.grow(in, base, try[:mid]), try[mid:])
}

// try applies a set of compatible candidates to the round's input and
// checks the result: it returns the new state, or the reason the set is
// refused.
func (x *fixer) try(in state, set []*candidate) (state, string) {
	var edits []Edit
	for _, c := range set {
		edits = append(edits, c.edits...)
	}
	sort.SliceStable(edits, func(i, j int) bool { return fix.Before(edits[i], edits[j]) })
	out, written := fix.Apply(in.src, edits)
	doc := toml.Parse(out)
	next := state{src: out, findings: x.check(doc), syntax: len(doc.Errors), set: set}
	return next, regression(in, next, doc, written)
}

// regression says how a round's result is worse than its input, or "":
// it no longer parses, it has more syntax errors, or it has an error the
// input did not have (by rule and key) that is not one of these:
//   - on a `<your-...>` placeholder the round wrote, which the placeholder
//     rule reports: a value the user must still choose;
//   - on a key that had an error of the same stage before, or below a
//     table that was there with an error: the same problem, seen more
//     precisely now (a table written as an array, then fixed, shows what
//     it lacks);
//   - a platform, runtime or advice error at or below a key to which a fix
//     carried the file's own text (a rename, a move): the user's value,
//     now checked where it belongs.
func regression(in, out state, doc *toml.Document, written []toml.Range) string {
	switch {
	case in.syntax == 0 && out.syntax > 0:
		return "the file would no longer parse: " + doc.Errors[0].Message
	case out.syntax > in.syntax:
		return "it would add a syntax error: " + doc.Errors[0].Message
	}
	had := map[string]int{}
	seen := problemKeys{}
	for _, f := range in.findings {
		if f.IsError() {
			had[f.Rule+"\x00"+f.Key]++
			seen.add(f)
		}
	}
	var carried fix.KeySet
	for _, c := range out.set {
		carried.Add(c.fix.Keys)
	}
	holes := placeholderHoles(doc, out.findings, written)
	for _, f := range out.findings {
		if !f.IsError() {
			continue
		}
		if k := f.Rule + "\x00" + f.Key; had[k] > 0 {
			had[k]--
			continue
		}
		if inHole(holes, f.Range) || seen.covers(f) || f.Stage != StageSubmit && carried.Covers(f.Key) {
			continue
		}
		return "it would add an error: " + f.Message + " [" + f.Rule + "]"
	}
	return ""
}

// problemKeys are the keys that had errors, by stage: those of any error,
// and those of an error on something present (not a missing key or
// section).
type problemKeys map[Stage]map[string]bool

func (p problemKeys) add(f Finding) {
	p.put(f.Stage, f.Key)
	if f.Rule != RuleMissingRequired && f.Rule != RuleMissingSection {
		p.put(f.Stage+"/present", f.Key)
	}
}

func (p problemKeys) put(s Stage, key string) {
	if p[s] == nil {
		p[s] = map[string]bool{}
	}
	p[s][key] = true
}

// covers reports whether an error of f's stage was on f's key, or on a
// present table above it.
func (p problemKeys) covers(f Finding) bool {
	if p[f.Stage][f.Key] {
		return true
	}
	for k := range fix.Parents(f.Key) {
		if p[f.Stage+"/present"][k] {
			return true
		}
	}
	return false
}

// placeholderHoles are the ranges of the placeholder findings that lie in
// text a round wrote: a value the user must still fill in, reported as
// such. Other findings on those values (a rollout that does not exist
// under that name) are the same problem.
func placeholderHoles(doc *toml.Document, after []Finding, written []toml.Range) []toml.Range {
	var holes []toml.Range
	for _, f := range after {
		if f.Rule != RulePlaceholder {
			continue
		}
		for _, w := range written {
			if f.Range.Start >= w.Start && f.Range.End <= w.End && hasPlaceholder(doc.Text(f.Range)) {
				holes = append(holes, f.Range)
				break
			}
		}
	}
	return holes
}

func inHole(holes []toml.Range, r toml.Range) bool {
	for _, h := range holes {
		if r.Start < h.End && h.Start < r.End || r == h {
			return true
		}
	}
	return false
}

// candidates picks for each finding its first fix that may be applied and
// has not been refused, refusing on the way those whose edits are invalid.
// A fix carried by several findings is taken once.
func (x *fixer) candidates(src []byte, findings []Finding) []*candidate {
	var out []*candidate
	same := map[string]bool{}
	for i := range findings {
		f := &findings[i]
		for _, fx := range f.Fixes {
			if !x.allowed(fx.Applicability) || x.refused[fixID(f, fx)] {
				continue
			}
			c, reason := x.candidate(src, f, fx)
			if reason != "" {
				x.skip(f, fx, reason)
				continue
			}
			if sig := fix.Signature(c.edits); !same[sig] {
				same[sig] = true
				out = append(out, c)
			}
			break
		}
	}
	return out
}

// candidate validates a fix once: its edits sorted, inside the source and
// not overlapping one another, and changing something.
func (x *fixer) candidate(src []byte, f *Finding, fx Fix) (*candidate, string) {
	if fx.Create != "" {
		return nil, "it creates " + fx.Create + ", which only an editor's code action does"
	}
	edits, reason := fix.Sorted(len(src), fx.Edits)
	if reason != "" {
		return nil, reason
	}
	changes := false
	for _, e := range edits {
		if string(src[e.Range.Start:e.Range.End]) != e.NewText {
			changes = true
		}
	}
	if !changes {
		return nil, "it changes nothing"
	}
	keys := append([]string(nil), fx.Keys...)
	if f.Key != "" {
		keys = append(keys, f.Key)
	}
	return &candidate{finding: f, fix: fx, edits: edits, keys: keys}, ""
}

// compatible orders the candidates, fixes that change text before fixes
// that only insert (so a rename wins over an add of the same key), and
// keeps those that touch no key and no text an earlier one touches. The
// others wait for the next round.
func compatible(cands []*candidate) []*candidate {
	sort.SliceStable(cands, func(i, j int) bool { return !insertsOnly(cands[i]) && insertsOnly(cands[j]) })
	var keys fix.KeySet
	var taken []Edit // edits of the kept fixes, sorted by offset
	var out []*candidate
	for _, c := range cands {
		if keys.Conflicts(c.keys) || fix.Conflict(taken, c.edits) {
			continue
		}
		keys.Add(c.keys)
		for _, e := range c.edits {
			i := sort.Search(len(taken), func(i int) bool { return fix.Before(e, taken[i]) })
			taken = append(taken[:i], append([]Edit{e}, taken[i:]...)...)
		}
		out = append(out, c)
	}
	return out
}

func insertsOnly(c *candidate) bool {
	for _, e := range c.edits {
		if e.Range.Len() > 0 {
			return false
		}
	}
	return true
}
