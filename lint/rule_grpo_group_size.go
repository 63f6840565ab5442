package lint

func init() {
	register(&Rule{
		ID:       RuleGRPOGroupSize,
		Keys:     []string{"training.n_samples_per_prompt"},
		Severity: Warning,
		Stage:    StageAdvice,
		Summary:  "n_samples_per_prompt = 1: every sample is its own group baseline, so there is no learning signal.",
		Doc: `GRPO scores each sample against the other samples of the same prompt. With one sample per prompt
every advantage is zero and the run learns nothing. Use 4 or more (the platform default is 8).`,
		Bad:   "# ...\n[training]\nn_samples_per_prompt = 1\n",
		Good:  "# ...\n[training]\nn_samples_per_prompt = 8\n",
		Kinds: []string{"training"},
		check: checkGRPOGroupSize,
	})
}

func checkGRPOGroupSize(c *Context) {
	_, v := c.Get("training", "n_samples_per_prompt")
	if x, ok := v.Number(); ok && x == 1 {
		c.Report(v.Range, "training.n_samples_per_prompt", "n_samples_per_prompt = 1 leaves GRPO without a learning signal: each sample is compared only with itself; use 4 or more (default 8)")
	}
}
