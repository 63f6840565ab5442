package datafile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// mrow is a metadata-mode JSONL row with the given metadata value.
func mrow(meta string) string { return `{"metadata":` + meta + `}` }

// mrows builds a metadata-mode JSONL file: the given values, then good rows
// up to four.
func mrows(metas ...string) string {
	var rows []string
	for _, m := range metas {
		rows = append(rows, mrow(m))
	}
	for len(rows) < 4 {
		rows = append(rows, mrow(`{"pad":true}`))
	}
	return lines(rows...)
}

func TestMetadataJSONL(t *testing.T) {
	tests := []struct {
		name  string
		metas []string
		want  []string
	}{
		{"object", []string{`{"k":"v"}`}, nil},
		{"object string", []string{`"{\"k\": 1}"`}, nil},
		{"object string with JSON white space", []string{`" \t\r\n{\"k\": 1}\n "`}, nil},
		{"nested values", []string{`{"k":1,"a":[1,2.5,-3],"o":{"x":true,"y":null},"s":"t"}`}, nil},
		{"null values are ignored across rows", []string{`{"k":null}`, `{"k":"s"}`, `{"k":null}`}, nil},
		{"int and float are one type", []string{`{"k":1}`, `{"k":1.5}`, `{"k":NaN}`, `{"k":-Infinity}`}, nil},
		{"int64 bounds", []string{`{"k":9223372036854775807,"j":-9223372036854775808}`}, nil},
		{"large float is fine", []string{`{"k":1e400}`, `{"k":99999999999999999999.0}`}, nil},
		{"empty array is fine", []string{`{"k":[]}`}, nil},
		{"repeated key keeps the last value", []string{`{"k":{},"k":1}`}, nil},

		{"null", []string{`null`}, []string{"metadata-missing:1"}},
		{"empty string", []string{`""`}, []string{"metadata-missing:1"}},
		{"blank string", []string{`" \u00a0\n"`}, []string{"metadata-missing:1"}},
		{"number", []string{`3`}, []string{"metadata-not-object:1"}},
		{"boolean", []string{`true`}, []string{"metadata-not-object:1"}},
		{"array", []string{`[1,2]`}, []string{"metadata-not-object:1"}},
		{"array string", []string{`"[1, 2]"`}, []string{"metadata-not-object:1"}},
		{"string string", []string{`"\"{}\""`}, []string{"metadata-not-object:1"}},
		{"garbage string", []string{`"not json{{"`}, []string{"metadata-invalid-json:1"}},
		{"string with BOM", []string{`"\ufeff{\"k\":1}"`}, []string{"metadata-invalid-json:1"}},
		{"string with no-break space", []string{`"\u00a0{\"k\":1}"`}, []string{"metadata-invalid-json:1"}},
		{"string with trailing data", []string{`"{\"k\":1} x"`}, []string{"metadata-invalid-json:1"}},
		{"string with long integer", []string{`"{\"k\":` + strings.Repeat("1", 4301) + `}"`}, []string{"integer-too-long:1"}},
		{"empty object", []string{`{}`}, []string{"metadata-empty:1"}},
		{"empty object string", []string{`"{}"`}, []string{"metadata-empty:1"}},
		{"nested empty object", []string{`{"a":{}}`}, []string{"metadata-nested-empty:1"}},
		{"nested empty object in a list", []string{`{"items":[1,{}]}`}, []string{"metadata-nested-empty:1"}},
		{"nested empty object in a string", []string{`"{\"a\":{\"b\":{}}}"`}, []string{"metadata-nested-empty:1"}},
		{"repeated key keeps the last value, empty", []string{`{"k":1,"k":{}}`}, []string{"metadata-nested-empty:1"}},
		{"int above int64", []string{`{"k":9223372036854775808}`}, []string{"metadata-int-range:1"}},
		{"int below int64", []string{`{"k":[-9223372036854775809]}`}, []string{"metadata-int-range:1"}},
		{"huge int", []string{`{"k":{"j":100000000000000000000000000000}}`}, []string{"metadata-int-range:1"}},
		{"huge int in a string", []string{`"{\"big\": 99999999999999999999999999999999}"`}, []string{"metadata-int-range:1"}},
		{"nested empty before int range", []string{`{"k":99999999999999999999,"a":{}}`}, []string{"metadata-nested-empty:1"}},

		{"int then string", []string{`{"k":1}`, `{"k":"x"}`}, []string{"metadata-type-mismatch:2"}},
		{"bool then number", []string{`{"k":true}`, `{"k":1}`}, []string{"metadata-type-mismatch:2"}},
		{"nested", []string{`{"outer":{"k":1}}`, `{"outer":{"k":[1]}}`}, []string{"metadata-type-mismatch:2"}},
		{"array elements in one row", []string{`{"a":[1,"x",{"c":1}]}`}, []string{"metadata-type-mismatch:1", "metadata-type-mismatch:1"}},
		{"one error per path, not below it", []string{`{"o":{"a":1,"b":2}}`, `{"o":"s"}`}, []string{"metadata-type-mismatch:2"}},
		{"several paths in one row", []string{`{"x":1,"y":2}`, `{"x":"a","y":"b"}`}, []string{"metadata-type-mismatch:2", "metadata-type-mismatch:2"}},
		{"object string rows share the table", []string{`{"k":1}`, `"{\"k\":\"x\"}"`}, []string{"metadata-type-mismatch:2"}},
		{"rows with errors are not recorded", []string{`{"k":"s","a":{}}`, `{"k":1}`, `{"k":2}`, `{"k":3}`}, []string{"metadata-nested-empty:1"}},
		{"paths are joined without escaping", []string{`{"a.b":1}`, `{"a":{"b":"x"}}`}, []string{"metadata-type-mismatch:2"}},
		{"repeated key takes the first position", []string{`{"b":1,"a":1}`, `{"b":"x","a":"y","b":2}`}, []string{"metadata-type-mismatch:2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCodes(t, check("data.jsonl", mrows(tt.metas...)), tt.want...)
		})
	}
}

