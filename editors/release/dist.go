package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

var hostGOOS, hostGOARCH = runtime.GOOS, runtime.GOARCH

// metadata is the part of GoReleaser's dist/metadata.json used here.
type releaseMeta struct {
	ProjectName string `json:"project_name"`
	Tag         string `json:"tag"`
	Version     string `json:"version"`
	Commit      string `json:"commit"`
}

func readMetadata(dist string) (releaseMeta, error) {
	var m releaseMeta
	b, err := os.ReadFile(filepath.Join(dist, "metadata.json"))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("metadata.json: %v", err)
	}
	if m.Version == "" || m.Commit == "" || m.Commit == "none" {
		return m, fmt.Errorf("metadata.json names no version or commit (%q, %q): GoReleaser did not see the git state", m.Version, m.Commit)
	}
	return m, nil
}

type builtBinary struct {
	path   string
	target target
}

// readBinaries lists the binaries in dist/artifacts.json, each with its
// release target.
func readBinaries(dist string) ([]builtBinary, error) {
	b, err := os.ReadFile(filepath.Join(dist, "artifacts.json"))
	if err != nil {
		return nil, err
	}
	var arts []struct {
		Path   string `json:"path"`
		GOOS   string `json:"goos"`
		GOARCH string `json:"goarch"`
		Type   string `json:"type"`
	}
	if err := json.Unmarshal(b, &arts); err != nil {
		return nil, fmt.Errorf("artifacts.json: %v", err)
	}
	var out []builtBinary
	for _, a := range arts {
		if a.Type != "Binary" {
			continue
		}
		t, err := findTarget(a.GOOS, a.GOARCH)
		if err != nil {
			return nil, err
		}
		out = append(out, builtBinary{filepathFromArtifact(dist, a.Path), t})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("artifacts.json lists no binaries")
	}
	return out, nil
}
