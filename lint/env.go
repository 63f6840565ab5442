package lint

import (
	"fmt"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/gitsync"
)

// Env is the workspace a config file belongs to, as the cross-file rules see
// it.
type Env struct {
	WS *workspace.Snapshot
	// Rel is the config's path relative to the workspace root, with forward
	// slashes.
	Rel string
	// Unnamed marks text without a file (standard input with --kind and no
	// --stdin-filename): it has no place, so config-location says nothing.
	Unnamed bool
	// CLIRel is the config's path relative to the top of the git worktree
	// when the osmosis CLI would take that as the workspace instead of the
	// root (a workspace found below the git root); "" otherwise.
	CLIRel string
	// CLIOthers and CLIQuiet let a run say the CLIRel problem once, not
	// once a config: the config with CLIOthers (how many other configs of
	// the workspace the run checks) speaks for them all, and those with
	// CLIQuiet say nothing of it.
	CLIOthers int
	CLIQuiet  bool

	// paths holds the rollout paths resolved so far: by this file's rules,
	// or by every file of a CLI run (see runner.check).
	paths *rolloutPaths

	placeOnce sync.Once
	place     workspace.ConfigPlace
}

// configPlace is Snapshot.ConfigKind of the config, resolved once (the
// input's kind and config-location both need it).
func (e *Env) configPlace() workspace.ConfigPlace {
	e.placeOnce.Do(func() { e.place = e.WS.ConfigKind(e.Rel) })
	return e.place
}

// rolloutPaths remembers resolved rollout and entrypoint paths. Resolving
// one reads the filesystem a component at a time; four rules need the
// same one, and the configs of a workspace mostly share a few rollouts.
type rolloutPaths struct {
	m sync.Map
	// pyprojects holds each rollout's pyproject.toml facts, by name.
	pyprojects sync.Map
	// pymodules holds each Python file read, by workspace-relative path;
	// imports what importing each rollout and entrypoint executes and meets.
	pymodules sync.Map
	imports   sync.Map
	// evals are the workspace's eval configs (evalConfigs)
	evals evalIndex
}

type rolloutKey struct{ rollout, entrypoint string }

// rolloutPath is Snapshot.ResolveRolloutPath, remembered.
func (e *Env) rolloutPath(rollout, entrypoint string) workspace.RolloutPath {
	if e.paths == nil {
		return e.WS.ResolveRolloutPath(rollout, entrypoint)
	}
	k := rolloutKey{rollout, entrypoint}
	if rp, ok := e.paths.m.Load(k); ok {
		return rp.(workspace.RolloutPath)
	}
	rp := e.WS.ResolveRolloutPath(rollout, entrypoint)
	e.paths.m.Store(k, rp)
	return rp
}

// NewEnv binds a config path (absolute, or relative to the root) to its
// workspace. It returns nil when ws is nil.
func NewEnv(ws *workspace.Snapshot, path string) *Env {
	if ws == nil {
		return nil
	}
	rel, ok := ws.Rel(path)
	if !ok {
		rel = path
	}
	return &Env{WS: ws, Rel: rel, paths: &rolloutPaths{}}
}

// hasDataStem reports whether a data/ file the platform takes would upload
// as the dataset stem.
func (e *Env) hasDataStem(stem string) bool {
	for _, f := range e.WS.DataFiles() {
		if f.UploadName == stem && f.PlatformFormat() {
			return true
		}
	}
	return false
}

// maxRolloutPyproject bounds a rollout's pyproject.toml.
const maxRolloutPyproject = 16 << 20

// rolloutPyproject is what the osmosis CLI's submit preflight reads of
// rollouts/<name>/pyproject.toml.
type rolloutPyproject struct {
	// present: a file the workspace holds (read through the door).
	present bool
	// badUTF8Line is the 1-based line of the first byte that is not UTF-8,
	// or 0.
	badUTF8Line int
	// others are the declared dependencies the CLI's own environment may
	// lack (it then skips loading the entrypoint): all but a plain
	// osmosis-ai, which is the CLI itself.
	others []string
	// sdk are the osmosis-ai requirements as written, sdkOnly that no
	// other dependency is declared, sdkUV that [tool.uv.sources] has an
	// entry for osmosis-ai, and depsMixed that a dependency is not a
	// string (sdkRequirement reads these).
	sdk       []string
	sdkOnly   bool
	sdkUV     bool
	depsMixed bool
}

// pyproject reads a rollout's pyproject.toml once per run (or per file
// outside a run).
func (e *Env) pyproject(rollout string) rolloutPyproject {
	if e.paths != nil {
		if v, ok := e.paths.pyprojects.Load(rollout); ok {
			return v.(rolloutPyproject)
		}
	}
	p := readRolloutPyproject(e, rollout)
	if e.paths != nil {
		e.paths.pyprojects.Store(rollout, p)
	}
	return p
}

