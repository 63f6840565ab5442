package workspace

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
)

// Skill is one canonical agent skill, a directory under .agents/skills/.
type Skill struct {
	// Name is the directory name.
	Name string
	// Path is ".agents/skills/<name>/SKILL.md".
	Path string
	// HasFile is set when SKILL.md exists as a regular file.
	HasFile bool
	// FrontMatter is set when SKILL.md opens with a closed "---" block that
	// parsed; FrontMatterError says why not, when the block is malformed.
	FrontMatter      bool
	FrontMatterError string
	// FrontName and Description are the front matter's `name` and
	// `description`, "" when absent.
	FrontName   string
	Description string
}

// SkillLink is one entry under .claude/skills/, which should be a relative
// symlink to ../../.agents/skills/<name>.
type SkillLink struct {
	// Name is the entry name; Path is ".claude/skills/<name>".
	Name string
	Path string
	// Symlink is set when the entry itself is a symlink; Target is its link
	// text and Absolute says the text is an absolute path.
	Symlink  bool
	Target   string
	Absolute bool
	// Resolved is the entry resolved inside the workspace (Exists is false
	// for a broken link).
	Resolved Resolved
	// Canonical is set when it resolves to the directory
	// .agents/skills/<name>.
	Canonical bool
}

type skillsPart struct {
	skills []Skill
	links  []SkillLink
	// linked are the paths the skill directories lead to through symlinks.
	linked []string
}

const (
	skillsDir     = ".agents/skills"
	skillLinksDir = ".claude/skills"
	skillFile     = "SKILL.md"
)

func (s *Snapshot) loadSkills() *skillsPart {
	part := &skillsPart{}
	lim := walkLimits{maxEntries: 10000, maxDepth: 1, links: &part.linked}
	s.rv.walk(skillsDir, lim, func(e walkEntry) bool {
		if !e.isDir || strings.HasPrefix(e.name, ".") {
			return false
		}
		part.skills = append(part.skills, s.readSkill(e.name))
		return false
	})
	s.rv.walk(skillLinksDir, lim, func(e walkEntry) bool {
		if strings.HasPrefix(e.name, ".") {
			return false
		}
		l := SkillLink{Name: e.name, Path: skillLinksDir + "/" + e.name, Symlink: e.symlink}
		if e.symlink {
			if target, err := s.disk.Readlink(e.at); err == nil {
				l.Target = target
				l.Absolute = filepath.IsAbs(target)
			}
		}
		l.Resolved = s.rv.resolve(".", l.Path)
		l.Canonical = l.Resolved.Inside && l.Resolved.IsDir && l.Resolved.Path == s.canonicalSkillDir(e.name)
		part.links = append(part.links, l)
		return false
	})
	return part
}

// canonicalSkillDir is .agents/skills/<name>, resolved (the canonical
// directory may itself live behind a symlink).
func (s *Snapshot) canonicalSkillDir(name string) string {
	r := s.rv.resolve(".", skillsDir+"/"+name)
	if !r.Inside {
		return ""
	}
	return r.Path
}

func (s *Snapshot) readSkill(name string) Skill {
	sk := Skill{Name: name, Path: skillsDir + "/" + name + "/" + skillFile}
	r := s.rv.resolve(".", sk.Path)
	if !r.Inside || !r.IsRegular {
		return sk
	}
	sk.HasFile = true
	data, _, err := s.src.ReadFile(r.Path, 1<<20)
	if err != nil {
		sk.FrontMatterError = err.Error()
		return sk
	}
	fields, ok, errMsg := parseFrontMatter(data)
	sk.FrontMatter, sk.FrontMatterError = ok, errMsg
	sk.FrontName, sk.Description = fields["name"], fields["description"]
	return sk
}

// Skills returns the canonical skills, by name.
func (s *Snapshot) Skills() []Skill { return append([]Skill(nil), s.skillParts().skills...) }

// SkillLinks returns the .claude/skills entries, by name.
func (s *Snapshot) SkillLinks() []SkillLink { return append([]SkillLink(nil), s.skillParts().links...) }

