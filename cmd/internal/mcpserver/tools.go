package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/doctor"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/report"
	"github.com/osmosis-lint/osmosis-lint/lint/runner"
	"github.com/osmosis-lint/osmosis-lint/schema"
)

// tools are the tools, in the order tools/list gives them (by name),
// made at the first use: a process that serves no MCP does not. Their
// input and output schemas are in schemas.json, generated from the Go
// types of their arguments and results (TestToolSchemas).
var tools = sync.OnceValue(func() []*tool {
	return []*tool{
		{
			Name:        "check",
			Title:       "Check Osmosis configs",
			Description: "Lint Osmosis workspace configs with every rule of osmosis-lint check. Give `paths` (config files, configs/<kind>/**/*.toml, or directories of the workspace; none: every config of the workspace; any other file is refused), or `text` with `filename` to check an unsaved buffer as that config. The result has the findings as `osmosis-lint check --format json` prints them (path, line, column, rule, severity, stage, message, key, fixes) and a summary.",
			Annotations: readOnly(),
			run:         typed(func(s *server) handler[checkIn, report.JSONReport] { return s.check }),
		},
		{
			Name:        "doctor",
			Title:       "Check the health of the workspace",
			Description: "Run osmosis-lint doctor on the workspace: the scaffold the osmosis CLI needs, the git origin, every config, the rollouts, the agent skills, the dataset files under data/ and stray .env files. Read-only (the CLI's doctor --fix is not offered here).",
			Annotations: readOnly(),
			run:         typed(func(s *server) handler[doctorIn, *doctor.Report] { return s.doctor }),
		},
		{
			Name:        "explain",
			Title:       "Explain a rule",
			Description: "The documentation of one rule: why it exists, its stage, a reported and a fine example, and how to suppress it.",
			Annotations: readOnly(),
			run:         typed(func(s *server) handler[explainIn, ruleDoc] { return s.explain }),
		},
		{
			Name:        "fix",
			Title:       "Fix Osmosis configs",
			Description: "Apply the fixes of osmosis-lint to configs (configs/training, configs/eval, configs/benchmark **/*.toml; any other named file is refused) and return the unified diff. Nothing is written unless `write` is true. Without `unsafe` only the safe fixes apply (as check --fix); `unsafe` adds the fixes that need review (such as renaming a misspelled key), as check --fix --unsafe-fixes does. Fixes that need a decision (deleting a value, choosing a model, dataset or file, rewriting what was written) are never applied, with or without `unsafe`: they are listed with the findings for the user to choose. The result also has the findings left after the fixes.",
			Annotations: fixAnnotations(),
			run:         typed(func(s *server) handler[fixIn, fixOut] { return s.fix }),
		},
		{
			Name:        "rules",
			Title:       "List the rules",
			Description: "Every rule of osmosis-lint with its severity, stage and summary.",
			Annotations: readOnly(),
			run:         typed(func(s *server) handler[struct{}, ruleList] { return s.rules }),
		},
		{
			Name:        "schema",
			Title:       "JSON Schema of a config kind",
			Description: "The JSON Schema of training, eval or benchmark configs: every section and key with its type, default, range and documentation.",
			Annotations: readOnly(),
			run:         typed(func(s *server) handler[schemaIn, any] { return s.schema }),
		},
	}
})

// readOnly are the annotations of the tools that change nothing.
func readOnly() annotations {
	return annotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}
}

// fixAnnotations are the truth about fix: with write it replaces files,
// so it is destructive (hosts ask before running it). It is not
// idempotent: a fixer run that stopped before its fixes settled (they
// undo each other, or the rounds ran out) leaves a file that a second
// call changes again.
func fixAnnotations() annotations {
	return annotations{ReadOnlyHint: false, DestructiveHint: new(true), IdempotentHint: false, OpenWorldHint: new(false)}
}

// checkIn are the arguments of check.
type checkIn struct {
	Paths    []string `json:"paths,omitempty" jsonschema:"configs (configs/<kind>/**/*.toml) or directories to check, relative to the workspace root; none: every config of the workspace"`
	Text     *string  `json:"text,omitempty" jsonschema:"the content of an unsaved buffer, checked as the workspace file filename"`
	Filename string   `json:"filename,omitempty" jsonschema:"with text: the config path the text is checked as (configs/<kind>/**/*.toml; it need not exist)"`
}

