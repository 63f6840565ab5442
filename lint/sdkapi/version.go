package sdkapi

import (
	"strconv"
	"strings"
)

// version is a PEP 440 version of the forms the table and this reader
// know: a release segment (N(.N)*) with an optional pre-release (aN, bN,
// rcN). Epochs, post and dev releases and local labels are not read.
type version struct {
	release []int
	// pre orders the pre-release: 0 a, 1 b, 2 rc, 3 a final release.
	pre, preN int
}

func parseVersion(s string) (version, bool) {
	var v version
	v.pre = 3
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "v")
	i := 0
	for {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 9 {
			return v, false
		}
		n, _ := strconv.Atoi(s[i:j])
		v.release = append(v.release, n)
		i = j
		if i < len(s) && s[i] == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			i++
			continue
		}
		break
	}
	if i == len(s) {
		return v, true
	}
	rest := strings.TrimLeft(s[i:], ".-_")
	for k, p := range [...]string{"rc", "c", "alpha", "beta", "a", "b", "preview", "pre"} {
		if !strings.HasPrefix(rest, p) {
			continue
		}
		num := strings.TrimLeft(rest[len(p):], ".-_")
		if num == "" {
			num = "0"
		}
		n, err := strconv.Atoi(num)
		if err != nil || len(num) > 9 {
			return v, false
		}
		v.pre = [...]int{2, 2, 0, 1, 0, 1, 2, 2}[k]
		v.preN = n
		return v, true
	}
	return v, false
}

func (v version) compare(w version) int {
	for i := 0; i < max(len(v.release), len(w.release)); i++ {
		a, b := at(v.release, i), at(w.release, i)
		if a != b {
			if a < b {
				return -1
			}
			return 1
		}
	}
	switch {
	case v.pre != w.pre:
		if v.pre < w.pre {
			return -1
		}
		return 1
	case v.preN != w.preN:
		if v.preN < w.preN {
			return -1
		}
		return 1
	}
	return 0
}

func at(r []int, i int) int {
	if i < len(r) {
		return r[i]
	}
	return 0
}

// prefix reports whether v's release segment starts with p (zero-padded,
// as PEP 440 compares a == V.* clause).
func (v version) prefix(p []int) bool {
	for i, n := range p {
		if at(v.release, i) != n {
			return false
		}
	}
	return true
}

// clause is one comparison of a specifier.
type clause struct {
	op       string
	v        version
	wildcard bool
}

func (c clause) admits(v version) bool {
	switch c.op {
	case "==":
		if c.wildcard {
			return v.prefix(c.v.release)
		}
		return v.compare(c.v) == 0
	case "!=":
		if c.wildcard {
			return !v.prefix(c.v.release)
		}
		return v.compare(c.v) != 0
	case ">=":
		return v.compare(c.v) >= 0
	case "<=":
		return v.compare(c.v) <= 0
	case ">":
		return v.compare(c.v) > 0
	case "<":
		// < V does not admit a pre-release of V unless V is one
		if c.v.pre == 3 && v.pre != 3 && v.prefix(c.v.release) && len(v.release) <= len(c.v.release) {
			return false
		}
		return v.compare(c.v) < 0
	case "~=":
		return v.compare(c.v) >= 0 && v.prefix(c.v.release[:len(c.v.release)-1])
	}
	return false
}

// parseSpecifier reads a PEP 440 specifier ("", ">=0.3,<0.4", "~=0.3.0").
func parseSpecifier(s string) ([]clause, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, true
	}
	var out []clause
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		var c clause
		for _, op := range [...]string{"===", "~=", "==", "!=", ">=", "<=", ">", "<"} {
			if strings.HasPrefix(part, op) {
				c.op = op
				break
			}
		}
		if c.op == "" || c.op == "===" {
			return nil, false
		}
		vs := strings.TrimSpace(part[len(c.op):])
		if (c.op == "==" || c.op == "!=") && strings.HasSuffix(vs, ".*") {
			c.wildcard = true
			vs = strings.TrimSuffix(vs, ".*")
		}
		v, ok := parseVersion(vs)
		if !ok || c.wildcard && v.pre != 3 || c.op == "~=" && len(v.release) < 2 {
			return nil, false
		}
		c.v = v
		out = append(out, c)
	}
	return out, true
}

// Requirement reads the rollout's requirement on the SDK, a PEP 508 string
// ("osmosis-ai[server]>=0.3.0"); ok is false when it is not one the table
// can decide: another distribution, a direct URL, an environment marker,
// or a specifier this reader does not read exactly. Pre-releases count as
// admitted wherever the comparisons admit them, so a set may be larger
// than what an installer picks, never smaller.
func (t *Table) Requirement(req string) (Requirement, bool) {
	var r Requirement
	s := strings.TrimSpace(req)
	end := 0
	for end < len(s) && (isAlnum(s[end]) || s[end] == '-' || s[end] == '_' || s[end] == '.') {
		end++
	}
	if normalizeExtra(s[:end]) != "osmosis-ai" {
		return r, false
	}
	s = strings.TrimSpace(s[end:])
	if strings.HasPrefix(s, "[") {
		close := strings.IndexByte(s, ']')
		if close < 0 {
			return r, false
		}
		for _, e := range strings.Split(s[1:close], ",") {
			if e = strings.TrimSpace(e); e != "" {
				r.Extras = append(r.Extras, e)
			}
		}
		s = strings.TrimSpace(s[close+1:])
	}
	if strings.ContainsAny(s, "@;") {
		return r, false
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = s[1 : len(s)-1]
	}
	clauses, ok := parseSpecifier(s)
	if !ok {
		return r, false
	}
	r.Bare = len(clauses) == 0
	r.Exact = len(clauses) == 1 && clauses[0].op == "==" && !clauses[0].wildcard
	for i, v := range t.versions {
		admitted := true
		for _, c := range clauses {
			admitted = admitted && c.admits(v)
		}
		if admitted {
			r.Admitted |= 1 << i
		}
	}
	if r.Exact && r.Admitted == 0 {
		r.Exact = false
	}
	return r, true
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
