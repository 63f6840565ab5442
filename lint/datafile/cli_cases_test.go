package datafile

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The osmosis CLI's own dataset validation cases, rebuilt: each keeps the
// input and the verdict of the CLI's test, expressed in this package's
// codes and line numbers.

func TestCLIRequiredColumns(t *testing.T) {
	tests := []struct {
		columns []string
		missing []string
		mode    Mode
	}{
		{[]string{"user_prompt", "ground_truth"}, nil, ModePrompt},                                      // no system_prompt needed
		{[]string{"system_prompt", "user_prompt", "ground_truth", "extra", "another"}, nil, ModePrompt}, // extra columns
		{[]string{"metadata"}, nil, ModeMetadata},                                                       // metadata alone
		{[]string{"user_prompt", "label"}, nil, ModePrompt},                                             // label alias
		{[]string{"user_prompt"}, []string{"ground_truth"}, ModePrompt},
		{[]string{"foo", "bar"}, []string{"ground_truth", "user_prompt"}, ModePrompt},
		{nil, []string{"ground_truth", "user_prompt"}, ModePrompt},
	}
	for _, tt := range tests {
		mode, missing := requiredColumns(func(s string) bool { return slices.Contains(tt.columns, s) })
		if mode != tt.mode || !slices.Equal(missing, tt.missing) {
			t.Errorf("%v: mode %v missing %v, want %v %v", tt.columns, mode, missing, tt.mode, tt.missing)
		}
	}
}

// Rows as Python's json.dumps writes them.
const (
	dumpsPrompt  = `{"user_prompt": "u", "ground_truth": "g"}`
	dumpsFull    = `{"system_prompt": "s", "user_prompt": "u", "ground_truth": "g"}`
	dumpsCompact = `{"system_prompt":"s","user_prompt":"u","ground_truth":"g"}`
)

func dumpsMeta(meta string) string {
	return `{"user_prompt": "u", "ground_truth": "g", "metadata": ` + meta + `}`
}

