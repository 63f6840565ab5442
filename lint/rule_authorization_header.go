package lint

import (
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleAuthorizationHeader = Rule{
		ID:       RuleAuthorizationHeader,
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "An endpoint model's extra_headers sets Authorization.",
		Doc: `An endpoint model authenticates with api_key_secret, which the platform sends as the bearer token.
extra_headers must not carry an Authorization header (in any letter case): the key would sit in
the config in plain text.`,
		Bad:   "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"endpoint\"\nbase_url = \"https://llm.example.com/v1\"\nmodel = \"my-model\"\napi_key_secret = \"MY_ENDPOINT_KEY\"\nextra_headers = { Authorization = \"Bearer ...\" }\n",
		Good:  "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"endpoint\"\nbase_url = \"https://llm.example.com/v1\"\nmodel = \"my-model\"\napi_key_secret = \"MY_ENDPOINT_KEY\"\n",
		Kinds: []string{"benchmark"},
		check: checkAuthorizationHeader,
	}
)

var _ = register(&ruleAuthorizationHeader)

func checkAuthorizationHeader(c *Context) {
	for _, a := range benchmarkAgents(c) {
		if a.modelType != "endpoint" {
			continue
		}
		_, h := c.Get(append(a.path, "model", "extra_headers")...)
		if h == nil || h.Kind != toml.KindTable {
			continue
		}
		for _, e := range h.Table.Entries {
			if strings.EqualFold(e.Key, "authorization") {
				c.Report(e.KeyRange, a.key+".model.endpoint.extra_headers",
					"extra_headers of agent "+strconv.Itoa(a.n)+" must not set "+code(e.Key)+": the platform sends api_key_secret as the bearer token; keep the key in a secret record")
			}
		}
	}
}
