package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint/textdiff"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// ruleCase is one table case of a rule test: a config, and the findings of
// the rule under test it must give, each written
// "line:col-endline:endcol rule key" with 1-based rune columns (end
// exclusive) as the text shows them. An empty want means the rule must stay
// quiet.
type ruleCase struct {
	name string
	// kind defaults to training.
	kind schema.Kind
	src  string
	want []string
	// msg, when set, holds a substring each finding's message must contain,
	// in the order of want.
	msg []string
	// ws, when set, is a workspace built in a temporary directory (with a
	// .git directory) around the config; see writeTree for the entries.
	ws tree
	// path is the config's place in the workspace; default
	// configs/<kind>/run.toml.
	path string
	// listed checks the config as one of its workspace's (Input.Listed).
	listed bool
}

// tree lists workspace entries: a key ending in "/" is a directory, a value
// starting with "->" a symlink to the rest, anything else a file with that
// content.
type tree map[string]string

// absent, as the value of a required directory ("data/"), leaves it out of
// the workspace newWorkspace builds.
const absent = "\x00absent"

// formatFinding writes a finding as the cases do. The key is quoted when it
// is empty or holds characters a reader could not see.
func formatFinding(f Finding) string {
	key := f.Key
	if key == "" || strings.ContainsFunc(key, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		key = strconv.Quote(key)
	}
	return fmt.Sprintf("%d:%d-%d:%d %s %s", f.Line, f.Column, f.EndLine, f.EndColumn, f.Rule, key)
}

func (c ruleCase) kindOrDefault() schema.Kind {
	if c.kind == "" {
		return schema.Training
	}
	return c.kind
}

// input builds the check input of a case: alone, or inside its workspace.
func (c ruleCase) input(t testing.TB) Input {
	t.Helper()
	kind := c.kindOrDefault()
	rel := c.path
	if rel == "" {
		rel = "configs/" + string(kind) + "/run.toml"
	}
	in := Input{Path: rel, Kind: kind, Listed: c.listed}
	if c.ws == nil {
		return in
	}
	root := newWorkspace(t, c.ws)
	abs := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Lstat(abs); os.IsNotExist(err) {
		writeTree(t, root, tree{rel: c.src})
	}
	snap, err := workspace.Load(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range snap.Problems() {
		if p.Source == workspace.ProblemSettings || p.Source == workspace.ProblemDatasetsFile || p.Source == workspace.ProblemModelListFile || p.Source == workspace.ProblemSecretListFile {
			t.Fatalf("workspace problem: %v", p.Error())
		}
	}
	st := snap.Settings()
	settings, err := NewSettings(st.Ignore, st.Severity)
	if err != nil {
		t.Fatal(err)
	}
	in.Env = NewEnv(snap, abs)
	in.Settings = settings
	return in
}

// runRuleCases checks each case's findings of rule. A table must hold at
// least one case where the rule fires and one where it stays quiet.
func runRuleCases(t *testing.T, rule string, cases []ruleCase) {
	t.Helper()
	r, ok := Lookup(rule)
	if !ok {
		t.Fatalf("no rule %q in the catalog", rule)
	}
	fires, quiet := false, false
	for _, c := range cases {
		if len(c.want) > 0 {
			fires = true
		} else {
			quiet = true
		}
	}
	if !fires || !quiet {
		t.Errorf("%s: the table needs a case that fires and a case that stays quiet", rule)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := c.input(t)
			all := Check([]byte(c.src), in)
			var got []string
			var mine []Finding
			for _, f := range all {
				if f.Rule != rule {
					continue
				}
				mine = append(mine, f)
				got = append(got, formatFinding(f))
				checkFixable(t, f)
				if in.Settings == nil || len(in.Settings.Severity) == 0 {
					// a superseding or folding finding can take an earlier
					// stage and a higher severity from the findings it
					// stands for
					folded := (r.Supersedes || r.Folds != "") && stageRank(f.Stage) <= stageRank(r.Stage) && f.Severity.Rank() >= r.Severity.Rank()
					if !folded && (f.Severity != r.Severity || f.Stage != r.Stage) {
						t.Errorf("%s: severity %s, stage %s; the catalog says %s, %s", formatFinding(f), f.Severity, f.Stage, r.Severity, r.Stage)
					}
				}
				if strings.TrimSpace(f.Message) == "" {
					t.Errorf("%s: empty message", formatFinding(f))
				}
			}
			if d := diffLines(c.want, got); d != "" {
				t.Errorf("findings of %s differ (-want +got):\n%s\nall findings:\n%s\nsource:\n%s", rule, d, describeFindings(all), numbered(c.src))
				return
			}
			for i, sub := range c.msg {
				if i < len(mine) && sub != "" && !strings.Contains(mine[i].Message, sub) {
					t.Errorf("%s: message %q does not contain %q", got[i], mine[i].Message, sub)
				}
			}
		})
	}
}

