package bench

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// row is one measured command: a line of the results file.
type row struct {
	Group string  // the work: "check, 1,000 configs"
	Tool  string  // osmosis-lint, floor:NAME, tombi, taplo
	Kind  string  // time (whole processes) or lsp (a request or an edit)
	N     int     // samples
	P50   float64 // ms: median wall time, or p50 latency
	P99   float64 // ms: p99 latency (lsp), NaN for whole processes
	Min   float64 // ms
	CPU   float64 // ms of processor time a run or an edit
	RSS   float64 // MB: peak resident set
	Goal  string  // on the osmosis-lint row: ratio<=X, p50<=MS, p99<=MS, rss<=MB, comma separated
}

const ours = "osmosis-lint"

func (r row) tsv() string {
	f := func(x float64) string {
		if math.IsNaN(x) {
			return "-"
		}
		return strconv.FormatFloat(x, 'f', 4, 64)
	}
	clean := func(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }
	return strings.Join([]string{clean(r.Group), clean(r.Tool), r.Kind, strconv.Itoa(r.N), f(r.P50), f(r.P99), f(r.Min), f(r.CPU), f(r.RSS), clean(r.Goal)}, "\t")
}

func parseRow(line string) (row, error) {
	f := strings.Split(line, "\t")
	if len(f) != 10 {
		return row{}, fmt.Errorf("%d fields, want 10: %q", len(f), line)
	}
	n, err := strconv.Atoi(f[3])
	if err != nil {
		return row{}, err
	}
	num := func(s string) float64 {
		if s == "-" {
			return math.NaN()
		}
		x, err2 := strconv.ParseFloat(s, 64)
		if err2 != nil {
			err = err2
		}
		return x
	}
	r := row{Group: f[0], Tool: f[1], Kind: f[2], N: n, P50: num(f[4]), P99: num(f[5]), Min: num(f[6]), CPU: num(f[7]), RSS: num(f[8]), Goal: f[9]}
	return r, err
}

// appendRows adds rows to the results file.
func appendRows(path string, rows []row) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	for _, r := range rows {
		fmt.Fprintln(f, r.tsv())
	}
	return f.Close()
}

func readRows(r io.Reader) ([]row, error) {
	var rows []row
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		x, err := parseRow(sc.Text())
		if err != nil {
			return nil, err
		}
		rows = append(rows, x)
	}
	return rows, sc.Err()
}

func tableCommand(args []string) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	in := fs.String("in", "", "results file")
	title := fs.String("title", "", "a line printed above the table")
	conditions := fs.String("conditions", "", "a line printed below the table")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" {
		return errors.New("-in is required")
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := readRows(f)
	if err != nil {
		return err
	}
	if *title != "" {
		fmt.Println(*title)
		fmt.Println()
	}
	fmt.Print(markdown(rows))
	if *conditions != "" {
		fmt.Println()
		fmt.Println(*conditions)
	}
	return nil
}

