package bench

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// scanCommand measures language servers on a whole workspace: from
// initialize to the end of the scan of the workspace's configs (the end of
// its work-done progress, or the diagnostics of the last config for a
// server that shows none and publishes for every config), a config
// opened right after initialized and hovered over and over while the
// server scans the others, beside `check` of the same workspace, the runs
// of each server and of check alternated.
func scanCommand(args []string) error {
	fset := flag.NewFlagSet("lspscan", flag.ContinueOnError)
	out := fset.String("out", "", "results file to append to")
	dir := fset.String("dir", "", "the workspace")
	runs := fset.Int("runs", 5, "recorded runs of each command")
	warmup := fset.Int("warmup", 1, "unrecorded runs of each command first")
	open := fset.String("open", "", "workspace-relative config opened right after initialized")
	needle := fset.String("hover", "rollout_batch_size", "text of the opened config whose middle is hovered")
	check := fset.String("check", "", "the check command the servers are measured against")
	if err := fset.Parse(args); err != nil {
		return err
	}
	rest := fset.Args()
	if *out == "" || *dir == "" || *open == "" || *check == "" || len(rest) == 0 || len(rest)%2 != 0 {
		return errors.New("want -out FILE -dir WORKSPACE -open CONFIG -check COMMAND and TOOL COMMAND pairs")
	}
	root, err := filepath.Abs(*dir)
	if err != nil {
		return err
	}
	configs, err := countConfigs(root)
	if err != nil {
		return err
	}
	checkArgv, err := expand(*check)
	if err != nil {
		return err
	}
	type measured struct {
		server
		last, cpu, hovers []float64
		rss               float64
		during            int
	}
	var servers []*measured
	for i := 0; i < len(rest); i += 2 {
		argv, err := expand(rest[i+1])
		if err != nil {
			return err
		}
		servers = append(servers, &measured{server: server{rest[i], argv}})
	}
	var checks, checkCPU []float64
	var checkRSS float64
	for i := 0; i < *warmup+*runs; i++ {
		for k := range servers {
			m := servers[(i+k)%len(servers)]
			r, err := scanOnce(m.tool, m.argv, root, filepath.Join(root, filepath.FromSlash(*open)), *needle, configs)
			if err != nil {
				return err
			}
			if i >= *warmup {
				m.last = append(m.last, ms64(r.last))
				m.cpu = append(m.cpu, ms64(r.cpu))
				m.hovers = append(m.hovers, r.hovers...)
				m.during += r.during
				m.rss = max(m.rss, r.rss)
			}
		}
		s, err := runOnce(root, checkArgv)
		if err != nil {
			return err
		}
		if i >= *warmup {
			checks = append(checks, ms64(s.wall))
			checkCPU = append(checkCPU, ms64(s.cpu))
			checkRSS = max(checkRSS, float64(s.maxRSS)/(1<<20))
		}
	}
	n := thousands(configs)
	scan, hover := "LSP initialize -> workspace scan done, "+n+" configs", "LSP hover on an open config during the scan of "+n+" configs"
	rows := []row{{Group: scan, Tool: "floor:check", Kind: "time", N: len(checks), P50: median(checks), P99: math.NaN(),
		Min: slices.Min(checks), CPU: median(checkCPU), RSS: checkRSS}}
	for _, m := range servers {
		r := row{Group: scan, Tool: m.tool, Kind: "time", N: len(m.last), P50: median(m.last), P99: math.NaN(), Min: slices.Min(m.last), CPU: median(m.cpu), RSS: m.rss}
		h := row{Group: hover, Tool: m.tool, Kind: "lsp", N: len(m.hovers), P50: percentile(m.hovers, 0.5), P99: percentile(m.hovers, 0.99),
			Min: percentile(m.hovers, 0), CPU: math.NaN(), RSS: math.NaN()}
		if configs == 10000 && m.tool == ours { // the goals are set on 10,000 configs
			r.Goal, h.Goal = "ratio<=2,rss<=150", "p99<=5"
		}
		rows = append(rows, r, h)
		fmt.Fprintf(os.Stderr, "%s: %d hovers answered before the scan was done, max %s\n", m.tool, m.during, ms(percentile(m.hovers, 1)))
	}
	for _, r := range rows {
		fmt.Fprintf(os.Stderr, "%s, %s: %s (%d samples)\n", r.Group, r.Tool, cell(&r), r.N)
	}
	return appendRows(*out, rows)
}

