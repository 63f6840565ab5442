package severity

import "testing"

func TestParseAndRank(t *testing.T) {
	for i, name := range Names {
		s, ok := Parse(name)
		if !ok || string(s) != name {
			t.Fatalf("Parse(%q) = %q, %v", name, s, ok)
		}
		if want := len(Names) - 1 - i; s.Rank() != want {
			t.Errorf("%s ranks %d, want %d", s, s.Rank(), want)
		}
	}
	for _, bad := range []string{"", "Error", "warn", "fatal", " info"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
