package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func rangeOf(start, end int) toml.Range { return toml.Range{Start: start, End: end} }

// fixCase applies one fix of one finding and compares the result.
type fixCase struct {
	name string
	kind schema.Kind
	ws   tree
	src  string
	// rule and title pick the finding and its fix.
	rule, title string
	safe        bool
	// display marks a display-only fix (safe is then false).
	display bool
	want    string
}

func (c fixCase) applicability() Applicability {
	switch {
	case c.display:
		return DisplayOnly
	case c.safe:
		return Safe
	}
	return Unsafe
}

func runFixCases(t *testing.T, cases []fixCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rc := ruleCase{kind: c.kind, ws: c.ws, src: c.src}
			in := rc.input(t)
			before := Check([]byte(c.src), in)
			for _, f := range before {
				checkFixable(t, f)
			}
			var fx *Fix
			var of *Finding
			for i, f := range before {
				for j := range f.Fixes {
					if f.Rule == c.rule && f.Fixes[j].Title == c.title {
						fx, of = &before[i].Fixes[j], &before[i]
					}
				}
			}
			if fx == nil {
				t.Fatalf("no %s finding with the fix %q; findings:\n%s", c.rule, c.title, describeFixes(before))
			}
			if want := c.applicability(); fx.Applicability != want {
				t.Errorf("fix %q: %s, want %s", c.title, fx.Applicability, want)
			}
			out, reason := CheckFix([]byte(c.src), in, before, of, *fx)
			if reason != "" {
				t.Fatalf("the fixer refuses %q: %s", c.title, reason)
			}
			if string(out) != c.want {
				t.Fatalf("after %q (-want +got):\n%s", c.title, diffLines(strings.Split(c.want, "\n"), strings.Split(string(out), "\n")))
			}
			after := Check(out, in)
			for _, f := range after {
				if f.Rule == "toml-syntax" && !hasRule(before, "toml-syntax") {
					t.Errorf("the fix broke the file: %s", f.Message)
				}
			}
			if countRule(after, c.rule) >= countRule(before, c.rule) {
				t.Errorf("the fix left as many %s findings as before:\n%s", c.rule, describeFindings(after))
			}
		})
	}
}

func hasRule(fs []Finding, rule string) bool { return countRule(fs, rule) > 0 }

func countRule(fs []Finding, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

func describeFixes(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + formatFinding(f) + "\n")
		for _, fx := range f.Fixes {
			b.WriteString("    fix " + fx.Title + "\n")
		}
	}
	return b.String()
}