func readRolloutPyproject(e *Env, rollout string) rolloutPyproject {
	ro, ok := e.WS.Rollout(rollout)
	if !ok || !ro.HasPyproject || !ro.Resolved.Inside {
		return rolloutPyproject{}
	}
	c, err := e.WS.ReadFile(ro.Path+"/pyproject.toml", maxRolloutPyproject)
	if err != nil {
		return rolloutPyproject{}
	}
	p := rolloutPyproject{present: true}
	if p.badUTF8Line = workspace.BadUTF8Line(c.Data); p.badUTF8Line > 0 {
		return p
	}
	doc := toml.Parse(c.Data)
	if len(doc.Errors) > 0 {
		return p
	}
	if _, src := doc.Root.Lookup("tool", "uv", "sources"); src != nil && src.Table != nil {
		for _, en := range src.Table.Entries {
			p.sdkUV = p.sdkUV || RequirementName(en.Key) == "osmosis-ai"
		}
	}
	_, deps := doc.Root.Lookup("project", "dependencies")
	if deps == nil || deps.Kind != toml.KindArray {
		return p
	}
	p.sdkOnly = true
	for _, d := range deps.Items {
		s := d.Str
		name := RequirementName(s)
		switch {
		case d.Kind != toml.KindString:
			p.depsMixed = true
		case name == "osmosis-ai":
			p.sdk = append(p.sdk, strings.TrimSpace(s))
		default:
			p.sdkOnly = false
		}
		switch {
		case d.Kind != toml.KindString || name == "":
		case name != "osmosis-ai":
			p.others = append(p.others, name)
		case !strings.EqualFold(strings.TrimSpace(s), "osmosis-ai") && !strings.EqualFold(strings.TrimSpace(s), "osmosis_ai"):
			// a version or extras the CLI's own install may not have
			p.others = append(p.others, strings.TrimSpace(s))
		}
	}
	return p
}

// RequirementName is the normalized distribution name of a PEP 508
// requirement ("osmosis-ai[server]>=0.3" -> "osmosis-ai").
func RequirementName(req string) string {
	req = strings.TrimSpace(req)
	end := len(req)
	for i, c := range req {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			end = i
			break
		}
	}
	name := strings.ToLower(req[:end])
	return strings.NewReplacer("_", "-", ".", "-").Replace(name)
}

// RequirementExtras returns the extras a PEP 508 requirement asks for
// (`osmosis-ai[server, harbor]>=0.3` gives server and harbor), normalized
// as package names are.
func RequirementExtras(req string) []string {
	req = strings.TrimSpace(req)
	rest := strings.TrimLeft(req[len(req)-len(strings.TrimLeftFunc(req, isRequirementNameRune)):], " \t")
	if !strings.HasPrefix(rest, "[") {
		return nil
	}
	inside, _, ok := strings.Cut(rest[1:], "]")
	if !ok {
		return nil
	}
	var out []string
	for _, x := range strings.Split(inside, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, RequirementName(x))
		}
	}
	return out
}

func isRequirementNameRune(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
}

// entrypointSide says which side refuses a missing or unloadable
// entrypoint: the CLI, unless the rollout declares dependencies its
// environment may lack, when the CLI skips the load and the platform
// refuses it after installing them.
func entrypointSide(c *Context, rollout string) string {
	p := c.Env.pyproject(rollout)
	if len(p.others) == 0 {
		return ""
	}
	deps := strings.Join(p.others[:min(3, len(p.others))], ", ")
	if len(p.others) > 3 {
		deps += ", ..."
	}
	return " (the osmosis CLI refuses it at submit when its own Python environment has the rollout's dependencies (" + deps + "); without them it skips loading the entrypoint, and the platform refuses it after installing them)"
}

// syncView is what the sync rules see of one config: its rollout, the
// branch or commit it pins, and what git says of them. The platform runs
// the pushed commit, not the working tree: these rules say where the two
// differ.
type syncView struct {
	repo    *gitsync.Repo
	rollout string
	// rv is the rollout's value in the config.
	rv     *toml.Value
	state  gitsync.RolloutState
	branch string
	bv     *toml.Value
	commit string
	cv     *toml.Value
}

// syncOf returns the config's sync view, or false when sync says nothing:
// the file is outside a workspace, the root has no repository of its own,
// the repository could not be read or has no remote-tracking ref of
// origin, so nothing is known of what was pushed (doctor says so, once),
// the current branch has no commit yet, or the config
// names no rollout that exists as a directory inside rollouts/ (other
// rules say what is wrong with it).
func syncOf(c *Context) (syncView, bool) {
	if !c.syncDone {
		c.sync, c.syncOK = findSync(c)
		c.syncDone = true
	}
	return c.sync, c.syncOK
}

