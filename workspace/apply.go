package workspace

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// ChangeKind says what happened to a path. Apply re-reads the path either
// way; the kind only documents the event.
type ChangeKind int

// The change kinds, as file watchers report them.
const (
	// Changed: the content changed.
	Changed ChangeKind = iota
	// Created: the path appeared.
	Created
	// Deleted: the path went away.
	Deleted
)

// Change is one file-system event.
type Change struct {
	// Path is absolute, or relative to the workspace root.
	Path string
	// Kind is what happened; informational only.
	Kind ChangeKind
}

// scaffoldPaths are the paths whose change can alter the scaffold state.
var scaffoldPaths = map[string]bool{
	"rollouts": true, "configs": true, "configs/training": true, "configs/eval": true, "data": true,
	"AGENTS.md": true, "CLAUDE.md": true, "configs/AGENTS.md": true,
}

// dirtySet is what a batch of changes invalidates.
type dirtySet struct {
	full, git, settings, scaffold, data, list, cache, env, skills, template bool
	modelList, secretList                                                   bool
	allRollouts, allConfigs                                                 bool
	rollouts                                                                map[string]bool
	configs                                                                 []string
}

// Apply returns a snapshot with the changes taken into account. Only what
// a changed path can affect is read again: a path under rollouts/<r>/
// re-lists that rollout (and rollouts that link to it), data/ re-lists
// data and the dataset names, a config file is added or dropped alone,
// pyproject.toml re-reads the settings (and what depends on them), git
// files re-read the origin and the index. Everything else is shared with
// s, which is never modified. Paths outside the workspace (other than the
// dataset cache, the dataset list and git files) are ignored; when nothing
// the snapshot holds is affected, s itself is returned.
func (s *Snapshot) Apply(changes []Change) *Snapshot {
	if len(changes) == 0 {
		return s
	}
	d := dirtySet{rollouts: map[string]bool{}}
	for _, c := range changes {
		s.classify(c.Path, &d)
	}
	if d.clean() {
		return s
	}
	n := *s
	n.generation = s.generation + 1
	if d.full {
		n.loadAll()
		return &n
	}
	if d.git {
		n.git = n.loadGit()
		d.env = true
	}
	if d.settings {
		n.settings = n.loadSettings()
		// the config listing leaves out what the settings exclude
		if !slices.Equal(n.settings.settings.Exclude, s.settings.settings.Exclude) {
			d.allConfigs = true
		}
		if n.settings.settings.Datasets != s.settings.settings.Datasets {
			d.list = true
		}
		d.modelList = d.modelList || n.settings.settings.ModelList != s.settings.settings.ModelList
		d.secretList = d.secretList || n.settings.settings.SecretList != s.settings.settings.SecretList
		if !d.modelList {
			n.models = n.indexModels()
		}
	}
	if d.scaffold {
		n.scaffold = n.loadScaffold()
	}
	switch {
	case d.allRollouts:
		n.rollouts = n.loadRollouts()
	case len(d.rollouts) > 0:
		n.rollouts = n.updateRollouts(s.rollouts, d.rollouts)
	}
	if d.data {
		n.data = n.loadData()
	}
	switch {
	case d.allConfigs:
		n.configs = n.loadKindDirs()
		n.configList = &lazyPart[*configsPart]{}
	case len(d.configs) > 0:
		n.configs = n.loadKindDirs()
		if s.configList.loaded() {
			n.configList = loadedPart(n.updateConfigs(s.configListing(), d.configs))
		} else {
			n.configList = &lazyPart[*configsPart]{}
		}
	}
	// parts s has not read are read afresh by n, never shared: s may not
	// read what n reads
	if !s.configList.loaded() {
		n.configList = &lazyPart[*configsPart]{}
	}
	// the eval listing alone is read again when needed: a language server
	// lists every config, which EvalConfigs then filters
	n.evalList = &lazyPart[*configsPart]{}
	if !s.env.loaded() || d.env {
		n.env = &lazyPart[*envPart]{}
	}
	if !s.dotenv.loaded() || d.env {
		n.dotenv = &lazyPart[Dotenv]{}
	}
	if !s.skills.loaded() || d.skills {
		n.skills = &lazyPart[*skillsPart]{}
	}
	if !s.template.loaded() || d.template {
		n.template = &lazyPart[Template]{}
	}
	if !s.sync.loaded() || d.git || d.env || d.allRollouts || len(d.rollouts) > 0 {
		n.sync = &lazyPart[*syncPart]{}
	}
	if d.list {
		n.list = n.loadDatasetList()
	}
	if d.modelList {
		n.modelList = n.loadModelList()
		n.models = n.indexModels()
	}
	if d.secretList {
		n.secrets = n.loadSecretList()
	}
	if d.cache {
		n.cache = n.loadCache()
	}
	if d.data || d.list || d.cache {
		n.datasets = n.indexDatasets()
	}
	return &n
}

