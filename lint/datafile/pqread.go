package datafile

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding/delta"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
	"github.com/pierrec/lz4/v4"
)

// A Parquet file is read as the upload's reader (pyarrow, Arrow C++) reads
// it: the footer from the end of the file, then the pages of one column.
// The footer and page headers are decoded by parquet-go's format and thrift
// packages, after walkThrift has bounded them; pages are decompressed with
// the codecs pyarrow writes (klauspost/compress, pierrec/lz4) and decoded
// here, a page at a time, into what the checks need: definition and
// repetition levels and byte-array or int64 values. Memory is bounded by
// the limits below whatever the file says.

const (
	// pqMaxFooter bounds the footer read into memory; pqMaxFooterCost the
	// memory its lists take once decoded.
	pqMaxFooter     = 16 << 20
	pqMaxFooterCost = 128 << 20
	// pqMaxHeader bounds a page header (Arrow C++'s default limit is 16 MiB).
	pqMaxHeader = 16 << 20
	// pqMaxPage bounds a page's bytes, compressed or not, and
	// pqMaxPageValues its values.
	pqMaxPage       = 64 << 20
	pqMaxPageValues = 1 << 22
)

// pqCorrupt is a file the upload's reader cannot read either: it is
// refused. pqSkip is a part this reader does not read (a codec, an
// encoding, a size past its limits): it is not checked.
type (
	pqCorrupt struct{ msg string }
	pqSkip    struct{ msg string }
)

func (e *pqCorrupt) Error() string { return e.msg }
func (e *pqSkip) Error() string    { return e.msg }

func corruptf(format string, args ...any) error { return &pqCorrupt{fmt.Sprintf(format, args...)} }
func skipf(format string, args ...any) error    { return &pqSkip{fmt.Sprintf(format, args...)} }

// pqNode is one schema element in the tree the flat schema list encodes.
type pqNode struct {
	el             *format.SchemaElement
	children       []int32 // node indexes
	group          bool
	maxDef, maxRep int
	firstLeaf      int // column index of its first leaf, -1 when it has none
}

type pqFile struct {
	r      io.ReaderAt
	size   int64
	md     format.FileMetaData
	nodes  []pqNode
	leaves []int32 // node index of each column, in column order

	page, out, dictBuf []byte
	zstd               *zstd.Decoder
	levels             [2][]uint8
	idx                []uint32
	delta              []byte
	offsets            []uint32
}

// openParquet reads and decodes the footer and unflattens the schema.
func openParquet(r io.ReaderAt, size int64) (*pqFile, error) {
	if size < 12 {
		return nil, corruptf("the file is %d bytes, too small for Parquet (at least 12: magic, footer, footer length, magic)", size)
	}
	var tail [8]byte
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return nil, fmt.Errorf("reading the end of the file: %w", err)
	}
	switch string(tail[4:]) {
	case "PAR1":
	case "PARE":
		return nil, corruptf("the footer is encrypted (it ends with \"PARE\"); the upload's reader has no key to read it")
	default:
		return nil, corruptf("the file does not end with the Parquet magic bytes \"PAR1\" (found %q); it is truncated or not a Parquet file", tail[4:])
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n == 0 || n > size-8 {
		return nil, corruptf("the footer length (%d bytes) does not fit in a file of %d bytes; the file is truncated or corrupt", n, size)
	}
	if n > pqMaxFooter {
		return nil, skipf("the footer is %s, more than the %s read", humanSize(n), humanSize(pqMaxFooter))
	}
	footer := make([]byte, n)
	if _, err := r.ReadAt(footer, size-8-n); err != nil {
		return nil, fmt.Errorf("reading the footer: %w", err)
	}
	f := &pqFile{r: r, size: size}
	if err := decodeThrift(footer, &f.md, pqMaxFooterCost, "the footer"); err != nil {
		return nil, err
	}
	if err := f.unflatten(); err != nil {
		return nil, err
	}
	return f, nil
}

