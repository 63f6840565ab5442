package editors

import (
	"archive/zip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// vscodeTarget is the `vsce package --target` of this machine.
var vscodeTarget = map[string]string{
	"linux/amd64": "linux-x64", "linux/arm64": "linux-arm64",
	"darwin/amd64": "darwin-x64", "darwin/arm64": "darwin-arm64",
	"windows/amd64": "win32-x64", "windows/arm64": "win32-arm64",
}[runtime.GOOS+"/"+runtime.GOARCH]

// The platform VS Code extension, packaged the way .ci/release packages it,
// starts the osmosis-lint it bundles: the extension's resolution picks
// bin/osmosis-lint over one on PATH (and the osmosisLint.path setting over
// both), and the bundled server answers with the version of the binary
// packed. The universal extension, without bin/, finds the one on PATH.
func TestVSCodeBundledBinary(t *testing.T) {
	node := need(t, "node")
	out := packageVSIX(t)
	ext := unzip(t, filepath.Join(out, "osmosis-lint-vscode-"+vscodeTarget+".vsix"), filepath.Join(out, "platform"))
	universal := unzip(t, filepath.Join(out, "osmosis-lint-vscode.vsix"), filepath.Join(out, "universal"))

	// A decoy osmosis-lint on PATH: the bundled binary must win over it.
	pathDir := filepath.Join(out, "path")
	decoy := filepath.Join(pathDir, filepath.Base(bin))
	if err := os.MkdirAll(pathDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(decoy, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + pathDir + string(os.PathListSeparator) + os.Getenv("PATH")}
	resolve := func(extDir string, setting ...string) (res struct {
		Found        bool
		Path, Source string
	}) {
		t.Helper()
		script, _ := filepath.Abs(filepath.Join("vscode", "test", "resolve.mjs"))
		b := run(t, ".", env, node, append([]string{script, extDir}, setting...)...)
		if err := json.Unmarshal(b, &res); err != nil {
			t.Fatalf("resolve.mjs printed %s: %v", b, err)
		}
		return res
	}
	bundled := filepath.Join(ext, "bin", filepath.Base(bin))
	if got := resolve(ext); !got.Found || got.Source != "bundled" || got.Path != bundled {
		t.Errorf("platform extension resolves %+v, want the bundled %s", got, bundled)
	}
	if got := resolve(ext, bin); got.Source != "setting" || got.Path != bin {
		t.Errorf("with osmosisLint.path set: %+v, want the setting's %s", got, bin)
	}
	if got := resolve(universal); got.Source != "PATH" || got.Path != decoy {
		t.Errorf("universal extension resolves %+v, want %s on PATH", got, decoy)
	}

	// The bundled binary starts and serves the example workspace.
	packed, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(bundled); err != nil || string(got) != string(packed) {
		t.Fatalf("the bundled binary differs from the one packed (%v)", err)
	}
	version := strings.TrimSpace(strings.TrimPrefix(string(run(t, ".", nil, bundled, "version")), "osmosis-lint "))
	root := workspace(t)
	script, _ := filepath.Abs(filepath.Join("vscode", "test", "e2e-lsp.mjs"))
	file := filepath.Join(root, "configs", "training", "multiply-long.toml")
	var res struct {
		ServerInfo  struct{ Name, Version string } `json:"serverInfo"`
		Diagnostics []struct {
			Code string `json:"code"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(run(t, root, nil, node, script, bundled, file), &res); err != nil {
		t.Fatal(err)
	}
	if res.ServerInfo.Name != "osmosis-lint" || res.ServerInfo.Version != version {
		t.Errorf("serverInfo %+v, want osmosis-lint %s", res.ServerInfo, version)
	}
	var codes []string
	for _, d := range res.Diagnostics {
		codes = append(codes, d.Code)
	}
	if !slices.Equal(sorted(codes), sorted(want["configs/training/multiply-long.toml"])) {
		t.Errorf("diagnostics %v, want %v", codes, want["configs/training/multiply-long.toml"])
	}
}

// unzip unpacks a .vsix (keeping file modes, as VS Code does) and returns
// the path of its extension/ directory.
func unzip(t *testing.T, vsix, dir string) string {
	t.Helper()
	zr, err := zip.OpenReader(vsix)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if !filepath.IsLocal(f.Name) {
			t.Fatalf("%s: entry %q leaves the package", vsix, f.Name)
		}
		dst := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		w, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, f.Mode().Perm())
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(w, rc)
		rc.Close()
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "extension")
}
