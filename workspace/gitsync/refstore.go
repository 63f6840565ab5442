package gitsync

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// The refs are read from the git directory as go-git's filesystem storage
// reads them (a loose ref file wins over packed-refs; a loose file holds
// `ref: NAME` or a hash, surrounding space trimmed; packed-refs holds
// `HASH NAME` lines, `#` comments and `^` peeled lines), without that
// storage: it links go-git's config reader, whose package initialisation
// every command of the binary would pay for. refstore_test.go holds these
// readers equal to go-git's storage on the repositories the tests build.

// maxResolve bounds a chain of symbolic refs, as go-git's
// storer.MaxResolveRecursion does: a longer chain is a loop.
const maxResolve = 1024

// maxRefFile bounds a loose ref file (a hash or `ref: NAME`, a line).
const maxRefFile = 4 << 10

var (
	errRefLoop       = errors.New("symbolic refs name each other in a loop")
	errEmptyRef      = errors.New("a ref file is empty")
	errPackedRefs    = errors.New("a line of packed-refs is malformed")
	errUnsafeRefName = errors.New("a ref name leaves refs/")
)

// refStore reads the refs of one git directory through the door. The
// packed refs are read once, on first need.
type refStore struct {
	ws     *disk.Root
	gitRel string
	// maxPacked bounds packed-refs.
	maxPacked int64

	// read are the loose refs read so far: HEAD's branch is read to
	// resolve HEAD, then again in the listing
	read map[string]looseRef

	packedDone bool
	packedErr  error
	packed     []*plumbing.Reference
	packedBy   map[plumbing.ReferenceName]*plumbing.Reference
}

// safeRefName is go-git's check of a name before it becomes a path: a
// name under refs/ without empty, "." or ".." parts, or an upper-case
// pseudo-ref (HEAD), no control character.
func safeRefName(name plumbing.ReferenceName) bool {
	if !name.IsSafe() {
		return false
	}
	s := string(name)
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return false
		}
	}
	return true
}

type looseRef struct {
	ref *plumbing.Reference
	err error
}

// loose reads the loose ref file of name (fs.ErrNotExist when there is
// none, errEmptyRef when it is empty), once.
func (s *refStore) loose(name string) (*plumbing.Reference, error) {
	if l, ok := s.read[name]; ok {
		return l.ref, l.err
	}
	ref, err := s.readLoose(name)
	if s.read == nil {
		s.read = map[string]looseRef{}
	}
	s.read[name] = looseRef{ref, err}
	return ref, err
}

func (s *refStore) readLoose(name string) (*plumbing.Reference, error) {
	data, _, err := s.ws.ReadFile(s.gitRel+"/"+name, maxRefFile)
	if errors.Is(err, disk.ErrTooLarge) {
		return nil, errCorrupt
	}
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, errEmptyRef
	}
	return plumbing.NewReferenceFromStrings(name, strings.TrimSpace(string(data))), nil
}

// reference reads one ref: its loose file, else its line of packed-refs
// (plumbing.ErrReferenceNotFound when neither has it).
func (s *refStore) reference(name plumbing.ReferenceName) (*plumbing.Reference, error) {
	if !safeRefName(name) {
		return nil, errUnsafeRefName
	}
	if ref, err := s.loose(string(name)); err == nil {
		return ref, nil
	}
	if err := s.readPacked(); err != nil {
		return nil, err
	}
	if ref, ok := s.packedBy[name]; ok {
		return ref, nil
	}
	return nil, plumbing.ErrReferenceNotFound
}

// resolve follows name's symbolic refs to a hash ref, at most maxResolve
// steps.
func (s *refStore) resolve(name plumbing.ReferenceName) (*plumbing.Reference, error) {
	ref, err := s.reference(name)
	for n := 0; err == nil && ref.Type() == plumbing.SymbolicReference; n++ {
		if n > maxResolve {
			return nil, errRefLoop
		}
		ref, err = s.reference(ref.Target())
	}
	return ref, err
}

