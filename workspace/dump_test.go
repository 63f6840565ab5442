package workspace

import (
	"fmt"
	"sort"
	"strings"
)

// dump renders everything a snapshot knows, deterministically, with the
// given absolute paths replaced by placeholders. Golden files and the
// Apply-equals-Load checks compare these renderings.
func dump(s *Snapshot, placeholders map[string]string) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("scaffold:")
	for _, e := range append(s.RequiredDirs(), s.AgentFiles()...) {
		w("  %-18s present=%v symlink=%v escapes=%v", e.Path, e.Present, e.Symlink, e.Escapes)
	}
	w("missing: %q", s.Missing())
	o := s.Origin()
	errText := ""
	if o.Err != nil {
		errText = o.Err.Error()
	}
	w("origin: found=%v url=%q identity=%q display=%q err=%q", o.Found, o.URL, o.Identity.Repo, o.Identity.DisplayURL, errText)
	w("rollouts:")
	for _, r := range s.Rollouts() {
		w("  %s -> %s inside=%v dir=%v pyproject=%v truncated=%v", r.Name, r.Resolved.Path, r.Resolved.Inside, r.Resolved.IsDir, r.HasPyproject, r.Truncated)
		w("    files: %q", r.Files)
		w("    py: %q", r.PyFiles)
	}
	w("configs (limit=%q):", s.ConfigsLimit().Describe("configs"))
	for _, c := range s.Configs() {
		line := fmt.Sprintf("  %s kind=%s location=%s symlink=%v", c.Path, c.Kind, c.Location, c.Symlink)
		if c.Err != nil {
			line += " err=" + DescribeError(c.Err)
		}
		w("%s", line)
	}
	w("data (limit=%q):", s.DataLimit().Describe("data"))
	for _, f := range s.DataFiles() {
		w("  %s ext=%q upload=%q size=%d symlink=%v resolved=%q", f.Path, f.Ext, f.UploadName, f.Size, f.Symlink, f.Resolved)
	}
	for _, i := range s.DataIssues() {
		w("  not taken: %s", i.Message())
	}
	w("datasets (platform list=%v, file=%q):", s.HasPlatformList(), s.DatasetsFile())
	for _, d := range s.Datasets() {
		w("  %s source=%s status=%q from=%q data=%q", d.Name, d.Source, d.Status, d.From, d.DataFile)
	}
	w("models:")
	for _, m := range s.Models() {
		w("  %s (%s)", m.Name, m.Source)
	}
	st := s.Settings()
	var sev []string
	for k, v := range st.Severity {
		sev = append(sev, k+"="+v)
	}
	sort.Strings(sev)
	w("settings: ignore=%q severity=%q datasets=%q models=%q exclude=%q", st.Ignore, sev, st.Datasets, st.Models, st.Exclude)
	w("env files:")
	for _, e := range s.EnvFiles() {
		w("  %s present=%v symlink=%v tracked=%v ignored=%v by=%q", e.Name, e.Present, e.Symlink, e.Tracked, e.Ignored, e.IgnoredBy)
	}
	w("skills:")
	for _, sk := range s.Skills() {
		w("  %s file=%v frontmatter=%v err=%q name=%q description=%q", sk.Name, sk.HasFile, sk.FrontMatter, sk.FrontMatterError, sk.FrontName, sk.Description)
	}
	w("skill links:")
	for _, l := range s.SkillLinks() {
		w("  %s symlink=%v target=%q absolute=%v resolved=%q exists=%v canonical=%v", l.Path, l.Symlink, l.Target, l.Absolute, l.Resolved.Path, l.Resolved.Exists, l.Canonical)
	}
	w("problems:")
	for _, p := range s.Problems() {
		w("  [%s] %s", p.Source, p.Error())
	}
	out := b.String()
	// Longest first, so a root inside a temp dir is replaced before it.
	keys := make([]string, 0, len(placeholders))
	for k := range placeholders {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	for _, k := range keys {
		out = strings.ReplaceAll(out, k, placeholders[k])
	}
	return out
}