func TestMetadataMessages(t *testing.T) {
	r := check("data.jsonl", mrows(`{"outer":{"k":1}}`, `{"outer":{"k":[1]}}`))
	if msg := r.Problems[0].Message; !strings.Contains(msg, "$.outer.k is an array here but a number on line 1, where first seen") {
		t.Errorf("message %q", msg)
	}
	r = check("data.jsonl", mrows(`{"a":[1,"x"]}`))
	if msg := r.Problems[0].Message; !strings.Contains(msg, "$.a[] is a string here but a number earlier on this line") {
		t.Errorf("message %q", msg)
	}
	// A repeated key keeps its first position and its last value: $.b is
	// 2 (a number, consistent), so only $.a differs.
	r = check("data.jsonl", mrows(`{"b":1,"a":1}`, `{"b":"x","a":"y","b":2}`))
	if msg := r.Problems[0].Message; !strings.Contains(msg, "$.a is a string") {
		t.Errorf("message %q", msg)
	}
	r = check("data.jsonl", mrows(`"[1]"`))
	if msg := r.Problems[0].Message; !strings.Contains(msg, "found an array (decoded from the string)") {
		t.Errorf("message %q", msg)
	}
	r = check("data.jsonl", mrows(`"{\"k\" 1}"`))
	if msg := r.Problems[0].Message; !strings.Contains(msg, "at character 6 of the string") {
		t.Errorf("message %q", msg)
	}
}

