package lint

import (
	"regexp"
	"sync"
)

// lazyRE compiles a regular expression on first use, so that a run that
// never needs it (most runs need few) does not pay for it at start-up.
func lazyRE(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
