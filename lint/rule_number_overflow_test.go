package lint

import "testing"

func TestNumberOverflow(t *testing.T) {
	adv := func(lines string) string { return goodTraining + "\n[advanced]\n" + lines }
	runRuleCases(t, "number-overflow", []ruleCase{
		{
			name: "an integer past 64 bits",
			src:  adv("seed = 9223372036854775808\n"),
			want: []string{"8:8-8:27 number-overflow advanced.seed"},
			msg:  []string{"does not fit in 64 bits"},
		},
		{
			name: "a negative integer past 64 bits, with underscores",
			src:  adv("seed = -9_223_372_036_854_775_809\n"),
			want: []string{"8:8-8:34 number-overflow advanced.seed"},
		},
		{
			name: "a float overflowing to infinity",
			src:  adv("scale = 1e400\nneg = -1.5e999\n"),
			want: []string{"8:9-8:14 number-overflow advanced.scale", "9:7-9:15 number-overflow advanced.neg"},
			msg:  []string{"reads it as infinity"},
		},
		{
			name: "nan and inf",
			src:  adv("a = nan\nb = -nan\nc = +inf\nd = -inf\n"),
			want: []string{
				"8:5-8:8 number-overflow advanced.a",
				"9:5-9:9 number-overflow advanced.b",
				"10:5-10:9 number-overflow advanced.c",
				"11:5-11:9 number-overflow advanced.d",
			},
		},
		{
			name: "inside arrays and inline tables",
			src:  adv("opts = { weights = [1, 1e309] }\n"),
			want: []string{"8:24-8:29 number-overflow advanced.opts.weights.1"},
		},
		{
			name: "a long line: the message shortens the number",
			src:  adv("seed = 123456789012345678901234567890123456789012345678901234567890\n"),
			want: []string{"8:8-8:68 number-overflow advanced.seed"},
			msg:  []string{"the integer 12345678901234567890123456789... does not fit"},
		},
		{
			name: "the 64-bit bounds",
			src:  adv("max = 9223372036854775807\nmin = -9223372036854775808\nbig = 1.7976931348623157e308\nhex = 0x7fffffffffffffff\n"),
		},
		{
			name: "inf as a typed parameter is param-type's",
			src:  goodTraining + "\n[training]\nlr = inf\nrollout_batch_size = -99999999999999999999\n",
		},
		{
			// not also param-limit: one finding for one value
			name: "a typed integer past 64 bits",
			src:  goodTraining + "\n[training]\ntotal_epochs = 99999999999999999999\n",
			want: []string{"8:16-8:36 number-overflow training.total_epochs"},
		},
	})
}
