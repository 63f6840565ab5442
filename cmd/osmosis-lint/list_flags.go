package main

import "flag"

// listFlags name the saved platform lists: files are read, never fetched.
type listFlags struct {
	datasets, modelList, secretList string
}

func (l *listFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&l.datasets, "datasets", "", "`FILE` holding the output of `osmosis --json dataset list --all`")
	fs.StringVar(&l.modelList, "model-list", "", "`FILE` holding the output of `osmosis --json model list --all`")
	fs.StringVar(&l.secretList, "secret-list", "", "`FILE` holding the output of `osmosis --json secret list --all` (names only)")
}
