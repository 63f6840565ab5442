package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// command is one subcommand. Its flags function defines the flags on the
// command's flag set and returns the function that runs with them parsed, so
// help and shell completion read the same flags the command parses.
type command struct {
	name string
	// args is the synopsis after the command name.
	args string
	// summary is the line `osmosis-lint --help` shows.
	summary string
	flags   func(fs *flag.FlagSet) runFunc
	// hidden commands run but are not listed (machine-facing entry points).
	hidden bool
	// values lists the words its arguments take, for shell completion
	// (nil: file names; an empty list: none).
	values func() []string
	// errorExit is the exit code of an error (0: exitUsage). A coding
	// agent's hook reads exit 2 as a finding for the model, so the hook's
	// own failures exit 1, which the agent shows the user.
	errorExit int
}

// runFunc runs a command with its positional arguments.
type runFunc func(env *cmdEnv, args []string) (int, error)

// commands are the subcommands in the order help lists them. A new
// subcommand is one line here, with its flags function in its own file.
// (Set in init because help reads the table.)
var commands []*command

func init() {
	commands = []*command{
		{name: "check", args: "[flags] [PATH...]", summary: "lint configs (default: the workspace of the current directory)", flags: checkCommand},
		{name: "doctor", args: "[flags] [DIR]", summary: "check the health of a workspace", flags: doctorCommand},
		{name: "lsp", args: "[flags]", summary: "run the language server on stdio", flags: lspCommand, values: none},
		{name: "schema", args: "KIND", summary: "print the JSON Schema of training, eval or benchmark configs", flags: schemaCommand, values: kindNames},
		{name: "rules", args: "[--format text|json]", summary: "list the rules", flags: rulesCommand, values: none},
		{name: "explain", args: "RULE", summary: "explain a rule, with examples", flags: explainCommand, values: lint.RuleIDs},
		{name: "hook", args: "claude-code|codex", summary: "a coding agent's hook: findings of an edited config, or of one about to be submitted, for the model", flags: hookCommand, errorExit: exitErrors, values: func() []string { return hookAgents }},
		{name: "mcp", args: "[--workspace DIR]", summary: "run the MCP server on stdio (tools check, doctor, explain, rules, schema, fix)", flags: mcpCommand, values: none},
		{name: "init-skill", args: "[--workspace DIR] [DIR]", summary: "install the osmosis-lint agent skill into the workspace (.agents/skills, .claude/skills)", flags: initSkillCommand},
		{name: "version", args: "", summary: "print the version", flags: versionCommand, values: none},
		{name: "completion", args: "bash|zsh|fish|powershell", summary: "print a shell completion script", flags: completionCommand, values: shellNames},
		{name: "help", args: "[COMMAND]", summary: "show help for osmosis-lint or one command", flags: helpCommand, values: commandNames},
	}
}

func none() []string { return []string{} }

func kindNames() []string { return []string{"training", "eval", "benchmark"} }

// lookupCommand finds a subcommand by name.
func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// commandNames lists the subcommands that help shows.
func commandNames() []string {
	var out []string
	for _, c := range commands {
		if !c.hidden {
			out = append(out, c.name)
		}
	}
	return out
}

func versionCommand(*flag.FlagSet) runFunc {
	return func(env *cmdEnv, pos []string) (int, error) {
		if len(pos) > 0 {
			return 0, &usageErr{err: errors.New("version takes no arguments"), showUsage: true}
		}
		fmt.Fprintln(env.stdout, "osmosis-lint", version())
		return exitOK, nil
	}
}

func helpCommand(*flag.FlagSet) runFunc {
	return func(env *cmdEnv, pos []string) (int, error) {
		switch len(pos) {
		case 0:
			writeUsage(env.stdout)
			return exitOK, nil
		case 1:
			c := lookupCommand(pos[0])
			if c == nil {
				msg := fmt.Sprintf("unknown command %q", pos[0])
				if s := lint.Suggest(pos[0], commandNames()); s != "" {
					msg += fmt.Sprintf("; did you mean %q?", s)
				}
				return 0, &usageErr{err: errors.New(msg), showUsage: true}
			}
			fs := newFlagSet(c)
			c.flags(fs)
			writeCommandHelp(env.stdout, c, fs)
			return exitOK, nil
		}
		return 0, &usageErr{err: errors.New("help takes at most one command"), showUsage: true}
	}
}
