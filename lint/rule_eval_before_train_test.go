package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// noEvalWS is rolloutWS without its eval config.
var noEvalWS = withWS(tree{"configs/eval/multiply-agent.toml": absent})

func TestEvalBeforeTrain(t *testing.T) {
	evalOf := func(rollout string) string {
		return strings.Replace(goodEval, `"multiply-agent"`, rollout, 1)
	}
	runRuleCases(t, "eval-before-train", []ruleCase{
		{
			name: "no eval config at all",
			src:  goodTraining,
			ws:   noEvalWS,
			want: []string{"2:11-2:27 eval-before-train experiment.rollout"},
			msg:  []string{"no eval config under configs/eval/ names rollout multiply-agent"},
		},
		{
			name: "eval configs of other rollouts only",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/eval/other.toml": evalOf(`"other"`)}),
			want: []string{"2:11-2:27 eval-before-train experiment.rollout"},
		},
		{
			name: "an eval config whose rollout is a placeholder names none",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/eval/default.toml": evalOf(`"<your-rollout>"`)}),
			want: []string{"2:11-2:27 eval-before-train experiment.rollout"},
		},
		{
			name: "an eval config outside configs/eval/ is not one",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/multiply-agent.toml": goodEval}),
			want: []string{"2:11-2:27 eval-before-train experiment.rollout"},
		},
		{
			name: "the rollout's eval config",
			src:  goodTraining,
			ws:   rolloutWS,
		},
		{
			name: "an eval config in a subdirectory",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/eval/nightly/a.toml": goodEval}),
		},
		{
			name: "an eval config that does not parse may name it",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/eval/a.toml": "[experiment\nrollout = \"other\"\n"}),
		},
		{
			name: "an eval config that cannot be read may name it",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/eval/a.toml": "->missing.toml"}),
		},
		{
			name: "the settings exclude paths: an excluded eval config is not listed",
			src:  goodTraining,
			ws:   withWS(tree{"configs/eval/multiply-agent.toml": absent, "configs/eval/old/a.toml": goodEval, "pyproject.toml": "[tool.osmosis-lint]\nexclude = [\"configs/eval/old/\"]\n"}),
		},
		{
			name: "a placeholder rollout",
			src:  strings.Replace(goodTraining, `"multiply-agent"`, `"<your-rollout>"`, 1),
			ws:   noEvalWS,
		},
		{
			name: "a rollout that does not exist is rollout-not-found's",
			src:  strings.Replace(goodTraining, `"multiply-agent"`, `"other"`, 1),
			ws:   noEvalWS,
		},
		{
			name: "a training config that does not parse whole",
			src:  goodTraining + "[training\n",
			ws:   noEvalWS,
		},
		{
			name: "outside a workspace nothing is known",
			src:  goodTraining,
		},
		{
			name: "an eval config is not judged",
			kind: schema.Eval,
			src:  goodEval,
			ws:   noEvalWS,
		},
	})
}

// TestEvalBeforeTrainFix: the fix creates configs/eval/<rollout>.toml from
// the training config's [experiment], a file that gets no error of its
// own, and is not offered when that file exists; no command applies it.
func TestEvalBeforeTrainFix(t *testing.T) {
	src := strings.Replace(goodTraining, "dataset", "branch = \"feature\"\ndataset", 1)
	c := ruleCase{src: src, ws: noEvalWS}
	in := c.input(t)
	fs := Check([]byte(src), in)
	var f *Finding
	for i := range fs {
		if fs[i].Rule == RuleEvalBeforeTrain {
			f = &fs[i]
		}
	}
	if f == nil || len(f.Fixes) != 1 {
		t.Fatalf("want one finding with a fix:\n%s", describeFindings(fs))
	}
	fx := f.Fixes[0]
	if fx.Create != "configs/eval/multiply-agent.toml" || fx.Applicability != DisplayOnly || len(fx.Edits) != 1 {
		t.Fatalf("fix %+v", fx)
	}
	want := "[experiment]\nrollout = \"multiply-agent\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\nbranch = \"feature\"\n\n[evaluation]\n\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n"
	if got := fx.Edits[0].NewText; got != want {
		t.Errorf("created text:\n%s\nwant:\n%s", got, want)
	}
	// the created file, checked where it goes
	created := ruleCase{kind: schema.Eval, src: want, ws: noEvalWS, path: fx.Create}
	for _, g := range Check([]byte(want), created.input(t)) {
		if g.IsError() || g.Severity == Warning {
			t.Errorf("the created eval config: %s %s", formatFinding(g), g.Message)
		}
	}
	// the fixer never applies it, unsafe fixes or not
	for _, unsafe := range []bool{false, true} {
		out := FixSource([]byte(src), in, FixOptions{Unsafe: unsafe})
		if string(out.Src) != src || len(out.Applied) != 0 {
			t.Errorf("unsafe=%v: the fixer changed the training config:\n%s", unsafe, out.Src)
		}
	}
	if _, reason := CheckFix([]byte(src), in, fs, f, fx); reason == "" {
		t.Error("CheckFix accepts a fix that creates a file")
	}

	// a file of that name exists (an eval config of another rollout): no fix
	other := withWS(tree{"configs/eval/multiply-agent.toml": strings.Replace(goodEval, `"multiply-agent"`, `"other"`, 1)})
	c = ruleCase{src: src, ws: other}
	for _, g := range Check([]byte(src), c.input(t)) {
		if g.Rule == RuleEvalBeforeTrain && len(g.Fixes) > 0 {
			t.Errorf("a fix that would replace a file: %+v", g.Fixes)
		}
	}
}

// TestEvalIndexClaims: an eval config a run checks itself is read from what
// its check records, not from disk, and the index waits for it.
func TestEvalIndexClaims(t *testing.T) {
	c := ruleCase{src: goodTraining, ws: noEvalWS}
	in := c.input(t)
	ws := (&Workspace{Snapshot: in.Env.WS}).Shared()
	claims := ws.ClaimEvals([]string{"configs/eval/multiply-agent.toml", "configs/eval/multiply-agent.toml"})
	if len(claims) != 2 || claims[0] == nil || claims[0] != claims[1] {
		t.Fatalf("claims %v: want one claim of the one file", claims)
	}
	claim := claims[0]
	if again := ws.ClaimEvals([]string{"configs/eval/multiply-agent.toml"}); again != nil {
		t.Error("a second round of claims")
	}
	writeTree(t, in.Env.WS.Root(), tree{"configs/eval/multiply-agent.toml": "[experiment\n"})
	snap, err := workspace.Load(in.Env.WS.Root(), workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ws.Snapshot = snap
	// the recorded parse is what counts: the file on disk does not parse
	go claim.Record(toml.Parse([]byte(goodEval)))
	env := &Env{WS: snap, Rel: "configs/training/run.toml", paths: ws.paths}
	evals := env.evals()
	var got []*evalConfig
	for i := range evals.entries {
		got = append(got, evals.at(i))
	}
	if !evals.listed || len(got) != 1 || !got[0].known || got[0].rollout != "multiply-agent" || got[0].Path != "configs/eval/multiply-agent.toml" {
		t.Errorf("index %+v, listed %v", got, evals.listed)
	}
}
