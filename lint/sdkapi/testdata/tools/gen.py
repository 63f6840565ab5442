"""Writes lint/sdkapi/table.json: the modules and top-level names of the
osmosis SDK's osmosis_ai package in each of its releases, the extras an
integration module needs, and the methods the 0.3 release removed.

    python3.12 lint/sdkapi/testdata/tools/gen.py GIT_DIR > lint/sdkapi/table.json

GIT_DIR is a bare clone of github.com/Osmosis-AI/osmosis-sdk-python; every
file is read with `git --git-dir=GIT_DIR show TAG:PATH` for each release tag
(vMAJOR.MINOR.PATCH, with rcN for a release candidate). A development tool:
osmosis-lint never runs it. Python 3.12 or later reads the SDK's source (the
SDK requires 3.12).
"""

import ast
import json
import re
import subprocess
import sys
import tomllib

TAG = re.compile(r"^v(\d+)\.(\d+)\.(\d+)(?:rc(\d+))?$")

# The import name of each distribution the SDK's pyproject.toml names that
# is not spelled as it is imported (a fact of those distributions).
IMPORT_NAMES = {
    "strands-agents": "strands",
    "openai-agents": "agents",
    "python-dotenv": "dotenv",
    "prompt-toolkit": "prompt_toolkit",
    "dockerfile-parse": "dockerfile_parse",
    "pyyaml": "yaml",
    "scikit-learn": "sklearn",
}

# The integrations' own frameworks, the packages whose absence the table
# records: the web server of the server extra, Harbor, Strands and the
# OpenAI Agents SDK. No base requirement of the SDK (requests, httpx,
# pydantic, keyring, cryptography, questionary, prompt-toolkit, packaging,
# typer, rich, python-dotenv) depends on them; the smaller packages the
# extras also list (litellm, toml, platformdirs, ...) are left out, as
# another installed package may bring them.
INTEGRATIONS = {"fastapi", "uvicorn", "harbor", "strands", "agents"}

# The APIs the 0.3 release removed, by the name a rollout imports, and
# their migrations, as docs/migrating-to-0.3.md words them.
MIGRATIONS = {
    "load_workflow": "construct the backend and rollout server explicitly in the configured entrypoint (the submit preflight imports that module; there is no public discovery helper)",
    "auto_discover_grader": "pass the grader explicitly to LocalBackend(grader=...) or HarborBackend(grader=...)",
    "validator": "remove the static validator call: backend constructors validate their own configuration, the submit preflight reports import-time failures, and an eval run is the end-to-end smoke test",
    "ValidationError": "remove the static validator call (osmosis_ai.rollout.validator is gone)",
    "ValidationResult": "remove the static validator call (osmosis_ai.rollout.validator is gone)",
    "resolved_agent_name": "remove the static validator call (osmosis_ai.rollout.validator is gone)",
    "validate_backend": "remove the static validator call (osmosis_ai.rollout.validator is gone)",
    "save_trajectories": "use await save_trajectory(...): an ExecutionResult holds at most one sample, written to <artifact_root>/<rollout_id>/trajectory.json",
    "HarborBackendV2": "import HarborBackend from osmosis_ai.rollout.backend.harbor: it is the container-native implementation HarborBackendV2 was",
    "MultiTurnMode": "remove it: each rollout produces one RolloutSample and one reward",
}
METHODS = {
    "set_sample_reward": "call set_reward() instead",
    "register_sample_source": "call set_sample_source() instead",
}
MIGRATION_DOC = "docs/migrating-to-0.3.md"


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir=" + gitdir, *args], check=True, capture_output=True).stdout


def releases(gitdir):
    tags = []
    for t in git(gitdir, "tag").decode().split():
        m = TAG.match(t)
        if m:
            major, minor, patch, rc = m.groups()
            key = (int(major), int(minor), int(patch), int(rc) if rc else 1 << 30)
            tags.append((key, t))
    tags.sort()
    return [t for _, t in tags]


def target_names(t, out):
    if isinstance(t, ast.Name):
        out.add(t.id)
    elif isinstance(t, (ast.Tuple, ast.List)):
        for e in t.elts:
            target_names(e, out)
    elif isinstance(t, ast.Starred):
        target_names(t.value, out)


def pattern_names(p, out):
    for n in ast.walk(p):
        if isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            out.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            out.add(n.rest)


class ModuleInfo:
    def __init__(self):
        self.names = set()
        self.dynamic = False
        # imports executed whenever the module is (outside def, class,
        # try and if): (level, module, names)
        self.imports = []
        # lazy exports: name -> the module importing it imports
        self.lazy = {}


def reraises(body):
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.Raise):
        return True
    return (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
            and isinstance(last.value.func, ast.Name) and last.value.func.id == "raise_optional_dependency_error")


