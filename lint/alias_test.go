package lint

import (
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

// TestAliasSuggestions: common other names of a key get a did-you-mean,
// in their own section or in the section they belong to.
func TestAliasSuggestions(t *testing.T) {
	src := "[experiment]\nrollout = \"r\"\nentrypoint = \"main.py\"\nmodel_path = \"Qwen/Qwen3.6-35B-A3B\"\ndataset = \"d\"\n\n[training]\nlearning_rate = 1e-6\ntemperature = 0.7\nlerning_rate = 1e-6\nnum_epoch = 2\n"
	fs := Check([]byte(src), Input{Path: "configs/training/a.toml", Kind: schema.Training})
	var msgs []string
	for _, f := range fs {
		if f.Rule == RuleUnknownKey {
			msgs = append(msgs, f.Message)
		}
	}
	want := []string{
		"unknown key `learning_rate` in [training]; did you mean `lr`?",
		"unknown key `temperature` in [training]; `temperature` belongs in [sampling] as `rollout_temperature`",
		// a typo of a common other name leads to the declared key too
		"unknown key `lerning_rate` in [training]; did you mean `lr`?",
		"unknown key `num_epoch` in [training]; did you mean `total_epochs`?",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
	// the rename fix uses the real key
	for _, f := range fs {
		if strings.Contains(f.Message, "learning_rate") || strings.Contains(f.Message, "lerning_rate") {
			if len(f.Fixes) == 0 || f.Fixes[0].Edits[0].NewText != "lr" {
				t.Errorf("fixes = %+v", f.Fixes)
			}
		}
	}
}
