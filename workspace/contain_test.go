package workspace

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Contain decides by real location: a path named through a link that
// leaves the directory is outside however it is spelled, and nothing
// outside is looked at to decide it.
func TestContain(t *testing.T) {
	base := t.TempDir()
	ws, other := filepath.Join(base, "ws"), filepath.Join(base, "other")
	for _, d := range []string{"ws/configs/training", "ws/shared", "other/configs/training"} {
		if err := os.MkdirAll(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"ws/configs/training/a.toml", "ws/shared/s.toml", "other/configs/training/x.toml"} {
		if err := os.WriteFile(filepath.Join(base, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for rel, target := range map[string]string{
		"linkws":                     "../other",
		"link-to-root":               "/",
		"configs/training/out.toml":  "../../../other/configs/training/x.toml",
		"configs/training/abs.toml":  filepath.Join(other, "configs/training/x.toml"),
		"configs/training/in.toml":   "a.toml",
		"configs/training/shared":    "../../shared",
		"configs/training/self.toml": filepath.Join(ws, "configs/training/a.toml"),
	} {
		if err := os.Symlink(target, filepath.Join(ws, filepath.FromSlash(rel))); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	for path, want := range map[string]struct {
		inside, link bool
		real         string
	}{
		"configs/training/a.toml":                           {true, false, "configs/training/a.toml"},
		"configs/training/new.toml":                         {true, false, "configs/training/new.toml"},
		"configs/training/in.toml":                          {true, true, "configs/training/a.toml"},
		"configs/training/self.toml":                        {true, true, "configs/training/a.toml"},
		"configs/training/shared/s.toml":                    {true, false, "shared/s.toml"},
		"linkws/configs/training/x.toml":                    {false, false, ""},
		"linkws":                                            {false, true, ""},
		"link-to-root" + other + "/configs/training/x.toml": {false, false, ""},
		"configs/training/out.toml":                         {false, true, ""},
		"configs/training/abs.toml":                         {false, true, ""},
		"configs/../../other/configs/training/x.toml":       {false, false, ""},
		"linkws/../ws/configs/training/a.toml":              {false, false, ""},
	} {
		stop := observeOther(t, other)
		r := Contain(ws, ws+"/"+path) // not joined: Join would drop the ".."
		stop()
		if r.Inside != want.inside || r.Link != want.link || (want.inside && r.Path != want.real) {
			t.Errorf("Contain(%s) = inside %v link %v at %q; want %v %v %q", path, r.Inside, r.Link, r.Path, want.inside, want.link, want.real)
		}
	}
	if Contained(ws, other) || Contained(ws, "/") || !Contained(ws, ws) {
		t.Error("the directory itself is inside, its siblings and / are not")
	}
	// the root may be named through a link; paths spelled either way count
	alias := filepath.Join(base, "alias")
	if err := os.Symlink("ws", alias); err != nil {
		t.Fatal(err)
	}
	if !Contained(alias, filepath.Join(ws, "configs/training/a.toml")) || !Contained(alias, filepath.Join(alias, "configs/training/a.toml")) {
		t.Error("a path spelled under the root as named or as resolved is inside")
	}
}

// observeOther fails the test when the door touches dir.
func observeOther(t *testing.T, dir string) (stop func()) {
	return disk.Observe(func(a disk.Access) {
		if disk.Within(a.Path, dir) {
			t.Errorf("%s %s: looked outside", a.Op, a.Path)
		}
	})
}

// A directory that cannot be opened places nothing inside it and says why:
// no door takes that for a link that leads out.
func TestContainUnopenedDirectory(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone")
	res := NewContainer(gone).Contain(filepath.Join(gone, "configs", "a.toml"))
	if res.Inside || res.Err == nil || res.EscapeVia != "" {
		t.Fatalf("a directory that does not exist: %+v", res)
	}
	dir := t.TempDir()
	if res := NewContainer(dir).Contain(filepath.Join(dir, "a.toml")); !res.Inside || res.Err != nil {
		t.Fatalf("an open directory: %+v", res)
	}
}
