package lint

var (
	ruleUnknownVariant = Rule{
		ID:       RuleUnknownVariant,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Unsafe),
		Summary:  "A benchmark agent model whose type is missing or not provider, endpoint or hosted.",
		Doc: `[agents.model] is one of three shapes chosen by type: "provider" (model, api_key_secret),
"endpoint" (base_url, model, api_key_secret, extra_headers) or "hosted" (base_model,
lora_model_name). Without a known type the CLI cannot tell which keys apply.`,
		Bad:   "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"openai\"\nmodel = \"gpt-5\"\n",
		Good:  "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5\"\napi_key_secret = \"OPENAI_API_KEY\"\n",
		Kinds: []string{"benchmark"},
		check: func(c *Context) { reportEnum(c, RuleUnknownVariant) },
	}
)

var _ = register(&ruleUnknownVariant)
