package lsp

import (
	"regexp"
	"strings"
	"sync"
)

// compiled when a client that shows no markdown is first answered
var (
	mdLink  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[([^\]]*)\]\(([^)]*)\)`) })
	mdFence = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("(?m)^```[a-z]*\n?") })
)

// plainText turns the markdown the features write into text for a client
// that shows no markdown: code spans and fences lose their backticks, bold
// its stars, links show their address.
func plainText(md string) string {
	s := mdFence().ReplaceAllString(md, "")
	s = mdLink().ReplaceAllString(s, "$1 ($2)")
	s = strings.ReplaceAll(s, "**", "")
	s = strings.ReplaceAll(s, "`", "")
	return s
}

// plainSnippet is the text a snippet inserts with its defaults, for a
// client that takes no snippets: `${1:8}` is 8, `${1|a,b|}` is a, `$1` and
// `$0` are nothing, `\$` is $.
func plainSnippet(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(`$}\`, s[i+1]) >= 0:
			b.WriteByte(s[i+1])
			i++
		case c == '$' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
			}
		case c == '$' && i+1 < len(s) && s[i+1] == '{':
			j := i + 2
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			end := strings.IndexByte(s[j:], '}')
			if end < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			body := s[j : j+end]
			switch {
			case strings.HasPrefix(body, ":"):
				b.WriteString(plainSnippet(body[1:]))
			case strings.HasPrefix(body, "|"):
				choice := strings.TrimSuffix(body[1:], "|")
				if k := strings.Index(choice, ","); k >= 0 {
					choice = choice[:k]
				}
				b.WriteString(choice)
			}
			i = j + end
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