// decodeThrift decodes the compact-protocol struct at the start of b into
// v, after walkThrift has bounded it.
func decodeThrift(b []byte, v any, maxCost int64, what string) error {
	_, cost, err := walkThrift(b)
	switch {
	case errors.Is(err, errThriftLarge):
		return corruptf("%s holds a list of more than 1,000,000 entries, past the limit of the upload's Parquet reader", what)
	case err != nil:
		return corruptf("%s is not valid Parquet metadata (%v)", what, err)
	case cost > maxCost:
		return skipf("%s would take more than %s of memory to decode", what, humanSize(maxCost))
	}
	p := new(thrift.CompactProtocol)
	if err := thrift.NewDecoder(p.NewReaderFromBytes(b)).Decode(v); err != nil {
		return corruptf("%s is not valid Parquet metadata (%v)", what, err)
	}
	return nil
}

// unflatten builds the schema tree: each group is followed by its
// num_children children, depth first.
func (f *pqFile) unflatten() error {
	els := f.md.Schema
	if len(els) == 0 {
		return corruptf("the footer has no schema")
	}
	f.nodes = make([]pqNode, len(els))
	type open struct {
		node int32
		left int32
	}
	var stack []open
	for i := range els {
		el := &els[i]
		nc, isGroup := el.NumChildren.Get()
		nd := &f.nodes[i]
		*nd = pqNode{el: el, group: i == 0 || isGroup && nc > 0, firstLeaf: -1}
		if i > 0 {
			if len(stack) == 0 {
				return corruptf("the schema lists more elements than its groups hold")
			}
			top := &stack[len(stack)-1]
			parent := &f.nodes[top.node]
			parent.children = append(parent.children, int32(i))
			top.left--
			rep, _ := el.RepetitionType.Get()
			nd.maxDef, nd.maxRep = parent.maxDef, parent.maxRep
			if rep != format.Required {
				nd.maxDef++
			}
			if rep == format.Repeated {
				nd.maxRep++
			}
			if nd.maxDef > 255 || nd.maxRep > 255 {
				return skipf("the schema nests more than 255 levels")
			}
			if !nd.group {
				f.leaves = append(f.leaves, int32(i))
			}
		}
		if nd.group && nc > 0 {
			stack = append(stack, open{node: int32(i), left: nc})
		}
		for len(stack) > 0 && stack[len(stack)-1].left <= 0 {
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		return corruptf("the schema ends before its groups' children do")
	}
	f.setFirstLeaf(0)
	return nil
}

// setFirstLeaf sets firstLeaf on node i and below, without recursion.
func (f *pqFile) setFirstLeaf(root int32) {
	col := 0
	stack := []int32{root}
	var order []int32
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, i)
		n := &f.nodes[i]
		for j := len(n.children) - 1; j >= 0; j-- {
			stack = append(stack, n.children[j])
		}
	}
	// order is depth first, so a leaf's column is its rank among leaves;
	// a group's first leaf is the first leaf after it in order.
	pending := []int32{}
	for _, i := range order {
		n := &f.nodes[i]
		if !n.group {
			n.firstLeaf = col
			for _, g := range pending {
				f.nodes[g].firstLeaf = col
			}
			pending = pending[:0]
			col++
			continue
		}
		pending = append(pending, i)
	}
}

// topNames are the names of the root's children: pyarrow's schema_arrow.names.
func (f *pqFile) topNames() []string {
	root := &f.nodes[0]
	names := make([]string, len(root.children))
	for i, c := range root.children {
		names[i] = f.nodes[c].el.Name
	}
	return names
}

// pqEntry is one level entry of a column: a value, a null, or an empty list.
type pqEntry struct {
	row   int64 // 0-based row in the file
	def   uint8
	bytes []byte // byte-array values
	i64   int64  // int64 values
}

// valueKind says which values scanColumn decodes.
type valueKind uint8

const (
	valuesNone valueKind = iota
	valuesBytes
	valuesInt64
)

