package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

// JUnit XML, as CI services show test results: one test suite per file,
// one test case per rule that reported something in it (a failure holding
// each of its findings), and one passing case for a file without findings.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	File     string      `xml:"file,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// passName is the test case of a file without findings.
const passName = "no problems"

func writeJUnit(w io.Writer, files []File) error {
	out := junitSuites{Name: "osmosis-lint"}
	for _, f := range files {
		s := junitSuite{Name: f.Path, File: f.Path}
		index := map[string]int{}
		for _, x := range f.Findings {
			i, ok := index[x.Rule]
			if !ok {
				i = len(s.Cases)
				index[x.Rule] = i
				s.Cases = append(s.Cases, junitCase{
					Name: x.Rule, Classname: f.Path, File: f.Path, Line: x.Line,
					Failure: &junitFailure{Message: escape.String(x.Message), Type: string(x.Severity)},
				})
			}
			fl := s.Cases[i].Failure
			// lines of the report a CI view shows: each piece escaped, so
			// that the lines are the report's own
			fl.Text += fmt.Sprintf("%s:%d:%d: %s: %s\n", escape.String(f.Path), x.Line, x.Column, x.Severity, escape.String(x.Message))
			if x.Severity == lint.Error {
				fl.Type = string(lint.Error)
			}
		}
		if len(s.Cases) == 0 {
			s.Cases = []junitCase{{Name: passName, Classname: f.Path, File: f.Path}}
		}
		s.Tests = len(s.Cases)
		s.Failures = len(index)
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Suites = append(out.Suites, s)
	}
	for i := range out.Suites {
		for j := range out.Suites[i].Cases {
			if fl := out.Suites[i].Cases[j].Failure; fl != nil {
				fl.Text = strings.TrimSuffix(fl.Text, "\n")
			}
		}
	}
	return escape.XML(w, out)
}
