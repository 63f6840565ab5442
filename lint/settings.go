package lint

import (
	"fmt"
	"sort"
)

// Settings are the workspace's `[tool.osmosis-lint]` choices that change
// what is reported.
type Settings struct {
	// Ignore turns rules off.
	Ignore []string
	// Severity overrides the severity of rules.
	Severity map[string]Severity

	ignored map[string]bool
}

// NewSettings validates rule names and severities and returns the settings.
// The error names the offending key.
func NewSettings(ignore []string, severity map[string]string) (*Settings, error) {
	s := &Settings{ignored: map[string]bool{}, Severity: map[string]Severity{}}
	for _, id := range ignore {
		if _, ok := Lookup(id); !ok {
			return nil, unknownRuleError("ignore", id)
		}
		s.Ignore = append(s.Ignore, id)
		s.ignored[id] = true
	}
	keys := make([]string, 0, len(severity))
	for k := range severity {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, id := range keys {
		if _, ok := Lookup(id); !ok {
			return nil, unknownRuleError("severity."+id, id)
		}
		switch sev := Severity(severity[id]); sev {
		case Error, Warning, Info:
			s.Severity[id] = sev
		default:
			return nil, fmt.Errorf("[tool.osmosis-lint] severity.%s: %q is not a severity; use \"error\", \"warning\" or \"info\"", id, severity[id])
		}
	}
	return s, nil
}

func unknownRuleError(key, id string) error {
	hint, _ := didYouMean(id, RuleIDs())
	return fmt.Errorf("[tool.osmosis-lint] %s: unknown rule %s%s (see `osmosis-lint rules`)", key, code(id), hint)
}

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
