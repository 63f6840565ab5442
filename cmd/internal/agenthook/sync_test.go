package agenthook

import (
	"strings"
	"testing"
)

// TestRolloutEditNotCommitted: after an agent edits a rollout file of a
// pushed repository, the hook tells it the file is not committed, for
// each config that runs that rollout, before it submits.
func TestRolloutEditNotCommitted(t *testing.T) {
	root := pushedWorkspace(t)
	p := write(t, root, "rollouts/multiply-agent/main.py", "print('changed')\n")
	out := run(t, root, payload(t, "Edit", root, map[string]any{"file_path": p}))
	if out.Block != "" {
		t.Fatalf("a warning blocked the agent: %s", out.Block)
	}
	for _, want := range []string{"configs/training/base.toml", "[rollout-uncommitted]", "rollouts/multiply-agent/main.py", "not committed"} {
		if !strings.Contains(out.Context, want) {
			t.Errorf("context lacks %q:\n%s", want, out.Context)
		}
	}
}
