package lsp

import (
	"context"
	"path/filepath"
	"time"

	"go.lsp.dev/protocol"

	"github.com/osmosis-lint/osmosis-lint/lint/version"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

func ptr[T any](v T) *T { return &v }

// serverVersion is the version in serverInfo: the one the embedder set, else
// this build's, as the version command prints it.
func serverVersion(set string) string {
	if set != "" {
		return set
	}
	return version.String()
}

func (s *Server) Initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	c := capsOf(p.Capabilities)
	s.clientCaps.Store(c)
	var folders []string
	if fs, ok := p.WorkspaceFolders.Get(); ok {
		for _, f := range fs {
			if path, ok := filePath(f.URI); ok {
				folders = append(folders, path)
			}
		}
	}
	if len(folders) == 0 && p.RootURI != nil {
		if path, ok := filePath(*p.RootURI); ok {
			folders = append(folders, path)
		}
	}
	s.sess.setFolders(folders)
	s.setLifecycle(stateInitialized)
	// the heap floor a workspace scan holds (heapfloor.go) is held from
	// here, the load of the workspaces on, until initialized has asked for
	// the scan: no collection at the default between the two
	s.startFloor = holdHeapFloor()
	if len(folders) > 0 {
		// the workspaces of the folders are loaded while the client gets
		// the answer: the first request on a document of one, and the
		// workspace scan, find it loaded or on its way
		s.background("loading the workspaces", s.sess.loadFolders)
	}
	// and the schemas compiled, which the first check and the first hover
	// of each kind would otherwise compile while they wait
	s.background("compiling the schemas", func() {
		for _, k := range schema.Kinds() {
			schema.For(k)
		}
	})

	return &protocol.InitializeResult{
		Capabilities: capabilities(c),
		ServerInfo:   protocol.ServerInfo{Name: "osmosis-lint", Version: protocol.NewOptional(serverVersion(s.opts.Version))},
	}, nil
}

func (s *Server) Initialized(ctx context.Context, p *protocol.InitializedParams) error {
	c := s.caps()
	if c.watch {
		s.background("registering file watchers", s.registerWatchers)
	}
	if !c.pull {
		// show the findings of every config of the workspace, opened or not
		s.queue.schedule(nil)
	}
	if s.startFloor != nil {
		s.startFloor()
	}
	return nil
}

// registerWatchers asks the client to report changes to the files the
// cross-file rules read.
func (s *Server) registerWatchers() {
	var watchers []protocol.FileSystemWatcher
	// the required directories themselves too: creating or removing an
	// empty data/ changes workspace-scaffold's verdict on every config
	// git's HEAD, index and refs: the sync rules compare the rollouts with
	// what is committed and pushed
	for _, g := range []string{"**/rollouts/**", "**/data/**", "**/pyproject.toml", "**/configs/**", "**/.git/config", "**/.gitignore", "**/rollouts", "**/data", "**/configs",
		"**/.git/HEAD", "**/.git/index", "**/.git/packed-refs", "**/.git/refs/**", "**/.git/shallow", "**/.git/info/exclude"} {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern(g)})
	}
	// the root .env the osmosis CLI loads before every command
	// (env-platform-url)
	watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern("**/.env")})
	// the platform template's file, which says which configs are
	// reference templates (reference-template)
	watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern("**/" + workspace.TemplateFile)})
	// the saved platform lists: a setting names a JSON file anywhere in the
	// workspace, an option one anywhere at all (dataset-unknown,
	// model-unknown, secret-not-stored)
	watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern("**/*.json")})
	for _, f := range []string{s.opts.DatasetsFile, s.opts.ModelListFile, s.opts.SecretListFile} {
		if abs, err := filepath.Abs(f); f != "" && err == nil {
			watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern(filepath.ToSlash(abs))})
		}
	}
	opts, err := protocol.Marshal(protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers})
	if err != nil {
		s.log.Printf("register watchers: %v", err)
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	err = s.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:              "osmosis-lint-watchers",
		Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: opts,
	}}})
	if err != nil {
		s.log.Printf("register watchers: %v", err)
	}
}
