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
// 0.1.1-dev+1a2b3c4 is 0.1.1.dev0+1a2b3c4. A pre-release it cannot map
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
		// A local version label: alphanumerics separated by dots.
		v += "+" + strings.ReplaceAll(build, "-", ".")
	}
	return v, nil
}