// markdown lays the rows out one line a work: osmosis-lint, its floor and
// the ratio, each other tool and its ratio to osmosis-lint, the goal.
func markdown(rows []row) string {
	var groups []string
	byGroup := map[string][]row{}
	var others []string
	seen := map[string]bool{}
	for _, r := range rows {
		if _, ok := byGroup[r.Group]; !ok {
			groups = append(groups, r.Group)
		}
		byGroup[r.Group] = append(byGroup[r.Group], r)
		if r.Tool != ours && !strings.HasPrefix(r.Tool, "floor:") && !seen[r.Tool] {
			seen[r.Tool] = true
			others = append(others, r.Tool)
		}
	}
	var b strings.Builder
	head := []string{"work", ours, "floor", ours + " / floor"}
	for _, o := range others {
		head = append(head, o, o+" / "+ours)
	}
	head = append(head, "goal")
	line := func(cells []string) { b.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	line(head)
	sep := make([]string, len(head))
	for i := range sep {
		sep[i] = "---"
	}
	line(sep)
	for _, g := range groups {
		var me, floor *row
		other := map[string]*row{}
		for i := range byGroup[g] {
			r := &byGroup[g][i]
			switch {
			case r.Tool == ours:
				me = r
			case strings.HasPrefix(r.Tool, "floor:"):
				floor = r
			default:
				other[r.Tool] = r
			}
		}
		cells := []string{g, cell(me), "", ""}
		if floor != nil {
			cells[2] = strings.TrimPrefix(floor.Tool, "floor:") + " " + ms(floor.P50) + " (min " + ms(floor.Min) + ")"
			if me != nil {
				cells[3] = ratio(me.P50, floor.P50)
			}
		}
		for _, o := range others {
			r := other[o]
			if r == nil {
				cells = append(cells, "", "")
				continue
			}
			rt := ""
			if me != nil {
				rt = ratio(r.P50, me.P50)
				if !math.IsNaN(r.P99) && !math.IsNaN(me.P99) {
					rt += " (p99 " + ratio(r.P99, me.P99) + ")"
				}
			}
			cells = append(cells, cell(r), rt)
		}
		cells = append(cells, goal(me, floor))
		line(cells)
	}
	return b.String()
}

func ratio(a, b float64) string {
	if math.IsNaN(a) || math.IsNaN(b) || b <= 0 {
		return ""
	}
	return fmt.Sprintf("%.1fx", a/b)
}

// ms formats milliseconds with three significant digits or so.
func ms(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case x >= 1000:
		return fmt.Sprintf("%.2f s", x/1000)
	case x >= 100:
		return fmt.Sprintf("%.0f ms", x)
	case x >= 10:
		return fmt.Sprintf("%.1f ms", x)
	default:
		return fmt.Sprintf("%.2f ms", x)
	}
}

func mb(x float64) string {
	if x >= 10 {
		return fmt.Sprintf("%.0f MB", x)
	}
	return fmt.Sprintf("%.1f MB", x)
}

func cell(r *row) string {
	if r == nil {
		return ""
	}
	var parts []string
	switch {
	case r.Kind == "time":
		parts = append(parts, ms(r.P50)+" (min "+ms(r.Min)+")")
		if !math.IsNaN(r.CPU) {
			parts = append(parts, "cpu "+ms(r.CPU))
		}
	case !math.IsNaN(r.P99):
		parts = append(parts, "p50 "+ms(r.P50)+", p99 "+ms(r.P99))
	default:
		parts = append(parts, "p50 "+ms(r.P50))
	}
	if r.Kind == "lsp" && !math.IsNaN(r.CPU) {
		parts = append(parts, "cpu "+ms(r.CPU)+"/edit")
	}
	if !math.IsNaN(r.RSS) {
		parts = append(parts, mb(r.RSS)+" peak")
	}
	return strings.Join(parts, ", ")
}

// goal renders the goal of a work and whether the osmosis-lint figures
// meet it.
func goal(me, floor *row) string {
	if me == nil || me.Goal == "" {
		return ""
	}
	var text []string
	met := true
	for _, term := range strings.Split(me.Goal, ",") {
		name, limit, ok := strings.Cut(strings.TrimSpace(term), "<=")
		x, err := strconv.ParseFloat(limit, 64)
		if !ok || err != nil {
			text = append(text, term+" (not a goal)")
			continue
		}
		var got float64
		switch name {
		case "ratio":
			got = math.NaN()
			if floor != nil {
				got = me.P50 / floor.P50
			}
			text = append(text, fmt.Sprintf("<= %gx the floor", x))
		case "p50":
			got = me.P50
			text = append(text, fmt.Sprintf("p50 <= %g ms", x))
		case "p99":
			got = me.P99
			text = append(text, fmt.Sprintf("p99 <= %g ms", x))
		case "rss":
			got = me.RSS
			text = append(text, fmt.Sprintf("<= %g MB", x))
		default:
			text = append(text, term+" (not a goal)")
			continue
		}
		if math.IsNaN(got) || got > x {
			met = false
		}
	}
	verdict := "met"
	if !met {
		verdict = "**missed**"
	}
	return strings.Join(text, ", ") + ": " + verdict
}