func TestCLIJSONLCases(t *testing.T) {
	with := func(rows []string, i int, row string) []string {
		rows = slices.Clone(rows)
		rows[i] = row
		return rows
	}
	tests := []struct {
		name    string
		content string
		want    []string
	}{
		{"valid file", lines(repeat(dumpsPrompt, 10)...), nil},
		{"metadata only", lines(repeat(`{"metadata": {"task": "qa"}}`, 5)...), nil},
		{"missing required columns", lines(repeat(`{"foo": "bar"}`, 5)...), []string{"missing-columns:1"}},
		{"invalid JSON near the head", lines(with(repeat(dumpsCompact, 5), 2, "not json")...), []string{"invalid-json:3"}},
		{"invalid JSON at the end", lines(with(with(repeat(dumpsCompact, 200), 199, "broken json{{"), 197, "{bad")...), []string{"invalid-json:198", "invalid-json:200"}},
		{"small valid file", lines(repeat(dumpsFull, 50)...), nil},
		{"blank lines skipped", "\n" + dumpsCompact + "\n\n" + dumpsCompact + "\n" + dumpsCompact + "\n\n" + dumpsCompact + "\n", nil},
		{"sparse file still needs four rows", lines(append(repeat("", 101), repeat(dumpsCompact, 2)...)...), []string{"too-few-rows:0"}},
		{"columns checked after leading blanks", lines(append(repeat("", 101), repeat(`{"foo": "bar"}`, 50)...)...), []string{"missing-columns:102"}},
		{"fields must match the first row", lines(with(repeat(dumpsPrompt, 7), 3, `{"user_prompt": "u", "ground_truth": "g", "extra": "x"}`)...), []string{"fields-differ:4"}},
		{"modes cannot mix", lines(with(repeat(dumpsPrompt, 5), 2, `{"metadata": {"task": "qa"}}`)...), []string{"fields-differ:3"}},

		{"metadata object", lines(repeat(dumpsMeta(`{"k": "v"}`), 5)...), nil},
		{"metadata object string", lines(repeat(dumpsMeta(`"{\"k\": \"v\"}"`), 5)...), nil},
		{"metadata null", lines(repeat(dumpsMeta(`null`), 5)...), repeat("metadata-missing", 5)},
		{"metadata field missing", lines(with(repeat(dumpsMeta(`{"k": "v"}`), 5), 2, dumpsPrompt)...), []string{"fields-differ:3", "metadata-missing:3"}},
		{"metadata number", lines(repeat(dumpsMeta(`3`), 5)...), repeat("metadata-not-object", 5)},
		{"metadata array", lines(repeat(dumpsMeta(`[1, 2]`), 5)...), repeat("metadata-not-object", 5)},
		{"metadata array string", lines(repeat(dumpsMeta(`"[1, 2]"`), 5)...), repeat("metadata-not-object", 5)},
		{"metadata garbage string", lines(repeat(dumpsMeta(`"garbage{{"`), 5)...), repeat("metadata-invalid-json", 5)},
		{"bad metadata in the tail", lines(with(repeat(dumpsMeta(`{"k": "v"}`), 200), 199, dumpsMeta(`3`))...), []string{"metadata-not-object:200"}},

		{"all metadata empty", lines(repeat(dumpsMeta(`{}`), 5)...), repeat("metadata-empty", 5)},
		{"all metadata empty strings", lines(repeat(dumpsMeta(`"{}"`), 5)...), repeat("metadata-empty", 5)},
		{"empty metadata before keyed", lines(append(repeat(dumpsMeta(`{}`), 3), repeat(dumpsMeta(`{"k": "v"}`), 3)...)...), []string{"metadata-empty:1", "metadata-empty:2", "metadata-empty:3"}},
		{"nested empty metadata", lines(repeat(dumpsMeta(`{"a": {}}`), 5)...), repeat("metadata-nested-empty", 5)},
		{"inconsistent value types", lines(append([]string{dumpsMeta(`{"k": 1}`), dumpsMeta(`{"k": "x"}`)}, repeat(dumpsMeta(`{"k": 2}`), 3)...)...), []string{"metadata-type-mismatch:2"}},
		{"int and float agree", lines(append([]string{dumpsMeta(`{"k": 1}`), dumpsMeta(`{"k": 1.5}`)}, repeat(dumpsMeta(`{"k": 2}`), 3)...)...), nil},
		{"bool and number disagree", lines(dumpsMeta(`{"k": true}`), dumpsMeta(`{"k": 1}`)), []string{"metadata-type-mismatch:2", "too-few-rows:0"}},
		{"nested type mismatch", lines(dumpsMeta(`{"outer": {"k": 1}}`), dumpsMeta(`{"outer": {"k": [1]}}`)), []string{"metadata-type-mismatch:2", "too-few-rows:0"}},
		{"mismatch between head and tail", lines(append(repeat(dumpsMeta(`{"k": 1}`), 150), dumpsMeta(`{"k": "x"}`))...), []string{"metadata-type-mismatch:151"}},

		{"validate outside a workspace: four prompt rows", lines(repeat(dumpsPrompt, 4)...), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check("data.jsonl", tt.content)
			got := codes(r)
			// Codes without a line stand for "on every row", lines 1 to n.
			want := slices.Clone(tt.want)
			for i, w := range want {
				if !strings.Contains(w, ":") {
					want[i] = w + ":" + strconv.Itoa(i+1)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("problems = %q, want %q", got, want)
			}
		})
	}
}

func TestCLIErrorLimit(t *testing.T) {
	content := lines(repeat("not json", 10)...)
	r := Validate(strings.NewReader(content), "many_errors.jsonl", int64(len(content)), Options{})
	if len(r.Problems) != 6 || r.Problems[5].Code != CodeErrorsSuppressed {
		t.Errorf("problems = %v", codes(r))
	}
}

