package workspace

import (
	"fmt"
	"strings"
)

// ProblemSource says which input a Problem is about.
type ProblemSource int

// The inputs that can have problems.
const (
	// ProblemSettings: [tool.osmosis-lint] in the root pyproject.toml.
	ProblemSettings ProblemSource = iota + 1
	// ProblemDatasetsFile: the saved dataset list (Options.DatasetsFile or
	// the `datasets` setting).
	ProblemDatasetsFile
	// ProblemDatasetCache: an entry of the CLI's dataset cache.
	ProblemDatasetCache
	// ProblemGitIndex: the git index, read to tell tracked .env files.
	ProblemGitIndex
	// ProblemModelListFile: the saved model list (Options.ModelListFile or
	// the `model-list` setting).
	ProblemModelListFile
	// ProblemSecretListFile: the saved secret list (Options.SecretListFile
	// or the `secret-list` setting).
	ProblemSecretListFile
)

// String names the source in kebab-case.
func (s ProblemSource) String() string {
	switch s {
	case ProblemSettings:
		return "settings"
	case ProblemDatasetsFile:
		return "datasets-file"
	case ProblemDatasetCache:
		return "dataset-cache"
	case ProblemGitIndex:
		return "git-index"
	case ProblemModelListFile:
		return "model-list-file"
	case ProblemSecretListFile:
		return "secret-list-file"
	}
	return "unknown"
}

// Problem is something wrong with an input the workspace model reads.
// Loading never stops on one; the input is then taken as absent (or, for
// settings, the bad key is left at its default).
type Problem struct {
	// Source is the input the problem is about.
	Source ProblemSource
	// Path is the file, workspace-relative when inside the workspace,
	// absolute otherwise.
	Path string
	// Line and Column (1-based, columns in characters) locate the problem
	// when known, else 0.
	Line, Column int
	// Key is the setting's dotted key ("tool.osmosis-lint.severity.x") or
	// the JSON path in a dataset list ("items[3].file_name"), when the
	// problem is about one.
	Key string
	// Value is the setting's value as written (TOML), shown after the key,
	// when the problem is about what the value names (a datasets file
	// that cannot be read).
	Value string
	// Message says what is wrong and what was expected.
	Message string
}

// Error formats the problem as "path:line:col: key: message"; a key of
// the settings table is shown as written in pyproject.toml,
// `[tool.osmosis-lint] datasets = "datasets.json"`.
func (p Problem) Error() string {
	loc := p.Path
	if p.Line > 0 {
		loc = fmt.Sprintf("%s:%d:%d", loc, p.Line, p.Column)
	}
	key := p.Key
	if rest, ok := strings.CutPrefix(key, settingsKey); ok && (rest == "" || rest[0] == '.') {
		key = "[" + settingsKey + "]"
		if rest != "" {
			key += " " + rest[1:]
		}
	}
	if p.Value != "" {
		key += " = " + p.Value
	}
	if key != "" {
		return fmt.Sprintf("%s: %s: %s", loc, key, p.Message)
	}
	return fmt.Sprintf("%s: %s", loc, p.Message)
}

// Problems returns every problem met while reading the workspace's
// inputs, settings first. It reads the parts not read yet.
func (s *Snapshot) Problems() []Problem {
	return s.ProblemsOf(ProblemSettings, ProblemDatasetsFile, ProblemModelListFile, ProblemSecretListFile, ProblemDatasetCache, ProblemGitIndex)
}

// ProblemsOf returns the problems of the given inputs only, reading no more
// of the workspace than they need.
func (s *Snapshot) ProblemsOf(sources ...ProblemSource) []Problem {
	var out []Problem
	for _, src := range sources {
		switch src {
		case ProblemSettings:
			out = append(out, s.settings.problems...)
		case ProblemDatasetsFile:
			if s.list.problem != nil {
				out = append(out, *s.list.problem)
			}
		case ProblemModelListFile:
			if s.modelList.problem != nil {
				out = append(out, *s.modelList.problem)
			}
		case ProblemSecretListFile:
			if s.secrets.problem != nil {
				out = append(out, *s.secrets.problem)
			}
		case ProblemDatasetCache:
			out = append(out, s.cache.problems...)
		case ProblemGitIndex:
			if env := s.envFiles(); env.problem != nil {
				out = append(out, *env.problem)
			}
		}
	}
	return out
}
