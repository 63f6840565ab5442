package sdkapi

import (
	"bytes"
	"flag"
	"os/exec"
	"strings"
	"testing"

	"github.com/osmosis-lint/osmosis-lint/workspace/python"
)

func TestRequirement(t *testing.T) {
	tb := Load()
	if len(tb.Releases) < 37 || len(tb.Modules) == 0 {
		t.Fatalf("the embedded table holds %d releases and %d modules", len(tb.Releases), len(tb.Modules))
	}
	if e := parse([]byte("{")); e.Releases != nil {
		t.Error("a table that is not JSON is read")
	}
	for _, c := range []struct {
		req         string
		ok          bool
		span        string
		exact, bare bool
		extras      string
	}{
		{"osmosis-ai", true, "0.2.0 to 0.3.0", false, true, ""},
		{"Osmosis_AI[server, harbor] >=0.3.0", true, "0.3.0", false, false, "server,harbor"},
		{"osmosis-ai==0.3.0", true, "0.3.0", true, false, ""},
		{"osmosis-ai==0.3", true, "0.3.0", true, false, ""},
		{"osmosis-ai (==0.2.31)", true, "0.2.31", true, false, ""},
		{"osmosis-ai<0.3.0", true, "0.2.0 to 0.2.31", false, false, ""},
		{"osmosis-ai<0.3.0rc2", true, "0.2.0 to 0.3.0rc1", false, false, ""},
		{"osmosis-ai~=0.2.30", true, "0.2.30 to 0.2.31", false, false, ""},
		{"osmosis-ai==0.2.*,!=0.2.31", true, "0.2.0 to 0.2.30", false, false, ""},
		{"osmosis-ai>0.3.0", true, "", false, false, ""},
		{"osmosis-ai==1.0.0", true, "", false, false, ""},
		{"osmosis-ai>=0.3.0rc1,<0.4", true, "0.3.0rc1 to 0.3.0", false, false, ""},
		{"osmosis-ai===0.3.0", false, "", false, false, ""},
		{"osmosis-ai>=1!0.3", false, "", false, false, ""},
		{"osmosis-ai>=0.3.dev1", false, "", false, false, ""},
		{"osmosis-ai==0.3.0+local", false, "", false, false, ""},
		{"osmosis-ai>=0.3; python_version>'3'", false, "", false, false, ""},
		{"osmosis-ai @ https://example.com/x.whl", false, "", false, false, ""},
		{"osmosis-aix>=0.3", false, "", false, false, ""},
		{"osmosis-ai~=1", false, "", false, false, ""},
	} {
		r, ok := tb.Requirement(c.req)
		if ok != c.ok {
			t.Errorf("%q: ok %v", c.req, ok)
			continue
		}
		if !ok {
			continue
		}
		if got := tb.Span(r.Admitted); got != c.span || r.Exact != c.exact || r.Bare != c.bare || strings.Join(r.Extras, ",") != c.extras {
			t.Errorf("%q: admits %q exact %v bare %v extras %q", c.req, got, r.Exact, r.Bare, r.Extras)
		}
	}
}

