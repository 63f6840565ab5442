package toml

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func dumpTable(sb *strings.Builder, t *Table, indent string) {
	for _, e := range t.Entries {
		fmt.Fprintf(sb, "%s%q [%d,%d) = ", indent, e.Key, e.KeyRange.Start, e.KeyRange.End)
		dumpValue(sb, e.Value, indent)
	}
}

func dumpValue(sb *strings.Builder, v *Value, indent string) {
	switch v.Kind {
	case KindTable:
		fmt.Fprintf(sb, "table(%d) [%d,%d)\n", v.Table.Origin, v.Range.Start, v.Range.End)
		dumpTable(sb, v.Table, indent+"  ")
	case KindArray:
		fmt.Fprintf(sb, "array aot=%v [%d,%d)\n", v.ArrayOfTables, v.Range.Start, v.Range.End)
		for _, it := range v.Items {
			sb.WriteString(indent + "  - ")
			dumpValue(sb, it, indent+"    ")
		}
	default:
		fmt.Fprintf(sb, "%s %q int=%d f=%v big=%v ovf=%v [%d,%d)\n", v.Kind, v.Str, v.Int, v.Float, v.Big, v.Overflow, v.Range.Start, v.Range.End)
	}
}

func TestDumpFile(t *testing.T) {
	p := os.Getenv("TOML_DUMP")
	if p == "" {
		t.Skip("set TOML_DUMP")
	}
	src, _ := os.ReadFile(p)
	d := Parse(src)
	var sb strings.Builder
	dumpTable(&sb, d.Root, "")
	for _, e := range d.Errors {
		fmt.Fprintf(&sb, "ERR [%d,%d) %s\n", e.Range.Start, e.Range.End, e.Message)
	}
	fmt.Print(sb.String())
}
