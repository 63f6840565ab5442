package doctor

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRolloutPyproject holds what doctor says of a rollout's
// pyproject.toml: one finding a problem, at its line, none for a good one.
func TestRolloutPyproject(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // "line: substring"
	}{
		{"the server extra", `[project]
dependencies = ["osmosis-ai[server]>=0.3.7,<0.4"]
`, nil},
		{"server among other extras, spaced", `[project]
dependencies = ["osmosis-ai [ strands , Server ] >=0.3"]
`, nil},
		{"eval-run includes the server", `[project]
dependencies = ["osmosis-ai[eval-run]"]
`, nil},
		{"FastAPI and uvicorn listed on their own", `[project]
dependencies = ["osmosis-ai>=0.3", "fastapi", "uvicorn[standard]"]
`, nil},
		{"no extra", `[project]
dependencies = [
  "openai",
  "osmosis-ai>=0.3",
]
`, []string{"4: osmosis-ai is listed without its server extra (`osmosis-ai>=0.3`)"}},
		{"another extra only", `[project]
dependencies = ["osmosis-ai[harbor]"]
`, []string{"2: without its server extra"}},
		{"no osmosis-ai", `[project]
dependencies = ["openai"]
`, []string{"1: does not list osmosis-ai"}},
		{"a local SDK checkout", `[project]
dependencies = ["osmosis-ai[server]"]

[tool.uv.sources]
osmosis-ai = { path = "/home/dev/osmosis-sdk-python", editable = true }
`, []string{"5: [tool.uv.sources] `osmosis-ai` is an absolute path (`/home/dev/osmosis-sdk-python`)"}},
		{"a checkout beside the repository", `[project]
dependencies = ["osmosis-ai[server]"]

[tool.uv.sources]
osmosis-ai = [{ path = "../../../osmosis-sdk-python" }]
tools = { path = "../../packages/tools" }
`, []string{"5: [tool.uv.sources] `osmosis-ai` is a path outside the repository"}},
		{"other sources are the platform's to fetch", `[project]
dependencies = ["osmosis-ai[server]"]

[tool.uv.sources]
osmosis-ai = { git = "https://github.com/Osmosis-AI/osmosis-sdk-python", tag = "v0.3.7" }
`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			gitInit(t, ws, "https://github.com/acme/ws.git")
			// a repository as git decides it: the root is its top
			write(t, filepath.Join(ws, ".git", "HEAD"), "ref: refs/heads/main\n")
			write(t, filepath.Join(ws, ".git", "objects", "info", "packs"), "")
			write(t, filepath.Join(ws, ".git", "refs", "heads", ".keep"), "")
			full(t, ws)
			write(t, filepath.Join(ws, "rollouts", "agent", "main.py"), "pass\n")
			write(t, filepath.Join(ws, "rollouts", "agent", "pyproject.toml"), tc.src)
			rep := doctor(t, ws, Options{})
			var got []string
			for _, f := range rep.Findings {
				if f.Rule == "rollout-pyproject" {
					got = append(got, f.Message)
					if len(got) > len(tc.want) {
						t.Errorf("unexpected finding at line %d: %s", f.Line, f.Message)
						continue
					}
					w := tc.want[len(got)-1]
					line, sub, _ := strings.Cut(w, ": ")
					if !strings.Contains(f.Message, sub) || line != itoa(f.Line) {
						t.Errorf("finding at line %d: %s\nwant line %s containing %q", f.Line, f.Message, line, sub)
					}
				}
			}
			if len(got) != len(tc.want) {
				t.Errorf("%d findings %q, want %d", len(got), got, len(tc.want))
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
