package runner

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/workspace"
)

// WriteSettings prints what a run over paths would use (ruff's
// --show-settings), for each workspace it finds: the root and how it was
// found, the settings file, the dataset list, the extra models, the
// exclude patterns, the severity overrides, and every rule, on or off, with
// the choice that decided it. given describes settings named on the
// command line ("--config FILE", "--isolated"), "" for each workspace's
// pyproject.toml.
func WriteSettings(w io.Writer, paths []string, opts Options, given string) error {
	r, err := start(paths, opts)
	if err != nil {
		return err
	}
	roots := slices.Sorted(func(yield func(string) bool) {
		for root := range r.spaces {
			if !yield(root) {
				return
			}
		}
	})
	outside := 0
	for _, j := range r.jobs {
		if j.sp == nil {
			outside++
		}
	}
	for i, root := range roots {
		if i > 0 {
			fmt.Fprintln(w)
		}
		r.writeSpace(w, r.spaces[root], given)
	}
	if outside > 0 {
		if len(roots) > 0 {
			fmt.Fprintln(w)
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "outside\t%d named file(s) in no workspace: checked with the rules that need only the file, the defaults and the command line's choices\n", outside)
		writeRules(tw, r.settingsOf(nil))
		tw.Flush()
	}
	return nil
}

func (r *run) writeSpace(w io.Writer, sp *space, given string) {
	snap := sp.ws.Snapshot
	root := snap.Root()
	st := snap.Settings()
	how := "the top of its git worktree"
	switch {
	case r.opts.Root == root:
		how = "given with --workspace"
	case sp.bare:
		how = "in no git repository: the rules that need a workspace are skipped"
	case sp.ws.CLIRoot != "":
		how = "it has configs/ or rollouts/ of its own, below the git root " + sp.ws.CLIRoot + ", which the osmosis CLI takes as the workspace"
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	line := func(k, v string) { fmt.Fprintf(tw, "%s\t%s\n", k, escape.String(v)) }
	line("workspace", root+" ("+how+")")
	py := filepath.Join(root, workspace.SettingsFile)
	switch {
	case given != "":
		line("settings", given)
	case snap.SettingsRead() && st.Table():
		line("settings", py+" [tool.osmosis-lint]")
	case snap.SettingsRead():
		line("settings", py+" has no [tool.osmosis-lint] table: the defaults")
	default:
		line("settings", "no "+py+": the defaults")
	}
	switch file := snap.DatasetsFile(); {
	case file != "":
		line("datasets", listSource(file, r.opts.DatasetsFile != "", "--datasets", "datasets"))
	default:
		line("datasets", "no saved dataset list (dataset-unknown reports nothing without one)")
	}
	if n := len(snap.Datasets()); n == 1 {
		line("", "1 dataset name known")
	} else {
		line("", fmt.Sprintf("%d dataset names known", n))
	}
	base := "the built-in list"
	if file := snap.ModelListFile(); file != "" {
		base = "the base models of " + listSource(file, r.opts.ModelListFile != "", "--model-list", "model-list")
	}
	if len(st.Models) > 0 {
		line("models", strings.Join(st.Models, ", ")+" (besides "+base+")")
	} else {
		line("models", base)
	}
	switch file := snap.SecretListFile(); {
	case file != "":
		line("secrets", listSource(file, r.opts.SecretListFile != "", "--secret-list", "secret-list"))
	default:
		line("secrets", "no saved secret list (secret-not-stored and run-secret-not-stored report nothing without one)")
	}
	if len(st.Exclude) > 0 {
		line("exclude", strings.Join(st.Exclude, ", "))
	} else {
		line("exclude", "nothing")
	}
	if len(st.Severity) > 0 {
		var set []string
		for _, id := range slices.Sorted(maps.Keys(st.Severity)) {
			set = append(set, id+" = "+st.Severity[id])
		}
		line("severity", strings.Join(set, ", "))
	} else {
		line("severity", "each rule's own")
	}
	if r.opts.ForceExclude {
		line("", "--force-exclude: named files too")
	}
	writeRules(tw, sp.ws.Settings)
	tw.Flush()
}

// writeRules lists every rule with its state, severity and the choice that
// decided them, on the settings' tabwriter.
func writeRules(tw *tabwriter.Writer, s *lint.Settings) {
	choices := s.Choices()
	on := 0
	for _, c := range choices {
		if c.On {
			on++
		}
	}
	fmt.Fprintf(tw, "rules\t%d of %d on (doctor's workspace checks run only under `osmosis-lint doctor`)\n", on, len(choices))
	for _, c := range choices {
		state := "off"
		if c.On {
			state = "on "
		}
		sev := string(c.Severity)
		if c.SeverityWhy != "" {
			sev += " (" + c.SeverityWhy + ")"
		}
		fmt.Fprintf(tw, "\t  %s %s %s: %s\n", state, c.Rule, sev, c.Why)
	}
}

// listSource names a saved platform list and what chose it: the flag, or
// the setting of that name.
func listSource(file string, byFlag bool, flag, setting string) string {
	if byFlag {
		return file + " (" + flag + ")"
	}
	return file + " (the " + setting + " setting)"
}