// classify records what one changed path invalidates.
func (s *Snapshot) classify(path string, d *dirtySet) {
	if path == "" {
		return
	}
	if filepath.IsAbs(path) {
		abs := filepath.Clean(path)
		if s.list.path != "" && abs == s.list.path {
			d.list = true
		}
		if s.modelList.path != "" && abs == s.modelList.path {
			d.modelList = true
		}
		if s.secrets.path != "" && abs == s.secrets.path {
			d.secretList = true
		}
		if dir := s.cacheDir(); dir != "" && disk.Within(abs, dir) {
			d.cache = true
		}
		if s.git.dirsErr == nil && (disk.Within(abs, s.git.dirs.GitDir) || disk.Within(abs, s.git.dirs.CommonDir)) {
			d.git = true
		}
		if slices.Contains(s.git.watched, abs) {
			d.git = true
		}
	}
	rel, ok := s.Rel(path)
	if !ok {
		return
	}
	if rel == "." {
		d.full = true
		return
	}
	if s.list.path != "" && s.rv.abs(rel) == s.list.path {
		d.list = true
	}
	if s.modelList.path != "" && s.rv.abs(rel) == s.modelList.path {
		d.modelList = true
	}
	if s.secrets.path != "" && s.rv.abs(rel) == s.secrets.path {
		d.secretList = true
	}
	if scaffoldPaths[rel] {
		d.scaffold = true
	}
	first, rest, _ := strings.Cut(rel, "/")
	switch {
	case rel == SettingsFile:
		d.settings = true
	case first == ".git":
		d.git = true
	case rel == ".gitignore" || IsEnvFileName(rel):
		d.env = true
	case first == "rollouts":
		if rest == "" {
			d.allRollouts = true
		} else {
			name, _, _ := strings.Cut(rest, "/")
			d.rollouts[name] = true
		}
	case first == "data":
		d.data = true
	case first == "configs":
		if rel == "configs" || slices.Contains([]string{"configs/training", "configs/eval", "configs/benchmark"}, rel) {
			d.allConfigs = true
		} else {
			d.configs = append(d.configs, rel)
		}
	case first == ".agents" || first == ".claude":
		d.skills = true
	case disk.Within(TemplateFile, rel):
		d.template = true
	}
	// Parts that reach this path through a symlink.
	if touches(rel, s.rollouts.linked) {
		d.allRollouts = true
	}
	for target, name := range s.rollouts.unlisted {
		if touches(rel, []string{target}) {
			d.rollouts[name] = true
		}
	}
	for _, r := range s.rollouts.list {
		if touches(rel, r.linked) {
			d.rollouts[r.Name] = true
		}
	}
	if touches(rel, s.configs.linked) || s.configList.loaded() && touches(rel, s.configListing().linked) {
		d.allConfigs = true
	}
	if touches(rel, s.data.linked) {
		d.data = true
	}
	if s.skills.loaded() && touches(rel, s.skillParts().linked) {
		d.skills = true
	}
	if touches(rel, s.scaffold.linked) {
		d.scaffold = true
	}
	if linked := s.settings.linked; linked != "" && touches(rel, []string{linked}) {
		d.settings = true
	}
}

// touches reports whether a change at rel can alter what lies at one of
// the paths: rel is one of them, inside one, or a directory above one.
func touches(rel string, paths []string) bool {
	for _, p := range paths {
		if disk.Within(rel, p) || disk.Within(p, rel) {
			return true
		}
	}
	return false
}

// clean reports whether nothing was invalidated.
func (d *dirtySet) clean() bool {
	return !d.full && !d.git && !d.settings && !d.scaffold && !d.data && !d.list && !d.modelList && !d.secretList && !d.cache && !d.env &&
		!d.skills && !d.template && !d.allRollouts && !d.allConfigs && len(d.rollouts) == 0 && len(d.configs) == 0
}

