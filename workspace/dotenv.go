package workspace

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf8"
)

// maxDotenv bounds the root .env read for the platform URL.
const maxDotenv = 4 << 20

// DotenvVar is one variable the root .env sets, as python-dotenv reads it.
type DotenvVar struct {
	// Value is the value after quotes and escapes; never print it.
	Value string
	// Line is the 1-based line of the binding that sets it (the last one).
	Line int
	// Uncertain marks a value whose reading is not sure: it interpolates
	// ${...} or holds a control character that URL parsing drops.
	Uncertain bool
}

// Dotenv is what the root .env says to the osmosis CLI, which loads the
// nearest .env from its current directory upwards before every command.
// Only the root's own .env is read (nothing outside the workspace is): it
// is the one the CLI loads when run from the root.
type Dotenv struct {
	// Present is set when the root has a .env that is a file (followed
	// through symlinks inside the workspace).
	Present bool
	// LinkOut is set when the root's .env is a symlink that leads outside
	// the workspace: the CLI loads the file there, which is not read.
	LinkOut bool
	// BadUTF8Line is the 1-based line of the first byte that is not UTF-8,
	// or 0: python-dotenv then fails, and with it every osmosis command.
	BadUTF8Line int
	// Vars holds the variables the osmosis CLI reads from it.
	Vars map[string]DotenvVar
}

// dotenvNames are the variables read from the root .env.
var dotenvNames = map[string]bool{
	"OSMOSIS_PLATFORM_URL":                true,
	"OSMOSIS_ALLOW_INSECURE_PLATFORM_URL": true,
}

// RootDotenv reads the root .env (once per snapshot generation of the .env
// files).
func (s *Snapshot) RootDotenv() Dotenv { return s.dotenv.get(s.loadDotenv) }

func (s *Snapshot) loadDotenv() Dotenv {
	c, err := s.ReadFile(".env", maxDotenv)
	if errors.As(err, new(*EscapeError)) {
		return Dotenv{LinkOut: true}
	}
	if err != nil {
		return Dotenv{}
	}
	return parseDotenv(c.Data)
}

// parseDotenv reads dotenv text as python-dotenv does for the variables
// named in dotenvNames: `[export] NAME = value` bindings, values bare
// (up to a " #" comment, trailing blanks dropped), in single quotes
// (\\ and \' escapes) or in double quotes (Python escapes), which may span
// lines. A line it cannot parse is skipped, as python-dotenv skips it; after
// a quote that is never closed nothing more is read.
func parseDotenv(data []byte) Dotenv {
	return parseDotenvVars(data, func(name string) bool { return dotenvNames[name] })
}

// parseDotenvVars is parseDotenv keeping the variables keep selects.
func parseDotenvVars(data []byte, keep func(name string) bool) Dotenv {
	d := Dotenv{Present: true, Vars: map[string]DotenvVar{}}
	if !utf8.Valid(data) {
		d.BadUTF8Line = BadUTF8Line(data)
		return d
	}
	s := string(data)
	line := 1
	for len(s) > 0 {
		start := line
		name, value, quoted, rest, ok := dotenvBinding(s)
		consumed := s[:len(s)-len(rest)]
		line += strings.Count(consumed, "\n")
		s = rest
		if !ok || !keep(name) {
			continue
		}
		v := DotenvVar{Value: value, Line: start}
		if quoted != '\'' && strings.Contains(value, "${") {
			v.Uncertain = true
		}
		if strings.ContainsFunc(value, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			v.Uncertain = true
		}
		d.Vars[name] = v
	}
	return d
}

// dotenvBinding reads one binding (or one line that is not) from s and
// returns what follows it. ok is false for a blank, comment or unparsable
// line, and for a name without "=" (python-dotenv gives it no value).
func dotenvBinding(s string) (name, value string, quote byte, rest string, ok bool) {
	lineEnd := func(s string) (string, string) {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			return s[:i], s[i+1:]
		}
		return s, ""
	}
	t := strings.TrimLeft(s, " \t\r\f\v")
	if t == "" || t[0] == '\n' || t[0] == '#' {
		_, rest = lineEnd(s)
		return "", "", 0, rest, false
	}
	if after, found := strings.CutPrefix(t, "export"); found && len(after) > 0 && (after[0] == ' ' || after[0] == '\t') {
		t = strings.TrimLeft(after, " \t")
	}
	// the name: quoted, or up to "=", "#" or a blank
	if t != "" && t[0] == '\'' {
		end := strings.IndexByte(t[1:], '\'')
		if end < 0 {
			_, rest = lineEnd(s)
			return "", "", 0, rest, false
		}
		name, t = t[1:1+end], t[2+end:]
	} else {
		end := strings.IndexFunc(t, func(r rune) bool { return r == '=' || r == '#' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
		if end <= 0 {
			_, rest = lineEnd(s)
			return "", "", 0, rest, false
		}
		name, t = t[:end], t[end:]
	}
	t = strings.TrimLeft(t, " \t")
	if t == "" || t[0] != '=' {
		_, rest = lineEnd(t)
		return "", "", 0, rest, false
	}
	t = strings.TrimLeft(t[1:], " \t")
	switch {
	case t != "" && (t[0] == '\'' || t[0] == '"'):
		q := t[0]
		i := 1
		for i < len(t) && t[i] != q {
			if t[i] == '\\' && i+1 < len(t) {
				i++
			}
			i++
		}
		if i >= len(t) {
			// no closing quote up to the end: python-dotenv skips the
			// line and reads on, but scanning every later line to the end
			// again would cost the square of the file; stop here (what
			// follows is not judged)
			return "", "", 0, "", false
		}
		raw := t[1:i]
		tail, after := lineEnd(t[i+1:])
		tail = strings.TrimRight(tail, " \t\r")
		if tail != "" && !strings.HasPrefix(strings.TrimLeft(tail, " \t"), "#") {
			return "", "", 0, after, false
		}
		if q == '\'' {
			raw = strings.NewReplacer(`\\`, `\`, `\'`, `'`).Replace(raw)
		} else {
			raw = strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n", `\t`, "\t", `\r`, "\r").Replace(raw)
		}
		return name, raw, q, after, true
	default:
		v, after := lineEnd(t)
		v = strings.TrimRight(v, "\r")
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
		if i := strings.Index(v, "\t#"); i >= 0 {
			v = v[:i]
		}
		return name, strings.TrimRight(v, " \t"), 0, after, true
	}
}

// BadUTF8Line is the 1-based line of the first byte of data that is not
// UTF-8, or 0 when all of it is.
func BadUTF8Line(data []byte) int {
	i := 0
	for i < len(data) {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return 1 + bytes.Count(data[:i], []byte("\n"))
		}
		i += n
	}
	return 0
}