def read_module(src):
    """The names a module binds at its top level (generously: in every
    block that is not a def or class body), whether it can bind names its
    source does not spell, and the imports it always executes."""
    info = ModuleInfo()
    tree = ast.parse(src)
    dicts = {}

    def stmts(body, always):
        for s in body:
            stmt(s, always)

    def stmt(s, always):
        n = info.names
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            n.add(s.name)
            # a function's global statement binds a module name when it runs
            for g in ast.walk(s):
                if isinstance(g, ast.Global):
                    n.update(g.names)
            return
        if isinstance(s, ast.Import):
            for a in s.names:
                n.add(a.asname or a.name.split(".")[0])
                if always:
                    info.imports.append((0, a.name, None))
            return
        if isinstance(s, ast.ImportFrom):
            for a in s.names:
                if a.name == "*":
                    info.dynamic = True
                else:
                    n.add(a.asname or a.name)
            if always:
                info.imports.append((s.level, s.module or "", [a.name for a in s.names]))
            return
        if isinstance(s, ast.Assign):
            for t in s.targets:
                target_names(t, n)
            if len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Dict):
                dicts[s.targets[0].id] = s.value
        elif isinstance(s, (ast.AnnAssign, ast.AugAssign)):
            target_names(s.target, n)
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and isinstance(s.value, ast.Dict):
                dicts[s.target.id] = s.value
        elif isinstance(s, ast.TypeAlias):
            target_names(s.name, n)
        elif isinstance(s, (ast.For, ast.AsyncFor)):
            target_names(s.target, n)
            stmts(s.body, False)
            stmts(s.orelse, False)
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            for it in s.items:
                if it.optional_vars is not None:
                    target_names(it.optional_vars, n)
            stmts(s.body, always)
        elif isinstance(s, ast.While):
            stmts(s.body, False)
            stmts(s.orelse, False)
        elif isinstance(s, ast.If):
            stmts(s.body, False)
            stmts(s.orelse, False)
        elif isinstance(s, (ast.Try, ast.TryStar)):
            # A try whose every handler raises again (the SDK's
            # raise_optional_dependency_error is NoReturn) still fails
            # when an import in its body does.
            stmts(s.body, always and all(reraises(h.body) for h in s.handlers))
            for h in s.handlers:
                if h.name:
                    n.add(h.name)
                stmts(h.body, False)
            stmts(s.orelse, False)
            stmts(s.finalbody, always)
        elif isinstance(s, ast.Match):
            for c in s.cases:
                pattern_names(c.pattern, n)
                stmts(c.body, False)
        # walrus targets anywhere in a top-level statement's expressions
        for e in ast.walk(s):
            if isinstance(e, ast.NamedExpr):
                target_names(e.target, n)

    stmts(tree.body, True)
    lazy_fns = [s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name in ("__getattr__", "__dir__")]
    skip = {id(x) for fn in lazy_fns for x in ast.walk(fn)}
    for e in ast.walk(tree):
        if id(e) not in skip and isinstance(e, ast.Name) and e.id in ("globals", "vars", "locals", "exec", "eval", "setattr", "__import__"):
            # a use anywhere may bind a module name the source does not
            # spell (the module's own __getattr__ and __dir__ are judged
            # below)
            info.dynamic = True
    if "__getattr__" in info.names:
        # A module __getattr__ answers names the source may not spell. The
        # SDK's lazy exports pass a dict literal to resolve_lazy_export:
        # its keys are the names it answers. Any other __getattr__ leaves
        # the module dynamic.
        fn = next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == "__getattr__")
        used = {x.id for x in ast.walk(fn) if isinstance(x, ast.Name)}
        lazy = "resolve_lazy_export" in used and [d for k, d in dicts.items() if k in used]
        if lazy and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for d in lazy for k in d.keys):
            for d in lazy:
                info.names.update(k.value for k in d.keys)
                for k, v in zip(d.keys, d.values):
                    if isinstance(v, ast.Tuple) and v.elts and isinstance(v.elts[0], ast.Constant) and isinstance(v.elts[0].value, str):
                        info.lazy[k.value] = v.elts[0].value
        else:
            info.dynamic = True
    return info


def module_name(path):
    p = path[: -len(".py")]
    if p.endswith("/__init__"):
        p = p[: -len("/__init__")]
    return p.replace("/", ".")


def requirement_name(req):
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", req)
    return re.sub(r"[-_.]+", "-", m.group(1)).lower() if m else None


def requirement_extras(req):
    m = re.match(r"\s*[A-Za-z0-9][A-Za-z0-9._-]*\s*\[([^\]]*)\]", req)
    return [e.strip() for e in m.group(1).split(",")] if m else []


