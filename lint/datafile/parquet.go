package datafile

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// parquetMagic opens and closes every Parquet file; between the footer and
// the closing magic sits the 4-byte footer length, so a file is at least 12
// bytes.
var parquetMagic = []byte("PAR1")

const parquetMinSize = 12

// parquet checks the magic bytes at both ends. The content (columns, rows,
// metadata) needs a Parquet reader and is not checked; the CLI without
// pyarrow skips it too, with a warning.
func (v *validator) parquet(r io.Reader, size int64) {
	head := make([]byte, 4)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		v.add(Problem{Code: CodeReadError, Severity: lint.Error, Message: fmt.Sprintf("reading the file failed: %v", err)})
		return
	}
	tail, total, err := parquetTail(r, head, size)
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
	case total < parquetMinSize:
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error,
			Message: fmt.Sprintf("the file is %d bytes, too small for Parquet (at least %d: magic, footer length, magic)", total, parquetMinSize)})
	case !bytes.Equal(head, parquetMagic):
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error,
			Message: fmt.Sprintf("the file does not start with the Parquet magic bytes \"PAR1\" (found %q); it is not a Parquet file", head)})
	case !bytes.Equal(tail, parquetMagic):
		v.add(Problem{Code: CodeParquetInvalid, Severity: lint.Error,
			Message: fmt.Sprintf("the file does not end with the Parquet magic bytes \"PAR1\" (found %q); it is truncated, encrypted or not a Parquet file", tail)})
	default:
		v.add(Problem{Code: CodeParquetNotChecked, Severity: lint.Info,
			Message: "the Parquet magic bytes are in place; columns, row count and metadata were not checked (the upload checks them with pyarrow when it is installed)"})
	}
}

// parquetTail returns the last four bytes and the file size, reading the
// tail directly when r allows it and streaming through the file otherwise.
func parquetTail(r io.Reader, head []byte, size int64) (tail []byte, total int64, err error) {
	if size >= 0 && size <= int64(len(head)) {
		return head, int64(len(head)), nil
	}
	if size >= 8 {
		tail = make([]byte, 4)
		if ra, ok := r.(io.ReaderAt); ok {
			if _, err := ra.ReadAt(tail, size-4); err == nil {
				return tail, size, nil
			}
		}
		if sk, ok := r.(io.Seeker); ok {
			if _, err := sk.Seek(size-4, io.SeekStart); err == nil {
				if _, err := io.ReadFull(r, tail); err == nil {
					return tail, size, nil
				}
			}
			// Fall back to reading from wherever the reader is now would
			// be wrong; report the failure instead.
			return nil, 0, errors.New("cannot seek to the end of the file")
		}
	}
	// Stream to the end, keeping the last four bytes.
	last := append(make([]byte, 0, 4), head...)
	total = int64(len(head))
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
