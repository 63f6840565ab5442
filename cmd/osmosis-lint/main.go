// Command osmosis-lint checks the TOML configs of an Osmosis workspace
// against the rules of the osmosis CLI and platform, in a terminal, a
// pre-commit hook, CI or an editor (as a language server).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	buildversion "github.com/osmosis-lint/osmosis-lint/lint/version"
)

// Exit codes.
const (
	exitOK     = 0 // no errors
	exitErrors = 1 // errors found
	exitUsage  = 2 // bad usage or a fatal error
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one invocation and returns its exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	// what goes to standard error is text for a person, whatever the
	// command (an internal error's too): it passes through escape.Terminal
	errw := escape.NewTerminal(stderr)
	defer errw.Flush()
	stderr = errw
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "osmosis-lint: internal error: %v\n%s\nPlease report this with the file that caused it.\n", r, debug.Stack())
			code = exitUsage
		}
	}()
	env := &cmdEnv{stdin: stdin, stdout: stdout, stderr: stderr}
	c, rest, err := pickCommand(args)
	if err != nil {
		fmt.Fprintf(stderr, "osmosis-lint: %s\nRun 'osmosis-lint --help' for usage.\n", escape.String(err.Error()))
		return exitUsage
	}
	return c.invoke(env, rest)
}

// invoke parses the command's flags and runs it. Help goes to standard
// output (exit 0); every error is printed once, on standard error (exit 2).
func (c *command) invoke(env *cmdEnv, args []string) int {
	fs := newFlagSet(c)
	runner := c.flags(fs)
	pos, err := parseFlags(fs, args)
	if errors.Is(err, errHelp) {
		writeCommandHelp(env.stdout, c, fs)
		return exitOK
	}
	code := exitOK
	if err == nil {
		code, err = runner(env, pos)
	}
	if err == nil {
		return code
	}
	if errors.Is(err, errHelp) {
		return exitOK
	}
	var u *usageErr
	if errors.As(err, &u) && u.showUsage {
		fmt.Fprintf(env.stderr, "osmosis-lint %s: %s\n", c.name, escape.String(err.Error()))
		fmt.Fprintf(env.stderr, "Run 'osmosis-lint %s --help' for usage.\n", c.name)
	} else {
		// one problem a line (settings problems come several), each said
		// to come from osmosis-lint
		for _, line := range strings.Split(escape.Lines(err.Error()), "\n") {
			fmt.Fprintf(env.stderr, "osmosis-lint: %s\n", line)
		}
	}
	if c.errorExit != 0 {
		return c.errorExit
	}
	return exitUsage
}

// batchGC lets the heap of a one-shot check grow to three times what is
// live before it is collected, not twice: such a run keeps little (each
// file's tree is dropped once checked) and allocates much, and at Go's
// default the collector took a third of its processor time. With this, a
// check of 10,000 configs costs about a tenth less processor time and a
// third more peak memory (55 MB for 5 MB of configs), within the bound of
// ten times the input. A GOGC the user set is kept; the language server,
// watch and doctor keep the default.
func batchGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(200)
	}
}

// newFlagSet makes a command's flag set; it prints nothing, so that invoke
// reports each error once.
func newFlagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

type cmdEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// usageErr is a bad invocation.
type usageErr struct {
	err       error
	showUsage bool
}

func (e *usageErr) Error() string { return e.err.Error() }
func (e *usageErr) Unwrap() error { return e.err }

var errHelp = errors.New("help requested")

// version describes this build: semver, commit and date, as every surface
// (version, serverInfo, SARIF) reports it.
func version() string { return buildversion.String() }
