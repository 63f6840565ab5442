package report

import (
	"crypto/sha256"
	"encoding/hex"
	"io"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// GitLab Code Quality report: a JSON array of issues, the subset of the
// Code Climate issue format that GitLab reads for merge requests.

type gitlabIssue struct {
	Type        string         `json:"type"`
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
	End   int `json:"end"`
}

// gitlabSeverity maps severities as the ESLint and Stylelint GitLab
// formatters do: errors are major, warnings minor.
func gitlabSeverity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "major"
	case lint.Warning:
		return "minor"
	}
	return "info"
}

func writeGitLab(w io.Writer, files []File) error {
	issues := []gitlabIssue{}
	for _, f := range files {
		prints := fingerprints(f)
		for i, x := range f.Findings {
			// GitLab wants a hash; the same one as SARIF's, so both
			// services agree on which findings are new
			h := sha256.Sum256([]byte(prints[i]))
			begin := max(x.Line, 1)
			issues = append(issues, gitlabIssue{
				Type:        "issue",
				Description: escape.String(x.Message), // shown to a person in the merge request
				CheckName:   x.Rule,
				Fingerprint: hex.EncodeToString(h[:16]),
				Severity:    gitlabSeverity(x.Severity),
				Location:    gitlabLocation{Path: f.Path, Lines: gitlabLines{Begin: begin, End: max(x.EndLine, begin)}},
			})
		}
	}
	return escape.JSON(w, issues)
}