// scanColumn calls fn for each entry of column col in row group g, rows
// numbered from firstRow. It stops when fn returns false.
func (f *pqFile) scanColumn(g int, col int, firstRow int64, want valueKind, fn func(pqEntry) bool) error {
	rg := &f.md.RowGroups[g]
	if col >= len(rg.Columns) {
		return corruptf("row group %d has %d column chunks, fewer than the schema's %d columns", g+1, len(rg.Columns), len(f.leaves))
	}
	cc := &rg.Columns[col]
	if cc.FilePath != "" {
		return skipf("the column's data is in another file (%q)", cc.FilePath)
	}
	if len(cc.EncryptedColumnMetadata) > 0 {
		return corruptf("the column is encrypted; the upload's reader has no key to read it")
	}
	cm := &cc.MetaData
	leaf := &f.nodes[f.leaves[col]]
	start := cm.DataPageOffset
	if d := cm.DictionaryPageOffset; d > 0 && d < start {
		start = d
	}
	end := start + cm.TotalCompressedSize
	if start < 4 || cm.TotalCompressedSize <= 0 || end > f.size-8 || end < start {
		return corruptf("the column chunk of row group %d lies outside the file (offset %d, %d bytes)", g+1, start, cm.TotalCompressedSize)
	}
	rows := rg.NumRows
	if rows <= 0 {
		return nil
	}
	var dictBytes [][]byte
	var dictInts []int64
	haveDict := false
	row := firstRow - 1
	done := int64(0) // rows begun in this chunk
	pos := start
	for pos < end {
		var h format.PageHeader
		hlen, err := f.readHeader(pos, end, &h)
		if err != nil {
			return err
		}
		pos += int64(hlen)
		csize, usize := int64(h.CompressedPageSize), int64(h.UncompressedPageSize)
		if csize < 0 || usize < 0 || csize > end-pos {
			return corruptf("a page of row group %d claims %d bytes, past the end of its column chunk", g+1, csize)
		}
		if csize > pqMaxPage || usize > pqMaxPage {
			return skipf("a page of row group %d is %s, more than the %s read", g+1, humanSize(max(csize, usize)), humanSize(pqMaxPage))
		}
		raw := f.readPage(pos, csize)
		if raw == nil {
			return fmt.Errorf("reading a page at offset %d failed", pos)
		}
		pos += csize
		switch h.Type {
		case format.DictionaryPage:
			dh, ok := h.DictionaryPageHeader.Get()
			if !ok {
				return corruptf("a dictionary page without its header")
			}
			if want == valuesNone {
				continue
			}
			data, err := f.decompress(cm.Codec, raw, usize)
			if err != nil {
				return err
			}
			if dh.Encoding != format.Plain && dh.Encoding != format.PlainDictionary {
				return corruptf("a dictionary page encoded as %s", dh.Encoding)
			}
			if dh.NumValues < 0 || dh.NumValues > pqMaxPageValues {
				return skipf("a dictionary of %d values, more than the %d read", dh.NumValues, pqMaxPageValues)
			}
			f.dictBuf = append(f.dictBuf[:0], data...)
			dictBytes, dictInts = dictBytes[:0], dictInts[:0]
			if want == valuesBytes {
				dictBytes, err = plainBytes(f.dictBuf, int(dh.NumValues), dictBytes)
			} else {
				dictInts, err = plainInt64(f.dictBuf, int(dh.NumValues), dictInts)
			}
			if err != nil {
				return err
			}
			haveDict = true
			continue
		case format.DataPage, format.DataPageV2:
		default:
			continue
		}
		var numValues int32
		var enc format.Encoding
		var repData, defData, values []byte
		if h.Type == format.DataPage {
			dh, ok := h.DataPageHeader.Get()
			if !ok {
				return corruptf("a data page without its header")
			}
			numValues, enc = dh.NumValues, dh.Encoding
			data, err := f.decompress(cm.Codec, raw, usize)
			if err != nil {
				return err
			}
			if leaf.maxRep > 0 {
				if repData, data, err = lengthPrefixed(data); err != nil {
					return err
				}
			}
			if leaf.maxDef > 0 {
				if dh.DefinitionLevelEncoding != format.RLE {
					return skipf("definition levels encoded as %s", dh.DefinitionLevelEncoding)
				}
				if defData, data, err = lengthPrefixed(data); err != nil {
					return err
				}
			}
			values = data
		} else {
			dh, ok := h.DataPageHeaderV2.Get()
			if !ok {
				return corruptf("a data page without its header")
			}
			numValues, enc = dh.NumValues, dh.Encoding
			rl, dl := int64(dh.RepetitionLevelsByteLength), int64(dh.DefinitionLevelsByteLength)
			if rl < 0 || dl < 0 || rl+dl > csize || rl+dl > usize {
				return corruptf("a data page's levels do not fit in it")
			}
			repData, defData = raw[:rl], raw[rl:rl+dl]
			values = raw[rl+dl:]
			if compressed, set := dh.IsCompressed.Get(); !set || compressed {
				v, err := f.decompress(cm.Codec, values, usize-rl-dl)
				if err != nil {
					return err
				}
				values = v
			}
		}
		if numValues < 0 {
			return corruptf("a data page with %d values", numValues)
		}
		if numValues > pqMaxPageValues {
			return skipf("a page of %d values, more than the %d read", numValues, pqMaxPageValues)
		}
		n := int(numValues)
		reps, err := f.decodeLevels(0, repData, leaf.maxRep, n)
		if err != nil {
			return err
		}
		defs, err := f.decodeLevels(1, defData, leaf.maxDef, n)
		if err != nil {
			return err
		}
		present := 0
		for _, d := range defs {
			if int(d) == leaf.maxDef {
				present++
			}
		}
		var vb [][]byte
		var vi []int64
		if want != valuesNone && present > 0 {
			switch enc {
			case format.Plain:
				if want == valuesBytes {
					vb, err = plainBytes(values, present, nil)
				} else {
					vi, err = plainInt64(values, present, nil)
				}
			case format.PlainDictionary, format.RLEDictionary:
				if !haveDict {
					return corruptf("a dictionary-encoded page without a dictionary")
				}
				var ix []uint32
				if ix, err = f.dictIndexes(values, present); err != nil {
					return err
				}
				for _, k := range ix {
					if want == valuesBytes {
						if int(k) >= len(dictBytes) {
							return corruptf("a dictionary index (%d) past the dictionary's %d values", k, len(dictBytes))
						}
						vb = append(vb, dictBytes[k])
					} else {
						if int(k) >= len(dictInts) {
							return corruptf("a dictionary index (%d) past the dictionary's %d values", k, len(dictInts))
						}
						vi = append(vi, dictInts[k])
					}
				}
			case format.DeltaLengthByteArray:
				if want != valuesBytes {
					return corruptf("int64 values encoded as %s", enc)
				}
				vb, err = f.deltaLengthBytes(values, present)
			default:
				return skipf("values encoded as %s, which is not read", enc)
			}
			if err != nil {
				return err
			}
		}
		vpos := 0
		for i := 0; i < n; i++ {
			if reps[i] == 0 {
				if done == rows {
					return nil
				}
				done++
				row++
			} else if done == 0 {
				return corruptf("a column chunk starts inside a row")
			}
			e := pqEntry{row: row, def: defs[i]}
			if int(defs[i]) == leaf.maxDef && want != valuesNone {
				if want == valuesBytes {
					e.bytes = vb[vpos]
				} else {
					e.i64 = vi[vpos]
				}
				vpos++
			}
			if !fn(e) {
				return nil
			}
		}
	}
	if done < rows {
		return corruptf("row group %d holds %d rows but its column chunk ends after %d", g+1, rows, done)
	}
	return nil
}

