package benchdocs

import (
	"strings"
	"testing"
)

func TestShapes(t *testing.T) {
	c := Config300()
	if n := strings.Count(c, "\n"); n != 300 || !strings.Contains(c, "\nlerning_rate = 1\n") || !strings.Contains(c, "\nlr = 1e-6\n") {
		t.Errorf("Config300: %d lines", n)
	}
	u := UnknownKeys(80000)
	if n := strings.Count(u, "unknown_key_"); n != 80000 || !strings.Contains(u, "\nlr = 1e-6\n") || len(u) < 2_000_000 {
		t.Errorf("UnknownKeys(80000): %d keys, %d bytes", n, len(u))
	}
}
