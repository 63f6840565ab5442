// Package datafile checks dataset files the way the Osmosis platform's upload
// validation does, without loading them: JSON Lines and CSV content is read
// once, in a stream, with memory that does not grow with the file; Parquet is
// read as pyarrow reads it: the footer, then the metadata column page by page.
//
// The rules mirror the upload validation of the osmosis CLI: UTF-8 text, a
// header (CSV) or a first object row (JSONL) that selects prompt mode or
// metadata mode, uniform rows, well-formed metadata objects, at least MinRows
// rows and at most MaxFileSize bytes. Where that validation would crash rather
// than answer (invalid UTF-8 in JSONL, very deep nesting, integers too long for
// Python's int parser) a problem is reported too, since the upload fails.
package datafile

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// Limits applied by the upload validation.
const (
	// MaxFileSize is the largest file the platform takes: 5 GiB.
	MaxFileSize int64 = 5 << 30
	// MinRows is the smallest number of data rows a dataset may have.
	MinRows = 4
	// DefaultMaxErrors is how many error problems are reported per file
	// before the rest are only counted, as the upload does.
	DefaultMaxErrors = 5
)

// Format is a dataset file format, chosen by file extension.
type Format uint8

// Formats, from the lower-cased last extension of the file name.
const (
	FormatUnknown Format = iota // any other extension: not a dataset file
	FormatJSONL                 // .jsonl: one JSON object per line
	FormatCSV                   // .csv: a header row and data rows
	FormatParquet               // .parquet: footer, schema, row count and metadata column
	FormatJSON                  // .json: refused by the upload
)

var formatNames = [...]string{"unknown", "jsonl", "csv", "parquet", "json"}

// String returns the format's name, as in its extension.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// FormatOf returns the format a file name selects. Like the CLI, it looks at
// the last extension only, lower-cased; a name that starts with its only dot
// (".jsonl") or ends with a dot has no extension.
func FormatOf(name string) Format {
	switch strings.ToLower(extension(name)) {
	case "jsonl":
		return FormatJSONL
	case "csv":
		return FormatCSV
	case "parquet":
		return FormatParquet
	case "json":
		return FormatJSON
	}
	return FormatUnknown
}

// extension returns the text after the last dot of the base name, following
// Python's PurePath.suffix: no extension when the dot is first or last.
func extension(name string) string {
	base := filepath.Base(name)
	i := strings.LastIndexByte(base, '.')
	if i <= 0 || i == len(base)-1 {
		return ""
	}
	return base[i+1:]
}

// Mode is the schema mode a dataset's columns select.
type Mode uint8

// Schema modes.
const (
	ModeUnknown  Mode = iota // not determined (no header or object row was read)
	ModePrompt               // no metadata column: user_prompt and ground_truth (or label) required
	ModeMetadata             // a metadata column: every row carries a non-empty JSON object
)

var modeNames = [...]string{"unknown", "prompt", "metadata"}

// String returns the mode's name: unknown, prompt or metadata.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// Code identifies the rule a problem comes from. Codes are stable.
type Code string

// Problem codes.
const (
	CodeUnsupportedExtension Code = "unsupported-extension"  // not csv, jsonl or parquet (warning)
	CodeEmptyFile            Code = "empty-file"             // zero bytes
	CodeFileTooLarge         Code = "file-too-large"         // over MaxFileSize
	CodeReadError            Code = "read-error"             // the reader failed
	CodeInvalidUTF8          Code = "invalid-utf8"           // a byte sequence that is not UTF-8
	CodeByteOrderMark        Code = "byte-order-mark"        // a UTF-8 BOM the upload does not skip
	CodeInvalidJSON          Code = "invalid-json"           // a JSONL line that does not parse
	CodeNestingTooDeep       Code = "nesting-too-deep"       // JSON nested deeper than the upload's parser goes
	CodeIntegerTooLong       Code = "integer-too-long"       // an integer literal Python refuses to convert
	CodeRowNotObject         Code = "row-not-object"         // a JSONL line whose value is not an object
	CodeMissingColumns       Code = "missing-columns"        // prompt mode without user_prompt or ground_truth
	CodeFieldsDiffer         Code = "fields-differ"          // a JSONL row's keys differ from the first row's
	CodeCSVNoHeader          Code = "csv-no-header"          // no header row
	CodeCSVFieldCount        Code = "csv-field-count"        // a row with a different number of fields than the header
	CodeCSVFieldTooLarge     Code = "csv-field-too-large"    // a field longer than Python's csv limit
	CodeTooFewRows           Code = "too-few-rows"           // fewer than MinRows data rows
	CodeMetadataMissing      Code = "metadata-missing"       // metadata absent, null or blank
	CodeMetadataInvalidJSON  Code = "metadata-invalid-json"  // a metadata string that does not parse
	CodeMetadataNotObject    Code = "metadata-not-object"    // metadata that is not a JSON object
	CodeMetadataEmpty        Code = "metadata-empty"         // metadata that is {}
	CodeMetadataNestedEmpty  Code = "metadata-nested-empty"  // an empty object inside metadata
	CodeMetadataIntRange     Code = "metadata-int-range"     // an integer outside int64 inside metadata
	CodeMetadataTypeMismatch Code = "metadata-type-mismatch" // a metadata path whose JSON type changes between rows
	CodeMetadataTooDeep      Code = "metadata-too-deep"      // metadata nested deeper than the upload's checks go
	CodeRowTooLarge          Code = "row-too-large"          // a row too large to compare in memory (warning)
	CodeTypeTrackingLimit    Code = "type-tracking-limit"    // too many metadata paths to track them all (info)
	CodeParquetInvalid       Code = "parquet-invalid"        // a Parquet file the upload's reader cannot read
	CodeParquetNotChecked    Code = "parquet-not-checked"    // Parquet content past this reader's limits or means (info, warning)
	CodeParquetNoColumns     Code = "parquet-no-columns"     // a Parquet schema without columns
	CodeParquetNoRows        Code = "parquet-no-rows"        // a Parquet file of zero rows
	CodeMetadataColumnType   Code = "metadata-column-type"   // a Parquet metadata column that is neither a struct nor a string
	CodeErrorsSuppressed     Code = "errors-suppressed"      // errors past Options.MaxErrors (info)
)