// readHeader decodes the page header at pos, reading a larger window when
// the header does not fit in the first.
func (f *pqFile) readHeader(pos, end int64, h *format.PageHeader) (int, error) {
	win := int64(16 << 10)
	for {
		w := min(win, end-pos)
		buf := f.readPage(pos, w)
		if buf == nil {
			return 0, fmt.Errorf("reading a page header at offset %d failed", pos)
		}
		n, _, err := walkThrift(buf)
		if errors.Is(err, errThriftShort) && w < end-pos && win < pqMaxHeader {
			win *= 4
			continue
		}
		if err != nil {
			return 0, corruptf("the page header at offset %d is not valid (%v)", pos, err)
		}
		p := new(thrift.CompactProtocol)
		if err := thrift.NewDecoder(p.NewReaderFromBytes(buf[:n])).Decode(h); err != nil {
			return 0, corruptf("the page header at offset %d is not valid (%v)", pos, err)
		}
		return n, nil
	}
}

// readPage reads n bytes at off into the reused page buffer; nil on error.
func (f *pqFile) readPage(off, n int64) []byte {
	if int64(cap(f.page)) < n {
		f.page = make([]byte, n)
	}
	b := f.page[:n]
	if _, err := f.r.ReadAt(b, off); err != nil && !(errors.Is(err, io.EOF) && off+n == f.size) {
		return nil
	}
	return b
}

