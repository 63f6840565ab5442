package lint

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// The documented examples (`explain`, RULES.md) are fragments of configs.
// A line `# ...` stands for the rest of a valid config: inside a section it
// means the section's other required keys, before the first section the
// other required sections. A leading comment `# configs/<dir>/<name>.toml`
// places the example there, and `# <path> -> <target>` makes <path> a
// symlink. The example workspace holds the rollout my-agent with main.py,
// run.sh, broken.py (it does not compile), agent.py (it imports from
// helpers.py a name helpers.py does not define), helpers.py, main.pyc
// (source text, not bytecode) and tools.py (it imports a module the
// rollout does not have, then a name helpers.py does not define), the
// rollout sdk-agent, which requires osmosis-ai>=0.3.0 (main.py uses the
// SDK as 0.3 has it; legacy.py, deferred.py, reward.py and serve.py as
// sdk-import, sdk-import-deferred, sdk-removed-method and sdk-extra
// report), and a dataset list in which multiply and my-dataset are uploaded and
// still-processing is not. An example is checked as one of the
// workspace's configs (Input.Listed), as CI checks it.

// exampleBase is, per kind, a valid config the fragments are completed
// from, one top-level section a block.
var exampleBase = map[schema.Kind][]string{
	schema.Training: {
		"[experiment]\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
	},
	schema.Eval: {
		"[experiment]\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n",
		"[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
	},
	schema.Benchmark: {
		"[experiment]\nbenchmark = \"terminal-bench\"\n",
		"[[agents]]\nharness = \"codex\"\n\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"OPENAI_API_KEY\"\n",
	},
}

var exampleTree = tree{
	"rollouts/my-agent/main.py":         "# agent\n",
	"rollouts/my-agent/run.sh":          "#!/bin/sh\n",
	"rollouts/my-agent/broken.py":       "def run(:\n    pass\n",
	"rollouts/my-agent/agent.py":        "from helpers import parse_answer\n",
	"rollouts/my-agent/helpers.py":      "def normalize(text):\n    return text.strip()\n",
	"rollouts/my-agent/main.pyc":        "# agent\n",
	"rollouts/my-agent/tools.py":        "from .search import run\nfrom helpers import parse_answer\n",
	"rollouts/my-agent/pyproject.toml":  "[project]\nname = \"my-agent\"\ndependencies = [\"osmosis-ai\"]\n",
	"rollouts/sdk-agent/pyproject.toml": "[project]\nname = \"sdk-agent\"\ndependencies = [\"osmosis-ai>=0.3.0\"]\n",
	"rollouts/sdk-agent/main.py":        "from osmosis_ai.rollout import AgentWorkflow, get_rollout_context\n\n\ndef reward(value):\n    get_rollout_context().set_reward(value)\n",
	"rollouts/sdk-agent/legacy.py":      "from osmosis_ai.rollout.trajectory import save_trajectories\n",
	"rollouts/sdk-agent/deferred.py":    "def check(backend):\n    from osmosis_ai.rollout.validator import validate_backend\n    return validate_backend(backend)\n",
	"rollouts/sdk-agent/reward.py":      "from osmosis_ai.rollout import AgentWorkflowContext\n\n\ndef finish(ctx: AgentWorkflowContext):\n    ctx.set_sample_reward(1.0)\n",
	"rollouts/sdk-agent/serve.py":       "from osmosis_ai.rollout.server import create_rollout_server\n",
	"data/multiply.jsonl":               "{\"user_prompt\": \"1*2\", \"system_prompt\": \"s\", \"ground_truth\": \"2\"}\n",
	"pyproject.toml":                    "[tool.osmosis-lint]\ndatasets = \"datasets.json\"\nsecret-list = \"secrets.json\"\n",
	"secrets.json":                      `{"schema_version": 1, "items": [{"name": "OPENAI_API_KEY", "scope": "workspace"}]}`,
	"datasets.json": `{"items": [
		{"file_name": "multiply", "status": "uploaded", "row_count": 120},
		{"file_name": "my-dataset", "status": "uploaded"},
		{"file_name": "still-processing", "status": "processing"}
	]}`,
}

// completeExample expands the `# ...` lines of a fragment from the base
// config of its kind.
func completeExample(kind schema.Kind, frag string) string {
	doc := toml.Parse([]byte(frag))
	var out []string
	header, topFill := "", false
	for _, line := range strings.SplitAfter(frag, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "[") {
			header = trimmed
		}
		out = append(out, line)
		if trimmed != "# ..." {
			continue
		}
		if header == "" {
			topFill = true
			continue
		}
		// the section's own keys that the fragment leaves out
		path := strings.Split(strings.Trim(header, "[]"), ".")
		for _, block := range exampleBase[kind] {
			in := ""
			for _, l := range strings.SplitAfter(block, "\n") {
				t := strings.TrimSpace(l)
				switch {
				case strings.HasPrefix(t, "["):
					in = strings.Trim(t, "[]")
				case in == strings.Join(path, ".") && strings.Contains(t, "="):
					key := strings.TrimSpace(t[:strings.Index(t, "=")])
					if e, _ := doc.Root.Lookup(append(append([]string(nil), path...), key)...); e == nil {
						out = append(out, l)
					}
				}
			}
		}
	}
	text := strings.Join(out, "")
	if topFill {
		for _, block := range exampleBase[kind] {
			name := strings.Trim(strings.SplitN(block, "\n", 2)[0], "[]")
			if e, _ := doc.Root.Lookup(name); e == nil {
				if !strings.HasSuffix(text, "\n") {
					text += "\n"
				}
				text += "\n" + block
			}
		}
	}
	return text
}

