package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/workspace/disk"
)

type checkFlags struct {
	format, output, stdinName, kind, root    string
	fix, unsafeFixes, strict, noColor, quiet bool
	oneline, exitZero                        bool
	watch, watching                          bool
	selectFlags
	outputFlags
	listFlags
	fixFlags
	showFlags
}

func checkCommand(fs *flag.FlagSet) runFunc {
	f := &checkFlags{}
	f.outputFlags.define(fs, &f.format)
	fs.StringVar(&f.output, "o", "", "write the report to `FILE` instead of standard output (atomically; a symlink there is refused)")
	fs.StringVar(&f.output, "output-file", "", "`FILE`: the same as -o (ruff's name)")
	fs.BoolVar(&f.fix, "fix", false, "apply safe fixes to the files, then report what is left")
	fs.BoolVar(&f.unsafeFixes, "unsafe-fixes", false, "add the unsafe fixes (which need review) to what --fix, --diff and --show-fixes consider; alone it changes no file")
	fs.BoolVar(&f.strict, "strict", false, "exit 1 on warnings too")
	fs.StringVar(&f.stdinName, "stdin-filename", "", "with PATH '-', the `NAME` of the file read from standard input")
	f.listFlags.define(fs)
	fs.StringVar(&f.kind, "kind", "", "check every file as this config `KIND` (training, eval or benchmark)")
	fs.BoolVar(&f.noColor, "no-color", false, "never color the text output (the same as --color never)")
	fs.BoolVar(&f.quiet, "q", false, "print findings only, no summary")
	fs.BoolVar(&f.oneline, "oneline", false, "one line per finding, without the source snippet")
	fs.BoolVar(&f.exitZero, "exit-zero", false, "exit 0 even when errors are found")
	fs.StringVar(&f.root, "workspace", "", "use `DIR` as the workspace root instead of the enclosing git repository")
	f.selectFlags.define(fs)
	f.fixFlags.define(fs)
	f.showFlags.define(fs)
	fs.BoolVar(&f.watch, "watch", false, "check again each time a config, rollout, data file or the settings change, until Ctrl-C")
	return f.run
}

