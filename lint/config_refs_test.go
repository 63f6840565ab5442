package lint

import "testing"

func TestNamedRollout(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string
		ok   bool
	}{
		{"[experiment]\nrollout = \"multiply\"\n", "multiply", true},
		{"experiment = { rollout = \"a\" }\n", "a", true},
		{"[experiment]\nrollout = \"b\"\nlr = \n", "b", true}, // a syntax error later on
		{"[experiment]\nrollout = 3\n", "", false},
		{"[training]\nrollout = \"c\"\n", "", false},
		{"", "", false},
	} {
		got, ok := NamedRollout([]byte(c.src))
		if got != c.want || ok != c.ok {
			t.Errorf("NamedRollout(%q) = %q, %v; want %q, %v", c.src, got, ok, c.want, c.ok)
		}
	}
}
