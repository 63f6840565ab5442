package lint

import (
	"flag"
	"os/exec"
	"strings"
	"testing"
)

// sdkWS is a rollout multiply-agent whose pyproject.toml declares deps
// and whose files are files (rollout-relative).
func sdkWS(deps string, files map[string]string) tree {
	ws := tree{"rollouts/multiply-agent/pyproject.toml": "[project]\nname = \"multiply-agent\"\ndependencies = [" + deps + "]\n"}
	for f, src := range files {
		ws["rollouts/multiply-agent/"+f] = src
	}
	return withWS(ws)
}

func TestSDKImport(t *testing.T) {
	main := pathsConfig(`"multiply-agent"`, `"main.py"`)
	const at = "3:14-3:23 sdk-import experiment.entrypoint"
	legacy := map[string]string{"main.py": "from osmosis_ai.rollout.trajectory import save_trajectories\n"}
	runRuleCases(t, "sdk-import", []ruleCase{
		{
			name: "an API 0.3 removed, the rollout requiring 0.3",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, legacy),
			want: []string{at},
			msg: []string{"main.py:1 imports `osmosis_ai.rollout.trajectory.save_trajectories`, which osmosis-ai 0.3.0 (what `osmosis-ai>=0.3.0` in the rollout's pyproject.toml admits) does not have (osmosis-ai 0.3.0rc1 had it); docs/migrating-to-0.3.md in the SDK says, `save_trajectories`: use await save_trajectory",
				"(the osmosis CLI refuses it at submit when its own Python environment has the rollout's dependencies (osmosis-ai>=0.3.0)"},
		},
		{
			name: "a removed name of a module that stays, with its migration",
			src:  main,
			ws:   sdkWS(`"osmosis-ai[server]~=0.3.0"`, map[string]string{"main.py": "from osmosis_ai.rollout.trajectory import save_trajectory, save_trajectories\n"}),
			want: []string{at},
			msg:  []string{"`osmosis_ai.rollout.trajectory.save_trajectories`, which osmosis-ai 0.3.0 (what"},
		},
		{
			name: "a removed name, imported by a module the entrypoint imports",
			src:  main,
			ws: sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{
				"main.py":   "from . import checks\n",
				"checks.py": "from osmosis_ai.rollout.trajectory import save_trajectories\n",
			}),
			want: []string{at},
			msg:  []string{"checks.py:1 imports `osmosis_ai.rollout.trajectory.save_trajectories`, which osmosis-ai 0.3.0 does not have"},
		},
		{
			name: "a removed module raises ModuleNotFoundError, which the preflight only warns on: entrypoint-module-not-found's",
			src:  main,
			ws:   sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{"main.py": "import osmosis_ai.rollout.validator\n"}),
		},
		{
			name: "after an import that may raise ModuleNotFoundError: entrypoint-module-not-found's",
			src:  main,
			ws:   sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{"main.py": "import numpy\nfrom osmosis_ai.rollout.trajectory import save_trajectories\n"}),
		},
		{
			name: "a name no release has, the rollout pinning one release",
			src:  main,
			ws:   sdkWS(`"osmosis-ai==0.3.0"`, map[string]string{"main.py": "from osmosis_ai.rollout import AgentWorkflow, Workflow\n"}),
			want: []string{at},
			msg:  []string{"`osmosis_ai.rollout.Workflow`, which osmosis-ai 0.3.0 does not have, so importing entrypoint `main.py` fails"},
		},
		{
			name: "a name no release has, the rollout admitting releases after the table: quiet",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": "from osmosis_ai.rollout import Workflow\n"}),
		},
		{name: "a bare requirement: quiet", src: main, ws: sdkWS(`"osmosis-ai"`, legacy)},
		{name: "no requirement: quiet", src: main, ws: sdkWS(`"requests"`, legacy)},
		{name: "the 0.2 line has it", src: main, ws: sdkWS(`"osmosis-ai==0.2.31"`, legacy)},
		{name: "a range that admits 0.2: quiet", src: main, ws: sdkWS(`"osmosis-ai>=0.2.20"`, legacy)},
		{name: "a release candidate that still has it", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0rc1"`, legacy)},
		{name: "a pin outside the table", src: main, ws: sdkWS(`"osmosis-ai==0.9.1"`, legacy)},
		{name: "an environment marker", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0; python_version >= '3.12'"`, legacy)},
		{name: "a direct URL", src: main, ws: sdkWS(`"osmosis-ai @ git+https://github.com/Osmosis-AI/osmosis-sdk-python"`, legacy)},
		{name: "a specifier not read exactly", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0.post1"`, legacy)},
		{name: "two requirements", src: main, ws: sdkWS(`"osmosis-ai>=0.3.0", "osmosis-ai<0.4"`, legacy)},
		{
			name: "a uv source for the SDK",
			src:  main,
			ws: withWS(tree{
				"rollouts/multiply-agent/pyproject.toml": "[project]\nname = \"m\"\ndependencies = [\"osmosis-ai>=0.3.0\"]\n\n[tool.uv.sources]\nOsmosis_AI = { path = \"../sdk\" }\n",
				"rollouts/multiply-agent/main.py":        legacy["main.py"],
			}),
		},
		{
			name: "the rollout's own osmosis_ai",
			src:  main,
			ws:   sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{"main.py": legacy["main.py"], "osmosis_ai/__init__.py": ""}),
		},
		{
			name: "under try, under if, in a function, in a module nothing imports",
			src:  main,
			ws: sdkWS(`"osmosis-ai>=0.3.0"`, map[string]string{
				"main.py": "try:\n    from osmosis_ai.eval.common import load_workflow\nexcept ImportError:\n    load_workflow = None\n" +
					"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from osmosis_ai.rollout.validator import ValidationResult\n" +
					"def later():\n    import osmosis_ai.rollout.validator\n",
				"other.py": legacy["main.py"],
			}),
		},
		{
			name: "what 0.3 has",
			src:  main,
			ws: sdkWS(`"osmosis-ai[server,harbor]==0.3.0"`, map[string]string{
				"main.py": "import osmosis_ai\nfrom osmosis_ai import evaluate_rubric, __version__\nfrom osmosis_ai.rollout import AgentWorkflow, Grader, RolloutContext\n" +
					"from osmosis_ai.rollout.backend.harbor import HarborBackend\nfrom osmosis_ai.rollout.server import create_rollout_server\n" +
					"from osmosis_ai.rollout.trajectory import save_trajectory\nfrom osmosis_ai.rollout.integrations.agents import strands\nfrom osmosis_ai.rollout import *\n",
			}),
		},
	})
}

