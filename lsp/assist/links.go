package assist

import (
	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

// Link is a span of a config that leads somewhere: a workspace file
// (Path, relative to the root) or a web page (URL).
type Link struct {
	Range toml.Range
	Path  string
	URL   string
}

// Links returns the links of the config: rollout and entrypoint values to
// the entrypoint file, dataset values to their data file, and the rules a
// suppression comment names to their documentation.
func (f *File) Links(refs []Ref) []Link {
	var out []Link
	if f.WS != nil {
		for _, r := range refs {
			rollout, entry := r.Rollout, ""
			if r.Kind == RefRollout {
				rollout = r.Name
				if ev := f.sibling(r.Path, "entrypoint"); ev != nil {
					entry = ev.Str
				}
			}
			if p, ok := f.target(r.Kind, r.Name, rollout, entry); ok {
				out = append(out, Link{Range: r.NameRange, Path: p})
			}
		}
	}
	for _, m := range lint.SuppressedRules(f.Doc) {
		out = append(out, Link{Range: m.Range, URL: m.Rule.DocURL()})
	}
	return out
}
