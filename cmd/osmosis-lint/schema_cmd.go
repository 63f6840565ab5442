package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/osmosis-lint/osmosis-lint/schema"
)

func schemaCommand(*flag.FlagSet) runFunc { return runSchema }

func runSchema(env *cmdEnv, pos []string) (int, error) {
	if len(pos) != 1 {
		return 0, &usageErr{err: errors.New("name one kind: training, eval or benchmark"), showUsage: true}
	}
	k, ok := schema.ParseKind(pos[0])
	if !ok {
		return 0, &usageErr{err: fmt.Errorf("unknown kind %q: use training, eval or benchmark", pos[0]), showUsage: true}
	}
	_, err := env.stdout.Write(schema.For(k).JSON())
	return exitOK, err
}
