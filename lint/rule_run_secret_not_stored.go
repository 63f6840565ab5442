package lint

import (
	"strconv"
)

var (
	ruleRunSecretNotStored = Rule{
		ID:       RuleRunSecretNotStored,
		Severity: Info,
		Stage:    StageSubmit,
		Summary:  "A [secrets] required name that is not in the saved secret list: submit must be given its value.",
		Doc: `With a saved secret list (` + "`osmosis --json secret list --all > secrets.json`" + `, passed with
--secret-list or the ` + "`secret-list`" + ` setting; names and scopes only, never values), a [secrets]
required name it does not hold is not stored on the platform. Submit still runs: ` + "`osmosis train submit`" + `,
` + "`osmosis eval submit`" + ` and ` + "`osmosis benchmark submit`" + ` resolve each such name from
` + "`--secrets-file`" + `, then the environment, then the secret store, then an interactive prompt, and fail
only when none has it (in ` + "`--json`" + ` or ` + "`--plain`" + ` mode nothing prompts: INTERACTIVE_REQUIRED); see the
SDK's docs/eval.md, "Secret resolution". So this is information: give the value on every run with
` + "`--secrets-file`" + ` or the environment, or store it once with ` + "`osmosis secret set NAME`" + `.

The list is a copy saved earlier: the secret may have been stored since. Without a saved list
osmosis-lint cannot know, and stays quiet.`,
		Bad:       "# ...\n[secrets]\nrequired = [\"JUDGE_API_KEY\"]\n",
		Good:      "# ...\n[secrets]\nrequired = [\"OPENAI_API_KEY\"]\n",
		Kinds:     []string{"training", "eval", "benchmark"},
		Workspace: true,
		check:     checkRunSecretNotStored,
	}
)

var _ = register(&ruleRunSecretNotStored)

func checkRunSecretNotStored(c *Context) {
	if c.Env == nil || !c.Env.WS.HasSecretList() {
		return
	}
	seen := map[string]bool{}
	for i, v := range requiredSecrets(c) {
		if !unstoredSecret(c, v.Str, seen) {
			continue
		}
		c.Report(v.Range, "secrets.required."+strconv.Itoa(i), "secret "+code(v.Str)+" is not a stored secret record in "+secretListName(c)+
			": submit asks for its value each run (`--secrets-file`, the environment, or a prompt); to store it once, `osmosis secret set "+v.Str+"`")
	}
}
