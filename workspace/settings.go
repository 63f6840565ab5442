package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/osmosis-lint/osmosis-lint/lint/severity"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace/editdist"
)

// SettingsFile is the file, at the workspace root, whose
// [tool.osmosis-lint] table holds the settings.
const SettingsFile = "pyproject.toml"

const settingsKey = "tool.osmosis-lint"

// settingKeys are the keys [tool.osmosis-lint] accepts.
var settingKeys = []string{"datasets", "exclude", "extend-select", "ignore", "model-list", "models", "provider-keys", "secret-list", "select", "severity"}

// Settings are the [tool.osmosis-lint] settings of the root pyproject.toml.
// Rule names are kept as written; checking them is the rules' business.
type Settings struct {
	// Select, when not nil, lists the rules (or rule groups) to check
	// instead of all of them; ExtendSelect adds to them.
	Select, ExtendSelect []string
	// Ignore lists rules to turn off everywhere.
	Ignore []string
	// Severity maps a rule to "error", "warning" or "info".
	Severity map[string]string
	// Datasets is the saved dataset list path as written, relative to the
	// workspace root.
	Datasets string
	// ModelList and SecretList are the saved model and secret list paths
	// as written, relative to the workspace root.
	ModelList, SecretList string
	// Models are extra known base model names.
	Models []string
	// ProviderKeys maps a model provider prefix (lower case, the part of
	// a LiteLLM model name before "/") to the environment variable that
	// holds its API key, beside the schema's table.
	ProviderKeys map[string]string
	// Exclude are workspace-relative glob patterns (gitignore syntax: "*",
	// "?", "[...]", "**"; no "/" inside matches a name at any depth) of
	// files and directories to leave out.
	Exclude []string

	exclude []*Glob
	// at is where each key of the table is written (for messages), in
	// file ("" for pyproject.toml).
	at    map[string]textPosition
	file  string
	table bool
}

// Table reports whether the file had a [tool.osmosis-lint] table.
func (st Settings) Table() bool { return st.table }

// Line returns the 1-based line of pyproject.toml where a key of the
// settings table ("datasets", "severity") is written, 0 when unknown.
func (st Settings) Line(key string) int { return st.at[key].line }

// File is the file the settings were read from: pyproject.toml, or the
// one given with SetFile.
func (st Settings) File() string {
	if st.file != "" {
		return st.file
	}
	return SettingsFile
}

// SetFile names the file the settings were read from, when it is not the
// workspace's pyproject.toml (--config FILE).
func (st *Settings) SetFile(name string) { st.file = name }

// Excluded reports whether the workspace-relative slash path, or a
// directory above it, matches an `exclude` pattern.
func (st Settings) Excluded(rel string) bool {
	for _, g := range st.exclude {
		if g.Match(rel) {
			return true
		}
	}
	return false
}

func (st Settings) clone() Settings {
	st.Ignore = slices.Clone(st.Ignore)
	st.Select = slices.Clone(st.Select)
	st.ExtendSelect = slices.Clone(st.ExtendSelect)
	st.Severity = maps.Clone(st.Severity)
	st.Models = slices.Clone(st.Models)
	st.ProviderKeys = maps.Clone(st.ProviderKeys)
	st.Exclude = slices.Clone(st.Exclude)
	return st
}

