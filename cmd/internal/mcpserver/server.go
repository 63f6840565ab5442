// Package mcpserver is osmosis-lint as a Model Context Protocol server: the
// check, doctor, explain, rules, schema and fix tools over stdio, for any
// coding agent that speaks MCP. It is an adapter like the language server:
// each tool translates its arguments into calls of lint, lint/doctor and
// lint/report, and returns their result as structured content with a short
// text. Bad arguments are tool errors the model can read, never a crash;
// check and fix take configs only. Bad messages are JSON-RPC errors, never
// the end of the session: StdioTransport checks every line (its size, its
// nesting, that it is one JSON-RPC message) before the SDK sees it.
package mcpserver

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configure the server.
type Options struct {
	// Version is the tool's version, for serverInfo.
	Version string
	// Dir is the server's working directory: the workspace when the client
	// names no roots.
	Dir string
	// Root, when set, is the only workspace root (--workspace): the
	// client's roots are not asked.
	Root string
	// Home is the user's home directory (the CLI's dataset cache).
	Home string
	// DatasetsFile is a saved `osmosis --json dataset list --all`.
	DatasetsFile string
}

const instructions = `osmosis-lint checks the TOML configs of an Osmosis workspace (configs/training, configs/eval, configs/benchmark) against the rules of the osmosis CLI and the platform, offline. Call check after writing or editing a config and before osmosis train submit / osmosis eval submit; fix the errors it reports (each names the rule: explain tells why and shows examples). Stages: submit = the CLI refuses the config, platform = the platform rejects the run, runtime = the run fails after starting, sync = the platform would run other code than the workspace holds (rollout files not committed or not pushed, a branch or commit origin lacks), advice = very likely a mistake. fix shows the diff of the available fixes and writes only with write=true. Paths are relative to the workspace root.`

// New makes the server with its tools.
func New(opts Options) *mcp.Server {
	s := &server{opts: opts}
	srv := mcp.NewServer(&mcp.Implementation{Name: "osmosis-lint", Title: "osmosis-lint", Version: opts.Version}, &mcp.ServerOptions{
		Instructions:            instructions,
		RootsListChangedHandler: func(context.Context, *mcp.RootsListChangedRequest) { s.forgetRoots() },
		Capabilities:            &mcp.ServerCapabilities{},
	})
	s.addTools(srv)
	return srv
}

// Serve runs the server on a transport until the client goes away.
func Serve(ctx context.Context, t mcp.Transport, opts Options) error {
	return New(opts).Run(ctx, t)
}

// handle wraps a typed tool handler: a panic becomes a tool error naming
// the problem, so one bad input never takes the server down.
func handle[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if r := recover(); r != nil {
				var zero Out
				res, out, err = nil, zero, fmt.Errorf("osmosis-lint internal error: %v (please report it with the file that caused it)\n%s", r, debug.Stack())
			}
		}()
		return h(ctx, req, in)
	}
}

// text is a result with a short text beside the structured content.
func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}
