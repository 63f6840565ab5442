package lint

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// The run reports config-unreadable (see the runner's tests for the
// entries themselves); here: the finding's shape and the settings.
func TestUnreadable(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{workspace.ErrLoop, "configs/training/a.toml is a symlink loop; it is not checked"},
		{fs.ErrNotExist, "configs/training/a.toml is a symlink to nothing (dangling); it is not checked"},
		{&fs.PathError{Op: "read", Path: "x", Err: fs.ErrPermission}, "configs/training/a.toml cannot be read: permission denied; it is not checked"},
		{disk.ErrNotRegular, "configs/training/a.toml is not a regular file (a named pipe, a device, a socket or a directory); it is not checked"},
		{&workspace.EscapeError{Via: "configs/training/a.toml", Target: "/etc"}, "configs/training/a.toml is a symlink that leads outside the workspace (to /etc), which is never followed; it is not checked"},
	}
	for _, c := range cases {
		fs := Unreadable("configs/training/a.toml", c.err, nil)
		if len(fs) != 1 {
			t.Fatalf("%v: %d findings", c.err, len(fs))
		}
		f := fs[0]
		if f.Message != c.want || f.Rule != RuleConfigUnreadable || f.Severity != Error || f.Line != 1 || f.Column != 1 {
			t.Errorf("%v: %+v\nwant message %q", c.err, f, c.want)
		}
	}
	off, _ := NewSettings([]string{RuleConfigUnreadable}, nil)
	if fs := Unreadable("a.toml", errors.New("x"), off); len(fs) != 0 {
		t.Errorf("ignored rule still reported: %+v", fs)
	}
	warn, _ := NewSettings(nil, map[string]string{RuleConfigUnreadable: "warning"})
	if fs := Unreadable("a.toml", errors.New("x"), warn); len(fs) != 1 || fs[0].Severity != Warning {
		t.Errorf("severity setting not applied: %+v", fs)
	}
}