// ParseSettings reads the [tool.osmosis-lint] table of a pyproject.toml.
// Every bad setting (wrong type, unknown key, bad severity, bad glob, or
// the file not being TOML) is a Problem naming its key; the good settings
// are still returned.
func ParseSettings(data []byte) (Settings, []Problem) {
	var st Settings
	parsed := toml.Parse(data)
	if len(parsed.Errors) > 0 {
		e := parsed.Errors[0]
		line, col := parsed.Lines.Position(e.Range.Start, toml.Runes)
		return st, []Problem{{Source: ProblemSettings, Path: SettingsFile, Line: line + 1, Column: col + 1,
			Message: "not valid TOML: " + strings.TrimPrefix(e.Message, "invalid TOML: ")}}
	}
	doc := tableAny(parsed.Root)
	var pos map[string]textPosition
	var problems []Problem
	report := func(path []string, format string, args ...any) {
		if pos == nil {
			pos = tomlKeyPositions(parsed)
		}
		p := Problem{Source: ProblemSettings, Path: SettingsFile, Key: strings.Join(path, "."), Message: fmt.Sprintf(format, args...)}
		if at, ok := pos[strings.Join(path, "\x00")]; ok {
			p.Line, p.Column = at.line, at.column
		}
		problems = append(problems, p)
	}
	for _, path := range misspelledTables(doc) {
		report(path, "this table is not read: osmosis-lint reads its settings from [%s]; rename the table to that", settingsKey)
	}
	tool, ok := doc["tool"].(map[string]any)
	if !ok {
		return st, problems
	}
	raw, ok := tool["osmosis-lint"]
	if !ok {
		return st, problems
	}
	st.table = true
	if pos == nil {
		pos = tomlKeyPositions(parsed)
	}
	base := []string{"tool", "osmosis-lint"}
	table, ok := raw.(map[string]any)
	if !ok {
		report(base, "[%s] must be a table, found %s", settingsKey, tomlTypeName(raw))
		return st, problems
	}
	keys := slices.Sorted(maps.Keys(table))
	st.at = map[string]textPosition{}
	for _, key := range keys {
		if at, ok := pos[strings.Join(append(slices.Clip(base), key), "\x00")]; ok {
			st.at[key] = at
		}
		value := table[key]
		path := append(slices.Clip(base), key)
		switch key {
		case "ignore":
			st.Ignore = stringList(value, path, report)
		case "select":
			// an empty list is a choice (nothing but extend-select), unlike no key
			st.Select = append([]string{}, stringList(value, path, report)...)
		case "extend-select":
			st.ExtendSelect = stringList(value, path, report)
		case "models":
			st.Models = stringList(value, path, report)
		case "provider-keys":
			st.ProviderKeys = providerKeys(value, path, report)
		case "exclude":
			for _, pattern := range stringList(value, path, report) {
				g, err := CompileGlob(pattern)
				if err != nil {
					report(path, "bad glob: %v", err)
					continue
				}
				st.Exclude = append(st.Exclude, pattern)
				st.exclude = append(st.exclude, g)
			}
		case "datasets", "model-list", "secret-list":
			s, ok := value.(string)
			switch {
			case !ok:
				report(path, "must be a string (a path relative to the workspace root), found %s", tomlTypeName(value))
			case strings.TrimSpace(s) == "":
				report(path, "must not be empty")
			case key == "model-list":
				st.ModelList = s
			case key == "secret-list":
				st.SecretList = s
			default:
				st.Datasets = s
			}
		case "severity":
			sev, ok := value.(map[string]any)
			if !ok {
				report(path, "must be a table of rule = \"error\" | \"warning\" | \"info\", found %s", tomlTypeName(value))
				continue
			}
			for _, rule := range slices.Sorted(maps.Keys(sev)) {
				v, ok := sev[rule].(string)
				if !ok || !slices.Contains(severity.Names, v) {
					shown := tomlTypeName(sev[rule])
					if ok {
						shown = fmt.Sprintf("%q", v)
					}
					report(append(slices.Clip(path), rule), "severity must be \"error\", \"warning\" or \"info\", found %s", shown)
					continue
				}
				if st.Severity == nil {
					st.Severity = map[string]string{}
				}
				st.Severity[rule] = v
			}
		default:
			msg := fmt.Sprintf("unknown key %q in [%s]", key, settingsKey)
			if near := nearest(key, settingKeys); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else {
				msg += fmt.Sprintf("; known keys: %s", strings.Join(settingKeys, ", "))
			}
			report(path, "%s", msg)
		}
	}
	return st, problems
}