func (s *server) check(ctx context.Context, req *callRequest, in checkIn) (*result, report.JSONReport, error) {
	sc, err := s.scope(ctx, req.Session)
	if err != nil {
		return nil, report.JSONReport{}, err
	}
	var files []report.File
	switch {
	case in.Text != nil || in.Filename != "":
		if in.Text == nil || in.Filename == "" {
			return nil, report.JSONReport{}, errors.New("text and filename go together: the text is checked as the file filename")
		}
		if len(in.Paths) > 0 {
			return nil, report.JSONReport{}, errors.New("give paths, or text with filename, not both")
		}
		files, err = s.checkText(sc, *in.Text, in.Filename)
	default:
		files, err = s.checkPaths(sc, in.Paths, runner.Options{})
	}
	if err != nil {
		return nil, report.JSONReport{}, err
	}
	return text(checkText(files)), report.NewJSONReport(files), nil
}

func (s *server) checkText(sc scope, src, filename string) ([]report.File, error) {
	abs, root, err := sc.resolve(filename, false)
	if err != nil {
		return nil, err
	}
	res, _, err := runner.CheckSource([]byte(src), abs, s.runOptions(sc, root, runner.Options{}))
	if err != nil {
		return nil, err
	}
	return []report.File{{Path: res.Path, Src: res.Src, Findings: res.Findings}}, nil
}

// group is the paths of one workspace root (none: its every config).
type group struct {
	root  string
	paths []string
}

// groupByRoot places paths in the scope, by workspace root; no paths is
// every config of every root.
func groupByRoot(sc scope, paths []string) ([]group, error) {
	if len(paths) == 0 {
		var out []group
		for _, r := range sc.roots {
			out = append(out, group{root: r})
		}
		return out, nil
	}
	var out []group
	at := map[string]int{}
	for _, p := range paths {
		abs, root, err := sc.resolve(p, true)
		if err != nil {
			return nil, err
		}
		i, ok := at[root]
		if !ok {
			i = len(out)
			at[root] = i
			out = append(out, group{root: root})
		}
		out[i].paths = append(out[i].paths, abs)
	}
	return out, nil
}

// run runs lint on paths, one run per workspace root, as `check` does.
func (s *server) run(sc scope, paths []string, opts runner.Options) ([]runner.FileResult, error) {
	groups, err := groupByRoot(sc, paths)
	if err != nil {
		return nil, err
	}
	var out []runner.FileResult
	for _, g := range groups {
		res, err := runner.Run(g.paths, s.runOptions(sc, g.root, opts))
		if err != nil {
			return nil, err
		}
		out = append(out, res.Files...)
	}
	return out, nil
}

// checkPaths is run, as report files.
func (s *server) checkPaths(sc scope, paths []string, opts runner.Options) ([]report.File, error) {
	results, err := s.run(sc, paths, opts)
	if err != nil {
		return nil, err
	}
	return reportFiles(results), nil
}

func reportFiles(results []runner.FileResult) []report.File {
	files := make([]report.File, len(results))
	for i, r := range results {
		files[i] = report.File{Path: r.Path, Src: r.Src, Findings: r.Findings}
	}
	return files
}

// runOptions are the options of a run in root; paths are shown relative
// to the first root.
func (s *server) runOptions(sc scope, root string, extra runner.Options) runner.Options {
	extra.Dir, extra.Root, extra.RootFound = sc.roots[0], root, s.opts.Root == ""
	// check and fix take configs alone: a named file that is none is a
	// tool error, whatever configs/<kind>/ its path spells
	extra.ConfigsOnly = true
	extra.Home, extra.DatasetsFile = s.opts.Home, s.opts.DatasetsFile
	extra.ModelListFile, extra.SecretListFile = s.opts.ModelListFile, s.opts.SecretListFile
	return extra
}