func findSync(c *Context) (syncView, bool) {
	var v syncView
	if c.Env == nil {
		return v, false
	}
	name, rv, ok := c.Str("experiment", "rollout")
	if !ok || rolloutNameProblem(name) != "" {
		return v, false
	}
	ro, found := c.Env.WS.Rollout(name)
	if !found || !ro.Resolved.IsDir || !ro.Resolved.Inside {
		return v, false
	}
	repo := c.Env.WS.GitSync()
	if repo == nil || repo.Unchecked != "" || repo.NoRemote || repo.Unborn {
		return v, false
	}
	st, ok := c.Env.WS.RolloutSync(name)
	if !ok || st.Unchecked != "" {
		return v, false
	}
	v = syncView{repo: repo, rollout: name, rv: rv, state: st}
	if b, bv, ok := c.Str("experiment", "branch"); ok && strings.TrimSpace(b) != "" {
		v.branch, v.bv = b, bv
	}
	if s, cv, ok := c.Str("experiment", "commit_sha"); ok && strings.TrimSpace(s) != "" {
		v.commit, v.cv = s, cv
	}
	return v, true
}

// commitSHAPath is where a config pins a commit.
var commitSHAPath = []string{"experiment", "commit_sha"}

// pinnedOf returns what git says of the config's pinned commit, when it
// pins a well-formed one (commit-sha says what is wrong with another; with
// a branch too, branch-and-commit) and something is known of it.
func pinnedOf(c *Context) (syncView, gitsync.CommitState, bool) {
	v, ok := syncOf(c)
	if !ok || v.commit == "" || v.branch != "" || !c.Field(commitSHAPath...).MatchesPattern(v.commit) {
		return v, gitsync.CommitState{}, false
	}
	cs := v.repo.PinnedCommit(v.commit)
	return v, cs, cs.Known && cs.Unchecked == ""
}

// runBranch is the branch the platform runs for the config: its branch,
// else origin's default branch ("" when it pins a commit or the default
// is not known).
func (v syncView) runBranch() string {
	switch {
	case v.commit != "":
		return ""
	case v.branch != "":
		return v.branch
	}
	return v.repo.Default
}

// dir is the rollout's directory as messages name it.
func (v syncView) dir() string { return "rollouts/" + v.rollout + "/" }

// commitsPhrase says "3 commits that change rollouts/x/ (newest: `subject`)".
func commitsPhrase(list []gitsync.Commit, dir string) string {
	s := fmt.Sprintf("%d commits that change %s", len(list), dir)
	if len(list) == 1 {
		s = "1 commit that changes " + dir
	}
	if subj := list[0].Subject; subj != "" {
		s += " (newest: " + code(subj) + ")"
	}
	return s
}

// maxNamed is how many files a message names before it counts the rest.
const maxNamed = 3

// namedFiles names the first few paths and counts the rest.
func namedFiles(paths []string) string {
	if len(paths) <= maxNamed {
		return strings.Join(paths, ", ")
	}
	return strings.Join(paths[:maxNamed], ", ") + fmt.Sprintf(" and %d more", len(paths)-maxNamed)
}

// countOf says "1 file", "3 files".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// fillValue is the TOML text a fix writes for a required key it adds at
// path. It is a real value when one is known for certain: the value of
// the legacy key that held it, the workspace's only rollout, that
// rollout's only Python file, the only data file's dataset name, the only
// model the settings name. Otherwise it is a `<your-...>` placeholder,
// which the placeholder rule reports until someone fills it in. It is
// never an empty or zero value, which would pass for a choice. It returns
// false for a key no fix should invent (a table, a number). picked is
// set when the value is a model or a dataset the workspace offers rather
// than one the user wrote: choosing them is the user's decision, so a fix
// that writes it is display-only.
func fillValue(c *Context, path []string, f *schema.Field) (text string, picked, ok bool) {
	if v, picked, ok := knownValue(c, path); ok {
		return v, picked, true
	}
	if f == nil || !f.HasType("string") || len(path) == 0 {
		if len(path) == 2 && path[0] == "secrets" && path[1] == "required" {
			return "[]", false, true // a real choice: the run needs no secret
		}
		return "", false, false
	}
	return tomlString(placeholderFor(path[len(path)-1])), false, true
}

// placeholderFor names the placeholder of a key: <your-rollout>,
// <your-api-key-secret>.
func placeholderFor(key string) string {
	switch key {
	case "model_path":
		key = "model"
	}
	return "<your-" + strings.ReplaceAll(key, "_", "-") + ">"
}