func (f *checkFlags) run(env *cmdEnv, paths []string) (int, error) {
	if f.watch && !f.watching {
		return f.runWatch(env, paths)
	}
	if !f.watching {
		batchGC()
	}
	format, err := chooseFormat(f.format)
	if err != nil {
		return 0, &usageErr{err: err, showUsage: true}
	}
	color, err := colorFor(f.color, f.noColor, env.stdout, f.output != "")
	if err != nil {
		return 0, err
	}
	color = color && format.ForPeople()
	if f.statistics && !format.ForPeople() && format != report.JSON {
		return 0, &usageErr{err: fmt.Errorf("--statistics prints a table or, with --format json, a JSON array; not %s", format), showUsage: true}
	}
	opts := runner.Options{DatasetsFile: f.datasets, ModelListFile: f.modelList, SecretListFile: f.secretList, Fix: f.fix && !f.diff, UnsafeFixes: f.unsafeFixes, Diff: f.diff, Root: f.root}
	if err := f.selectFlags.apply(&opts); err != nil {
		return 0, err
	}
	if f.kind != "" {
		k, ok := schema.ParseKind(f.kind)
		if !ok {
			return 0, &usageErr{err: fmt.Errorf("unknown kind %q: use training, eval or benchmark", f.kind), showUsage: true}
		}
		opts.Kind = k
	}
	if home, err := os.UserHomeDir(); err == nil {
		opts.Home = home
	}
	opts.ForceExclude = f.forceExclude
	if f.showFlags.asked() {
		return f.showFlags.run(env, paths, opts, f.selectFlags)
	}
	var results []runner.FileResult
	var notes []string
	stdinMode := len(paths) == 1 && paths[0] == "-"
	switch {
	case stdinMode:
		if f.stdinName == "" && opts.Kind == "" {
			return 0, &usageErr{err: errors.New("reading standard input needs --stdin-filename NAME (or --kind KIND)"), showUsage: true}
		}
		// without a name the text is checked as the kind, in the current
		// directory's workspace, with no place of its own; read through a
		// config file's cap
		res, more, err := runner.CheckReader(env.stdin, f.stdinName, opts)
		if err != nil {
			return 0, err
		}
		printNotes(env.stderr, more, f.quiet)
		if res.Src == nil && (opts.Fix || f.diff) {
			// too large to be read: no text to give back, and an empty
			// one would replace an editor's buffer
			return 0, fmt.Errorf("standard input is more than %d MiB, the size limit of a config: it is not checked, and nothing is written", runner.MaxConfigSize>>20)
		}
		if f.diff {
			return writeDiffs(env.stdout, env.stderr, []runner.FileResult{res}, f.quiet, f.unsafeFixes, f.fix)
		}
		if opts.Fix {
			// the fixed text goes to standard output, the findings nowhere
			if !f.quiet {
				reportUnfixed(env.stderr, []runner.FileResult{res})
			}
			_, err := env.stdout.Write(res.Src)
			return exitCode(res.Findings, f.strict, f.exitZero), err
		}
		results = []runner.FileResult{res}
	default:
		for _, p := range paths {
			if p == "-" {
				return 0, &usageErr{err: errors.New("'-' (standard input) cannot be mixed with other paths"), showUsage: true}
			}
		}
		res, err := runner.Run(paths, opts)
		if err != nil {
			return 0, err
		}
		results, notes = res.Files, res.Notes
		if len(paths) > 0 && len(results) == 0 && len(res.Excluded) == 0 {
			// as ruff warns when the paths hold no Python file: a hook or a
			// CI job pointed at the wrong place should not pass unnoticed
			notes = append(notes, "warning: no config files in "+strings.Join(paths, ", ")+" (configs are .toml files under configs/training/, configs/eval/ or configs/benchmark/)")
		}
		if f.diff {
			printNotes(env.stderr, notes, f.quiet)
			return writeDiffs(env.stdout, env.stderr, results, f.quiet, f.unsafeFixes, f.fix)
		}
	}
	out := env.stdout
	var file *disk.Output
	if f.output != "" {
		// a temporary file renamed into place; a symlink there is refused
		file, err = disk.CreateOutput(f.output)
		if err != nil {
			return 0, fmt.Errorf("-o %s: %w", escape.String(f.output), err)
		}
		defer file.Abort()
		out = file
	}
	files := make([]report.File, len(results))
	var all []lint.Finding
	fixed := 0
	for i, r := range results {
		files[i] = report.File{Path: r.Path, Src: r.Src, Findings: r.Findings, Applied: r.Applied, Unfixed: r.Unfixed}
		all = append(all, r.Findings...)
		fixed += r.Fixed
	}
	ropts := report.Options{
		Color:   color,
		OneLine: f.oneline,
		Quiet:   f.quiet,
		Fixed:   fixed,
		// unsafe fixes count as fixable (by --fix --unsafe-fixes), not hidden
		UnsafeFixes: f.unsafeFixes,
		// lines wrapped to the terminal; a pipe or -o FILE gets them whole
		Width: terminalWidth(out),
		// the list goes with the text styles; other formats keep their shape
		ShowFixes: f.showFixes && format.ForPeople() && !f.statistics,
	}
	// what the run chose or could not do comes first: it frames the report
	printNotes(env.stderr, notes, f.quiet)
	write := report.Write
	if f.statistics {
		write = report.WriteStatistics
	}
	if err := write(out, format, files, ropts); err != nil {
		return 0, fmt.Errorf("write report: %w", err)
	}
	if !f.quiet {
		reportUnfixed(env.stderr, results)
	}
	if f.showFixes && !ropts.ShowFixes {
		report.WriteFixes(env.stderr, files)
	}
	if file != nil {
		if err := file.Commit(); err != nil {
			return 0, fmt.Errorf("write %s: %w", escape.String(f.output), err)
		}
	}
	if f.exitNonZeroOnFix && fixed > 0 {
		return exitErrors, nil
	}
	return exitCode(all, f.strict, f.exitZero), nil
}

// reportUnfixed says which fixes --fix refused and why, on standard error
// (the report's format stays as it is).
func reportUnfixed(w io.Writer, results []runner.FileResult) {
	for _, r := range results {
		for _, u := range r.Unfixed {
			fmt.Fprintf(w, "%s:%d: not fixed: %s [%s]: %s\n", escape.String(r.Path), u.Line, escape.String(u.Title), u.Rule, escape.String(u.Reason))
		}
	}
}

func chooseFormat(s string) (report.Format, error) {
	if s == "" {
		if os.Getenv("GITHUB_ACTIONS") == "true" {
			return report.GitHub, nil
		}
		return report.Text, nil
	}
	return report.ParseFormat(s)
}

func exitCode(fs []lint.Finding, strict, exitZero bool) int {
	if exitZero {
		return exitOK
	}
	for _, f := range fs {
		if f.Severity == lint.Error || (strict && f.Severity == lint.Warning) {
			return exitErrors
		}
	}
	return exitOK
}

// printNotes tells on standard error what the run could not do or chose
// for the user: listings cut short, fixes not written, the workspace
// checked when it is not the git root. quiet leaves out the warnings.
func printNotes(w io.Writer, notes []string, quiet bool) {
	for _, n := range notes {
		if quiet && strings.HasPrefix(n, "warning: ") {
			continue
		}
		fmt.Fprintln(w, "osmosis-lint: "+escape.String(n))
	}
}
