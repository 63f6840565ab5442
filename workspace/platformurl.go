package workspace

import (
	"net/netip"
	"strings"
)

// PlatformURLVerdict is what the osmosis CLI makes of OSMOSIS_PLATFORM_URL
// before every command.
type PlatformURLVerdict int

const (
	// PlatformURLOK: https, or plain http to a loopback host.
	PlatformURLOK PlatformURLVerdict = iota
	// PlatformURLInvalid: the URL cannot be parsed (bad brackets, a port
	// that is not a number from 0 to 65535): "Invalid platform URL".
	PlatformURLInvalid
	// PlatformURLInsecure: not https and not to a loopback host: the CLI
	// refuses it unless OSMOSIS_ALLOW_INSECURE_PLATFORM_URL=1.
	PlatformURLInsecure
)

const defaultPlatformURL = "https://platform.osmosis.ai"

// JudgePlatformURL follows the CLI's normalize_platform_url and
// is_insecure_platform_url: blanks trimmed (empty means the default), a
// URL without scheme or host gets http:// for a loopback host and
// https:// otherwise, then the scheme must be https unless the host is
// localhost or a loopback address.
func JudgePlatformURL(raw string) PlatformURLVerdict {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		raw = defaultPlatformURL
	}
	raw = strings.TrimRight(raw, "/")
	working := raw
	head, ok := splitURL(working)
	if !ok {
		return PlatformURLInvalid
	}
	if head.scheme == "" || head.netloc == "" {
		probe, ok := splitURL("//" + working)
		if !ok {
			return PlatformURLInvalid
		}
		h, _ := probe.hostname()
		scheme := "https"
		if isLoopbackHost(strings.ToLower(h)) {
			scheme = "http"
		}
		working = scheme + "://" + working
	}
	parsed, ok := splitURL(working)
	if !ok {
		return PlatformURLInvalid
	}
	final := working
	if parsed.scheme == "" || parsed.netloc == "" {
		// normalize returns the text unchanged; the check parses it again
		final = raw
	} else if !validPort(parsed.netloc) {
		return PlatformURLInvalid
	}
	u, ok := splitURL(final)
	if !ok {
		return PlatformURLInvalid
	}
	host := ""
	if u.netloc != "" {
		host, _ = u.hostname()
	}
	if u.scheme != "https" && !isLoopbackHost(strings.ToLower(host)) {
		return PlatformURLInsecure
	}
	return PlatformURLOK
}

// validPort is urlsplit's .port without a ValueError: absent, empty, or
// ASCII digits from 0 to 65535.
func validPort(netloc string) bool {
	hostinfo := netloc[strings.LastIndexByte(netloc, '@')+1:]
	var port string
	if _, bracketed, ok := strings.Cut(hostinfo, "["); ok {
		_, after, _ := strings.Cut(bracketed, "]")
		_, port, _ = strings.Cut(after, ":")
	} else {
		_, port, _ = strings.Cut(hostinfo, ":")
	}
	if port == "" {
		return true
	}
	n := 0
	for i := 0; i < len(port); i++ {
		c := port[i]
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return false
		}
	}
	return true
}

// isLoopbackHost is the CLI's _is_loopback: "localhost", or an IP address
// that is a loopback one (an IPv4-mapped IPv6 address is not, in the
// Python the CLI runs on).
func isLoopbackHost(h string) bool {
	if h == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(h)
	if err != nil || a.Is4In6() {
		return false
	}
	return a.IsLoopback()
}