// readPacked reads packed-refs once: a missing file holds no ref.
func (s *refStore) readPacked() error {
	if s.packedDone {
		return s.packedErr
	}
	s.packedDone = true
	data, _, err := s.ws.ReadFile(s.gitRel+"/packed-refs", s.maxPacked)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.Is(err, disk.ErrTooLarge):
		s.packedErr = errHuge
		return s.packedErr
	case err != nil:
		s.packedErr = err
		return err
	}
	s.packed, s.packedErr = parsePackedRefs(data, maxRefs)
	s.packedBy = make(map[plumbing.ReferenceName]*plumbing.Reference, len(s.packed))
	for _, ref := range s.packed {
		if _, ok := s.packedBy[ref.Name()]; !ok {
			s.packedBy[ref.Name()] = ref
		}
	}
	return s.packedErr
}

// parsePackedRefs reads the lines of packed-refs as go-git does: a blank
// line, a `#` comment and a `^` peeled line (the commit an annotated tag
// of the line before names) hold no ref; any other line is `HASH NAME`,
// split at its one space (a line with none or more is malformed). At most
// max refs are read (errLimit past them).
func parsePackedRefs(data []byte, max int) ([]*plumbing.Reference, error) {
	var out []*plumbing.Reference
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		// a line ends at LF, a CR before it dropped (bufio.ScanLines)
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) == 0 || line[0] == '#' || line[0] == '^' {
			continue
		}
		sp := bytes.IndexByte(line, ' ')
		if sp < 0 || bytes.IndexByte(line[sp+1:], ' ') >= 0 {
			return nil, errPackedRefs
		}
		if len(out) == max {
			return nil, errLimit
		}
		out = append(out, plumbing.NewReferenceFromStrings(string(line[sp+1:]), string(line[:sp])))
	}
	return out, nil
}

// each calls fn with the refs whose names start with one of the prefixes
// (each ending in "/"): the loose ones first (not the entries git skips:
// a name starting with "." or ending in ".lock"), then the packed ones no
// loose file overrides. A loose ref that cannot be read stops the walk
// with its error, as go-git's iteration does; at most maxRefs refs and
// directories are read.
func (s *refStore) each(prefixes []string, fn func(*plumbing.Reference) error) error {
	seen := map[plumbing.ReferenceName]bool{}
	n := 0
	for _, p := range prefixes {
		stack := []string{strings.TrimSuffix(p, "/")}
		for len(stack) > 0 {
			dir := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			entries, truncated, err := s.ws.ReadDir(s.gitRel+"/"+dir, maxDirEntries)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return err
			}
			if truncated {
				return errLimit
			}
			// the listing is sorted; the stack takes directories last
			// first, so that refs come in name order as go-git lists them
			var sub []string
			for _, e := range entries {
				// git lists no loose ref of a name that starts with "." or
				// ends in ".lock" (a ref being written: an update's lock
				// file, empty for a moment, is no ref)
				if strings.HasPrefix(e.Name, ".") || strings.HasSuffix(e.Name, ".lock") {
					continue
				}
				name := dir + "/" + e.Name
				// directories count too: a tree of empty ones is work
				if n++; n > maxRefs {
					return errLimit
				}
				if e.Type.IsDir() {
					sub = append(sub, name)
					continue
				}
				ref, err := s.loose(name)
				if errors.Is(err, fs.ErrNotExist) {
					continue
				}
				if err != nil {
					return err
				}
				if !seen[ref.Name()] {
					seen[ref.Name()] = true
					if err := fn(ref); err != nil {
						return err
					}
				}
			}
			for i := len(sub) - 1; i >= 0; i-- {
				stack = append(stack, sub[i])
			}
		}
	}
	if err := s.readPacked(); err != nil {
		return err
	}
	for _, ref := range s.packed {
		name := string(ref.Name())
		if seen[ref.Name()] || !underAny(name, prefixes) {
			continue
		}
		seen[ref.Name()] = true
		if n++; n > maxRefs {
			return errLimit
		}
		if err := fn(ref); err != nil {
			return err
		}
	}
	return nil
}

// shallow reports whether the repository is a shallow clone: its shallow
// file lists a commit (go-git reads a line of it as one).
func shallow(ws *disk.Root, gitRel string, max int64) (bool, error) {
	info, err := ws.Lstat(gitRel + "/shallow")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case !info.IsRegular():
		return false, errCorrupt
	}
	if info.Size > max {
		return false, errHuge
	}
	return info.Size > 0, nil
}
