package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"

	"github.com/osmosis-lint/osmosis-lint/lsp"
)

func lspCommand(fs *flag.FlagSet) runFunc {
	lists := &listFlags{}
	lists.define(fs)
	fs.Bool("stdio", true, "serve on standard input and output (the default, for clients that pass it)")
	return func(env *cmdEnv, pos []string) (int, error) { return runLSP(env, pos, lists) }
}

func runLSP(env *cmdEnv, pos []string, lists *listFlags) (int, error) {
	if len(pos) > 0 {
		return 0, &usageErr{err: errors.New("lsp takes no arguments"), showUsage: true}
	}
	in, ok := env.stdin.(io.Reader)
	if !ok {
		return 0, errors.New("no standard input")
	}
	home, _ := os.UserHomeDir()
	rwc := stdio{r: in, w: env.stdout}
	code := lsp.Serve(context.Background(), rwc, lsp.Options{
		Version:        version(),
		Home:           home,
		DatasetsFile:   lists.datasets,
		ModelListFile:  lists.modelList,
		SecretListFile: lists.secretList,
		Log:            env.stderr,
	})
	return code, nil
}

// stdio joins standard input and output into the stream the server reads.
type stdio struct {
	r io.Reader
	w io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.r.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.w.Write(p) }
func (s stdio) Close() error {
	var errs []error
	if c, ok := s.r.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
