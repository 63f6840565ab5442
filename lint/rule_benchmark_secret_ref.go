package lint

import (
	"bytes"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

var (
	ruleBenchmarkSecretRef = Rule{
		ID:       RuleBenchmarkSecretRef,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Unsafe, DisplayOnly),
		Summary:  "A benchmark secret reference that collides with an env var, a reserved name or a harness's own credential.",
		Doc: `The platform injects each agent's model key, the judge key and the verifier secrets as environment
variables named after their secret records, so for each agent (with [env] and its [agents.env]
merged):

- a model's api_key_secret must not be one of the runner's reserved names (DAYTONA_API_KEY,
  DAYTONA_API_URL, SKYPILOT_SERVICE_ACCOUNT_TOKEN, SKYPILOT_API_SERVER_ENDPOINT) and must not also
  be an env var;
- the judge_api_key_secret and the [verifier] required names must not also be env vars;
- the cursor-cli harness needs harness_api_key_secret = "CURSOR_API_KEY" and no CURSOR_API_KEY env
  var; every other harness (and the official scaffold) must not set harness_api_key_secret;
- with the mini-swe-agent harness and a provider or endpoint model, MSWEA_API_KEY must not be an
  env var: the platform sets it to the model key.`,
		Bad:   "# ...\n[env]\nOPENAI_API_KEY = \"set-in-ci\"\n\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"OPENAI_API_KEY\"\n",
		Good:  "# ...\n[[agents]]\nharness = \"codex\"\n[agents.model]\ntype = \"provider\"\nmodel = \"openai/gpt-5.2\"\napi_key_secret = \"OPENAI_API_KEY\"\n",
		Kinds: []string{"benchmark"},
		check: checkBenchmarkSecretRefs,
	}
)

var _ = register(&ruleBenchmarkSecretRef)

// reservedModelSecrets are names the benchmark runner removes before it
// passes the model key on.
var reservedModelSecrets = map[string]bool{
	"DAYTONA_API_KEY":                true,
	"DAYTONA_API_URL":                true,
	"SKYPILOT_SERVICE_ACCOUNT_TOKEN": true,
	"SKYPILOT_API_SERVER_ENDPOINT":   true,
}

// harnessKeyEnv maps harnesses that take their own credential to the
// variable they read.
var harnessKeyEnv = map[string]string{"cursor-cli": "CURSOR_API_KEY"}

type secretRef struct {
	name  string
	value *toml.Value
	key   string
	where string
}

// benchmarkSecretRefs lists the secret names a benchmark config references,
// in the order the CLI checks them. The list is shared: read it only.
func benchmarkSecretRefs(c *Context) []secretRef {
	if !c.secretRefsOK {
		c.secretRefs, c.secretRefsOK = findSecretRefs(c), true
	}
	return c.secretRefs
}

func findSecretRefs(c *Context) []secretRef {
	var refs []secretRef
	agents := benchmarkAgents(c)
	for _, a := range agents {
		if a.modelType == "provider" || a.modelType == "endpoint" {
			if _, v, ok := c.Str(append(a.path, "model", "api_key_secret")...); ok {
				refs = append(refs, secretRef{v.Str, v, a.key + ".model.api_key_secret", "api_key_secret of agent " + strconv.Itoa(a.n)})
			}
		}
	}
	for _, a := range agents {
		if _, v, ok := c.Str(append(a.path, "harness_api_key_secret")...); ok {
			refs = append(refs, secretRef{v.Str, v, a.key + ".harness_api_key_secret", "harness_api_key_secret of agent " + strconv.Itoa(a.n)})
		}
	}
	if _, v, ok := c.Str("execution", "judge_api_key_secret"); ok {
		refs = append(refs, secretRef{v.Str, v, "execution.judge_api_key_secret", "[execution] judge_api_key_secret"})
	}
	for _, sec := range []string{"verifier", "secrets"} {
		_, list := c.Get(sec, "required")
		if list == nil || list.Kind != toml.KindArray {
			continue
		}
		for i, it := range list.Items {
			if it.Kind == toml.KindString {
				refs = append(refs, secretRef{it.Str, it, sec + ".required." + strconv.Itoa(i), "[" + sec + "] required"})
			}
		}
	}
	return refs
}

