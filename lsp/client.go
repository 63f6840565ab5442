package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"

	"github.com/osmosis-lint/osmosis-lint/lsp/protocol"
)

// clientConn is what the server sends the client: the few notifications and
// requests it makes.
type clientConn interface {
	PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error
	ShowMessage(ctx context.Context, p *protocol.ShowMessageParams) error
	RegisterCapability(ctx context.Context, p *protocol.RegistrationParams) error
	DiagnosticRefresh(ctx context.Context) error
}

// connClient sends them over the connection.
type connClient struct{ conn jsonrpc2.Conn }

func (c connClient) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	return c.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, p)
}

func (c connClient) ShowMessage(ctx context.Context, p *protocol.ShowMessageParams) error {
	return c.conn.Notify(ctx, protocol.MethodWindowShowMessage, p)
}

func (c connClient) RegisterCapability(ctx context.Context, p *protocol.RegistrationParams) error {
	_, err := c.conn.Call(ctx, protocol.MethodClientRegisterCapability, p, nil)
	return err
}

func (c connClient) DiagnosticRefresh(ctx context.Context) error {
	_, err := c.conn.Call(ctx, protocol.MethodWorkspaceDiagnosticRefresh, nil, nil)
	return err
}
