package editors

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// docCommand is a shell command of a code block of one of the docs
// (docFiles): one line, or a for loop with its body.
type docCommand struct {
	file string
	line int
	text string
}

// shellWords are the first words of the lines of code blocks that are
// shell commands; other lines (output, TOML, YAML, a synopsis's
// description) are not.
var shellWords = map[string]bool{
	"osmosis-lint": true, "go": true, "pip": true, "uv": true, "uvx": true, "pipx": true, "curl": true,
	"sha256sum": true, "tar": true, "code": true, "npm": true, "npx": true, "cd": true, "git": true,
	"source": true, "python": true, "python3": true, "nvim": true, "pre-commit": true, "claude": true,
	"codex": true, "mkdir": true, "for": true, ".ci/run": true, ".ci/release": true, "export": true,
}

// docCommands extracts the shell commands of a Markdown file's code
// blocks: indented blocks and fences without a language or with sh, bash,
// shell or console.
func docCommands(t *testing.T, file string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []docCommand
	fence, shellFence := false, false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "```") {
			if !fence {
				lang := strings.TrimPrefix(trimmed, "```")
				fence, shellFence = true, lang == "" || lang == "sh" || lang == "bash" || lang == "shell" || lang == "console"
			} else {
				fence = false
			}
			continue
		}
		inBlock := fence && shellFence || !fence && strings.HasPrefix(l, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || strings.HasPrefix(lines[i-1], "    "))
		if !inBlock || trimmed == "" {
			continue
		}
		word, _, _ := strings.Cut(trimmed, " ")
		if strings.Contains(word, "=") && !strings.HasPrefix(word, "-") {
			// VAR=value command
			_, rest, _ := strings.Cut(trimmed, " ")
			word, _, _ = strings.Cut(rest, " ")
		}
		if !shellWords[word] {
			continue
		}
		c := docCommand{file: file, line: i + 1, text: trimmed}
		if word == "for" {
			for i+1 < len(lines) && strings.TrimSpace(lines[i]) != "done" {
				i++
				c.text += "\n" + strings.TrimSpace(lines[i])
			}
		}
		out = append(out, c)
	}
	return out
}

// docRun says how a command of the docs is run: where, with which exit
// status expected; and whether only the full run (not -short) runs it.
type docRun struct {
	inRepo bool // in this repository, else in a copy of the example workspace
	exit   int
	full   bool
}

// docRuns are the commands run exactly as written, with the built binary
// on PATH, offline.
var docRuns = map[string]docRun{
	"go run ./cmd/osmosis-lint check --workspace workspace/example": {inRepo: true, exit: 1, full: true},
	"CGO_ENABLED=0 go install ./cmd/osmosis-lint":                   {inRepo: true, full: true},
	"CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /tmp/osmosis-lint ./cmd/osmosis-lint && ls -l /tmp/osmosis-lint && gzip -9 -c /tmp/osmosis-lint | wc -c": {inRepo: true, full: true},
	"osmosis-lint check                  # every config of the workspace; exit 1 on errors":                                                                        {exit: 1},
	"osmosis-lint check --fix            # apply the safe fixes, report what is left":                                                                              {exit: 1},
	"osmosis-lint doctor                 # the whole workspace: scaffold, origin, rollouts, data files, skills, .env":                                              {exit: 1},
	"osmosis-lint check --workspace workspace/example             # in a terminal, from the top":                                                                   {inRepo: true, exit: 1},
	"osmosis-lint version": {},
	"source <(osmosis-lint completion bash)                        # in ~/.bashrc": {},
	"mkdir -p schemas": {},
	"for kind in training eval benchmark; do\nosmosis-lint schema \"$kind\" > \"schemas/$kind.schema.json\"\ndone": {},
	"osmosis-lint init-skill            # in the workspace":                                                        {},
}

// synopsis matches the command lines of a usage block (placeholders in
// capitals or brackets, a description after a wide gap): a form to fill
// in, not a command.
var synopsis = regexp.MustCompile(`\[[A-Za-z-]|\b(KIND|RULE|SHELL|DIR|FILE|COMMAND)\b|\S {3,}[a-zA-Z(]`)