// exampleInput places a completed example in a fresh example workspace.
func exampleInput(t *testing.T, kind schema.Kind, src string) Input {
	t.Helper()
	c := ruleCase{kind: kind, src: src, ws: tree{}}
	for k, v := range exampleTree {
		c.ws[k] = v
	}
	for _, line := range strings.Split(src, "\n") {
		comment, ok := strings.CutPrefix(line, "# ")
		if !ok {
			break
		}
		if from, to, ok := strings.Cut(comment, " -> "); ok {
			delete(c.ws, from+"/")
			for k := range c.ws {
				if strings.HasPrefix(k, from+"/") {
					delete(c.ws, k)
				}
			}
			c.ws[from] = "->" + to
		} else if strings.HasPrefix(comment, "configs/") && strings.HasSuffix(comment, ".toml") {
			c.path = comment
		}
	}
	in := c.input(t)
	in.Listed = true
	return in
}

// TestCatalogExamples runs every documented example: the bad one gives a
// finding of its rule and no error of another rule, the good one gives no
// finding of its rule and no error at all.
func TestCatalogExamples(t *testing.T) {
	t.Parallel()
	for _, r := range Rules() {
		if r.Doctor || r.Unread {
			// a doctor check, or a finding on a file that is not read
			if r.Bad != "" || r.Good != "" {
				t.Errorf("%s: a rule without a check has no config examples", r.ID)
			}
			if len(r.Keys) > 0 {
				t.Errorf("%s: a rule without a check names no keys", r.ID)
			}
			continue
		}
		switch r.ID {
		case RuleWorkspaceScaffold, RuleWorkspaceGit, RuleOriginRemote, RuleEnvPlatformURL, RuleEnvLinkOut, RulePyprojectEncoding, RuleWorkspaceLinkOut:
			// about the workspace (directories, git, .env), not the config's text: its table shows it
			if len(r.Keys) > 0 {
				t.Errorf("%s: names keys, but no example shows it judging them", r.ID)
			}
			continue
		}
		if r.Stage == StageSync {
			continue // about a git repository's state: TestSyncExamples runs them in one
		}
		t.Run(r.ID, func(t *testing.T) {
			if r.Bad == "" || r.Good == "" {
				t.Fatal("a config rule documents a bad and a good example")
			}
			kind := schema.Training
			if len(r.Kinds) > 0 {
				kind = schema.Kind(r.Kinds[0])
			}
			for _, ex := range []struct {
				name string
				src  string
				bad  bool
			}{{"bad", r.Bad, true}, {"good", r.Good, false}} {
				src := completeExample(kind, ex.src)
				in := exampleInput(t, kind, src)
				fs := Check([]byte(src), in)
				fired := false
				var mine []Finding
				for _, f := range fs {
					switch {
					case f.Rule == r.ID:
						fired = true
						mine = append(mine, f)
					case f.IsError():
						t.Errorf("%s example: unrelated error %s: %s", ex.name, formatFinding(f), f.Message)
					}
				}
				if fired != ex.bad {
					t.Errorf("%s example: %s fired = %v\nfindings:\n%s\nsource (%s):\n%s", ex.name, r.ID, fired,
						describeFindings(fs), filepath.ToSlash(in.Path), numbered(src))
				}
				if ex.bad {
					checkNamedKeys(t, r, mine)
				}
			}
		})
	}
}

// checkNamedKeys holds a rule's Keys to what it judges: a finding of its
// bad example sits on one of the keys it names, and each key it names is a
// key of a kind it applies to.
func checkNamedKeys(t *testing.T, r *Rule, fs []Finding) {
	t.Helper()
	if len(r.Keys) == 0 {
		return
	}
	for _, k := range r.Keys {
		kinds := r.Kinds
		if len(kinds) == 0 {
			kinds = []string{string(schema.Training), string(schema.Eval), string(schema.Benchmark)}
		}
		for _, kind := range kinds {
			if schema.For(schema.Kind(kind)).Lookup(strings.Split(k, "."), nil) == nil {
				t.Errorf("%s names %s, which is not a key of a %s config", r.ID, k, kind)
			}
		}
	}
	for _, f := range fs {
		if slices.Contains(r.Keys, f.Key) {
			return
		}
	}
	var keys []string
	for _, f := range fs {
		keys = append(keys, f.Key)
	}
	t.Errorf("%s names the keys %v, but its bad example's findings are on %v", r.ID, r.Keys, keys)
}

// TestCompleteExample pins the expansion of `# ...`: inside a section the
// section's missing keys, before the first section the missing sections.
func TestCompleteExample(t *testing.T) {
	for _, c := range []struct {
		kind       schema.Kind
		frag, want string
	}{
		{schema.Eval, "[experiment]\n# ...\ndataset = \"x\"\n",
			"[experiment]\n# ...\nrollout = \"my-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"x\"\n"},
		{schema.Training, "# ...\n[training]\nlr = 5\n", "# ...\n[training]\nlr = 5\n\n" + exampleBase[schema.Training][0]},
		{schema.Training, "[training]\nlr = 5\n", "[training]\nlr = 5\n"},
	} {
		if got := completeExample(c.kind, c.frag); got != c.want {
			t.Errorf("%q: got\n%s\nwant\n%s", c.frag, got, c.want)
		}
	}
}