// misspelledTables finds the tables meant as [tool.osmosis-lint] and
// spelled otherwise ([tool.osmosis_lint], [tool.osmosislint],
// [tool.osmosis.lint], [tools.osmosis-lint], [osmosis-lint]): their
// settings would be ignored without a word.
func misspelledTables(doc map[string]any) [][]string {
	meant := func(k string) bool {
		n := strings.NewReplacer("-", "", "_", "", ".", "", " ", "").Replace(strings.ToLower(k))
		return n == "osmosislint" || n == "osmosislinter" || editdist.Distance(k, "osmosis-lint") <= 2
	}
	var out [][]string
	for _, top := range slices.Sorted(maps.Keys(doc)) {
		table, ok := doc[top].(map[string]any)
		if !ok {
			continue
		}
		switch {
		case meant(top):
			out = append(out, []string{top})
		case top == "tool" || strings.EqualFold(top, "tool") || editdist.Distance(strings.ToLower(top), "tool") == 1:
			for _, k := range slices.Sorted(maps.Keys(table)) {
				if _, isTable := table[k].(map[string]any); !isTable {
					continue
				}
				if sub, _ := table[k].(map[string]any); strings.EqualFold(k, "osmosis") && sub["lint"] != nil {
					out = append(out, []string{top, k, "lint"})
					continue
				}
				if (top != "tool" || k != "osmosis-lint") && meant(k) {
					out = append(out, []string{top, k})
				}
			}
		}
	}
	return out
}

// stringList reads an array of non-empty strings, reporting the elements
// that are not.
func stringList(value any, path []string, report func([]string, string, ...any)) []string {
	arr, ok := value.([]any)
	if !ok {
		report(path, "must be an array of strings, found %s", tomlTypeName(value))
		return nil
	}
	var out []string
	for i, v := range arr {
		s, ok := v.(string)
		switch {
		case !ok:
			report(path, "element %d must be a string, found %s", i, tomlTypeName(v))
		case strings.TrimSpace(s) == "":
			report(path, "element %d is empty", i)
		default:
			out = append(out, s)
		}
	}
	return out
}

// tomlTypeName names the TOML type of a decoded value.
func tomlTypeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return "a date or time"
}

type textPosition struct{ line, column int }

// tomlKeyPositions maps every key path of a TOML document (parts joined
// with NUL) to where its last part is first written. Table headers count
// for the table's own path.
func tomlKeyPositions(doc *toml.Document) map[string]textPosition {
	out := map[string]textPosition{}
	var walk func(path []string, t *toml.Table)
	walk = func(path []string, t *toml.Table) {
		if t == nil {
			return
		}
		for _, e := range t.Entries {
			p := append(slices.Clip(path), e.Key)
			joined := strings.Join(p, "\x00")
			if _, ok := out[joined]; !ok {
				line, col := doc.Lines.Position(e.KeyRange.Start, toml.Runes)
				out[joined] = textPosition{line: line + 1, column: col + 1}
			}
			switch v := e.Value; {
			case v.Kind == toml.KindTable:
				walk(p, v.Table)
			case v.ArrayOfTables:
				for _, item := range v.Items {
					walk(p, item.Table)
				}
			}
		}
	}
	walk(nil, doc.Root)
	return out
}

// tomlDateTime is a decoded TOML date or time (its text).
type tomlDateTime string

// tableAny decodes a table the way a generic TOML decoder does: tables
// are map[string]any, arrays []any, integers int64, floats float64, dates
// and times tomlDateTime.
func tableAny(t *toml.Table) map[string]any {
	out := make(map[string]any, len(t.Entries))
	for _, e := range t.Entries {
		out[e.Key] = valueAny(e.Value)
	}
	return out
}

func valueAny(v *toml.Value) any {
	switch v.Kind {
	case toml.KindString:
		return v.Str
	case toml.KindInteger:
		return v.Int
	case toml.KindFloat:
		return v.Float
	case toml.KindBool:
		return v.Bool
	case toml.KindArray:
		out := make([]any, len(v.Items))
		for i, item := range v.Items {
			out[i] = valueAny(item)
		}
		return out
	case toml.KindTable:
		if v.Table == nil {
			return map[string]any{}
		}
		return tableAny(v.Table)
	}
	return tomlDateTime(v.Str)
}

// offsetPosition turns a byte offset into a 1-based line and character
// column.
func offsetPosition(data []byte, off int) textPosition {
	if off > len(data) {
		off = len(data)
	}
	line := 1 + strings.Count(string(data[:off]), "\n")
	start := strings.LastIndexByte(string(data[:off]), '\n') + 1
	return textPosition{line: line, column: utf8.RuneCount(data[start:off]) + 1}
}

