package datafile

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// oracleCorpus makes the oracle corpus: the same edge cases in every format
// that can hold them, and each format's own. Names are stable: labels.json
// is keyed by them.
func oracleCorpus(t testing.TB) []oracleFile {
	var out []oracleFile
	add := func(name string, data []byte) { out = append(out, oracleFile{name, data}) }
	jl := func(rows ...string) []byte { return []byte(strings.Join(rows, "\n") + "\n") }
	n := func(row string, k int) []string { return repeat(row, k) }

	// Metadata values: each as a JSONL object member, a JSONL string, a
	// CSV cell and a Parquet string, in the third of five rows.
	metas := map[string]string{
		"object":        `{"k": 1}`,
		"nested":        `{"k": {"a": [1, 2], "b": "x"}}`,
		"empty":         `{}`,
		"nested-empty":  `{"k": {}}`,
		"list-empty":    `{"k": [{}]}`,
		"array":         `[1, 2]`,
		"number":        `3`,
		"string":        `"s"`,
		"null":          `null`,
		"true":          `true`,
		"int64-max":     `{"k": 9223372036854775807}`,
		"int64-past":    `{"k": 9223372036854775808}`,
		"int64-min":     `{"k": -9223372036854775808}`,
		"int64-under":   `{"k": -9223372036854775809}`,
		"float-big":     `{"k": 1e300}`,
		"nan":           `{"k": NaN}`,
		"type-change":   `{"k": "one"}`,
		"null-value":    `{"k": null}`,
		"dup-keys":      `{"k": 1, "k": "x"}`,
		"dup-keys-same": `{"k": "x", "k": 1}`,
		"deep-key":      `{"k": 1, "a": {"b": {"c": 1}}}`,
		"long-int":      `{"k": ` + strings.Repeat("9", 4300) + `}`,
		"longer-int":    `{"k": ` + strings.Repeat("9", 4301) + `}`,
		"unicode-key":   `{"k": 1, "é": "\u00e9"}`,
	}
	good := `{"k": 1}`
	for name, m := range metas {
		rows := n(`{"metadata": `+good+`}`, 5)
		rows[2] = `{"metadata": ` + m + `}`
		add("jsonl-meta-"+name+".jsonl", jl(rows...))
		s, _ := json.Marshal(m)
		rows = n(`{"metadata": "{\"k\": 1}"}`, 5)
		rows[2] = `{"metadata": ` + string(s) + `}`
		add("jsonl-metastr-"+name+".jsonl", jl(rows...))
		cell := `"` + strings.ReplaceAll(m, `"`, `""`) + `"`
		rows = n(`"{""k"": 1}"`, 5)
		rows[2] = cell
		add("csv-meta-"+name+".csv", jl(append([]string{"metadata"}, rows...)...))
		vals := []*string{strp(good), strp(good), strp(m), strp(good), strp(good)}
		add("parquet-meta-"+name+".parquet", pqStrings(t, vals))
	}
	for _, m := range []string{"", "   ", "\u00a0"} {
		name := fmt.Sprintf("blank-%d", len(m))
		rows := n(`"{""k"": 1}"`, 5)
		rows[1] = m
		add("csv-meta-"+name+".csv", jl(append([]string{"metadata"}, rows...)...))
		add("parquet-meta-"+name+".parquet", pqStrings(t, []*string{strp(good), strp(m), strp(good), strp(good)}))
		s, _ := json.Marshal(m)
		rows = n(`{"metadata": {"k": 1}}`, 5)
		rows[1] = `{"metadata": ` + string(s) + `}`
		add("jsonl-metastr-"+name+".jsonl", jl(rows...))
	}
	add("parquet-meta-null-row.parquet", pqStrings(t, []*string{strp(good), nil, strp(good), strp(good)}))
	add("parquet-meta-all-null.parquet", pqStrings(t, []*string{nil, nil, nil, nil, nil, nil, nil}))

	// Row counts and columns.
	for k := 0; k <= 5; k++ {
		add(fmt.Sprintf("jsonl-rows-%d.jsonl", k), jl(n(`{"user_prompt": "u", "ground_truth": "g"}`, k)...))
		add(fmt.Sprintf("csv-rows-%d.csv", k), jl(append([]string{"user_prompt,ground_truth"}, n("u,g", k)...)...))
		add(fmt.Sprintf("parquet-rows-%d.parquet", k), writeParquet(t, make([]pqPrompt, k)))
	}
	columns := map[string][]string{
		"label":        {"user_prompt", "label"},
		"both":         {"user_prompt", "ground_truth", "label"},
		"no-truth":     {"user_prompt", "system_prompt"},
		"no-prompt":    {"ground_truth"},
		"extra":        {"user_prompt", "ground_truth", "x"},
		"meta-only":    {"metadata"},
		"meta-and-all": {"user_prompt", "ground_truth", "metadata"},
		"case":         {"User_Prompt", "ground_truth"},
		"space":        {"user_prompt ", "ground_truth"},
	}
	for name, cols := range columns {
		var obj, hdr, cells []string
		for _, c := range cols {
			v := `"v"`
			if c == "metadata" {
				v = `{"k": 1}`
			}
			obj = append(obj, fmt.Sprintf("%q: %s", c, v))
			hdr = append(hdr, c)
			cell := "v"
			if c == "metadata" {
				cell = `"{""k"": 1}"`
			}
			cells = append(cells, cell)
		}
		add("jsonl-cols-"+name+".jsonl", jl(n("{"+strings.Join(obj, ", ")+"}", 4)...))
		add("csv-cols-"+name+".csv", jl(append([]string{strings.Join(hdr, ",")}, n(strings.Join(cells, ","), 4)...)...))
		add("parquet-cols-"+name+".parquet", pqColumns(t, cols, 4))
	}

	// JSONL lines.
	pr := `{"user_prompt": "u", "ground_truth": "g"}`
	lineCases := map[string]string{
		"blank-lines":     "\n\n" + strings.Join(n(pr, 4), "\n\n") + "\n\n",
		"crlf":            strings.Join(n(pr, 4), "\r\n") + "\r\n",
		"lone-cr":         strings.Join(n(pr, 4), "\r"),
		"no-final-eol":    strings.Join(n(pr, 4), "\n"),
		"bom":             "\ufeff" + strings.Join(n(pr, 4), "\n"),
		"bom-second":      pr + "\n\ufeff" + strings.Join(n(pr, 4), "\n"),
		"nbsp-line":       pr + "\n\u00a0\n" + strings.Join(n(pr, 4), "\n"),
		"u2028-in-string": strings.Join(n(`{"user_prompt": "a`+"\u2028"+`b", "ground_truth": "g"}`, 4), "\n"),
		"not-object":      strings.Join(append(n(pr, 4), "[1]"), "\n"),
		"invalid":         strings.Join(append(n(pr, 4), "{bad"), "\n"),
		"trailing-data":   strings.Join(append(n(pr, 4), pr+" x"), "\n"),
		"fields-differ":   strings.Join(append(n(pr, 4), `{"user_prompt": "u", "ground_truth": "g", "x": 1}`), "\n"),
		"fields-order":    strings.Join(append(n(pr, 4), `{"ground_truth": "g", "user_prompt": "u"}`), "\n"),
		"dup-top-key":     strings.Join(n(`{"user_prompt": "u", "user_prompt": "v", "ground_truth": "g"}`, 4), "\n"),
		"nan":             strings.Join(n(`{"user_prompt": NaN, "ground_truth": -Infinity}`, 4), "\n"),
		"invalid-utf8":    strings.Join(n(pr, 4), "\n") + "\n{\"user_prompt\": \"\xff\", \"ground_truth\": \"g\"}",
		"lone-surrogate":  strings.Join(n(`{"user_prompt": "\ud800", "ground_truth": "g"}`, 4), "\n"),
		"control-char":    strings.Join(n("{\"user_prompt\": \"a\x01b\", \"ground_truth\": \"g\"}", 4), "\n"),
		"long-int":        strings.Join(n(`{"user_prompt": `+strings.Repeat("1", 4300)+`, "ground_truth": "g"}`, 4), "\n"),
		"longer-int":      strings.Join(n(`{"user_prompt": `+strings.Repeat("1", 4301)+`, "ground_truth": "g"}`, 4), "\n"),
		"many-errors":     strings.Join(n("{bad", 9), "\n"),
		"mixed-modes":     strings.Join(append(n(pr, 4), `{"metadata": {"k": 1}}`), "\n"),
		"meta-first-only": strings.Join(append([]string{`{"metadata": {"k": 1}}`}, n(`{"metadata": {"k": 1}, "x": 1}`, 4)...), "\n"),
	}
	for name, c := range lineCases {
		add("jsonl-"+name+".jsonl", []byte(c))
	}
	for _, d := range []int{990, 991, 1497, 1498} {
		v := strings.Repeat("[", d-1) + strings.Repeat("]", d-1)
		add(fmt.Sprintf("jsonl-deep-%d.jsonl", d), jl(n(`{"user_prompt": "u", "ground_truth": `+v+`}`, 4)...))
	}
	for _, d := range []int{330, 331, 496, 497} {
		m := strings.Repeat(`{"a": `, d) + "1" + strings.Repeat("}", d)
		add(fmt.Sprintf("jsonl-meta-deep-%d.jsonl", d), jl(n(`{"metadata": `+m+`}`, 4)...))
		add(fmt.Sprintf("csv-meta-deep-%d.csv", d), jl(append([]string{"metadata"}, n(`"`+strings.ReplaceAll(m, `"`, `""`)+`"`, 4)...)...))
	}

	// CSV records.
	h := "user_prompt,ground_truth"
	csvCases := map[string]string{
		"crlf":           strings.Join(append([]string{h}, n("u,g", 4)...), "\r\n") + "\r\n",
		"quoted-newline": h + "\n" + strings.Join(n("\"a\nb\",g", 4), "\n") + "\n",
		"field-count":    h + "\n" + strings.Join(append(n("u,g", 4), "u,g,x"), "\n") + "\n",
		"short-row":      h + "\n" + strings.Join(append(n("u,g", 4), "u"), "\n") + "\n",
		"blank-row":      h + "\n" + strings.Join(append(n("u,g", 4), ""), "\n") + "\n\n",
		"bom":            "\ufeff" + h + "\n" + strings.Join(n("u,g", 4), "\n") + "\n",
		"invalid-utf8":   h + "\n" + strings.Join(n("u,\xff", 4), "\n") + "\n",
		"unclosed-quote": h + "\n" + strings.Join(n("u,g", 4), "\n") + "\n\"u,g\n",
		"stray-quote":    h + "\n" + strings.Join(n(`u,a"b`, 4), "\n") + "\n",
		"big-field":      h + "\n" + strings.Join(n("u,"+strings.Repeat("x", 131072), 4), "\n") + "\n",
		"bigger-field":   h + "\n" + strings.Join(n("u,"+strings.Repeat("x", 131073), 4), "\n") + "\n",
		"header-only":    h + "\n",
		"empty-header":   "\n" + strings.Join(n("u,g", 4), "\n") + "\n",
		"nul":            h + "\n" + strings.Join(n("u,a\x00b", 4), "\n") + "\n",
		"many-errors":    h + "\n" + strings.Join(n("u", 9), "\n") + "\n",
		"dup-metadata":   "metadata,metadata\n" + strings.Join(n(`"{""k"": 1}","{""k"": 1}"`, 4), "\n") + "\n",
	}
	for name, c := range csvCases {
		add("csv-"+name+".csv", []byte(c))
	}

	// Parquet: codecs, page versions, encodings, row groups, and files the
	// reader must refuse.
	codecs := map[string]parquet.WriterOption{
		"none":   parquet.Compression(&parquet.Uncompressed),
		"snappy": parquet.Compression(&parquet.Snappy),
		"gzip":   parquet.Compression(&parquet.Gzip),
		"zstd":   parquet.Compression(&parquet.Zstd),
		"lz4raw": parquet.Compression(&parquet.Lz4Raw),
	}
	bad := []*string{strp(good), strp(good), strp(good), strp("{}"), strp(good), nil}
	for cname, codec := range codecs {
		for _, v := range []int{1, 2} {
			opts := []parquet.WriterOption{codec, parquet.DataPageVersion(v), parquet.PageBufferSize(64), parquet.MaxRowsPerRowGroup(2)}
			name := fmt.Sprintf("parquet-%s-v%d", cname, v)
			add(name+"-ok.parquet", pqStrings(t, []*string{strp(good), strp(good), strp(good), strp(good), strp(good)}, opts...))
			add(name+"-bad.parquet", pqStrings(t, bad, opts...))
			rows := make([]pqMetaDict, len(bad))
			for i, s := range bad {
				rows[i].Metadata = s
			}
			add(name+"-dict-bad.parquet", writeParquet(t, rows, opts...))
		}
	}
	structs := func(k int, null int, big int) []pqMetaStruct {
		rows := make([]pqMetaStruct, k)
		for i := range rows {
			if i == null {
				continue
			}
			rows[i].Metadata = &struct {
				K string `parquet:"k"`
				N uint64 `parquet:"n"`
			}{"v", uint64(i)}
			if i == big {
				rows[i].Metadata.N = 1 << 63
			}
		}
		return rows
	}
	add("parquet-struct-ok.parquet", writeParquet(t, structs(5, -1, -1)))
	add("parquet-struct-null.parquet", writeParquet(t, structs(5, 2, -1)))
	add("parquet-struct-uint64.parquet", writeParquet(t, structs(5, -1, 3)))
	add("parquet-struct-uint64-max.parquet", writeParquet(t, structs(5, -1, -1)))
	add("parquet-struct-groups.parquet", writeParquet(t, structs(9, 7, 4), parquet.MaxRowsPerRowGroup(2), parquet.DataPageVersion(1)))
	add("parquet-meta-int.parquet", writeParquet(t, []pqMetaInt{{1}, {2}, {3}, {4}}))
	add("parquet-meta-binary.parquet", writeParquet(t, []struct {
		Metadata []byte `parquet:"metadata"`
	}{{[]byte(good)}, {[]byte(good)}, {[]byte(good)}, {[]byte(good)}}))
	add("parquet-meta-list.parquet", writeParquet(t, []struct {
		Metadata []string `parquet:"metadata,list"`
	}{{[]string{good}}, {[]string{good}}, {[]string{good}}, {[]string{good}}}))
	add("parquet-meta-json.parquet", writeParquet(t, []struct {
		Metadata string `parquet:"metadata,json"`
	}{{good}, {good}, {good}, {`[]`}}))
	add("parquet-meta-required.parquet", writeParquet(t, []struct {
		Metadata string `parquet:"metadata"`
	}{{good}, {good}, {good}, {good}}))
	okFile := writeParquet(t, []pqPrompt{{"u", "g"}, {"u", "g"}, {"u", "g"}, {"u", "g"}})
	add("parquet-no-head-magic.parquet", append([]byte("XXXX"), okFile[4:]...))
	add("parquet-truncated.parquet", okFile[:len(okFile)-1])
	add("parquet-cut-middle.parquet", append(append([]byte{}, okFile[:8]...), okFile[len(okFile)-40:]...))
	add("parquet-text.parquet", []byte("user_prompt,ground_truth\nu,g\n"))
	add("parquet-tiny.parquet", []byte("PAR1PAR1"))
	add("parquet-zero-footer.parquet", []byte("PAR1\x00\x00\x00\x00PAR1"))
	add("parquet-encrypted.parquet", []byte("PAR1"+strings.Repeat("\x00", 20)+"\x10\x00\x00\x00PARE"))
	flipped := append([]byte{}, okFile...)
	flipped[len(flipped)-12] ^= 0xff
	add("parquet-footer-flipped.parquet", flipped)
	return out
}

// pqStrings writes a Parquet file of one optional string metadata column.
func pqStrings(t testing.TB, vals []*string, opts ...parquet.WriterOption) []byte {
	rows := make([]pqMetaString, len(vals))
	for i, v := range vals {
		rows[i].Metadata = v
	}
	return writeParquet(t, rows, opts...)
}

// pqColumns writes k rows of string columns with these names.
func pqColumns(t testing.TB, cols []string, k int) []byte {
	g := parquet.Group{}
	for _, c := range cols {
		g[c] = parquet.String()
	}
	schema := parquet.NewSchema("schema", g)
	var b strings.Builder
	w := parquet.NewWriter(&b, schema)
	for range k {
		row := map[string]any{}
		for _, c := range cols {
			row[c] = "v"
			if c == "metadata" {
				row[c] = `{"k": 1}`
			}
		}
		if err := w.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return []byte(b.String())
}
