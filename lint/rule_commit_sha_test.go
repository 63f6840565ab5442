package lint

import "testing"

func TestCommitSHA(t *testing.T) {
	sha := func(v string) string { return goodTraining + "commit_sha = " + v + "\n" }
	runRuleCases(t, "commit-sha", []ruleCase{
		{
			name: "0x prefix",
			src:  sha(`"0xdeadbeef"`),
			want: []string{"6:14-6:26 commit-sha experiment.commit_sha"},
			msg:  []string{"drop the 0x prefix"},
		},
		{
			name: "too short",
			src:  sha(`"abc123"`),
			want: []string{"6:14-6:22 commit-sha experiment.commit_sha"},
			msg:  []string{"at least 7 digits"},
		},
		{
			name: "too long",
			src:  sha(`"3f2a9c1d3f2a9c1d3f2a9c1d3f2a9c1d3f2a9c1d0"`),
			want: []string{"6:14-6:57 commit-sha experiment.commit_sha"},
			msg:  []string{"40 digits"},
		},
		{
			name: "not hexadecimal",
			src:  sha(`"main"`),
			want: []string{"6:14-6:20 commit-sha experiment.commit_sha"},
		},
		{
			// the CLI uses fullmatch: no trailing newline, unlike names
			name: "trailing newline",
			src:  sha(`"deadbeef\n"`),
			want: []string{"6:14-6:26 commit-sha experiment.commit_sha"},
			msg:  []string{"remove the surrounding whitespace"},
		},
		{
			name: "surrounding spaces",
			src:  sha(`" deadbeef "`),
			want: []string{"6:14-6:26 commit-sha experiment.commit_sha"},
		},
		{
			name: "empty",
			src:  sha(`""`),
			want: []string{"6:14-6:16 commit-sha experiment.commit_sha"},
		},
		{
			name: "seven digits",
			src:  sha(`"3f2a9c1"`),
		},
		{
			name: "forty digits, upper case",
			src:  sha(`"3F2A9C1D3F2A9C1D3F2A9C1D3F2A9C1D3F2A9C1D"`),
		},
		{
			name: "a literal string",
			src:  sha(`'DeadBeef'`),
		},
		{
			name: "not a string is type-mismatch's",
			src:  sha(`1234567`),
		},
	})
}