type benchAgent struct {
	n          int // 1-based
	path       []string
	key        string
	table      *toml.Table
	modelType  string
	harness    string
	hasHarness bool
}

// benchmarkAgents lists the agents of a benchmark config. The list is
// shared: read it only.
func benchmarkAgents(c *Context) []benchAgent {
	if !c.agentsDone {
		c.agents, c.agentsDone = findAgents(c), true
	}
	return c.agents
}

func findAgents(c *Context) []benchAgent {
	_, v := c.Get("agents")
	if v == nil || v.Kind != toml.KindArray {
		return nil
	}
	var out []benchAgent
	for i, it := range v.Items {
		if it.Kind != toml.KindTable {
			continue
		}
		a := benchAgent{n: i + 1, path: []string{"agents", strconv.Itoa(i)}, key: "agents." + strconv.Itoa(i), table: it.Table}
		a.modelType, _, _ = c.Str("agents", strconv.Itoa(i), "model", "type")
		a.harness, _, a.hasHarness = c.Str("agents", strconv.Itoa(i), "harness")
		out = append(out, a)
	}
	return out
}

// envVar is one variable of an agent's effective environment.
type envVar struct {
	entry  *toml.Entry
	source string // "[env]" or "[agents.env] of agent N"
	key    string
}

// effectiveEnv merges [env] with the agent's [agents.env], the agent's
// winning, as the platform does.
func effectiveEnv(c *Context, a benchAgent) map[string]envVar {
	env := map[string]envVar{}
	if _, v := c.Get("env"); v != nil && v.Kind == toml.KindTable {
		for _, e := range v.Table.Entries {
			env[e.Key] = envVar{e, "[env]", "env." + e.Key}
		}
	}
	if e := a.table.Get("env"); e != nil && e.Value.Kind == toml.KindTable {
		for _, x := range e.Value.Table.Entries {
			env[x.Key] = envVar{x, "[agents.env] of agent " + strconv.Itoa(a.n), a.key + ".env." + x.Key}
		}
	}
	return env
}

