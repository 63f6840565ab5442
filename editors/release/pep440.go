package main

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	semverRE = regexp.MustCompile(`^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$`)
	preRE    = regexp.MustCompile(`^(alpha|a|beta|b|rc|dev|devel)(?:\.?(\d+))?$`)
)

// pep440 turns a release's semantic version into the version of its Python
// distribution (PEP 440): 0.1.0 stays, 0.2.0-rc.1 is 0.2.0rc1, a snapshot's
// 0.1.1-dev+g1a2b3c4 is 0.1.1.dev0+g1a2b3c4. A version it cannot map
// faithfully is an error, not a guess.
func pep440(semver string) (string, error) {
	m := semverRE.FindStringSubmatch(semver)
	if m == nil {
		return "", fmt.Errorf("version %q is not a semantic version", semver)
	}
	v := m[1] + "." + m[2] + "." + m[3]
	if pre := m[4]; pre != "" {
		p := preRE.FindStringSubmatch(pre)
		if p == nil {
			return "", fmt.Errorf("version %q: pre-release %q has no PEP 440 form (use alpha.N, beta.N, rc.N or dev.N)", semver, pre)
		}
		n := p[2]
		if n == "" {
			n = "0"
		}
		switch p[1] {
		case "alpha", "a":
			v += "a" + n
		case "beta", "b":
			v += "b" + n
		case "rc":
			v += "rc" + n
		default:
			v += ".dev" + n
		}
	}
	if build := m[5]; build != "" {
		// A local version label: alphanumerics separated by dots. pip
		// normalizes a numeric segment to an integer, so a leading zero
		// would be lost.
		local := strings.ReplaceAll(build, "-", ".")
		for _, seg := range strings.Split(local, ".") {
			if len(seg) > 1 && seg[0] == '0' && strings.Trim(seg, "0123456789") == "" {
				return "", fmt.Errorf("version %q: build metadata %q has a number with a leading zero, which PEP 440 drops", semver, seg)
			}
		}
		v += "+" + local
	}
	return v, nil
}
