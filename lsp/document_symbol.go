package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lsp/assist"
)

func (s *Server) DocumentSymbol(ctx context.Context, p *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	snap := s.sess.snapshot()
	v, ok := s.viewOf(snap, snap.docs[p.TextDocument.URI])
	if !ok {
		return protocol.DocumentSymbolSlice{}, nil
	}
	f, m := v.file(), v.mapper()
	syms := f.Symbols()
	// every top-level symbol is in the outline; their children while the
	// budget lasts
	budget := max(maxSymbols-len(syms), 0)
	out := make([]protocol.DocumentSymbol, 0, len(syms))
	for _, sym := range syms {
		out = append(out, symbol(m, sym, &budget))
	}
	return protocol.DocumentSymbolSlice(out), nil
}

// maxSymbols bounds the outline. A config with a hundred thousand keys
// would otherwise get an outline of tens of megabytes that no editor can
// show.
const maxSymbols = 10000

func symbol(m mapper, sym assist.Symbol, budget *int) protocol.DocumentSymbol {
	kind := protocol.SymbolKindProperty
	if sym.Section {
		kind = protocol.SymbolKindNamespace
	} else if len(sym.Children) > 0 {
		kind = protocol.SymbolKindObject
	}
	ds := protocol.DocumentSymbol{
		Name:           sym.Name,
		Kind:           kind,
		Range:          m.rng(sym.Range),
		SelectionRange: m.rng(sym.Selection),
	}
	if sym.Detail != "" {
		ds.Detail = ptr(sym.Detail)
	}
	for _, c := range sym.Children {
		if *budget <= 0 {
			break
		}
		*budget--
		ds.Children = append(ds.Children, symbol(m, c, budget))
	}
	return ds
}