// checkText is the short text of a check: the counts, then each finding
// as the agent text writes it.
func checkText(files []report.File) string {
	sum := report.Summarize(files)
	head := fmt.Sprintf("osmosis-lint: %s, %s in %s", plural(sum.Errors, "error"), plural(sum.Warnings, "warning"), plural(sum.Files, "file"))
	if sum.Errors+sum.Warnings+sum.Infos == 0 {
		return fmt.Sprintf("osmosis-lint: no problems in %s", plural(sum.Files, "file"))
	}
	var b bytes.Buffer
	_ = report.WriteAgent(&b, files)
	return head + "\n\n" + b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// doctorIn are the arguments of doctor.
type doctorIn struct {
	Dir string `json:"dir,omitempty" jsonschema:"a directory of the workspace to check, relative to the workspace root (default: the workspace root)"`
}

func (s *server) doctor(ctx context.Context, req *callRequest, in doctorIn) (*result, *doctor.Report, error) {
	sc, err := s.scope(ctx, req.Session)
	if err != nil {
		return nil, nil, err
	}
	dir := sc.roots[0]
	if in.Dir != "" {
		if dir, _, err = sc.resolve(in.Dir, true); err != nil {
			return nil, nil, err
		}
	}
	rep, err := doctor.Run(dir, doctor.Options{Dir: sc.roots[0], Root: s.opts.Root, Home: s.opts.Home, DatasetsFile: s.opts.DatasetsFile,
		ModelListFile: s.opts.ModelListFile, SecretListFile: s.opts.SecretListFile})
	if err != nil {
		return nil, nil, err
	}
	return text(doctorText(rep)), rep, nil
}

// doctorText is the verdict and the checks that are not ok.
func doctorText(rep *doctor.Report) string {
	var lines []string
	for _, c := range rep.Checks {
		if c.Status == doctor.Fail || c.Status == doctor.Warn {
			lines = append(lines, fmt.Sprintf("%s %s: %s", c.Status, c.ID, escape.String(c.Message)))
		}
	}
	verdict := "The workspace is healthy."
	switch {
	case !rep.Valid:
		verdict = "The workspace has problems to fix:"
	case len(lines) > 0:
		verdict = "The workspace is usable, with warnings:"
	}
	return strings.Join(append([]string{"osmosis-lint doctor: " + verdict}, lines...), "\n")
}

// explainIn are the arguments of explain.
type explainIn struct {
	Rule string `json:"rule" jsonschema:"the rule id, as findings name it (e.g. unknown-key)"`
}

// ruleDoc is a rule with its documentation.
type ruleDoc struct {
	lint.RuleInfo
	Explanation string `json:"explanation" jsonschema:"the rule's documentation in Markdown, with examples"`
}

func (s *server) explain(_ context.Context, _ *callRequest, in explainIn) (*result, ruleDoc, error) {
	r, ok := lint.Lookup(in.Rule)
	if !ok {
		return nil, ruleDoc{}, errors.New(lint.UnknownRule(in.Rule) + "; the rules tool lists them")
	}
	doc := lint.Explain(r)
	return text(doc), ruleDoc{RuleInfo: r.Info(), Explanation: doc}, nil
}

// ruleList is the result of rules.
type ruleList struct {
	Rules []lint.RuleInfo `json:"rules"`
}

func (s *server) rules(context.Context, *callRequest, struct{}) (*result, ruleList, error) {
	out := ruleList{Rules: []lint.RuleInfo{}}
	var lines []string
	for _, r := range lint.Rules() {
		info := r.Info()
		out.Rules = append(out.Rules, info)
		lines = append(lines, fmt.Sprintf("%s (%s, %s): %s", info.ID, info.Severity, info.Stage, info.Summary))
	}
	return text(strings.Join(lines, "\n")), out, nil
}

// schemaIn are the arguments of schema.
type schemaIn struct {
	Kind string `json:"kind"`
}

func (s *server) schema(_ context.Context, _ *callRequest, in schemaIn) (*result, any, error) {
	k, ok := schema.ParseKind(in.Kind)
	if !ok {
		return nil, nil, fmt.Errorf("unknown kind %q: use training, eval or benchmark", in.Kind)
	}
	doc := json.RawMessage(schema.For(k).JSON())
	return text(fmt.Sprintf("The JSON Schema of %s configs (configs/%s/*.toml) is the structured content of this result.", k, k)), doc, nil
}
