//go:build unix

package lint

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// TestEntrypointNotRegular: a pipe where the entrypoint goes is refused at
// submit like a missing file: the CLI loads regular files only.
func TestEntrypointNotRegular(t *testing.T) {
	root := newWorkspace(t, rolloutWS)
	if err := syscall.Mkfifo(filepath.Join(root, "rollouts", "multiply-agent", "pipe.py"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	src := pathsConfig(`"multiply-agent"`, `"pipe.py"`)
	rel := "configs/training/run.toml"
	if err := os.WriteFile(filepath.Join(root, rel), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := workspace.Load(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Check([]byte(src), Input{Path: rel, Kind: schema.Training, Env: NewEnv(snap, filepath.Join(root, rel))}) {
		got = append(got, formatFinding(f)+": "+f.Message)
	}
	want := "3:14-3:23 entrypoint-not-found experiment.entrypoint: rollouts/multiply-agent/pipe.py is not a regular file"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("got %q, want one finding %q", got, want)
	}
}
