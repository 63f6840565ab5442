package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func TestBranchAndCommit(t *testing.T) {
	runRuleCases(t, "branch-and-commit", []ruleCase{
		{
			name: "both set",
			src:  goodTraining + "branch = \"main\"\ncommit_sha = \"3f2a9c1d\"\n",
			want: []string{"7:14-7:24 branch-and-commit experiment"},
			msg:  []string{"branch `main` and commit_sha are both set"},
		},
		{
			name: "both set, eval, commit first",
			kind: schema.Eval,
			src:  "[experiment]\ncommit_sha = \"3F2A9C1D3F2A9C1D3F2A9C1D3F2A9C1D3F2A9C1D\"\nbranch = \"feature/x\"\nrollout = \"a\"\nentrypoint = \"main.py\"\nmodel_path = \"openai/gpt-5\"\ndataset = \"d\"\n\n[secrets]\nrequired = []\n",
			want: []string{"2:14-2:56 branch-and-commit experiment"},
		},
		{
			name: "branch only",
			src:  goodTraining + "branch = \"main\"\n",
		},
		{
			name: "commit only",
			src:  goodTraining + "commit_sha = \"3f2a9c1d\"\n",
		},
		{
			name: "an invalid branch is reported by branch-name alone",
			src:  goodTraining + "branch = \"\"\ncommit_sha = \"3f2a9c1d\"\n",
		},
		{
			name: "an invalid commit is reported by commit-sha alone",
			src:  goodTraining + "branch = \"main\"\ncommit_sha = \"xyz\"\n",
		},
		{
			name: "a non-string is reported by type-mismatch alone",
			src:  goodTraining + "branch = \"main\"\ncommit_sha = 1234567\n",
		},
	})
}
