package lint

import (
	"encoding/binary"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
)

var (
	ruleEntrypointLoader = Rule{
		ID:       RuleEntrypointLoader,
		Keys:     []string{"experiment.entrypoint"},
		Severity: Error,
		Stage:    StageSubmit,
		Summary:  "A .pyc entrypoint is not bytecode any Python the SDK runs on loads, or a .so entrypoint is not a shared library.",
		Doc: `The CLI's submit preflight imports the entrypoint with the loader Python's import machinery
picks by its suffix (importlib.util.spec_from_file_location in
osmosis_ai/platform/cli/rollout_entrypoint.py, after symlinks are resolved): .pyc is loaded as
bytecode, .so as an extension module.

A .pyc file starts with the magic number of the CPython version that wrote it, and a Python
refuses any other ("bad magic number", importlib's _classify_pyc); the SDK requires Python 3.12
or later, whose magic numbers are 3531 (3.12) and 3571 (3.13), each version's greater than the
last (read from importlib.util.MAGIC_NUMBER of Python 3.6 to 3.13). Reported: a file whose first
four bytes are not a magic number of 3.12, 3.13 or a later version (a text file renamed, bytecode
of Python 3.11 or older), a header shorter than 16 bytes ("reached EOF while reading pyc
header") and header flags Python does not define ("invalid flags"). Not judged: a magic number
greater than 3.13's (a later Python may load it), the marshalled code after the header.

A .so file is loaded with dlopen, which refuses a file that is not a shared library of the
system: reported when the file starts with neither the ELF magic (Linux) nor a Mach-O magic
(macOS), the formats the SDK's Pythons load (nor XCOFF, AIX's), and an ELF file shorter than
its ELF header ("file too short"). Not judged: a library built for
another system, architecture or Python, or one without the module's PyInit_ function, which only
loading it tells.` + entrypointLoadNote,
		Bad:       "[experiment]\n# ...\nentrypoint = \"main.pyc\"\n",
		Good:      "[experiment]\n# ...\nentrypoint = \"main.py\"\n",
		Kinds:     []string{"training", "eval"},
		Workspace: true,
		check:     checkEntrypointLoader,
	}
)

var _ = register(&ruleEntrypointLoader)

// pycMagic is the bytecode magic number of each CPython version (the
// first two bytes of importlib.util.MAGIC_NUMBER, little-endian; the next
// two are "\r\n"). The numbers grow with the version.
var pycMagic = []struct {
	magic   uint16
	version string
}{
	{3379, "3.6"}, {3394, "3.7"}, {3413, "3.8"}, {3425, "3.9"}, {3439, "3.10"},
	{3495, "3.11"}, {3531, "3.12"}, {3571, "3.13"},
}

// pycMagic312, pycMagic313: the oldest Python the SDK runs on and the
// newest whose magic number is known.
const (
	pycMagic312 = 3531
	pycMagic313 = 3571
)

func checkEntrypointLoader(c *Context) {
	r, ep, ok := entrypointTarget(c)
	if !ok {
		return
	}
	rp := c.Env.rolloutPath(r, ep)
	if !rp.DirContained || !rp.EntryContained || !rp.Entry.IsRegular {
		return
	}
	base := path.Base(rp.Entry.Path)
	var why func([]byte) string
	switch {
	case strings.HasSuffix(base, ".so"):
		why = notSharedLibrary
	case strings.HasSuffix(base, ".pyc"):
		why = notBytecode
	default:
		return
	}
	f, _, err := c.Env.WS.OpenFile(rp.Entry.Path)
	if err != nil {
		return
	}
	head := make([]byte, 64)
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return
	}
	msg := why(head[:n])
	if msg == "" {
		return
	}
	// the package chain runs first (entrypointWalk reads it); a chain it
	// could not read may raise ModuleNotFoundError, on which the CLI only
	// warns
	res := c.Env.entrypointWalk(r, ep)
	if res.reached == nil {
		if ro, ok := c.Env.WS.Rollout(r); !ok || slices.ContainsFunc(ro.Files, func(f string) bool { return path.Base(f) == "__init__.py" }) {
			return
		}
	}
	reportImport(c, res, len(res.problems), r, "entrypoint "+code(ep)+" "+msg)
}

// notBytecode says why Python 3.12 and later refuse a .pyc file that
// starts with head (its first 64 bytes, or all of a shorter file); ""
// when they may load it.
func notBytecode(head []byte) string {
	const load = ": the CLI imports it as bytecode and Python refuses it"
	if len(head) < 4 || head[2] != '\r' || head[3] != '\n' {
		return "is not Python bytecode (it does not start with a magic number)" + load + " (\"bad magic number\")"
	}
	magic := binary.LittleEndian.Uint16(head)
	if magic != pycMagic312 && magic < pycMagic313 {
		what := "does not start with the magic number of Python 3.12 or later (it starts with " + strconv.Itoa(int(magic)) + ")"
		for _, m := range pycMagic {
			if m.magic == magic {
				what = "is bytecode of Python " + m.version
			}
		}
		return what + ", which Python 3.12 and later refuse (\"bad magic number\"), and the osmosis SDK requires Python 3.12 or later: compile it with the Python the rollout runs on, or name the .py file"
	}
	if magic != pycMagic312 && magic != pycMagic313 {
		return "" // a later Python's
	}
	if len(head) < 16 {
		return "holds a bytecode header of " + strconv.Itoa(len(head)) + " bytes, not 16" + load + " (\"reached EOF while reading pyc header\")"
	}
	if flags := binary.LittleEndian.Uint32(head[4:8]); flags&^0b11 != 0 {
		return "has bytecode header flags " + strconv.FormatUint(uint64(flags), 10) + ", which Python does not define" + load + " (\"invalid flags\")"
	}
	return ""
}

// notSharedLibrary says why dlopen refuses a .so file that starts with
// head; "" when it may load it.
func notSharedLibrary(head []byte) string {
	if len(head) >= 4 {
		switch m := binary.BigEndian.Uint32(head); {
		case m == 0x7f454c46: // ELF
			// glibc's dlopen reads a whole ELF header first (52 bytes for
			// 32-bit ELF, 64 for 64-bit; a 64-bit file is of the wrong
			// class for a 32-bit system anyway)
			if len(head) < 52 || head[4] == 2 && len(head) < 64 {
				return "is a shared library cut short (" + strconv.Itoa(len(head)) + " bytes, less than its ELF header): the CLI imports it as an extension module and the system's loader refuses it (\"file too short\")"
			}
			return ""
		case m == 0xfeedface, m == 0xfeedfacf, m == 0xcefaedfe, m == 0xcffaedfe, m == 0xcafebabe, m == 0xbebafeca: // Mach-O, universal
			return ""
		}
	}
	if len(head) >= 2 {
		if m := binary.BigEndian.Uint16(head); m == 0x01df || m == 0x01f7 { // XCOFF
			return ""
		}
	}
	return "is not a shared library (it starts with neither the ELF nor a Mach-O magic number): the CLI imports it as an extension module and the system's loader refuses it"
}