// decompress expands a page into the reused output buffer; the result must
// have exactly size bytes, as the upload's reader requires.
func (f *pqFile) decompress(codec format.CompressionCodec, src []byte, size int64) ([]byte, error) {
	if codec == format.Uncompressed {
		if int64(len(src)) != size {
			return nil, corruptf("an uncompressed page of %d bytes whose header says %d", len(src), size)
		}
		return src, nil
	}
	if int64(cap(f.out)) < size {
		f.out = make([]byte, size)
	}
	dst := f.out[:size]
	bad := func(err error) error { return corruptf("a %s page does not decompress (%v)", codec, err) }
	switch codec {
	case format.Snappy:
		n, err := snappy.DecodedLen(src)
		if err != nil {
			return nil, bad(err)
		}
		if int64(n) != size {
			return nil, corruptf("a %s page decompresses to %d bytes, not the %d its header says", codec, n, size)
		}
		if _, err := snappy.Decode(dst, src); err != nil {
			return nil, bad(err)
		}
	case format.Gzip:
		zr, err := gzip.NewReader(bytes.NewReader(src))
		if err != nil {
			return nil, bad(err)
		}
		if _, err := io.ReadFull(zr, dst); err != nil {
			return nil, bad(err)
		}
	case format.Zstd:
		if f.zstd == nil {
			d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(pqMaxPage), zstd.WithDecoderLowmem(true))
			if err != nil {
				return nil, bad(err)
			}
			f.zstd = d
		}
		out, err := f.zstd.DecodeAll(src, dst[:0])
		if err != nil {
			return nil, bad(err)
		}
		if int64(len(out)) != size {
			return nil, corruptf("a %s page decompresses to %d bytes, not the %d its header says", codec, len(out), size)
		}
		dst = out
	case format.Lz4Raw:
		n, err := lz4.UncompressBlock(src, dst)
		if err != nil {
			return nil, bad(err)
		}
		if int64(n) != size {
			return nil, corruptf("a %s page decompresses to %d bytes, not the %d its header says", codec, n, size)
		}
	default:
		return nil, skipf("pages compressed with %s are not read", codec)
	}
	return dst, nil
}

func (f *pqFile) close() {
	if f.zstd != nil {
		f.zstd.Close()
	}
}

// lengthPrefixed splits off a 4-byte little-endian length and that many bytes.
func lengthPrefixed(b []byte) (part, rest []byte, err error) {
	if len(b) < 4 {
		return nil, nil, corruptf("a page ends inside its levels")
	}
	n := binary.LittleEndian.Uint32(b)
	if uint64(n) > uint64(len(b)-4) {
		return nil, nil, corruptf("a page's levels claim %d bytes, more than the page holds", n)
	}
	return b[4 : 4+n], b[4+n:], nil
}

