package workspace

import (
	"errors"
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/ignore"
)

// Glob is a compiled workspace-relative path pattern, as used by the
// `exclude` setting: gitignore syntax without negation.
type Glob struct {
	pattern ignore.Pattern
}

// CompileGlob checks and compiles a pattern. It fails on an empty pattern,
// a "!" negation, an unterminated "[" class, an unknown [:class:] and a
// trailing backslash.
func CompileGlob(pattern string) (*Glob, error) {
	if strings.TrimSpace(pattern) == "" {
		return nil, errors.New("empty pattern")
	}
	if strings.HasPrefix(pattern, "!") {
		return nil, fmt.Errorf("pattern %q: negation with ! is not supported", pattern)
	}
	if err := ignore.CheckSyntax(pattern); err != nil {
		return nil, fmt.Errorf("pattern %q: %w", pattern, err)
	}
	return &Glob{pattern: ignore.NewPattern(pattern, false)}, nil
}

// String returns the pattern as written.
func (g *Glob) String() string { return g.pattern.Text() }

// Match reports whether the workspace-relative slash path rel, or one of
// the directories above it, matches the pattern.
func (g *Glob) Match(rel string) bool {
	rel = strings.Trim(rel, "/")
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' && g.pattern.Match(rel[:i], true) {
			return true
		}
	}
	return g.pattern.Match(rel, false)
}
