package datafile

import (
	"bytes"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

var fuzzNames = []string{"f.jsonl", "f.csv", "f.parquet", "f.json"}

// checkInvariants validates data as name and checks what must hold for any
// input: no panic, a bounded and well-formed report, and the same report
// whatever the reads look like and whether or not the size is known.
func checkInvariants(t *testing.T, name string, data []byte) {
	t.Helper()
	r := Validate(bytes.NewReader(data), name, int64(len(data)), Options{})
	errs := 0
	for i, p := range r.Problems {
		if p.Code == "" || p.Message == "" || !knownSeverity(p.Severity) || p.Line < 0 || p.Column < 0 || p.Row < 0 {
			t.Fatalf("malformed problem %d: %#v", i, p)
		}
		if p.Column > 0 && p.Line == 0 {
			t.Fatalf("column without line: %#v", p)
		}
		if p.Severity == lint.Error {
			errs++
		}
		if p.Code == CodeErrorsSuppressed && i != len(r.Problems)-1 {
			t.Fatalf("suppressed note is not last: %v", codes(r))
		}
	}
	if errs > DefaultMaxErrors {
		t.Fatalf("%d errors shown", errs)
	}
	if (r.Suppressed > 0) != (len(r.Problems) > 0 && r.Problems[len(r.Problems)-1].Code == CodeErrorsSuppressed) {
		t.Fatalf("suppressed %d but problems %v", r.Suppressed, codes(r))
	}
	if r.Rows < -1 {
		t.Fatalf("rows %d", r.Rows)
	}
	physical := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) - bytes.Count(data, []byte("\r\n")) + 1
	for _, p := range r.Problems {
		if p.Line > physical {
			t.Fatalf("line %d past the %d lines of the file: %v", p.Line, physical, p)
		}
	}

	all := Validate(bytes.NewReader(data), name, int64(len(data)), Options{MaxErrors: -1})
	allErrs := 0
	for _, p := range all.Problems {
		if p.Severity == lint.Error {
			allErrs++
		}
	}
	if FormatOf(name) == FormatParquet {
		// Like the upload, a Parquet check stops reading at its last shown
		// error, and a stream gets the closing magic checked only.
		checkParquet(t, data, r, all, allErrs, errs)
		return
	}
	if allErrs != errs+r.Suppressed {
		t.Fatalf("unlimited run found %d errors, capped run %d shown + %d suppressed", allErrs, errs, r.Suppressed)
	}

	// Short reads exercise every buffer boundary.
	one := Validate(iotest.OneByteReader(bytes.NewReader(data)), name, int64(len(data)), Options{})
	if !sameResult(r, one) {
		t.Fatalf("one byte at a time differs:\n%v\n%v", r.Problems, one.Problems)
	}
	if len(data) > 0 {
		unsized := Validate(iotest.HalfReader(bytes.NewReader(data)), name, -1, Options{})
		if !sameResult(r, unsized) {
			t.Fatalf("unknown size differs:\n%v\n%v", r.Problems, unsized.Problems)
		}
	}
}

func checkParquet(t *testing.T, data []byte, r, all Result, allErrs, errs int) {
	t.Helper()
	if allErrs < errs || r.Suppressed != 0 {
		t.Fatalf("unlimited run found %d errors, capped run %d shown + %d suppressed", allErrs, errs, r.Suppressed)
	}
	for _, p := range all.Problems {
		if strings.Contains(p.Message, "reader failed") {
			t.Fatalf("the Parquet reader panicked: %v", p)
		}
	}
	if len(data) == 0 {
		return
	}
	stream := Validate(iotest.HalfReader(bytes.NewReader(data)), "f.parquet", -1, Options{})
	if !stream.Valid() && r.Valid() {
		t.Fatalf("the stream is refused but the file is not:\n%v\n%v", stream.Problems, r.Problems)
	}
}

func sameResult(a, b Result) bool {
	return a.Rows == b.Rows && a.Mode == b.Mode && a.Suppressed == b.Suppressed && slices.Equal(a.Problems, b.Problems)
}

func TestRandomBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	alphabet := []byte("{}[]\",:\\ \t\r\n0123456789-+.eEtrufalsnNIy\x00\x0b\x1c\xc2\xa0\xef\xbb\xbf\xff\xed\xa0\x80metadata_user_prompt_ground_truth")
	n := 1500
	if testing.Short() || raceEnabled {
		n = 200
	}
	for i := 0; i < n; i++ {
		size := rng.IntN(600)
		data := make([]byte, size)
		for j := range data {
			if rng.IntN(4) == 0 {
				data[j] = byte(rng.IntN(256))
			} else {
				data[j] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		for _, name := range fuzzNames {
			checkInvariants(t, name, data)
		}
	}
}

func TestMutatedFiles(t *testing.T) {
	seeds := []string{
		lines(pr, `{"user_prompt":"u\u00e9","ground_truth":[1,2.5,{"x":null}]}`, pr, pr),
		lines(mrow(`{"k":1,"a":[1,"x"],"o":{"p":true}}`), mrow(`"{\"k\":2}"`), mrow(`{"k":99999999999999999999}`), mrow(`{}`)),
		lines("system_prompt,user_prompt,ground_truth,metadata", `s,"u, ""q""",g,"{""k"":1}"`, "s,\"multi\nline\",g,{}", "s,u,g,", "s,u"),
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, seed := range seeds {
		n := 300
		if raceEnabled {
			n = 60
		}
		for i := 0; i < n; i++ {
			data := []byte(seed)
			for k := rng.IntN(4) + 1; k > 0; k-- {
				switch p := rng.IntN(len(data)); rng.IntN(3) {
				case 0:
					data[p] = byte(rng.IntN(256))
				case 1:
					data = append(data[:p], data[p+1:]...)
				default:
					data = slices.Insert(data, p, data[rng.IntN(len(data))])
				}
				if len(data) == 0 {
					break
				}
			}
			checkInvariants(t, "m.jsonl", data)
			checkInvariants(t, "m.csv", data)
		}
	}
}

func TestHostileInputs(t *testing.T) {
	big := func(n int, s string) string { return strings.Repeat(s, n) }
	tests := []struct {
		name    string
		file    string
		content string
		want    []string
	}{
		{"10 MB string value", "h.jsonl", lines(`{"user_prompt":"`+big(10<<20, "x")+`","ground_truth":"g"}`, pr, pr, pr), nil},
		{"10 MB key", "h.jsonl", lines(`{"`+big(10<<20, "k")+`":1}`, pr, pr, pr), []string{"missing-columns:1", "fields-differ:2", "fields-differ:3", "fields-differ:4"}},
		{"10 MB of non-ASCII", "h.jsonl", lines(`{"user_prompt":"`+big(1<<20, "東京éé")+`","ground_truth":"g"}`, pr, pr, pr), nil},
		{"10 MB of non-ASCII after a syntax error", "h.jsonl", lines("x"+big(1<<20, "東京éé"), pr, pr, pr), []string{"invalid-json:1"}},
		{"long non-ASCII CSV fields", "h.csv", lines(hdr, "u,"+big(csvFieldLimit, "東"), `"`+big(csvFieldLimit/2, "é\n")+`",g`, "u,g", "u,g"), nil},
		{"16 MB line without a newline", "h.jsonl", big(16<<20, "a"), []string{"invalid-json:1", "too-few-rows:0"}},
		{"a million brackets", "h.jsonl", big(1e6, "["), []string{"nesting-too-deep:1", "too-few-rows:0"}},
		{"a million objects deep", "h.jsonl", big(1e6, `{"a":`), []string{"nesting-too-deep:1", "too-few-rows:0"}},
		{"deep metadata string", "h.jsonl", mrows(`"` + big(1e5, "[") + `"`), []string{"nesting-too-deep:1"}},
		{"deep metadata object", "h.jsonl", mrows(big(1400, `{"a":`) + "1" + big(1400, "}")), []string{"metadata-too-deep:1"}},
		{"NULs", "h.jsonl", big(1<<20, "\x00"), []string{"invalid-json:1", "too-few-rows:0"}},
		{"NULs as CSV", "h.csv", big(1<<20, "\x00"), []string{"csv-field-too-large:1"}},
		{"NUL lines as CSV", "h.csv", big(1<<16, "\x00\n"), []string{"missing-columns:1"}},
		{"a million header fields", "h.csv", big(1e6, ",") + "\n", []string{"missing-columns:1", "too-few-rows:0"}},
		{"10 MB quoted field", "h.csv", lines(hdr, `u,"`+big(10<<20, "x")+`"`), []string{"csv-field-too-large:2"}},
		{"a million blank lines", "h.jsonl", big(1e6, "\n"), []string{"too-few-rows:0"}},
		{"a million lone CRs in CSV", "h.csv", hdr + big(1e6, "\r"), []string{"csv-field-count:2", "csv-field-count:3", "csv-field-count:4", "csv-field-count:5", "csv-field-count:6", "errors-suppressed:0"}},
		{"unclosed quote over 1 MB", "h.csv", lines(hdr, "u,g", `"`+big(1<<20/4, "ab\n")), []string{"csv-field-too-large:3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Validate(strings.NewReader(tt.content), tt.file, int64(len(tt.content)), Options{})
			wantCodes(t, r, tt.want...)
		})
	}
}

// TestFlatMemory checks that memory does not grow with the file: validating
// eight times more rows allocates about the same.
func TestFlatMemory(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("reads 100 MB; allocation counts are what matter, not races")
	}
	for _, kind := range []string{"prompt", "metadata", "csv"} {
		block, _ := workload(kind)
		measure := func(blocks int) uint64 {
			header := ""
			if kind == "csv" {
				header = "system_prompt,user_prompt,ground_truth,metadata\n"
			}
			total := int64(blocks * len(block))
			r := io.MultiReader(strings.NewReader(header), &repeatReader{block: block, left: total})
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			res := Validate(r, "data."+map[bool]string{true: "csv", false: "jsonl"}[kind == "csv"], -1, Options{})
			runtime.ReadMemStats(&after)
			if !res.Valid() {
				t.Fatalf("%s: %v", kind, res.Problems)
			}
			return after.TotalAlloc - before.TotalAlloc
		}
		small, large := measure(1), measure(8)
		t.Logf("%s: %d KiB allocated for 4 MB, %d KiB for 32 MB", kind, small>>10, large>>10)
		if large > small+256<<10 {
			t.Errorf("%s: allocation grows with the file: %d -> %d bytes", kind, small, large)
		}
	}
}

func TestFormatProblemsReadable(t *testing.T) {
	// Messages never carry raw control characters or invalid UTF-8 from the
	// file.
	content := lines(`{"user_prompt":"u","ground_truth":"g","`+"\\u0001\\ud800"+`":1}`, pr, pr, pr)
	r := check("x.jsonl", content)
	for _, p := range r.Problems {
		for _, c := range p.Message {
			if c < 0x20 || c == 0xFFFD {
				t.Errorf("message %q carries %U", p.Message, c)
			}
		}
	}
	if len(r.Problems) == 0 {
		t.Fatal("expected fields-differ problems")
	}
}

func TestRowCaptureLimits(t *testing.T) {
	defer func(c, n int) { maxCapture, maxNodes = c, n }(maxCapture, maxNodes)
	maxCapture, maxNodes = 64, 8

	t.Run("keys", func(t *testing.T) {
		long := `{"user_prompt":"u","ground_truth":"g","` + strings.Repeat("k", 80) + `":1,"after":2}`
		r := check("data.jsonl", lines(pr, long, pr, pr))
		wantCodes(t, r, "row-too-large:2")
		if r.Problems[0].Severity != lint.Warning {
			t.Errorf("severity %v", r.Problems[0].Severity)
		}
		// As the first row it cannot set the key set; the next row does.
		r = check("data.jsonl", lines(long, pr, pr, pr, `{"x":1}`))
		wantCodes(t, r, "row-too-large:1", "fields-differ:5")
	})
	t.Run("metadata keys", func(t *testing.T) {
		long := mrow(`{"a":{"` + strings.Repeat("k", 80) + `":1},"b":2}`)
		wantCodes(t, check("data.jsonl", lines(mrow(`{"a":{"x":1}}`), long, mrow(`{"a":{"x":1}}`), mrow(`{"a":{"x":1}}`))), "row-too-large:2")
	})
	t.Run("metadata string", func(t *testing.T) {
		long := mrow(`"{\"k\":\"` + strings.Repeat("v", 80) + `\"}"`)
		wantCodes(t, check("data.jsonl", lines(long, long, long, long)), "row-too-large:1", "row-too-large:2", "row-too-large:3", "row-too-large:4")
	})
	t.Run("metadata values", func(t *testing.T) {
		many := mrow(`{"a":[1,2,3,4,5,6,7,8,9]}`)
		wantCodes(t, check("data.jsonl", lines(many, many, many, many)), "row-too-large:1", "row-too-large:2", "row-too-large:3", "row-too-large:4")
		cell := `"{""a"":[1,2,3,4,5,6,7,8,9]}"`
		wantCodes(t, check("data.csv", lines("metadata", cell, cell, cell, cell)), "row-too-large:2", "row-too-large:3", "row-too-large:4", "row-too-large:5")
	})
}

func knownSeverity(s lint.Severity) bool {
	return s == lint.Error || s == lint.Warning || s == lint.Info
}
