package lint

import "strings"

// NameProblem says why name would be rejected as the name of a rollout,
// secret, env var or dataset (kind "rollout", "secret", "env", "dataset"),
// by the same rules the checks apply, or "" when it is fine. Editors ask
// it before renaming.
func NameProblem(kind, name string) string {
	switch kind {
	case "rollout":
		if p := rolloutNameProblem(name); p != "" {
			return "rollout " + code(name) + " " + p
		}
	case "secret":
		if !isSecretName(name) || strings.HasSuffix(name, "\n") {
			return "secret name " + code(name) + " must be uppercase letters, digits and underscores, starting with a letter (^[A-Z][A-Z0-9_]*$)"
		}
	case "env":
		if !isEnvName(name) {
			return "env var name " + code(name) + " must be uppercase letters, digits and underscores, not starting with a digit (^[A-Z_][A-Z0-9_]*$)"
		}
		if strings.HasPrefix(name, "_OSMOSIS_") {
			return "env var name " + code(name) + " starts with _OSMOSIS_, which the platform reserves"
		}
	case "dataset":
		if strings.TrimSpace(name) == "" {
			return "a dataset name cannot be empty"
		}
		if _, isPath := datasetPathStem(name); isPath {
			return "dataset " + code(name) + " is a path; name the dataset as the platform knows it"
		}
	default:
		return kind + " names cannot be renamed"
	}
	return ""
}