// knownValue returns a value for an [experiment] key that the file or the
// workspace holds for certain; picked is set for a model or a dataset taken
// from the workspace (the only one it offers), not from the user's text.
func knownValue(c *Context, path []string) (text string, picked, ok bool) {
	if len(path) != 2 || path[0] != "experiment" || c.Kind == schema.Benchmark {
		return "", false, false
	}
	switch path[1] {
	case "rollout":
		if s, ok := legacyString(c, "eval", "rollout"); ok {
			return s, false, true
		}
		if name, ok := onlyRollout(c); ok {
			q, ok := toml.Quote(name) // a directory name may not be UTF-8
			return q, false, ok
		}
	case "entrypoint":
		if s, ok := legacyString(c, "eval", "entrypoint"); ok {
			return s, false, true
		}
		if file, ok := onlyEntrypoint(c); ok {
			q, ok := toml.Quote(file) // a file name may not be UTF-8
			return q, false, ok
		}
	case "model_path":
		for _, legacy := range [][]string{{"llm", "model_path"}, {"llm", "model"}} {
			if s, ok := legacyString(c, legacy...); ok {
				return s, false, true
			}
		}
		if name, ok := onlySettingsModel(c); ok {
			return tomlString(name), true, true
		}
	case "dataset":
		if name, _, ok := c.Str("eval", "dataset"); ok && strings.TrimSpace(name) != "" {
			if stem, isPath := datasetPathStem(name); isPath && stem != "" && stem != "." && stem != ".." {
				return tomlString(stem), false, true
			}
			if !strings.ContainsAny(name, `/\`) {
				return tomlString(name), false, true
			}
		}
		if stem, ok := onlyDataStem(c); ok {
			q, ok := toml.Quote(stem) // a file name may not be UTF-8
			return q, true, ok
		}
	}
	return "", false, false
}

// legacyString returns the source text of a non-blank string at a legacy
// path ([llm] model_path), ready to write elsewhere.
func legacyString(c *Context, path ...string) (string, bool) {
	s, v, ok := c.Str(path...)
	if !ok || strings.TrimSpace(s) == "" {
		return "", false
	}
	if text := c.Text(v.Range); !strings.Contains(text, "\n") {
		return text, true
	}
	return tomlString(s), true
}

// onlyRollout is the name of the workspace's one rollout.
func onlyRollout(c *Context) (string, bool) {
	if c.Env == nil {
		return "", false
	}
	var names []string
	for _, r := range c.Env.WS.Rollouts() {
		if r.Resolved.Inside && rolloutNameProblem(r.Name) == "" {
			names = append(names, r.Name)
		}
	}
	if len(names) != 1 {
		return "", false
	}
	return names[0], true
}

// onlyEntrypoint is the one Python file of the config's rollout (the one
// it names, or the workspace's only rollout).
func onlyEntrypoint(c *Context) (string, bool) {
	if c.Env == nil {
		return "", false
	}
	name, _, ok := c.Str("experiment", "rollout")
	if !ok {
		name, ok = onlyRollout(c)
	}
	if !ok {
		return "", false
	}
	r, ok := c.Env.WS.Rollout(name)
	if !ok || len(r.PyFiles) != 1 {
		return "", false
	}
	return r.PyFiles[0], true
}

// onlySettingsModel is the one model the workspace's settings or options
// add, for a training config (an eval config names a LiteLLM model, not a
// base model).
func onlySettingsModel(c *Context) (string, bool) {
	if c.Env == nil || c.Kind != schema.Training {
		return "", false
	}
	var names []string
	for _, m := range c.Env.WS.Models() {
		if m.Source == workspace.ModelSettings || m.Source == workspace.ModelOptions {
			names = append(names, m.Name)
		}
	}
	if len(names) != 1 {
		return "", false
	}
	return names[0], true
}

// onlyDataStem is the dataset name of the one data file the platform
// takes, when there is exactly one.
func onlyDataStem(c *Context) (string, bool) {
	if c.Env == nil {
		return "", false
	}
	var stems []string
	for _, f := range c.Env.WS.DataFiles() {
		if f.PlatformFormat() && f.UploadName != "" {
			stems = append(stems, f.UploadName)
		}
	}
	if len(stems) != 1 {
		return "", false
	}
	return stems[0], true
}

// addedKeyLine is the line a fix adds for a missing required key, or
// false when no value should be invented.
func addedKeyLine(c *Context, path []string, f *schema.Field) (line string, picked, ok bool) {
	v, picked, ok := fillValue(c, path, f)
	if !ok {
		return "", false, false
	}
	return keyText(path[len(path)-1]) + " = " + v, picked, true
}
