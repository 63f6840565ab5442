package lint

import (
	"strings"
	"testing"
)

func TestPyprojectEncoding(t *testing.T) {
	ws := func(pyproject string) tree {
		return withWS(tree{"rollouts/multiply-agent/pyproject.toml": pyproject})
	}
	runRuleCases(t, "rollout-pyproject-encoding", []ruleCase{
		{name: "UTF-8", src: goodTraining, ws: ws("[project]\nname = \"café\"\n")},
		{name: "not TOML: the CLI passes over it", src: goodTraining, ws: ws("[project\n")},
		{name: "no pyproject", src: goodTraining, ws: withWS(tree{"rollouts/multiply-agent/pyproject.toml": absent})},
		{name: "Latin-1", src: goodTraining, ws: ws("[project]\nname = \"x\"\ndescription = \"caf\xe9\"\n"),
			want: []string{"2:11-2:27 rollout-pyproject-encoding experiment.rollout"}, msg: []string{"pyproject.toml:3 is not UTF-8"}},
	})
}

func TestEntrypointSide(t *testing.T) {
	src := strings.Replace(goodTraining, `"main.py"`, `"mian.py"`, 1)
	for _, c := range []struct {
		deps string
		side bool
	}{
		{`["osmosis-ai>=0.3"]`, false},
		{`["osmosis-ai", "numpy>=2"]`, true},
	} {
		rc := ruleCase{src: src, ws: withWS(tree{"rollouts/multiply-agent/pyproject.toml": "[project]\nname = \"m\"\ndependencies = " + c.deps + "\n"})}
		var msg string
		for _, f := range Check([]byte(src), rc.input(t)) {
			if f.Rule == RuleEntrypointNotFound {
				msg = f.Message
			}
		}
		if msg == "" {
			t.Fatalf("%s: no entrypoint-not-found", c.deps)
		}
		if got := strings.Contains(msg, "the platform refuses it after installing them (numpy)") || strings.Contains(msg, "(numpy)"); got != c.side {
			t.Errorf("%s: %q", c.deps, msg)
		}
	}
}
