package sdkapi

import (
	"math/bits"
	"testing"
)

// FuzzRequirement: any text is read without a panic; what it admits is a
// set of the table's releases, an exact pin admits one, and a requirement
// that is not osmosis-ai is never read.
func FuzzRequirement(f *testing.F) {
	for _, s := range []string{"osmosis-ai", "osmosis-ai[server]>=0.3.0", "osmosis_ai (~=0.2.30)", "osmosis-ai==0.3.*,!=0.3.0rc1", "osmosis-ai<0.3.0rc2", "osmosis-ai>=1!2", "requests"} {
		f.Add(s)
	}
	tb := Load()
	all := uint64(1)<<len(tb.Releases) - 1
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := tb.Requirement(s)
		if !ok {
			return
		}
		if r.Admitted&^all != 0 {
			t.Fatalf("%q admits %b beyond the table", s, r.Admitted)
		}
		if r.Exact && bits.OnesCount64(r.Admitted) != 1 {
			t.Fatalf("%q is exact and admits %d releases", s, bits.OnesCount64(r.Admitted))
		}
		if r.Bare && r.Admitted != all {
			t.Fatalf("%q is bare and admits %b", s, r.Admitted)
		}
		tb.Missing(r, "osmosis_ai.rollout", "x")
		tb.MissingExtra(r, "osmosis_ai.rollout.server.app")
	})
}
