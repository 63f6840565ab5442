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
	return c.call(ctx, protocol.MethodClientRegisterCapability, p)
}

func (c connClient) DiagnosticRefresh(ctx context.Context) error {
	return c.call(ctx, protocol.MethodWorkspaceDiagnosticRefresh, nil)
}

// call sends a request whose result the server does not read. When ctx
// ends before the answer, the request is cancelled: $/cancelRequest names
// its id (sent whatever ctx, the cancellation being the point), so the
// client need not answer a request nobody waits for.
func (c connClient) call(ctx context.Context, method string, params any) error {
	id, err := c.conn.Call(ctx, method, params, nil)
	if ctx.Err() != nil && id.IsValid() {
		var cancel protocol.IntegerOrString
		if n, ok := id.Number(); ok {
			cancel = protocol.IntegerOrString{Int: n, IsInt: true}
		} else {
			s, _ := id.StringValue()
			cancel = protocol.StringValue(s)
		}
		_ = c.conn.Notify(context.WithoutCancel(ctx), protocol.MethodCancelRequest, &protocol.CancelParams{ID: &cancel})
	}
	return err
}
