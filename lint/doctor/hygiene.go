package doctor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/credential"
)

// localState reports the local state of the osmosis CLI that git tracks.
func (d *run) localState() {
	st := d.snap().TrackedLocalState()
	if !st.Read {
		return // no repository, or an index doctor reports elsewhere
	}
	bad := false
	if st.OsmosisCount > 0 {
		bad = true
		msg := plural(st.OsmosisCount, "file") + " under .osmosis/ tracked by git (" + listed(st.Osmosis, st.OsmosisCount) + "): local eval runs and their logs, which older SDKs wrote with short secrets unredacted; `git rm -r --cached` them, keep .osmosis/ ignored and rotate any secret a log held"
		d.check(Warn, lint.RuleLocalStateTracked, msg, ".osmosis/")
		d.finding(lint.RuleLocalStateTracked, st.Osmosis[0], 1, lint.Warning, msg)
	}
	if st.VenvCount > 0 {
		bad = true
		msg := plural(st.VenvCount, "file") + " of a rollout's virtual environment tracked by git (" + listed(st.Venvs, len(st.Venvs)) + "): osmosis eval run makes it for this machine; `git rm -r --cached` it and add .venv/ to .gitignore"
		d.check(Warn, lint.RuleLocalStateTracked, msg, st.Venvs[0]+"/")
		d.finding(lint.RuleLocalStateTracked, st.Venvs[0], 1, lint.Warning, msg)
	}
	if !bad {
		d.check(OK, lint.RuleLocalStateTracked, "no local state of the osmosis CLI (.osmosis/ runs, rollout .venv/) in git", "")
	}
}

// listed names up to the shown paths of n.
func listed(shown []string, n int) string {
	out := strings.Join(shown, ", ")
	if n > len(shown) {
		out += ", and " + strconv.Itoa(n-len(shown)) + " more"
	}
	return out
}

// envExample reports what looks like a real credential in .env.example.
func (d *run) envExample() {
	ex := d.snap().EnvExample()
	if !ex.Present {
		return
	}
	names := make([]string, 0, len(ex.Vars))
	for name := range ex.Vars {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return ex.Vars[a].Line - ex.Vars[b].Line })
	found := 0
	for _, name := range names {
		v := ex.Vars[name]
		c, ok := credential.Detect(name, v.Value)
		if !ok {
			continue
		}
		found++
		msg := ".env.example line " + strconv.Itoa(v.Line) + ": " + name + " looks like " + c.What + " (" + c.Describe(v.Value) + "): the file is tracked on purpose, so the value is in the repository; leave it empty or a placeholder and rotate the secret"
		d.check(Fail, lint.RuleEnvExampleCredential, msg, ".env.example")
		d.finding(lint.RuleEnvExampleCredential, ".env.example", v.Line, lint.Error, msg)
	}
	if found == 0 {
		d.check(OK, lint.RuleEnvExampleCredential, ".env.example holds no value that looks like a credential", ".env.example")
	}
}
