package workspace

import (
	"net/netip"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Identity is the GitHub repository an origin URL names, in the form the
// Osmosis platform keys workspaces by.
type Identity struct {
	// Repo is "owner/repo", lower-cased, with no host and no credentials.
	Repo string
	// DisplayURL is the origin URL without credentials, query or fragment,
	// safe to print.
	DisplayURL string
}

// IdentityReason says why an origin URL is not a GitHub identity.
type IdentityReason int

// The reasons, in the order the checks run.
const (
	// ReasonEmpty: the URL is empty.
	ReasonEmpty IdentityReason = iota + 1
	// ReasonWhitespace: the URL contains whitespace or a control character.
	ReasonWhitespace
	// ReasonInvalidURL: the URL cannot be parsed (bad brackets, invalid UTF-8,
	// host characters that normalize to URL delimiters).
	ReasonInvalidURL
	// ReasonNotGitHub: the host is not github.com.
	ReasonNotGitHub
	// ReasonEncodedSeparator: the path contains %2f or %5c.
	ReasonEncodedSeparator
	// ReasonNotOneRepo: the path does not have exactly two segments.
	ReasonNotOneRepo
	// ReasonInvalidName: owner or repository name has characters GitHub does
	// not allow.
	ReasonInvalidName
)

// String returns a stable kebab-case name for the reason.
func (r IdentityReason) String() string {
	switch r {
	case ReasonEmpty:
		return "empty"
	case ReasonWhitespace:
		return "whitespace"
	case ReasonInvalidURL:
		return "invalid-url"
	case ReasonNotGitHub:
		return "not-github"
	case ReasonEncodedSeparator:
		return "encoded-separator"
	case ReasonNotOneRepo:
		return "not-one-repo"
	case ReasonInvalidName:
		return "invalid-name"
	}
	return "unknown"
}

// IdentityError is returned by ParseOrigin when a URL is not a GitHub
// repository identity. It never contains the URL itself, which may carry
// credentials.
type IdentityError struct {
	// Reason is the first check the URL failed.
	Reason IdentityReason
}

// Error describes the reason in words fit for a doctor message.
func (e *IdentityError) Error() string {
	switch e.Reason {
	case ReasonEmpty:
		return "origin URL is empty; it must name a GitHub repository"
	case ReasonWhitespace:
		return "origin URL contains whitespace or control characters"
	case ReasonInvalidURL:
		return "origin URL is not a valid URL"
	case ReasonNotGitHub:
		return "origin URL is not hosted on github.com"
	case ReasonEncodedSeparator:
		return "origin URL path contains an encoded path separator (%2f or %5c)"
	case ReasonNotOneRepo:
		return "origin URL does not name exactly one GitHub repository (owner/repo)"
	case ReasonInvalidName:
		return "origin URL names an invalid GitHub owner or repository"
	}
	return "origin URL is not a GitHub repository"
}

// githubIdentity reports whether repo is OWNER/NAME as the osmosis CLI
// accepts it, ^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$ (the pattern
// githubIdentityPattern, written out: every check of a config in a git
// workspace reads its remote, and compiling the pattern cost more than
// the rest of the parse).
func githubIdentity(repo string) bool {
	owner, name, ok := strings.Cut(repo, "/")
	if !ok || owner == "" || name == "" || !isASCIIAlnum(owner[0]) {
		return false
	}
	for i := 1; i < len(owner); i++ {
		if c := owner[i]; !isASCIIAlnum(c) && c != '-' {
			return false
		}
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isASCIIAlnum(c) && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// githubIdentityPattern is what githubIdentity matches.
const githubIdentityPattern = `^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$`

func isASCIIAlnum(c byte) bool { return isASCIIAlpha(c) || c >= '0' && c <= '9' }

// ipvFutureRE compiles on first use: most runs never meet a bracketed
// host.

// ParseOrigin maps a git remote URL to its GitHub owner/repo identity with
// the same verdicts as the osmosis CLI: scp-like "user@host:path" is read as
// ssh, any scheme is accepted, the host must be github.com (port and
// userinfo ignored), one trailing ".git" is dropped and exactly two path
// segments must remain. A rejected URL gives an *IdentityError.
func ParseOrigin(url string) (Identity, error) {
	if url == "" {
		return Identity{}, &IdentityError{ReasonEmpty}
	}
	if !utf8.ValidString(url) {
		return Identity{}, &IdentityError{ReasonInvalidURL}
	}
	if hasSpaceOrControl(url) {
		return Identity{}, &IdentityError{ReasonWhitespace}
	}
	if user, host, path, ok := splitSCP(url); ok {
		url = "ssh://" + user + "@" + host + "/" + path
	}
	u, ok := splitURL(url)
	if !ok {
		return Identity{}, &IdentityError{ReasonInvalidURL}
	}
	host, ok := u.hostname()
	if !ok || pyLower(host) != "github.com" {
		return Identity{}, &IdentityError{ReasonNotGitHub}
	}
	lowered := strings.ToLower(u.path)
	if strings.Contains(lowered, "%2f") || strings.Contains(lowered, "%5c") {
		return Identity{}, &IdentityError{ReasonEncodedSeparator}
	}
	p := strings.Trim(u.path, "/")
	p = strings.TrimSuffix(p, ".git")
	segs := strings.Split(p, "/")
	if len(segs) != 2 {
		return Identity{}, &IdentityError{ReasonNotOneRepo}
	}
	repo := pyLower(segs[0] + "/" + segs[1])
	if !githubIdentity(repo) {
		return Identity{}, &IdentityError{ReasonInvalidName}
	}
	return Identity{Repo: repo, DisplayURL: u.display()}, nil
}

// hasSpaceOrControl reports Python str.isspace characters and the C0, DEL
// and C1 control characters.
func hasSpaceOrControl(s string) bool {
	for _, r := range s {
		if r < 32 || r == 127 || (r >= 128 && r <= 159) || isPySpace(r) {
			return true
		}
	}
	return false
}

// isPySpace is Python's str.isspace for one character.
func isPySpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0d, r >= 0x1c && r <= 0x20:
		return true
	case r == 0x85, r == 0xa0, r == 0x1680, r >= 0x2000 && r <= 0x200a,
		r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}

// pyLower lower-cases like Python's str.lower, which maps U+0130 to two
// characters where Go's simple mapping gives a plain "i".
func pyLower(s string) string {
	if !strings.ContainsRune(s, 'İ') {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == 'İ' {
			b.WriteString("i\u0307")
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// splitSCP recognizes the scp-like form user@host:path, where user has no
// "@" or "/", host has no ":" or "/", and path is not empty.
func splitSCP(s string) (user, host, path string, ok bool) {
	at := strings.IndexByte(s, '@')
	if at <= 0 || strings.ContainsRune(s[:at], '/') {
		return "", "", "", false
	}
	rest := s[at+1:]
	end := strings.IndexAny(rest, ":/")
	if end <= 0 || rest[end] != ':' || end+1 >= len(rest) {
		return "", "", "", false
	}
	return s[:at], rest[:end], rest[end+1:], true
}

// splitResult holds the parts of a URL the way Python's urlsplit cuts it.
type splitResult struct {
	scheme, netloc, path string
}

const schemeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-."

// splitURL cuts a URL into scheme, netloc and path following urlsplit: the
// scheme is everything before the first ":" when it starts with an ASCII
// letter and has only scheme characters; the netloc follows "//" up to the
// first of "/?#"; query and fragment are dropped. ok is false where urlsplit
// raises ValueError.
func splitURL(s string) (splitResult, bool) {
	var u splitResult
	if i := strings.IndexByte(s, ':'); i > 0 && isASCIIAlpha(s[0]) {
		scheme := s[:i]
		valid := true
		for j := 0; j < len(scheme); j++ {
			if !strings.ContainsRune(schemeChars, rune(scheme[j])) {
				valid = false
				break
			}
		}
		if valid {
			u.scheme, s = strings.ToLower(scheme), s[i+1:]
		}
	}
	if strings.HasPrefix(s, "//") {
		rest := s[2:]
		end := len(rest)
		if j := strings.IndexAny(rest, "/?#"); j >= 0 {
			end = j
		}
		u.netloc, s = rest[:end], rest[end:]
		open, closed := strings.Contains(u.netloc, "["), strings.Contains(u.netloc, "]")
		if open != closed {
			return u, false
		}
		if open && !validBracketedNetloc(u.netloc) {
			return u, false
		}
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[:i]
	}
	if !validNetlocChars(u.netloc) {
		return u, false
	}
	u.path = s
	return u, true
}

func isASCIIAlpha(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

var ipvFutureRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^v[a-fA-F0-9]+\..+$`) })

// validBracketedNetloc checks the text between the first "[" and the next
// "]" as urlsplit does: an IPv6 address or an IPvFuture literal.
func validBracketedNetloc(netloc string) bool {
	_, host, _ := strings.Cut(netloc, "[")
	host, _, _ = strings.Cut(host, "]")
	if strings.HasPrefix(host, "v") {
		return ipvFutureRE().MatchString(host)
	}
	addr, err := netip.ParseAddr(host)
	return err == nil && addr.Is6()
}

// nfkcDelimiters lists characters whose compatibility decomposition contains
// one of "/?#@:". urlsplit rejects a non-ASCII netloc containing any of them.
var nfkcDelimiters = map[rune]bool{
	0x2047: true, 0x2048: true, 0x2049: true, 0x2100: true, 0x2101: true,
	0x2105: true, 0x2106: true, 0x2a74: true, 0xfe13: true, 0xfe16: true,
	0xfe55: true, 0xfe56: true, 0xfe5f: true, 0xfe6b: true, 0xff03: true,
	0xff0f: true, 0xff1a: true, 0xff1f: true, 0xff20: true,
}

func validNetlocChars(netloc string) bool {
	for _, r := range netloc {
		if nfkcDelimiters[r] {
			return false
		}
	}
	return true
}

// hostname is urlsplit's .hostname: the part after the last "@", without
// the port or brackets; ok is false when it is empty.
func (u splitResult) hostname() (string, bool) {
	hostinfo := u.netloc[strings.LastIndexByte(u.netloc, '@')+1:]
	var host string
	if i := strings.IndexByte(hostinfo, '['); i >= 0 {
		host = hostinfo[i+1:]
		if j := strings.IndexByte(host, ']'); j >= 0 {
			host = host[:j]
		}
	} else {
		host = hostinfo
		if j := strings.IndexByte(host, ':'); j >= 0 {
			host = host[:j]
		}
	}
	return host, host != ""
}

// username is urlsplit's .username: the userinfo before its first ":".
func (u splitResult) username() (string, bool) {
	at := strings.LastIndexByte(u.netloc, '@')
	if at < 0 {
		return "", false
	}
	user, _, _ := strings.Cut(u.netloc[:at], ":")
	return user, true
}

// display rebuilds the URL without credentials, query and fragment,
// keeping "git@" for ssh URLs whose user is git.
func (u splitResult) display() string {
	netloc := u.netloc[strings.LastIndexByte(u.netloc, '@')+1:]
	if user, ok := u.username(); ok && u.scheme == "ssh" && user == "git" {
		netloc = "git@" + netloc
	}
	p := u.path
	if netloc != "" && p != "" && p[0] != '/' {
		p = "/" + p
	}
	out := "//" + netloc + p
	if u.scheme != "" {
		out = u.scheme + ":" + out
	}
	return out
}
