package credential

import (
	"sort"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// maskRange replaces each character of b[start:end] by '*' (a line break by
// itself), in place when the lengths allow it.
func maskRange(b []byte, start, end int) []byte {
	var mid []byte
	for i := start; i < end; {
		r, n := utf8.DecodeRune(b[i:end])
		switch {
		case r == '\n' || r == '\r':
			mid = append(mid, byte(r))
		default:
			mid = append(mid, '*')
		}
		i += n
	}
	if len(mid) == end-start {
		copy(b[start:end], mid)
		return b
	}
	return append(append(append([]byte(nil), b[:start]...), mid...), b[end:]...)
}

// Secret is a part of a file that output shows masked.
type Secret struct {
	// Range is the secret's bytes in the file.
	Range toml.Range
	// Shown is how many of its leading bytes may be shown: a provider's
	// prefix, never a byte of the secret itself.
	Shown int
}

// Mask returns src with the secrets masked: every character after a
// secret's shown lead becomes '*', line breaks stay, so lines and columns
// do not move and a snippet of any line, or a diff, shows no byte of a
// secret. It returns src itself when nothing is masked; src is never
// modified.
func Mask(src []byte, secrets []Secret) []byte {
	if len(secrets) == 0 {
		return src
	}
	// from the end, so that a mask of another length (multi-byte
	// characters) does not move the ranges still to do
	secrets = append([]Secret(nil), secrets...)
	sort.Slice(secrets, func(i, j int) bool { return secrets[i].Range.Start > secrets[j].Range.Start })
	out := append([]byte(nil), src...)
	for _, s := range secrets {
		start, end := s.Range.Start+max(s.Shown, 0), s.Range.End
		if start < 0 || end > len(out) || start >= end {
			continue
		}
		out = maskRange(out, start, end)
	}
	return out
}
