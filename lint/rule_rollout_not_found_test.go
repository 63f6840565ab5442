package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func TestRolloutNotFound(t *testing.T) {
	runRuleCases(t, "rollout-not-found", []ruleCase{
		{
			name: "a typo",
			kind: schema.Eval,
			src:  "# eval\n[experiment]\nrollout = \"multiply-agnet\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5-mini\"\ndataset = \"multiply\"\n\n[secrets]\nrequired = []\n",
			ws:   rolloutWS,
			want: []string{"3:11-3:27 rollout-not-found experiment.rollout"},
			msg:  []string{"rollouts/multiply-agnet/ does not exist; did you mean `multiply-agent`?"},
		},
		{
			name: "nothing close: the rollouts are listed",
			src:  pathsConfig(`"calculator"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/summarizer/main.py": ""}),
			want: []string{"2:11-2:23 rollout-not-found experiment.rollout"},
			msg:  []string{"(rollouts: `multiply-agent` or `summarizer`)"},
		},
		{
			name: "no rollout at all",
			src:  pathsConfig(`"calculator"`, `"main.py"`),
			ws:   tree{"rollouts/": ""},
			want: []string{"2:11-2:23 rollout-not-found experiment.rollout"},
			msg:  []string{"rollouts/ has no rollout yet"},
		},
		{
			name: "a file, not a directory",
			src:  pathsConfig(`"notes"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/notes": "text\n"}),
			want: []string{"2:11-2:18 rollout-not-found experiment.rollout"},
			msg:  []string{"rollouts/notes is not a directory"},
		},
		{
			// a symlink loop resolves to itself, inside rollouts/; it is no
			// rollout to suggest either
			name: "a symlink loop, and no broken suggestion",
			src:  pathsConfig(`"loop"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/loop": "->loop2", "rollouts/loop2": "->loop"}),
			want: []string{"2:11-2:17 rollout-not-found experiment.rollout"},
			msg:  []string{"rollouts/loop is a symlink loop, not a directory (rollouts: `multiply-agent`)"},
		},
		{
			name: "names are case-sensitive",
			src:  pathsConfig(`"Multiply-Agent"`, `"main.py"`),
			ws:   rolloutWS,
			want: []string{"2:11-2:27 rollout-not-found experiment.rollout"},
			msg:  []string{"did you mean `multiply-agent`?"},
		},
		{
			name: "the directory exists",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a symlink to a rollout",
			src:  pathsConfig(`"alias"`, `"main.py"`),
			ws:   withWS(tree{"rollouts/alias": "->multiply-agent"}),
		},
		{
			name: "a bad name is rollout-name's",
			src:  pathsConfig(`"rollouts/multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "outside a workspace nothing is known",
			src:  pathsConfig(`"nope"`, `"main.py"`),
		},
	})
}

// TestRolloutNotFoundNameNotUTF8: the rollout a directory name suggests is
// offered as a fix only when a TOML string can hold that name: a name that
// is not UTF-8 is named in the message, and no fix would write other bytes.
func TestRolloutNotFoundNameNotUTF8(t *testing.T) {
	for _, dir := range []string{"multiply-agen\xff", "multiply-agen\x01"} {
		c := ruleCase{src: pathsConfig(`"multiply-agent"`, `"main.py"`), ws: tree{"rollouts/" + dir + "/main.py": ""}}
		var found bool
		for _, f := range Check([]byte(c.src), c.input(t)) {
			if f.Rule != RuleRolloutNotFound {
				continue
			}
			found = true
			if !strings.Contains(f.Message, "did you mean") {
				t.Errorf("%q: no suggestion: %s", dir, f.Message)
			}
			for _, fx := range f.Fixes {
				for _, e := range fx.Edits {
					q, ok := toml.Quote(dir)
					if !ok || e.NewText != q {
						t.Errorf("%q: fix writes %q", dir, e.NewText)
					}
				}
			}
			if want := !strings.Contains(dir, "\xff"); want != (len(f.Fixes) > 0) {
				t.Errorf("%q: fixes %+v", dir, f.Fixes)
			}
		}
		if !found {
			t.Errorf("%q: no finding", dir)
		}
	}
}
