package lint

import (
	"slices"
	"strconv"
	"strings"

	"github.com/osmosis-lint/osmosis-lint/lint/fix"
	"github.com/osmosis-lint/osmosis-lint/schema"
	"github.com/osmosis-lint/osmosis-lint/schema/toml"
	"github.com/osmosis-lint/osmosis-lint/workspace/editdist"
)

var (
	ruleUnknownKey = Rule{
		ID:       RuleUnknownKey,
		Severity: Error,
		Stage:    StageSubmit,
		Fixable:  sometimes(Unsafe, DisplayOnly),
		Summary:  "A key the table does not allow.",
		Doc: `Every section of a config accepts a fixed set of keys (only [advanced] takes any key).
The osmosis CLI rejects anything else at submit, so a misspelled key never silently falls back
to the platform default. In benchmark configs this also covers unknown top-level keys.`,
		Bad:   "# ...\n[training]\nlerning_rate = 1e-6\n",
		Good:  "# ...\n[training]\nlr = 1e-6\n",
		check: func(c *Context) { reportUnknown(c, RuleUnknownKey) },
	}
)

var _ = register(&ruleUnknownKey)

func reportUnknown(c *Context, rule string) {
	// the allowed keys of the last issue, listed: the keys of one table
	// are listed once, not once per unknown key
	var lastAllowed []string
	lastList := ""
	list := func(allowed []string) string {
		if lastList == "" || !slices.Equal(allowed, lastAllowed) {
			lastAllowed, lastList = allowed, backquoted(allowed)
		}
		return lastList
	}
	var near aliasNear
	for _, is := range c.IssuesOf(rule) {
		if legacyShape(c, is) != "" {
			continue // reported by legacy-config with its migration
		}
		parentPath := parent(is.Path)
		allowed := is.Allowed
		name := code(is.Name)
		if is.Name == "" {
			name = "`\"\"`" // the empty key, as it is written
		}
		hint, best := didYouMean(is.Name, allowed)
		if best == "" && is.Table != nil {
			if p := near.of(is.Table, is.Name); p != "" {
				best = p
				hint = "; did you mean `" + p + "`?"
			}
		}
		// the other section that declares the key, asked once for the
		// message and the fix
		homeSec, homeName := "", ""
		if hint == "" {
			homeSec, homeName = homeKey(c, is.Name, parentPath, true)
		}
		var msg string
		switch {
		case len(parentPath) == 0 && rule == RuleUnknownSection:
			_, v := c.Get(is.Path...)
			noun := "section [" + keyText(is.Name) + "]"
			if v != nil && v.Kind != toml.KindTable {
				noun = "top-level key " + name
			}
			if best != "" {
				hint = "; did you mean [" + best + "]?"
			}
			msg = "unknown " + noun + ": " + article(string(c.Kind)) + " " + string(c.Kind) + " config has only " + sectionList(c.Schema.Root()) + hint
		default:
			msg = "unknown key " + name + " in " + where(parentPath) + hint
			if hint == "" {
				if home := homeText(homeSec, homeName, is.Name, parentPath); home != "" {
					msg += "; " + name + " belongs in " + home
				} else if len(allowed) > 0 && len(allowed) <= maxAllowedListed {
					msg += " (allowed: " + list(allowed) + ")"
				} else if len(allowed) > maxAllowedListed {
					msg += " (closest allowed: " + backquoted(closestKeys(is.Name, allowed, maxAllowedListed)) + "; `osmosis-lint schema " + string(c.Kind) + "` lists all " + strconv.Itoa(len(allowed)) + ")"
				}
			}
		}
		var fixes []Fix
		if best != "" && !hasKey(c, append(append([]string(nil), parentPath...), best)) {
			f := fix.New("Rename to `"+best+"`", false, fix.Replace(is.Range, keyText(best)))
			f.Keys = []string{strings.Join(append(append([]string(nil), parentPath...), best), ".")}
			fixes = append(fixes, f)
		}
		if hint == "" {
			if sec, key := homeSec, homeName; sec != "" {
				if f, ok := fix.MoveKey(c.Doc, is.Range, sec, key); ok {
					fixes = append(fixes, f)
				}
			}
		}
		if s := fix.StmtAt(c.Doc, is.Range.Start); s != nil && s.Kind == toml.StmtKeyValue && len(s.Keys) > 0 && s.Keys[len(s.Keys)-1].Range == is.Range {
			if e, ok := fix.DeleteStmt(c.Doc, s); ok {
				// deleting loses the value: offered, never applied
				fixes = append(fixes, fix.Offer("Remove "+name, e))
			}
		}
		c.Report(is.Range, is.Key, msg, fixes...)
	}
}