// parseFrontMatter reads the YAML front matter block that opens a Markdown
// file: top-level `key: value` pairs with plain, quoted ('...' and "...")
// and block (| and >) scalars, plain values continued on indented lines.
// Nested structures are kept as their folded text. ok is false when the
// file has no front matter, or errMsg says why it is malformed.
func parseFrontMatter(data []byte) (fields map[string]string, ok bool, errMsg string) {
	fields = map[string]string{}
	text := strings.ReplaceAll(string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) == 0 || strings.TrimRight(lines[0], " \t") != "---" {
		return fields, false, ""
	}
	end := -1
	for i := 1; i < len(lines); i++ {
		if t := strings.TrimRight(lines[i], " \t"); t == "---" || t == "..." {
			end = i
			break
		}
	}
	if end < 0 {
		return fields, false, "front matter opened with --- is never closed"
	}
	body := lines[1:end]
	for i := 0; i < len(body); i++ {
		line := body[i]
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return fields, false, "front matter line " + strconv.Itoa(i+2) + " is indented where a key was expected"
		}
		key, rest, found := strings.Cut(line, ":")
		key = strings.TrimSpace(key)
		if !found || key == "" || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			return fields, false, "front matter line " + strconv.Itoa(i+2) + " is not a `key: value` pair"
		}
		key = unquoteKey(key)
		rest = strings.TrimSpace(rest)
		// Indented lines after the key belong to its value.
		j := i + 1
		for j < len(body) && (strings.TrimSpace(body[j]) == "" || body[j][0] == ' ' || body[j][0] == '\t') {
			j++
		}
		for j > i+1 && strings.TrimSpace(body[j-1]) == "" {
			j--
		}
		cont := body[i+1 : j]
		value, err := yamlScalar(rest, cont)
		if err != "" {
			return fields, false, "front matter key `" + key + "`: " + err
		}
		fields[key] = value
		i = j - 1
	}
	return fields, true, ""
}

func unquoteKey(k string) string {
	if len(k) >= 2 && (k[0] == '"' || k[0] == '\'') && k[len(k)-1] == k[0] {
		return k[1 : len(k)-1]
	}
	return k
}

// yamlScalar reads the value that starts with first (the text after the
// colon) and continues on the indented lines cont.
func yamlScalar(first string, cont []string) (string, string) {
	switch {
	case strings.HasPrefix(first, "|") || strings.HasPrefix(first, ">"):
		return blockScalar(first[0] == '|', cont), ""
	case strings.HasPrefix(first, `"`) || strings.HasPrefix(first, "'"):
		all := first
		for _, c := range cont {
			all += "\n" + c
		}
		return quotedScalar(all)
	}
	parts := []string{stripComment(first)}
	for _, c := range cont {
		parts = append(parts, strings.TrimSpace(stripComment(c)))
	}
	return strings.TrimSpace(foldLines(parts)), ""
}

// stripComment drops a " #" comment from a plain scalar line.
func stripComment(s string) string {
	if strings.HasPrefix(s, "#") {
		return ""
	}
	if i := strings.Index(s, " #"); i >= 0 {
		return s[:i]
	}
	if i := strings.Index(s, "\t#"); i >= 0 {
		return s[:i]
	}
	return s
}

// foldLines joins lines with spaces; an empty line becomes a newline.
func foldLines(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 0:
		case l == "":
			b.WriteByte('\n')
			continue
		case !strings.HasSuffix(b.String(), "\n") && b.Len() > 0:
			b.WriteByte(' ')
		}
		b.WriteString(l)
	}
	return b.String()
}

func blockScalar(literal bool, lines []string) string {
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	var out []string
	for _, l := range lines {
		if len(l) >= indent && indent >= 0 {
			l = l[indent:]
		} else {
			l = strings.TrimSpace(l)
		}
		out = append(out, l)
	}
	if literal {
		return strings.TrimRight(strings.Join(out, "\n"), "\n")
	}
	return strings.TrimRight(foldLines(out), "\n")
}

// quotedScalar reads a single- or double-quoted scalar, possibly spread
// over lines (folded).
func quotedScalar(s string) (string, string) {
	q := s[0]
	var b strings.Builder
	i := 1
	for i < len(s) {
		c := s[i]
		switch {
		case q == '\'' && c == '\'':
			if i+1 < len(s) && s[i+1] == '\'' {
				b.WriteByte('\'')
				i += 2
				continue
			}
			return foldQuoted(b.String()), trailingAfterQuote(s[i+1:])
		case q == '"' && c == '"':
			return foldQuoted(b.String()), trailingAfterQuote(s[i+1:])
		case q == '"' && c == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\n':
			default:
				b.WriteByte(s[i])
			}
			i++
			continue
		}
		b.WriteByte(c)
		i++
	}
	return "", "unterminated quoted value"
}

func trailingAfterQuote(rest string) string {
	rest = strings.TrimSpace(stripComment(rest))
	if rest != "" {
		return "unexpected text after the closing quote"
	}
	return ""
}

// foldQuoted folds the line breaks of a multi-line quoted scalar.
func foldQuoted(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i := range lines {
		if i > 0 {
			lines[i] = strings.TrimLeft(lines[i], " \t")
		}
		if i < len(lines)-1 {
			lines[i] = strings.TrimRight(lines[i], " \t")
		}
	}
	return foldLines(lines)
}
