package report

import (
	"encoding/json"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/version"
)

// SARIF's tool.driver.version is the caller's version, else this build's.
func TestSARIFToolVersion(t *testing.T) {
	for _, tc := range []struct{ set, want string }{
		{"1.2.3", "1.2.3"},
		{"", version.String()},
	} {
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Version string `json:"version"`
					} `json:"driver"`
				} `json:"tool"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(render(t, SARIF, sampleFiles(t), Options{Version: tc.set}), &log); err != nil {
			t.Fatal(err)
		}
		if got := log.Runs[0].Tool.Driver.Version; got != tc.want || got == "" {
			t.Errorf("Options.Version %q: tool.driver.version = %q, want %q", tc.set, got, tc.want)
		}
	}
}
