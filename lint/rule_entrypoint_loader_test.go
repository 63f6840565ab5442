package lint

import (
	"strings"
	"testing"
)

// pycHeader is a 16-byte bytecode header of the given magic number and
// flags, followed by body.
func pycHeader(magic uint16, flags byte, body string) string {
	return string([]byte{byte(magic), byte(magic >> 8), '\r', '\n', flags, 0, 0, 0}) + strings.Repeat("\x00", 8) + body
}

func TestEntrypointLoader(t *testing.T) {
	pyc := pathsConfig(`"multiply-agent"`, `"main.pyc"`)
	so := pathsConfig(`"multiply-agent"`, `"main.so"`)
	const atPyc = "3:14-3:24 entrypoint-loader experiment.entrypoint"
	const atSo = "3:14-3:23 entrypoint-loader experiment.entrypoint"
	runRuleCases(t, "entrypoint-loader", []ruleCase{
		{
			name: "source saved as .pyc",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": "def run(x):\n    return x\n"}),
			want: []string{atPyc},
			msg:  []string{"is not Python bytecode", "bad magic number"},
		},
		{
			name: "an empty .pyc",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": ""}),
			want: []string{atPyc},
		},
		{
			name: "bytecode of Python 3.11",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": pycHeader(3495, 0, "c")}),
			want: []string{atPyc},
			msg:  []string{"is bytecode of Python 3.11, which Python 3.12 and later refuse"},
		},
		{
			name: "a magic number between 3.12's and 3.13's",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": pycHeader(3550, 0, "c")}),
			want: []string{atPyc},
			msg:  []string{"(it starts with 3550)"},
		},
		{
			name: "a header cut short",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": pycHeader(3531, 0, "")[:10]}),
			want: []string{atPyc},
			msg:  []string{"10 bytes, not 16", "reached EOF"},
		},
		{
			name: "flags Python does not define",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": pycHeader(3571, 4, "c")}),
			want: []string{atPyc},
			msg:  []string{"invalid flags"},
		},
		{
			name: "bytecode of 3.12, 3.13, hash-based flags",
			src:  pyc,
			ws: withWS(tree{
				"rollouts/multiply-agent/main.pyc":  pycHeader(3531, 0, "c"),
				"rollouts/multiply-agent/other.pyc": pycHeader(3571, 3, "c"),
			}),
		},
		{
			name: "bytecode of a Python after 3.13 is not judged",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": pycHeader(3627, 0, "c")}),
		},
		{
			name: "a text file saved as .so",
			src:  so,
			ws:   withWS(tree{"rollouts/multiply-agent/main.so": "def run(x):\n    return x\n"}),
			want: []string{atSo},
			msg:  []string{"is not a shared library", "extension module"},
		},
		{
			name: "an empty .so",
			src:  pathsConfig(`"multiply-agent"`, `"main.cpython-312-x86_64-linux-gnu.so"`),
			ws:   withWS(tree{"rollouts/multiply-agent/main.cpython-312-x86_64-linux-gnu.so": ""}),
			want: []string{"3:14-3:52 entrypoint-loader experiment.entrypoint"},
		},
		{
			name: "a link to a text file, named .so",
			src:  pyc,
			ws:   withWS(tree{"rollouts/multiply-agent/main.pyc": "->lib/agent.so", "rollouts/multiply-agent/lib/agent.so": "x"}),
			want: []string{atPyc},
			msg:  []string{"is not a shared library"},
		},
		{
			name: "an ELF file shorter than its header",
			src:  so,
			ws:   withWS(tree{"rollouts/multiply-agent/main.so": "\x7fELF\x02\x01\x01" + strings.Repeat("\x00", 56)}),
			want: []string{atSo},
			msg:  []string{"63 bytes, less than its ELF header", "file too short"},
		},
		{
			name: "an ELF library is not judged",
			src:  so,
			ws:   withWS(tree{"rollouts/multiply-agent/main.so": "\x7fELF\x02\x01\x01" + strings.Repeat("\x00", 57)}),
		},
		{
			name: "an Mach-O library is not judged",
			src:  so,
			ws:   withWS(tree{"rollouts/multiply-agent/main.so": "\xcf\xfa\xed\xfe"}),
		},
		{
			name: "an XCOFF library is not judged",
			src:  so,
			ws:   withWS(tree{"rollouts/multiply-agent/main.so": "\x01\xf7"}),
		},
		{
			name: "a .py entrypoint is not this rule's",
			src:  pathsConfig(`"multiply-agent"`, `"main.py"`),
			ws:   rolloutWS,
		},
		{
			name: "a missing .pyc is entrypoint-not-found's",
			src:  pyc,
			ws:   rolloutWS,
		},
	})
}

// FuzzEntrypointLoaderHeader: the header checks never fail on any bytes,
// and never report a header that Python 3.12 or 3.13 loads (their magic
// number, "\r\n", a 16-byte header, defined flags) or an ELF file at least
// as long as its header.
func FuzzEntrypointLoaderHeader(f *testing.F) {
	f.Add([]byte(pycHeader(3531, 0, "")), byte(0))
	f.Add([]byte(pycHeader(3571, 3, "c")), byte(1))
	f.Add([]byte("\x7fELF\x02\x01\x01"), byte(2))
	f.Add([]byte("def run(x):\n"), byte(3))
	f.Fuzz(func(t *testing.T, head []byte, flags byte) {
		if len(head) > 64 {
			head = head[:64]
		}
		_ = notBytecode(head)
		_ = notSharedLibrary(head)
		for _, magic := range []uint16{pycMagic312, pycMagic313} {
			h := []byte(pycHeader(magic, flags&3, string(head)))[:16]
			if msg := notBytecode(h); msg != "" {
				t.Errorf("%q: %s", h, msg)
			}
		}
		elf := append([]byte("\x7fELF"), head...)
		for len(elf) < 64 {
			elf = append(elf, 0)
		}
		if msg := notSharedLibrary(elf); msg != "" {
			t.Errorf("%q: %s", elf, msg)
		}
	})
}
