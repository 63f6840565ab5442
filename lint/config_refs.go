package lint

import "github.com/osmosis-lint/osmosis-lint/schema/toml"

// NamedRollout returns the rollout a config names in [experiment] rollout,
// read tolerantly from src (a config with syntax errors still names one);
// ok is false when it names none. Tools that react to an edit of
// rollouts/<name>/ use it to find the configs the edit concerns.
func NamedRollout(src []byte) (name string, ok bool) {
	_, v := toml.Parse(src).Root.Lookup("experiment", "rollout")
	if v == nil || v.Kind != toml.KindString {
		return "", false
	}
	return v.Str, true
}
