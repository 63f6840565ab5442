package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint"
)

// fingerprints identifies each finding of f across runs: the rule, the
// file, the key and the text of the finding's line, not its line number, so
// a finding keeps its identity when lines are added above it; a count tells
// identical findings in one file apart. Code-scanning and code-quality
// services match findings between commits by it. The line is hashed with
// its credentials masked, so that a short password cannot be recovered
// from the hash by trying candidates.
func fingerprints(f File) []string {
	if len(f.Findings) == 0 {
		return nil // nothing to hash, nor to mask
	}
	lines := strings.Split(string(lint.Masked(f.Src, f.Findings)), "\n")
	out := make([]string, len(f.Findings))
	seen := map[string]int{}
	for i, x := range f.Findings {
		text := ""
		if x.Line >= 1 && x.Line <= len(lines) {
			text = strings.TrimSpace(lines[x.Line-1])
		}
		h := sha256.Sum256([]byte(x.Rule + "\x00" + f.Path + "\x00" + x.Key + "\x00" + text))
		fp := hex.EncodeToString(h[:8])
		seen[fp]++
		out[i] = fp + ":" + itoa(seen[fp])
	}
	return out
}