// docSkips are the commands that cannot run here, with the reason.
var docSkips = map[string]string{
	"go test ./...": "runs every test, this one included",
	".ci/run                       # what CI runs: gofmt, vet, go test ./... and -race, editor integrations":                                     "runs every test, this one included",
	".ci/release                   # a release snapshot of HEAD in dist/ (below)":                                                                "cross-compiles every release target (minutes); .ci/run runs it",
	"CGO_ENABLED=0 go install github.com/osmosis-lint/osmosis-lint/cmd/osmosis-lint@main   # into ~/go/bin":                                      "network: the Go module proxy fetches the module",
	"git clone https://github.com/osmosis-lint/osmosis-lint && cd osmosis-lint":                                                                  "network: clones from GitHub",
	"pip install osmosis-lint          # into the project's environment":                                                                         "needs a published release (PyPI)",
	"uv tool install osmosis-lint      # or pipx install osmosis-lint: on PATH for every project":                                                "needs a published release (PyPI)",
	"uvx osmosis-lint check            # run once, without installing":                                                                           "needs a published release (PyPI)",
	"curl -fsSLO https://github.com/osmosis-lint/osmosis-lint/releases/latest/download/osmosis-lint_linux_amd64.tar.gz":                          "needs a published release (network)",
	"curl -fsSLO https://github.com/osmosis-lint/osmosis-lint/releases/latest/download/checksums.txt":                                            "needs a published release (network)",
	"sha256sum --check --ignore-missing checksums.txt":                                                                                           "checks the release files the curl lines download",
	"tar -xzf osmosis-lint_linux_amd64.tar.gz osmosis-lint && mv osmosis-lint ~/.local/bin/":                                                     "unpacks the downloaded release archive into the user's ~/.local/bin",
	"CGO_ENABLED=0 go install github.com/osmosis-lint/osmosis-lint/cmd/osmosis-lint@latest":                                                      "needs a published release (Go module proxy)",
	"source <(osmosis-lint completion zsh)                         # in ~/.zshrc, after compinit":                                                "a zsh startup line (zsh with compinit)",
	"osmosis-lint completion fish > ~/.config/fish/completions/osmosis-lint.fish":                                                                "writes into the user's fish configuration",
	"osmosis-lint completion powershell | Out-String | Invoke-Expression   # in $PROFILE":                                                        "a PowerShell line",
	"go test -run '^$' -bench . -benchmem ./schema/... ./lint/... ./lsp/... ./workspace/...":                                                     "the benchmarks take minutes",
	"go test ./...                 # every test whole":                                                                                           "runs every test, this one included",
	"go test -short ./...          # the inner loop: every package, large corpora sampled":                                                       "runs every test, this one included",
	"go test -race ./...           # under the race detector (corpora sampled: it slows parsing tenfold)":                                        "runs every test, this one included",
	"go test ./schema/toml -fuzz FuzzParse       # fuzzing (seed corpora in testdata/fuzz are replayed by go test)":                              "fuzzing runs until stopped",
	"go test -short ./cmd/internal/mcpserver ./cmd/osmosis-lint ./editors ./lint ./lint/report ./lsp ./schema ./schema/toml ./workspace -update": "rewrites the generated files (their tests check they are current; TestRegenerateCommandIsComplete that it names every package with -update)",
	"pip install osmosis-lint          # or: uv tool install osmosis-lint, pipx install osmosis-lint":                                            "needs a published release (PyPI)",
	"go install github.com/osmosis-lint/osmosis-lint/cmd/osmosis-lint@latest":                                                                    "needs a published release (Go module proxy)",
	"code --install-extension osmosis-lint-vscode-linux-x64.vsix":                                                                                "needs VS Code and a .vsix from .ci/release",
	"cd editors/vscode": "the VS Code build: npm registry and node (TestVSIX builds the package)",
	"npm ci":            "npm registry (TestVSIX builds the package)",
	"npx vsce package --no-dependencies   # compiles and bundles (esbuild), writes osmosis-lint-<version>.vsix": "node packages (TestVSIX builds the package)",
	"code --install-extension osmosis-lint-*.vsix":                                                              "needs VS Code",
	"claude plugin marketplace add osmosis-lint/osmosis-lint     # or the path of a clone":                      "needs Claude Code (the TestClaudeCode tests run it where it is installed)",
	"claude plugin install osmosis-lint@osmosis-lint":                                                           "needs Claude Code (the TestClaudeCode tests run it where it is installed)",
	"claude mcp add --scope project osmosis-lint -- osmosis-lint mcp":                                           "needs Claude Code (the TestClaudeCode tests run it where it is installed)",
}

