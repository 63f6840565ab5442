package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
)

type doctorFlags struct {
	format, template, root, color string
	listFlags
	fix, noColor bool
}

func doctorCommand(fs *flag.FlagSet) runFunc {
	f := &doctorFlags{}
	fs.StringVar(&f.format, "format", "text", "output format: `text|json`")
	fs.BoolVar(&f.fix, "fix", false, "create missing directories, copy missing agent files from the template, link skills, apply safe config fixes (never overwrites)")
	fs.StringVar(&f.template, "template", "", "`DIR` holding the Osmosis workspace template, for --fix (default: $OSMOSIS_WORKSPACE_TEMPLATE_PATH)")
	f.listFlags.define(fs)
	fs.StringVar(&f.root, "workspace", "", "use `DIR` as the workspace root instead of the enclosing git repository")
	fs.BoolVar(&f.noColor, "no-color", false, "never color the text output (the same as --color never)")
	defineColor(fs, &f.color)
	return f.run
}

func (f *doctorFlags) run(env *cmdEnv, pos []string) (int, error) {
	if f.format != "text" && f.format != "json" {
		return 0, &usageErr{err: fmt.Errorf("unknown format %q: use text or json", f.format), showUsage: true}
	}
	if len(pos) > 1 {
		return 0, &usageErr{err: errors.New("doctor takes one directory"), showUsage: true}
	}
	color, err := colorFor(f.color, f.noColor, env.stdout, false)
	if err != nil {
		return 0, err
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	home, _ := os.UserHomeDir()
	rep, err := doctor.Run(dir, doctor.Options{Home: home, DatasetsFile: f.datasets, ModelListFile: f.modelList, SecretListFile: f.secretList, Fix: f.fix, Template: f.template, Root: f.root})
	if err != nil {
		if errors.Is(err, doctor.ErrNotWorkspace) {
			return 0, fmt.Errorf("%s is not an Osmosis workspace: it is not inside a git repository (an Osmosis workspace is the git repository the platform created; `git init` makes one)", dir)
		}
		return 0, err
	}
	if f.format == "json" {
		if err := escape.JSON(env.stdout, rep); err != nil {
			return 0, err
		}
	} else {
		writeDoctorText(env.stdout, rep, color)
	}
	if rep.SettingsFailed() {
		// the report is printed, and the exit is check's for bad settings
		return exitUsage, nil
	}
	if rep.Valid {
		return exitOK, nil
	}
	return exitErrors, nil
}

func writeDoctorText(w io.Writer, rep *doctor.Report, color bool) {
	// through escape.Terminal, as every text a person reads
	t := escape.NewTerminal(w)
	defer t.Flush()
	bw := bufio.NewWriter(t)
	defer bw.Flush()
	paint := func(c, s string) string {
		if !color {
			return s
		}
		return c + s + "\x1b[0m"
	}
	fmt.Fprintf(bw, "%s %s\n\n", paint("\x1b[1m", "osmosis-lint doctor:"), escape.String(rep.WorkspaceDirectory))
	byID := map[string][]lint.Finding{}
	for _, f := range rep.Findings {
		id := f.Rule
		if r, ok := lint.Lookup(f.Rule); !ok || !r.Doctor {
			id = "configs"
		}
		byID[id] = append(byID[id], f)
	}
	shown := map[string]bool{}
	errs, warns := 0, 0
	for _, c := range rep.Checks {
		label := string(c.Status)
		switch c.Status {
		case doctor.OK:
			label = paint("\x1b[32m", "ok     ")
		case doctor.Warn:
			label = paint("\x1b[33m", "warning")
			warns++
		case doctor.Fail:
			label = paint("\x1b[31m", "error  ")
			errs++
		case doctor.Info:
			label = paint("\x1b[34m", "info   ")
		case doctor.Skipped:
			label = paint("\x1b[2m", "skipped")
		}
		fmt.Fprintf(bw, "  %s  %-18s %s\n", label, c.ID, escape.String(c.Message))
		if fs := findingsOf(c, byID[c.ID]); len(fs) > 0 && !shown[c.ID] {
			// the configs' findings go once under their line; a data
			// file's under its own
			shown[c.ID] = c.ID == "configs"
			files := groupByFile(rep, fs)
			var buf bytesWriter
			_ = report.Write(&buf, report.Text, files, report.Options{OneLine: true, Quiet: true})
			for _, line := range buf.lines() {
				fmt.Fprintf(bw, "             %s\n", line)
			}
		}
	}
	if len(rep.Fixed) > 0 {
		fmt.Fprintln(bw, "\nfixed:")
		for _, f := range rep.Fixed {
			fmt.Fprintf(bw, "  %s\n", escape.String(f))
		}
	}
	if len(rep.NotFixed) > 0 {
		fmt.Fprintln(bw, "\nnot fixed:")
		for _, f := range rep.NotFixed {
			fmt.Fprintf(bw, "  %s\n", escape.String(f))
		}
	}
	fmt.Fprintln(bw)
	switch {
	case rep.Valid && warns == 0:
		fmt.Fprintln(bw, paint("\x1b[32m", "The workspace is healthy."))
	case rep.Valid:
		fmt.Fprintf(bw, "The workspace is usable, with %s to look at.\n", plural(warns, "warning"))
	default:
		fmt.Fprintf(bw, "%s\n", paint("\x1b[31m", fmt.Sprintf("The workspace has problems to fix: %s, %s.", plural(errs, "failed check"), plural(warns, "warning"))))
	}
}

// findingsOf are the findings printed under a check's line: every
// config's under the configs line, a data file's under the line of that
// file.
func findingsOf(c doctor.Check, fs []lint.Finding) []lint.Finding {
	switch c.ID {
	case "configs":
		return fs
	case lint.RuleDatasetFile:
		var out []lint.Finding
		for _, f := range fs {
			if c.Shown() != "" && f.Path == c.Shown() {
				out = append(out, f)
			}
		}
		return out
	}
	return nil
}

func groupByFile(rep *doctor.Report, fs []lint.Finding) []report.File {
	var out []report.File
	idx := map[string]int{}
	for _, f := range fs {
		i, ok := idx[f.Path]
		if !ok {
			i = len(out)
			idx[f.Path] = i
			out = append(out, report.File{Path: f.Path, Src: rep.Files[f.Path]})
		}
		out[i].Findings = append(out[i].Findings, f)
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// bytesWriter collects output to indent it line by line.
type bytesWriter struct{ b []byte }

func (w *bytesWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

func (w *bytesWriter) lines() []string {
	var out []string
	start := 0
	for i, c := range w.b {
		if c == '\n' {
			out = append(out, string(w.b[start:i]))
			start = i + 1
		}
	}
	if start < len(w.b) {
		out = append(out, string(w.b[start:]))
	}
	return out
}