// fixCaseTable holds a case for each kind of fix of each fixable rule.
func fixCaseTable() []fixCase {
	b := schema.Benchmark
	return []fixCase{
		// safe fixes: --fix applies them
		{
			name: "branch-name: trim the spaces", rule: "branch-name", title: `Use "main"`, safe: true,
			src:  goodTraining + "branch = \" main \"  # pinned\n",
			want: goodTraining + "branch = \"main\"  # pinned\n",
		},
		{
			name: "commit-sha: drop 0x", rule: "commit-sha", title: `Use "deadbeef"`, safe: true,
			src:  goodTraining + "commit_sha = '0xdeadbeef'\n",
			want: goodTraining + "commit_sha = \"deadbeef\"\n",
		},
		{
			name: "commit-sha: drop the trailing newline", rule: "commit-sha", title: `Use "3f2a9c1d"`, safe: true,
			src:  goodTraining + "commit_sha = \"3f2a9c1d\\n\"\n",
			want: goodTraining + "commit_sha = \"3f2a9c1d\"\n",
		},
		{
			name: "dataset-is-path: the stem of a file under data/", rule: "dataset-is-path", title: `Use the dataset name "multiply"`, safe: true,
			ws:   rolloutWS,
			src:  datasetConfig(`"data/multiply.jsonl"  # uploaded`),
			want: datasetConfig(`"multiply"  # uploaded`),
		},
		{
			name: "rollout-name: drop rollouts/", rule: "rollout-name", title: `Use "multiply-agent"`, safe: true,
			src:  pathsConfig(`"rollouts/multiply-agent/"`, `"main.py"`),
			want: pathsConfig(`"multiply-agent"`, `"main.py"`),
		},
		{
			name: "name-trailing-newline: env name", rule: "name-trailing-newline", title: "Remove the newline", safe: true,
			src:  goodTraining + "\n[env]\n\"LOG_LEVEL\\n\" = \"INFO\" # level\n",
			want: goodTraining + "\n[env]\nLOG_LEVEL = \"INFO\" # level\n",
		},
		{
			name: "name-trailing-newline: secret name", rule: "name-trailing-newline", title: "Remove the newline", safe: true,
			src:  goodTraining + "\n[secrets]\nrequired = [\"A\", \"B\\n\"]\n",
			want: goodTraining + "\n[secrets]\nrequired = [\"A\", \"B\"]\n",
		},
		{
			name: "secret-duplicate: the repeat and its comma", rule: "secret-duplicate", title: "Remove the repeated `A`", safe: true,
			src:  goodTraining + "\n[secrets]\nrequired = [\"A\", \"B\", \"A\"]  # keep\n",
			want: goodTraining + "\n[secrets]\nrequired = [\"A\", \"B\"]  # keep\n",
		},
		{
			name: "type-mismatch: quote an [env] number", rule: "type-mismatch", title: "Quote the value", safe: true,
			src:  goodTraining + "\n[env]\nPORT = 8080\n",
			want: goodTraining + "\n[env]\nPORT = \"8080\"\n",
		},
		{
			name: "not-a-table: [agents] as [[agents]]", rule: "not-a-table", title: "Write [[agents]]", safe: true, kind: b,
			src:  benchHead + "\n[agents]  # the agent\nharness = \"codex\"\n\n[agents.model]\ntype = \"hosted\"\nbase_model = \"b\"\nlora_model_name = \"l\"\n",
			want: benchHead + "\n[[agents]]  # the agent\nharness = \"codex\"\n\n[agents.model]\ntype = \"hosted\"\nbase_model = \"b\"\nlora_model_name = \"l\"\n",
		},
		{
			name: "not-a-table: [[experiment]] as [experiment]", rule: "not-a-table", title: "Write [experiment]", safe: true,
			src:  "[[ experiment ]]\n" + goodTraining[len("[experiment]\n"):],
			want: "[ experiment ]\n" + goodTraining[len("[experiment]\n"):],
		},
		{
			name: "legacy-config: [rollout.env] as [env]", rule: "legacy-config", title: "Rename [rollout.env] to [env]", safe: true,
			src:  goodTraining + "\n# literal variables\n[rollout.env]\nLOG_LEVEL = \"INFO\"\n",
			want: goodTraining + "\n# literal variables\n[env]\nLOG_LEVEL = \"INFO\"\n",
		},
		{
			name: "legacy-config: [rollout.secrets] named after their records", rule: "legacy-config", title: "Rewrite as [secrets] required = [...]", safe: true,
			src:  goodTraining + "\n[rollout.secrets]\nOPENAI_API_KEY = \"OPENAI_API_KEY\"\nHF_TOKEN = \"HF_TOKEN\"\n",
			want: goodTraining + "\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"HF_TOKEN\"]\n",
		},
		{
			name: "legacy-config: the [secrets] map keeps its comments", rule: "legacy-config", title: "Rewrite as [secrets] required = [...]", safe: true,
			src:  goodTraining + "\n[secrets] # legacy\n# the OpenAI key\nOPENAI_API_KEY = \"OPENAI_API_KEY\"  # org\nHF_TOKEN = \"HF_TOKEN\"\n\n[training]\nlr = 1e-6\n",
			want: goodTraining + "\n[secrets]\n# legacy\n# the OpenAI key\n# org\nrequired = [\"OPENAI_API_KEY\", \"HF_TOKEN\"]\n\n[training]\nlr = 1e-6\n",
		},
		{
			name: "unused-suppression: a trailing comment", rule: "unused-suppression", title: "Remove the suppression comment", safe: true,
			src:  trainingWith("lr = 1e-6  # osmosis-lint: ignore[param-range]\n"),
			want: trainingWith("lr = 1e-6\n"),
		},
		{
			name: "unused-suppression: a comment line", rule: "unused-suppression", title: "Remove the suppression comment", safe: true,
			src:  trainingWith("# osmosis-lint: ignore[param-limit]\nlr = 1e-6\n"),
			want: trainingWith("lr = 1e-6\n"),
		},
		{
			name: "unused-suppression: one name of a list", rule: "unused-suppression", title: "Remove param-range from the suppression", safe: true,
			src:  trainingWith("lr = 50 # osmosis-lint: ignore[param-range, param-limit] kept\n"),
			want: trainingWith("lr = 50 # osmosis-lint: ignore[param-limit] kept\n"),
		},
		{
			name: "unused-suppression: the last name of a list", rule: "unused-suppression", title: "Remove param-range from the suppression", safe: true,
			src:  trainingWith("lr = 50 # osmosis-lint: ignore[param-limit, param-range]\n"),
			want: trainingWith("lr = 50 # osmosis-lint: ignore[param-limit]\n"),
		},

		{
			name: "toml-syntax: the byte order mark", rule: "toml-syntax", title: "Remove the byte order mark", safe: true,
			src:  "\xef\xbb\xbf" + goodTraining,
			want: goodTraining,
		},

		// unsafe fixes: offered as code actions, applied only with --unsafe-fixes
		{
			name: "unknown-key: rename", rule: "unknown-key", title: "Rename to `lr`", safe: false,
			src:  trainingWith("lrr = 1e-6 # tuned\n"),
			want: trainingWith("lr = 1e-6 # tuned\n"),
		},
		{
			name: "unknown-key: remove the line", rule: "unknown-key", title: "Remove `seed`", display: true,
			src:  trainingWith("lr = 1e-6\nseed = 7  # not here\ntotal_epochs = 1\n"),
			want: trainingWith("lr = 1e-6\ntotal_epochs = 1\n"),
		},
		{
			name: "legacy-config: global_batch_size", rule: "legacy-config", title: "Rename to `rollout_batch_size`", safe: false,
			src:  trainingWith("global_batch_size = 64\n"),
			want: trainingWith("rollout_batch_size = 64\n"),
		},
		{
			name: "legacy-config: the [secrets] map with other record names", rule: "legacy-config", title: "Rewrite as [secrets] required = [...]", safe: false,
			src:  goodTraining + "\n[secrets]\nOPENAI_API_KEY = \"team-openai\"\nHF_TOKEN = \"HF_TOKEN\"\n",
			want: goodTraining + "\n[secrets]\n# \"OPENAI_API_KEY\" was read from the secret record \"team-openai\"; the platform now injects the record named \"OPENAI_API_KEY\": store the value under that name with `osmosis secret set OPENAI_API_KEY`\nrequired = [\"OPENAI_API_KEY\", \"HF_TOKEN\"]\n",
		},
		{
			name: "legacy-config: [rollout.secrets] keeps the record names", rule: "legacy-config", title: "Rewrite as [secrets] required = [...]", safe: false,
			src:  goodTraining + "\n[rollout.secrets]\nOPENAI_API_KEY = \"openai-api-key\"\n",
			want: goodTraining + "\n[secrets]\n# \"OPENAI_API_KEY\" was read from the secret record \"openai-api-key\"; the platform now injects the record named \"OPENAI_API_KEY\": store the value under that name with `osmosis secret set OPENAI_API_KEY`\nrequired = [\"OPENAI_API_KEY\"]\n",
		},
		{
			name: "missing-required: add the key to its table", rule: "missing-required", title: "Add `dataset`", safe: false,
			src:  "[experiment]\nrollout = \"a\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\n\n[training]\nlr = 1e-6\n",
			want: "[experiment]\nrollout = \"a\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"<your-dataset>\"\n\n[training]\nlr = 1e-6\n",
		},
		{
			name: "missing-required: [secrets] required at the end of a file without a final newline", rule: "missing-required", title: "Add `required`", safe: false,
			src:  goodTraining + "\n[secrets]",
			want: goodTraining + "\n[secrets]\nrequired = []\n",
		},
		{
			name: "eval-limit-rows: the platform's row count", rule: "eval-limit-rows", title: "Set limit = 120", safe: false, kind: schema.Eval,
			ws:   rowsWS,
			src:  evalLimitConfig(`"small"`, "500  # all of it"),
			want: evalLimitConfig(`"small"`, "120  # all of it"),
		},
		{
			name: "missing-section: eval [secrets]", rule: "missing-section", title: "Add [secrets] required = []", safe: false, kind: schema.Eval,
			src:  goodTraining,
			want: goodTraining + "\n[secrets]\nrequired = []\n",
		},
		{
			name: "missing-section: [experiment]", rule: "missing-section", title: "Add [experiment]", safe: false,
			src:  "# run\n[training]\nlr = 1e-6\n",
			want: "[experiment]\nrollout = \"<your-rollout>\"\nentrypoint = \"<your-entrypoint>\"\nmodel_path = \"<your-model>\"\ndataset = \"<your-dataset>\"\n\n# run\n[training]\nlr = 1e-6\n",
		},
		{
			name: "missing-section: [experiment] with what the workspace holds", rule: "missing-section", title: "Add [experiment]", display: true, ws: rolloutWS,
			src:  "[training]\nlr = 1e-6\n",
			want: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"<your-model>\"\ndataset = \"multiply\"\n\n[training]\nlr = 1e-6\n",
		},
		{
			name: "missing-required: the only rollout", rule: "missing-required", title: "Add `rollout`", safe: false, ws: rolloutWS,
			src:  "[experiment]\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
			want: "[experiment]\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\nrollout = \"multiply-agent\"\n",
		},
		{
			name: "missing-required: the rollout's only Python file", rule: "missing-required", title: "Add `entrypoint`", safe: false, ws: rolloutWS,
			src:  "[experiment]\nrollout = \"multiply-agent\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
			want: "[experiment]\nrollout = \"multiply-agent\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\nentrypoint = \"main.py\"\n",
		},
		{
			name: "missing-required: the only data file", rule: "missing-required", title: "Add `dataset`", display: true, ws: rolloutWS,
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\n",
			want: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"multiply\"\n",
		},
		{
			// the old file names no dataset: the only data file's is a choice
			name: "legacy-config: a migration that picks the only dataset", rule: "legacy-config", title: "Migrate to the current eval config", display: true, kind: schema.Eval, ws: rolloutWS,
			src:  "[eval]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\n\n[llm]\nmodel = \"openai/gpt-5-mini\"\n",
			want: "# Migrated from the local-eval config of osmosis-ai 0.2.18 to 0.2.22.\n[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = []\n",
		},
		{
			name: "missing-required: the only model of the settings", rule: "missing-required", title: "Add `model_path`", display: true,
			ws:   withWS(tree{"pyproject.toml": "[tool.osmosis-lint]\nmodels = [\"acme/base-7b\"]\n"}),
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\ndataset = \"multiply\"\n",
			want: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\ndataset = \"multiply\"\nmodel_path = \"acme/base-7b\"\n",
		},
		{
			name: "missing-required: the model of a legacy [llm] section", rule: "missing-required", title: "Add `model_path`", safe: false, kind: schema.Eval,
			src:  "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\ndataset = \"d\"\n\n[llm]\nmodel_path = 'openai/gpt-5-mini'\n\n[secrets]\nrequired = []\n",
			want: "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\ndataset = \"d\"\nmodel_path = 'openai/gpt-5-mini'\n\n[llm]\nmodel_path = 'openai/gpt-5-mini'\n\n[secrets]\nrequired = []\n",
		},
		{
			name: "missing-section: [[agents]] with placeholders", rule: "missing-section", title: "Add an [[agents]] table", safe: false, kind: b,
			src:  benchHead,
			want: benchHead + "\n[[agents]]\nharness = \"<your-harness>\"\n\n[agents.model]\ntype = \"provider\"\nmodel = \"<your-model>\"\napi_key_secret = \"<your-api-key-secret>\"\n",
		},
		{
			name: "unknown-key: move a misplaced key to its section", rule: "unknown-key", title: "Move to [training]", safe: false,
			src:  goodTraining + "\n[training]\nlr = 1e-6\n\n[sampling]\nrollout_top_p = 0.9\nagent_workflow_timeout_s = 600  # slow grader\n",
			want: goodTraining + "\n[training]\nlr = 1e-6\nagent_workflow_timeout_s = 600  # slow grader\n\n[sampling]\nrollout_top_p = 0.9\n",
		},
		{
			name: "unknown-key: move into a section that is not there yet", rule: "unknown-key", title: "Move to [evaluation]", safe: false, kind: schema.Eval,
			src:  strings.Replace(goodEval, "dataset = \"multiply\"\n", "dataset = \"multiply\"\nn = 4 # four tries\n", 1),
			want: goodEval + "\n[evaluation]\nn = 4 # four tries\n",
		},
		{
			name: "unknown-key: move under the name the section has", rule: "unknown-key", title: "Move to [sampling] as `rollout_temperature`", safe: false,
			src:  trainingWith("lr = 1e-6\ntemperature = 0.7\n"),
			want: trainingWith("lr = 1e-6\n") + "\n[sampling]\nrollout_temperature = 0.7\n",
		},
		{
			name: "secret-in-env: move the name to [secrets]", rule: "secret-in-env", display: true,
			title: "Move `OPENAI_API_KEY` to [secrets] required (store the value first: `osmosis secret set OPENAI_API_KEY`)",
			src:   goodTraining + "\n[env]\nLOG_LEVEL = \"INFO\"\nOPENAI_API_KEY = \"sk-proj-Xq3vR8tLm2Wk9ZpB7cN4hJ6yD1fG5sA0eU\"\n\n[secrets]\nrequired = [\"HF_TOKEN\"]\n",
			want:  goodTraining + "\n[env]\nLOG_LEVEL = \"INFO\"\n\n[secrets]\nrequired = [\"HF_TOKEN\", \"OPENAI_API_KEY\"]\n",
		},
		{
			name: "unknown-section: a top-level key moves to its section", rule: "unknown-section", title: "Move to [training]", safe: false,
			src:  "lr = 1e-6 # tuned\n" + goodTraining,
			want: goodTraining + "\n[training]\nlr = 1e-6 # tuned\n",
		},
		{
			name: "unknown-section: removing it is only offered", rule: "unknown-section", title: "Remove `lr`", display: true,
			src:  "lr = 1e-6 # tuned\n" + goodTraining,
			want: goodTraining,
		},
		{
			name: "unknown-key: removing a misplaced key is only offered", rule: "unknown-key", title: "Remove `agent_workflow_timeout_s`", display: true,
			src:  goodTraining + "\n[sampling]\nagent_workflow_timeout_s = 600\nrollout_top_p = 0.9\n",
			want: goodTraining + "\n[sampling]\nrollout_top_p = 0.9\n",
		},
		{
			name: "branch-and-commit: remove the branch", rule: "branch-and-commit", title: "Remove branch (keep the pinned commit)", display: true,
			src:  goodTraining + "branch = \"main\"\ncommit_sha = \"3f2a9c1d\"\n",
			want: goodTraining + "commit_sha = \"3f2a9c1d\"\n",
		},
		{
			name: "env-name: upper case", rule: "env-name", title: "Rename to `LOG_LEVEL`", display: true,
			src:  goodTraining + "\n[env]\nlog_level = \"INFO\"\n",
			want: goodTraining + "\n[env]\nLOG_LEVEL = \"INFO\"\n",
		},
		{
			name: "secret-name: upper case", rule: "secret-name", title: `Use "OPENAI_KEY"`, display: true,
			src:  goodTraining + "\n[secrets]\nrequired = [\"openai-key\"]\n",
			want: goodTraining + "\n[secrets]\nrequired = [\"OPENAI_KEY\"]\n",
		},
		{
			name: "secret-env-overlap: remove the env var", rule: "secret-env-overlap", title: "Remove the [env] variable", display: true,
			src:  goodTraining + "\n[env]\nA = \"1\"\nHF_TOKEN = \"x\"\n\n[secrets]\nrequired = [\"HF_TOKEN\"]\n",
			want: goodTraining + "\n[env]\nA = \"1\"\n\n[secrets]\nrequired = [\"HF_TOKEN\"]\n",
		},
		{
			name: "type-mismatch: quote a commit id written as a number", rule: "type-mismatch", title: "Quote the value", safe: false,
			src:  goodTraining + "commit_sha = 1234567\n",
			want: goodTraining + "commit_sha = \"1234567\"\n",
		},
		{
			name: "model-unknown: the closest model", rule: "model-unknown", title: `Use "Qwen/Qwen3.6-35B-A3B"`, display: true,
			src:  modelConfig(schema.Training, `"qwen/qwen3.6-35b-a3b"`),
			want: modelConfig(schema.Training, `"Qwen/Qwen3.6-35B-A3B"`),
		},
		{
			name: "rollout-not-found: the closest rollout", rule: "rollout-not-found", title: `Use "multiply-agent"`, display: true, ws: rolloutWS,
			src:  pathsConfig(`"multiply-agnet"`, `"main.py"`),
			want: pathsConfig(`"multiply-agent"`, `"main.py"`),
		},
		{
			name: "entrypoint-not-found: the closest file", rule: "entrypoint-not-found", title: `Use "main.py"`, display: true, ws: rolloutWS,
			src:  pathsConfig(`"multiply-agent"`, `"mian.py"`),
			want: pathsConfig(`"multiply-agent"`, `"main.py"`),
		},
		{
			name: "dataset-unknown: the closest listed name", rule: "dataset-unknown", title: `Use "multiply"`, display: true, ws: datasetsWS,
			src:  datasetConfig(`"multiplly"`),
			want: datasetConfig(`"multiply"`),
		},
		{
			name: "enum-value: parity", rule: "enum-value", title: `Use "parity"`, safe: false, kind: b,
			src:  goodBenchmark + "\n[tasks]\ntask_set = \"Parity\"\n",
			want: goodBenchmark + "\n[tasks]\ntask_set = \"parity\"\n",
		},
		{
			name: "unknown-variant: the closest type", rule: "unknown-variant", title: `Use "provider"`, safe: false, kind: b,
			src:  strings.Replace(goodBenchmark, `type = "provider"`, `type = "providr"`, 1),
			want: goodBenchmark,
		},
		{
			name: "parity-selectors: remove the ignored task_names", rule: "parity-selectors", title: `Remove task_names (task_set = "parity" picks the tasks)`, display: true, kind: b,
			src:  hleConfig(`"HLE"`, "\n[tasks]\ntask_set = \"parity\"\ntask_names = [\"hle__sample\"]\n"),
			want: hleConfig(`"HLE"`, "\n[tasks]\ntask_set = \"parity\"\n"),
		},
		{
			name: "eval-provider-key: add the key to a list", rule: "eval-provider-key", title: `Add "ANTHROPIC_API_KEY" to [secrets] required`, kind: schema.Eval,
			src:  strings.Replace(evalHead, "openai/gpt-5-mini", "anthropic/claude-sonnet-4-6", 1) + "\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
			want: strings.Replace(evalHead, "openai/gpt-5-mini", "anthropic/claude-sonnet-4-6", 1) + "\n[secrets]\nrequired = [\"OPENAI_API_KEY\", \"ANTHROPIC_API_KEY\"]\n",
		},
		{
			name: "eval-provider-key: fill an empty list", rule: "eval-provider-key", title: `Add "OPENAI_API_KEY" to [secrets] required`, kind: schema.Eval,
			src:  evalHead + "\n[secrets]\nrequired = []\n",
			want: goodEval,
		},
		{
			name: "hle-parity: add [tasks]", rule: "hle-parity", title: `Add [tasks] task_set = "parity"`, display: true, kind: b,
			src:  hleConfig(`"HLE"`, ""),
			want: hleConfig(`"HLE"`, "") + "\n[tasks]\ntask_set = \"parity\"\n",
		},
		{
			name: "benchmark-secret-ref: add the cursor-cli secret name", rule: "benchmark-secret-ref", title: `Add harness_api_key_secret = "CURSOR_API_KEY"`, kind: b,
			src:  benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY"),
			want: benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY", `harness_api_key_secret = "CURSOR_API_KEY"`),
		},
		{
			name: "benchmark-secret-ref: the cursor-cli secret name", rule: "benchmark-secret-ref", title: `Use "CURSOR_API_KEY"`, display: true, kind: b,
			src:  benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY", `harness_api_key_secret = "CURSOR"`),
			want: benchHead + providerAgent("cursor-cli", "OPENAI_API_KEY", `harness_api_key_secret = "CURSOR_API_KEY"`),
		},
		{
			name: "benchmark-secret-ref: remove harness_api_key_secret", rule: "benchmark-secret-ref", title: "Remove harness_api_key_secret", display: true, kind: b,
			src:  benchHead + providerAgent("codex", "OPENAI_API_KEY", `harness_api_key_secret = "CODEX_KEY"`),
			want: benchHead + providerAgent("codex", "OPENAI_API_KEY"),
		},
		{
			name: "benchmark-secret-ref: remove the env var", rule: "benchmark-secret-ref", title: "Remove the env var", display: true, kind: b,
			src:  benchHead + "\n[env]\nLOG = \"1\"\nOPENAI_API_KEY = \"x\"\n" + providerAgent("codex", "OPENAI_API_KEY"),
			want: benchHead + "\n[env]\nLOG = \"1\"\n" + providerAgent("codex", "OPENAI_API_KEY"),
		},
	}
}

