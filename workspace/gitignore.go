package workspace

import (
	"bytes"
	"fmt"
	"strings"
)

// ignoreRule is one pattern line of an ignore file.
type ignoreRule struct {
	pattern pathPattern
	source  string // "file:line"
}

// ignoreRules are the exclude patterns of the workspace root, lowest
// precedence first: .git/info/exclude, then the root .gitignore. The last
// matching rule decides, as in git.
type ignoreRules struct {
	rules []ignoreRule
}

// addIgnoreFile appends the patterns of one ignore file. Blank lines and
// "#" comments are skipped, a trailing CR is dropped, trailing spaces are
// trimmed unless escaped with a backslash, and "\#" / "\!" start literal
// patterns.
func (r *ignoreRules) addIgnoreFile(name string, data []byte) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		line = trimIgnoreSpaces(line)
		if line == "" || line[0] == '#' {
			continue
		}
		p := newPathPattern(line, true)
		if p.glob == "" {
			continue
		}
		r.rules = append(r.rules, ignoreRule{pattern: p, source: fmt.Sprintf("%s:%d", name, i+1)})
	}
}

// trimIgnoreSpaces drops trailing spaces that are not escaped.
func trimIgnoreSpaces(s string) string {
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

// ignored reports whether the workspace-relative path is excluded, and by
// which rule. A path inside an excluded directory is excluded whatever
// later rules say about it, as git never looks inside such a directory.
func (r *ignoreRules) ignored(rel string, isDir bool) (bool, string) {
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' {
			if ok, src := r.decide(rel[:i], true); ok {
				return true, src
			}
		}
	}
	return r.decide(rel, isDir)
}

func (r *ignoreRules) decide(rel string, isDir bool) (bool, string) {
	for i := len(r.rules) - 1; i >= 0; i-- {
		rule := r.rules[i]
		if rule.pattern.matches(rel, isDir) {
			return !rule.pattern.negate, rule.source
		}
	}
	return false, ""
}
