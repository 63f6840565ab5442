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
		fmt.Fprintf(env.stderr, "osmosis-lint: %s\n", escape.Lines(err.Error()))
	}
	if c.errorExit != 0 {
		return c.errorExit
	}
	return exitUsage
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
