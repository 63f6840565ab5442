package schema

import "testing"

func TestMatchesPattern(t *testing.T) {
	sha := For(Training).Lookup([]string{"experiment", "commit_sha"}, nil)
	if sha == nil {
		t.Fatal("no experiment.commit_sha field")
	}
	for s, want := range map[string]bool{
		"deadbee":  true,
		"DEADBEEF": true,
		"0123456789abcdef0123456789abcdef01234567": true,
		"deadbe":     false, // 6 digits
		"0xdeadbeef": false,
		" deadbeef":  false,
		"deadbeef\n": false,
		"0123456789abcdef0123456789abcdef012345678": false, // 41
		"":         false,
		"deadbeeg": false,
	} {
		if got := sha.MatchesPattern(s); got != want {
			t.Errorf("commit_sha %q: MatchesPattern = %v, want %v", s, got, want)
		}
	}
	// experiment.rollout has no pattern: any string matches
	rollout := For(Training).Lookup([]string{"experiment", "rollout"}, nil)
	if rollout == nil || rollout.str("pattern") != "" {
		t.Fatal("experiment.rollout is expected to have no pattern")
	}
	if !rollout.MatchesPattern("anything at all") {
		t.Error("a field without a pattern refused a string")
	}
}
