package workspace

import (
	_ "embed"
	"strings"
)

//go:embed models.txt
var builtinModelsText string

// ModelSource says where a base model name is known from.
type ModelSource int

// The model sources.
const (
	// ModelBuiltin: the list shipped with osmosis-lint.
	ModelBuiltin ModelSource = iota + 1
	// ModelSettings: the `models` setting.
	ModelSettings
	// ModelOptions: Options.Models (for example a command-line flag).
	ModelOptions
	// ModelListFile: a base model of the saved model list (--model-list or
	// the `model-list` setting), the platform's own list.
	ModelListFile
)

// String names the source in kebab-case.
func (s ModelSource) String() string {
	switch s {
	case ModelBuiltin:
		return "builtin"
	case ModelSettings:
		return "settings"
	case ModelOptions:
		return "options"
	case ModelListFile:
		return "model-list"
	}
	return "unknown"
}

// Model is one known base model name for training configs.
type Model struct {
	// Name is the model id as a config's `model_path` holds it.
	Name string
	// Source is the first source that lists the name.
	Source ModelSource
}

// BuiltinModels returns the base models shipped with osmosis-lint.
func BuiltinModels() []string {
	var out []string
	for _, line := range strings.Split(builtinModelsText, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

type modelIndex struct {
	list   []Model
	byName map[string]int
}

func (s *Snapshot) indexModels() *modelIndex {
	idx := &modelIndex{byName: map[string]int{}}
	add := func(name string, src ModelSource) {
		if _, ok := idx.byName[name]; ok || name == "" {
			return
		}
		idx.byName[name] = len(idx.list)
		idx.list = append(idx.list, Model{Name: name, Source: src})
	}
	// the platform's list, when saved, stands for the built-in one
	if s.modelList.loaded {
		for _, m := range s.modelList.entries {
			add(m.Name, ModelListFile)
		}
	} else {
		for _, m := range BuiltinModels() {
			add(m, ModelBuiltin)
		}
	}
	for _, m := range s.settings.settings.Models {
		add(m, ModelSettings)
	}
	for _, m := range s.opts.Models {
		add(m, ModelOptions)
	}
	return idx
}

// Models returns the known base model names: the saved model list's base
// models (or, without one, the built-in list), then the `models` setting,
// then Options.Models, each name once.
func (s *Snapshot) Models() []Model { return append([]Model(nil), s.models.list...) }

// LookupModel finds a base model by exact name.
func (s *Snapshot) LookupModel(name string) (Model, bool) {
	i, ok := s.models.byName[name]
	if !ok {
		return Model{}, false
	}
	return s.models.list[i], true
}