// decodeLevels decodes n levels of at most maxLevel in the RLE/bit-packed
// hybrid encoding; with maxLevel 0 every level is 0.
func (f *pqFile) decodeLevels(which int, src []byte, maxLevel, n int) ([]uint8, error) {
	out := f.levels[which][:0]
	if cap(out) < n {
		out = make([]uint8, 0, n)
	}
	if maxLevel == 0 {
		out = out[:n]
		clear(out)
		f.levels[which] = out
		return out, nil
	}
	width := bitWidth(uint32(maxLevel))
	err := rleHybrid(src, width, n, func(v uint32) bool {
		out = append(out, uint8(v))
		return v <= uint32(maxLevel)
	})
	f.levels[which] = out
	if err != nil {
		return nil, err
	}
	return out, nil
}

// dictIndexes decodes n dictionary indexes: a bit width, then the hybrid.
func (f *pqFile) dictIndexes(src []byte, n int) ([]uint32, error) {
	if len(src) == 0 {
		return nil, corruptf("a dictionary-encoded page without its indexes")
	}
	width := uint(src[0])
	if width > 32 {
		return nil, corruptf("dictionary indexes of %d bits", width)
	}
	out := f.idx[:0]
	err := rleHybrid(src[1:], width, n, func(v uint32) bool { out = append(out, v); return true })
	f.idx = out
	return out, err
}

func bitWidth(v uint32) uint {
	w := uint(0)
	for v > 0 {
		w++
		v >>= 1
	}
	return w
}

// rleHybrid decodes exactly n values of the given bit width from the
// RLE/bit-packed hybrid encoding, calling emit for each; emit returning
// false means the value is out of range.
func rleHybrid(src []byte, width uint, n int, emit func(uint32) bool) error {
	short := corruptf("RLE-encoded levels or indexes end before their %d values", n)
	i, got := 0, 0
	for got < n {
		h, k := binary.Uvarint(src[i:])
		if k <= 0 {
			return short
		}
		i += k
		if h&1 == 0 { // a run of one value
			count := h >> 1
			nb := int((width + 7) / 8)
			if i+nb > len(src) {
				return short
			}
			var v uint32
			for j := 0; j < nb; j++ {
				v |= uint32(src[i+j]) << (8 * j)
			}
			i += nb
			if count == 0 {
				continue
			}
			take := min(count, uint64(n-got))
			for j := uint64(0); j < take; j++ {
				if !emit(v) {
					return corruptf("a level or index (%d) past its maximum", v)
				}
			}
			got += int(take)
			continue
		}
		groups := h >> 1 // groups of 8 bit-packed values
		if groups == 0 || groups > uint64(len(src)) {
			return short
		}
		nbytes := int(groups) * int(width)
		if i+nbytes > len(src) {
			// A last group may be cut short when its values are not needed.
			nbytes = len(src) - i
		}
		packed := src[i : i+nbytes]
		i += nbytes
		total := int(groups) * 8
		for j := 0; j < total && got < n; j++ {
			bit := uint(j) * width
			if (bit+width+7)/8 > uint(len(packed)) {
				return short
			}
			var v uint32
			for b := uint(0); b < width; b++ {
				p := bit + b
				if packed[p/8]>>(p%8)&1 != 0 {
					v |= 1 << b
				}
			}
			if !emit(v) {
				return corruptf("a level or index (%d) past its maximum", v)
			}
			got++
		}
	}
	return nil
}

// plainBytes splits n PLAIN byte-array values (4-byte length, bytes).
func plainBytes(b []byte, n int, out [][]byte) ([][]byte, error) {
	for k := 0; k < n; k++ {
		if len(b) < 4 {
			return nil, corruptf("a page ends before its %d values", n)
		}
		l := binary.LittleEndian.Uint32(b)
		if uint64(l) > uint64(len(b)-4) {
			return nil, corruptf("a value of %d bytes runs past the end of its page", l)
		}
		out = append(out, b[4:4+l])
		b = b[4+l:]
	}
	return out, nil
}

