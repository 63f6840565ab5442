package lint

import (
	"fmt"
	"slices"
	"sort"
	"strings"
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

// Selection is one layer of rule choices, with ruff's names and meaning.
// The layers are the defaults (every rule), the workspace settings, then
// the command line. A layer that sets Select starts over from it (and drops
// the ignores of the layers below: `--select unknown-key` reports that rule
// whatever pyproject.toml ignores); a layer without it adds ExtendSelect to
// the rules chosen below and takes Ignore and ExtendIgnore away. Within a
// layer a more specific selector wins (a rule id over a stage over ALL), and
// at the same specificity an ignore wins over a select.
type Selection struct {
	// Select is nil when the layer does not set it; empty selects nothing.
	Select       []string
	ExtendSelect []string
	Ignore       []string
	ExtendIgnore []string
}

// Selector groups besides the rule ids: ALL, the four stages, and doctor
// (the workspace checks only `doctor` runs).
const (
	SelectAll    = "ALL"
	SelectDoctor = "doctor"
)

// selectorGroups are the group names a selector may take, for help and
// suggestions.
func selectorGroups() []string {
	return []string{SelectAll, string(StageSubmit), string(StagePlatform), string(StageRuntime), string(StageSync), string(StageAdvice), SelectDoctor}
}

// Selectors lists every name a selector may take: the groups, then the rule
// ids (for shell completion and messages).
func Selectors() []string { return append(selectorGroups(), RuleIDs()...) }

// SelectorError is a selector that names no rule or group.
type SelectorError struct {
	// Option is where it was written (`--select`, `[tool.osmosis-lint] ignore`).
	Option, Selector string
}

func (e *SelectorError) Error() string {
	hint, _ := didYouMean(e.Selector, Selectors())
	return fmt.Sprintf("%s: unknown rule or group %s%s (rules: `osmosis-lint rules`; groups: %s)", e.Option, code(e.Selector), hint, strings.Join(selectorGroups(), ", "))
}

// expand returns the rules a selector names and its specificity.
func expand(sel string) ([]string, int, bool) {
	switch sel {
	case SelectAll:
		return RuleIDs(), 0, true
	case SelectDoctor:
		var ids []string
		for _, r := range Rules() {
			if r.Doctor {
				ids = append(ids, r.ID)
			}
		}
		return ids, 1, true
	case string(StageSubmit), string(StagePlatform), string(StageRuntime), string(StageSync), string(StageAdvice):
		var ids []string
		for _, r := range Rules() {
			if string(r.Stage) == sel {
				ids = append(ids, r.ID)
			}
		}
		return ids, 1, true
	}
	if _, ok := Lookup(sel); ok {
		return []string{sel}, 2, true
	}
	return nil, 0, false
}

// check validates every selector of the layer; option names where the
// layer was written ("--" for the command line, else the settings table).
func (s Selection) check(option string) error {
	for _, part := range []struct {
		name string
		sels []string
	}{
		{optionName(option, "select"), s.Select},
		{optionName(option, "extend-select"), s.ExtendSelect},
		{optionName(option, "ignore"), s.Ignore},
		{optionName(option, "extend-ignore"), s.ExtendIgnore},
	} {
		for _, sel := range part.sels {
			if _, _, ok := expand(sel); !ok {
				return &SelectorError{Option: part.name, Selector: sel}
			}
		}
	}
	return nil
}

// settingsOrigin names the settings' layer of selection.
const settingsOrigin = "[tool.osmosis-lint]"

// optionName spells a selection key where it was written: the flag on the
// command line ("--"), the key of the settings table else.
func optionName(option, key string) string {
	if option == "--" {
		return "--" + key
	}
	return option + " " + key
}

// RuleChoice says whether a rule is checked, at which severity, and which
// choice decided it.
type RuleChoice struct {
	Rule     string
	On       bool
	Severity Severity
	// Why names the selector that decided and where it was written
	// (`--select unknown-key`, `[tool.osmosis-lint] ignore advice`), or
	// the default.
	Why string
	// SeverityWhy is where an overridden severity was set, "" for the
	// rule's own.
	SeverityWhy string
}

// Choices explains the selection of every rule, in catalog order, as
// enabled resolves it (--show-settings).
func (s *Settings) Choices() []RuleChoice {
	var layers []Selection
	var origins []string
	if s != nil {
		layers, origins = s.layers, s.origins
	}
	on, why := map[string]bool{}, map[string]string{}
	for _, id := range RuleIDs() {
		on[id], why[id] = true, "on by default (every rule is)"
	}
	for i, l := range layers {
		updates, reasons := map[string]bool{}, map[string]string{}
		for spec := 0; spec <= 2; spec++ {
			apply := func(key string, sels []string, value bool) {
				for _, sel := range sels {
					if ids, sp, _ := expand(sel); sp == spec {
						for _, id := range ids {
							updates[id], reasons[id] = value, optionName(origins[i], key)+" "+sel
						}
					}
				}
			}
			apply("select", l.Select, true)
			apply("extend-select", l.ExtendSelect, true)
			apply("ignore", l.Ignore, false)
			apply("extend-ignore", l.ExtendIgnore, false)
		}
		if l.Select != nil {
			for id := range on {
				on[id], why[id] = false, optionName(origins[i], "select")+" does not name it"
			}
		}
		for id, v := range updates {
			on[id], why[id] = v, reasons[id]
		}
	}
	var out []RuleChoice
	for _, r := range Rules() {
		c := RuleChoice{Rule: r.ID, On: on[r.ID], Severity: r.Severity, Why: why[r.ID]}
		if sev, ok := s.severity(r.ID); ok {
			c.Severity, c.SeverityWhy = sev, settingsOrigin+" severity"
		}
		out = append(out, c)
	}
	return out
}

// enabled resolves layers (already checked) into the set of rules on.
func enabled(layers []Selection) map[string]bool {
	on := map[string]bool{}
	for _, id := range RuleIDs() {
		on[id] = true
	}
	for _, l := range layers {
		updates := map[string]bool{}
		for spec := 0; spec <= 2; spec++ {
			apply := func(sels []string, value bool) {
				for _, sel := range sels {
					if ids, sp, _ := expand(sel); sp == spec {
						for _, id := range ids {
							updates[id] = value
						}
					}
				}
			}
			apply(l.Select, true)
			apply(l.ExtendSelect, true)
			apply(l.Ignore, false)
			apply(l.ExtendIgnore, false)
		}
		if l.Select != nil {
			clear(on)
		}
		for id, v := range updates {
			on[id] = v
		}
	}
	return on
}

// DoctorSelector reports whether a selector names doctor's workspace checks
// only (the group `doctor` or one of its rules), which `check` never runs.
func DoctorSelector(sel string) bool {
	ids, _, ok := expand(sel)
	if !ok || len(ids) == 0 {
		return false
	}
	for _, id := range ids {
		if r, _ := Lookup(id); r == nil || !r.Doctor {
			return false
		}
	}
	return true
}

// SplitSelectors reads a command-line value: comma-separated selectors,
// spaces around them ignored.
func SplitSelectors(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// Selected returns the settings with a command-line layer of selection on
// top. An unknown selector is an error naming the option.
func (s *Settings) Selected(cli Selection) (*Settings, error) {
	if err := cli.check("--"); err != nil {
		return nil, err
	}
	out := &Settings{Severity: map[string]Severity{}}
	if s != nil {
		out.layers = slices.Clone(s.layers)
		out.origins = slices.Clone(s.origins)
		for k, v := range s.Severity {
			out.Severity[k] = v
		}
	}
	out.layers = append(out.layers, cli)
	out.origins = append(out.origins, "--")
	out.resolve()
	return out, nil
}

// narrows reports whether a layer can turn a rule off: one that selects
// (Select set, even empty) or ignores. Extending the selection of all the
// rules leaves them all on.
func narrows(layers []Selection) bool {
	for _, l := range layers {
		if l.Select != nil || len(l.Ignore) > 0 || len(l.ExtendIgnore) > 0 {
			return true
		}
	}
	return false
}

// resolve computes which rules are off from the layers.
func (s *Settings) resolve() {
	s.ignored = map[string]bool{}
	s.Ignore = nil
	if !narrows(s.layers) {
		return // every rule is on: the common case costs no rule table
	}
	on := enabled(s.layers)
	for _, id := range RuleIDs() {
		if !on[id] {
			s.ignored[id] = true
			s.Ignore = append(s.Ignore, id)
		}
	}
}
