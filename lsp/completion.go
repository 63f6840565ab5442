package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

func (s *Server) Completion(ctx context.Context, p *protocol.CompletionParams) (protocol.CompletionResult, error) {
	s.rescans.kickSometimes()
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return &protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil
	}
	if v.indexPending() {
		// the names wait for the index, built once the workspace scan is
		// done: the messages after this one do not
		s.release(ctx)
	}
	f, m := v.completionFile(), v.mapper()
	c := s.caps()
	lazy := c.lazyDocs
	items := f.Complete(m.offset(p.Position))
	out := make([]protocol.CompletionItem, 0, len(items))
	// the edits are one array, not a value allocated for every item
	edits := make([]protocol.TextEdit, len(items))
	var list uint64
	var docs []string
	if lazy {
		// the documentation stays here until the client shows an item:
		// lists are a fraction of the size
		docs = make([]string, len(items))
		list = s.comp.newList()
	}
	for i, it := range items {
		text := it.Text
		if it.Snippet && !c.snippets {
			text = plainSnippet(text)
		}
		edits[i] = protocol.TextEdit{Range: m.rng(it.Range), NewText: text}
		ci := protocol.CompletionItem{
			Label:    it.Label,
			Kind:     itemKind(it.Kind),
			SortText: protocol.NewOptional(it.Sort),
			TextEdit: &edits[i],
		}
		if it.Snippet && c.snippets {
			ci.InsertTextFormat = protocol.InsertTextFormatSnippet
		}
		if it.Detail != "" {
			ci.Detail = protocol.NewOptional(it.Detail)
		}
		switch {
		case it.Doc == "":
		case lazy:
			docs[i] = it.Doc
			ci.Data = protocol.LSPAny(fmt.Appendf(nil, `{"list":%d,"item":%d}`, list, i))
		default:
			ci.Documentation = c.markup(it.Doc, c.docMarkdown)
		}
		if it.Preselect {
			ci.Preselect = protocol.NewOptional(true)
		}
		out = append(out, ci)
	}
	if lazy {
		s.comp.keep(list, docs)
	}
	return &protocol.CompletionList{Items: out}, nil
}

// CompletionResolve adds the documentation of an item of the last
// completion list; an item of an older list comes back as it is.
func (s *Server) CompletionResolve(ctx context.Context, it *protocol.CompletionItem) (*protocol.CompletionItem, error) {
	var ref struct {
		List uint64 `json:"list"`
		Item int    `json:"item"`
	}
	if len(it.Data) == 0 || json.Unmarshal(it.Data, &ref) != nil {
		return it, nil
	}
	if doc := s.comp.doc(ref.List, ref.Item); doc != "" {
		c := s.caps()
		it.Documentation = c.markup(doc, c.docMarkdown)
	}
	return it, nil
}

// completionDocs holds the documentation of the last completion list until
// the client resolves its items.
type completionDocs struct {
	mu   sync.Mutex
	list uint64
	docs []string
}

// newList numbers a new list; the one before is forgotten.
func (c *completionDocs) newList() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.list++
	c.docs = nil
	return c.list
}

// keep records the documentation of list, if it is still the last.
func (c *completionDocs) keep(list uint64, docs []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.list == list {
		c.docs = docs
	}
}

// doc returns the documentation of an item of the last list, or "".
func (c *completionDocs) doc(list uint64, item int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if list != c.list || item < 0 || item >= len(c.docs) {
		return ""
	}
	return c.docs[item]
}

func itemKind(k assist.ItemKind) protocol.CompletionItemKind {
	switch k {
	case assist.ItemSection:
		return protocol.CompletionItemKindModule
	case assist.ItemKey:
		return protocol.CompletionItemKindProperty
	case assist.ItemEnum:
		return protocol.CompletionItemKindEnumMember
	case assist.ItemFolder:
		return protocol.CompletionItemKindFolder
	case assist.ItemFile:
		return protocol.CompletionItemKindFile
	}
	return protocol.CompletionItemKindValue
}