func TestMetadataRows(t *testing.T) {
	t.Run("missing key", func(t *testing.T) {
		content := lines(mrow(`{"k":"v"}`), mrow(`{"k":"v"}`), `{"user_prompt":"u"}`, mrow(`{"k":"v"}`))
		r := check("data.jsonl", content)
		wantCodes(t, r, "fields-differ:3", "metadata-missing:3")
		if msg := r.Problems[0].Message; !strings.Contains(msg, `missing: "metadata"; extra: "user_prompt"`) {
			t.Errorf("message %q", msg)
		}
	})
	t.Run("metadata key in prompt mode is just a key", func(t *testing.T) {
		content := lines(pr, pr, `{"metadata":{"task":"qa"}}`, pr, pr)
		r := check("data.jsonl", content)
		wantCodes(t, r, "fields-differ:3")
		if msg := r.Problems[0].Message; !strings.Contains(msg, `missing: "ground_truth", "user_prompt"; extra: "metadata"`) {
			t.Errorf("message %q", msg)
		}
	})
	t.Run("metadata mode needs no prompt columns", func(t *testing.T) {
		wantCodes(t, check("data.jsonl", lines(repeat(`{"metadata":{"task":"qa"},"system_prompt":"s"}`, 4)...)))
	})
	t.Run("repeated metadata key: the last value counts", func(t *testing.T) {
		content := lines(repeat(`{"metadata":{},"metadata":{"k":1}}`, 3)...) + `{"metadata":{"k":1},"metadata":"{}"}` + "\n"
		wantCodes(t, check("data.jsonl", content), "metadata-empty:4")
	})
	t.Run("mismatch far apart", func(t *testing.T) {
		rows := repeat(mrow(`{"k":1}`), 150)
		rows = append(rows, mrow(`{"k":"x"}`))
		wantCodes(t, check("data.jsonl", lines(rows...)), "metadata-type-mismatch:151")
	})
	t.Run("deep metadata", func(t *testing.T) {
		deep := func(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
		wantCodes(t, check("data.jsonl", mrows(deep(maxMetadataDepth))))
		wantCodes(t, check("data.jsonl", mrows(deep(maxMetadataDepth+1))), "metadata-too-deep:1")
		// Checks that come first still apply.
		wantCodes(t, check("data.jsonl", mrows(`{"k":1}`, `"`+strings.Repeat("[", 600)+strings.Repeat("]", 600)+`"`)), "metadata-not-object:2")
	})
	t.Run("deep metadata string", func(t *testing.T) {
		deep := `"` + strings.Repeat("[", maxDepth+1) + `"`
		wantCodes(t, check("data.jsonl", mrows(`{"k":1}`, deep)), "nesting-too-deep:2")
	})
}

func TestMetadataCSV(t *testing.T) {
	const h = "system_prompt,user_prompt,ground_truth,metadata"
	tests := []struct {
		name string
		rows []string
		want []string
	}{
		{"object strings", repeat(`s,u,g,"{""k"": ""v""}"`, 5), nil},
		{"unquoted object", repeat(`s,u,g,{"k":1}`, 4), nil},
		{"empty cell", repeat("s,u,g,", 5), []string{"metadata-missing:2", "metadata-missing:3", "metadata-missing:4", "metadata-missing:5", "metadata-missing:6"}},
		{"blank cell", append(repeat(`s,u,g,"{""k"":1}"`, 3), "s,u,g, \t"), []string{"metadata-missing:5"}},
		{"array string", append(repeat(`s,u,g,"{""k"":1}"`, 3), `s,u,g,"[1, 2]"`), []string{"metadata-not-object:5"}},
		{"garbage", append(repeat(`s,u,g,"{""k"":1}"`, 3), "s,u,g,garbage{{"), []string{"metadata-invalid-json:5"}},
		{"empty object", append(repeat(`s,u,g,"{""k"":1}"`, 3), "s,u,g,{}"), []string{"metadata-empty:5"}},
		{"nested empty", append(repeat(`s,u,g,"{""k"":1}"`, 3), `s,u,g,"{""a"": {}}"`), []string{"metadata-nested-empty:5"}},
		{"inconsistent types", []string{`s,u,g,"{""k"": 1}"`, `s,u,g,"{""k"": ""x""}"`, `s,u,g,"{""k"": 1}"`, `s,u,g,"{""k"": 1}"`}, []string{"metadata-type-mismatch:3"}},
		{"line breaks inside the JSON", []string{"s,u,g,\"{\n\"\"k\"\":\r\n1}\"", `s,u,g,"{""k"":1}"`, `s,u,g,"{""k"":1}"`, `s,u,g,"{""k"":1}"`}, nil},
		{"rows with the wrong field count are not checked", append(repeat(`s,u,g,"{""k"":1}"`, 3), "s,u,{}"), []string{"csv-field-count:5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCodes(t, check("data.csv", lines(append([]string{h}, tt.rows...)...)), tt.want...)
		})
	}
	t.Run("first metadata column counts", func(t *testing.T) {
		content := lines("metadata,metadata", `"{""k"":1}",`, `"{""k"":1}",`, `"{""k"":1}",`, `"{""k"":1}",`)
		wantCodes(t, check("data.csv", content))
	})
	t.Run("row and line of a metadata error", func(t *testing.T) {
		content := lines("metadata", "\"{\"\"k\"\":\n1}\"", `"{""k"":1}"`, "[]", `"{""k"":1}"`)
		r := check("data.csv", content)
		wantCodes(t, r, "metadata-not-object:5")
		if r.Problems[0].Row != 4 || r.Mode != ModeMetadata {
			t.Errorf("row %d, mode %v", r.Problems[0].Row, r.Mode)
		}
	})
}

func TestTypeTrackingLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"metadata":{`)
	for i := 0; i < maxTrackedPaths+10; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteString("}}\n")
	// A path first seen past the limit is not tracked, so its change of
	// type goes unnoticed; tracked paths are still checked.
	content := b.String() + mrow(fmt.Sprintf(`{"k%d":"s","k0":"s"}`, maxTrackedPaths+5)) + "\n" + mrow(`{"k0":1}`) + "\n" + mrow(`{"k0":1}`) + "\n"
	r := check("data.jsonl", content)
	wantCodes(t, r, "type-tracking-limit:1", "metadata-type-mismatch:2")
	if r.Problems[0].Severity != lint.Info {
		t.Errorf("severity %v", r.Problems[0].Severity)
	}
}

func TestDedupeOrder(t *testing.T) {
	// Many members, so the sorting path runs: the surviving members keep
	// the order of their first occurrence and take their last value.
	var members []string
	for i := 0; i < 20; i++ {
		members = append(members, fmt.Sprintf(`"m%02d":%d`, i, i))
	}
	members = append(members, `"m03":"late"`, `"m01":{"x":1}`, `"m03":true`)
	p := &scanner{src: memSource([]byte("{" + strings.Join(members, ",") + "}")), plain: &plainDoc, tree: &tree{}}
	p.metaNext = true
	if !p.value() {
		t.Fatal(p.fail.msg)
	}
	tr := p.tree
	tr.resolve()
	root := tr.nodes[0]
	var got []string
	for j := root.effStart; j < root.effEnd; j++ {
		c := tr.eff[j]
		got = append(got, string(tr.keyOf(c))+"="+tr.nodes[c].kind.String())
	}
	if len(got) != 20 || got[0] != "m00=number" || got[1] != "m01=object" || got[3] != "m03=boolean" || got[19] != "m19=number" {
		t.Errorf("members = %v", got)
	}
}

func TestMetadataPositions(t *testing.T) {
	tests := []struct {
		name      string
		file      string
		content   string
		code      Code
		line, col int
		path      string
	}{
		{"nested empty", "p.jsonl", mrows(`{"k":1}`, `{"a": {"b": {}}}`), CodeMetadataNestedEmpty, 2, 25, "$.a.b"},
		{"nested empty in a list", "p.jsonl", mrows(`{"a": [1, {"c": 2}, {}]}`), CodeMetadataNestedEmpty, 1, 33, "$.a[]"},
		{"int out of range", "p.jsonl", mrows(`{"k": [1, 99999999999999999999]}`), CodeMetadataIntRange, 1, 23, "$.k[]"},
		{"type mismatch", "p.jsonl", mrows(`{"o": {"k": 1}}`, `{"o": {"k": "s"}}`), CodeMetadataTypeMismatch, 2, 25, "$.o.k"},
		{"not an object", "p.jsonl", `{"user_prompt": "u", "metadata": [1]}` + "\n", CodeMetadataNotObject, 1, 34, ""},
		{"string metadata", "p.jsonl", mrows(`"{\"a\":{}}"`), CodeMetadataNestedEmpty, 1, 13, "$.a"},
		{"empty key", "p.jsonl", mrows(`{"": {"": {}}}`), CodeMetadataNestedEmpty, 1, 23, "$.."},
		{"CSV cell after a multi-line field", "p.csv", lines("x,metadata", "\"a\nbc\",  \"{\"\"k\"\":{}}\""), CodeMetadataInvalidJSON, 3, 5, ""},
		{"CSV cell", "p.csv", lines("x,metadata", "\"a\nbc\",\"{\"\"k\"\":{}}\""), CodeMetadataNestedEmpty, 3, 5, "$.k"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check(tt.file, tt.content)
			for _, p := range r.Problems {
				if p.Code != tt.code {
					continue
				}
				if p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, " "+tt.path) {
					t.Errorf("got %s, want %d:%d and path %s", p, tt.line, tt.col, tt.path)
				}
				return
			}
			t.Errorf("no %s in %v", tt.code, codes(r))
		})
	}
}
