package datafile

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// validator carries the state shared by the format checks: the result being
// built and the error budget.
type validator struct {
	res       Result
	maxErrors int // < 0: unlimited
	errs      int // errors found, shown or not
	tail      []Problem
}

func newValidator(opts Options) *validator {
	m := opts.MaxErrors
	if m == 0 {
		m = DefaultMaxErrors
	}
	return &validator{maxErrors: m}
}

// wantError reports whether one more error would be shown. Callers use it to
// skip building messages that would only be counted.
func (v *validator) wantError() bool {
	return v.maxErrors < 0 || v.errs < v.maxErrors
}

// add records a problem, counting errors past the budget instead of keeping
// them.
func (v *validator) add(p Problem) {
	if p.Severity == lint.Error {
		show := v.wantError()
		v.errs++
		if !show {
			return
		}
	}
	v.res.Problems = append(v.res.Problems, p)
}

// countError counts an error without building it; use after wantError
// returned false.
func (v *validator) countError() { v.errs++ }

// addLast records a file-level problem that is listed after the others.
func (v *validator) addLast(p Problem) {
	if p.Severity == lint.Error {
		show := v.wantError()
		v.errs++
		if !show {
			return
		}
	}
	v.tail = append(v.tail, p)
}

func (v *validator) finish() Result {
	v.res.Problems = append(v.res.Problems, v.tail...)
	v.tail = nil
	if v.maxErrors >= 0 && v.errs > v.maxErrors {
		n := v.errs - v.maxErrors
		v.res.Suppressed = n
		noun := "errors"
		if n == 1 {
			noun = "error"
		}
		v.res.Problems = append(v.res.Problems, Problem{Code: CodeErrorsSuppressed, Severity: lint.Info,
			Message: fmt.Sprintf("%d more %s not shown; only the first %d are listed", n, noun, v.maxErrors)})
	}
	return v.res
}

// requiredColumns checks the schema mode of a header or first row: with a
// metadata column nothing else is required, otherwise user_prompt and
// ground_truth (label stands in for ground_truth). It returns the mode and the
// missing columns, sorted.
func requiredColumns(has func(string) bool) (Mode, []string) {
	if has("metadata") {
		return ModeMetadata, nil
	}
	var missing []string
	if !has("ground_truth") && !has("label") {
		missing = append(missing, "ground_truth")
	}
	if !has("user_prompt") {
		missing = append(missing, "user_prompt")
	}
	return ModePrompt, missing
}

func missingColumnsMessage(kind string, missing []string) string {
	return fmt.Sprintf("%s has no metadata column, so it needs user_prompt and ground_truth (label may stand in for ground_truth); missing: %s",
		kind, quoteList(missing, 10))
}

// quoteList quotes names for a message, listing at most max of them.
func quoteList(names []string, max int) string {
	var b strings.Builder
	for i, n := range names {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(names)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoteName(n))
	}
	return b.String()
}

// quoteName quotes a column or key name for a message, shortening long ones.
func quoteName(s string) string {
	const max = 80
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return strconv.Quote(s[:cut]) + "..."
	}
	return strconv.Quote(s)
}

func sortedStrings(s []string) []string {
	sort.Strings(s)
	return s
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
