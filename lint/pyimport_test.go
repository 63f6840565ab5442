package lint

import (
	"strconv"
	"strings"
	"testing"
)

func TestPythonFile(t *testing.T) {
	ws := withWS(tree{
		"rollouts/multiply-agent/main.py":                      "from helpers import normalize\nimport tools\n",
		"rollouts/multiply-agent/helpers.py":                   "def normalize(t):\n    return t\n",
		"rollouts/multiply-agent/tools.py":                     "x = 1\n",
		"rollouts/multiply-agent/scratch.py":                   "def broken(:\n",
		"rollouts/multiply-agent/.venv/lib/site/mod.py":        "def broken(:\n",
		"rollouts/other-agent/main.py":                         "x = 1\n",
		"rollouts/multiply-agent/sub/__init__.py":              "",
		"rollouts/multiply-agent/sub/deep.py":                  "from ..helpers import missing\n",
		"rollouts/multiply-agent/configs-are-elsewhere.py.txt": "",
	})
	in := ruleCase{src: pathsConfig(`"multiply-agent"`, `"main.py"`), ws: ws}.input(t)
	w := &Workspace{Snapshot: in.Env.WS}
	m := func(ep string) Entrypoint { return Entrypoint{"multiply-agent", ep} }
	eps := []Entrypoint{m("main.py"), m("main.py"), m("sub/deep.py")}
	cases := []struct {
		name, rel, text string
		eps             []Entrypoint
		want            []string // rule line:col-endline:endcol
	}{
		{"the entrypoint does not compile", "rollouts/multiply-agent/main.py", "from helpers import normalize\ndef run(:\n    pass\n", eps,
			[]string{"entrypoint-syntax 2:9-2:10"}},
		{"fixed: clean", "rollouts/multiply-agent/main.py", "from helpers import normalize\ndef run(x):\n    pass\n", eps, nil},
		{"an import of a name helpers.py does not define", "rollouts/multiply-agent/main.py", "import tools\n  # c\nfrom helpers import normalize, parse_answer  \n", eps,
			[]string{"entrypoint-import 3:1-3:44"}},
		{"a module the entrypoint imports", "rollouts/multiply-agent/tools.py", "x = (\n", eps,
			[]string{"entrypoint-syntax 1:5-1:6"}},
		{"a module of another entrypoint", "rollouts/multiply-agent/sub/deep.py", "from ..helpers import missing\r\n", eps,
			[]string{"entrypoint-import 1:1-1:30"}},
		{"a file no entrypoint's import executes", "rollouts/multiply-agent/scratch.py", "def broken(:\n", eps, nil},
		{"a virtual environment's file", "rollouts/multiply-agent/.venv/lib/site/mod.py", "def broken(:\n", eps, nil},
		{"no config names an entrypoint", "rollouts/multiply-agent/main.py", "def run(:\n", nil, nil},
		{"another rollout's file", "rollouts/other-agent/main.py", "def run(:\n", eps, nil},
		{"another rollout's entrypoint", "rollouts/other-agent/main.py", "def run(:\n", []Entrypoint{{"other-agent", "main.py"}}, []string{"entrypoint-syntax 1:9-1:10"}},
		{"not a rollout's", "main.py", "def run(:\n", eps, nil},
		{"a file the listing does not hold", "rollouts/multiply-agent/new.py", "def run(:\n", []Entrypoint{m("new.py")}, nil},
	}
	t.Run("a credential the file names is masked", func(t *testing.T) {
		const key = "sk_live_" + "51HqLyjWDarjtT1zdp7dcXYZabcdefgh"
		fs, _ := PythonFile(w, "rollouts/multiply-agent/main.py", "main.py", []byte("from helpers import "+key+"\n"), eps)
		if len(fs) != 1 {
			t.Fatalf("%d findings, want 1", len(fs))
		}
		if strings.Contains(fs[0].Message, key) {
			t.Errorf("the message prints the credential: %s", fs[0].Message)
		}
	})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			fs, reached := PythonFile(w, c.rel, c.rel, []byte(c.text), c.eps)
			if reached != (c.want != nil || c.name == "fixed: clean") {
				t.Errorf("reached %v", reached)
			}
			for _, f := range fs {
				got = append(got, f.Rule+" "+strconv.Itoa(f.Line)+":"+strconv.Itoa(f.Column)+"-"+strconv.Itoa(f.EndLine)+":"+strconv.Itoa(f.EndColumn))
				if f.Path != c.rel || f.Stage != StageSubmit || f.Severity != Error {
					t.Errorf("finding %+v", f)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("got %q, want %q", got, c.want)
				}
			}
		})
	}
	if fs, _ := PythonFile(nil, "rollouts/multiply-agent/main.py", "", []byte("def run(:\n"), eps); fs != nil {
		t.Error("findings without a workspace")
	}
	settings, err := NewSettings([]string{RuleEntrypointSyntax}, nil)
	if err != nil {
		t.Fatal(err)
	}
	off := &Workspace{Snapshot: in.Env.WS, Settings: settings}
	if fs, _ := PythonFile(off, "rollouts/multiply-agent/main.py", "", []byte("def run(:\n"), eps); len(fs) != 0 {
		t.Errorf("an ignored rule reported: %v", fs)
	}
}
