package report

import (
	"encoding/json"
	"io"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

type jsonReport struct {
	Version  int            `json:"version"`
	Findings []lint.Finding `json:"findings"`
	Summary  Summary        `json:"summary"`
}

func writeJSON(w io.Writer, files []File, opts Options) error {
	r := jsonReport{Version: 1, Findings: []lint.Finding{}, Summary: Summarize(files)}
	for _, f := range files {
		for _, x := range f.Findings {
			if x.Fixes == nil {
				x.Fixes = []lint.Fix{}
			}
			r.Findings = append(r.Findings, x)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