// nearest returns the candidate closest to s by edit distance, if close
// enough to be a likely typo.
func nearest(s string, candidates []string) string {
	best, bestDist := "", 0
	for _, c := range candidates {
		d := editdist.Distance(s, c)
		if best == "" || d < bestDist {
			best, bestDist = c, d
		}
	}
	if best == "" || bestDist > max(2, len(s)/3) {
		return ""
	}
	return best
}

type settingsPart struct {
	settings Settings
	problems []Problem
	// linked is where a symlinked pyproject.toml really is.
	linked string
	// read is true when pyproject.toml was read
	read bool
}

// SettingsRead reports whether the workspace's pyproject.toml was read
// (false when there is none, it cannot be read, or settings were given).
func (s *Snapshot) SettingsRead() bool { return s.settings.read }

func (s *Snapshot) loadSettings() *settingsPart {
	part := &settingsPart{}
	if s.opts.Settings != nil {
		part.settings = s.opts.Settings.clone()
		return part
	}
	r, err := s.Containment(SettingsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return part
	}
	if err != nil {
		// a settings file that cannot be read is never taken as absent:
		// its ignores and severities would silently not apply
		part.problems = []Problem{{Source: ProblemSettings, Path: SettingsFile, Message: err.Error() + "; it is not read"}}
		return part
	}
	if r.Symlinked {
		part.linked = r.Path
	}
	data, _, err := s.src.ReadFile(r.Path, 16<<20)
	if err != nil {
		part.problems = []Problem{{Source: ProblemSettings, Path: SettingsFile, Message: "cannot be read: " + unwrapPath(err).Error()}}
		return part
	}
	part.read = true
	part.settings, part.problems = ParseSettings(data)
	sort.SliceStable(part.problems, func(i, j int) bool { return part.problems[i].Line < part.problems[j].Line })
	return part
}

// Excluded is Settings().Excluded(rel) without the copy of the settings
// that Settings makes for its caller.
func (s *Snapshot) Excluded(rel string) bool { return s.settings.settings.Excluded(rel) }

// ExcludedFile reports whether the settings' `exclude` covers the file at
// the workspace-relative slash path rel, as named or as resolved (a link
// into an excluded directory).
func (s *Snapshot) ExcludedFile(rel string) bool {
	st := s.settings.settings
	if len(st.exclude) == 0 {
		return false
	}
	if st.Excluded(rel) {
		return true
	}
	res := s.Resolve(rel)
	return res.Inside && st.Excluded(res.Path)
}

// Settings returns the [tool.osmosis-lint] settings (defaults where a
// setting is absent or bad; see Problems).
func (s *Snapshot) Settings() Settings { return s.settings.settings.clone() }

// providerKeys reads the provider-keys setting: a table of provider =
// "ENV_NAME", the provider as LiteLLM spells it before the "/" of a model
// name and the name as [secrets] required lists it.
func providerKeys(value any, path []string, report func([]string, string, ...any)) map[string]string {
	t, ok := value.(map[string]any)
	if !ok {
		report(path, "must be a table of provider = \"ENV_NAME\", found %s", tomlTypeName(value))
		return nil
	}
	var out map[string]string
	for _, p := range slices.Sorted(maps.Keys(t)) {
		at := append(slices.Clip(path), p)
		name, ok := t[p].(string)
		switch {
		case !ok:
			report(at, "must be a string (the variable holding the key, such as \"OPENAI_API_KEY\"), found %s", tomlTypeName(t[p]))
			continue
		case p == "" || strings.ContainsAny(p, "/ \t") || strings.ToLower(p) != p:
			report(at, "a provider is the lower-case prefix of a model name before \"/\", such as \"openai\"")
			continue
		case !secretName(name):
			report(at, "must be a secret name: an uppercase letter, then uppercase letters, digits and underscores")
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[p] = name
	}
	return out
}

// secretName reports whether name matches the CLI's SECRET_NAME_RE,
// ^[A-Z][A-Z0-9_]*$.
func secretName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '_')) {
			return false
		}
	}
	return name != ""
}

// ProviderKey returns the variable the provider-keys setting names for a
// model provider, if it names one.
func (s *Snapshot) ProviderKey(provider string) (string, bool) {
	name, ok := s.settings.settings.ProviderKeys[provider]
	return name, ok
}
