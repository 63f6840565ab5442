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

// GitHubData escapes s for a workflow command's message.
func GitHubData(s string) string { return percent(String(s), "%\r\n") }

// GitHubProperty escapes s for a workflow command's property value: a
// colon or a comma in it cannot end the value or the properties.
func GitHubProperty(s string) string { return percent(String(s), "%\r\n:,") }

// percent writes each of the ASCII characters special in s as %XX.
func percent(s, special string) string {
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		if c := s[i]; strings.IndexByte(special, c) >= 0 {
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&0xf])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
