package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

// listFlag collects comma-separated values over repeated uses, and knows
// whether it was given at all (an empty --select selects nothing).
type listFlag struct {
	values []string
	set    bool
}

func (l *listFlag) String() string { return strings.Join(l.values, ",") }

func (l *listFlag) Set(s string) error {
	l.set = true
	l.values = append(l.values, lint.SplitSelectors(s)...)
	return nil
}

// selectFlags are check's rule selection and settings flags (ruff's names).
type selectFlags struct {
	sel, extendSel, ignore, extendIgnore listFlag
	config                               string
	isolated                             bool
}

func (s *selectFlags) define(fs *flag.FlagSet) {
	const groups = "; rule ids, or the groups ALL, submit, platform, runtime, sync, advice"
	fs.Var(&s.sel, "select", "check only these `RULES` (comma-separated"+groups+"), instead of the settings' choice")
	fs.Var(&s.extendSel, "extend-select", "check these `RULES` too, on top of the settings' choice")
	fs.Var(&s.ignore, "ignore", "do not check these `RULES`")
	fs.Var(&s.extendIgnore, "extend-ignore", "do not check these `RULES` either (the same as --ignore, as in ruff)")
	fs.StringVar(&s.config, "config", "", "read the settings from the [tool.osmosis-lint] table of `FILE` instead of the workspace's pyproject.toml")
	fs.BoolVar(&s.isolated, "isolated", false, "ignore every settings file: check with the defaults and the command line's choices")
}

// apply puts the selection and the chosen settings into opts.
func (s *selectFlags) apply(opts *runner.Options) error {
	for _, l := range []struct {
		flag string
		sels []string
	}{{"--select", s.sel.values}, {"--extend-select", s.extendSel.values}} {
		for _, sel := range l.sels {
			if lint.DoctorSelector(sel) {
				return &usageErr{err: fmt.Errorf("%s %s: doctor's workspace checks run under `osmosis-lint doctor`, not `check` (check lints configs)", l.flag, sel), showUsage: true}
			}
		}
	}
	opts.Select = lint.Selection{ExtendSelect: s.extendSel.values, Ignore: s.ignore.values, ExtendIgnore: s.extendIgnore.values}
	if s.sel.set {
		opts.Select.Select = append([]string{}, s.sel.values...)
	}
	switch {
	case s.isolated && s.config != "":
		return &usageErr{err: errors.New("--config and --isolated exclude each other"), showUsage: true}
	case s.isolated:
		opts.Settings = &workspace.Settings{}
	case s.config != "":
		st, err := readSettingsFile(s.config)
		if err != nil {
			return err
		}
		opts.Settings = &st
	}
	return nil
}

// readSettingsFile reads the [tool.osmosis-lint] table of a file named on
// the command line. A file without that table is an error: its keys would
// otherwise be ignored without a word.
func readSettingsFile(name string) (workspace.Settings, error) {
	// a file named on the command line: read as named, regular and capped
	data, _, err := disk.ReadNamed(name, 16<<20)
	if err != nil {
		return workspace.Settings{}, fmt.Errorf("--config: %w", err)
	}
	st, problems := workspace.ParseSettings(data)
	st.SetFile(name)
	if len(problems) > 0 {
		msgs := make([]string, len(problems))
		for i, p := range problems {
			p.Path = name
			msgs[i] = p.Error()
		}
		return st, errors.New(strings.Join(msgs, "\n"))
	}
	if doc := toml.Parse(data); len(doc.Errors) == 0 {
		if tool := doc.Root.Value("tool"); tool == nil || tool.Kind == toml.KindTable && tool.Table.Get("osmosis-lint") == nil {
			return st, fmt.Errorf("--config %s: no [tool.osmosis-lint] table in it", name)
		}
	}
	return st, nil
}
