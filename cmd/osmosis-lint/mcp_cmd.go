package main

import (
	"context"
	"errors"
	"flag"
	"os"

	"github.com/osmosis-lint/osmosis-lint/cmd/internal/mcpserver"
)

func mcpCommand(fs *flag.FlagSet) runFunc {
	root := fs.String("workspace", "", "use `DIR` as the only workspace, instead of the client's roots or the current directory's git repository")
	lists := &listFlags{}
	lists.define(fs)
	return func(env *cmdEnv, pos []string) (int, error) {
		if len(pos) > 0 {
			return 0, &usageErr{err: errors.New("mcp takes no arguments"), showUsage: true}
		}
		wd, err := os.Getwd()
		if err != nil {
			return 0, err
		}
		home, _ := os.UserHomeDir()
		// every line is checked before it is decoded: no message ends the
		// session (see mcpserver.StdioTransport)
		t := &mcpserver.StdioTransport{Reader: env.stdin, Writer: env.stdout}
		err = mcpserver.Serve(context.Background(), t, mcpserver.Options{
			Version: version(), Dir: wd, Root: *root, Home: home, DatasetsFile: lists.datasets,
			ModelListFile: lists.modelList, SecretListFile: lists.secretList,
		})
		if err != nil { // not the end of the input: a failed read or write
			return 0, err
		}
		return exitOK, nil
	}
}
