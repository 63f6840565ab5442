package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
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
			fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
				cmd, ghProperty(f.Path), x.Line, x.Column, x.EndLine, x.EndColumn, ghProperty(x.Rule), ghData(x.Message))
		}
	}
	return bw.Flush()
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
