package datafile

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// The oracle corpus: files made by oracleCorpus, each labelled by the
// osmosis CLI's own validation (testdata/oracle/label.py runs the
// functions of `osmosis dataset validate` from the SDK's source) under
// Python 3.11, 3.12 and 3.13. Parquet files are read for the labeller by
// parquet-go's own reader (dumpParquet), not by pyarrow, which cannot be
// installed here; everything after the read is the CLI's code.
//
//	go test ./lint/datafile -run TestOracle -oracle=SDK_DIR
//
// rewrites testdata/oracle/labels.json from a checkout of
// github.com/Osmosis-AI/osmosis-sdk-python, with the pythons of pyenv.
var oracleSDK = flag.String("oracle", "", "relabel the oracle corpus with the osmosis SDK checked out in this directory")

// oracleVersions are the Pythons labels come from; the CLI requires 3.12
// or later, and osmosis-lint agrees with 3.12.
var oracleVersions = []string{"3.11", "3.12", "3.13"}

const oracleTarget = "3.12"

type oracleLabel struct {
	Verdict string   `json:"verdict"` // accept, reject or crash
	Errors  []string `json:"errors,omitempty"`
}

func TestOracle(t *testing.T) {
	files := oracleCorpus(t)
	path := filepath.Join("testdata", "oracle", "labels.json")
	if *oracleSDK != "" {
		relabel(t, files, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var labels map[string]map[string]oracleLabel
	if err := json.Unmarshal(data, &labels); err != nil {
		t.Fatal(err)
	}
	if len(labels) != len(files) {
		t.Errorf("%d labels for %d files: relabel with -oracle", len(labels), len(files))
	}
	var depends []string
	for _, f := range files {
		l, ok := labels[f.name]
		if !ok {
			t.Errorf("%s: no label", f.name)
			continue
		}
		r := Validate(bytes.NewReader(f.data), f.name, int64(len(f.data)), Options{})
		want := l[oracleTarget].Verdict == "accept"
		if r.Valid() != want {
			t.Errorf("%s: valid %v, the CLI on Python %s says %s %q\n%s", f.name, r.Valid(), oracleTarget, l[oracleTarget].Verdict, l[oracleTarget].Errors, problemList(r))
		}
		var by []string
		for _, v := range oracleVersions {
			by = append(by, v+" "+l[v].Verdict)
			if (l[v].Verdict == "accept") != want {
				by[len(by)-1] += "*"
			}
		}
		if strings.Contains(strings.Join(by, ""), "*") {
			depends = append(depends, f.name+": "+strings.Join(by, ", "))
		}
	}
	// The files whose verdict depends on the Python the CLI runs on (a
	// star marks a version that disagrees with 3.12).
	want := []string{
		"jsonl-deep-1497.jsonl: 3.11 crash*, 3.12 accept, 3.13 accept",
		"jsonl-deep-1498.jsonl: 3.11 crash, 3.12 crash, 3.13 accept*",
		"jsonl-deep-991.jsonl: 3.11 crash*, 3.12 accept, 3.13 accept",
		"jsonl-meta-deep-331.jsonl: 3.11 crash*, 3.12 accept, 3.13 accept",
		"jsonl-meta-deep-496.jsonl: 3.11 crash*, 3.12 accept, 3.13 accept",
		"csv-meta-deep-331.csv: 3.11 crash*, 3.12 accept, 3.13 accept",
		"csv-meta-deep-496.csv: 3.11 crash*, 3.12 accept, 3.13 accept",
	}
	sort.Strings(depends)
	sort.Strings(want)
	if !slices.Equal(depends, want) {
		t.Errorf("verdicts that depend on the Python version:\n%s\nwant\n%s", strings.Join(depends, "\n"), strings.Join(want, "\n"))
	}
}

func problemList(r Result) string {
	var b strings.Builder
	for _, p := range r.Problems {
		b.WriteString("  " + p.String() + "\n")
	}
	return b.String()
}

// relabel writes the corpus to a directory, with a dump of each Parquet
// file, and labels it with every Python of oracleVersions.
func relabel(t *testing.T, files []oracleFile, path string) {
	dir := t.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if FormatOf(f.name) == FormatParquet {
			d, _ := json.Marshal(dumpParquet(f.data))
			if err := os.WriteFile(filepath.Join(dir, f.name+".dump.json"), d, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	root, err := exec.Command("pyenv", "root").Output()
	if err != nil {
		t.Fatalf("pyenv root: %v", err)
	}
	out := map[string]map[string]oracleLabel{}
	for _, v := range oracleVersions {
		pys, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(root)), "versions", v+".*", "bin", "python3"))
		if len(pys) == 0 {
			t.Fatalf("no Python %s in pyenv", v)
		}
		cmd := exec.Command(pys[len(pys)-1], filepath.Join("testdata", "oracle", "label.py"), *oracleSDK, dir)
		cmd.Stderr = os.Stderr
		b, err := cmd.Output()
		if err != nil {
			t.Fatalf("label.py on %s: %v", v, err)
		}
		var got map[string]oracleLabel
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		for name, l := range got {
			if out[name] == nil {
				out[name] = map[string]oracleLabel{}
			}
			out[name][v] = l
		}
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// dumpParquet reads a Parquet file with parquet-go's own reader into what
// label.py's stand-in for pyarrow answers: the leaf count, the row count,
// the top-level names, the metadata column's type and its values.
func dumpParquet(b []byte) (d map[string]any) {
	d = map[string]any{}
	defer func() {
		if p := recover(); p != nil {
			d = map[string]any{"error": fmt.Sprint("parquet-go panicked: ", p)}
		}
	}()
	if len(b) >= 4 && string(b[len(b)-4:]) == "PARE" {
		return map[string]any{"error": "encrypted footer"}
	}
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)), parquet.SkipMagicBytes(true), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	schema := f.Schema()
	d["leaves"] = len(schema.Columns())
	d["num_rows"] = f.Metadata().NumRows
	var names []string
	meta := -1
	for i, fl := range schema.Fields() {
		names = append(names, fl.Name())
		if fl.Name() == "metadata" {
			meta = i
		}
	}
	d["names"] = names
	if meta < 0 {
		return d
	}
	field := schema.Fields()[meta]
	typ := "other"
	switch {
	case field.Repeated():
	case !field.Leaf():
		lt := field.Type().LogicalType()
		if lt == nil || lt.Value == nil {
			typ = "struct"
		}
	case field.Type().Kind() == parquet.ByteArray:
		if lt := field.Type().LogicalType(); lt != nil {
			switch lt.Value.(type) {
			case *format.StringType, *format.JsonType:
				typ = "string"
			}
		}
	}
	d["types"] = map[string]string{"metadata": typ}
	if typ == "other" {
		return d
	}
	// The metadata column's leaves: columns whose path starts with it.
	var cols []int
	var paths []string
	var unsigned []bool
	for c, p := range schema.Columns() {
		if p[0] == "metadata" {
			cols = append(cols, c)
			paths = append(paths, strings.Join(p[1:], "."))
			leaf, _ := schema.Lookup(p...)
			lt := leaf.Node.Type().LogicalType()
			var it *format.IntType
			if lt != nil {
				it, _ = lt.Value.(*format.IntType)
			}
			unsigned = append(unsigned, it != nil && !it.IsSigned)
		}
	}
	var values []any
	for _, rg := range f.RowGroups() {
		rows := rg.Rows()
		buf := make([]parquet.Row, 64)
		for {
			n, err := rows.ReadRows(buf)
			for _, row := range buf[:n] {
				values = append(values, metadataValue(row, cols, paths, unsigned, typ, field.Optional()))
			}
			if err != nil {
				rows.Close()
				if err.Error() != "EOF" {
					d["values_error"] = err.Error()
					return d
				}
				break
			}
		}
	}
	d["values"] = values
	return d
}

// metadataValue is one row's metadata as pyarrow's to_pylist gives it, as
// far as the CLI's checks can tell: a string, None, or a dict of the
// struct's leaves (nested fields flattened; lists of their values).
func metadataValue(row parquet.Row, cols []int, paths []string, unsigned []bool, typ string, optional bool) any {
	if typ == "string" {
		for _, v := range row {
			if v.Column() == cols[0] {
				if v.IsNull() {
					return nil
				}
				return string(v.ByteArray())
			}
		}
		return nil
	}
	obj := map[string]any{}
	for _, v := range row {
		i := slices.Index(cols, v.Column())
		if i < 0 {
			continue
		}
		if i == 0 && optional && v.DefinitionLevel() == 0 {
			return nil
		}
		var x any
		switch {
		case v.IsNull():
		case v.Kind() == parquet.Int64:
			x = v.Int64()
			if u := uint64(v.Int64()); unsigned[i] && u > math.MaxInt64 {
				x = json.Number(fmt.Sprint(u))
			}
		case v.Kind() == parquet.ByteArray:
			x = string(v.ByteArray())
		default:
			x = v.String()
		}
		obj[paths[i]] = x
	}
	return obj
}

type oracleFile struct {
	name string
	data []byte
}
