package workspace

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitsync"
)

// TestGoGitRepositoryDiffers keeps one reason gitrepo.go stays: go-git's
// storage takes a .git that git would not call a repository.
func TestGoGitRepositoryDiffers(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, files{
		"headonly/.git/HEAD": "ref: refs/heads/main\n",
	})
	// a HEAD alone: git says "not a git repository", go-git reads it
	dir := filepath.Join(base, "headonly")
	if _, err := exec.LookPath("git"); err == nil {
		cmd := exec.Command("git", "rev-parse", "--git-dir")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CEILING_DIRECTORIES="+base, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err == nil {
			t.Fatalf("git takes a HEAD alone for a repository: %s", out)
		}
	}
	s := mustLoad(t, dir, Options{})
	if ok, _ := s.GitRepository(); ok {
		t.Error("a HEAD alone read as a repository")
	}
	if r := s.GitSync(); r != nil {
		t.Errorf("sync reads a HEAD alone: %+v", r)
	}
	ws, err := disk.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r := gitsync.Open(ws, ".git", gitsync.Limits{}, nil); r.Unchecked != "" {
		t.Errorf("go-git now refuses a HEAD alone (%s): it could decide GitRepository", r.Unchecked)
	}
}
