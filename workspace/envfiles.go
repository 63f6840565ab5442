package workspace

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
	"github.com/osmosis-lint/osmosis-lint/workspace/ignore"
)

// EnvFile is a `.env` or `.env.*` file at the workspace root, or one the
// git index tracks there.
type EnvFile struct {
	// Name is the file name (".env", ".env.local", ".env.example").
	Name string
	// Present is set when the file exists in the worktree (a dangling
	// symlink counts: the name is there).
	Present bool
	// Symlink is set when it is a symlink.
	Symlink bool
	// Tracked is set when the git index has it: it is in the repository.
	Tracked bool
	// Ignored is set when the root .gitignore or .git/info/exclude ignores
	// it; IgnoredBy names the deciding rule as "file:line" (also for a "!"
	// rule that re-includes it).
	Ignored   bool
	IgnoredBy string
	// IgnoreUnknown is set when .git/info/exclude is a symlink that leaves
	// the git directory: git reads its target, the door does not, so
	// whether git ignores the file is not known (Ignored is then false).
	IgnoreUnknown bool
}

// IsEnvFileName reports whether a root file name is a dotenv file: ".env"
// or ".env.<anything>".
func IsEnvFileName(name string) bool {
	return name == ".env" || (strings.HasPrefix(name, ".env.") && len(name) > len(".env."))
}

type envPart struct {
	files   []EnvFile
	problem *Problem
}

func (s *Snapshot) loadEnv() *envPart {
	part := &envPart{}
	byName := map[string]*EnvFile{}
	entries, _, _ := s.disk.ReadDir(".", 0)
	for _, de := range entries {
		if !IsEnvFileName(de.Name) || de.IsDir() {
			continue
		}
		byName[de.Name] = &EnvFile{Name: de.Name, Present: true, Symlink: de.IsSymlink()}
	}
	var rules ignore.Rules
	unknown := false
	if s.git.dirsErr == nil {
		// git follows a symlinked info/exclude wherever it leads; the door
		// follows it only inside the git directory
		data, err := NewContainer(s.git.dirs.CommonDir).ReadFile(filepath.Join(s.git.dirs.CommonDir, "info", "exclude"), 16<<20)
		switch {
		case err == nil:
			rules.Add(".git/info/exclude", data)
		case errors.Is(err, disk.ErrEscapes):
			unknown = true
		}
		tracked, err := readIndexPaths(filepath.Join(s.git.dirs.GitDir, "index"), s.git.hashSize, func(p []byte) bool {
			return bytes.IndexByte(p, '/') < 0 && IsEnvFileName(string(p))
		})
		switch {
		case err == nil:
			for _, name := range tracked {
				f := byName[name]
				if f == nil {
					f = &EnvFile{Name: name}
					byName[name] = f
				}
				f.Tracked = true
			}
		case !errors.Is(err, fs.ErrNotExist):
			part.problem = &Problem{Source: ProblemGitIndex, Path: s.displayPath(filepath.Join(s.git.dirs.GitDir, "index")), Message: err.Error()}
		}
	}
	// git does not follow a symlinked .gitignore, nor does the door.
	if data, _, err := s.disk.ReadFile(".gitignore", 16<<20); err == nil {
		rules.Add(".gitignore", data)
	}
	for _, f := range byName {
		ignored, by := rules.Ignored(f.Name, false)
		f.Ignored, f.IgnoredBy = ignored, by
		f.IgnoreUnknown = unknown && !ignored
		part.files = append(part.files, *f)
	}
	sort.Slice(part.files, func(i, j int) bool { return part.files[i].Name < part.files[j].Name })
	return part
}

// EnvFiles returns the dotenv files at the root and those the index
// tracks there, by name.
func (s *Snapshot) EnvFiles() []EnvFile { return append([]EnvFile(nil), s.envFiles().files...) }
