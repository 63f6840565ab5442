package editors

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// regenerateCommand is .ci/README.md's one command that rewrites every generated
// file (RULES.md, the goldens, the fuzz seed corpora, the plugin's skill).
const regenerateCommand = "go test -short ./cmd/internal/mcpserver ./cmd/osmosis-lint ./editors ./lint ./lint/report ./lsp ./schema ./schema/toml ./workspace -update"

// testFlag finds the flags a test file defines.
var testFlag = regexp.MustCompile(`flag\.(?:Bool|String|Int)\("([^"]+)"`)

// TestRegenerateCommandIsComplete: the development section (.ci/README.md) shows the
// regenerating command, and it names exactly the packages whose tests
// define the -update flag, so one command rewrites every generated file.
// A test flag that rewrites files is always called update.
func TestRegenerateCommandIsComplete(t *testing.T) {
	t.Parallel()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(repo, ".ci", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "\n    "+regenerateCommand+"\n") {
		t.Fatalf(".ci/README.md does not show %q in its development section", regenerateCommand)
	}
	var updating []string
	err = filepath.WalkDir(repo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != repo) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repo, path)
		for _, m := range testFlag.FindAllStringSubmatch(string(data), -1) {
			switch name := m[1]; {
			case name == "update":
				pkg := "./" + filepath.ToSlash(filepath.Dir(rel))
				if !slices.Contains(updating, pkg) {
					updating = append(updating, pkg)
				}
			case regexp.MustCompile(`(?i)updat|regen|golden|rewrite|write`).MatchString(name):
				t.Errorf("%s: the flag -%s rewrites files: call it -update, the one name the regenerating command passes", rel, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(updating)
	var listed []string
	for _, w := range strings.Fields(regenerateCommand) {
		if strings.HasPrefix(w, "./") {
			listed = append(listed, w)
		}
	}
	slices.Sort(listed)
	if !slices.Equal(listed, updating) {
		t.Errorf("the regenerating command names %v; the packages with an -update flag are %v", listed, updating)
	}
}
