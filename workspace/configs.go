package workspace

import (
	"iter"
	"slices"
	"strings"
)

// Kind is the kind of a config, given by the directory it lives in.
type Kind int

// The config kinds.
const (
	KindUnknown Kind = iota
	KindTraining
	KindEval
	KindBenchmark
)

var kinds = []Kind{KindTraining, KindEval, KindBenchmark}

// String returns "training", "eval", "benchmark" or "unknown".
func (k Kind) String() string {
	switch k {
	case KindTraining:
		return "training"
	case KindEval:
		return "eval"
	case KindBenchmark:
		return "benchmark"
	}
	return "unknown"
}

// Dir returns the workspace directory of the kind ("configs/training"),
// "" for KindUnknown.
func (k Kind) Dir() string {
	if k == KindUnknown {
		return ""
	}
	return "configs/" + k.String()
}

// Location says where a config file sits relative to the kind directories.
type Location int

// The locations, from fine to wrong.
const (
	// LocationKindDir: under a kind directory and named *.toml.
	LocationKindDir Location = iota + 1
	// LocationWrongSuffix: under a kind directory, but the resolved name does
	// not end in exactly ".toml".
	LocationWrongSuffix
	// LocationConfigs: under configs/ but in no kind directory.
	LocationConfigs
	// LocationOutside: inside the workspace but not under configs/.
	LocationOutside
	// LocationEscapes: resolves outside the workspace root (or loops).
	LocationEscapes
)

// String names the location in kebab-case.
func (l Location) String() string {
	switch l {
	case LocationKindDir:
		return "kind-dir"
	case LocationWrongSuffix:
		return "wrong-suffix"
	case LocationConfigs:
		return "configs"
	case LocationOutside:
		return "outside-configs"
	case LocationEscapes:
		return "escapes"
	}
	return "unknown"
}

// ConfigPlace is the kind and location of a config path after resolving
// its symlinks inside the workspace, as the CLI's submit path check does.
type ConfigPlace struct {
	// Kind is the kind directory the resolved path is under, KindUnknown
	// when none.
	Kind Kind
	// Location says whether that is a proper place for a config.
	Location Location
	// Resolved is the config path resolved inside the workspace.
	Resolved Resolved
}

// ConfigFile is one entry of the config listing: a file under configs/
// whose name ends in ".toml", or an entry there that keeps configs from
// being checked (Err set).
type ConfigFile struct {
	// Path is the workspace-relative slash path as found (not resolved).
	Path string
	// Kind and Location come from the resolved path.
	Kind     Kind
	Location Location
	// Symlink is set when the file or a directory on its way is a symlink.
	Symlink bool
	// Resolved is the path resolved inside the workspace.
	Resolved Resolved
	// Err is set for an entry that cannot be checked: a *.toml that is a
	// dangling link or no regular file, a symlink (of any name) that
	// leaves the workspace or loops, so nothing behind it is seen, or a
	// directory that cannot be listed. See EntryIssue for the reasons.
	Err error
}

// Place is the entry's kind, location and resolved path.
func (c ConfigFile) Place() ConfigPlace {
	return ConfigPlace{Kind: c.Kind, Location: c.Location, Resolved: c.Resolved}
}

type configsPart struct {
	configs  Resolved
	kindDirs [4]Resolved // indexed by Kind
	files    []ConfigFile
	limit    Limit
	// linked are the paths the listing reaches through symlinks; a change
	// there means a new walk.
	linked []string
}

// resolveKindDirs resolves configs/ and the kind directories, which the
// classification of every config file is measured against.
func (s *Snapshot) resolveKindDirs(part *configsPart) {
	part.configs = s.rv.resolve(".", "configs")
	for _, k := range kinds {
		part.kindDirs[k] = s.rv.resolve(".", k.Dir())
	}
}

// classify places a resolved config path.
func (part *configsPart) classify(r Resolved) ConfigPlace {
	place := ConfigPlace{Resolved: r}
	if !r.Inside || r.Loop {
		place.Location = LocationEscapes
		return place
	}
	for _, k := range kinds {
		d := part.kindDirs[k]
		if d.Inside && d.Exists && r.Under(d.Path) {
			place.Kind = k
			place.Location = LocationKindDir
			if r.Path == d.Path || pySuffix(r.Path[strings.LastIndexByte(r.Path, '/')+1:]) != ".toml" {
				place.Location = LocationWrongSuffix
			}
			return place
		}
	}
	if part.configs.Inside && part.configs.Exists && r.Under(part.configs.Path) {
		place.Location = LocationConfigs
		return place
	}
	place.Location = LocationOutside
	return place
}

// ConfigKind resolves a config path (absolute, or relative to the root)
// inside the workspace and says which kind directory it is under. The kind
// directories are resolved as of the snapshot; the path is resolved now.
func (s *Snapshot) ConfigKind(path string) ConfigPlace {
	return s.configs.classify(s.rv.resolve(".", path))
}

func (s *Snapshot) configLimits() walkLimits {
	return walkLimits{maxEntries: s.opts.MaxConfigFiles, maxDepth: maxWalkDepth, skipDir: skipConfigDir}
}

// skipConfigDir leaves out hidden directories, as git tools do; every
// other directory under configs/ is listed, since the CLI submits a
// config from any of them.
func skipConfigDir(name string) bool {
	return strings.HasPrefix(name, ".")
}

