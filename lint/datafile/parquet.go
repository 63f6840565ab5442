package datafile

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// Parquet as the upload validates it with pyarrow (the CLI's `parquet`
// extra): the footer is read from the end of the file (the leading "PAR1"
// is never looked at); a file without columns or rows is refused; the
// top-level column names select the schema mode as a header does; fewer
// than MinRows rows is refused; and a "metadata" column must be a struct
// or a string column whose every row is a JSON object, checked row by row
// as in JSONL, stopping after the first errors.

// parquet checks a Parquet file. Its content needs random access: from a
// stream (no io.ReaderAt, or an unknown size) only the closing magic is
// checked.
func (v *validator) parquet(r io.Reader, size int64) {
	ra, ok := r.(io.ReaderAt)
	if !ok || size < 0 {
		v.parquetStream(r, size)
		return
	}
	defer func() {
		// The decoders are a library's: whatever it does on a file it did
		// not expect, the file gets a finding, not the process a panic.
		if p := recover(); p != nil {
			v.add(Problem{Code: CodeParquetNotChecked, Severity: lint.Warning,
				Message: fmt.Sprintf("the Parquet reader failed on this file (%v); its content was not checked", p)})
		}
	}()
	f, err := openParquet(ra, size)
	if err != nil {
		v.parquetError(err)
		return
	}
	defer f.close()
	cols := len(f.leaves)
	rows := f.md.NumRows
	switch {
	case cols == 0:
		v.add(Problem{Code: CodeParquetNoColumns, Severity: lint.Error, Message: "the Parquet file has no columns"})
		return
	case rows == 0:
		v.add(Problem{Code: CodeParquetNoRows, Severity: lint.Error, Message: "the Parquet file has no rows"})
		return
	}
	if rows > 0 {
		v.res.Rows = rows
	}
	names := f.topNames()
	mode, missing := requiredColumns(func(s string) bool { return slices.Contains(names, s) })
	v.res.Mode = mode
	if len(missing) > 0 {
		v.add(Problem{Code: CodeMissingColumns, Severity: lint.Error, Message: missingColumnsMessage("the Parquet file", missing)})
	}
	if rows < MinRows {
		v.add(Problem{Code: CodeTooFewRows, Severity: lint.Error,
			Message: fmt.Sprintf("the dataset has %d data %s; the upload needs at least %d", rows, plural(rows, "row", "rows"), MinRows)})
	}
	if mode == ModeMetadata {
		v.parquetMetadata(f, names)
	}
}

// parquetError reports why a file could not be read.
func (v *validator) parquetError(err error) {
	var c *pqCorrupt
	var s *pqSkip
	switch {
	case errors.As(err, &c):
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error, Message: "not a Parquet file the upload can read: " + c.msg})
	case errors.As(err, &s):
		v.add(Problem{Code: CodeParquetNotChecked, Severity: lint.Warning, Message: "the Parquet content was not checked: " + s.msg})
	default:
		v.add(Problem{Code: CodeReadError, Severity: lint.Error, Message: fmt.Sprintf("reading the file failed: %v", err)})
	}
}

// parquetMetadata checks the metadata column: its type, then its rows.
func (v *validator) parquetMetadata(f *pqFile, names []string) {
	if i := slices.Index(names, "metadata"); slices.Index(names[i+1:], "metadata") >= 0 {
		v.add(Problem{Code: CodeMetadataColumnType, Severity: lint.Error,
			Message: "the Parquet file has two columns named \"metadata\"; the upload's check cannot pick one and fails"})
		return
	}
	node := &f.nodes[f.nodes[0].children[slices.Index(names, "metadata")]]
	kind, desc := metadataType(node)
	switch kind {
	case metaOther:
		v.add(Problem{Code: CodeMetadataColumnType, Severity: lint.Error,
			Message: "the metadata column is " + desc + "; the upload takes a struct or a string column holding a JSON object per row"})
		return
	case metaUnknown:
		v.add(Problem{Code: CodeParquetNotChecked, Severity: lint.Info,
			Message: "the metadata column is " + desc + ", whose Arrow type is not known here; its rows were not checked"})
		return
	}
	if node.firstLeaf < 0 {
		return
	}
	var err error
	if kind == metaString {
		err = v.parquetStrings(f, node)
	} else {
		err = v.parquetStructs(f, node)
	}
	if err != nil {
		v.parquetError(err)
	}
}

// parquetStrings checks each row of a string metadata column as a JSON
// document, as the upload does with json.loads.
func (v *validator) parquetStrings(f *pqFile, node *pqNode) error {
	m := newMetadataChecker(v)
	first := int64(0)
	for g := range f.md.RowGroups {
		var stop error
		err := f.scanColumn(g, node.firstLeaf, first, valuesBytes, func(e pqEntry) bool {
			w := where{row: int(e.row + 1)}
			if int(e.def) < node.maxDef {
				m.checkMissing(w, "null")
			} else if !utf8.Valid(e.bytes) {
				stop = corruptf("row %d of the metadata column is not valid UTF-8", e.row+1)
				return false
			} else {
				m.checkString(e.bytes, w)
			}
			return v.wantError()
		})
		if err == nil {
			err = stop
		}
		if err != nil || !v.wantError() {
			return err
		}
		first += f.md.RowGroups[g].NumRows
	}
	return nil
}

