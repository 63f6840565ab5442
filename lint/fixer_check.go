package lint

import (
	"sort"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

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
	sort.SliceStable(edits, func(i, j int) bool { return editBefore(edits[i], edits[j]) })
	out, written := applyEdits(in.src, edits)
	doc := toml.Parse(out)
	next := state{src: out, findings: x.check(doc), syntax: len(doc.Errors), set: set}
	return next, regression(in, next, doc, written)
}

// applyEdits writes sorted, non-overlapping edits into src. It also
// returns where the text of each edit landed in the result.
func applyEdits(src []byte, edits []Edit) ([]byte, []toml.Range) {
	out := make([]byte, 0, len(src))
	written := make([]toml.Range, len(edits))
	at := 0
	for i, e := range edits {
		out = append(out, src[at:e.Range.Start]...)
		written[i] = toml.Range{Start: len(out), End: len(out) + len(e.NewText)}
		out = append(out, e.NewText...)
		at = e.Range.End
	}
	return append(out, src[at:]...), written
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
	var carried keySet
	for _, c := range out.set {
		carried.add(c.fix.Keys)
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
		if inHole(holes, f.Range) || seen.covers(f) || f.Stage != StageSubmit && carried.covers(f.Key) {
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
	for k := range parents(f.Key) {
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
