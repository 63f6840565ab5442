package report

import "fmt"

// Color modes of --color.
const (
	ColorAuto   = "auto"
	ColorAlways = "always"
	ColorNever  = "never"
)

// ColorModes lists the --color values.
func ColorModes() []string { return []string{ColorAuto, ColorAlways, ColorNever} }

// UseColor decides whether output for people is colored. always and never
// are the user's word. auto colors a terminal, unless NO_COLOR is set
// (no-color.org) or TERM is dumb; FORCE_COLOR (force-color.org) colors
// output that is not a terminal, such as a CI log, with "0" and "false"
// read as not set, as Node and Python tools read them. A file written with
// -o is colored only with always.
func UseColor(mode string, terminal, toFile bool, getenv func(string) string) (bool, error) {
	switch mode {
	case ColorAlways:
		return true, nil
	case ColorNever:
		return false, nil
	case ColorAuto, "":
	default:
		return false, fmt.Errorf("unknown color mode %q: use auto, always or never", mode)
	}
	if toFile {
		return false, nil
	}
	if v := getenv("FORCE_COLOR"); v != "" && v != "0" && v != "false" {
		return true, nil
	}
	if getenv("NO_COLOR") != "" || getenv("TERM") == "dumb" {
		return false, nil
	}
	return terminal, nil
}
