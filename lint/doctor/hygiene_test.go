package doctor

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/gittest"
)

func TestLocalStateTracked(t *testing.T) {
	gittest.Bin(t)
	ws := t.TempDir()
	run := func(args ...string) { t.Helper(); gittest.Run(t, ws, args...) }
	run("init", "-q")
	full(t, ws)
	// the template's own files under .osmosis/ are tracked on purpose
	write(t, filepath.Join(ws, ".osmosis", "project.toml"), "x = 1\n")
	write(t, filepath.Join(ws, ".osmosis", "template.json"), "{}\n")
	write(t, filepath.Join(ws, "rollouts", "calc", "main.py"), "pass\n")
	run("add", "-A")
	rep := doctor(t, ws, Options{})
	if got := status(rep, "local-state-tracked"); !slices.Equal(got, []Status{OK}) {
		t.Fatalf("the template's files: %v", got)
	}
	for i := range 7 {
		write(t, filepath.Join(ws, ".osmosis", "evals", "run"+string(rune('a'+i)), "logs.txt"), "log\n")
	}
	write(t, filepath.Join(ws, "rollouts", "calc", ".venv", "bin", "python"), "#!\n")
	write(t, filepath.Join(ws, "rollouts", "calc", ".venv", "pyvenv.cfg"), "home = /usr\n")
	write(t, filepath.Join(ws, "rollouts", "calc", "venv.py"), "pass\n") // not a .venv
	run("add", "-A")
	rep = doctor(t, ws, Options{})
	var msgs []string
	for _, c := range rep.Checks {
		if c.ID == "local-state-tracked" {
			if c.Status != Warn {
				t.Errorf("status %v: %s", c.Status, c.Message)
			}
			msgs = append(msgs, c.Message)
		}
	}
	want := []string{
		"7 files under .osmosis/ tracked by git (.osmosis/evals/runa/logs.txt, .osmosis/evals/runb/logs.txt, .osmosis/evals/runc/logs.txt, .osmosis/evals/rund/logs.txt, .osmosis/evals/rune/logs.txt, and 2 more)",
		"2 files of a rollout's virtual environment tracked by git (rollouts/calc/.venv)",
	}
	if len(msgs) != len(want) {
		t.Fatalf("checks %q", msgs)
	}
	for i, w := range want {
		if !strings.HasPrefix(msgs[i], w) {
			t.Errorf("check %d: %q\nwant prefix %q", i, msgs[i], w)
		}
	}
	// untracked again: fine, though the files are still there
	run("rm", "-r", "-q", "--cached", ".osmosis/evals", "rollouts/calc/.venv")
	if got := status(doctor(t, ws, Options{}), "local-state-tracked"); !slices.Equal(got, []Status{OK}) {
		t.Errorf("after git rm --cached: %v", got)
	}
}

func TestEnvExampleCredential(t *testing.T) {
	key := "sk-proj-" + strings.Repeat("Q7vXk2LmN9pR4sT8wYb3", 2)
	for _, tc := range []struct {
		name, src string
		want      []int // lines reported
	}{
		{"empty values and placeholders", "OPENAI_API_KEY=\nANTHROPIC_API_KEY=your-key-here\nLOG_LEVEL=INFO\n", nil},
		{"a real key", "# keys\nLOG_LEVEL=INFO\nOPENAI_API_KEY=" + key + "\n", []int{3}},
		{"quoted and exported", "export OPENAI_API_KEY=\"" + key + "\"\n", []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			gitInit(t, ws, "")
			full(t, ws)
			write(t, filepath.Join(ws, ".env.example"), tc.src)
			rep := doctor(t, ws, Options{})
			var lines []int
			for _, f := range rep.Findings {
				if f.Rule != "env-example-credential" {
					continue
				}
				lines = append(lines, f.Line)
				if strings.Contains(f.Message, key[8:]) {
					t.Errorf("the key is printed: %s", f.Message)
				}
			}
			if !slices.Equal(lines, tc.want) {
				t.Errorf("lines %v, want %v", lines, tc.want)
			}
			wantStatus := []Status{OK}
			if len(tc.want) > 0 {
				wantStatus = []Status{Fail}
			}
			if got := status(rep, "env-example-credential"); !slices.Equal(got, wantStatus) {
				t.Errorf("checks %v, want %v", got, wantStatus)
			}
		})
	}
}

// TestFixRenamesDataFiles: doctor --fix gives a data file the upload
// refuses only for its name the name it takes, never over a taken one,
// and leaves a guess from the content (a .txt of JSON lines) and a link
// to the user.
func TestFixRenamesDataFiles(t *testing.T) {
	ws := t.TempDir()
	gitInit(t, ws, "")
	full(t, ws)
	rows := "{\"user_prompt\": \"1*2\", \"ground_truth\": \"2\"}\n"
	rows = strings.Repeat(rows, 4)
	write(t, filepath.Join(ws, "data", "train.ndjson"), rows)
	write(t, filepath.Join(ws, "data", "eval.jsonl "), rows)
	write(t, filepath.Join(ws, "data", "a.pq"), "x")
	write(t, filepath.Join(ws, "data", "a.parquet"), "taken")
	write(t, filepath.Join(ws, "data", "notes.txt"), rows)
	rep := doctor(t, ws, Options{Fix: true})
	want := []string{
		"renamed data/eval.jsonl  to data/eval.jsonl (a name the upload takes)",
		"renamed data/train.ndjson to data/train.jsonl (a name the upload takes)",
	}
	var got []string
	for _, f := range rep.Fixed {
		if strings.HasPrefix(f, "renamed ") {
			got = append(got, f)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("fixed %q\nwant %q", got, want)
	}
	for name, want := range map[string]string{"train.jsonl": rows, "eval.jsonl": rows, "a.pq": "x", "a.parquet": "taken", "notes.txt": rows} {
		data, err := os.ReadFile(filepath.Join(ws, "data", name))
		if err != nil || string(data) != want {
			t.Errorf("data/%s: %q, %v", name, data, err)
		}
	}
	// what is left is advice only for what was left
	var advice []string
	for _, c := range rep.Checks {
		if c.ID == "dataset-file" && c.Status == Warn {
			advice = append(advice, c.Path)
		}
	}
	slices.Sort(advice)
	if !slices.Equal(advice, []string{"data/a.pq", "data/notes.txt"}) {
		t.Errorf("advice after the fix on %q", advice)
	}
}
