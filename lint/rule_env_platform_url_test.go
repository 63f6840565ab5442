package lint

import (
	"strings"
	"testing"
)

func TestEnvPlatformURL(t *testing.T) {
	ws := func(env string) tree { return withWS(tree{".env": env}) }
	runRuleCases(t, "env-platform-url", []ruleCase{
		{name: "no .env", src: goodTraining, ws: rolloutWS},
		{name: "https", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=https://platform.example.com\n")},
		{name: "http to localhost", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=http://localhost:3000\n")},
		{name: "no scheme, localhost", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=localhost:3000\n")},
		{name: "no scheme, a remote host gets https", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=platform.example.com\n")},
		{name: "http to a loopback address", src: goodTraining, ws: ws("export OSMOSIS_PLATFORM_URL='http://127.0.0.2:8080/'\n")},
		{name: "insecure allowed in the same file", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=http://dev.example.com\nOSMOSIS_ALLOW_INSECURE_PLATFORM_URL=1\n")},
		{name: "commented out", src: goodTraining, ws: ws("# OSMOSIS_PLATFORM_URL=http://dev.example.com\n")},
		{name: "empty is the default", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=\n")},
		{name: "interpolated: not known", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=${BASE}\n")},
		{name: "http to a remote host", src: goodTraining, ws: ws("OSMOSIS_TOKEN=x\nOSMOSIS_PLATFORM_URL=http://platform.example.com\n"),
			want: []string{`1:1-1:13 env-platform-url ""`}, msg: []string{".env:2 sets OSMOSIS_PLATFORM_URL to a URL that is not https"}},
		{name: "the last binding wins", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=https://a.example.com\n\nOSMOSIS_PLATFORM_URL=\"http://b.example.com\" # dev\n"),
			want: []string{`1:1-1:13 env-platform-url ""`}, msg: []string{".env:3 "}},
		{name: "allowed only by 1", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=http://dev.example.com\nOSMOSIS_ALLOW_INSECURE_PLATFORM_URL=true\n"),
			want: []string{`1:1-1:13 env-platform-url ""`}},
		{name: "a port that is not a number", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=https://platform.example.com:44x3\n"),
			want: []string{`1:1-1:13 env-platform-url ""`}, msg: []string{"does not parse"}},
		{name: "an unclosed bracket", src: goodTraining, ws: ws("OSMOSIS_PLATFORM_URL=https://[::1/\n"),
			want: []string{`1:1-1:13 env-platform-url ""`}, msg: []string{"does not parse"}},
		{name: "not UTF-8", src: goodTraining, ws: ws("A=1\nB=caf\xe9\n"),
			want: []string{`1:1-1:13 env-platform-url ""`}, msg: []string{".env:2 is not UTF-8"}},
	})
}

func TestEnvPlatformURLNeverPrintsValues(t *testing.T) {
	c := ruleCase{src: goodTraining, ws: withWS(tree{".env": "OSMOSIS_PLATFORM_URL=http://tok3n@platform.example.com\n"})}
	for _, f := range Check([]byte(c.src), c.input(t)) {
		if strings.Contains(f.Message, "tok3n") || strings.Contains(f.Message, "platform.example.com") {
			t.Errorf("the message prints the value: %s", f.Message)
		}
	}
}