// The SDK's own rollout scaffold (osmosis rollout init) at every release
// tag that has one gets no sdk-* finding:
//
//	go test ./lint -run TestSDKScaffold -sdk=GIT_DIR
//
// with GIT_DIR a clone of github.com/Osmosis-AI/osmosis-sdk-python.
var sdkGitDir = flag.String("sdk", "", "the osmosis SDK's git directory, for TestSDKScaffold")

func TestSDKScaffold(t *testing.T) {
	if *sdkGitDir == "" {
		t.Skip("no -sdk=GIT_DIR: the SDK's scaffold is not read")
	}
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"--git-dir=" + *sdkGitDir}, args...)...).Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return string(out)
	}
	const dir = "osmosis_ai/templates/_scaffolds/rollout/"
	read := 0
	for _, tag := range strings.Fields(git("tag")) {
		files := strings.Fields(git("ls-tree", "--name-only", tag, dir))
		ws := tree{}
		for _, f := range files {
			name := strings.TrimSuffix(strings.TrimPrefix(f, dir), ".tpl")
			if strings.HasSuffix(name, ".py") || name == "pyproject.toml" {
				ws["rollouts/my-rollout/"+name] = strings.ReplaceAll(git("show", tag+":"+f), "<your-rollout>", "my-rollout")
			}
		}
		if ws["rollouts/my-rollout/main.py"] == "" {
			continue
		}
		read++
		c := ruleCase{src: pathsConfig(`"my-rollout"`, `"main.py"`), ws: withWS(ws)}
		for _, f := range Check([]byte(c.src), c.input(t)) {
			if strings.HasPrefix(f.Rule, "sdk-") {
				t.Errorf("%s: %s %s", tag, formatFinding(f), f.Message)
			}
		}
	}
	if read == 0 {
		t.Fatal("no release has the scaffold")
	}
	t.Logf("the scaffold of %d releases read", read)
}