// countConfigs counts the .toml files under the workspace's configs/.
func countConfigs(root string) (int, error) {
	n := 0
	err := filepath.WalkDir(filepath.Join(root, "configs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".toml") {
			n++
		}
		return err
	})
	return n, err
}

// hoverEvery spaces the hovers during the scan.
const hoverEvery = 10 * time.Millisecond

type scanRun struct {
	last   time.Duration // from initialize to the end of the scan
	cpu    time.Duration // the server's processor time until then
	hovers []float64     // ms, each hover during the scan
	during int           // hovers answered before the end of the scan
	rss    float64       // MB, of the whole session (the index built)
}

// scanOnce starts the server, opens a config right after initialized and
// hovers over it until every config of the workspace has diagnostics.
func scanOnce(tool string, argv []string, root, open, needle string, configs int) (scanRun, error) {
	var r scanRun
	c, err := startClient(tool, root, argv)
	if err != nil {
		return r, err
	}
	defer func() {
		if r.rss == 0 {
			c.stop()
		}
	}()
	text, err := os.ReadFile(open)
	if err != nil {
		return r, err
	}
	pos, err := positionOf(string(text), needle, len(needle)/2)
	if err != nil {
		return r, err
	}
	t0 := time.Now()
	// a client that watches files, as VS Code: one that cannot has the
	// server stamp every file of the workspace when it loads it, and the
	// first request waits for that walk
	if _, err := c.initialize(root, true); err != nil {
		return r, err
	}
	uri := fileURI(open)
	if err := c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "toml", "version": 1, "text": string(text)}}); err != nil {
		return r, err
	}
	d := &document{c: c, uri: uri, text: text, version: 1}
	// the scan is over at the end of its work-done progress (a server that
	// publishes nothing for a clean config), or when every config has
	// diagnostics (one that publishes for every config, and shows no
	// progress)
	seen := map[string]bool{}
	deadline := time.Now().Add(5 * time.Minute)
	var lastAt, sent time.Time
	ended := false
	for !ended && len(seen) < configs {
		if time.Now().After(deadline) {
			return r, fmt.Errorf("%s: no end of the scan and diagnostics of %d configs of %d within 5 minutes", tool, len(seen), configs)
		}
		// one hover every hoverEvery at most, as a user moves the mouse:
		// a client that asks without a pause takes the processor the
		// server scans with
		if len(r.hovers) > 0 {
			time.Sleep(hoverEvery - time.Since(sent))
		}
		sent = time.Now()
		dt, err := d.request("textDocument/hover", pos)
		if err != nil {
			return r, err
		}
		r.hovers = append(r.hovers, ms64(dt))
	drain:
		for {
			select {
			case p := <-c.pubs:
				if !seen[p.uri] {
					seen[p.uri] = true
					lastAt = p.at
				}
			case at := <-c.ends:
				ended, lastAt = true, at
			default:
				break drain
			}
		}
		if !ended && len(seen) < configs {
			r.during++
		}
	}
	r.last = lastAt.Sub(t0)
	r.cpu = c.cpu()
	// the peak counts the index of the workspace's configs too, which the
	// server may build after the diagnostics: a workspace symbol search
	// waits for it
	if _, err := c.call("workspace/symbol", map[string]any{"query": "zz-no-such-symbol"}, time.Minute); err != nil {
		return r, err
	}
	fmt.Fprintf(os.Stderr, "%s: the scan of %d configs done after %s; first hover %s, %d hovers during the scan, max %s\n",
		tool, configs, ms(ms64(r.last)), ms(r.hovers[0]), r.during, ms(percentile(r.hovers, 1)))
	r.rss = c.stop()
	return r, nil
}
