package agenthook

import (
	"slices"
	"strings"
)

// submitGroups are the osmosis CLI's command groups with a `submit CONFIG`
// subcommand (osmosis_ai/cli/commands: train, eval, benchmark).
var submitGroups = []string{"train", "eval", "benchmark"}

// osmosisNames are the CLI's executables (the package's project.scripts).
var osmosisNames = []string{"osmosis", "osmosis-ai", "osmosis_ai"}

// maxCommand bounds the Bash command the hook parses; a longer one is not
// parsed (silence).
const maxCommand = 64 << 10

// maxSubmits bounds the submits of one command the hook checks; a command
// with more is not read (silence), so the check before it stays quick.
const maxSubmits = 8

// SubmitConfigs lists the config paths, as written, that a Bash command
// submits with the osmosis CLI: `osmosis train|eval|benchmark submit
// CONFIG`, also as `uv run osmosis ...`, `uvx osmosis-ai ...` (or `uvx --from osmosis-ai osmosis ...`) or `python -m
// osmosis_ai.cli.main ...`, alone or in a chain of such simple commands
// joined by `&&` or `;`. The parse is conservative: anything the hook
// cannot be sure of (expansions, redirections, pipes, a `cd`, an option it
// does not know) gives nil, so the hook stays silent.
func SubmitConfigs(command string) []string {
	if len(command) > maxCommand {
		return nil
	}
	chain, ok := splitChain(command)
	if !ok {
		return nil
	}
	var out []string
	for _, words := range chain {
		if len(words) == 0 {
			continue
		}
		if words[0] == "cd" || words[0] == "pushd" || words[0] == "popd" {
			return nil // the cwd the path is relative to changes
		}
		path, ok := submitPath(words)
		if !ok {
			continue
		}
		if path == "" {
			return nil // a submit the hook cannot read: stay silent
		}
		if !slices.Contains(out, path) {
			out = append(out, path)
		}
		if len(out) > maxSubmits {
			return nil
		}
	}
	return out
}

// splitChain splits a command into the words of its simple commands,
// joined by `&&` or `;`. Words may be quoted with '...' or "..." (without
// $, ` or \ inside double quotes) and a backslash escapes one character
// outside quotes. Anything else the shell would treat specially is not
// parsed (ok false).
func splitChain(s string) (chain [][]string, ok bool) {
	var words []string
	var word strings.Builder
	inWord := false
	end := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			end()
		case c == ';':
			end()
			chain = append(chain, words)
			words = nil
		case c == '&':
			if i+1 >= len(s) || s[i+1] != '&' {
				return nil, false // background job or redirection
			}
			end()
			if len(words) == 0 {
				return nil, false
			}
			chain = append(chain, words)
			words = nil
			i++
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			word.WriteString(s[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, false
			}
			inner := s[i+1 : i+1+j]
			if strings.ContainsAny(inner, "$`\\!") {
				return nil, false
			}
			word.WriteString(inner)
			inWord = true
			i += j + 1
		case c == '\\':
			if i+1 >= len(s) || s[i+1] == '\n' || s[i+1] == '\r' {
				return nil, false
			}
			word.WriteByte(s[i+1])
			inWord = true
			i++
		case c == '#' && !inWord:
			return nil, false // a comment: not worth reading
		case strings.IndexByte("|<>()$`*?[]{}~!\n\r\x00", c) >= 0:
			return nil, false
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	end()
	chain = append(chain, words)
	return chain, true
}

// submitPath is the config a simple command submits: ok false when the
// command is no osmosis submit; ok true with an empty path when it is one
// the hook cannot read with certainty.
func submitPath(words []string) (path string, ok bool) {
	for len(words) > 0 && isAssignment(words[0]) {
		words = words[1:]
	}
	rest, ok := osmosisArgs(words)
	if !ok {
		return "", false
	}
	// the CLI's global options may stand before the group; --json and
	// --plain anywhere
	var args []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		switch {
		case w == "--json" || w == "--plain":
		case w == "--platform" || w == "--env-file":
			if len(args) > 0 { // only before the group
				return "", len(args) >= 2 && args[1] == "submit" && slices.Contains(submitGroups, args[0])
			}
			i++
		case strings.HasPrefix(w, "--platform=") || strings.HasPrefix(w, "--env-file="):
			if len(args) > 0 {
				return "", len(args) >= 2 && args[1] == "submit" && slices.Contains(submitGroups, args[0])
			}
		default:
			args = append(args, w)
		}
	}
	if len(args) < 2 || !slices.Contains(submitGroups, args[0]) || args[1] != "submit" {
		return "", false
	}
	var config string
	for i := 2; i < len(args); i++ {
		w := args[i]
		switch {
		case w == "--yes" || w == "-y":
		case w == "--secrets-file":
			i++
		case strings.HasPrefix(w, "--secrets-file="):
		case w == "--":
			if i+2 != len(args) || config != "" {
				return "", true
			}
			config = args[i+1]
			i++
		case strings.HasPrefix(w, "-"):
			return "", true // --help, or an option the hook does not know
		default:
			if config != "" {
				return "", true // the CLI refuses a second argument itself
			}
			config = w
		}
	}
	return config, true
}

// osmosisArgs strips the runner that starts the CLI: the executable itself
// (by name or path), `uv run`, `uvx` (`--from PACKAGE` allowed) or `python
// -m osmosis_ai.cli.main`.
func osmosisArgs(words []string) ([]string, bool) {
	if len(words) == 0 {
		return nil, false
	}
	name := words[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	switch {
	case slices.Contains(osmosisNames, name):
		return words[1:], true
	case name == "uv":
		if len(words) < 3 || words[1] != "run" {
			return nil, false
		}
		return osmosisArgs(words[2:])
	case name == "uvx":
		// uvx runs a PyPI package's command: the CLI's package is
		// osmosis-ai (`uvx osmosis` would be another package's)
		rest := words[1:]
		if len(rest) >= 3 && rest[0] == "--from" {
			if !isCLIPackage(rest[1]) {
				return nil, false
			}
			return osmosisArgs(rest[2:])
		}
		if len(rest) == 0 || !isCLIPackage(rest[0]) {
			return nil, false
		}
		return rest[1:], true
	case name == "python" || name == "python3":
		if len(words) < 3 || words[1] != "-m" || words[2] != "osmosis_ai.cli.main" {
			return nil, false
		}
		return words[3:], true
	}
	return nil, false
}

// isCLIPackage is a uvx package spec of the osmosis CLI: osmosis-ai (or
// osmosis_ai), with a version (@1.2, ==1.2) or extras.
func isCLIPackage(spec string) bool {
	name := spec
	if i := strings.IndexAny(spec, "@=<>~![;"); i >= 0 {
		name = spec[:i]
	}
	return name == "osmosis-ai" || name == "osmosis_ai"
}

// isAssignment is a NAME=value word before a command.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
