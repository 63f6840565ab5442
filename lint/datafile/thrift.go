package datafile

import "errors"

// A Parquet footer and each page header are Thrift structs in the compact
// protocol. walkThrift checks one before it is decoded: the decoder of
// github.com/parquet-go/parquet-go/encoding/thrift recurses into nested
// values and makes a list of the length it is told, so bytes that nest
// without end or claim a list of two billion structs would exhaust the
// stack or the memory. The walk is iterative and bounded.

const (
	// thriftMaxDepth bounds nesting. The deepest struct of a real footer is
	// five levels down (FileMetaData, RowGroup, ColumnChunk,
	// ColumnMetaData, Statistics).
	thriftMaxDepth = 32
	// thriftMaxContainer is the Parquet reader's default limit on the
	// entries of one list, set or map (thrift_container_size_limit of
	// pyarrow and Arrow C++): a larger one makes the upload's reader fail.
	thriftMaxContainer = 1_000_000
	// thriftStructCost is what a decoded struct of a list may take in
	// memory, an upper bound on the size of the library's format structs
	// (a ColumnChunk, the largest, is 560 bytes on 64-bit platforms).
	thriftStructCost = 640
)

var (
	errThriftShort   = errors.New("thrift: the bytes end inside the struct")
	errThriftCorrupt = errors.New("thrift: not a valid compact-protocol struct")
	errThriftDeep    = errors.New("thrift: nested more than 32 levels deep")
	errThriftLarge   = errors.New("thrift: a list of more than 1,000,000 entries, past the Parquet reader's limit")
)

// walkThrift walks the compact-protocol struct at the start of b and
// returns its length and an upper bound of the memory its lists take once
// decoded. errThriftShort means b ends before the struct does.
func walkThrift(b []byte) (n int, cost int64, err error) {
	type frame struct {
		container bool
		left      int64 // items left in a container
		et, vt    byte  // element types; a map alternates key and value
		isMap     bool
	}
	var stackBuf [thriftMaxDepth + 1]frame
	stack := append(stackBuf[:0], frame{})
	i := 0
	varint := func() (uint64, error) {
		var x uint64
		for shift := uint(0); shift < 64; shift += 7 {
			if i >= len(b) {
				return 0, errThriftShort
			}
			c := b[i]
			i++
			x |= uint64(c&0x7f) << shift
			if c < 0x80 {
				return x, nil
			}
		}
		return 0, errThriftCorrupt
	}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		var t byte
		if top.container {
			if top.left == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			t = top.et
			if top.isMap && top.left%2 == 1 {
				t = top.vt
			}
			top.left--
			if t == 1 || t == 2 { // a boolean item takes a byte
				if i >= len(b) {
					return 0, 0, errThriftShort
				}
				i++
				continue
			}
		} else {
			if i >= len(b) {
				return 0, 0, errThriftShort
			}
			h := b[i]
			i++
			if h == 0 { // stop: the struct ends
				stack = stack[:len(stack)-1]
				continue
			}
			t = h & 0x0f
			if h>>4 == 0 { // the field id follows as a varint
				if _, err := varint(); err != nil {
					return 0, 0, err
				}
			}
			if t == 1 || t == 2 { // a boolean field holds its value in its type
				continue
			}
		}
		switch t {
		case 3: // byte
			i++
		case 4, 5, 6: // i16, i32, i64
			if _, err := varint(); err != nil {
				return 0, 0, err
			}
		case 7: // double
			i += 8
		case 8: // binary
			l, err := varint()
			if err != nil {
				return 0, 0, err
			}
			if l > uint64(len(b)-i) {
				return 0, 0, errThriftShort
			}
			i += int(l)
		case 9, 10, 11: // list, set, map
			var size uint64
			var et, vt byte
			if t == 11 {
				var err error
				if size, err = varint(); err != nil {
					return 0, 0, err
				}
				if size > 0 {
					if i >= len(b) {
						return 0, 0, errThriftShort
					}
					et, vt = b[i]>>4, b[i]&0x0f
					i++
				}
			} else {
				if i >= len(b) {
					return 0, 0, errThriftShort
				}
				h := b[i]
				i++
				size, et = uint64(h>>4), h&0x0f
				if size == 15 {
					var err error
					if size, err = varint(); err != nil {
						return 0, 0, err
					}
				}
			}
			if size > thriftMaxContainer {
				return 0, 0, errThriftLarge
			}
			items := size
			if t == 11 {
				items *= 2
			}
			if items > uint64(len(b)-i) { // every item takes a byte at least
				return 0, 0, errThriftShort
			}
			per := int64(24)
			if et == 12 || vt == 12 {
				per = thriftStructCost
			}
			cost += int64(size) * per
			if len(stack) > thriftMaxDepth {
				return 0, 0, errThriftDeep
			}
			stack = append(stack, frame{container: true, left: int64(items), et: et, vt: vt, isMap: t == 11})
		case 12: // struct
			if len(stack) > thriftMaxDepth {
				return 0, 0, errThriftDeep
			}
			stack = append(stack, frame{})
		default:
			return 0, 0, errThriftCorrupt
		}
		if i > len(b) {
			return 0, 0, errThriftShort
		}
	}
	return i, cost, nil
}
