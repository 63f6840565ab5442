package lint

import (
	"context"
	"fmt"
	"sort"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Input is one config file to check.
type Input struct {
	// Path is the file as shown in findings (relative, forward slashes).
	Path string
	Kind schema.Kind
	// Env is the workspace the file belongs to; nil outside a workspace
	// (rules that need the workspace listing are then skipped).
	Env *Env
	// Settings from the workspace's pyproject.toml; nil for the defaults.
	Settings *Settings
	// OutsideGit marks a file of a directory in no git worktree, checked
	// without a workspace (Env nil): the osmosis CLI refuses to run there.
	OutsideGit bool
	// Listed marks a config checked as one of its workspace's (check
	// without paths or of a directory, --force-exclude, doctor, an
	// editor's diagnostics of files it has not opened), not named on its
	// own: a reference template's placeholders are then one note
	// (reference-template) instead of errors.
	Listed bool
}

// Check parses src and returns its findings.
func Check(src []byte, in Input) []Finding {
	return CheckDocument(toml.Parse(src), in)
}

// CheckDocument returns the findings of a parsed document, sorted by
// position, with their lines and columns for the reports. It is safe for
// concurrent use. At most MaxIssuesPerRule schema issues of each rule
// become findings; past that, one more finding of the rule says how many
// were left out from where it stopped.
func CheckDocument(doc *toml.Document, in Input) []Finding {
	fs, _, _ := CheckLimited(context.Background(), doc, in, 0)
	for i := range fs {
		locate(&fs[i], doc.Lines)
	}
	return fs
}

// MaxIssuesPerRule bounds the schema issues of one rule that become
// findings of one file (when no lower limit is asked for): each costs a
// few KiB (message, suggestions, fixes), and a config of 65,536 unknown
// keys would otherwise cost hundreds of MiB for a list no one reads.
const MaxIssuesPerRule = 10000

// CheckLimited is CheckDocument that turns at most limit schema issues of
// each rule into findings (0: all), for an editor, where a file of 80,000
// unknown keys would otherwise cost seconds a keystroke. It returns how
// many issues it left out; when it left out any, unused suppressions are
// not reported (a finding left out may be what a suppression is for).
// Its findings carry byte ranges alone (an editor converts them to its own
// positions); Line and Column are left zero. It stops between rules once
// ctx is done (an editor's check superseded by the next keystroke) and
// then returns no findings, only ctx's error: never a part of them.
func CheckLimited(runCtx context.Context, doc *toml.Document, in Input, limit int) ([]Finding, int, error) {
	if err := runCtx.Err(); err != nil {
		return nil, 0, err // before the schema validation, the dearest part
	}
	sch := schema.For(in.Kind)
	notice := limit <= 0 // no lower limit asked for: say where each rule stopped
	if notice {
		limit = MaxIssuesPerRule
	}
	ctx := getContext()
	defer putContext(ctx)
	holder := getIssues()
	var issues []schema.Issue
	if holder != nil {
		issues = *holder
	}
	issues = sch.ValidateInto(doc, issues)
	defer func() { putIssues(holder, issues) }()
	*ctx = Context{
		Path:   in.Path,
		Kind:   in.Kind,
		Schema: sch,
		Doc:    doc,
		Issues: issues,
		Env:    in.Env,
		limit:  limit,

		outsideGit: in.OutsideGit,
		listed:     in.Listed,
	}
	for _, r := range Rules() {
		if r.check == nil || r.Doctor || !r.appliesTo(string(in.Kind)) {
			continue
		}
		if r.Workspace && in.Env == nil {
			continue
		}
		if in.Settings.off(r.ID) {
			continue
		}
		if err := runCtx.Err(); err != nil {
			return nil, 0, err
		}
		ctx.rule = r
		r.check(ctx)
		if c, ok := ctx.cuts[r.ID]; ok && notice {
			ctx.Report(c.at, "", fmt.Sprintf("%d more %s findings of this file, from here on, are not reported: osmosis-lint reports at most %d of each rule in a file", c.n, r.ID, MaxIssuesPerRule))
		}
	}
	fs := ctx.findings
	if len(fs) > 0 {
		fs = supersede(fs)
		fs = referenceTemplate(ctx, fs)
		fs = recoverySafe(doc, fs)
	}
	fs = applySuppressions(ctx, fs, in.Settings)
	if len(fs) == 0 {
		// a clean file: nothing to mask, position or sort
		return nil, ctx.omitted, nil
	}
	redact(fs, ctx.credentials())
	attachSecrets(fs, ctx.credentials())
	out := fs[:0]
	for _, f := range fs {
		if in.Settings.off(f.Rule) || ctx.omitted > 0 && f.Rule == RuleUnusedSuppression {
			continue
		}
		if sev, ok := in.Settings.severity(f.Rule); ok {
			f.Severity = sev
		}
		out = append(out, f)
	}
	sortFindings(out)
	return out, ctx.omitted, nil
}

// supersede folds the findings that share the range of a finding of a
// superseding rule into that finding (see Rule.Supersedes).
func supersede(fs []Finding) []Finding {
	var over map[toml.Range]int
	for i, f := range fs {
		if r, ok := Lookup(f.Rule); ok && r.Supersedes {
			if over == nil {
				over = map[toml.Range]int{}
			}
			over[f.Range] = i
		}
	}
	if over == nil {
		return fs
	}
	folded := make([]bool, len(fs))
	for i, f := range fs {
		j, ok := over[f.Range]
		if !ok || j == i {
			continue
		}
		if r, _ := Lookup(f.Rule); r != nil && r.Supersedes {
			continue
		}
		w := &fs[j]
		if stageRank(f.Stage) < stageRank(w.Stage) {
			w.Stage = f.Stage
		}
		if f.Severity.Rank() > w.Severity.Rank() {
			w.Severity = f.Severity
		}
		w.Fixes = append(w.Fixes, f.Fixes...)
		folded[i] = true
	}
	out := fs[:0]
	for i, f := range fs {
		if !folded[i] {
			out = append(out, f)
		}
	}
	return out
}

// stageRanks is the number of ranks stageRank gives.
const stageRanks = 5

// stageRank orders the stages: submit, platform, runtime, sync, advice (an
// unknown stage ranks with submit). A switch, not a map: the catalog is
// sorted by it once a process, before the first check.
func stageRank(s Stage) int {
	switch s {
	case StagePlatform:
		return 1
	case StageRuntime:
		return 2
	case StageSync:
		return 3
	case StageAdvice:
		return 4
	}
	return 0
}

// recoverySafe drops findings that a syntax error may have caused: after a
// statement is skipped, a required key may only look missing, and the pairs
// below a skipped header may be attributed to the wrong table.
func recoverySafe(doc *toml.Document, fs []Finding) []Finding {
	if len(doc.Errors) == 0 {
		return fs
	}
	var uncertain []toml.Range
	for _, s := range doc.Stmts {
		if s.Uncertain {
			uncertain = append(uncertain, s.Range)
		}
	}
	out := fs[:0]
	for _, f := range fs {
		r, _ := Lookup(f.Rule)
		switch {
		case r == nil:
		case r.ReportsParse:
			out = append(out, f)
			continue
		case r.NeedsCompleteParse:
			continue
		}
		// statements are in source order and do not overlap: the one
		// that could hold the finding is the last to start at or before it
		i := sort.Search(len(uncertain), func(i int) bool { return uncertain[i].Start > f.Range.Start }) - 1
		if i < 0 || f.Range.Start >= uncertain[i].End {
			out = append(out, f)
		}
	}
	return out
}

// applySuppressions removes suppressed findings and reports the
// suppressions that suppressed nothing.
func applySuppressions(ctx *Context, fs []Finding, settings *Settings) []Finding {
	sups := parseSuppressions(ctx.Doc)
	if len(sups) == 0 {
		return fs
	}
	// index the suppressions by the lines they cover, so that each finding
	// meets only its own (a file of suppressions and findings would
	// otherwise be quadratic)
	var fileLevel []*suppression
	byLine := map[int][]*suppression{}
	for _, s := range sups {
		if s.file {
			fileLevel = append(fileLevel, s)
			continue
		}
		for _, l := range s.lines {
			byLine[l] = append(byLine[l], s)
		}
	}
	out := fs[:0]
	for _, f := range fs {
		line := ctx.Doc.Lines.Line(f.Range.Start)
		suppressed := false
		for _, s := range fileLevel {
			if s.suppresses(&f, line) {
				suppressed = true
			}
		}
		for _, s := range byLine[line] {
			if s.suppresses(&f, line) {
				suppressed = true
			}
		}
		if !suppressed {
			out = append(out, f)
		}
	}
	if settings.off(RuleUnusedSuppression) {
		return out
	}
	ctx.rule = ruleUnusedSuppression
	ctx.findings = nil
	for _, s := range sups {
		reportUnused(ctx, s, settings)
	}
	return append(out, ctx.findings...)
}