func TestMissing(t *testing.T) {
	tb := Load()
	req := func(s string) Requirement {
		r, ok := tb.Requirement(s)
		if !ok {
			t.Fatalf("%q", s)
		}
		return r
	}
	for _, c := range []struct {
		req, module, name, what string
	}{
		{"osmosis-ai>=0.3.0", "osmosis_ai.eval.common", "load_workflow", "osmosis_ai.eval.common"},
		{"osmosis-ai>=0.3.0", "osmosis_ai.rollout", "MultiTurnMode", "osmosis_ai.rollout.MultiTurnMode"},
		{"osmosis-ai>=0.3.0", "osmosis_ai.rollout", "validator", "osmosis_ai.rollout.validator"},
		{"osmosis-ai>=0.3.0", "osmosis_ai.rollout", "Nothing", ""},
		{"osmosis-ai==0.3.0", "osmosis_ai.rollout", "Nothing", "osmosis_ai.rollout.Nothing"},
		{"osmosis-ai==0.3.0", "osmosis_ai.nothing", "", "osmosis_ai.nothing"},
		{"osmosis-ai>=0.3.0", "osmosis_ai.nothing", "", ""},
		{"osmosis-ai==0.3.0", "osmosis_ai", "__version__", ""},
		{"osmosis-ai==0.3.0", "osmosis_ai", "__nothing__", ""},
		{"osmosis-ai==0.3.0", "osmosis_ai.rollout", "server", ""},
		{"osmosis-ai==0.3.0", "osmosis_ai.rollout.server", "create_rollout_server", ""},
		{"osmosis-ai==0.2.31", "osmosis_ai.eval.common", "load_workflow", ""},
	} {
		what, _, missing := tb.Missing(req(c.req), c.module, c.name)
		if what != c.what || missing != (c.what != "") {
			t.Errorf("%s: %s %s: missing %v %q, want %q", c.req, c.module, c.name, missing, what, c.what)
		}
	}
	if _, was, ok := tb.RemovedMethod(req("osmosis-ai>=0.3.0"), "set_sample_reward"); !ok || was != "0.2.31" {
		t.Errorf("set_sample_reward: %v %q", ok, was)
	}
	if _, _, ok := tb.RemovedMethod(req("osmosis-ai>=0.2.0"), "set_sample_reward"); ok {
		t.Error("set_sample_reward: removed where 0.2 is admitted")
	}
}

// The table against the SDK's own source:
//
//	go test ./lint/sdkapi -run TestTableSource -sdk=GIT_DIR
//
// with GIT_DIR a clone of github.com/Osmosis-AI/osmosis-sdk-python (bare
// or not): every module the table lists for a release is a file or
// directory of that release's osmosis_ai, every name it lists for a
// release is spelled in that module's source, every removed method is
// defined in a release that has it, and every release is a tag naming
// the commit the table records.
var sdkDir = flag.String("sdk", "", "check the table against the osmosis SDK's git directory")

func TestTableSource(t *testing.T) {
	if *sdkDir == "" {
		t.Skip("no -sdk=GIT_DIR: the table is not compared with the SDK's source")
	}
	tb := Load()
	git := func(args ...string) []byte {
		out, err := exec.Command("git", append([]string{"--git-dir=" + *sdkDir}, args...)...).Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return out
	}
	names, modules := 0, 0
	for i, rel := range tb.Releases {
		tag := "v" + rel
		if got := strings.TrimSpace(string(git("rev-list", "-n", "1", tag))); got != tb.Commits[i] {
			t.Errorf("%s is %s, the table says %s", tag, got, tb.Commits[i])
		}
		files := map[string]bool{}
		dirs := map[string]bool{}
		for _, f := range strings.Split(string(git("ls-tree", "-r", "--name-only", tag, "osmosis_ai/")), "\n") {
			files[f] = true
			for d := f; strings.Contains(d, "/"); {
				d = d[:strings.LastIndexByte(d, '/')]
				dirs[d] = true
			}
		}
		bit := uint64(1) << i
		var all []byte
		for mod, m := range tb.Modules {
			if m.In&bit == 0 {
				continue
			}
			modules++
			p := strings.ReplaceAll(mod, ".", "/")
			var file string
			switch {
			case files[p+".py"]:
				file = p + ".py"
			case files[p+"/__init__.py"]:
				file = p + "/__init__.py"
			case dirs[p]:
			default:
				t.Errorf("%s: no module %s", rel, mod)
				continue
			}
			var src []byte
			var spelled map[string]bool
			if file != "" {
				src = git("show", tag+":"+file)
				all = append(all, src...)
				mod := python.Read(src)
				spelled = mod.Names
			}
			for name, in := range m.Names {
				if in&bit == 0 {
					continue
				}
				names++
				if !spelled[name] && !bytes.Contains(src, []byte(`"`+name+`"`)) {
					t.Errorf("%s: %s binds no %s", rel, mod, name)
				}
			}
		}
		for name, m := range tb.Methods {
			if m.In&bit != 0 && !bytes.Contains(all, []byte("def "+name+"(")) {
				t.Errorf("%s: no def %s", rel, name)
			}
		}
	}
	t.Logf("%d releases, %d modules and %d names of a release checked", len(tb.Releases), modules, names)
}
