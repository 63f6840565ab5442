package report

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// maxAgentLine is how much of a source line the agent text quotes.
const maxAgentLine = 200

// WriteAgent writes findings as text for an AI coding agent that has just
// edited the files: each finding with its place, the line as it stands,
// what its stage means, the fix in words and the command that explains the
// rule. It is built from the finding fields alone, so it says what the
// other formats say. It writes nothing when there is no finding.
func WriteAgent(w io.Writer, files []File) error {
	return toTerminal(w, func(w io.Writer) error { return writeAgent(w, shown(files)) })
}

func writeAgent(w io.Writer, files []File) error {
	bw := bufio.NewWriter(w)
	first := true
	for _, f := range files {
		if len(f.Findings) == 0 {
			continue
		}
		if !first {
			bw.WriteString("\n")
		}
		first = false
		writeAgentFile(bw, f)
	}
	return bw.Flush()
}

func writeAgentFile(w *bufio.Writer, f File) {
	s := Summarize([]File{f})
	counts := []string{}
	if s.Errors > 0 {
		counts = append(counts, plural(s.Errors, "error"))
	}
	if s.Warnings > 0 {
		counts = append(counts, plural(s.Warnings, "warning"))
	}
	if s.Infos > 0 {
		counts = append(counts, plural(s.Infos, "note"))
	}
	// doctor's findings (a dataset file, a rollout's pyproject.toml) are
	// no config's: no submit stage, and doctor checks them again
	byDoctor := true
	for _, x := range f.Findings {
		if r, ok := lint.Lookup(x.Rule); !ok || !r.Doctor {
			byDoctor = false
		}
	}
	verdict := "look at each before submitting."
	switch {
	case s.Errors > 0 && byDoctor:
		verdict = "fix the errors."
	case s.Errors > 0:
		verdict = "fix the errors before submitting."
	case byDoctor:
		verdict = "look at each."
	}
	fmt.Fprintf(w, "osmosis-lint found %s in %s; %s\n", strings.Join(counts, " and "), clean(f.Path), verdict)
	lines := strings.Split(string(lint.Masked(f.Src, f.Findings)), "\n")
	findings := slices.Clone(f.Findings)
	slices.SortStableFunc(findings, func(a, b lint.Finding) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	for _, x := range findings {
		fmt.Fprintf(w, "\n%s:%d:%d: %s [%s] %s\n", clean(f.Path), x.Line, x.Column, x.Severity, x.Rule, clean(x.Message))
		if x.Line >= 1 && x.Line <= len(lines) {
			if text := quoteLine(lines[x.Line-1], x.Column); text != "" {
				fmt.Fprintf(w, "  line %d: %s\n", x.Line, text)
			}
		}
		if r, ok := lint.Lookup(x.Rule); ok && !r.Doctor {
			if m := lint.StageMeaning(x.Stage); m != "" {
				fmt.Fprintf(w, "  stage: %s (%s)\n", x.Stage, m)
			}
		}
		for i, fx := range x.Fixes {
			label := "fix"
			if i > 0 {
				label = "or"
			}
			fmt.Fprintf(w, "  %s: %s (%s)\n", label, clean(fx.Title), applyHint(fx, f.Path))
		}
		fmt.Fprintf(w, "  more: osmosis-lint explain %s\n", x.Rule)
	}
	if byDoctor {
		fmt.Fprintf(w, "\nRe-check after editing with: osmosis-lint doctor\n")
		return
	}
	fmt.Fprintf(w, "\nRe-check after editing with: osmosis-lint check %s\n", shellQuote(f.Path))
}

// applyHint says how a fix gets applied without editing by hand.
func applyHint(fx lint.Fix, path string) string {
	if fx.Create != "" {
		return "needs a decision: it creates " + shellQuote(fx.Create) + " and picks a model; no command applies it, an editor's code action does; ask the user, or write the file yourself if it is what they want"
	}
	switch fx.Applicability {
	case lint.Safe:
		return "safe: `osmosis-lint check --fix " + shellQuote(path) + "` applies it with the file's other safe fixes"
	case lint.DisplayOnly:
		return "needs a decision: no command applies it (it drops a value, picks a model, dataset or file, or rewrites what was written); ask the user, or make the edit yourself if it is what they want"
	}
	return "needs review: make the edit yourself, or `osmosis-lint check --fix --unsafe-fixes " + shellQuote(path) + "` applies it with the file's other safe and unsafe fixes; look at the change afterwards"
}

// quoteLine is a source line as the agent text shows it: trimmed, control
// characters made visible, a long line cut around the finding's column.
func quoteLine(line string, column int) string {
	runes := []rune(strings.TrimRight(strings.TrimSuffix(line, "\r"), " \t"))
	start := 0
	for start < len(runes) && (runes[start] == ' ' || runes[start] == '\t') {
		start++
	}
	prefix, suffix := "", ""
	if len(runes)-start > maxAgentLine {
		from := max(start, min(column-1-maxAgentLine/4, len(runes)-maxAgentLine))
		if from > start {
			prefix = "… "
		}
		start = from
		if start+maxAgentLine < len(runes) {
			runes, suffix = runes[:start+maxAgentLine], " …"
		}
	}
	var b strings.Builder
	for _, r := range runes[start:] {
		b.WriteString(display(r))
	}
	return prefix + b.String() + suffix
}

// clean escapes control and bidirectional characters of file-derived
// text, so a config can neither write terminal escapes into the text nor
// start a line of its own in it.
func clean(s string) string { return escape.String(s) }

// shellQuote quotes a path for a command line when it needs it.
func shellQuote(p string) string {
	plain := p != "" && !strings.ContainsFunc(p, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._/-+:@", r))
	})
	if plain {
		return p
	}
	return "'" + strings.ReplaceAll(clean(p), "'", `'\''`) + "'"
}