func TestFixes(t *testing.T) { runFixCases(t, fixCaseTable()) }

// TestFixesNotOffered lists findings whose fix would break the file or
// guess: the finding stays, without that fix.
func TestFixesNotOffered(t *testing.T) {
	for _, c := range []struct {
		name, src, rule, title string
	}{
		{
			name:  "a newline-free env name that already exists",
			src:   goodTraining + "\n[env]\nABC = \"1\"\n\"ABC\\n\" = \"2\"\n",
			rule:  "name-trailing-newline",
			title: "Remove the newline",
		},
		{
			name:  "an upper-case env name that already exists",
			src:   goodTraining + "\n[env]\nLOG = \"1\"\nlog = \"2\"\n",
			rule:  "env-name",
			title: "Rename to `LOG`",
		},
		{
			name:  "a rename onto a key that is already there",
			src:   trainingWith("lr = 1e-6\nLr = 2e-6\n"),
			rule:  "unknown-key",
			title: "Rename to `lr`",
		},
		{
			name:  "a key sharing its line with another statement",
			src:   "training = { lr = 1e-6, seed = 7 }\n" + goodTraining,
			rule:  "unknown-key",
			title: "Remove `seed`",
		},
		{
			name:  "[rollout.env] when [env] exists",
			src:   goodTraining + "\n[env]\nA = \"1\"\n\n[rollout.env]\nB = \"2\"\n",
			rule:  "legacy-config",
			title: "Rename [rollout.env] to [env]",
		},
		{
			name:  "a number quoted into an invalid secret name",
			src:   goodTraining + "\n[secrets]\nrequired = [\"A\", 2]\n",
			rule:  "type-mismatch",
			title: "Quote the value",
		},
		{
			name:  "a number quoted into a commit id too short for git",
			src:   goodTraining + "commit_sha = 123456\n",
			rule:  "type-mismatch",
			title: "Quote the value",
		},
		{
			name:  "a dataset path without its file in the workspace",
			src:   datasetConfig(`"data/train.jsonl"`),
			rule:  "dataset-is-path",
			title: `Use the dataset name "train"`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := Check([]byte(c.src), Input{Path: "configs/training/run.toml", Kind: schema.Training})
			if !hasRule(fs, c.rule) {
				t.Fatalf("no %s finding:\n%s", c.rule, describeFindings(fs))
			}
			for _, f := range fs {
				for _, fx := range f.Fixes {
					if f.Rule == c.rule && fx.Title == c.title {
						t.Errorf("%s offers %q", formatFinding(f), fx.Title)
					}
				}
			}
		})
	}
}

