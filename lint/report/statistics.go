package report

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// Statistic counts one rule's findings over a run.
type Statistic struct {
	Rule     string        `json:"rule"`
	Count    int           `json:"count"`
	Severity lint.Severity `json:"severity"`
	Stage    lint.Stage    `json:"stage"`
	// Fixable counts the findings that --fix repairs (a safe fix; with
	// unsafe fixes on, an unsafe one too), as CountFixes counts them.
	Fixable int `json:"fixable"`
}

// Statistics counts the findings of files by rule, the most frequent first
// (ties by rule id). Fixable counts with unsafe fixes off.
func Statistics(files []File) []Statistic { return statistics(files, false) }

func statistics(files []File, unsafe bool) []Statistic {
	index := map[string]int{}
	var out []Statistic
	for _, f := range files {
		for _, x := range f.Findings {
			i, ok := index[x.Rule]
			if !ok {
				i = len(out)
				index[x.Rule] = i
				out = append(out, Statistic{Rule: x.Rule, Severity: x.Severity, Stage: x.Stage})
			}
			out[i].Count++
			if x.Severity.Rank() > out[i].Severity.Rank() {
				out[i].Severity = x.Severity
			}
			one := []File{{Findings: []lint.Finding{x}, Unfixed: f.Unfixed}}
			out[i].Fixable += CountFixes(one, unsafe).Fixable
		}
	}
	slices.SortFunc(out, func(a, b Statistic) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Rule, b.Rule))
	})
	return out
}

// WriteStatistics writes the statistics of files: a table for people (with
// [*] on rules that --fix repairs, and the line that says so), or a JSON
// array with the JSON format.
func WriteStatistics(w io.Writer, format Format, files []File, opts Options) error {
	stats := statistics(files, opts.UnsafeFixes)
	if format == JSON {
		if stats == nil {
			stats = []Statistic{}
		}
		return escape.JSON(w, stats)
	}
	return toTerminal(w, func(w io.Writer) error { return writeStatistics(w, files, stats, opts) })
}

func writeStatistics(w io.Writer, files []File, stats []Statistic, opts Options) error {
	bw := bufio.NewWriter(w)
	// one aligned table: count right-aligned, then rule, severity, stage
	width := 0
	for _, s := range stats {
		width = max(width, len(s.Rule))
	}
	countWidth := len(fmt.Sprint(max(1, firstCount(stats))))
	for _, s := range stats {
		fix := ""
		if s.Fixable > 0 {
			fix = " [*]"
		}
		fmt.Fprintf(bw, "%*d  %-*s  %-7s  %s%s\n", countWidth, s.Count, width, s.Rule, s.Severity, s.Stage, fix)
	}
	if !opts.Quiet {
		total := 0
		for _, s := range stats {
			total += s.Count
		}
		fmt.Fprintf(bw, "%s in %s\n", plural(total, "finding"), plural(len(files), "file"))
	}
	// the legend of [*], whenever one is shown (quiet or not)
	if line := fixableLine(CountFixes(files, opts.UnsafeFixes), opts.UnsafeFixes); line != "" {
		fmt.Fprintln(bw, line)
	}
	return bw.Flush()
}

func firstCount(stats []Statistic) int {
	if len(stats) == 0 {
		return 0
	}
	return stats[0].Count
}
