package schema

import "sync"

// patterns holds each pattern source compiled once, for the fields asked
// through MatchesPattern (a handful: the schemas have few patterns).
var patterns sync.Map // source -> *pattern

// MatchesPattern reports whether s matches the field's "pattern", as
// validation holds a string against it; true when the field has none. A
// rule that acts only on a well-formed value (a commit id git can look up,
// a fix whose result must validate) asks this instead of restating the
// pattern.
func (f *Field) MatchesPattern(s string) bool {
	src := f.str("pattern")
	if src == "" {
		return true
	}
	p, ok := patterns.Load(src)
	if !ok {
		// parsed on its first match, as a node's pattern is
		p, _ = patterns.LoadOrStore(src, &pattern{src: src})
	}
	return p.(*pattern).match(s)
}
