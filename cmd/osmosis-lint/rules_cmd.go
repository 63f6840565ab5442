package main

import (
	"errors"
	"flag"
	"fmt"
	"text/tabwriter"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
)

func rulesCommand(fs *flag.FlagSet) runFunc {
	format := fs.String("format", "text", "output format: `text|json`")
	return func(env *cmdEnv, pos []string) (int, error) {
		if len(pos) > 0 {
			return 0, &usageErr{err: errors.New("rules takes no arguments (see 'osmosis-lint explain RULE')"), showUsage: true}
		}
		return writeRules(env, *format)
	}
}

func writeRules(env *cmdEnv, format string) (int, error) {
	rules := lint.Rules()
	switch format {
	case "json":
		out := make([]lint.RuleInfo, 0, len(rules))
		for _, r := range rules {
			out = append(out, r.Info())
		}
		return exitOK, escape.JSON(env.stdout, out)
	case "text":
		tw := tabwriter.NewWriter(env.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "RULE\tSEVERITY\tSTAGE\tSUMMARY")
		for _, r := range rules {
			stage := string(r.Stage)
			if r.Doctor {
				stage = "doctor"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Severity, stage, r.Summary)
		}
		return exitOK, tw.Flush()
	}
	return 0, &usageErr{err: fmt.Errorf("unknown format %q: use text or json", format), showUsage: true}
}

func explainCommand(*flag.FlagSet) runFunc { return runExplain }

func runExplain(env *cmdEnv, pos []string) (int, error) {
	if len(pos) != 1 {
		return 0, &usageErr{err: errors.New("name one rule (see 'osmosis-lint rules')"), showUsage: true}
	}
	r, ok := lint.Lookup(pos[0])
	if !ok {
		msg := lint.UnknownRule(pos[0])
		if lint.Suggest(pos[0], lint.RuleIDs()) == "" {
			msg += " (see 'osmosis-lint rules')"
		}
		return 0, &usageErr{err: errors.New(msg)}
	}
	fmt.Fprint(env.stdout, lint.Explain(r))
	return exitOK, nil
}
