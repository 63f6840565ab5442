package workspace

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// Options say where the snapshot finds what lies outside the workspace.
type Options struct {
	// Home is the user's home directory. When set, the osmosis CLI's dataset
	// cache (~/.cache/osmosis/datasets/*/metadata.json) and the global git
	// config (~/.gitconfig, ~/.config/git/config) are read. Empty: neither.
	Home string
	// DatasetsFile is a saved `osmosis --json dataset list --all`. It takes
	// precedence over the `datasets` setting. A relative path is relative
	// to the current directory.
	DatasetsFile string
	// ModelListFile is a saved `osmosis --json model list --all`, and
	// SecretListFile a saved `osmosis --json secret list --all`. Each takes
	// precedence over its setting (`model-list`, `secret-list`); a relative
	// path is relative to the current directory.
	ModelListFile, SecretListFile string
	// Models are extra known base model names (added to the built-in list
	// and the `models` setting).
	Models []string
	// Settings, when set, are used instead of the [tool.osmosis-lint]
	// table of the root pyproject.toml, which is then not read (a settings
	// file named on the command line, or none at all).
	Settings *Settings
	// MaxRolloutFiles bounds the files listed per rollout; 0 means 20,000.
	MaxRolloutFiles int
	// MaxConfigFiles bounds the files walked under configs/; 0 means 200,000.
	MaxConfigFiles int
	// MaxDataFiles bounds the entries listed under data/; 0 means 100,000.
	MaxDataFiles int
}

const (
	defaultMaxRolloutFiles = 20000
	defaultMaxConfigFiles  = 200000
	maxWalkDepth           = 32
)

// Snapshot is an immutable view of one workspace: its layout, listings,
// settings and name sources as they were when read. Apply returns a new
// snapshot that shares every part the changes did not touch; a snapshot is
// never modified, so any number of goroutines may read it while another
// builds its successor. Slices in returned values are shared and must not
// be modified.
type Snapshot struct {
	root string
	// disk is the door to the workspace's files; src reads their content
	// (the disk, or buffers in front of it: WithSource).
	disk       *disk.Root
	src        disk.Source
	rv         resolver
	opts       Options
	generation uint64

	git      *gitPart
	scaffold *scaffoldPart
	rollouts *rolloutsPart
	data     *dataPart
	// configs holds the kind directories, read at once (ConfigKind needs
	// them); configList is the listing of every config, read on first use.
	configs    *configsPart
	configList *lazyPart[*configsPart]
	// evalList is the listing of configs/eval/ alone, read on first use
	// by a check that has not listed every config (EvalConfigs).
	evalList  *lazyPart[*configsPart]
	settings  *settingsPart
	list      *listPart[DatasetListEntry]
	modelList *listPart[ModelListEntry]
	secrets   *listPart[SecretRecord]
	cache     *cachePart
	datasets  *datasetIndex
	models    *modelIndex
	env       *lazyPart[*envPart]
	dotenv    *lazyPart[Dotenv]
	skills    *lazyPart[*skillsPart]
	template  *lazyPart[Template]
	sync      *lazyPart[*syncPart]
}

func (s *Snapshot) configListing() *configsPart { return s.configList.get(s.loadConfigs) }
func (s *Snapshot) envFiles() *envPart          { return s.env.get(s.loadEnv) }
func (s *Snapshot) skillParts() *skillsPart     { return s.skills.get(s.loadSkills) }

// Load reads the workspace at root (normally what Root found). Only
// an unusable root is an error: problems in settings, dataset lists or git
// files are recorded in the snapshot (see Problems and Origin).
func Load(root string, opts Options) (*Snapshot, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("load workspace %s: %w", root, err)
	}
	fi, err := disk.StatNamed(abs)
	if err != nil {
		return nil, fmt.Errorf("load workspace: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("load workspace %s: not a directory", abs)
	}
	d, err := disk.Open(abs)
	if err != nil {
		return nil, fmt.Errorf("load workspace: %w", err)
	}
	opts.Models = slices.Clone(opts.Models)
	for _, f := range []*string{&opts.DatasetsFile, &opts.ModelListFile, &opts.SecretListFile} {
		if *f != "" {
			if p, err := filepath.Abs(*f); err == nil {
				*f = p
			}
		}
	}
	if opts.MaxRolloutFiles <= 0 {
		opts.MaxRolloutFiles = defaultMaxRolloutFiles
	}
	if opts.MaxConfigFiles <= 0 {
		opts.MaxConfigFiles = defaultMaxConfigFiles
	}
	if opts.MaxDataFiles <= 0 {
		opts.MaxDataFiles = maxDataEntries
	}
	s := &Snapshot{root: abs, disk: d, src: d, opts: opts}
	s.loadAll()
	return s, nil
}

