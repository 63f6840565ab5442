package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/cmd/internal/agenthook"
	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// maxHookInput bounds the hook payload read from standard input (a Write
// call carries the whole file).
const maxHookInput = 64 << 20

// hookAgents are the coding agents whose PostToolUse payload the hook reads.
var hookAgents = []string{"claude-code", "codex"}

// hookCommand runs as a PostToolUse command hook of a coding agent: it
// reads the tool call as JSON on standard input and, when the call wrote a
// workspace config (or a file of a rollout, or the settings), prints the
// findings for the model: {"decision":"block","reason":...} for errors,
// additionalContext for warnings, nothing when there is nothing to say.
// As a PreToolUse hook on Bash it reads a command that submits configs
// (`osmosis train submit CONFIG`) and answers before it runs: a deny with
// the findings for errors, additionalContext for warnings alone.
// Its own failures exit 1 (the command's errorExit), never 2.
func hookCommand(*flag.FlagSet) runFunc {
	return runHook
}

func runHook(env *cmdEnv, pos []string) (code int, err error) {
	defer func() {
		if r := recover(); r != nil {
			code, err = 0, fmt.Errorf("hook: internal error: %v\n%s", r, debug.Stack())
		}
	}()
	switch {
	case len(pos) == 0:
		return 0, &usageErr{err: errors.New("name the agent: " + strings.Join(hookAgents, " or ")), showUsage: true}
	case len(pos) > 1:
		return 0, &usageErr{err: fmt.Errorf("hook takes one agent, not %d arguments: %s", len(pos), strings.Join(hookAgents, " or ")), showUsage: true}
	case !slices.Contains(hookAgents, pos[0]):
		msg := fmt.Sprintf("unknown agent %q: the known agents are %s", pos[0], strings.Join(hookAgents, " and "))
		if s := lint.Suggest(pos[0], hookAgents); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return 0, &usageErr{err: errors.New(msg + " (other agents: `osmosis-lint mcp`, or the language server)"), showUsage: true}
	}
	input, err := io.ReadAll(io.LimitReader(env.stdin, maxHookInput+1))
	if err != nil {
		return 0, fmt.Errorf("hook: read standard input: %w", err)
	}
	if len(input) > maxHookInput {
		return 0, fmt.Errorf("hook: the hook input is larger than %d MiB", maxHookInput>>20)
	}
	home, _ := os.UserHomeDir()
	out, err := agenthook.Run(input, agenthook.Options{ProjectDir: os.Getenv("CLAUDE_PROJECT_DIR"), Home: home})
	if err != nil {
		return 0, fmt.Errorf("hook: %w", err)
	}
	if err := writeHookOutput(env.stdout, out); err != nil {
		return 0, fmt.Errorf("hook: write the hook output: %w", err)
	}
	return exitOK, nil
}

// hookOutput is the JSON a PostToolUse hook prints on exit 0.
type hookOutput struct {
	Decision string          `json:"decision,omitempty"`
	Reason   string          `json:"reason,omitempty"`
	Specific *hookSpecOutput `json:"hookSpecificOutput,omitempty"`
}

type hookSpecOutput struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// writeHookOutput prints nothing for an empty outcome, a block with the
// reason for errors, and additional context for the rest.
//
// Before a submit (a PreToolUse hook on Bash) errors deny the command, the
// findings being the reason Claude sees, and warnings alone are
// additionalContext, which Claude Code adds to the model's context before
// the command runs without denying it or asking the user.
func writeHookOutput(w io.Writer, out agenthook.Outcome) error {
	var o hookOutput
	switch {
	case out.BeforeSubmit && out.Block != "":
		reason := out.Block
		if out.Context != "" {
			reason += "\n" + out.Context
		}
		o.Specific = &hookSpecOutput{HookEventName: "PreToolUse", PermissionDecision: "deny", PermissionDecisionReason: reason}
	case out.BeforeSubmit && out.Context != "":
		o.Specific = &hookSpecOutput{HookEventName: "PreToolUse", AdditionalContext: out.Context}
	case out.BeforeSubmit:
		return nil
	case out.Block != "":
		o.Decision, o.Reason = "block", out.Block
		if out.Context != "" {
			o.Reason += "\n" + out.Context
		}
	case out.Context != "":
		o.Specific = &hookSpecOutput{HookEventName: "PostToolUse", AdditionalContext: out.Context}
	default:
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(o); err != nil {
		return err
	}
	// control and bidirectional characters as \u escapes, as in every
	// JSON the tool writes
	_, err := w.Write(escape.JSONText(b.Bytes()))
	return err
}
