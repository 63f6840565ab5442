package editors

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// :checkhealth osmosis_lint in headless Neovim with the real binary: it is
// found, its version is reported as `osmosis-lint version` prints it, and
// an open config gets its workspace root (editors/nvim/test/health.lua).
func TestNeovimCheckhealth(t *testing.T) {
	nvim := need(t, "nvim")
	script, err := filepath.Abs(filepath.Join("nvim", "test", "health.lua"))
	if err != nil {
		t.Fatal(err)
	}
	out := string(run(t, t.TempDir(), []string{"OSMOSIS_LINT_BIN=" + bin}, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile "+script))
	if !regexp.MustCompile(`(?m)^[1-9]\d* passed, 0 failed$`).MatchString(out) || strings.Contains(out, "FAIL") {
		t.Errorf("health.lua:\n%s", out)
	}
}
