package report

import (
	"bufio"
	"io"
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// writeGitHub writes GitHub Actions workflow commands, one per finding, so
// that findings show as annotations on the pull request.
func writeGitHub(w io.Writer, files []File) error {
	bw := bufio.NewWriter(w)
	for _, f := range files {
		for _, x := range f.Findings {
			cmd := "error"
			switch x.Severity {
			case lint.Warning:
				cmd = "warning"
			case lint.Info:
				cmd = "notice"
			}
			writeCommand(bw, cmd, []property{
				{"file", f.Path},
				{"line", strconv.Itoa(x.Line)},
				{"col", strconv.Itoa(x.Column)},
				{"endLine", strconv.Itoa(x.EndLine)},
				{"endColumn", strconv.Itoa(x.EndColumn)},
				{"title", x.Rule},
			}, x.Message)
		}
	}
	return bw.Flush()
}

// property is a workflow command's property: its name is the format's,
// its value text to escape.
type property struct{ name, value string }

// writeCommand writes one workflow command, its line and nothing else:
// every value and the message pass through the format's escapers (so a
// new property cannot skip them).
func writeCommand(w *bufio.Writer, cmd string, props []property, msg string) {
	w.WriteString("::" + cmd)
	for i, p := range props {
		sep := ","
		if i == 0 {
			sep = " "
		}
		w.WriteString(sep + p.name + "=" + escape.GitHubProperty(p.value))
	}
	w.WriteString("::" + escape.GitHubData(msg) + "\n")
}
