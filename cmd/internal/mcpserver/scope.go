package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// server holds what the tools share: the options and the client's roots.
type server struct {
	opts Options

	mu    sync.Mutex
	roots []string // the client's roots as directories; nil: not asked yet
	gen   int      // counts roots/list_changed, so a stale answer is not kept
}

func (s *server) forgetRoots() {
	s.mu.Lock()
	s.roots = nil
	s.gen++
	s.mu.Unlock()
}

// scope is where a tool call may read and write: workspace roots, the
// first of which relative paths start from.
type scope struct {
	roots []string // absolute, as spelled
	// containers holds each root opened once for the call's paths (a call
	// may name thousands)
	containers map[string]*workspace.Container
}

// container is the root opened for resolve, once a call.
func (sc scope) container(root string) *workspace.Container {
	c, ok := sc.containers[root]
	if !ok {
		c = workspace.NewContainer(root)
		if sc.containers != nil {
			sc.containers[root] = c
		}
	}
	return c
}

// scope finds the workspace roots of a call: --workspace, else the
// workspaces of the client's roots, else the one of the working directory.
func (s *server) scope(ctx context.Context, ss *session) (scope, error) {
	if s.opts.Root != "" {
		abs, err := filepath.Abs(s.opts.Root)
		if err != nil {
			return scope{}, err
		}
		return scope{roots: []string{abs}, containers: map[string]*workspace.Container{}}, nil
	}
	dirs, err := s.clientRoots(ctx, ss)
	if err != nil {
		return scope{}, fmt.Errorf("the client's roots are not known (%v); the call is not run, and the next one asks again", err)
	}
	if len(dirs) == 0 {
		dirs = []string{s.opts.Dir}
	}
	sc := scope{containers: map[string]*workspace.Container{}}
	for _, d := range dirs {
		if root, ok := rootOf(d); ok && !slices.Contains(sc.roots, root) {
			sc.roots = append(sc.roots, root)
		}
	}
	if len(sc.roots) == 0 {
		return scope{}, fmt.Errorf("%s is not in an Osmosis workspace (no enclosing git repository); start the server in the workspace, let the client name it as a root, or pass --workspace DIR", strings.Join(dirs, ", "))
	}
	return sc, nil
}

// rootOf is the workspace of path, by workspace.Root (the policy check
// uses); the server serves a git worktree's only, as the osmosis CLI
// does.
func rootOf(path string) (string, bool) {
	found, err := workspace.Root(path)
	if err != nil || found.GitRoot == "" {
		return "", false
	}
	return found.Root, true
}

// clientRoots asks the client for its roots once (until it says they
// changed, or until it answers: a call cancelled while it waits keeps
// nothing); file roots only, as directories. The lock is not held while
// the client answers: its roots/list_changed may arrive meanwhile. No
// usable answer (none in time, a malformed or mismatched one) is an
// error, and nothing is kept: the call cannot know where it may read.
func (s *server) clientRoots(ctx context.Context, ss *session) ([]string, error) {
	s.mu.Lock()
	roots, gen := s.roots, s.gen
	s.mu.Unlock()
	if roots != nil {
		return roots, nil
	}
	roots = []string{}
	keep := true
	if ss != nil && ss.rootsDeclared() {
		var res struct {
			Roots []struct {
				URI string `json:"uri"`
			} `json:"roots"`
		}
		switch err := ss.ask(ctx, "roots/list", &res); {
		case err == nil:
			for _, r := range res.Roots {
				if dir, ok := fileURIPath(r.URI); ok {
					roots = append(roots, dir)
				}
			}
		case errors.Is(err, errBadAnswer):
			return nil, err
		default:
			// no answer (the call was cancelled, the session ended): the
			// next call asks again; an error the client answered is kept
			keep = ctx.Err() == nil && !errors.Is(err, errClosed)
		}
	}
	s.mu.Lock()
	if s.gen == gen && keep {
		s.roots = roots
	}
	s.mu.Unlock()
	return roots, nil
}

// fileURIPath turns a file:// URI into a local absolute path.
func fileURIPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") {
		return "", false
	}
	p := filepath.FromSlash(u.Path)
	if len(p) >= 3 && p[0] == filepath.Separator && p[2] == ':' { // /C:/dir on Windows
		p = p[1:]
	}
	if !filepath.IsAbs(p) {
		return "", false
	}
	return filepath.Clean(p), true
}

// errOutside is a path the tools may not touch.
var errOutside = errors.New("is outside the workspace")

// resolve places a tool's path argument in the scope: relative to the
// first root, and inside one of the roots by its real location
// (workspace.Contain: a link that leads out is refused like a path that
// does, and its target is never looked at, not even stat'ed). mustExist
// refuses a path that is not there. It returns the path as spelled under
// its root, and that root.
func (sc scope) resolve(p string, mustExist bool) (abs, root string, err error) {
	if p == "" {
		return "", "", errors.New("an empty path")
	}
	if strings.ContainsRune(p, 0) {
		return "", "", errors.New("a path with a NUL byte")
	}
	abs = p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(sc.roots[0], abs)
	}
	abs = filepath.Clean(abs)
	for _, r := range sc.roots {
		if !within(r, abs) {
			continue
		}
		res := sc.container(r).Contain(abs)
		if res.Err != nil {
			return "", "", fmt.Errorf("%s: the workspace %s cannot be read (%v)", p, r, res.Err)
		}
		if !res.Inside {
			if res.Loop {
				return "", "", fmt.Errorf("%s: a symlink loop", p)
			}
			return "", "", fmt.Errorf("%s leads outside the workspace %s through a symlink", p, r)
		}
		if mustExist && !res.Exists {
			return "", "", fmt.Errorf("%s: no such file or directory", p)
		}
		return abs, r, nil
	}
	return "", "", fmt.Errorf("%s %w (%s)", p, errOutside, strings.Join(sc.roots, ", "))
}

// within reports whether p is dir or below it.
func within(dir, p string) bool {
	return disk.Within(p, dir)
}