// deltaLengthBytes decodes n DELTA_LENGTH_BYTE_ARRAY values with
// parquet-go's decoder, once the header of their lengths says n: the
// decoder sizes its output by that count.
func (f *pqFile) deltaLengthBytes(src []byte, n int) ([][]byte, error) {
	b := src
	for k := 0; k < 3; k++ { // block size, miniblocks, value count
		x, m := binary.Uvarint(b)
		if m <= 0 {
			return nil, corruptf("a page's value lengths are not valid")
		}
		if k == 2 && x != uint64(n) {
			return nil, corruptf("a page holds %d value lengths for %d values", x, n)
		}
		b = b[m:]
	}
	var e delta.LengthByteArrayEncoding
	data, offsets, err := e.DecodeByteArray(f.delta[:0], src, f.offsets[:0])
	if err != nil {
		return nil, corruptf("a page's values are not valid (%v)", err)
	}
	f.delta, f.offsets = data, offsets
	if len(offsets) != n+1 {
		return nil, corruptf("a page holds %d values, not %d", len(offsets)-1, n)
	}
	out := make([][]byte, n)
	for k := range out {
		out[k] = data[offsets[k]:offsets[k+1]]
	}
	return out, nil
}

// plainInt64 reads n PLAIN int64 values.
func plainInt64(b []byte, n int, out []int64) ([]int64, error) {
	if len(b) < 8*n {
		return nil, corruptf("a page ends before its %d values", n)
	}
	for k := 0; k < n; k++ {
		out = append(out, int64(binary.LittleEndian.Uint64(b[8*k:])))
	}
	return out, nil
}

// metadataKind is how the upload's check sees the type pyarrow gives
// the metadata column.
type metadataKind uint8

const (
	metaOther   metadataKind = iota // neither a struct nor a string: refused
	metaStruct                      // a group without a LIST or MAP annotation
	metaString                      // BYTE_ARRAY annotated STRING or JSON
	metaUnknown                     // an annotation whose Arrow type is not told here
)

// metadataType classifies a schema node as pyarrow's schema conversion
// types it (without the stored Arrow schema), and describes it for a
// message.
func metadataType(n *pqNode) (metadataKind, string) {
	el := n.el
	rep, _ := el.RepetitionType.Get()
	ct, hasCT := el.ConvertedType.Get()
	lt := el.LogicalType.Value
	if n.group {
		switch {
		case rep == format.Repeated, isLogical[*format.ListType](lt), lt == nil && hasCT && ct == deprecated.List:
			return metaOther, "a list"
		case isLogical[*format.MapType](lt), lt == nil && hasCT && (ct == deprecated.Map || ct == deprecated.MapKeyValue):
			return metaOther, "a map"
		case lt != nil:
			return metaUnknown, "a group annotated " + lt.String()
		}
		return metaStruct, "a struct"
	}
	if rep == format.Repeated {
		return metaOther, "a list"
	}
	t, _ := el.Type.Get()
	desc := "a Parquet " + t.String() + " column"
	if lt != nil {
		desc += " annotated " + lt.String()
	} else if hasCT {
		desc += fmt.Sprintf(" with converted type %d", ct)
	}
	if t == format.ByteArray && (isLogical[*format.StringType](lt) || isLogical[*format.JsonType](lt) || lt == nil && hasCT && (ct == deprecated.UTF8 || ct == deprecated.Json)) {
		return metaString, "a string"
	}
	if t == format.ByteArray && lt == nil && !hasCT {
		desc = "binary (a BYTE_ARRAY column without a STRING annotation)"
	}
	return metaOther, desc
}

func isLogical[T format.LogicalTypeValue](v format.LogicalTypeValue) bool {
	_, ok := v.(T)
	return ok
}

// unsignedInt64 reports whether a leaf holds unsigned 64-bit integers,
// which pyarrow turns into Python ints past the int64 range.
func unsignedInt64(n *pqNode) bool {
	t, _ := n.el.Type.Get()
	if t != format.Int64 {
		return false
	}
	if it, ok := n.el.LogicalType.Value.(*format.IntType); ok {
		return !it.IsSigned
	}
	ct, ok := n.el.ConvertedType.Get()
	return n.el.LogicalType.Value == nil && ok && ct == deprecated.Uint64
}
