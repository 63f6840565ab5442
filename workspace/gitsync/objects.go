package gitsync

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// The walks read three facts of a commit (its tree, its parents, the
// committer's time and the message's subject) and the entries of a tree.
// They are decoded here, as go-git's plumbing/object decodes them, rather
// than with that package: it links an OpenPGP implementation (for signed
// commits) whose package initialisation every command of the binary would
// pay for at start-up. decode_test.go holds these decoders equal to
// plumbing/object's on crafted and fuzzed objects.

var (
	errMalformedCommit = errors.New("malformed commit")
	errMalformedTree   = errors.New("malformed tree")
)

// rawCommit is what the walks keep of a commit.
type rawCommit struct {
	tree    plumbing.Hash
	parents []plumbing.Hash
	when    int64 // the committer's time, Unix seconds (time.Time{}.Unix() when unreadable)
	message string
}

// zeroUnix is time.Time{}.Unix(): the time of a signature without one.
const zeroUnix = -62135596800

// decodeCommit reads a commit object's content as go-git's
// (*object.Commit).Decode does: the first header must be `tree HASH`; the
// `parent` lines that follow it directly are the parents; `author` and
// `committer` count at their canonical places only (author right after the
// parents, committer right after the author or, without one, the parents);
// the message is everything after the first blank line.
func decodeCommit(b []byte) (rawCommit, error) {
	c := rawCommit{when: zeroUnix}
	line, rest := nextLine(b)
	if len(line) == 0 || isBlank(line) {
		return c, errMalformedCommit
	}
	key, data := splitHeader(line)
	if key != "tree" {
		return c, errMalformedCommit
	}
	h, ok := parseHash(data)
	if !ok {
		return c, errMalformedCommit
	}
	c.tree = h
	// the states of go-git's scanner past the tree line: parents, then the
	// author, then the committer, then any other header
	const (
		parents = iota
		author
		committer
		headers
	)
	state := parents
	for len(rest) > 0 {
		line, rest = nextLine(rest)
		if isBlank(line) {
			c.message = string(rest)
			return c, nil
		}
		key, data := splitHeader(line)
		switch state {
		case parents:
			if key == "parent" {
				h, ok := parseHash(data)
				if !ok {
					return c, errMalformedCommit
				}
				c.parents = append(c.parents, h)
				continue
			}
			state = author
			fallthrough
		case author:
			if key == "author" {
				state = committer
				continue
			}
			state = committer
			fallthrough
		case committer:
			state = headers
			if key == "committer" {
				c.when = signatureUnix(data)
			}
		}
		// any other header, or its continuation lines, is of no use here
	}
	return c, nil
}

// nextLine splits off the first line of b, its newline included.
func nextLine(b []byte) (line, rest []byte) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i+1], b[i+1:]
	}
	return b, nil
}

func isBlank(line []byte) bool { return len(line) == 1 && line[0] == '\n' }

// splitHeader returns a header line's keyword and value (without the
// newline); the value is nil when the line has no space.
func splitHeader(line []byte) (string, []byte) {
	trimmed := bytes.TrimRight(line, "\n")
	key, value, ok := bytes.Cut(trimmed, []byte{' '})
	if !ok {
		return string(trimmed), nil
	}
	return string(key), value
}

func parseHash(data []byte) (plumbing.Hash, bool) {
	if !plumbing.IsHash(string(data)) {
		return plumbing.ZeroHash, false
	}
	return plumbing.NewHash(string(data)), true
}

// signatureUnix reads the time of a signature `Name <email> SECONDS TZ` as
// go-git's (*object.Signature).Decode does: the seconds follow the last
// '>' after one byte; anything unreadable is the zero time.
func signatureUnix(b []byte) int64 {
	open := bytes.LastIndexByte(b, '<')
	close := bytes.LastIndexByte(b, '>')
	if open == -1 || close == -1 || close < open || close+2 >= len(b) {
		return zeroUnix
	}
	b = b[close+2:]
	if i := bytes.IndexByte(b, ' '); i >= 0 {
		b = b[:i]
	}
	ts, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return zeroUnix
	}
	return ts
}

// treeEntry is one entry of a tree object.
type treeEntry struct {
	name string
	mode filemode.FileMode
	hash plumbing.Hash
}

// decodeTree reads a tree object's content as go-git's (*object.Tree).Decode
// does: entries of `MODE SP NAME NUL HASH`, the mode octal and made
// canonical (a directory, a file, an executable, a link or a submodule).
func decodeTree(b []byte) ([]treeEntry, error) {
	var out []treeEntry
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		if sp < 0 {
			return nil, errMalformedTree
		}
		mode, err := filemode.New(string(b[:sp]))
		if err != nil {
			return nil, errMalformedTree
		}
		b = b[sp+1:]
		nul := bytes.IndexByte(b, 0)
		if nul < 0 {
			return nil, errMalformedTree
		}
		if nul == 0 {
			return nil, errMalformedTree
		}
		name := string(b[:nul])
		b = b[nul+1:]
		var h plumbing.Hash
		if len(b) < len(h) {
			return nil, errMalformedTree
		}
		copy(h[:], b)
		b = b[len(h):]
		out = append(out, treeEntry{name: name, mode: canonicalMode(mode), hash: h})
	}
	return out, nil
}

// canonicalMode is the mode git gives a tree entry's mode bits.
func canonicalMode(mode filemode.FileMode) filemode.FileMode {
	switch mode & 0o170000 {
	case 0o040000:
		return filemode.Dir
	case 0o100000:
		if mode&0o111 != 0 {
			return filemode.Executable
		}
		return filemode.Regular
	case 0o120000:
		return filemode.Symlink
	default:
		return filemode.Submodule
	}
}