// messy is a config with several problems that have safe fixes, and some
// whose fixes need review, with comments and odd spacing to keep.
const messy = `# Multiply training run
# osmosis-lint: ignore-file[grpo-group-size]

[experiment]
rollout    = "rollouts/multiply-agent/"   # where the agent lives
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset    = "data/multiply.jsonl"
commit_sha = " 3f2a9c1d "

[training]
lrr = 1e-6   # tuned by hand
n_samples_per_prompt = 1

[env]
"LOG_LEVEL\n" = "INFO"
PORT = 8080  # the grader's port

[secrets]
required = ["OPENAI_API_KEY", "OPENAI_API_KEY"]  # one key
`

func TestFixSource(t *testing.T) {
	in := ruleCase{src: messy, ws: rolloutWS}.input(t)
	for _, c := range []struct {
		name     string
		safeOnly bool
		want     string
		// left are the rules still reported after the fixes
		left []string
	}{
		{
			name:     "safe fixes",
			safeOnly: true,
			want: `# Multiply training run
# osmosis-lint: ignore-file[grpo-group-size]

[experiment]
rollout    = "multiply-agent"   # where the agent lives
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset    = "multiply"
commit_sha = "3f2a9c1d"

[training]
lrr = 1e-6   # tuned by hand
n_samples_per_prompt = 1

[env]
LOG_LEVEL = "INFO"
PORT = "8080"  # the grader's port

[secrets]
required = ["OPENAI_API_KEY"]  # one key
`,
			left: []string{"unknown-key"},
		},
		{
			name:     "all fixes",
			safeOnly: false,
			want: `# Multiply training run
# osmosis-lint: ignore-file[grpo-group-size]

[experiment]
rollout    = "multiply-agent"   # where the agent lives
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset    = "multiply"
commit_sha = "3f2a9c1d"

[training]
lr = 1e-6   # tuned by hand
n_samples_per_prompt = 1

[env]
LOG_LEVEL = "INFO"
PORT = "8080"  # the grader's port

[secrets]
required = ["OPENAI_API_KEY"]  # one key
`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := FixSource([]byte(messy), in, FixOptions{Unsafe: !c.safeOnly})
			out := res.Src
			if string(out) != c.want {
				t.Fatalf("FixSource (-want +got):\n%s", diffLines(strings.Split(c.want, "\n"), strings.Split(string(out), "\n")))
			}
			if len(res.Applied) == 0 || len(res.Skipped) > 0 || !res.Converged {
				t.Errorf("applied %v, skipped %v, converged %v", res.Applied, res.Skipped, res.Converged)
			}
			again := FixSource(out, in, FixOptions{Unsafe: !c.safeOnly})
			if string(again.Src) != string(out) || len(again.Applied) != 0 {
				t.Errorf("a second run changed the file (%v):\n%s", again.Applied, again.Src)
			}
			var left []string
			for _, f := range res.Findings {
				left = append(left, f.Rule)
			}
			if strings.Join(left, ",") != strings.Join(c.left, ",") {
				t.Errorf("left after the fixes: %v, want %v", left, c.left)
			}
		})
	}
}

