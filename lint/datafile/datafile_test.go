package datafile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// check validates content as a file called name, reporting every error.
func check(name, content string) Result {
	return Validate(strings.NewReader(content), name, int64(len(content)), Options{MaxErrors: -1})
}

// codes renders a result's problems as "code:line" for comparison.
func codes(r Result) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, string(p.Code)+":"+strconv.Itoa(p.Line))
	}
	return out
}

func wantCodes(t *testing.T, r Result, want ...string) {
	t.Helper()
	got := codes(r)
	if !slices.Equal(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
		for _, p := range r.Problems {
			t.Logf("  %s", p)
		}
	}
}

// lines joins rows with "\n" and ends the file with one.
func lines(rows ...string) string { return strings.Join(rows, "\n") + "\n" }

func repeat(row string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = row
	}
	return out
}

// failReader fails the test if anything reads it.
type failReader struct{ t *testing.T }

func (f failReader) Read([]byte) (int, error) {
	f.t.Error("the file was read")
	return 0, io.EOF
}

func TestFormatOf(t *testing.T) {
	tests := []struct {
		name string
		want Format
	}{
		{"data/train.jsonl", FormatJSONL},
		{"TRAIN.JSONL", FormatJSONL},
		{"agent.eval.v2.jsonl", FormatJSONL},
		{"a.csv", FormatCSV},
		{"a.Parquet", FormatParquet},
		{"a.json", FormatJSON},
		{"a.txt", FormatUnknown},
		{".jsonl", FormatUnknown}, // a dot file has no extension
		{"a.jsonl.", FormatUnknown},
		{"a.jsonl.gz", FormatUnknown},
		{"dir.csv/readme", FormatUnknown},
		{"noext", FormatUnknown},
	}
	for _, tt := range tests {
		if got := FormatOf(tt.name); got != tt.want {
			t.Errorf("FormatOf(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFileRules(t *testing.T) {
	t.Run("json refused", func(t *testing.T) {
		r := Validate(failReader{t}, "data/rows.json", 100, Options{})
		wantCodes(t, r, "unsupported-extension:0")
		if r.Problems[0].Severity != lint.Warning || !r.Valid() || r.Rows != -1 {
			t.Errorf("got %+v", r)
		}
		if !strings.Contains(r.Problems[0].Message, ".jsonl") {
			t.Errorf("message should point to .jsonl: %s", r.Problems[0].Message)
		}
	})
	t.Run("other extension", func(t *testing.T) {
		r := Validate(failReader{t}, "notes.TXT", 100, Options{})
		wantCodes(t, r, "unsupported-extension:0")
		if !strings.Contains(r.Problems[0].Message, `".txt"`) {
			t.Errorf("message: %s", r.Problems[0].Message)
		}
	})
	t.Run("empty", func(t *testing.T) {
		for _, name := range []string{"a.jsonl", "a.csv", "a.parquet"} {
			r := Validate(failReader{t}, name, 0, Options{})
			wantCodes(t, r, "empty-file:0")
		}
	})
	t.Run("extension before emptiness", func(t *testing.T) {
		wantCodes(t, Validate(failReader{t}, "a.json", 0, Options{}), "unsupported-extension:0")
	})
	t.Run("too large, not read", func(t *testing.T) {
		for _, name := range []string{"a.jsonl", "a.csv", "a.parquet"} {
			r := Validate(failReader{t}, name, MaxFileSize+1, Options{})
			wantCodes(t, r, "file-too-large:0")
			if !strings.Contains(r.Problems[0].Message, "5.0 GiB") {
				t.Errorf("message: %s", r.Problems[0].Message)
			}
		}
	})
	t.Run("exactly the limit", func(t *testing.T) {
		content := lines(repeat(`{"user_prompt":"u","ground_truth":"g"}`, 4)...)
		r := Validate(strings.NewReader(content), "a.jsonl", MaxFileSize, Options{})
		wantCodes(t, r)
	})
	t.Run("unknown size", func(t *testing.T) {
		r := Validate(strings.NewReader(""), "a.jsonl", -1, Options{})
		wantCodes(t, r, "empty-file:0")
		r = Validate(strings.NewReader(""), "a.csv", -1, Options{})
		wantCodes(t, r, "empty-file:0")
		content := lines(repeat(`{"user_prompt":"u","ground_truth":"g"}`, 4)...)
		r = Validate(strings.NewReader(content), "a.jsonl", -1, Options{})
		wantCodes(t, r)
		if r.Rows != 4 {
			t.Errorf("rows = %d", r.Rows)
		}
	})
	t.Run("read error", func(t *testing.T) {
		content := `{"user_prompt":"u","ground_truth":"g"}` + "\n" + `{"user_pro`
		r := Validate(io.MultiReader(strings.NewReader(content), iotest.ErrReader(errors.New("disk on fire"))), "a.jsonl", 1000, Options{})
		wantCodes(t, r, "read-error:2")
		r = Validate(io.MultiReader(strings.NewReader("user_prompt,ground_truth\n1,2\n"), iotest.ErrReader(errors.New("disk on fire"))), "a.csv", 1000, Options{})
		wantCodes(t, r, "read-error:3")
		if !strings.Contains(r.Problems[0].Message, "disk on fire") {
			t.Errorf("message: %s", r.Problems[0].Message)
		}
	})
}

func TestErrorCap(t *testing.T) {
	content := lines(repeat("not json", 10)...)
	r := Validate(strings.NewReader(content), "many.jsonl", int64(len(content)), Options{})
	wantCodes(t, r, "invalid-json:1", "invalid-json:2", "invalid-json:3", "invalid-json:4", "invalid-json:5", "errors-suppressed:0")
	if r.Suppressed != 5 || r.Valid() || r.Rows != 10 {
		t.Errorf("suppressed = %d, valid = %v, rows = %d", r.Suppressed, r.Valid(), r.Rows)
	}
	if last := r.Problems[len(r.Problems)-1]; last.Severity != lint.Info || !strings.Contains(last.Message, "5 more errors") {
		t.Errorf("note: %s", last)
	}

	// Warnings do not use up the budget, and a custom budget applies.
	r = Validate(strings.NewReader(content), "many.jsonl", int64(len(content)), Options{MaxErrors: 2})
	wantCodes(t, r, "invalid-json:1", "invalid-json:2", "errors-suppressed:0")
	if r.Suppressed != 8 {
		t.Errorf("suppressed = %d", r.Suppressed)
	}
	r = Validate(strings.NewReader(content), "many.jsonl", int64(len(content)), Options{MaxErrors: -1})
	if len(r.Problems) != 10 || r.Suppressed != 0 {
		t.Errorf("unlimited: %d problems, %d suppressed", len(r.Problems), r.Suppressed)
	}

	// The too-few-rows error counts against the budget too.
	content = lines(repeat("[]", 3)...)
	r = Validate(strings.NewReader(content), "few.jsonl", int64(len(content)), Options{MaxErrors: 3})
	wantCodes(t, r, "row-not-object:1", "row-not-object:2", "row-not-object:3", "errors-suppressed:0")
	if r.Suppressed != 1 || !strings.Contains(r.Problems[3].Message, "1 more error ") {
		t.Errorf("suppressed = %d: %s", r.Suppressed, r.Problems[3].Message)
	}
}

// TestValidateOpenFile streams an open file, as doctor does with the
// files the workspace's door opens.
func TestValidateOpenFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "train.jsonl")
	content := lines(repeat(`{"user_prompt":"u","ground_truth":"g"}`, 5)...)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := Validate(f, "train.jsonl", int64(len(content)), Options{})
	if !r.Valid() || r.Rows != 5 || r.Format != FormatJSONL || r.Mode != ModePrompt {
		t.Errorf("Validate = %+v", r)
	}
}

func TestProblemString(t *testing.T) {
	p := Problem{Code: CodeInvalidJSON, Severity: lint.Error, Line: 3, Column: 7, Message: "invalid JSON: x"}
	if got, want := p.String(), "3:7: error: invalid JSON: x [invalid-json]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	p = Problem{Code: CodeTooFewRows, Severity: lint.Error, Message: "m"}
	if got, want := p.String(), "error: m [too-few-rows]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if ModeMetadata.String() != "metadata" || FormatParquet.String() != "parquet" {
		t.Error("enum names")
	}
}

func TestHumanSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 5 << 30: "5.0 GiB", 5<<30 + 1<<29: "5.5 GiB", 3 << 40: "3.0 TiB"} {
		if got := humanSize(n); got != want {
			t.Errorf("humanSize(%d) = %q, want %q", n, got, want)
		}
	}
}
