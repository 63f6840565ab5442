// Package assist computes the editor features of a config (completion,
// hover, go to definition, document symbols, folding ranges, inlay hints)
// from the parsed document, the schema and the workspace, in byte offsets.
// The language server converts them to protocol types.
package assist

import (
	"strconv"

	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// File is one config with what the features need to know about it.
type File struct {
	Doc    *toml.Document
	Kind   schema.Kind
	Schema *schema.Schema
	// WS is the workspace, or nil.
	WS *workspace.Snapshot
	// Names holds env and secret names used across the workspace's configs,
	// offered by completion.
	Names *Names
	// Rows gives the row counts of data/ files known now, for hover and
	// the inlay hint on the dataset; nil: none is shown from data/ files.
	Rows RowCounts
}

// NewFile binds a parsed document to its kind and workspace.
func NewFile(doc *toml.Document, kind schema.Kind, ws *workspace.Snapshot, names *Names) *File {
	return &File{Doc: doc, Kind: kind, Schema: schema.For(kind), WS: ws, Names: names}
}

// Names are env var and secret names seen in the workspace's configs.
type Names struct {
	Env     []string
	Secrets []string
}

// field returns the schema field at an instance path of the document
// (schema.FieldAt).
func (f *File) field(path []string) *schema.Field {
	return f.Schema.FieldAt(f.Doc.Root, path)
}

// tableAt returns the table a header statement opened, its instance path
// (with array-of-tables indexes) and the statement, for the header that
// governs offset off (the last header before it).
func (f *File) tableAt(off int) ([]string, *toml.Table, *toml.Stmt) {
	var hdr *toml.Stmt
	for _, s := range f.Doc.Stmts {
		if s.Range.Start > off {
			break
		}
		if s.Kind == toml.StmtTable || s.Kind == toml.StmtArrayTable {
			hdr = s
		}
	}
	if hdr == nil {
		return nil, f.Doc.Root, nil
	}
	path := f.instancePath(hdr)
	return path, hdr.Table, hdr
}

// instancePath turns a header's key into an instance path, with the index of
// the array-of-tables element the header belongs to.
func (f *File) instancePath(hdr *toml.Stmt) []string {
	var path []string
	cur := f.Doc.Root
	for i, name := range hdr.Path {
		path = append(path, name)
		if cur == nil {
			continue
		}
		e := cur.Get(name)
		if e == nil {
			cur = nil
			continue
		}
		v := e.Value
		if v.Kind == toml.KindArray && v.ArrayOfTables {
			idx := len(v.Items) - 1
			// find the element this header (or the one above it) opened
			for j, it := range v.Items {
				if it.Table != nil && it.Table.Header != nil && it.Table.Header.Range.Start <= hdr.Range.Start {
					idx = j
				}
			}
			if i == len(hdr.Path)-1 && hdr.Kind == toml.StmtArrayTable {
				for j, it := range v.Items {
					if it.Table != nil && it.Table.Header == hdr {
						idx = j
					}
				}
			}
			path = append(path, strconv.Itoa(idx))
			if idx >= 0 && idx < len(v.Items) {
				cur = v.Items[idx].Table
			} else {
				cur = nil
			}
			continue
		}
		cur = v.Table
	}
	return path
}
