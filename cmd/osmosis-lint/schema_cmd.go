package main

import (
	"errors"
	"fmt"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func runSchema(env *cmdEnv, args []string) (int, error) {
	fs := newFlags("schema", "osmosis-lint schema KIND  (training, eval or benchmark)", env.stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) != 1 {
		return 0, &usageErr{err: errors.New("name one kind: training, eval or benchmark"), showUsage: true}
	}
	k, ok := schema.ParseKind(pos[0])
	if !ok {
		return 0, &usageErr{err: fmt.Errorf("unknown kind %q: use training, eval or benchmark", pos[0]), showUsage: true}
	}
	_, err = env.stdout.Write(schema.For(k).JSON())
	return exitOK, err
}
