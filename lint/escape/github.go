package escape

import "strings"

// GitHub Actions reads a line of a job's log that starts with `::` as a
// workflow command, `::name key=value,key=value::message`, and decodes
// `%25`, `%0D` and `%0A` in the message and those and `%3A`, `%2C` in a
// property's value (the escaping of @actions/core's command.ts). Text
// from a workspace is first shown as String shows it: no line break, so
// no line of its own that GitHub would read as a command, and no control
// or bidirectional character for the log viewer (which colors ESC
// sequences) to act on.

var (
	githubData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// GitHubData escapes s for a workflow command's message.
func GitHubData(s string) string { return githubData.Replace(String(s)) }

// GitHubProperty escapes s for a workflow command's property value: a
// colon or a comma in it cannot end the value or the properties.
func GitHubProperty(s string) string { return githubProperty.Replace(String(s)) }