// TestFixSourceAtTheStart applies an insertion and a replacement at offset 0
// together: [experiment] is added before [agents], which becomes
// [[agents]].
func TestFixSourceAtTheStart(t *testing.T) {
	src := "[agents]\nharness = \"codex\"\n"
	in := Input{Path: "configs/benchmark/b.toml", Kind: schema.Benchmark}
	out := FixSource([]byte(src), in, FixOptions{Unsafe: true}).Src
	want := "[experiment]\nbenchmark = \"<your-benchmark>\"\n\n[[agents]]\nharness = \"codex\"\n"
	if !strings.HasPrefix(string(out), want) {
		t.Fatalf("FixSource gave\n%s\nwant it to start with\n%s", out, want)
	}
	for _, f := range Check(out, in) {
		if f.Rule == "toml-syntax" {
			t.Errorf("the fixes broke the file: %s", f.Message)
		}
	}
}

// TestFixAlternatives: a rename of `model` to `model_path` and an add of
// `model_path` answer one problem; the fixer applies the rename alone, and
// the file parses, keeps the value and passes. Misplaced keys move with
// their values.
func TestFixAlternatives(t *testing.T) {
	for _, c := range []struct {
		name string
		kind schema.Kind
		src  string
		want string
	}{
		{
			name: "model instead of model_path",
			src:  "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel = \"Qwen/Qwen3.6-35B-A3B\"  # base\ndataset = \"multiply\"\n",
			want: "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"  # base\ndataset = \"multiply\"\n",
		},
		{
			name: "agent_workflow_timeout_s in [sampling]",
			src:  goodTraining + "\n[sampling]\nrollout_temperature = 0.7\nagent_workflow_timeout_s = 900  # slow tools\n",
			want: goodTraining + "\n[sampling]\nrollout_temperature = 0.7\n\n[training]\nagent_workflow_timeout_s = 900  # slow tools\n",
		},
		{
			name: "n in an eval [experiment]", kind: schema.Eval,
			src:  strings.Replace(goodEval, "dataset = \"multiply\"\n", "dataset = \"multiply\"\nn = 4\n", 1),
			want: goodEval + "\n[evaluation]\nn = 4\n",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := ruleCase{kind: c.kind}.input(t)
			res := FixSource([]byte(c.src), in, FixOptions{Unsafe: true})
			if string(res.Src) != c.want {
				t.Fatalf("(-want +got):\n%s", diffLines(strings.Split(c.want, "\n"), strings.Split(string(res.Src), "\n")))
			}
			for _, f := range res.Findings {
				if f.IsError() {
					t.Errorf("left: %s %s", formatFinding(f), f.Message)
				}
			}
			if len(res.Skipped) > 0 || !res.Converged {
				t.Errorf("skipped %v, converged %v", res.Skipped, res.Converged)
			}
		})
	}
}
