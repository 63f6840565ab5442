package lint

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// Workspace is the one type for a whole workspace: the snapshot with its
// settings validated. Env is the per-file view of it.
type Workspace struct {
	Snapshot *workspace.Snapshot
	// Settings are nil (the defaults) when the workspace's settings are bad.
	Settings *Settings
	// CLIRoot is the top of the enclosing git worktree when it is not the
	// snapshot's root and the root was found, not given: the osmosis CLI
	// takes the git root as the workspace, so config-location judges
	// configs from there. "" when the two agree.
	CLIRoot string

	// paths, when set, is shared by the per-file views (see Shared).
	paths *rolloutPaths
}

// Shared returns a copy of w whose per-file views share what they resolve
// on disk (rollout and entrypoint paths), for a run over many files during
// which the workspace does not change.
func (w *Workspace) Shared() *Workspace {
	c := *w
	c.paths = &rolloutPaths{}
	return &c
}

// UsageError is a problem with the invocation or the environment (a missing
// path, bad settings): the run cannot give a verdict.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// LoadWorkspace loads the workspace at root with its settings. Bad settings
// are a UsageError naming the key; the workspace is still returned (with
// the default settings) for callers that carry on, such as the language
// server.
func LoadWorkspace(root string, opts workspace.Options) (*Workspace, error) {
	snap, err := workspace.Load(root, opts)
	if err != nil {
		return nil, &UsageError{fmt.Errorf("workspace %s: %w", root, err)}
	}
	return WorkspaceOf(snap)
}

// WorkspaceOf validates the settings of a loaded snapshot. Every problem of
// the settings is in the error, one a line, each naming pyproject.toml, the
// line and the key.
func WorkspaceOf(snap *workspace.Snapshot) (*Workspace, error) {
	ws := &Workspace{Snapshot: snap}
	msgs := SettingsProblems(snap)
	st := snap.Settings()
	settings, err := NewSettingsSelection(Selection{Select: st.Select, ExtendSelect: st.ExtendSelect, Ignore: st.Ignore}, st.Severity)
	if err != nil {
		msgs = append(msgs, settingErrorText(st, err))
	}
	if len(msgs) > 0 {
		return ws, &UsageError{errors.New(strings.Join(msgs, "\n"))}
	}
	ws.Settings = settings
	return ws, nil
}

// SettingsProblems are the workspace's settings and saved-list problems,
// one message each: they are never ignored silently.
func SettingsProblems(snap *workspace.Snapshot) []string {
	var msgs []string
	for _, p := range snap.ProblemsOf(workspace.ProblemSettings, workspace.ProblemDatasetsFile, workspace.ProblemModelListFile, workspace.ProblemSecretListFile) {
		msgs = append(msgs, p.Error())
	}
	return msgs
}

// settingErrorText places a rule-name or severity error at its key's line.
func settingErrorText(st workspace.Settings, err error) string {
	loc := st.File()
	var se *SettingError
	if errors.As(err, &se) {
		top, _, _ := strings.Cut(se.Key, ".")
		if line := st.Line(top); line > 0 {
			loc = fmt.Sprintf("%s:%d", loc, line)
		}
	}
	return loc + ": " + err.Error()
}

// maxEvalConfig bounds an eval config the index reads itself (the bound of
// a CLI run's config).
const maxEvalConfig = 64 << 20

// evalConfig is what the rules of a training config (eval-before-train,
// eval-train-mismatch) read of one eval config of the workspace.
type evalConfig struct {
	// Path is the workspace-relative path as listed.
	Path string
	// known is set when the file was read and parsed whole: otherwise
	// nothing is said from it (a skipped statement may name the rollout).
	known bool
	// rollout is [experiment] rollout, "" when absent, not a string or a
	// placeholder: the config then names no rollout.
	rollout string
	// the values of [experiment] entrypoint, branch and commit_sha, ""
	// when absent or not a filled-in string
	entrypoint, branch, commit string
	// model is [experiment] model_path, "" when absent or not a plain
	// filled-in string
	model string
}

// evalConfigOf reads an eval config's facts from its document.
func evalConfigOf(rel string, doc *toml.Document) evalConfig {
	e := evalConfig{Path: rel}
	if doc == nil || len(doc.Errors) > 0 {
		return e
	}
	e.known = true
	r, _ := filledString(doc, "rollout")
	ep, _ := filledString(doc, "entrypoint")
	br, _ := filledString(doc, "branch")
	co, _ := filledString(doc, "commit_sha")
	mo, _ := filledString(doc, "model_path")
	// one copy of the five (the document's memory is reused), cut apart
	var b strings.Builder
	b.Grow(len(r) + len(ep) + len(br) + len(co) + len(mo))
	for _, s := range []string{r, ep, br, co, mo} {
		b.WriteString(s)
	}
	all := b.String()
	cut := func(n int) string { s := all[:n]; all = all[n:]; return s }
	e.rollout, e.entrypoint, e.branch, e.commit, e.model = cut(len(r)), cut(len(ep)), cut(len(br)), cut(len(co)), cut(len(mo))
	return e
}

// filledString is an [experiment] string that is set, not blank and no
// placeholder, in the document's memory.
func filledString(doc *toml.Document, key string) (string, bool) {
	_, v := doc.Root.Lookup("experiment", key)
	if v == nil || v.Kind != toml.KindString || strings.TrimSpace(v.Str) == "" || hasPlaceholder(v.Str) {
		return "", false
	}
	return v.Str, true
}

