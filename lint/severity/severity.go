// Package severity holds the severities of findings, shared by lint's
// findings and the settings workspace reads (which cannot import lint).
package severity

// Severity of a finding.
type Severity string

// Severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Names are the severities as settings and flags write them, the more
// serious first.
var Names = []string{string(Error), string(Warning), string(Info)}

// Parse reads a severity as settings and flags write it: "error",
// "warning" or "info".
func Parse(s string) (Severity, bool) {
	switch sev := Severity(s); sev {
	case Error, Warning, Info:
		return sev, true
	}
	return "", false
}

// Rank orders severities, the more serious higher: error 2, warning 1,
// info 0.
func (s Severity) Rank() int {
	switch s {
	case Error:
		return 2
	case Warning:
		return 1
	}
	return 0
}
