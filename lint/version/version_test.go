package version

import (
	"runtime/debug"
	"testing"
)

func settings(kv ...string) []debug.BuildSetting {
	var out []debug.BuildSetting
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return out
}

const rev = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

func TestResolve(t *testing.T) {
	stamp := settings("vcs.revision", rev, "vcs.time", "2026-11-01T09:30:00Z", "vcs.modified", "false")
	for _, tc := range []struct {
		name                 string
		ldVer, ldCom, ldDate string
		bi                   *debug.BuildInfo
		want                 Info
		str                  string
	}{
		{
			name:  "release: linker values win over the build info",
			ldVer: "v0.1.0", ldCom: rev, ldDate: "2026-11-01T09:30:00Z",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", "ffff")},
			want: Info{Version: "0.1.0", Commit: rev, Date: "2026-11-01T09:30:00Z"},
			str:  "0.1.0 (1a2b3c4d5e6f 2026-11-01)",
		},
		{
			name: "go install @v0.1.0: module version, no VCS stamp",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "v0.1.0"}},
			want: Info{Version: "0.1.0"},
			str:  "0.1.0 (commit unknown)",
		},
		{
			name: "go install @commit: the pseudo-version names commit and time",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261101093000-1a2b3c4d5e6f"}},
			want: Info{Version: "0.0.0-20261101093000-1a2b3c4d5e6f", Commit: "1a2b3c4d5e6f", Date: "2026-11-01T09:30:00Z"},
			str:  "0.0.0-20261101093000-1a2b3c4d5e6f (1a2b3c4d5e6f 2026-11-01)",
		},
		{
			name: "pseudo-version after a tag",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "v0.1.1-0.20261101093000-1a2b3c4d5e6f"}},
			want: Info{Version: "0.1.1-0.20261101093000-1a2b3c4d5e6f", Commit: "1a2b3c4d5e6f", Date: "2026-11-01T09:30:00Z"},
		},
		{
			name: "build in a clone: stamped version and the full hash",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261101093000-1a2b3c4d5e6f+dirty"}, Settings: settings("vcs.revision", rev, "vcs.time", "2026-11-01T09:30:00Z", "vcs.modified", "true")},
			want: Info{Version: "0.0.0-20261101093000-1a2b3c4d5e6f", Commit: rev, Modified: true, Date: "2026-11-01T09:30:00Z"},
			str:  "0.0.0-20261101093000-1a2b3c4d5e6f (1a2b3c4d5e6f-dirty 2026-11-01)",
		},
		{
			name: "build in a clone at a tag",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "v0.1.0"}, Settings: stamp},
			want: Info{Version: "0.1.0", Commit: rev, Date: "2026-11-01T09:30:00Z"},
		},
		{
			name: "source build without a module version: devel and the VCS stamp",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: stamp},
			want: Info{Version: Devel, Commit: rev, Date: "2026-11-01T09:30:00Z"},
			str:  "0.0.0-devel (1a2b3c4d5e6f 2026-11-01)",
		},
		{
			name: "source build with -buildvcs=false",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			want: Info{Version: Devel},
			str:  "0.0.0-devel (commit unknown)",
		},
		{
			name:  "a zero or malformed date is left out",
			ldVer: "0.1.0", ldCom: rev, ldDate: "0001-01-01T00:00:00Z",
			want: Info{Version: "0.1.0", Commit: rev, Date: "0001-01-01T00:00:00Z"},
			str:  "0.1.0 (1a2b3c4d5e6f)",
		},
		{
			name: "no build information at all",
			want: Info{Version: Devel},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := resolve(tc.ldVer, tc.ldCom, tc.ldDate, tc.bi)
			if got != tc.want {
				t.Fatalf("resolve = %+v, want %+v", got, tc.want)
			}
			if tc.str != "" && got.String() != tc.str {
				t.Errorf("String = %q, want %q", got.String(), tc.str)
			}
		})
	}
}

// The running test binary has no linker values: Get falls back to the
// build information, and String is Get's formatting.
func TestGetIsStable(t *testing.T) {
	a, b := Get(), Get()
	if a != b || a.Version == "" {
		t.Fatalf("Get = %+v then %+v", a, b)
	}
	if String() != a.String() {
		t.Fatalf("String() = %q, Get().String() = %q", String(), a.String())
	}
}