// parquetStructs checks a struct metadata column: a null row is missing
// metadata, and an unsigned 64-bit value past the int64 range is an integer
// the platform cannot store. Nothing else can fail: a struct has keys, and
// its fields keep one type in every row.
func (v *validator) parquetStructs(f *pqFile, node *pqNode) error {
	var uint64Cols []int
	for c := node.firstLeaf; c < node.firstLeaf+f.leafCount(node); c++ {
		if unsignedInt64(&f.nodes[f.leaves[c]]) {
			uint64Cols = append(uint64Cols, c)
		}
	}
	first := int64(0)
	for g := range f.md.RowGroups {
		// The first rows of this group with an error, and which: null
		// metadata wins over a large integer, as the upload checks it first.
		bad := map[int64]Code{}
		limit := max(v.maxErrors-v.errs, 1)
		if node.maxDef > 0 { // an optional struct: a row may be null
			// The first leaf's entry that starts a row is below the
			// struct's level exactly when the struct is null.
			err := f.scanColumn(g, node.firstLeaf, first, valuesNone, func(e pqEntry) bool {
				if int(e.def) < node.maxDef {
					bad[e.row] = CodeMetadataMissing
				}
				return len(bad) < limit
			})
			if err != nil {
				return err
			}
		}
		for _, c := range uint64Cols {
			leaf := &f.nodes[f.leaves[c]]
			n := 0
			err := f.scanColumn(g, c, first, valuesInt64, func(e pqEntry) bool {
				if int(e.def) == leaf.maxDef && uint64(e.i64) > math.MaxInt64 {
					if _, seen := bad[e.row]; !seen {
						bad[e.row] = CodeMetadataIntRange
						n++
					}
				}
				return n < limit
			})
			if err != nil {
				return err
			}
		}
		rows := make([]int64, 0, len(bad))
		for r := range bad {
			rows = append(rows, r)
		}
		slices.Sort(rows)
		for _, r := range rows {
			if !v.wantError() {
				return nil
			}
			if bad[r] == CodeMetadataMissing {
				v.add(Problem{Code: CodeMetadataMissing, Severity: lint.Error, Row: int(r + 1),
					Message: "metadata is null; in metadata mode every row needs a non-empty JSON object"})
			} else {
				v.add(Problem{Code: CodeMetadataIntRange, Severity: lint.Error, Row: int(r + 1),
					Message: "metadata has an unsigned integer past the signed 64-bit range (above 9223372036854775807), which the platform cannot store"})
			}
		}
		first += f.md.RowGroups[g].NumRows
	}
	return nil
}

// leafCount counts the leaves below a node.
func (f *pqFile) leafCount(g *pqNode) int {
	if !g.group {
		return 1
	}
	n := 0
	stack := slices.Clone(g.children)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c := &f.nodes[i]; c.group {
			stack = append(stack, c.children...)
		} else {
			n++
		}
	}
	return n
}

// parquetStream checks what a stream allows: the closing magic.
func (v *validator) parquetStream(r io.Reader, size int64) {
	tail, total, err := parquetTail(r, size)
	if err != nil {
		v.add(Problem{Code: CodeReadError, Severity: lint.Error, Message: fmt.Sprintf("reading the end of the file failed: %v", err)})
		return
	}
	if size < 0 && total == 0 {
		v.add(Problem{Code: CodeEmptyFile, Severity: lint.Error, Message: "the file is empty; a dataset needs at least a header or first row and 4 data rows"})
		return
	}
	if total > MaxFileSize {
		v.add(Problem{Code: CodeFileTooLarge, Severity: lint.Error,
			Message: fmt.Sprintf("the file is %s (%d bytes); the upload takes at most 5 GiB (%d bytes)", humanSize(total), total, MaxFileSize)})
		return
	}
	switch {
	case total < 12:
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error,
			Message: fmt.Sprintf("not a Parquet file the upload can read: the file is %d bytes, too small for Parquet (at least 12: magic, footer, footer length, magic)", total)})
	case string(tail) == "PARE":
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error,
			Message: "not a Parquet file the upload can read: the footer is encrypted (it ends with \"PARE\"); the upload's reader has no key to read it"})
	case string(tail) != "PAR1":
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error,
			Message: fmt.Sprintf("not a Parquet file the upload can read: the file does not end with the Parquet magic bytes \"PAR1\" (found %q); it is truncated or not a Parquet file", tail)})
	default:
		v.add(Problem{Code: CodeParquetNotChecked, Severity: lint.Info,
			Message: "the Parquet file ends with its magic bytes; its columns, rows and metadata were not checked (they need random access to the file)"})
	}
}

// parquetTail returns the last four bytes and the file size, seeking when
// r allows it and streaming through the file otherwise.
func parquetTail(r io.Reader, size int64) (tail []byte, total int64, err error) {
	if sk, ok := r.(io.Seeker); ok && size >= 4 {
		tail = make([]byte, 4)
		if _, err := sk.Seek(size-4, io.SeekStart); err != nil {
			return nil, 0, errors.New("cannot seek to the end of the file")
		}
		if _, err := io.ReadFull(r, tail); err != nil {
			return nil, 0, err
		}
		return tail, size, nil
	}
	last := make([]byte, 0, 4)
	buf := make([]byte, 64<<10)
	for {
		n, rerr := r.Read(buf)
		if n > 0 {
			total += int64(n)
			if n >= 4 {
				last = append(last[:0], buf[n-4:n]...)
			} else {
				last = append(last, buf[:n]...)
				if len(last) > 4 {
					last = last[len(last)-4:]
				}
			}
		}
		if rerr != nil {
			if errors.Is(rerr, io.EOF) {
				return last, total, nil
			}
			return nil, 0, rerr
		}
		if total > MaxFileSize {
			return last, total, nil
		}
	}
}
