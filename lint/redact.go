package lint

import (
	"sort"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Masked returns src with every credential it holds masked, whichever
// rules ran: the secrets the findings carry when they all come from Check
// (which gives each finding all of the file's), else all that a search of
// src finds (no findings, or findings made without reading the file as a
// config):
// every character after a secret's shown lead becomes '*', line breaks
// stay, so lines and columns do not move and a snippet of any line, or a
// diff, shows no byte of a secret. It returns src itself when nothing is
// masked; src is never modified.
func Masked(src []byte, fs []Finding) []byte {
	seen := map[toml.Range]bool{}
	var secrets []Secret
	add := func(s Secret) {
		if !seen[s.Range] {
			seen[s.Range] = true
			secrets = append(secrets, s)
		}
	}
	searched := len(fs) > 0
	for _, f := range fs {
		if f.Secrets == nil {
			searched = false
		}
		for _, s := range f.Secrets {
			add(s)
		}
	}
	if !searched {
		for _, h := range credentialsIn(toml.Parse(src)) {
			add(h.secret)
		}
	}
	if len(secrets) == 0 {
		return src
	}
	// from the end, so that a mask of another length (multi-byte
	// characters) does not move the ranges still to do
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
