package workspace

import (
	"bytes"
	"path/filepath"
	"strings"
)

// LocalState is what git tracks of the files the osmosis CLI writes for the
// machine it runs on, which the workspace template keeps out of the
// repository (its .gitignore: `.osmosis/**`, `.venv/`).
type LocalState struct {
	// Osmosis are tracked paths under .osmosis/ other than the template's
	// own (project.toml, template.json, template-ignore), at most
	// maxLocalExamples of them; OsmosisCount counts them all.
	Osmosis      []string
	OsmosisCount int
	// Venvs are the rollouts' .venv directories with tracked files
	// ("rollouts/calc/.venv"), at most maxLocalExamples; VenvCount counts
	// the tracked files in all of them.
	Venvs     []string
	VenvCount int
	// Read is set when the git index was read.
	Read bool
}

const maxLocalExamples = 5

// templateOsmosisFiles are the files under .osmosis/ the workspace
// template tracks on purpose.
var templateOsmosisFiles = map[string]bool{
	".osmosis/project.toml":    true,
	".osmosis/template.json":   true,
	".osmosis/template-ignore": true,
}

// TrackedLocalState reads the git index for the local state it tracks.
// It reads the index afresh: only doctor asks, once a run.
func (s *Snapshot) TrackedLocalState() LocalState {
	var st LocalState
	if s.git.dirsErr != nil || !s.git.repo {
		return st
	}
	venvs := map[string]bool{}
	paths, err := readIndexPaths(filepath.Join(s.git.dirs.GitDir, "index"), s.git.hashSize, func(p []byte) bool {
		switch {
		case bytes.HasPrefix(p, []byte(".osmosis/")):
			if templateOsmosisFiles[string(p)] {
				return false
			}
			st.OsmosisCount++
			return st.OsmosisCount <= maxLocalExamples
		case bytes.HasPrefix(p, []byte("rollouts/")):
			dir, ok := venvDir(p)
			if !ok {
				return false
			}
			st.VenvCount++
			if !venvs[dir] && len(st.Venvs) < maxLocalExamples {
				venvs[dir] = true
				st.Venvs = append(st.Venvs, dir)
			}
		}
		return false
	})
	if err != nil {
		return LocalState{}
	}
	st.Osmosis, st.Read = paths, true
	return st
}

// venvDir returns "rollouts/<name>/.venv" for a path inside a rollout's
// virtual environment.
func venvDir(p []byte) (string, bool) {
	rest := p[len("rollouts/"):]
	name, after, ok := bytes.Cut(rest, []byte("/"))
	if !ok || len(name) == 0 || !bytes.HasPrefix(after, []byte(".venv/")) {
		return "", false
	}
	return "rollouts/" + string(name) + "/.venv", true
}

// maxEnvExample bounds the .env.example read.
const maxEnvExample = 4 << 20

// EnvExample returns every variable the root .env.example sets, read
// through the door as python-dotenv reads it; Present is false when there
// is none (or it cannot be read).
func (s *Snapshot) EnvExample() Dotenv {
	c, err := s.ReadFile(".env.example", maxEnvExample)
	if err != nil {
		return Dotenv{}
	}
	return parseDotenvVars(c.Data, func(name string) bool { return strings.TrimSpace(name) != "" })
}
