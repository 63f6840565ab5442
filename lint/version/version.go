// Package version says which build of osmosis-lint is running: its semantic
// version, the commit it was built from and when. Every surface that names
// the tool's version (the version command, the language server's
// serverInfo, SARIF's tool.driver, the agent surfaces) asks this package, so
// they cannot disagree.
//
// Release builds set the three values with the linker:
//
//	-X github.com/osmosis-lint/osmosis-lint/lint/version.version=0.1.0
//	-X github.com/osmosis-lint/osmosis-lint/lint/version.commit=<sha>
//	-X github.com/osmosis-lint/osmosis-lint/lint/version.date=<RFC 3339>
//
// Other builds take them from the build information the go command records:
// the module version for `go install ...@v0.1.0` (a pseudo-version for a
// commit), and the VCS stamp (vcs.revision, vcs.time, vcs.modified) for a
// build in a clone.
package version

import (
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// Set by -ldflags -X in release builds; empty otherwise.
var (
	version string
	commit  string
	date    string
)

// Devel is the version of a build from a source tree that no module version
// describes (go build or go run in a clone). It sorts before every release.
const Devel = "0.0.0-devel"

// Info describes one build.
type Info struct {
	// Version is a semantic version without a leading "v": "0.1.0",
	// "0.1.1-dev+g1a2b3c4" for a release snapshot, a module pseudo-version
	// such as "0.0.0-20261101093000-1a2b3c4d5e6f", or Devel.
	Version string `json:"version"`
	// Commit is the full hash of the commit built, "" when unknown.
	Commit string `json:"commit,omitempty"`
	// Modified reports a build from a tree with uncommitted changes.
	Modified bool `json:"modified,omitempty"`
	// Date is the commit or build time in RFC 3339, "" when unknown.
	Date string `json:"date,omitempty"`
}

var (
	once sync.Once
	info Info
)

// Get returns the description of the running build.
func Get() Info {
	once.Do(func() {
		bi, _ := debug.ReadBuildInfo()
		info = resolve(version, commit, date, bi)
	})
	return info
}

// String is the one-line description of the running build, the same on
// every surface: "0.1.0 (1a2b3c4d5e6f 2026-11-01)".
func String() string { return Get().String() }

// String formats an Info: the version, then the short commit ("-dirty" when
// modified) and the date (a day) when known.
func (i Info) String() string {
	var extra []string
	switch {
	case i.Commit != "":
		c := i.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		if i.Modified {
			c += "-dirty"
		}
		extra = append(extra, c)
	default:
		extra = append(extra, "commit unknown")
	}
	if t, err := time.Parse(time.RFC3339, i.Date); err == nil && t.Year() > 1 {
		extra = append(extra, t.UTC().Format(time.DateOnly))
	}
	return i.Version + " (" + strings.Join(extra, " ") + ")"
}

// pseudo matches the tail of a module pseudo-version:
// [-0.|-pre.0.|-]yyyymmddhhmmss-abcdefabcdef.
var pseudo = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[-.](\d{14})-([0-9a-f]{12})$`) })

// resolve picks the build's description: linker values first, then the
// module version, then the VCS stamp.
func resolve(ldVersion, ldCommit, ldDate string, bi *debug.BuildInfo) Info {
	var i Info
	var vcsRev, vcsTime string
	var vcsModified bool
	if bi != nil {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				vcsRev = s.Value
			case "vcs.time":
				vcsTime = s.Value
			case "vcs.modified":
				vcsModified = s.Value == "true"
			}
		}
	}
	if ldVersion != "" {
		return Info{Version: strings.TrimPrefix(ldVersion, "v"), Commit: ldCommit, Date: ldDate}
	}
	if bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		i.Version = strings.TrimPrefix(bi.Main.Version, "v")
		// Go 1.24 and later stamp a clone's build with the version of its
		// commit, "+dirty" when the tree has changes.
		if v, ok := strings.CutSuffix(i.Version, "+dirty"); ok {
			i.Version, i.Modified = v, true
		}
		// A pseudo-version names its commit (12 hex digits) and time.
		if m := pseudo().FindStringSubmatch(i.Version); m != nil {
			i.Commit = m[2]
			if t, err := time.Parse("20060102150405", m[1]); err == nil {
				i.Date = t.UTC().Format(time.RFC3339)
			}
		}
		// A build inside the module's own clone at a tagged commit stamps
		// both; the full hash is better.
		if vcsRev != "" && strings.HasPrefix(vcsRev, i.Commit) {
			i.Commit, i.Modified = vcsRev, i.Modified || vcsModified
			if vcsTime != "" {
				i.Date = vcsTime
			}
		}
		return i
	}
	return Info{Version: Devel, Commit: vcsRev, Modified: vcsModified, Date: vcsTime}
}
