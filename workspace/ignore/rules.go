package ignore

import (
	"bytes"
	"fmt"
	"strings"
)

// rule is one pattern line of an ignore file.
type rule struct {
	pattern Pattern
	// base is the directory of the ignore file ("" for the top's, and for
	// files whose patterns apply everywhere): the pattern is matched
	// against the path below it, and only there.
	base   string
	source string // "file:line"
}

// Rules are the patterns of ignore files, lowest precedence first (for
// git: core.excludesFile, .git/info/exclude, the root .gitignore, then
// the .gitignore files of deeper directories). The last matching rule
// decides, as in git.
type Rules struct {
	rules []rule
}

// Add appends the patterns of one ignore file whose patterns apply to
// every path. Blank lines and "#" comments are skipped, a leading BOM and
// a trailing CR are dropped, trailing spaces are trimmed unless escaped
// with a backslash, and "\#" / "\!" start literal patterns.
func (r *Rules) Add(name string, data []byte) { r.AddIn(name, "", data) }

// AddIn appends the patterns of the ignore file of directory base (a
// slash path, "" for the top): they apply to the paths below it.
func (r *Rules) AddIn(name, base string, data []byte) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		line = trimSpaces(line)
		if line == "" || line[0] == '#' {
			continue
		}
		p := NewPattern(line, true)
		if p.Empty() {
			continue
		}
		r.rules = append(r.rules, rule{pattern: p, base: base, source: fmt.Sprintf("%s:%d", name, i+1)})
	}
}

// trimSpaces drops trailing spaces that are not escaped.
func trimSpaces(s string) string {
	end := len(s)
	for end > 0 && s[end-1] == ' ' {
		// Count the backslashes before this space: an odd number escapes it.
		n := 0
		for j := end - 2; j >= 0 && s[j] == '\\'; j-- {
			n++
		}
		if n%2 == 1 {
			break
		}
		end--
	}
	return s[:end]
}

// Ignored reports whether the slash path rel is excluded, and by which
// rule. A path inside an excluded directory is excluded whatever later
// rules say about it, as git never looks inside such a directory.
func (r *Rules) Ignored(rel string, isDir bool) (bool, string) {
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' {
			if ok, src := r.decide(rel[:i], true); ok {
				return true, src
			}
		}
	}
	return r.decide(rel, isDir)
}

func (r *Rules) decide(rel string, isDir bool) (bool, string) {
	for i := len(r.rules) - 1; i >= 0; i-- {
		rule := &r.rules[i]
		sub := rel
		if rule.base != "" {
			rest, ok := strings.CutPrefix(rel, rule.base+"/")
			if !ok {
				continue
			}
			sub = rest
		}
		if rule.pattern.Match(sub, isDir) {
			return !rule.pattern.Negated(), rule.source
		}
	}
	return false, ""
}