// loadAll reads every part. The git files and settings come first (the
// index, the dataset list and the models depend on them); the independent
// listings are then read concurrently.
func (s *Snapshot) loadAll() {
	defer s.disk.Hold()() // one open of the root for the whole load
	s.rv = newResolver(s.disk)
	s.git = s.loadGit()
	s.settings = s.loadSettings()
	parallel(
		func() { s.scaffold = s.loadScaffold() },
		func() { s.rollouts = s.loadRollouts() },
		func() { s.data = s.loadData() },
		func() { s.configs = s.loadKindDirs() },
		func() { s.list = s.loadDatasetList() },
		func() { s.cache = s.loadCache() },
	)
	// the model and secret lists are rarely configured: no goroutine for
	// what is most often nothing to read
	s.modelList = s.loadModelList()
	s.secrets = s.loadSecretList()
	s.configList = &lazyPart[*configsPart]{}
	s.evalList = &lazyPart[*configsPart]{}
	s.env = &lazyPart[*envPart]{}
	s.dotenv = &lazyPart[Dotenv]{}
	s.skills = &lazyPart[*skillsPart]{}
	s.template = &lazyPart[Template]{}
	s.sync = &lazyPart[*syncPart]{}
	s.datasets = s.indexDatasets()
	s.models = s.indexModels()
}

// parallel runs the functions concurrently and waits for all of them.
func parallel(fns ...func()) {
	var wg sync.WaitGroup
	for _, fn := range fns {
		wg.Go(fn)
	}
	wg.Wait()
}

// forEachParallel calls fn(0..n-1) on a few goroutines.
func forEachParallel(n int, fn func(i int)) {
	workers := min(n, max(2, runtime.GOMAXPROCS(0)), 8)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
}

// Root is the absolute workspace root.
func (s *Snapshot) Root() string { return s.root }

// Generation counts the Apply calls that changed something on the way to
// this snapshot (0 for Load).
func (s *Snapshot) Generation() uint64 { return s.generation }

// Options returns the options the snapshot was loaded with (defaults
// filled in).
func (s *Snapshot) Options() Options {
	o := s.opts
	o.Models = slices.Clone(o.Models)
	return o
}

// Rel converts a path (absolute, or relative to the root) to a clean
// workspace-relative slash path, lexically. ok is false when an absolute
// path is outside the root or a relative one climbs out of it.
func (s *Snapshot) Rel(path string) (string, bool) {
	if filepath.IsAbs(path) {
		rel, ok := s.rv.relOf(path)
		if !ok {
			return "", false
		}
		path = rel
	}
	p := filepath.ToSlash(filepath.Clean(filepath.FromSlash(path)))
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// Resolve resolves a workspace path (relative to the root, or absolute)
// component by component, following symlinks only while they stay inside
// the root. It reads the filesystem now, not the snapshot.
func (s *Snapshot) Resolve(path string) Resolved {
	return s.rv.resolve(".", path)
}

// RolloutPath is a config's rollout and entrypoint resolved the way the
// CLI checks them at submit.
type RolloutPath struct {
	// Rollouts is rollouts/ resolved.
	Rollouts Resolved
	// Dir is rollouts/<rollout> resolved.
	Dir Resolved
	// DirContained: Dir resolves to rollouts/ or below (else rollout-escape).
	DirContained bool
	// Entry is the entrypoint resolved from Dir; zero when Dir is not
	// contained.
	Entry Resolved
	// EntryContained: Entry resolves to Dir or below (else
	// entrypoint-escape); "sub/../main.py" is contained.
	EntryContained bool
}

// ResolveRolloutPath resolves rollouts/<rollout> and then the entrypoint
// from the resolved rollout directory, following symlinks only inside the
// root. The lexical rollout-name rules (one plain segment) are the
// caller's; this only resolves. It reads the filesystem now.
func (s *Snapshot) ResolveRolloutPath(rollout, entrypoint string) RolloutPath {
	var rp RolloutPath
	rp.Rollouts = s.rv.resolve(".", "rollouts")
	rp.Dir = s.rv.resolve(".", "rollouts/"+rollout)
	rp.DirContained = rp.Rollouts.Inside && rp.Dir.Under(rp.Rollouts.Path)
	if !rp.DirContained {
		return rp
	}
	rp.Entry = s.rv.resolve(rp.Dir.Path, entrypoint)
	rp.EntryContained = rp.Entry.Under(rp.Dir.Path)
	return rp
}
