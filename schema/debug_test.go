package schema

import (
	"fmt"
	"os"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/schema/toml"
)

func TestDebugIssues(t *testing.T) {
	p := os.Getenv("F")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	d := toml.Parse(src)
	for _, e := range d.Errors {
		fmt.Printf("SYNTAX %v %s\n", e.Range, e.Message)
	}
	for _, is := range For(Kind(os.Getenv("K"))).Validate(d) {
		fmt.Printf("%-16s %-14s key=%-28s %q got=%q want=%v bound=%q name=%q\n", is.Tag, fmt.Sprint(is.Kind), is.Key, d.Text(is.Range), is.Got, is.Want, is.Bound, is.Name)
	}
}
