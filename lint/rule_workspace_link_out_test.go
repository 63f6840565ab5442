package lint

import "testing"

func TestWorkspaceLinkOut(t *testing.T) {
	data := tree{"data/multiply.jsonl": rolloutWS["data/multiply.jsonl"]}
	runRuleCases(t, "workspace-link-out", []ruleCase{
		{name: "rollouts/ inside", src: goodTraining, ws: rolloutWS},
		{name: "rollouts/ linked inside the workspace", src: goodTraining, ws: merged(data, tree{"rollouts/": absent, "rollouts": "->vendor/rollouts", "vendor/rollouts/multiply-agent/main.py": "x\n"})},
		{name: "one rollout linked out is the CLI's refusal (rollout-escape)", src: goodTraining, ws: merged(data, tree{"rollouts/multiply-agent": "->../../outside/ma", "../outside/ma/main.py": "x\n"})},
		{name: "rollouts/ linked out", src: goodTraining, ws: merged(data, tree{"rollouts/": absent, "rollouts": "->../outside/rollouts", "../outside/rollouts/multiply-agent/main.py": "x\n"}),
			want: []string{"2:11-2:27 workspace-link-out experiment.rollout"}, msg: []string{"the platform clones the repository"}},
	})
}

func TestWorkspaceLinkOutConfigs(t *testing.T) {
	for _, c := range []struct {
		name, link, rel, rule string
	}{
		{"configs/training/ linked out", "configs/training", "configs/training/run.toml", RuleWorkspaceLinkOut},
		{"configs/ linked out", "configs", "configs/training/run.toml", RuleWorkspaceLinkOut},
		{"the config itself linked out", "configs/training/run.toml", "configs/training/run.toml", RuleConfigLocation},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := merged(rolloutWS, tree{c.link: "->" + upTo(c.link) + "../outside/x", "../outside/x/training/run.toml": goodTraining, "../outside/x/run.toml": goodTraining, "../outside/x/": ""})
			if c.link != "configs/training/run.toml" {
				delete(ws, "configs/training/")
				ws["configs/training/"] = absent
				ws["configs/eval/"] = absent
				if c.link == "configs" {
					ws["configs/"] = absent
				}
			}
			rc := ruleCase{src: goodTraining, ws: ws, path: c.rel}
			in := rc.input(t)
			fs := Unread(in)
			if len(fs) != 1 || fs[0].Rule != c.rule {
				t.Fatalf("got %+v", fs)
			}
			if want, _ := Lookup(c.rule); fs[0].Stage != want.Stage {
				t.Errorf("stage %s", fs[0].Stage)
			}
		})
	}
}

// upTo climbs from the directory of link back to the root.
func upTo(link string) string {
	n := 0
	for _, c := range link {
		if c == '/' {
			n++
		}
	}
	out := ""
	for range n {
		out += "../"
	}
	return out
}
