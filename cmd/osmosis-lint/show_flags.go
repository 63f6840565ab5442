package main

import (
	"flag"
	"fmt"

	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
)

// showFlags are check's flags that say what a run would use instead of
// running it, and --force-exclude (ruff's names).
type showFlags struct {
	showSettings, showFiles, forceExclude bool
}

func (s *showFlags) define(fs *flag.FlagSet) {
	fs.BoolVar(&s.forceExclude, "force-exclude", false, "leave out the files the settings' exclude names even when they are named on the command line (for pre-commit, which names files)")
	fs.BoolVar(&s.showSettings, "show-settings", false, "print the workspace root, the settings file, the dataset list and every rule with the choice that turned it on or off; check nothing")
	fs.BoolVar(&s.showFiles, "show-files", false, "print the files that would be checked, one a line; check nothing")
}

func (s *showFlags) asked() bool { return s.showSettings || s.showFiles }

// run prints what was asked and checks nothing.
func (s *showFlags) run(env *cmdEnv, paths []string, opts runner.Options, sel selectFlags) (int, error) {
	if s.showSettings && s.showFiles {
		return 0, &usageErr{err: fmt.Errorf("--show-settings and --show-files exclude each other"), showUsage: true}
	}
	for _, p := range paths {
		if p == "-" {
			return 0, &usageErr{err: fmt.Errorf("--show-settings and --show-files take paths, not '-' (standard input)"), showUsage: true}
		}
	}
	if s.showSettings {
		given := ""
		switch {
		case sel.isolated:
			given = "none (--isolated): the defaults"
		case sel.config != "":
			given = sel.config + " [tool.osmosis-lint] (--config)"
		}
		if err := runner.WriteSettings(env.stdout, paths, opts, given); err != nil {
			return 0, err
		}
		return exitOK, nil
	}
	res, err := runner.Files(paths, opts)
	if err != nil {
		return 0, err
	}
	printNotes(env.stderr, res.Notes, true)
	for _, f := range res.Files {
		fmt.Fprintln(env.stdout, escape.String(f.Path))
	}
	return exitOK, nil
}