// homeOf finds another section of the same config that declares key, as
// the message names it: "[sampling]", or "[sampling] as `rollout_top_p`".
// With aliases, a common other name of a key (`temperature`) counts too.
func homeOf(c *Context, key string, here []string, aliases bool) string {
	if len(here) != 1 {
		return ""
	}
	sec, name := homeKey(c, key, here, aliases)
	return homeText(sec, name, key, here)
}

// homeText is homeOf's text of a key's home found by homeKey.
func homeText(sec, name, key string, here []string) string {
	if len(here) != 1 {
		return ""
	}
	switch {
	case sec == "":
		return ""
	case name != key:
		return "[" + sec + "] as `" + name + "`"
	}
	return "[" + sec + "]"
}

// homeKey returns the section, other than here (a section, or the top
// level), that declares key (or, with aliases, the key it is another name
// for) and the key's name there.
func homeKey(c *Context, key string, here []string, aliases bool) (string, string) {
	if len(here) > 1 {
		return "", ""
	}
	for _, t := range c.schemaTables() {
		sec, f := t.name, t.field
		if len(here) == 1 && sec == here[0] {
			continue
		}
		if f.Declares(key) {
			return sec, key
		}
		if !aliases {
			continue
		}
		if p := aliasOf(f, key); p != "" {
			return sec, p
		}
	}
	return "", ""
}

// aliasOf returns the declared key of table that name is a common other
// name for (`learning_rate` for `lr`), or "".
func aliasOf(table *schema.Field, name string) string { return table.AliasOf(name) }

// aliasNear is aliasOf, and also the declared key of a misspelled common
// other name (`lerning_rate` for `lr`). It lists the other names of a
// table once for all the unknown keys of the table, not once a key.
type aliasNear struct {
	table   *schema.Field
	aliases []string
	owner   map[string]string
}

func (n *aliasNear) of(table *schema.Field, name string) string {
	if p := aliasOf(table, name); p != "" {
		return p
	}
	if n.owner == nil || n.table != table {
		n.table, n.aliases, n.owner = table, nil, map[string]string{}
		for _, p := range table.Properties() {
			for _, a := range table.Property(p).Aliases() {
				n.aliases = append(n.aliases, a)
				n.owner[a] = p
			}
		}
	}
	return n.owner[suggest(name, n.aliases)]
}

func hasKey(c *Context, path []string) bool {
	e, _ := c.Get(path...)
	return e != nil
}

func backquoted(items []string) string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = code(s)
	}
	return orList(out)
}

// maxAllowedListed is how many allowed keys an unknown key's message lists
// whole; a table with more gets the closest of them by edit distance.
const maxAllowedListed = 8

// closestKeys returns the n keys of allowed nearest to name, in that
// order (ties in the schema's order): by edit distance relative to the
// longer of the two names, so that a short key is not near everything.
// Asked only of a table of more than maxAllowedListed keys.
func closestKeys(name string, allowed []string, n int) []string {
	type near struct {
		key  string
		dist float64
	}
	all := make([]near, len(allowed))
	for i, k := range allowed {
		all[i] = near{k, float64(editdist.Distance(name, k)) / float64(max(len(name), len(k), 1))}
	}
	slices.SortStableFunc(all, func(a, b near) int {
		switch {
		case a.dist < b.dist:
			return -1
		case a.dist > b.dist:
			return 1
		}
		return 0
	})
	out := make([]string, 0, min(n, len(all)))
	for _, a := range all[:min(n, len(all))] {
		out = append(out, a.key)
	}
	return out
}
