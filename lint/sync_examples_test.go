package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// syncExampleSetups put the base repository (newGitWS) in the state each
// sync rule's documented examples describe; the bad example then fires its
// rule and the good one does not.
var syncExampleSetups = map[string]func(g *gitWS){
	RuleRolloutUncommitted: func(g *gitWS) { g.write(tree{"rollouts/my-agent/main.py": "# changed\n"}) },
	RuleRolloutUnpushed: func(g *gitWS) {
		g.write(tree{"rollouts/my-agent/main.py": "# changed\n"})
		g.commit("my-agent: change")
	},
	RuleBranchNoUpstream: func(g *gitWS) {
		g.git("symbolic-ref", "--delete", "refs/remotes/origin/HEAD")
		g.git("checkout", "-q", "-b", "feature")
		g.write(tree{"rollouts/my-agent/main.py": "# changed\n"})
		g.commit("my-agent: change")
	},
	RuleBranchNotOnOrigin: func(g *gitWS) {},
	RuleBranchAheadOfOrigin: func(g *gitWS) {
		g.git("checkout", "-q", "-b", "feature")
		g.push("feature")
		g.write(tree{"rollouts/my-agent/main.py": "# changed\n"})
		g.commit("my-agent: change")
		g.git("checkout", "-q", "main")
	},
	RuleCommitNotFound: func(g *gitWS) {},
	RuleCommitNotPushed: func(g *gitWS) {
		g.write(tree{"rollouts/my-agent/main.py": "# changed\n"})
		g.commit("my-agent: change")
	},
	RuleDefaultBranchDiffers: func(g *gitWS) {
		g.git("checkout", "-q", "-b", "feature")
		g.write(tree{"rollouts/my-agent/main.py": "# changed\n"})
		g.commit("my-agent: change")
		g.push("feature")
	},
}

// TestSyncExamples runs the documented examples of the sync rules in a
// repository in the state they describe (TestCatalogExamples runs the
// others without one).
func TestSyncExamples(t *testing.T) {
	base := newGitWS(t)
	for _, r := range Rules() {
		if r.Stage != StageSync || r.Doctor {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			setup, ok := syncExampleSetups[r.ID]
			if !ok {
				t.Fatal("no repository state for the examples of this sync rule")
			}
			g := base.copyFor(t)
			setup(g)
			if r.ID == RuleCommitNotPushed {
				// the commit's id is fixed by its content and the fixture's clock
				if head := g.git("rev-parse", "HEAD"); !strings.Contains(r.Bad, head) {
					t.Fatalf("the bad example should pin the local commit %s", head)
				}
			}
			for _, ex := range []struct {
				name, src string
				bad       bool
			}{{"bad", r.Bad, true}, {"good", r.Good, false}} {
				src := completeExample(schema.Training, ex.src)
				mine := g.check(r.ID, src)
				fired := len(mine) > 0
				if fired != ex.bad {
					t.Errorf("%s example: %s fired = %v\n%s", ex.name, r.ID, fired, numbered(src))
				}
				if ex.bad {
					checkNamedKeys(t, r, mine)
				}
			}
		})
	}
}
