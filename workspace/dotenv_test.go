package workspace

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseDotenv(t *testing.T) {
	cases := []struct {
		name, src string
		value     string
		line      int
		uncertain bool
		absent    bool
	}{
		{name: "bare", src: "OSMOSIS_PLATFORM_URL=https://a\n", value: "https://a", line: 1},
		{name: "export and blanks", src: "\n# c\n  export OSMOSIS_PLATFORM_URL = https://a  \n", value: "https://a", line: 3},
		{name: "a comment after a bare value", src: "OSMOSIS_PLATFORM_URL=https://a # prod\n", value: "https://a", line: 1},
		{name: "a # inside a bare value", src: "OSMOSIS_PLATFORM_URL=https://a/#x\n", value: "https://a/#x", line: 1},
		{name: "single quotes", src: "OSMOSIS_PLATFORM_URL='http://a ${X}'\n", value: "http://a ${X}", line: 1},
		{name: "double quotes over lines", src: "A=\"x\ny\"\nOSMOSIS_PLATFORM_URL=\"http://b\"\n", value: "http://b", line: 3},
		{name: "interpolation", src: "OSMOSIS_PLATFORM_URL=${BASE}/x\n", value: "${BASE}/x", line: 1, uncertain: true},
		{name: "the last wins", src: "OSMOSIS_PLATFORM_URL=a\nOSMOSIS_PLATFORM_URL=b\n", value: "b", line: 2},
		{name: "no =", src: "OSMOSIS_PLATFORM_URL\n", absent: true},
		{name: "CRLF", src: "A=1\r\nOSMOSIS_PLATFORM_URL=http://c\r\n", value: "http://c", line: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := parseDotenv([]byte(c.src))
			v, ok := d.Vars["OSMOSIS_PLATFORM_URL"]
			if ok == c.absent {
				t.Fatalf("found %v", ok)
			}
			if !c.absent && (v.Value != c.value || v.Line != c.line || v.Uncertain != c.uncertain) {
				t.Errorf("got %+v", v)
			}
		})
	}
	if d := parseDotenv([]byte("A=1\n\nB=\xff\n")); d.BadUTF8Line != 3 {
		t.Errorf("bad UTF-8 line %d", d.BadUTF8Line)
	}
}

func TestJudgePlatformURL(t *testing.T) {
	for url, want := range map[string]PlatformURLVerdict{
		"":                             PlatformURLOK,
		"https://platform.osmosis.ai/": PlatformURLOK,
		"http://localhost:3000":        PlatformURLOK,
		"localhost:3000":               PlatformURLOK,
		"http://127.0.0.1":             PlatformURLOK,
		"http://[::1]:8080":            PlatformURLOK,
		"platform.example.com":         PlatformURLOK,
		"http://platform.example.com":  PlatformURLInsecure,
		"HTTP://LOCALHOST":             PlatformURLOK,
		"ftp://platform.example.com":   PlatformURLInsecure,
		"http://[::ffff:127.0.0.1]":    PlatformURLInsecure,
		"http://10.0.0.1":              PlatformURLInsecure,
		"https://a.example.com:99999":  PlatformURLInvalid,
		"https://a.example.com:x":      PlatformURLInvalid,
		"https://[::1":                 PlatformURLInvalid,
	} {
		if got := JudgePlatformURL(url); got != want {
			t.Errorf("%q: %d, want %d", url, got, want)
		}
	}
}

// TestParseDotenvUnclosedQuotes checks that lines of unclosed quotes cost
// one pass: a 4 MiB file of them parses with a bounded number of
// allocations, and what came before is kept.
func TestParseDotenvUnclosedQuotes(t *testing.T) {
	var b []byte
	b = append(b, "OSMOSIS_PLATFORM_URL=http://a.example.com\n"...)
	for len(b) < maxDotenv-8 {
		b = append(b, "A=\"x\n"...)
	}
	var d Dotenv
	allocs := testing.AllocsPerRun(1, func() { d = parseDotenv(b) })
	if v := d.Vars["OSMOSIS_PLATFORM_URL"]; v.Line != 1 {
		t.Errorf("got %+v", v)
	}
	if allocs > 100 {
		t.Errorf("%v allocations", allocs)
	}
}

// FuzzParseDotenv checks that any bytes give variables on lines of the
// file, with values that are text of the file (never invented), and
// platform verdicts that are one of the three.
func FuzzParseDotenv(f *testing.F) {
	for _, s := range []string{"OSMOSIS_PLATFORM_URL=http://a\n", "export OSMOSIS_PLATFORM_URL='x'\n", "A=\"\n\"\nOSMOSIS_PLATFORM_URL=\"h\\\"\"\n", "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := parseDotenv(data)
		lines := 1 + strings.Count(string(data), "\n")
		for name, v := range d.Vars {
			if v.Line < 1 || v.Line > lines {
				t.Errorf("%s on line %d of %d", name, v.Line, lines)
			}
			if !utf8.ValidString(v.Value) {
				t.Errorf("%s: value not UTF-8", name)
			}
			if j := JudgePlatformURL(v.Value); j < PlatformURLOK || j > PlatformURLInsecure {
				t.Errorf("verdict %d", j)
			}
		}
		if d.BadUTF8Line != 0 && (len(d.Vars) != 0 || d.BadUTF8Line > lines) {
			t.Errorf("bad UTF-8 on line %d, vars %v", d.BadUTF8Line, d.Vars)
		}
	})
}
