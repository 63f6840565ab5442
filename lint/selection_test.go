package lint

import (
	"slices"
	"strings"
	"testing"
)

func onRules(t *testing.T, layers ...Selection) []string {
	t.Helper()
	for _, l := range layers {
		if err := l.check("--"); err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for id, on := range enabled(layers) {
		if on {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

func stageRules(stage Stage, except ...string) []string {
	var out []string
	for _, r := range Rules() {
		if r.Stage == stage && !slices.Contains(except, r.ID) {
			out = append(out, r.ID)
		}
	}
	slices.Sort(out)
	return out
}

// TestSelection follows ruff's documented examples with our rules.
func TestSelection(t *testing.T) {
	all := RuleIDs()
	without := func(ids ...string) []string {
		return slices.DeleteFunc(slices.Clone(all), func(id string) bool { return slices.Contains(ids, id) })
	}
	settings := Selection{Select: []string{"submit", "platform"}, Ignore: []string{RuleUnknownKey}}
	cases := []struct {
		name   string
		layers []Selection
		want   []string
	}{
		{"nothing chosen: every rule", nil, all},
		{"ignore one", []Selection{{Ignore: []string{RuleUnknownKey}}}, without(RuleUnknownKey)},
		{"select one", []Selection{{Select: []string{RuleUnknownKey}}}, []string{RuleUnknownKey}},
		{"empty select: nothing", []Selection{{Select: []string{}}}, nil},
		{"a stage as a group", []Selection{{Select: []string{"advice"}}}, stageRules(StageAdvice)},
		{"a rule id wins over its stage", []Selection{{Select: []string{RuleUnknownKey}, Ignore: []string{"submit"}}}, []string{RuleUnknownKey}},
		{"an ignore wins at the same specificity", []Selection{{Select: []string{RuleUnknownKey}, Ignore: []string{RuleUnknownKey}}}, nil},
		{"select ALL, ignore one", []Selection{{Select: []string{"ALL"}, ExtendIgnore: []string{RuleUnknownKey}}}, without(RuleUnknownKey)},
		// ruff: `--select F401` over `ignore = ["F401"]` enforces F401 alone
		{"a command-line select drops the settings' ignores", []Selection{settings, {Select: []string{RuleUnknownKey}}}, []string{RuleUnknownKey}},
		// ruff: `--extend-select B` adds B and keeps the settings' ignore
		{"extend-select keeps the settings' ignores", []Selection{settings, {ExtendSelect: []string{"advice"}}},
			sortedUnion(stageRules(StageSubmit, RuleUnknownKey), stageRules(StagePlatform), stageRules(StageAdvice))},
		{"ignore on top of the settings' select", []Selection{settings, {Ignore: []string{"platform"}}}, stageRules(StageSubmit, RuleUnknownKey)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := onRules(t, c.layers...); !slices.Equal(got, c.want) {
				t.Errorf("on:\n%q\nwant:\n%q", got, c.want)
			}
			// --show-settings explains the same outcome, each rule with
			// the choice that decided it
			st := &Settings{layers: c.layers}
			for i := range c.layers {
				st.origins = append(st.origins, map[bool]string{true: settingsOrigin, false: "--"}[i == 0 && len(c.layers) > 1])
			}
			var on []string
			for _, ch := range st.Choices() {
				if ch.On {
					on = append(on, ch.Rule)
				}
				if ch.Why == "" {
					t.Errorf("%s: no reason", ch.Rule)
				}
			}
			slices.Sort(on)
			if !slices.Equal(on, c.want) {
				t.Errorf("Choices on:\n%q\nwant:\n%q", on, c.want)
			}
		})
	}
}

func sortedUnion(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestSelectionErrors(t *testing.T) {
	_, err := (*Settings)(nil).Selected(Selection{Select: []string{"unknwn-key"}})
	if err == nil || !strings.Contains(err.Error(), "--select: unknown rule or group `unknwn-key`; did you mean `unknown-key`?") {
		t.Errorf("error: %v", err)
	}
	_, err = (*Settings)(nil).Selected(Selection{ExtendIgnore: []string{"submt"}})
	if err == nil || !strings.Contains(err.Error(), "--extend-ignore: unknown rule or group `submt`; did you mean `submit`?") {
		t.Errorf("error: %v", err)
	}
	if _, err := NewSettingsSelection(Selection{Select: []string{"runtim"}}, nil); err == nil || !strings.Contains(err.Error(), "[tool.osmosis-lint] select: unknown rule `runtim`; did you mean `runtime`?") {
		t.Errorf("settings error: %v", err)
	}
}

// TestSelectedKeepsSeverity: the command line's layer changes which rules
// run, never the settings' severities.
func TestSelectedKeepsSeverity(t *testing.T) {
	s, err := NewSettingsSelection(Selection{Ignore: []string{RuleParamLimit}}, map[string]string{RuleUnknownKey: "warning"})
	if err != nil {
		t.Fatal(err)
	}
	cli, err := s.Selected(Selection{ExtendSelect: []string{RuleParamLimit}, Ignore: []string{"advice"}})
	if err != nil {
		t.Fatal(err)
	}
	only, err := s.Selected(Selection{Select: []string{RuleUnknownKey}})
	if err != nil || only.off(RuleUnknownKey) || !only.off(RuleParamRange) {
		t.Errorf("--select unknown-key: unknown-key off %v, param-range off %v", only.off(RuleUnknownKey), only.off(RuleParamRange))
	}
	if sev, _ := cli.severity(RuleUnknownKey); sev != Warning || cli.off(RuleParamLimit) || !s.off(RuleParamLimit) {
		t.Errorf("severity %q, param-limit off %v (settings %v)", sev, cli.off(RuleParamLimit), s.off(RuleParamLimit))
	}
}

// TestChoicesSay names the selector and where it was written.
func TestChoicesSay(t *testing.T) {
	base, err := NewSettingsSelection(Selection{Ignore: []string{"advice"}}, map[string]string{RuleParamLimit: "error"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := base.Selected(Selection{ExtendSelect: []string{RuleHLEParity}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]RuleChoice{
		RuleHLEParity:     {On: true, Why: "--extend-select " + RuleHLEParity},
		RuleGRPOGroupSize: {On: false, Why: "[tool.osmosis-lint] ignore advice"},
		RuleUnknownKey:    {On: true, Why: "on by default (every rule is)"},
		RuleParamLimit:    {On: true, Why: "on by default (every rule is)", SeverityWhy: "[tool.osmosis-lint] severity"},
	}
	for _, c := range st.Choices() {
		w, ok := want[c.Rule]
		if ok && (c.On != w.On || c.Why != w.Why || c.SeverityWhy != w.SeverityWhy) {
			t.Errorf("%s: %+v, want %+v", c.Rule, c, w)
		}
	}
	if _, err := (*Settings)(nil).Selected(Selection{Select: []string{RuleUnknownKey}}); err != nil {
		t.Fatal(err)
	}
	only, _ := (*Settings)(nil).Selected(Selection{Select: []string{RuleUnknownKey}})
	for _, c := range only.Choices() {
		if c.Rule == RuleParamRange && (c.On || c.Why != "--select does not name it") {
			t.Errorf("%+v", c)
		}
	}
}

// TestResolveWithoutNarrowing holds the shortcut of resolve to enabled: a
// layer that neither selects nor ignores leaves every rule on.
func TestResolveWithoutNarrowing(t *testing.T) {
	for _, layers := range [][]Selection{nil, {{}}, {{ExtendSelect: []string{SelectAll}}, {ExtendSelect: []string{RuleIDs()[0]}}}} {
		if narrows(layers) {
			t.Fatalf("%+v narrows", layers)
		}
		for id, on := range enabled(layers) {
			if !on {
				t.Errorf("%+v: %s is off", layers, id)
			}
		}
	}
	for _, l := range []Selection{{Select: []string{}}, {Ignore: []string{SelectAll}}, {ExtendIgnore: []string{RuleIDs()[0]}}} {
		if !narrows([]Selection{l}) {
			t.Errorf("%+v does not narrow", l)
		}
	}
}
