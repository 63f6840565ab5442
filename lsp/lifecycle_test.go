package lsp

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"
)

func TestInitializeNegotiation(t *testing.T) {
	tests := []struct {
		name      string
		encodings []string
		pull      bool
		wantEnc   string
	}{
		{"no encodings offered", nil, false, "utf-16"},
		{"utf-16 only", []string{"utf-16"}, false, "utf-16"},
		{"utf-8 offered first", []string{"utf-8", "utf-16"}, false, "utf-8"},
		{"utf-8 offered second", []string{"utf-16", "utf-8"}, true, "utf-8"},
		{"utf-32 only", []string{"utf-32"}, true, "utf-16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClient(t, nil)
			res := c.initialize(t.TempDir(), caps{encodings: tt.encodings, pull: tt.pull})
			caps := res.Capabilities
			if caps.PositionEncoding != tt.wantEnc {
				t.Errorf("positionEncoding = %q, want %q", caps.PositionEncoding, tt.wantEnc)
			}
			var sync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
				Save      any  `json:"save"`
			}
			if err := json.Unmarshal(caps.TextDocumentSync, &sync); err != nil {
				t.Fatalf("textDocumentSync %s: %v", caps.TextDocumentSync, err)
			}
			if !sync.OpenClose || sync.Change != 2 || sync.Save == nil {
				t.Errorf("textDocumentSync = %s, want openClose, incremental change (2) and save", caps.TextDocumentSync)
			}
			if got := caps.DiagnosticProvider != nil; got != tt.pull {
				t.Errorf("diagnosticProvider present = %v, want %v (client pulls: %v)", got, tt.pull, tt.pull)
			}
			if tt.pull && !caps.DiagnosticProvider.WorkspaceDiagnostics {
				t.Errorf("diagnosticProvider does not offer workspace diagnostics")
			}
			// every other capability: TestCapabilitiesFromTable
			if res.ServerInfo.Name != "osmosis-lint" || res.ServerInfo.Version != "test" {
				t.Errorf("serverInfo = %+v", res.ServerInfo)
			}
			if code := c.shutdown(); code != 0 {
				t.Errorf("exit code after shutdown = %d, want 0", code)
			}
		})
	}
}

func TestLifecycle(t *testing.T) {
	root := newWorkspace(t, nil)
	file := filepath.Join(root, "configs", "training", "multiply-long.toml")

	t.Run("requests before initialize", func(t *testing.T) {
		c := newClient(t, nil)
		err := c.call("textDocument/hover", map[string]any{"textDocument": textDoc(file), "position": at(0, 0)}, nil)
		if !isCallError(err, -32002) {
			t.Errorf("hover before initialize: err = %v, want ServerNotInitialized (-32002)", err)
		}
		// a notification before initialize is dropped, and the server lives
		c.open(file, "[experiment]\n")
		c.initialize(root, caps{})
		var h *hover
		c.mustCall("textDocument/hover", map[string]any{"textDocument": textDoc(file), "position": at(0, 2)}, &h)
		if h != nil {
			t.Errorf("hover on a document opened before initialize = %+v, want null", h)
		}
		if code := c.shutdown(); code != 0 {
			t.Errorf("exit code = %d, want 0", code)
		}
	})

	t.Run("initialize twice", func(t *testing.T) {
		c := start(t, root, caps{})
		err := c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil)
		if !isCallError(err, -32600) {
			t.Errorf("second initialize: err = %v, want InvalidRequest (-32600)", err)
		}
		if code := c.shutdown(); code != 0 {
			t.Errorf("exit code = %d, want 0", code)
		}
	})

	t.Run("requests after shutdown", func(t *testing.T) {
		c := start(t, root, caps{})
		c.mustCall("shutdown", nil, nil)
		for _, m := range []string{"textDocument/hover", "textDocument/completion", "shutdown", "initialize"} {
			err := c.call(m, map[string]any{"textDocument": textDoc(file), "position": at(0, 0)}, nil)
			if !isCallError(err, -32600) {
				t.Errorf("%s after shutdown: err = %v, want InvalidRequest (-32600)", m, err)
			}
		}
		// notifications after shutdown are ignored
		c.open(file, "[experiment]\n")
		c.notify("exit", nil)
		if code := c.exitCode(); code != 0 {
			t.Errorf("exit code = %d, want 0", code)
		}
		for _, p := range c.publications(file) {
			if p.Version != nil {
				t.Errorf("diagnostics published for a document opened after shutdown: %s", p.raw)
			}
		}
	})

	t.Run("exit without shutdown", func(t *testing.T) {
		c := start(t, root, caps{})
		c.notify("exit", nil)
		if code := c.exitCode(); code != 1 {
			t.Errorf("exit code = %d, want 1", code)
		}
	})

	t.Run("exit before initialize", func(t *testing.T) {
		c := newClient(t, nil)
		c.notify("exit", nil)
		if code := c.exitCode(); code != 1 {
			t.Errorf("exit code = %d, want 1", code)
		}
	})

	t.Run("stream closed", func(t *testing.T) {
		c := start(t, root, caps{})
		_ = c.conn.Close()
		if code := c.exitCode(); code != 1 {
			t.Errorf("exit code = %d, want 1", code)
		}
	})

	t.Run("stream closed after shutdown", func(t *testing.T) {
		c := start(t, root, caps{})
		c.mustCall("shutdown", nil, nil)
		_ = c.conn.Close()
		// the spec asks for exit code 0 only when exit follows shutdown
		if code := c.exitCode(); code != 1 {
			t.Errorf("exit code = %d, want 1", code)
		}
	})
}

// The workspaces of the folders are loaded at initialize, before anything
// asks for one (a client that pulls diagnostics has no workspace scan to
// load them): the first request on an opened config finds its workspace
// loaded or on its way.
func TestFoldersLoadedAtInitialize(t *testing.T) {
	t.Parallel()
	root := newWorkspace(t, nil)
	c := start(t, root, caps{pull: true})
	deadline := time.Now().Add(waitFor)
	for c.srv.sess.snapshot().spaces[root] == nil {
		if time.Now().After(deadline) {
			t.Fatal("the folder's workspace is not loaded after initialize")
		}
		time.Sleep(time.Millisecond)
	}
}
