// Command osmosis-lint checks the TOML configs of an Osmosis workspace
// against the rules of the osmosis CLI and platform, in a terminal, a
// pre-commit hook, CI or an editor (as a language server).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// Exit codes.
const (
	exitOK     = 0 // no errors
	exitErrors = 1 // errors found
	exitUsage  = 2 // bad usage or a fatal error
)

const usage = `osmosis-lint checks Osmosis workspace configs before you submit them.

Usage:
  osmosis-lint [check] [flags] [PATH...]   lint configs (default: the workspace of the current directory)
  osmosis-lint doctor [flags] [DIR]        check the health of a workspace
  osmosis-lint lsp                         run the language server on stdio
  osmosis-lint schema KIND                 print the JSON Schema of training, eval or benchmark configs
  osmosis-lint rules [--format json]       list the rules
  osmosis-lint explain RULE                explain a rule, with examples
  osmosis-lint version                     print the version

Run 'osmosis-lint <command> -h' for the flags of a command.
Exit codes: 0 no errors, 1 errors found, 2 usage or fatal error.
`

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
	cmd := "check"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "check", "doctor", "lsp", "schema", "rules", "explain", "version", "help":
			cmd, args = args[0], args[1:]
		}
	} else if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		cmd = "help"
	} else if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		cmd = "version"
	}
	env := &cmdEnv{stdin: stdin, stdout: stdout, stderr: stderr}
	var err error
	switch cmd {
	case "check":
		code, err = runCheck(env, args)
	case "doctor":
		code, err = runDoctor(env, args)
	case "lsp":
		code, err = runLSP(env, args)
	case "schema":
		code, err = runSchema(env, args)
	case "rules":
		code, err = runRules(env, args)
	case "explain":
		code, err = runExplain(env, args)
	case "version":
		fmt.Fprintln(stdout, "osmosis-lint", version())
		return exitOK
	case "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if err != nil {
		var u *usageErr
		if errors.As(err, &u) && u.showUsage {
			fmt.Fprintf(stderr, "osmosis-lint %s: %v\n", cmd, err)
			fmt.Fprintf(stderr, "Run 'osmosis-lint %s -h' for usage.\n", cmd)
		} else if !errors.Is(err, errHelp) {
			fmt.Fprintf(stderr, "osmosis-lint: %v\n", err)
		}
		if errors.Is(err, errHelp) {
			return exitOK
		}
		return exitUsage
	}
	return code
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

// version is the module version when built by `go install`, else "devel".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "0.0.0-devel"
}