func checkBenchmarkSecretRefs(c *Context) {
	reported := map[[2]int]bool{}
	once := func(r toml.Range, key, msg string, fixes ...Fix) {
		id := [2]int{r.Start, r.End}
		if reported[id] {
			return
		}
		reported[id] = true
		c.Report(r, key, msg, fixes...)
	}
	judge, _, _ := c.Str("execution", "judge_api_key_secret")
	_, verifier := c.Get("verifier", "required")
	for _, a := range benchmarkAgents(c) {
		env := effectiveEnv(c, a)
		agent := "agent " + strconv.Itoa(a.n)
		if a.modelType == "provider" || a.modelType == "endpoint" {
			if name, v, ok := c.Str(append(a.path, "model", "api_key_secret")...); ok {
				if reservedModelSecrets[name] {
					once(v.Range, a.key+".model.api_key_secret", "the api_key_secret "+code(name)+" of "+agent+" is a name the benchmark runner reserves for itself; store the model key under another secret record name")
				}
				if ev, ok := env[name]; ok {
					once(ev.entry.KeyRange, ev.key, code(name)+" is both an env var in "+ev.source+" and the api_key_secret of "+agent+"; the platform injects the secret under that name, so remove or rename the env var", removeEnvFix(c, ev)...)
				}
			}
		}
		if judge != "" {
			if ev, ok := env[judge]; ok {
				once(ev.entry.KeyRange, ev.key, code(judge)+" is both an env var in "+ev.source+" and the judge_api_key_secret; the platform injects the judge key under that name, so remove or rename the env var", removeEnvFix(c, ev)...)
			}
		}
		if verifier != nil && verifier.Kind == toml.KindArray {
			for _, it := range verifier.Items {
				if it.Kind != toml.KindString {
					continue
				}
				if ev, ok := env[it.Str]; ok {
					once(ev.entry.KeyRange, ev.key, code(it.Str)+" is both an env var in "+ev.source+" and a [verifier] required secret; the platform injects the secret under that name, so remove or rename the env var", removeEnvFix(c, ev)...)
				}
			}
		}
		hks, hksVal, hasHKS := c.Str(append(a.path, "harness_api_key_secret")...)
		hksEntry := a.table.Get("harness_api_key_secret")
		if want, ok := harnessKeyEnv[a.harness]; ok && a.hasHarness {
			if ev, ok := env[want]; ok {
				once(ev.entry.KeyRange, ev.key, code(want)+" in "+ev.source+" is managed by the "+a.harness+" harness of "+agent+"; remove the env var", removeEnvFix(c, ev)...)
			}
			switch {
			case hksEntry == nil:
				he, harness := c.Get(append(a.path, "harness")...)
				var fixes []Fix
				line := "harness_api_key_secret = " + tomlString(want)
				if s := fix.StmtAt(c.Doc, he.KeyRange.Start); s != nil && s.Kind == toml.StmtKeyValue && len(s.Keys) == 1 {
					// the line after harness, in the agent's table
					at, text := s.Range.End, "\n"+line
					if nl := bytes.IndexByte(c.Doc.Src[at:], '\n'); nl >= 0 {
						at, text = at+nl+1, line+"\n"
					}
					fixes = append(fixes, fix.New("Add "+line, false, fix.Insert(at, text)))
				}
				once(harness.Range, a.key+".harness_api_key_secret", "the "+a.harness+" harness of "+agent+" needs "+line+" in its [[agents]] table; "+
					"the platform injects the secret record of that name into the harness: store the key with `osmosis secret set "+want+"`", fixes...)
			case hasHKS && hks != want:
				once(hksVal.Range, a.key+".harness_api_key_secret", "the "+a.harness+" harness of "+agent+" reads "+want+", so harness_api_key_secret must be "+tomlString(want)+"; found "+code(hks),
					fix.Offer("Use \""+want+"\"", fix.Replace(hksVal.Range, tomlString(want))))
			}
		} else if hksEntry != nil {
			subject := "the official scaffold of " + agent
			if a.hasHarness {
				subject = "the " + code(a.harness) + " harness of " + agent
			}
			var fixes []Fix
			if s := fix.StmtAt(c.Doc, hksEntry.KeyRange.Start); s != nil && s.Kind == toml.StmtKeyValue {
				if e, ok := fix.DeleteStmt(c.Doc, s); ok {
					fixes = append(fixes, fix.Offer("Remove harness_api_key_secret", e))
				}
			}
			once(hksEntry.KeyRange, a.key+".harness_api_key_secret", subject+" does not use harness_api_key_secret; remove it (only cursor-cli takes one)", fixes...)
		}
		if a.harness == "mini-swe-agent" && (a.modelType == "provider" || a.modelType == "endpoint") {
			if ev, ok := env["MSWEA_API_KEY"]; ok {
				once(ev.entry.KeyRange, ev.key, "`MSWEA_API_KEY` in "+ev.source+" is set by the platform to the model key of "+agent+" (mini-swe-agent harness); remove the env var", removeEnvFix(c, ev)...)
			}
		}
	}
}

func removeEnvFix(c *Context, ev envVar) []Fix {
	if s := fix.StmtAt(c.Doc, ev.entry.KeyRange.Start); s != nil && s.Kind == toml.StmtKeyValue && len(s.Keys) == 1 {
		if e, ok := fix.DeleteStmt(c.Doc, s); ok {
			return []Fix{fix.Offer("Remove the env var", e)}
		}
	}
	return nil
}
