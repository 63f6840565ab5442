package report

import (
	"io"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// JSONReport is the document of the JSON format, also the structured
// result of the MCP server's check.
type JSONReport struct {
	Version  int            `json:"version"`
	Findings []lint.Finding `json:"findings"`
	Summary  Summary        `json:"summary"`
}

// NewJSONReport gathers the findings of files in the JSON format's shape
// (never a null list).
func NewJSONReport(files []File) JSONReport {
	r := JSONReport{Version: 1, Findings: []lint.Finding{}, Summary: Summarize(files)}
	for _, f := range files {
		for _, x := range f.Findings {
			if x.Fixes == nil {
				x.Fixes = []lint.Fix{}
			}
			r.Findings = append(r.Findings, x)
		}
	}
	return r
}

func writeJSON(w io.Writer, files []File, opts Options) error {
	return escape.JSON(w, NewJSONReport(files))
}
