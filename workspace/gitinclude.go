package workspace

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// maxIncludeDepth is git's bound on nested [include] files.
const maxIncludeDepth = 10

// expandIncludes splices the files of `[include] path = ...` into cfg at
// their place, as git reads them. Only a relative path that stays in the
// including file's directory is read (a repository's own split config);
// any other include, an [includeIf], a missing file or one past the depth
// bound leaves cfg.partial set: what it would add is not known.
func expandIncludes(cfg *gitConfig, dir string, depth int) {
	var out []gitConfigVar
	for _, v := range cfg.vars {
		switch {
		case v.section == "includeif":
			cfg.partial = true
		case v.section == "include" && v.subsection == "" && v.key == "path":
			inc, ok := readInclude(v, dir, depth)
			if !ok {
				cfg.partial = true
				continue
			}
			out = append(out, inc.vars...)
			cfg.partial = cfg.partial || inc.partial
			continue
		}
		out = append(out, v)
	}
	cfg.vars = out
}

func readInclude(v gitConfigVar, dir string, depth int) (*gitConfig, bool) {
	p := filepath.FromSlash(v.value)
	if v.noValue || p == "" || filepath.IsAbs(p) || !filepath.IsLocal(p) || strings.HasPrefix(p, "~") || depth >= maxIncludeDepth {
		return nil, false
	}
	path := filepath.Join(dir, p)
	data, err := readNamedFile(path, maxGitFileSize)
	if err != nil {
		// git skips a missing include silently
		return &gitConfig{}, errors.Is(err, fs.ErrNotExist)
	}
	inc, err := parseGitConfig(data)
	if err != nil {
		return nil, false
	}
	expandIncludes(inc, filepath.Dir(path), depth+1)
	return inc, true
}
