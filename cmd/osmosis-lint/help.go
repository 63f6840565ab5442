package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// writeUsage prints the overview of every command.
func writeUsage(w io.Writer) {
	fmt.Fprint(w, "osmosis-lint checks Osmosis workspace configs before you submit them.\n\n")
	fmt.Fprint(w, "Usage:\n  osmosis-lint [check] [flags] [PATH...]\n  osmosis-lint COMMAND [flags] [ARGS...]\n\nCommands:\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, c := range commands {
		if !c.hidden {
			fmt.Fprintf(tw, "  %s %s\t%s\n", c.name, c.args, c.summary)
		}
	}
	tw.Flush()
	fmt.Fprint(w, `
Run 'osmosis-lint COMMAND --help' for the flags of a command.
Without a command, the arguments are those of check: a first argument that
is not a command is a PATH when it names an existing file or directory,
contains a '/' or ends in '.toml' (write ./NAME for a path named like a
command).
Exit codes: 0 no errors, 1 errors found, 2 usage or fatal error.
`)
}

// writeCommandHelp prints one command's synopsis, summary and flags, with
// the -- spelling for long flags as the documentation writes them.
func writeCommandHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: osmosis-lint %s %s\n\n%s.\n", c.name, c.args, upperFirst(c.summary))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprint(w, "\nFlags:\n")
	for _, names := range flagNames(fs) {
		f := fs.Lookup(names[0])
		name, usage := flag.UnquoteUsage(f)
		spelled := make([]string, len(names))
		for i, n := range names {
			spelled[i] = flagSpelling(n)
		}
		left := strings.Join(spelled, ", ")
		if name != "" {
			left += " " + name
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" {
			usage += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", left, usage)
	}
	fmt.Fprintf(tw, "  -h, --help\tshow this help\n")
	tw.Flush()
}

// flagNames lists the flags of fs, the names of one flag together: two
// names bound to one variable (-o and --output-file, --format and
// --output-format) are one flag, listed under the first name's help, the
// one-letter name first.
func flagNames(fs *flag.FlagSet) [][]string {
	var out [][]string
	at := map[uintptr]int{}
	fs.VisitAll(func(f *flag.Flag) {
		v := reflect.ValueOf(f.Value)
		if v.Kind() == reflect.Pointer {
			if i, ok := at[v.Pointer()]; ok {
				out[i] = append(out[i], f.Name)
				return
			}
			at[v.Pointer()] = len(out)
		}
		out = append(out, []string{f.Name})
	})
	for _, names := range out {
		sort.SliceStable(names, func(i, j int) bool { return len(names[i]) == 1 && len(names[j]) > 1 })
	}
	return out
}

// flagSpelling is how a flag is written: -o for one letter, --name else.
func flagSpelling(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// parseFlags parses args, allowing flags after positional arguments, and
// returns the positional ones. Errors are returned, never printed, so each
// is shown once, in the -- spelling, with a did-you-mean for a misspelled
// flag.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, &usageErr{err: flagError(fs, err), showUsage: true}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagError rewrites the flag package's messages, which spell every flag
// with one dash.
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		out := "unknown flag " + flagSpelling(name)
		if s := lint.Suggest(name, names); s != "" {
			out += "; did you mean " + flagSpelling(s) + "?"
		}
		return errors.New(out)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Errorf("flag %s needs a value", flagSpelling(name))
	}
	return err
}

// pickCommand chooses the subcommand of an invocation and the arguments
// left for it. A first argument that is neither a command nor a flag is a
// path for check only when it looks like one (as with ruff and actionlint,
// `osmosis-lint configs/x.toml` checks the file), so a mistyped command is
// a usage error with a suggestion instead of "no such file".
func pickCommand(args []string) (*command, []string, error) {
	if len(args) == 0 {
		return lookupCommand("check"), args, nil
	}
	first := args[0]
	switch first {
	case "-h", "-help", "--help":
		return lookupCommand("help"), args[1:], nil
	case "-V", "-version", "--version":
		return lookupCommand("version"), args[1:], nil
	}
	if strings.HasPrefix(first, "-") {
		return lookupCommand("check"), args, nil
	}
	if c := lookupCommand(first); c != nil {
		return c, args[1:], nil
	}
	if looksLikePath(first) {
		return lookupCommand("check"), args, nil
	}
	msg := fmt.Sprintf("unknown command %q", first)
	if s := lint.Suggest(first, commandNames()); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	} else {
		msg += " (commands: " + strings.Join(commandNames(), ", ") + "; a path to check must exist, contain a '/' or end in '.toml')"
	}
	return nil, nil, errors.New(msg)
}

// looksLikePath reports whether a first argument is meant as a path.
func looksLikePath(s string) bool {
	if strings.ContainsRune(s, '/') || strings.ContainsRune(s, os.PathSeparator) || strings.HasSuffix(s, ".toml") || s == "." || s == ".." {
		return true
	}
	_, err := disk.LstatNamed(s)
	return err == nil
}
