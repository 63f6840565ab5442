package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// The Python side of the wheel: a module that finds the installed binary
// (for `python -m osmosis_lint`) and the project description PyPI shows.
//
//go:embed pypi/osmosis_lint/*.py pypi/README.md
var pypiFiles embed.FS

const distName = "osmosis_lint" // the project name normalized for file names

// wheelSpec is what one platform wheel is made of.
type wheelSpec struct {
	Version string // PEP 440
	Target  target
	Binary  []byte
	License []byte
	// Mtime is the time of every entry: the commit's (SOURCE_DATE_EPOCH),
	// so that the same commit gives the same bytes.
	Mtime time.Time
}

// wheelName is the file name the wheel spec (and pip) require:
// {name}-{version}-{python}-{abi}-{platform}.whl.
func (s wheelSpec) wheelName() string {
	return fmt.Sprintf("%s-%s-py3-none-%s.whl", distName, s.Version, strings.Join(s.Target.Wheel, "."))
}

type wheelFile struct {
	name string
	data []byte
	mode fs.FileMode
}

// files lists the wheel's entries in their archive order: the module, the
// binary as a script (pip and uv put .data/scripts/ on PATH, in bin/ or
// Scripts\), then .dist-info with RECORD last, as the spec recommends.
func (s wheelSpec) files() ([]wheelFile, error) {
	var out []wheelFile
	for _, name := range []string{"__init__.py", "__main__.py"} {
		b, err := pypiFiles.ReadFile("pypi/osmosis_lint/" + name)
		if err != nil {
			return nil, err
		}
		out = append(out, wheelFile{"osmosis_lint/" + name, b, 0o644})
	}
	data := fmt.Sprintf("%s-%s.data", distName, s.Version)
	out = append(out, wheelFile{data + "/scripts/" + s.Target.exe(), s.Binary, 0o755})

	readme, err := pypiFiles.ReadFile("pypi/README.md")
	if err != nil {
		return nil, err
	}
	info := fmt.Sprintf("%s-%s.dist-info", distName, s.Version)
	out = append(out,
		wheelFile{info + "/METADATA", []byte(metadata(s.Version, readme)), 0o644},
		wheelFile{info + "/WHEEL", []byte(wheelMeta(s.Target)), 0o644},
		wheelFile{info + "/LICENSE", s.License, 0o644},
	)
	return out, nil
}

func metadata(version string, readme []byte) string {
	var b strings.Builder
	for _, kv := range [][2]string{
		{"Metadata-Version", "2.1"},
		{"Name", "osmosis-lint"},
		{"Version", version},
		{"Summary", "Linter and language server for Osmosis workspace configs (configs/training, configs/eval, configs/benchmark)"},
		{"Home-page", "https://github.com/osmosis-lint/osmosis-lint"},
		{"Author", "The osmosis-lint authors"},
		{"License", "MIT"},
		{"Keywords", "osmosis,toml,lint,linter,language-server,lsp"},
		{"Project-URL", "Source, https://github.com/osmosis-lint/osmosis-lint"},
		{"Project-URL", "Documentation, https://github.com/osmosis-lint/osmosis-lint#readme"},
		{"Project-URL", "Editors, https://github.com/osmosis-lint/osmosis-lint/tree/main/editors#readme"},
		{"Classifier", "Development Status :: 4 - Beta"},
		{"Classifier", "Environment :: Console"},
		{"Classifier", "Intended Audience :: Developers"},
		{"Classifier", "License :: OSI Approved :: MIT License"},
		{"Classifier", "Operating System :: OS Independent"},
		{"Classifier", "Programming Language :: Python :: 3"},
		{"Classifier", "Topic :: Software Development :: Quality Assurance"},
		{"Requires-Python", ">=3.7"},
		{"Description-Content-Type", "text/markdown"},
	} {
		fmt.Fprintf(&b, "%s: %s\n", kv[0], kv[1])
	}
	b.WriteString("\n")
	b.Write(readme)
	return b.String()
}

func wheelMeta(t target) string {
	var b strings.Builder
	b.WriteString("Wheel-Version: 1.0\nGenerator: osmosis-lint editors/release\nRoot-Is-Purelib: false\n")
	for _, tag := range t.Wheel {
		fmt.Fprintf(&b, "Tag: py3-none-%s\n", tag)
	}
	return b.String()
}

// recordHash is a RECORD hash: sha256, urlsafe base64 without padding.
func recordHash(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256=" + base64.RawURLEncoding.EncodeToString(sum[:])
}

// build returns the wheel's bytes.
func (s wheelSpec) build() ([]byte, error) {
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	record := fmt.Sprintf("%s-%s.dist-info/RECORD", distName, s.Version)
	var rec strings.Builder
	for _, f := range files {
		fmt.Fprintf(&rec, "%s,%s,%d\n", f.name, recordHash(f.data), len(f.data))
	}
	fmt.Fprintf(&rec, "%s,,\n", record)
	files = append(files, wheelFile{record, []byte(rec.String()), 0o644})

	mtime := s.Mtime.UTC()
	if min := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC); mtime.Before(min) {
		mtime = min // the earliest time a zip file can hold
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// write builds the wheel into dir and returns its path.
func (s wheelSpec) write(dir string) (string, error) {
	b, err := s.build()
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, s.wheelName())
	return p, os.WriteFile(p, b, 0o644)
}

// clean is a zip entry name that stays inside the archive.
func clean(name string) bool {
	return name != "" && !strings.HasPrefix(name, "/") && !strings.Contains(name, "\\") &&
		path.Clean(name) == name && !strings.HasPrefix(name, "../") && name != ".."
}
