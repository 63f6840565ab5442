package editors

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMissingBinaryAdviceNamesPipFirst: every integration that can find
// no osmosis-lint says how to install it, pip first (the usual way in a
// Python repository), and never `go install ...@latest` alone, which
// needs a release. Each message is read from its source, where the user
// will see it.
func TestMissingBinaryAdviceNamesPipFirst(t *testing.T) {
	for _, tc := range []struct {
		file string
		// message finds the missing-binary text in the file
		message *regexp.Regexp
	}{
		{"nvim/lua/osmosis_lint/init.lua", regexp.MustCompile(`'osmosis-lint: %s is not executable;[^']*'`)},
		{"nvim/lua/osmosis_lint/health.lua", regexp.MustCompile(`(?s)local install_advice = \{.*?\n\}`)},
		{"vscode/src/binary.ts", regexp.MustCompile("(?s)INSTALL_COMMAND = '[^']*'.*?The osmosis-lint binary was not found[^`]*`[^`]*`[^`]*")},
		{"claude-code/hooks/hooks.json", regexp.MustCompile(`"command": "[^"]*"`)},
		{"github-action/install.sh", regexp.MustCompile(`no osmosis-lint release is published yet[^"]*`)},
	} {
		data, err := os.ReadFile(filepath.FromSlash(tc.file))
		if err != nil {
			t.Fatal(err)
		}
		msg := tc.message.FindString(string(data))
		if msg == "" {
			t.Errorf("%s: the missing-binary message is not found", tc.file)
			continue
		}
		pip := strings.Index(msg, "pip install osmosis-lint")
		goInstall := strings.Index(msg, "go install")
		if pip < 0 || goInstall >= 0 && goInstall < pip {
			t.Errorf("%s: the message does not name pip first:\n%s", tc.file, msg)
		}
		if strings.Contains(msg, "@latest") {
			t.Errorf("%s: the message suggests @latest, which needs a release:\n%s", tc.file, msg)
		}
	}
}

// TestClaudeCodeHookWithoutBinary: each of the plugin's hooks, run by the shell
// with no osmosis-lint on PATH, says how to install it and exits 1 (a
// failure Claude Code shows the user, not a finding for the model).
func TestClaudeCodeHookWithoutBinary(t *testing.T) {
	sh := need(t, "sh")
	data, err := os.ReadFile(filepath.Join("claude-code", "hooks", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string }
		}
	}
	if err := json.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	for _, event := range []string{"PostToolUse", "PreToolUse"} {
		command := hooks.Hooks[event][0].Hooks[0].Command
		cmd := exec.Command(sh, "-c", command)
		cmd.Env = []string{"PATH=" + t.TempDir()}
		cmd.Stdin = strings.NewReader("{}")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err = cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "osmosis-lint is not on PATH; install it with `pip install osmosis-lint`") {
			t.Errorf("%s: exit %v, stdout %q, stderr %q", event, err, stdout.String(), stderr.String())
		}
	}
}