// Problem is one finding in a dataset file.
type Problem struct {
	Code     Code
	Severity lint.Severity
	// Line is the 1-based physical line the problem is on (for a CSV record,
	// the line it starts on), or 0 when it concerns the whole file.
	Line int
	// Column is the 1-based byte column within Line, or 0 when the problem
	// concerns the whole line or row.
	Column int
	// Row is the CSV record number as the upload counts it (the header is
	// row 1), the 1-based Parquet row, or 0. JSONL rows are numbered by Line.
	Row int
	// Message says what is wrong, what was found and what is expected.
	Message string
}

// String renders the problem as "line:column: severity: message [code]",
// leaving out the position parts that do not apply.
func (p Problem) String() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "%d:", p.Line)
		if p.Column > 0 {
			fmt.Fprintf(&b, "%d:", p.Column)
		}
		b.WriteByte(' ')
	}
	fmt.Fprintf(&b, "%s: %s [%s]", p.Severity, p.Message, p.Code)
	return b.String()
}

// Result is the outcome of validating one file.
type Result struct {
	Format Format
	Mode   Mode
	// Rows is the number of data rows as the upload counts them: non-blank
	// JSONL lines (valid or not), CSV records after the header, the row count
	// of a Parquet footer. It is -1 when the content was not read (refused
	// extensions, size errors, unreadable Parquet).
	Rows int64
	// Problems in file order, except that file-level ones (too few rows, the
	// suppressed-errors note) come last. At most Options.MaxErrors of them are
	// errors.
	Problems []Problem
	// Suppressed counts the errors found beyond Options.MaxErrors.
	Suppressed int
}

// Valid reports whether the file has no error problem, shown or suppressed.
func (r Result) Valid() bool {
	if r.Suppressed > 0 {
		return false
	}
	for _, p := range r.Problems {
		if p.Severity == lint.Error {
			return false
		}
	}
	return true
}

// Options tune validation. The zero value mirrors the upload.
type Options struct {
	// MaxErrors is how many error problems to report before only counting
	// them; 0 means DefaultMaxErrors, a negative value means no limit.
	MaxErrors int
}

// Validate checks one dataset file. name selects the format (see FormatOf)
// and is not opened; size is the file's size in bytes, or negative when
// unknown (then it is measured while reading). Files over MaxFileSize are not
// read at all. r is read once, to its end at most; when it is also an
// io.ReaderAt or io.Seeker, a Parquet file's trailing magic is read directly.
func Validate(r io.Reader, name string, size int64, opts Options) Result {
	v := newValidator(opts)
	v.res.Format = FormatOf(name)
	v.res.Rows = -1
	switch v.res.Format {
	case FormatJSON:
		v.add(Problem{Code: CodeUnsupportedExtension, Severity: lint.Warning,
			Message: "the upload refuses .json files; write one JSON object per line and name the file .jsonl"})
		return v.finish()
	case FormatUnknown:
		msg := "the file name has no extension; the upload takes .csv, .jsonl and .parquet"
		if ext := extension(name); ext != "" {
			msg = fmt.Sprintf("extension %q is not a dataset format; the upload takes .csv, .jsonl and .parquet", "."+strings.ToLower(ext))
		}
		v.add(Problem{Code: CodeUnsupportedExtension, Severity: lint.Warning, Message: msg})
		return v.finish()
	}
	if size == 0 {
		v.add(Problem{Code: CodeEmptyFile, Severity: lint.Error, Message: "the file is empty; a dataset needs at least a header or first row and 4 data rows"})
		return v.finish()
	}
	if size > MaxFileSize {
		v.add(Problem{Code: CodeFileTooLarge, Severity: lint.Error,
			Message: fmt.Sprintf("the file is %s (%d bytes); the upload takes at most 5 GiB (%d bytes)", humanSize(size), size, MaxFileSize)})
		return v.finish()
	}
	if v.res.Format == FormatParquet {
		v.parquet(r, size)
		return v.finish()
	}
	counter := &countingReader{r: r}
	src := newSource(counter, size)
	if v.res.Format == FormatJSONL {
		v.jsonl(src)
	} else {
		v.csv(src)
	}
	if size < 0 && src.err == nil {
		// The size was unknown: apply the file-level rules to what was read.
		switch {
		case counter.n == 0:
			v.res.Problems, v.tail, v.errs = v.res.Problems[:0], nil, 0
			v.res.Rows, v.res.Mode = -1, ModeUnknown
			v.add(Problem{Code: CodeEmptyFile, Severity: lint.Error, Message: "the file is empty; a dataset needs at least a header or first row and 4 data rows"})
		case counter.n > MaxFileSize:
			v.add(Problem{Code: CodeFileTooLarge, Severity: lint.Error,
				Message: fmt.Sprintf("the file is %s (%d bytes); the upload takes at most 5 GiB (%d bytes)", humanSize(counter.n), counter.n, MaxFileSize)})
		}
	}
	return v.finish()
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// humanSize formats a byte count with binary units, one decimal.
func humanSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}
