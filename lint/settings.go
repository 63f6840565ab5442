package lint

import (
	"fmt"
	"slices"
	"sort"
)

// Settings are the workspace's `[tool.osmosis-lint]` choices that change
// what is reported.
type Settings struct {
	// Ignore lists the rules that are off, sorted (resolved from the
	// selection layers).
	Ignore []string
	// Severity overrides the severity of rules.
	Severity map[string]Severity

	layers []Selection
	// origins say where each layer was written: settingsOrigin or "--"
	origins []string
	ignored map[string]bool
}

// NewSettings validates rule names and severities and returns the settings.
// The error names the offending key.
func NewSettings(ignore []string, severity map[string]string) (*Settings, error) {
	return NewSettingsSelection(Selection{Ignore: ignore}, severity)
}

// NewSettingsSelection is NewSettings with the settings' whole selection
// layer (`select`, `extend-select` and `ignore` of [tool.osmosis-lint]).
func NewSettingsSelection(sel Selection, severity map[string]string) (*Settings, error) {
	s := &Settings{Severity: map[string]Severity{}}
	for _, part := range [][]string{sel.Select, sel.ExtendSelect, sel.Ignore, sel.ExtendIgnore} {
		for _, id := range part {
			if _, _, ok := expand(id); !ok {
				key := "ignore"
				switch {
				case slices.Contains(sel.Select, id):
					key = "select"
				case slices.Contains(sel.ExtendSelect, id):
					key = "extend-select"
				}
				return nil, unknownRuleError(key, id)
			}
		}
	}
	s.layers, s.origins = []Selection{sel}, []string{settingsOrigin}
	s.resolve()
	keys := make([]string, 0, len(severity))
	for k := range severity {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, id := range keys {
		if _, ok := Lookup(id); !ok {
			return nil, unknownRuleError("severity."+id, id)
		}
		sev, ok := ParseSeverity(severity[id])
		if !ok {
			return nil, &SettingError{Key: "severity." + id, Err: fmt.Errorf("[tool.osmosis-lint] severity.%s: %q is not a severity; use \"error\", \"warning\" or \"info\"", id, severity[id])}
		}
		s.Severity[id] = sev
	}
	return s, nil
}

func unknownRuleError(key, id string) error {
	hint, _ := didYouMean(id, Selectors())
	return &SettingError{Key: key, Err: fmt.Errorf("[tool.osmosis-lint] %s: unknown rule %s%s (see `osmosis-lint rules`)", key, code(id), hint)}
}

// SettingError is a bad value of one key of [tool.osmosis-lint].
type SettingError struct {
	// Key is the dotted key below the table ("ignore", "severity.x").
	Key string
	Err error
}

func (e *SettingError) Error() string { return e.Err.Error() }
func (e *SettingError) Unwrap() error { return e.Err }

func (s *Settings) off(id string) bool {
	return s != nil && s.ignored[id]
}

func (s *Settings) severity(id string) (Severity, bool) {
	if s == nil {
		return "", false
	}
	sev, ok := s.Severity[id]
	return sev, ok
}
