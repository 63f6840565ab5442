package report

import (
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
	"github.com/osmosis-lint/osmosis-lint/lint/escape"
	"github.com/osmosis-lint/osmosis-lint/lint/version"
)

// SARIF 2.1.0, the subset code-scanning services read.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
	ColumnKind         string                      `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name,omitempty"`
	ShortDescription     sarifText         `json:"shortDescription"`
	FullDescription      sarifText         `json:"fullDescription"`
	Help                 sarifText         `json:"help"`
	HelpURI              string            `json:"helpUri"`
	DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
	Properties           map[string]string `json:"properties"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           sarifRegion      `json:"region"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

type sarifChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifFix struct {
	Description     sarifText     `json:"description"`
	ArtifactChanges []sarifChange `json:"artifactChanges"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          map[string]string `json:"properties,omitempty"`
}

const srcRoot = "%SRCROOT%"

func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "note"
}

// toolVersion is tool.driver.version: the one the caller set, else this
// build's, as the version command prints it.
func toolVersion(set string) string {
	if set != "" {
		return set
	}
	return version.String()
}

func writeSARIF(w io.Writer, files []File, opts Options) error {
	rules := lint.Rules()
	index := map[string]int{}
	driver := sarifDriver{
		Name:           "osmosis-lint",
		Version:        toolVersion(opts.Version),
		InformationURI: "https://github.com/osmosis-lint/osmosis-lint",
	}
	for i, r := range rules {
		index[r.ID] = i
		help := r.Summary + "\n\n" + r.FullDoc()
		name := camel(r.ID)
		if strings.EqualFold(name, r.ID) {
			// SARIF wants a name that differs from the id, or none
			name = ""
		}
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   r.ID,
			Name:                 name,
			ShortDescription:     sarifText{Text: r.Summary},
			FullDescription:      sarifText{Text: r.FullDoc()},
			Help:                 sarifText{Text: help, Markdown: help},
			HelpURI:              r.DocURL(),
			DefaultConfiguration: sarifRuleConfig{Level: sarifLevel(r.Severity)},
			Properties:           map[string]string{"stage": string(r.Stage)},
		})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}, ColumnKind: "unicodeCodePoints"}
	if wd, err := os.Getwd(); err == nil {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(wd) + "/"}}
	}
	for _, f := range files {
		prints := fingerprints(f)
		loc := sarifArtifactLoc{URI: relURI(f.Path), URIBaseID: srcRoot}
		if filepath.IsAbs(filepath.FromSlash(f.Path)) {
			// a file outside the current directory: an absolute URI
			loc = sarifArtifactLoc{URI: fileURI(filepath.FromSlash(f.Path))}
		}
		for i, x := range f.Findings {
			res := sarifResult{
				RuleID:    x.Rule,
				RuleIndex: index[x.Rule],
				Level:     sarifLevel(x.Severity),
				// the text a code-scanning service shows a person: escaped
				// as in the text styles (the JSON escapes are undone by
				// the reader)
				Message:   sarifText{Text: escape.String(x.Message)},
				Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: loc, Region: region(x.Line, x.Column, x.EndLine, x.EndColumn)}}},
				PartialFingerprints: map[string]string{
					"osmosisLintFingerprint/v1": prints[i],
				},
				Properties: map[string]string{"stage": string(x.Stage), "key": x.Key},
			}
			for _, fx := range x.Fixes {
				if fx.Create != "" {
					// a new file of the workspace, whose path is not
					// the report's: the finding's message says it
					continue
				}
				change := sarifChange{ArtifactLocation: loc}
				for _, e := range fx.Edits {
					change.Replacements = append(change.Replacements, sarifReplacement{
						DeletedRegion:   region(e.Line, e.Column, e.EndLine, e.EndColumn),
						InsertedContent: sarifText{Text: e.NewText},
					})
				}
				res.Fixes = append(res.Fixes, sarifFix{Description: sarifText{Text: escape.String(fx.Title)}, ArtifactChanges: []sarifChange{change}})
			}
			run.Results = append(run.Results, res)
		}
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
	return escape.JSON(w, log)
}

func region(l, c, el, ec int) sarifRegion {
	r := sarifRegion{StartLine: max(l, 1), StartColumn: max(c, 1), EndLine: max(el, 1), EndColumn: max(ec, 1)}
	if r.EndLine < r.StartLine || (r.EndLine == r.StartLine && r.EndColumn < r.StartColumn) {
		r.EndLine, r.EndColumn = r.StartLine, r.StartColumn
	}
	return r
}

func itoa(n int) string {
	b := []byte{}
	if n == 0 {
		return "0"
	}
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// camel turns a rule id into a SARIF rule name: "unknown-key" -> "UnknownKey".
func camel(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// relURI writes a relative slash path as a URI reference.
func relURI(p string) string {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

func fileURI(abs string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return u.String()
}
