package bench

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// sample is one run of a process.
type sample struct {
	wall, cpu time.Duration
	maxRSS    int64 // bytes
}

// runOnce runs argv in dir, its output discarded, and measures it.
func runOnce(dir string, argv []string) (sample, error) {
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir = dir
	start := time.Now()
	err := c.Run()
	wall := time.Since(start)
	if c.ProcessState == nil {
		return sample{}, err
	}
	s := sample{wall: wall, cpu: c.ProcessState.UserTime() + c.ProcessState.SystemTime()}
	if ru, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.maxRSS = ru.Maxrss * 1024 // kilobytes on Linux
	}
	if err != nil {
		return s, fmt.Errorf("%s: %w", strings.Join(argv, " "), err)
	}
	return s, nil
}

// expand splits a command on blanks and replaces each @FILE by the lines
// of FILE.
func expand(command string) ([]string, error) {
	var argv []string
	for _, w := range strings.Fields(command) {
		if !strings.HasPrefix(w, "@") {
			argv = append(argv, w)
			continue
		}
		data, err := os.ReadFile(w[1:])
		if err != nil {
			return nil, err
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" {
				argv = append(argv, l)
			}
		}
	}
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	return argv, nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// percentile is the nearest-rank percentile p (0 < p <= 1) of xs.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(p*float64(len(s)))) - 1
	return s[max(0, min(len(s)-1, i))]
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func ms64(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func timeCommand(args []string) error {
	fs := flag.NewFlagSet("time", flag.ContinueOnError)
	out := fs.String("out", "", "results file to append to")
	group := fs.String("group", "", "the work measured")
	dir := fs.String("dir", ".", "directory the commands run in")
	runs := fs.Int("runs", 20, "recorded runs of each command")
	warmup := fs.Int("warmup", 2, "unrecorded runs of each command first")
	goalText := fs.String("goal", "", "goal of the osmosis-lint command (ratio<=X, p50<=MS, rss<=MB)")
	var runsOf, warmupOf multiFlag
	fs.Var(&runsOf, "runs-of", "TOOL=N: recorded runs of one tool (repeatable)")
	fs.Var(&warmupOf, "warmup-of", "TOOL=N: unrecorded runs of one tool (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rest := fs.Args()
	if *out == "" || *group == "" || len(rest) == 0 || len(rest)%2 != 0 {
		return errors.New("want -out FILE -group NAME and TOOL COMMAND pairs")
	}
	type command struct {
		tool         string
		argv         []string
		runs, warmup int
		samples      []sample
	}
	var cmds []*command
	for i := 0; i < len(rest); i += 2 {
		argv, err := expand(rest[i+1])
		if err != nil {
			return fmt.Errorf("%s: %w", rest[i], err)
		}
		cmds = append(cmds, &command{tool: rest[i], argv: argv, runs: *runs, warmup: *warmup})
	}
	for _, set := range []struct {
		flag  string
		specs multiFlag
		least int
		field func(*command) *int
	}{
		{"-runs-of", runsOf, 1, func(c *command) *int { return &c.runs }},
		{"-warmup-of", warmupOf, 0, func(c *command) *int { return &c.warmup }},
	} {
		for _, spec := range set.specs {
			tool, n, ok := strings.Cut(spec, "=")
			k, err := strconv.Atoi(n)
			if !ok || err != nil || k < set.least {
				return fmt.Errorf("%s %q: want TOOL=N", set.flag, spec)
			}
			for _, c := range cmds {
				if c.tool == tool {
					*set.field(c) = k
				}
			}
		}
	}
	most := 0
	for _, c := range cmds {
		most = max(most, c.warmup+c.runs)
	}
	// alternate: each round runs every command still due once, starting
	// with a different one each round, so that drift in the machine's load
	// falls on all of them alike; a command's warm-up runs are its first
	for round := 0; round < most; round++ {
		for k := range cmds {
			c := cmds[(round+k)%len(cmds)]
			if round >= c.warmup+c.runs {
				continue
			}
			s, err := runOnce(*dir, c.argv)
			if err != nil {
				return err
			}
			if round >= c.warmup {
				c.samples = append(c.samples, s)
			}
		}
	}
	var rows []row
	for _, c := range cmds {
		var wall, cpu []float64
		var rss int64
		for _, s := range c.samples {
			wall = append(wall, ms64(s.wall))
			cpu = append(cpu, ms64(s.cpu))
			rss = max(rss, s.maxRSS)
		}
		r := row{Group: *group, Tool: c.tool, Kind: "time", N: len(c.samples), P50: median(wall), P99: math.NaN(),
			Min: slices.Min(wall), CPU: median(cpu), RSS: float64(rss) / (1 << 20)}
		if c.tool == ours {
			r.Goal = *goalText
		}
		fmt.Fprintf(os.Stderr, "%s, %s: median %s, min %s, cpu %s, peak %s (%d runs)\n", *group, c.tool, ms(r.P50), ms(r.Min), ms(r.CPU), mb(r.RSS), r.N)
		rows = append(rows, r)
	}
	return appendRows(*out, rows)
}