// updateRollouts re-lists the named rollouts and shares the others.
func (s *Snapshot) updateRollouts(old *rolloutsPart, names map[string]bool) *rolloutsPart {
	part := &rolloutsPart{byName: make(map[string]*Rollout, len(old.list)), linked: old.linked, unlisted: map[string]string{}}
	for target, name := range old.unlisted {
		if !names[name] {
			part.unlisted[target] = name
		}
	}
	for _, is := range old.issues {
		if name := strings.TrimPrefix(is.Path, "rollouts/"); !names[name] {
			part.issues = append(part.issues, is)
		}
	}
	for _, r := range old.list {
		if !names[r.Name] {
			part.list = append(part.list, r)
		}
	}
	for name := range names {
		listed, target, loop := s.isRolloutEntry(name)
		switch {
		case loop:
			part.issues = append(part.issues, EntryIssue{Path: "rollouts/" + name, Err: ErrLoop})
			part.unlisted["rollouts/"+name] = name
		case listed:
			part.list = append(part.list, s.listRollout(name))
		case target != "":
			part.unlisted[target] = name
		}
	}
	slices.SortFunc(part.issues, func(a, b EntryIssue) int { return strings.Compare(a.Path, b.Path) })
	sortRollouts(part.list)
	for _, r := range part.list {
		part.byName[r.Name] = r
	}
	return part
}

// isRolloutEntry applies rolloutDirs' test to one name. For a symlink
// that is not a rollout, target is where it leads; loop says it is a
// symlink loop.
func (s *Snapshot) isRolloutEntry(name string) (listed bool, target string, loop bool) {
	if name == "" || skipRolloutDir(name) {
		return false, "", false
	}
	base := s.rv.resolve(".", "rollouts")
	if !base.Inside || !base.IsDir {
		return false, "", false
	}
	at := joinRel(base.Path, name)
	fi, err := s.disk.Lstat(at)
	if err != nil {
		return false, "", false
	}
	if !fi.IsSymlink() {
		return fi.IsDir(), "", false
	}
	r := s.rv.resolve(".", at)
	switch {
	case r.Loop:
		return false, "", true
	case r.IsDir || !r.Inside:
		return true, "", false
	}
	return false, r.Path, false
}

// updateConfigs re-reads the given paths under configs/ and shares the
// rest of the listing. A path reached through a symlink, or a listing that
// was cut short, falls back to a full walk.
func (s *Snapshot) updateConfigs(old *configsPart, rels []string) *configsPart {
	if old.limit.Hit() {
		return s.loadConfigs()
	}
	part := &configsPart{configs: old.configs, kindDirs: old.kindDirs, linked: old.linked}
	var added []ConfigFile
	for _, rel := range rels {
		added = slices.DeleteFunc(added, func(f ConfigFile) bool { return disk.Within(f.Path, rel) })
		if hiddenConfigPath(rel) {
			continue
		}
		r := s.rv.resolve(".", rel)
		if r.Symlinked {
			return s.loadConfigs()
		}
		switch {
		case !r.Exists:
		case r.IsDir:
			more, linked, cut := s.walkConfigs(part, rel)
			if cut.Hit() || len(linked) > 0 {
				return s.loadConfigs()
			}
			added = append(added, more...)
		case s.settings.settings.Excluded(rel):
		case strings.HasSuffix(rel, ".toml"):
			added = append(added, part.configFile(walkEntry{rel: rel, res: r}))
		}
	}
	sortConfigs(added)
	// One pass over the sorted old listing: drop what the changed paths
	// cover, merge in what they hold now.
	stale := func(f ConfigFile) bool {
		for _, rel := range rels {
			if disk.Within(f.Path, rel) {
				return true
			}
		}
		return false
	}
	files := make([]ConfigFile, 0, len(old.files)+len(added))
	for _, f := range old.files {
		if stale(f) {
			continue
		}
		for len(added) > 0 && added[0].Path <= f.Path {
			files, added = append(files, added[0]), added[1:]
		}
		if n := len(files); n > 0 && files[n-1].Path == f.Path {
			continue
		}
		files = append(files, f)
	}
	files = append(files, added...)
	part.files = slices.CompactFunc(files, func(x, y ConfigFile) bool { return x.Path == y.Path })
	return part
}

// hiddenConfigPath reports whether a configs/ path lies in a directory the
// walk leaves out.
func hiddenConfigPath(rel string) bool {
	parts := strings.Split(rel, "/")
	for _, p := range parts[1 : len(parts)-1] {
		if skipConfigDir(p) {
			return true
		}
	}
	return false
}
