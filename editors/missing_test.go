package editors

import (
	"fmt"
	"testing"
)

// recorder stands in for a test and notes how missing ended it.
type recorder struct{ fatal, skip string }

func (r *recorder) Helper()                           {}
func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }
func (r *recorder) Skipf(format string, args ...any)  { r.skip = fmt.Sprintf(format, args...) }

// A missing client skips a test on a developer's machine and fails it
// under CI: a fresh clone's `go test ./...` passes with or without node and
// npm packages, while .ci/run cannot pass without running them.
func TestMissingClientRule(t *testing.T) {
	for _, tc := range []struct {
		ci        string
		wantFatal bool
	}{{"", false}, {"true", true}, {"1", true}} {
		t.Run("CI="+tc.ci, func(t *testing.T) {
			t.Setenv("CI", tc.ci)
			var r recorder
			missing(&r, "node is not installed")
			if tc.wantFatal {
				if r.fatal == "" || r.skip != "" {
					t.Fatalf("CI=%q: want a failure, got fatal %q skip %q", tc.ci, r.fatal, r.skip)
				}
				return
			}
			if r.skip == "" || r.fatal != "" {
				t.Fatalf("CI=%q: want a skip, got fatal %q skip %q", tc.ci, r.fatal, r.skip)
			}
		})
	}
}
