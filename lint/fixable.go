package lint

import "strings"

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