// diffLines shows the lines missing from got (-) and the unexpected ones
// (+), or "" when both hold the same lines in the same order.
func diffLines(want, got []string) string {
	if strings.Join(want, "\n") == strings.Join(got, "\n") && len(want) == len(got) {
		return ""
	}
	var b strings.Builder
	for _, o := range textdiff.Script(want, got) {
		b.WriteString(string(o.Kind) + " " + o.Line + "\n")
	}
	return b.String()
}

func describeFindings(fs []Finding) string {
	if len(fs) == 0 {
		return "  (none)"
	}
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + formatFinding(f) + ": " + f.Message + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func numbered(src string) string {
	lines := strings.Split(src, "\n")
	var b strings.Builder
	for i, l := range lines {
		if i == len(lines)-1 && l == "" {
			break
		}
		fmt.Fprintf(&b, "%4d | %s\n", i+1, l)
	}
	return b.String()
}

// writeTree creates the entries under dir, parents first.
func writeTree(t testing.TB, dir string, entries tree) {
	t.Helper()
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := entries[k]
		p := filepath.Join(dir, filepath.FromSlash(k))
		if strings.HasSuffix(k, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(v, "->"); ok {
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newWorkspace makes a workspace root (with a .git directory and the
// scaffold directories) inside a fresh temporary directory, so entries
// such as "../outside/x.py" land next to the root, for symlinks that leave
// it.
func newWorkspace(t testing.TB, entries tree) string {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "ws")
	all := tree{".git/": "", "rollouts/": "", "configs/training/": "", "configs/eval/": "", "data/": ""}
	for k, v := range entries {
		all[k] = v
		if v == absent {
			delete(all, k)
		}
	}
	writeTree(t, root, all)
	return root
}

// goodTraining is a training config every rule accepts (without a
// workspace).
const goodTraining = `[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "multiply"
`

// goodEval is an eval config every rule accepts (without a workspace).
const goodEval = evalHead + "\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n"

// evalHead is goodEval's [experiment]: an eval config with another
// [secrets] is evalHead + "\n" + its [secrets].
const evalHead = `[experiment]
rollout = "multiply-agent"
entrypoint = "main.py"
model_path = "openai/gpt-5-mini"
dataset = "multiply"
`

// goodBenchmark is a benchmark config every rule accepts.
const goodBenchmark = `[experiment]
benchmark = "terminal-bench"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
`

// rolloutWS is a workspace with one rollout and its eval config.
var rolloutWS = tree{
	"configs/eval/multiply-agent.toml":       goodEval,
	"rollouts/multiply-agent/main.py":        "# agent\n",
	"rollouts/multiply-agent/pyproject.toml": "[project]\nname = \"multiply-agent\"\n",
	"data/multiply.jsonl":                    "{\"user_prompt\": \"1*2\", \"system_prompt\": \"s\", \"ground_truth\": \"2\"}\n",
}

// withWS returns rolloutWS plus extra entries.
func withWS(extra tree) tree {
	out := tree{}
	for k, v := range rolloutWS {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// TestGoodConfigsAreQuiet checks the base configs the rule tables start
// from: they must give no finding at all, or a case could pass for the
// wrong reason.
func TestGoodConfigsAreQuiet(t *testing.T) {
	for _, c := range []ruleCase{
		{name: "training", src: goodTraining},
		{name: "eval", kind: schema.Eval, src: goodEval},
		{name: "benchmark", kind: schema.Benchmark, src: goodBenchmark},
		{name: "training in workspace", src: goodTraining, ws: rolloutWS},
		{name: "eval in workspace", kind: schema.Eval, src: goodEval, ws: rolloutWS},
	} {
		t.Run(c.name, func(t *testing.T) {
			if fs := Check([]byte(c.src), c.input(t)); len(fs) > 0 {
				t.Errorf("findings on a good config:\n%s", describeFindings(fs))
			}
		})
	}
}

// TestEveryRuleHasATable checks that each rule `check` runs has a table of
// cases in a rule_*_test.go file.
func TestEveryRuleHasATable(t *testing.T) {
	files, err := filepath.Glob("rule_*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	for _, r := range Rules() {
		if r.Doctor || r.Unread {
			continue
		}
		// the sync rules' tables build git repositories (runSyncCases)
		if !strings.Contains(all.String(), "runRuleCases(t, \""+r.ID+"\"") && !strings.Contains(all.String(), "runSyncCases(t, \""+r.ID+"\"") {
			t.Errorf("rule %s has no table of cases (runRuleCases) in a rule_*_test.go file", r.ID)
		}
	}
}