def extras_of(gitdir, tag):
    """The import names each extra provides and base installs do not, with
    an extra's self-references expanded; None when the release has no
    pyproject.toml metadata to read."""
    try:
        meta = tomllib.loads(git(gitdir, "show", tag + ":pyproject.toml").decode())
    except (subprocess.CalledProcessError, tomllib.TOMLDecodeError):
        return None
    project = meta.get("project", {})
    if "dependencies" not in project:
        return None
    base = {IMPORT_NAMES.get(requirement_name(r), requirement_name(r).replace("-", "_")) for r in project["dependencies"]}
    optional = project.get("optional-dependencies", {})

    def provides(extra, seen):
        out = set()
        if extra in seen:
            return out
        seen.add(extra)
        for r in optional.get(extra, []):
            name = requirement_name(r)
            if name == "osmosis-ai":
                for e in requirement_extras(r):
                    out |= provides(e, seen)
            else:
                out.add(IMPORT_NAMES.get(name, name.replace("-", "_")))
        return out

    return {e: sorted(provides(e, set()) - base) for e in optional}


def main():
    gitdir = sys.argv[1]
    tags = releases(gitdir)
    modules = {}  # name -> {"in": mask, "dynamic": mask, "names": {name: mask}}
    needs = {}  # module -> {release index: [[import name, [extras]]]}
    extras_by_release = []
    methods_in = {}
    for i, tag in enumerate(tags):
        bit = 1 << i
        files = [f for f in git(gitdir, "ls-tree", "-r", "--name-only", tag, "osmosis_ai/").decode().splitlines() if f.endswith(".py")]
        infos = {}
        for f in files:
            name = module_name(f)
            src = git(gitdir, "show", tag + ":" + f)
            info = read_module(src)
            infos[name] = (f, info)
            # every directory between is a package (or a namespace portion)
            parts = name.split(".")
            for j in range(1, len(parts) + 1):
                m = modules.setdefault(".".join(parts[:j]), {"in": 0, "dynamic": 0, "names": {}})
                m["in"] |= bit
            m = modules[name]
            if info.dynamic:
                m["dynamic"] |= bit
            for n in info.names:
                m["names"][n] = m["names"].get(n, 0) | bit
        for meth in METHODS:
            if any(isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)) and d.name == meth
                   for f, info in infos.values() for d in ast.walk(ast.parse(git(gitdir, "show", tag + ":" + f)))):
                methods_in[meth] = methods_in.get(meth, 0) | bit
        extras = extras_of(gitdir, tag)
        extras_by_release.append(extras)
        if extras is None:
            continue
        # The third-party top-level packages importing each module executes
        # (its package chain and the SDK modules it imports, transitively).
        direct = {}
        for name, (f, info) in infos.items():
            pkg = name if f.endswith("__init__.py") else name.rpartition(".")[0]
            out = set()
            for level, mod, names in info.imports:
                if level:
                    base = pkg.split(".")
                    base = base[: len(base) - (level - 1)]
                    full = ".".join(base + ([mod] if mod else []))
                else:
                    full = mod
                if full.split(".")[0] != "osmosis_ai":
                    out.add(("ext", full.split(".")[0]))
                    continue
                out.add(("sdk", full))
                for n in names or []:
                    if full + "." + n in infos:
                        out.add(("sdk", full + "." + n))
            direct[name] = out
        provided = {}
        for e, names in extras.items():
            for n in names:
                provided.setdefault(n, []).append(e)

        def closure(name):
            seen, todo, ext = set(), [name], set()
            while todo:
                cur = todo.pop()
                parts = cur.split(".")
                for j in range(1, len(parts) + 1):
                    chain = ".".join(parts[:j])
                    if chain in infos and chain not in seen:
                        seen.add(chain)
                        for kind, target in direct[chain]:
                            if kind == "ext":
                                ext.add(target)
                            else:
                                todo.append(target)
            return ext

        targets = [(name, name) for name in infos]
        # a lazy export: importing the name imports its module
        targets += [(name + "." + n, target) for name, (f, info) in infos.items() for n, target in info.lazy.items() if target in infos]
        for name, target in targets:
            for n in closure(target) | (closure(name.rpartition(".")[0]) if name not in infos else set()):
                if n in provided and n in INTEGRATIONS:
                    key = (n, tuple(sorted(provided[n])))
                    m = needs.setdefault(name, {})
                    m[key] = m.get(key, 0) | bit
    out = {
        "source": "github.com/Osmosis-AI/osmosis-sdk-python",
        "generator": "lint/sdkapi/testdata/tools/gen.py",
        "releases": [t[1:] for t in tags],
        "commits": [git(gitdir, "rev-list", "-n", "1", t).decode().strip() for t in tags],
        "migration_doc": MIGRATION_DOC,
        "migrations": MIGRATIONS,
        "methods": {m: {"in": methods_in.get(m, 0), "migration": how} for m, how in METHODS.items()},
        "extras": {t[1:]: e for t, e in zip(tags, extras_by_release) if e is not None},
        "needs": {k: [{"import": n, "extras": list(e), "in": mask} for (n, e), mask in sorted(v.items())] for k, v in sorted(needs.items())},
        "modules": {k: {"in": v["in"], "dynamic": v["dynamic"], "names": dict(sorted(v["names"].items()))} for k, v in sorted(modules.items())},
    }
    json.dump(out, sys.stdout, indent=None, separators=(",", ":"), sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
