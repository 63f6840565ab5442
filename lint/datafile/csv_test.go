package datafile

import (
	"strings"
	"testing"
)

const hdr = "user_prompt,ground_truth"

func TestCSVRules(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    []string // "code:line"
	}{
		{"valid", lines(hdr, "u,g", "u,g", "u,g", "u,g"), nil},
		{"no final newline", hdr + "\nu,g\nu,g\nu,g\nu,g", nil},
		{"CRLF", strings.ReplaceAll(lines(hdr, "u,g", "u,g", "u,g", "u,g"), "\n", "\r\n"), nil},
		{"lone CR", strings.ReplaceAll(lines(hdr, "u,g", "u,g", "u,g", "u,g"), "\n", "\r"), nil},
		{"extra columns", lines("system_prompt,user_prompt,ground_truth,extra", "s,u,g,e", "s,u,g,e", "s,u,g,e", "s,u,g,e"), nil},
		{"label alias", lines("user_prompt,label", "u,g", "u,g", "u,g", "u,g"), nil},
		{"quoted fields", lines(hdr, `"a, b","say ""hi"""`, `"",""`, `u,"g"`, `"u",g`), nil},
		{"line breaks in quotes", lines(hdr, "\"line 1\nline 2\",g", "\"a\r\nb\",g", "\"a\rb\",g", "u,g"), nil},
		{"quote inside an unquoted field", lines(hdr, `u"x,g`, `u,g"`, "u,g", "u,g"), nil},
		{"text after a closing quote", lines(hdr, `"ab"cd,g`, `"a""b"c,g`, "u,g", "u,g"), nil},
		{"spaces are kept", lines(hdr, " u , g ", "u,g", "u,g", "u,g"), nil},
		{"NUL is text", lines(hdr, "u\x00,g", "u,g", "u,g", "u,g"), nil},
		{"non-ASCII", lines(hdr, "東京,é", "u,😀", "u,g", "u,g"), nil},
		{"repeated header names", lines("user_prompt,ground_truth,x,x", "u,g,1,2", "u,g,1,2", "u,g,1,2", "u,g,1,2"), nil},

		{"missing both columns", lines("foo,bar", "1,2", "1,2", "1,2", "1,2"), []string{"missing-columns:1"}},
		{"missing one column", lines("user_prompt", "u", "u", "u", "u"), []string{"missing-columns:1"}},
		{"header names are exact", lines(" user_prompt,ground_truth", "u,g", "u,g", "u,g", "u,g"), []string{"missing-columns:1"}},
		{"quoted header names", lines(`"user_prompt","ground_truth"`, "u,g", "u,g", "u,g", "u,g"), nil},

		{"short row", lines(hdr, "u,g", "u", "u,g", "u,g"), []string{"csv-field-count:3"}},
		{"long row", lines(hdr, "u,g", "u,g", "u,g,x", "u,g"), []string{"csv-field-count:4"}},
		{"trailing comma is a field", lines(hdr, "u,g,", "u,g", "u,g", "u,g"), []string{"csv-field-count:2"}},
		{"comma at the very end", hdr + "\nu,g\nu,g\nu,g\nu,", nil},
		{"blank line is a row with no fields", lines(hdr, "u,g", "", "u,g", "u,g", "u,g"), []string{"csv-field-count:3"}},
		{"blank line at the end", lines(hdr, "u,g", "u,g", "u,g", "u,g") + "\n", []string{"csv-field-count:6"}},
		{"CRLF blank line", "user_prompt,ground_truth\r\nu,g\r\n\r\nu,g\r\nu,g\r\nu,g\r\n", []string{"csv-field-count:3"}},
		{"lines shift after a quoted line break", lines(hdr, "\"a\nb\nc\",g", "u", "u,g", "u,g"), []string{"csv-field-count:5"}},
		{"unclosed quote runs to the end", lines(hdr, "u,g", "u,g", "u,g", `u,"g`, "u,g", "u,g"), nil},
		{"unclosed quote leaves too few rows", lines(hdr, "u,g", `u,"g`, "u,g", "u,g"), []string{"too-few-rows:0"}},
		{"unclosed quote swallowing fields", lines(hdr, "u,g", "u,g", "u,g", `"u,g`, "u,g"), []string{"csv-field-count:5"}},

		{"too few rows", lines(hdr, "u,g", "u,g", "u,g"), []string{"too-few-rows:0"}},
		{"header only", hdr, []string{"too-few-rows:0"}},
		{"blank first line is an empty header", lines("", "u,g", "", "", ""), []string{"missing-columns:1", "csv-field-count:2"}},
		{"everything at once", lines("foo,bar", "1,2", "1"), []string{"missing-columns:1", "csv-field-count:3", "too-few-rows:0"}},

		{"BOM", "\uFEFF" + lines(hdr, "u,g", "u,g", "u,g", "u,g"), []string{"byte-order-mark:1", "missing-columns:1"}},
		{"BOM before another first column", "\uFEFF" + lines("system_prompt,user_prompt,ground_truth", "s,u,g", "s,u,g", "s,u,g", "s,u,g"), []string{"byte-order-mark:1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCodes(t, check("data.csv", tt.content), tt.want...)
		})
	}
}

