package doctor

import (
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/datafile"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// rollouts checks each rollout's pyproject.toml and which rollouts no config
// uses.
func (d *run) rollouts() {
	used := d.used
	rolls := d.snap().Rollouts()
	issues := d.snap().RolloutIssues()
	if len(rolls) == 0 && len(issues) == 0 {
		d.check(Info, lint.RuleRolloutPyproject, "no rollouts under rollouts/ yet", "rollouts/")
		return
	}
	bad := 0
	for _, is := range issues {
		bad++
		d.check(Warn, lint.RuleRolloutPyproject, is.Message()+": it is no rollout, and configs that name it fail", is.Path)
	}
	for _, r := range rolls {
		rel := r.Path + "/pyproject.toml"
		if !r.Resolved.Inside {
			bad++
			d.check(Warn, lint.RuleRolloutPyproject, r.Path+" "+escapes(r.Resolved.EscapeVia, r.Resolved.EscapeTarget), r.Path)
			continue
		}
		problems := d.pyprojectProblems(r.Path, rel, r.HasPyproject)
		if len(problems) > 0 {
			bad++
		}
		for _, problem := range problems {
			sev := lint.Warning
			st := Warn
			if strings.HasPrefix(problem.text, "not valid TOML") {
				sev, st = lint.Error, Fail
			}
			d.check(st, lint.RuleRolloutPyproject, rel+": "+problem.text, rel)
			d.finding(lint.RuleRolloutPyproject, rel, problem.line, sev, rel+": "+problem.text)
		}
		if !used[r.Name] {
			d.check(Info, lint.RuleUnusedRollout, "rollout "+r.Name+" is not used by any training or eval config", r.Path+"/")
		}
	}
	if bad == 0 {
		d.check(OK, lint.RuleRolloutPyproject, plural(len(rolls), "rollout")+" with a pyproject.toml that lists osmosis-ai", "rollouts/")
	}
}

// maxPyproject bounds a rollout's pyproject.toml.
const maxPyproject = 16 << 20

// pyprojectProblem is one thing wrong with a rollout's pyproject.toml, at
// a 1-based line.
type pyprojectProblem struct {
	text string
	line int
}

// pyprojectProblems says what is wrong with the pyproject.toml of the
// rollout at dir (workspace-relative), whose path is rel.
func (d *run) pyprojectProblems(dir, rel string, exists bool) []pyprojectProblem {
	if !exists {
		return []pyprojectProblem{{"missing: the platform installs the rollout's dependencies from it; add one with [project] dependencies = [\"osmosis-ai[server]\", ...]", 1}}
	}
	c, err := d.snap().ReadFile(rel, maxPyproject)
	if err != nil {
		return []pyprojectProblem{{workspace.DescribeError(err), 1}}
	}
	src := c.Data
	doc := toml.Parse(src)
	if len(doc.Errors) > 0 {
		e := doc.Errors[0]
		line, col := doc.Lines.Position(e.Range.Start, toml.Runes)
		return []pyprojectProblem{{fmt.Sprintf("not valid TOML: line %d, column %d: %s", line+1, col+1, strings.TrimPrefix(e.Message, "invalid TOML: ")), line + 1}}
	}
	lineOf := func(v *toml.Value) int {
		line, _ := doc.Lines.Position(v.Range.Start, toml.Runes)
		return line + 1
	}
	var out []pyprojectProblem
	_, deps := doc.Root.Lookup("project", "dependencies")
	sdk := rolloutRequirements(deps)
	switch {
	case sdk.osmosis == nil:
		out = append(out, pyprojectProblem{"[project] dependencies does not list osmosis-ai, which the rollout server needs", 1})
	case !sdk.server && !sdk.serverDeps():
		out = append(out, pyprojectProblem{"osmosis-ai is listed without its server extra (`" + sdk.osmosis.Str + "`): the rollout server needs FastAPI and uvicorn, which only osmosis-ai[server] installs; list \"osmosis-ai[server]\"", lineOf(sdk.osmosis)})
	}
	out = append(out, d.uvSourcesOutside(doc, dir, lineOf)...)
	return out
}

// rolloutSDK is what a rollout's dependencies say of osmosis-ai.
type rolloutSDK struct {
	// osmosis is the requirement naming osmosis-ai, if any.
	osmosis *toml.Value
	// server: it asks for an extra that installs the rollout server's
	// dependencies (server, or eval-run, which includes it).
	server bool
	// fastapi, uvicorn: listed on their own.
	fastapi, uvicorn bool
}

func (r rolloutSDK) serverDeps() bool { return r.fastapi && r.uvicorn }

func rolloutRequirements(deps *toml.Value) rolloutSDK {
	var r rolloutSDK
	if deps == nil || deps.Kind != toml.KindArray {
		return r
	}
	for _, dep := range deps.Items {
		if dep.Kind != toml.KindString {
			continue
		}
		switch lint.RequirementName(dep.Str) {
		case "osmosis-ai":
			if r.osmosis == nil || !r.server {
				r.osmosis = dep
			}
			for _, x := range lint.RequirementExtras(dep.Str) {
				if x == "server" || x == "eval-run" {
					r.server = true
				}
			}
		case "fastapi":
			r.fastapi = true
		case "uvicorn":
			r.uvicorn = true
		}
	}
	return r
}

// uvSourcesOutside reports the [tool.uv.sources] path sources of a
// rollout that the platform cannot reach: it installs the rollout from its
// own clone of the repository (the SDK's docs/eval-run-local.md: the same
// pyproject.toml, resolved as cloud eval and training resolve it), where
// an absolute path or one above the repository is not there.
func (d *run) uvSourcesOutside(doc *toml.Document, dir string, lineOf func(*toml.Value) int) []pyprojectProblem {
	_, sources := doc.Root.Lookup("tool", "uv", "sources")
	if sources == nil || sources.Kind != toml.KindTable || sources.Table == nil {
		return nil
	}
	repoRoot, _ := d.snap().GitRepository()
	var out []pyprojectProblem
	for _, e := range sources.Table.Entries {
		var tables []*toml.Value
		switch {
		case e.Value == nil:
		case e.Value.Kind == toml.KindTable:
			tables = append(tables, e.Value)
		case e.Value.Kind == toml.KindArray:
			tables = append(tables, e.Value.Items...)
		}
		for _, t := range tables {
			if t == nil || t.Kind != toml.KindTable || t.Table == nil {
				continue
			}
			pe := t.Table.Get("path")
			if pe == nil || pe.Value == nil || pe.Value.Kind != toml.KindString {
				continue
			}
			p := pe.Value.Str
			var where string
			switch {
			case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || len(p) > 1 && p[1] == ':' || strings.HasPrefix(p, `\\`):
				where = "an absolute path"
			case repoRoot && leavesRoot(dir, p):
				where = "a path outside the repository"
			default:
				continue
			}
			out = append(out, pyprojectProblem{"[tool.uv.sources] `" + e.Key + "` is " + where + " (`" + p + "`): the platform installs the rollout from its clone of the repository, where it does not exist; keep it out of the commit you submit, or point it at a package inside the repository", lineOf(pe.Value)})
		}
	}
	return out
}

// leavesRoot reports whether the relative path p, taken from the
// workspace-relative directory dir, goes above the workspace root.
func leavesRoot(dir, p string) bool {
	joined := path.Clean(dir + "/" + strings.ReplaceAll(p, `\`, "/"))
	return joined == ".." || strings.HasPrefix(joined, "../")
}

// skills checks .agents/skills and the .claude/skills links.
func (d *run) skills() {
	skills := d.snap().Skills()
	links := d.snap().SkillLinks()
	if len(skills) == 0 && len(links) == 0 {
		d.check(Skipped, lint.RuleSkillsLink, "no agent skills in .agents/skills/", "")
		return
	}
	problems := 0
	linked := map[string]bool{}
	for _, l := range links {
		switch {
		case !l.Symlink:
			problems++
			d.check(Fail, lint.RuleSkillsLink, l.Path+" is not a symlink: make it a relative link to ../../.agents/skills/"+l.Name, l.Path)
			d.finding(lint.RuleSkillsLink, l.Path, 1, lint.Error, l.Path+" is not a symlink to ../../.agents/skills/"+l.Name)
		case l.Absolute:
			problems++
			d.check(Fail, lint.RuleSkillsLink, l.Path+" is an absolute link ("+l.Target+"): it breaks on other machines; link to ../../.agents/skills/"+l.Name, l.Path)
			d.finding(lint.RuleSkillsLink, l.Path, 1, lint.Error, l.Path+" is an absolute symlink ("+l.Target+")")
		case !l.Resolved.Exists:
			problems++
			d.check(Fail, lint.RuleSkillsLink, l.Path+" is a broken link ("+l.Target+")", l.Path)
			d.finding(lint.RuleSkillsLink, l.Path, 1, lint.Error, l.Path+" is a broken symlink ("+l.Target+")")
		case !l.Canonical:
			problems++
			d.check(Fail, lint.RuleSkillsLink, l.Path+" links to "+l.Target+", not to ../../.agents/skills/"+l.Name, l.Path)
			d.finding(lint.RuleSkillsLink, l.Path, 1, lint.Error, l.Path+" does not link to .agents/skills/"+l.Name)
		default:
			linked[l.Name] = true
		}
	}
	for _, s := range skills {
		if !linked[s.Name] && !hasLink(links, s.Name) {
			problems++
			d.check(Warn, lint.RuleSkillsLink, "skill "+s.Name+" has no .claude/skills/"+s.Name+" link, so Claude Code does not see it; `osmosis-lint doctor --fix` creates it", ".claude/skills/"+s.Name)
		}
		switch {
		case !s.HasFile:
			problems++
			d.check(Fail, lint.RuleSkillFrontmatter, s.Path+" is missing", s.Path)
			d.finding(lint.RuleSkillFrontmatter, s.Path, 1, lint.Error, s.Path+" is missing: every skill directory needs its SKILL.md")
		case !s.FrontMatter:
			problems++
			why := "it has no front matter (a --- block with name and description)"
			if s.FrontMatterError != "" {
				why = "its front matter is malformed: " + s.FrontMatterError
			}
			d.check(Fail, lint.RuleSkillFrontmatter, s.Path+": "+why, s.Path)
			d.finding(lint.RuleSkillFrontmatter, s.Path, 1, lint.Error, s.Path+": "+why)
		case s.FrontName != s.Name:
			problems++
			msg := fmt.Sprintf("%s: front matter name %q should be the directory name %q", s.Path, s.FrontName, s.Name)
			d.check(Fail, lint.RuleSkillFrontmatter, msg, s.Path)
			d.finding(lint.RuleSkillFrontmatter, s.Path, 1, lint.Error, msg)
		case strings.TrimSpace(s.Description) == "":
			problems++
			d.check(Fail, lint.RuleSkillFrontmatter, s.Path+": front matter has no description", s.Path)
			d.finding(lint.RuleSkillFrontmatter, s.Path, 1, lint.Error, s.Path+": front matter has no description")
		}
	}
	if problems == 0 {
		d.check(OK, lint.RuleSkillsLink, plural(len(skills), "skill")+", each linked from .claude/skills/", ".agents/skills/")
	}
}

func hasLink(links []workspace.SkillLink, name string) bool {
	for _, l := range links {
		if l.Name == name {
			return true
		}
	}
	return false
}

// datasets validates every data/ file the upload would take.
func (d *run) datasets() {
	files := d.snap().DataFiles()
	checked, bad, warned := 0, 0, 0
	for _, is := range d.snap().DataIssues() {
		bad++
		d.check(Warn, lint.RuleDatasetFile, is.Message()+"; not read", is.Path)
	}
	if lim := d.snap().DataLimit(); lim.Hit() {
		d.check(Warn, lint.RuleDatasetFile, lim.Describe("data")+"; files beyond were not checked", "data/")
	}
	names := make(map[string]bool, len(files))
	for _, f := range files {
		names[f.Name] = true
	}
	for _, f := range files {
		if datafile.FormatOf(uploadedName(f)) == datafile.FormatUnknown {
			switch d.advise(f, names) {
			case Fail:
				bad++
			case Warn:
				warned++
			}
			continue
		}
		checked++
		res, err := d.dataFile(f)
		if err != nil {
			bad++
			d.check(Fail, lint.RuleDatasetFile, f.Path+": "+err.Error(), f.Path)
			continue
		}
		errs := 0
		for _, p := range res.Problems {
			if p.Severity == lint.Error {
				errs++
			}
		}
		switch {
		case errs > 0:
			bad++
			d.check(Fail, lint.RuleDatasetFile, fmt.Sprintf("%s: the upload would refuse it (%s)", f.Path, plural(errs, "problem")), f.Path)
		case len(res.Problems) > 0:
			d.check(Warn, lint.RuleDatasetFile, f.Path+": "+res.Problems[0].Message, f.Path)
		}
	}
	switch {
	case checked == 0 && bad == 0 && warned == 0:
		d.check(Skipped, lint.RuleDatasetFile, "no dataset files (.jsonl, .csv, .parquet) in data/", "data/")
	case bad == 0 && checked > 0:
		d.check(OK, lint.RuleDatasetFile, plural(checked, "dataset file")+" the upload would take", "data/")
	}
}

// uploadedName is the name the upload judges a data file by: a link's
// target's, as the CLI resolves the path first.
func uploadedName(f workspace.DataFile) string {
	if f.Symlink && f.Resolved != "" {
		return path.Base(f.Resolved)
	}
	return f.Name
}

// advise warns about a file the upload refuses that looks like a dataset
// (datafile.Suggest), reading the head of the few it sniffs, and refuses a
// link named as a dataset whose target the upload refuses; names are the
// data/ files, which a rename must not overwrite. It returns the status it
// reported, OK for none.
func (d *run) advise(f workspace.DataFile, names map[string]bool) Status {
	name := uploadedName(f)
	if f.Symlink && datafile.FormatOf(f.Name) != datafile.FormatUnknown {
		// Named as a dataset, but the upload judges the file the link
		// leads to, by its own name.
		msg := fmt.Sprintf("%s is a link to %s: the upload resolves the link and refuses a %s file; it takes .jsonl, .csv and .parquet", f.Path, f.Resolved, quoteExt(name))
		d.check(Fail, lint.RuleDatasetFile, msg, f.Path)
		d.finding(lint.RuleDatasetFile, f.Path, 1, lint.Error, msg)
		return Fail
	}
	var head []byte
	if datafile.Sniffed(name) && f.Size > 0 {
		file, _, err := d.snap().OpenFile(f.Path)
		if err != nil {
			return OK
		}
		buf := make([]byte, min(f.Size, datafile.AdviceHead))
		n, _ := io.ReadFull(file, buf)
		file.Close()
		head = buf[:n]
	}
	a, ok := datafile.Suggest(name, head)
	if !ok {
		return OK
	}
	msg := f.Path + ": " + a.Message
	if a.Rename != "" && !f.Symlink && !names[a.Rename] {
		msg += "; rename it to data/" + a.Rename
	}
	d.check(Warn, lint.RuleDatasetFile, msg, f.Path)
	d.finding(lint.RuleDatasetFile, f.Path, 1, lint.Warning, msg)
	return Warn
}

// quoteExt names a file's extension for a message, as the CLI does.
func quoteExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 && i < len(name)-1 {
		return strconv.Quote(name[i:])
	}
	return "extensionless"
}

// dataFile validates one data file as the upload would and adds its
// problems as findings; an error (the file could not be read) is a
// finding too.
func (d *run) dataFile(f workspace.DataFile) (datafile.Result, error) {
	res, err := d.validateData(f)
	if err != nil {
		d.finding(lint.RuleDatasetFile, f.Path, 1, lint.Error, f.Path+": "+err.Error())
		return res, err
	}
	for _, p := range res.Problems {
		d.finding(lint.RuleDatasetFile, f.Path, p.Line, p.Severity, p.Message)
	}
	return res, nil
}

// DataFile checks one file under data/ of the workspace that holds it, as
// doctor's dataset-file check does, and returns its findings (none for a
// file the upload does not take, or a link out of the workspace).
// path is absolute or relative to opts.Dir.
func DataFile(path string, opts Options) ([]lint.Finding, error) {
	d, err := newRun(filepath.Dir(path), opts)
	if err != nil {
		return nil, err
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(d.opts.Dir, abs)
	}
	rel, ok := d.snap().Rel(abs)
	if !ok {
		return nil, nil
	}
	for _, f := range d.snap().DataFiles() {
		if f.Path != rel || datafile.FormatOf(uploadedName(f)) == datafile.FormatUnknown {
			continue
		}
		d.dataFile(f) // an unreadable file is a finding already
		return d.rep.Findings, nil
	}
	return nil, nil
}

// validateData streams one data file through the upload's validation.
func (d *run) validateData(f workspace.DataFile) (datafile.Result, error) {
	file, info, err := d.snap().OpenFile(f.Path)
	if err != nil {
		return datafile.Result{}, errors.New(workspace.DescribeError(err))
	}
	defer file.Close()
	return datafile.Validate(file, uploadedName(f), info.Size, datafile.Options{}), nil
}

// envFiles reports .env files that are in git or could get there.
func (d *run) envFiles() {
	bad, unknown := 0, 0
	for _, e := range d.snap().EnvFiles() {
		if !e.Present || e.Name == ".env.example" {
			continue
		}
		switch {
		case e.Tracked:
			bad++
			d.check(Fail, lint.RuleEnvFile, e.Name+" is tracked by git: its secrets are in the repository the platform clones; `git rm --cached "+e.Name+"`, add it to .gitignore and rotate the secrets", e.Name)
			d.finding(lint.RuleEnvFile, e.Name, 1, lint.Error, e.Name+" is tracked by git: remove it from the repository and rotate its secrets")
		case e.IgnoreUnknown:
			unknown++
			d.check(Skipped, lint.RuleEnvFile, e.Name+": whether git ignores it is not known: .git/info/exclude is a symlink out of the git directory, which is not followed", e.Name)
		case !e.Ignored:
			bad++
			d.check(Warn, lint.RuleEnvFile, e.Name+" is not ignored by .gitignore: the next `git add -A` commits its secrets; add `"+e.Name+"` to .gitignore", e.Name)
			d.finding(lint.RuleEnvFile, e.Name, 1, lint.Warning, e.Name+" is not ignored by .gitignore")
		}
	}
	if bad == 0 && unknown == 0 {
		d.check(OK, lint.RuleEnvFile, "no .env file in git or outside .gitignore", "")
	}
}