// loadKindDirs resolves the kind directories only, without listing the
// configs.
func (s *Snapshot) loadKindDirs() *configsPart {
	part := &configsPart{}
	s.resolveKindDirs(part)
	for _, r := range append([]Resolved{part.configs}, part.kindDirs[1:]...) {
		if r.Symlinked && r.Inside {
			part.linked = append(part.linked, r.Path)
		}
	}
	return part
}

func (s *Snapshot) loadConfigs() *configsPart {
	part := &configsPart{}
	s.resolveKindDirs(part)
	for _, r := range append([]Resolved{part.configs}, part.kindDirs[1:]...) {
		if r.Symlinked && r.Inside {
			part.linked = append(part.linked, r.Path)
		}
	}
	if c := part.configs; !c.Inside || c.Loop {
		e := walkEntry{rel: "configs", escapes: !c.Inside, loop: c.Loop, res: c}
		part.files = append(part.files, ConfigFile{Path: "configs", Location: LocationEscapes, Resolved: c, Symlink: c.Symlinked, Err: entryIssue(e)})
	}
	var linked []string
	var files []ConfigFile
	files, linked, part.limit = s.walkConfigs(part, "configs")
	part.files = append(part.files, files...)
	part.linked = append(part.linked, linked...)
	sortConfigs(part.files)
	return part
}

// walkConfigs lists the *.toml files under the workspace directory rel
// (and the entries that keep configs from being seen), leaving out what
// the settings exclude, and the paths it reached through symlinks.
func (s *Snapshot) walkConfigs(part *configsPart, rel string) (files []ConfigFile, linked []string, cut Limit) {
	var out []ConfigFile
	settings := s.settings.settings
	lim := s.configLimits()
	lim.links = &linked
	lim.unlisted = func(rel string, err error) {
		if !settings.Excluded(rel) {
			out = append(out, ConfigFile{Path: rel, Err: err})
		}
	}
	cut = s.rv.walk(rel, lim, func(e walkEntry) bool {
		if settings.Excluded(e.rel) {
			return false
		}
		if e.isDir {
			return true
		}
		toml := strings.HasSuffix(e.name, ".toml")
		switch err := entryIssue(e); {
		case toml && e.escapes:
			// a config that resolves outside: config-location says so
			out = append(out, part.configFile(e))
		case toml && err != nil, err != nil && (e.escapes || e.loop):
			f := part.configFile(e)
			f.Err = err
			out = append(out, f)
		case toml:
			out = append(out, part.configFile(e))
		}
		return false
	})
	return out, linked, cut
}

func (part *configsPart) configFile(e walkEntry) ConfigFile {
	place := part.classify(e.res)
	return ConfigFile{
		Path:     e.rel,
		Kind:     place.Kind,
		Location: place.Location,
		Symlink:  e.res.Symlinked,
		Resolved: e.res,
	}
}

// Configs is the one list of configs that check, doctor and the language
// server take: every file under configs/ named *.toml, sorted by path,
// with its kind and location, and the entries that keep configs from being
// seen (Err set). Hidden directories and what the settings exclude are
// left out.
func (s *Snapshot) Configs() []ConfigFile { return slices.Clone(s.configListing().files) }

// AllConfigs yields the entries of Configs without a copy of the
// listing: they are the snapshot's own, which is never changed, and must
// not be changed through them.
func (s *Snapshot) AllConfigs() iter.Seq[*ConfigFile] {
	return func(yield func(*ConfigFile) bool) {
		files := s.configListing().files
		for i := range files {
			if !yield(&files[i]) {
				return
			}
		}
	}
}

// EvalConfigs yields the configs of kind eval as Configs lists them
// (LocationKindDir or not; a link into configs/eval/ from elsewhere under
// configs/ is among them when every config is listed), and whether the
// listing they come from was cut short. A check that has not listed every
// config walks configs/eval/ alone, when it and configs/ are plain
// directories of the workspace: every file of kind eval is then reached
// there under its own name (a link to one from elsewhere names the same
// file).
func (s *Snapshot) EvalConfigs() (iter.Seq[*ConfigFile], Limit) {
	part := s.evalListing()
	return func(yield func(*ConfigFile) bool) {
		for i := range part.files {
			if f := &part.files[i]; f.Kind == KindEval && !yield(f) {
				return
			}
		}
	}, part.limit
}

func (s *Snapshot) evalListing() *configsPart {
	if s.configList.loaded() {
		return s.configListing()
	}
	c, d := s.configs.configs, s.configs.kindDirs[KindEval]
	plain := func(r Resolved) bool { return r.Inside && !r.Loop && !r.Symlinked }
	if !plain(c) || !plain(d) || !d.Exists || !d.IsDir || len(s.configs.linked) > 0 {
		return s.configListing()
	}
	return s.evalList.get(func() *configsPart {
		part := &configsPart{}
		s.resolveKindDirs(part)
		var files []ConfigFile
		files, part.linked, part.limit = s.walkConfigs(part, KindEval.Dir())
		part.files = files
		sortConfigs(part.files)
		return part
	})
}

// ConfigsLimit says whether the configs/ listing was cut short.
func (s *Snapshot) ConfigsLimit() Limit { return s.configListing().limit }

func sortConfigs(files []ConfigFile) {
	slices.SortFunc(files, func(a, b ConfigFile) int { return strings.Compare(a.Path, b.Path) })
}
