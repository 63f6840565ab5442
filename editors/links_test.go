package editors

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// mdLink is a Markdown inline link or image: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// headingAnchors returns the anchors GitHub makes of a Markdown file's
// headings: lower case, punctuation dropped but hyphens and underscores,
// spaces as hyphens, a repeated one suffixed -1, -2, ...
func headingAnchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fence := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
			continue
		}
		if fence || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(l, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// TestMarkdownLinks holds every relative link of the repository's Markdown
// files to a file that exists, and a link with an anchor to a heading of
// that file: a section moved to another file keeps the links to it whole.
func TestMarkdownLinks(t *testing.T) {
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "testdata", "dist", "out":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{}
	anchorsOf := func(p string) (map[string]bool, bool) {
		if a, ok := anchors[p]; ok {
			return a, true
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, false
		}
		a := headingAnchors(string(data))
		anchors[p] = a
		return a, true
	}
	links := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(repo, f)
		fence := false
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				fence = !fence
			}
			if fence {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				path, anchor, _ := strings.Cut(target, "#")
				dest := f
				if path != "" {
					if strings.HasPrefix(path, "/") {
						t.Errorf("%s:%d: %s: an absolute link does not resolve on GitHub", rel, i+1, target)
						continue
					}
					dest = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s:%d: %s: no such file", rel, i+1, target)
						continue
					}
				}
				links++
				if anchor == "" || !strings.HasSuffix(dest, ".md") {
					continue
				}
				if a, ok := anchorsOf(dest); ok && !a[anchor] {
					t.Errorf("%s:%d: %s: no heading makes the anchor #%s", rel, i+1, target, anchor)
				}
			}
		}
	}
	if links == 0 {
		t.Fatal("no relative link found")
	}
	t.Logf("%d relative links in %d Markdown files", links, len(files))
}

func TestHeadingAnchors(t *testing.T) {
	a := headingAnchors("# osmosis-lint\n## Findings: rule, severity, stage\n### `doctor`\n## Editors, pre-commit and CI\n```\n# not a heading\n```\n## Usage\n## Usage\n")
	for _, want := range []string{"osmosis-lint", "findings-rule-severity-stage", "doctor", "editors-pre-commit-and-ci", "usage", "usage-1"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Error("a comment in a code block made an anchor")
	}
}