func TestCLICSVCases(t *testing.T) {
	const full = "system_prompt,user_prompt,ground_truth"
	const meta = "system_prompt,user_prompt,ground_truth,metadata"
	with := func(rows []string, i int, row string) []string {
		rows = slices.Clone(rows)
		rows[i] = row
		return rows
	}
	tests := []struct {
		name    string
		content string
		want    []string // "code:row"
	}{
		{"valid file", "user_prompt,ground_truth\n" + strings.Repeat("u,g\n", 5), nil},
		{"extra columns", "system_prompt,user_prompt,ground_truth,extra\n" + strings.Repeat("s,u,g,e\n", 5), nil},
		{"missing required columns", "foo,bar\n1,2\n", []string{"missing-columns:1", "too-few-rows:0"}},
		{"inconsistent columns near the head", full + "\ns,u,g\ns,u\n", []string{"csv-field-count:3", "too-few-rows:0"}},
		{"inconsistent columns at the end", lines(append([]string{full}, with(repeat("s,u,g", 200), 199, "s,u")...)...), []string{"csv-field-count:201"}},
		{"small file", lines(append([]string{full}, repeat("s,u,g", 20)...)...), nil},
		{"exactly 100 rows", lines(append([]string{full}, repeat("s,u,g", 100)...)...), nil},

		{"metadata object strings", lines(append([]string{meta}, repeat(`s,u,g,"{""k"": ""v""}"`, 5)...)...), nil},
		{"metadata absent", lines(append([]string{meta}, repeat("s,u,g,", 5)...)...), []string{"metadata-missing:2", "metadata-missing:3", "metadata-missing:4", "metadata-missing:5", "metadata-missing:6"}},
		{"metadata array string", lines(append([]string{meta}, repeat(`s,u,g,"[1, 2]"`, 5)...)...), []string{"metadata-not-object:2", "metadata-not-object:3", "metadata-not-object:4", "metadata-not-object:5", "metadata-not-object:6"}},
		{"metadata garbage", lines(append([]string{meta}, repeat("s,u,g,garbage{{", 5)...)...), []string{"metadata-invalid-json:2", "metadata-invalid-json:3", "metadata-invalid-json:4", "metadata-invalid-json:5", "metadata-invalid-json:6"}},
		{"bad metadata at the end", lines(append([]string{meta}, with(repeat(`s,u,g,"{""k"": ""v""}"`, 200), 199, "s,u,g,garbage{{")...)...), []string{"metadata-invalid-json:201"}},
		{"no metadata column", lines(append([]string{full}, repeat("s,u,g", 5)...)...), nil},
		{"metadata-only header", lines(append([]string{"metadata"}, repeat(`"{""task"": ""qa""}"`, 5)...)...), nil},
		{"all metadata empty", lines(append([]string{meta}, repeat("s,u,g,{}", 5)...)...), []string{"metadata-empty:2", "metadata-empty:3", "metadata-empty:4", "metadata-empty:5", "metadata-empty:6"}},
		{"inconsistent metadata types", lines(meta, `s,u,g,"{""k"": 1}"`, `s,u,g,"{""k"": ""x""}"`), []string{"metadata-type-mismatch:3", "too-few-rows:0"}},
		{"nested empty metadata", lines(append([]string{meta}, repeat(`s,u,g,"{""a"": {}}"`, 5)...)...), []string{"metadata-nested-empty:2", "metadata-nested-empty:3", "metadata-nested-empty:4", "metadata-nested-empty:5", "metadata-nested-empty:6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check("data.csv", tt.content)
			var got []string
			for _, p := range r.Problems {
				got = append(got, string(p.Code)+":"+strconv.Itoa(p.Row))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("problems = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("short row message", func(t *testing.T) {
		r := check("data.csv", full+"\ns,u,g\ns,u\n")
		if msg := r.Problems[0].Message; !strings.Contains(msg, "has 2 fields; the header has 3") {
			t.Errorf("message %q", msg)
		}
	})
	t.Run("empty file", func(t *testing.T) {
		// The CLI rejects an empty file before reading it; its CSV reader
		// alone would report a missing header.
		wantCodes(t, Validate(strings.NewReader(""), "empty.csv", 0, Options{}), "empty-file:0")
	})
}

func TestCLIParquetCases(t *testing.T) {
	r := check("corrupt.parquet", "not a parquet file")
	wantCodes(t, r, "parquet-invalid:0")
	r = check("zeros.parquet", "PAR1"+strings.Repeat("\x00", 16)+"\x10\x00\x00\x00PAR1")
	wantCodes(t, r, "parquet-invalid:0")
	b := writeParquet(t, []pqPrompt{{"u", "g"}, {"u", "g"}, {"u", "g"}, {"u", "g"}})
	r = check("valid.parquet", string(b))
	wantCodes(t, r)
	if !r.Valid() || r.Rows != 4 || r.Mode != ModePrompt {
		t.Errorf("valid file: %+v", r)
	}
}