func TestCSVRowNumbers(t *testing.T) {
	// Rows are records (the header is row 1); lines are physical lines.
	content := lines(hdr, "\"multi\nline\",g", "u,g", "\"a\r\nb\rc\",g", "bad", "u,g")
	r := check("data.csv", content)
	wantCodes(t, r, "csv-field-count:8")
	p := r.Problems[0]
	if p.Row != 5 || !strings.Contains(p.Message, "row 5 has 1 field; the header has 2") {
		t.Errorf("row %d, message %q", p.Row, p.Message)
	}
	if r.Rows != 5 || r.Mode != ModePrompt {
		t.Errorf("rows %d mode %v", r.Rows, r.Mode)
	}
}

func TestCSVFieldLimit(t *testing.T) {
	tests := []struct {
		name  string
		field string
		want  []string
	}{
		{"ASCII at the limit", strings.Repeat("x", csvFieldLimit), nil},
		{"ASCII past the limit", strings.Repeat("x", csvFieldLimit+1), []string{"csv-field-too-large:3"}},
		{"characters, not bytes", strings.Repeat("é", csvFieldLimit), nil},
		{"multi-byte past the limit", strings.Repeat("東", csvFieldLimit+1), []string{"csv-field-too-large:3"}},
		{"quoted at the limit", `"` + strings.Repeat(`""`, csvFieldLimit) + `"`, nil},
		{"quoted past the limit", `"` + strings.Repeat("\n", csvFieldLimit+1) + `"`, []string{"csv-field-too-large:3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check("data.csv", lines(hdr, "u,g", "u,"+tt.field, "u,g", "u,g", "u,g"))
			wantCodes(t, r, tt.want...)
			if tt.want != nil && r.Rows != -1 {
				t.Errorf("rows = %d; validation should stop", r.Rows)
			}
		})
	}
}

func TestCSVInvalidUTF8(t *testing.T) {
	tests := []struct {
		name      string
		content   string
		line, col int
	}{
		{"in a data row", lines(hdr, "u,g", "u,g\xff", "u,g", "u,g"), 3, 4},
		{"in the header", "user_prompt\xc3,ground_truth\nu,g\n", 1, 12},
		{"in a quoted field after a line break", lines(hdr, "\"a\nb\xff\",g", "u,g"), 3, 2},
		{"after earlier errors", lines(hdr, "u", "\xff"), 3, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check("data.csv", tt.content)
			var got *Problem
			for i := range r.Problems {
				if r.Problems[i].Code == CodeInvalidUTF8 {
					got = &r.Problems[i]
				}
			}
			if got == nil || got.Line != tt.line || got.Column != tt.col {
				t.Fatalf("problems %v, want invalid-utf8 at %d:%d", r.Problems, tt.line, tt.col)
			}
			if last := r.Problems[len(r.Problems)-1]; last.Code != CodeInvalidUTF8 {
				t.Errorf("validation went on after the encoding error: %v", codes(r))
			}
		})
	}
}

func TestCSVMissingColumnsMessage(t *testing.T) {
	r := check("data.csv", lines("foo", "1", "1", "1", "1"))
	msg := r.Problems[0].Message
	for _, want := range []string{`"metadata"`, `missing: "ground_truth", "user_prompt"`, `"label"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if p := r.Problems[0]; p.Line != 1 || p.Row != 1 {
		t.Errorf("position %d/%d", p.Line, p.Row)
	}
}