// evalIndex is the eval configs of a workspace as a run sees them: listed
// on first use, once a run (the workspace's shared view) or once a check,
// and each read and parsed on first use: a rule that finds what it looks
// for in the first configs reads no other. A config the run checks itself
// is not read again: its check records what it parsed (EvalClaim).
type evalIndex struct {
	once    sync.Once
	ws      *workspace.Snapshot
	entries []evalEntry
	// listed is false when the listing was cut short or the settings
	// exclude paths, or an eval config cannot be read (a dangling or
	// escaping link): nothing is then said that needs every eval config.
	listed bool

	mu     sync.Mutex
	claims []evalClaimAt // sorted by resolved path
}

// evalEntry is one eval config of the index, read once.
type evalEntry struct {
	file  *workspace.ConfigFile // the snapshot's listing
	claim *EvalClaim
	once  sync.Once
	cfg   evalConfig
}

// EvalClaim is an eval config a run checks itself: its check records the
// document it parsed, and the index waits for that rather than parse the
// file a second time.
type EvalClaim struct {
	done sync.WaitGroup // one until recorded
	once sync.Once
	cfg  evalConfig
}

// Record keeps the facts of the claimed config from doc, its parse (nil:
// the file could not be read or parsed); the first call counts, and a nil
// claim records nothing.
func (c *EvalClaim) Record(doc *toml.Document) {
	if c == nil {
		return
	}
	c.once.Do(func() {
		c.cfg = evalConfigOf("", doc)
		c.done.Done()
	})
}

// ClaimEvals marks the eval configs at the resolved workspace paths as
// ones the run checks itself, once, before the run's checks start, and
// returns the claim of each path; nil when the workspace view is not shared
// by a run. Each claim must be recorded (a training config's check waits
// for it), so the run checks claimed configs first.
func (w *Workspace) ClaimEvals(resolved []string) []*EvalClaim {
	if w == nil || w.paths == nil || len(resolved) == 0 {
		return nil
	}
	ix := &w.paths.evals
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.claims != nil {
		return nil // claimed already: a run claims once
	}
	paths := slices.Clone(resolved)
	slices.Sort(paths)
	paths = slices.Compact(paths)
	ix.claims = make([]evalClaimAt, len(paths))
	for i, p := range paths {
		ix.claims[i].path = p
		ix.claims[i].claim.done.Add(1)
	}
	out := make([]*EvalClaim, len(resolved))
	for i, p := range resolved {
		out[i] = ix.claimOf(p)
	}
	return out
}

// evalClaimAt is the claim of the eval config at a resolved path.
type evalClaimAt struct {
	path  string
	claim EvalClaim
}

// claimOf is the claim of the eval config at the resolved path, nil when
// the run does not check it.
func (ix *evalIndex) claimOf(resolved string) *EvalClaim {
	i := sort.Search(len(ix.claims), func(i int) bool { return ix.claims[i].path >= resolved })
	if i == len(ix.claims) || ix.claims[i].path != resolved {
		return nil
	}
	return &ix.claims[i].claim
}

// evals returns the index of the workspace's eval configs under
// configs/eval/, listed on first use; its at reads each config at most
// once a run, when a rule comes to it.
func (e *Env) evals() *evalIndex {
	if e.paths == nil {
		e.paths = &rolloutPaths{}
	}
	ix := &e.paths.evals
	ix.once.Do(func() { ix.list(e.WS) })
	return ix
}

// at returns the i-th eval config, read and parsed on first use.
func (ix *evalIndex) at(i int) *evalConfig {
	en := &ix.entries[i]
	en.once.Do(func() {
		if en.claim != nil {
			en.claim.done.Wait()
			en.cfg = en.claim.cfg
		} else {
			en.cfg = readEvalConfig(ix.ws, *en.file)
		}
		en.cfg.Path = en.file.Path
	})
	return &en.cfg
}

// list lists the eval configs; a file listed under two names (a link)
// counts under each: what is said of it is true of both.
func (ix *evalIndex) list(ws *workspace.Snapshot) {
	ix.ws = ws
	// an excluded eval config is not listed: with any exclude setting, the
	// listing may not hold them all
	evals, limit := ws.EvalConfigs()
	ix.listed = !limit.Hit() && len(ws.Settings().Exclude) == 0
	n := 0
	for f := range evals {
		if f.Location == workspace.LocationKindDir {
			n++
		}
	}
	ix.entries = make([]evalEntry, 0, n)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for f := range evals {
		switch {
		case f.Err != nil || !f.Resolved.Inside || f.Resolved.Loop:
			ix.listed = false
		case f.Location == workspace.LocationKindDir:
			ix.entries = append(ix.entries, evalEntry{file: f, claim: ix.claimOf(f.Resolved.Path)})
		}
	}
}

// readEvalConfig reads and parses one eval config through the workspace's
// door.
func readEvalConfig(ws *workspace.Snapshot, f workspace.ConfigFile) evalConfig {
	c, err := ws.ReadConfig(f, maxEvalConfig)
	if err != nil {
		return evalConfig{Path: f.Path}
	}
	doc := toml.ParseOwned(c.Data)
	defer doc.Release()
	return evalConfigOf(f.Path, doc)
}

// sameEntrypoint compares entrypoints as paths inside the rollout.
func sameEntrypoint(a, b string) bool { return path.Clean(a) == path.Clean(b) }

// sameCommit compares commit SHAs: one may abbreviate the other.
func sameCommit(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}
