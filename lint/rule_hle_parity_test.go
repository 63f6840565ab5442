package lint

import (
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func hleConfig(name, tasks string) string {
	return "[experiment]\nbenchmark = " + name + "\n" + tasks + goodBenchmark[len(benchHead):]
}

func TestHLEParity(t *testing.T) {
	b := schema.Benchmark
	runRuleCases(t, "hle-parity", []ruleCase{
		{
			name: "HLE without [tasks]",
			kind: b,
			src:  hleConfig(`"HLE"`, ""),
			want: []string{"2:13-2:18 hle-parity experiment.benchmark"},
		},
		{
			name: "any case and surrounding space",
			kind: b,
			src:  hleConfig(`" hLe "`, ""),
			want: []string{"2:13-2:20 hle-parity experiment.benchmark"},
		},
		{
			name: "with another selection",
			kind: b,
			src:  hleConfig(`"hle"`, "\n[tasks]\ncategories = [\"math\"]\n"),
			want: []string{"2:13-2:18 hle-parity experiment.benchmark"},
		},
		{
			name: "with parity",
			kind: b,
			src:  hleConfig(`"HLE"`, "\n[tasks]\ntask_set = \"parity\"\n"),
		},
		{
			name: "another benchmark",
			kind: b,
			src:  hleConfig(`"HLE-2"`, ""),
		},
		{
			name: "a wrong task_set is enum-value's alone: one finding for one problem",
			kind: b,
			src:  hleConfig(`"HLE"`, "\n[tasks]\ntask_set = \"full\"\n"),
		},
	})
}