// docFiles are the Markdown files whose commands TestDocsCommands runs:
// the README and the references beside the code they describe.
var docFiles = []string{
	"README.md",
	"editors/README.md",
	"cmd/osmosis-lint/README.md",
	"lint/README.md",
	"workspace/README.md",
	"cmd/internal/bench/README.md",
	".ci/README.md",
}

// TestDocsCommands runs the shell commands of the docs (docFiles) exactly
// as written, with the built osmosis-lint first
// on PATH, in a copy of the example workspace (or, for those written for
// the top of this repository, here), and checks their exit status. A
// command that cannot run offline is listed in docSkips with the reason;
// one in neither list fails the test, so that every command the docs show
// is run or accounted for. The Go builds run only without -short.
func TestDocsCommands(t *testing.T) {
	bash := need(t, "bash")
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []docCommand
	for _, f := range docFiles {
		cmds = append(cmds, docCommands(t, filepath.Join(repo, filepath.FromSlash(f)))...)
	}
	if len(cmds) < 20 {
		t.Fatalf("only %d commands found in the docs: the extraction is broken", len(cmds))
	}
	// one workspace for all, used in the docs' order, as a reader does
	ws := workspace(t)
	seen := map[string]bool{}
	ran := 0
	for _, c := range cmds {
		rel, _ := filepath.Rel(repo, c.file)
		where := filepath.ToSlash(rel) + ":" + strconv.Itoa(c.line)
		seen[c.text] = true
		run, runs := docRuns[c.text]
		if !runs {
			if _, skip := docSkips[c.text]; skip {
				continue
			}
			if strings.HasPrefix(c.text, "osmosis-lint ") && synopsis.MatchString(c.text) {
				continue // a usage synopsis
			}
			t.Errorf("%s: the command %q is neither run (docRuns) nor skipped with a reason (docSkips)", where, c.text)
			continue
		}
		if run.full && testing.Short() {
			continue
		}
		ran++
		t.Run(strings.ReplaceAll(where, "/", "_"), func(t *testing.T) {
			dir := repo
			if !run.inRepo {
				dir = ws
			}
			env := append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
			if !run.inRepo {
				// nothing a command writes under ~ stays; the Go commands
				// keep the home of their module and build caches
				env = append(env, "HOME="+t.TempDir())
			}
			if strings.Contains(c.text, "go install") {
				env = append(env, "GOBIN="+t.TempDir())
			}
			if strings.Contains(c.text, "-o osmosis-lint ") {
				// the binary lands in the clone, as the README says; this
				// run removes it again (and never touches one already there)
				out := filepath.Join(repo, "osmosis-lint")
				if _, err := os.Lstat(out); err == nil {
					t.Skipf("%s exists; not overwriting it", out)
				}
				t.Cleanup(func() { os.Remove(out) })
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bash, "-c", c.text)
			cmd.Dir, cmd.Env = dir, env
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatalf("%q: %v", c.text, err)
			}
			if code != run.exit {
				t.Errorf("%q in %s: exit %d, want %d\nstdout: %s\nstderr: %s", c.text, dir, code, run.exit, tail(stdout.String()), tail(stderr.String()))
			}
		})
	}
	for text := range docRuns {
		if !seen[text] {
			t.Errorf("docRuns lists %q, which the docs no longer show", text)
		}
	}
	for text := range docSkips {
		if !seen[text] {
			t.Errorf("docSkips lists %q, which the docs no longer show", text)
		}
	}
	if ran == 0 {
		t.Error("no command of the docs was run")
	}
}

// tail keeps the end of a long output.
func tail(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}
