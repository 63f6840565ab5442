#!/usr/bin/env python3
"""Builds workspaces the way a new user's go wrong and records the osmosis
CLI's own verdict on submitting a config from each, before any network call.

    python3 oracle.py --sdk DIR [--out cases.json]

DIR is a checkout of osmosis-sdk-python (the CLI). Its modules are copied to
a temporary directory (PEP 695 generic headers rewritten with TypeVar, so
Python 3.11 runs them), third-party modules the pre-network path does not use
(typer, rich, keyring) are stubbed, and for each case, in a fresh directory:

1. the root callback's .env step: python-dotenv's find_dotenv from the
   current directory (the workspace root), _load_env_file and
   _refuse_insecure_platform_url, with no OSMOSIS_* variable set before;
2. the workspace context without the login: resolve_workspace_directory
   (git rev-parse --show-toplevel), validate_workspace_directory_contract,
   get_local_git_remote_url (git remote get-url origin), normalize_git_identity;
3. run_cloud_submit's steps up to the first network call:
   ensure_workspace_directory_config_path, load_train_submit_config /
   load_eval_submit_config, validate_*_submit_context_paths and
   validate_rollout_backend (which imports the entrypoint).

git runs with HOME set to an empty directory and no system config. The
verdict is recorded as facts (accepted, and the step that refused it), not the
CLI's message text. Trees: "path": "text", "path/": a directory, "->target":
a symlink, "base64:..." bytes; paths are relative to the workspace root, and
"../" leads next to it.
"""

import argparse
import base64
import contextlib
import importlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import types
from pathlib import Path

TRAINING = """[experiment]
rollout = "calc"
entrypoint = "main.py"
model_path = "Qwen/Qwen3.6-35B-A3B"
dataset = "calc"
"""
EVAL = """[experiment]
rollout = "calc"
entrypoint = "main.py"
model_path = "openai/gpt-5-mini"
dataset = "calc"

[secrets]
required = []
"""
PYPROJECT = '[project]\nname = "calc"\nversion = "0.1.0"\ndependencies = ["osmosis-ai"]\n'

SCAFFOLD = {
    "rollouts/calc/main.py": "x = 1\n",
    "rollouts/calc/pyproject.toml": PYPROJECT,
    "configs/eval/": "",
    "configs/training/": "",
    "data/calc.jsonl": '{"user_prompt": "1+1", "ground_truth": "2"}\n' * 4,
}


def git_dir(config):
    """A .git directory git takes for a repository."""
    t = {".git/HEAD": "ref: refs/heads/main\n", ".git/objects/": "", ".git/refs/heads/": ""}
    if config is not None:
        t[".git/config"] = config
    return t


def origin(url):
    return '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = %s\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n' % url


GOOD_ORIGIN = origin("https://github.com/acme/rollouts.git")


def case(cid, name, family, extra=None, config=None, git=GOOD_ORIGIN, kind="training", path=None, cwd="", workspace_flag=False, drop=()):
    tree = dict(SCAFFOLD)
    if git is not None:
        tree.update(git_dir(git))
    tree.update(extra or {})
    for d in drop:
        for k in list(tree):
            if k == d or k.startswith(d.rstrip("/") + "/"):
                del tree[k]
    cfg_path = path or "configs/%s/run.toml" % kind
    tree.setdefault(cfg_path, config or (TRAINING if kind == "training" else EVAL))
    return {"id": cid, "name": name, "family": family, "kind": kind, "tree": tree,
            "config": cfg_path, "cwd": cwd, "workspace_flag": workspace_flag}


def b64(data):
    return "base64:" + base64.b64encode(data).decode()


def cases():
    out = []
    add = out.append
    # origin
    for cid, name, url in [
        ("origin-https", "an https GitHub origin", "https://github.com/acme/rollouts.git"),
        ("origin-https-bare", "https without .git", "https://github.com/Acme/Rollouts"),
        ("origin-scp", "scp-like ssh", "git@github.com:acme/rollouts.git"),
        ("origin-ssh", "ssh URL", "ssh://git@github.com/acme/rollouts.git"),
        ("origin-ssh-port", "ssh URL with a port", "ssh://git@github.com:22/acme/rollouts.git"),
        ("origin-credentials", "credentials in the URL", "https://x-access-token:ghp_notreal@github.com/acme/rollouts.git"),
        ("origin-upper-host", "upper-case host", "https://GitHub.COM/acme/rollouts.git"),
        ("origin-trailing-slash", "a trailing slash", "https://github.com/acme/rollouts/"),
        ("origin-gitlab", "hosted elsewhere", "https://gitlab.com/acme/rollouts.git"),
        ("origin-gitlab-credentials", "hosted elsewhere, with credentials", "https://user:hunter2@gitlab.com/acme/rollouts.git"),
        ("origin-extra-segment", "more than owner/repo", "https://github.com/acme/rollouts/tree/main"),
        ("origin-one-segment", "owner only", "https://github.com/acme"),
        ("origin-encoded-slash", "an encoded separator", "https://github.com/acme%2Frollouts/x"),
        ("origin-bad-owner", "an owner GitHub does not allow", "https://github.com/-acme/rollouts"),
        ("origin-space", "a space inside", '"https://github.com/acme/roll outs.git"'),
        ("origin-tab", "a tab inside", '"https://github.com/acme/rollouts\\t.git"'),
        ("origin-local-path", "a local path", "/srv/git/rollouts.git"),
        ("origin-file-url", "a file URL", "file:///srv/github.com/acme/rollouts.git"),
        ("origin-scp-no-suffix", "scp-like without .git", "git@github.com:acme/rollouts"),
        ("origin-scp-slash", "scp-like with a leading slash", "git@github.com:/acme/rollouts.git"),
        ("origin-scp-no-user", "host:path without a user", "github.com:acme/rollouts.git"),
        ("origin-https-port", "https with port 443", "https://github.com:443/acme/rollouts"),
        ("origin-http", "plain http", "http://github.com/acme/rollouts.git"),
        ("origin-double-suffix", "a .git.git suffix", "https://github.com/acme/rollouts.git.git"),
        ("origin-query", "a query", "https://github.com/acme/rollouts.git?ref=main"),
        ("origin-www", "www.github.com", "https://www.github.com/acme/rollouts.git"),
        ("origin-homoglyph", "a Cyrillic i in the host", "https://g\u0456thub.com/acme/rollouts.git"),
        ("origin-comment", "a comment after the URL", "https://github.com/acme/rollouts.git ; the fork"),
        ("origin-quoted", "a quoted URL", '"https://github.com/acme/rollouts.git"'),
        ("origin-bad-repo-char", "a repository name GitHub does not allow", "https://github.com/acme/roll+outs"),
    ]:
        add(case(cid, name, "origin", git=origin(url)))
    add(case("origin-none", "no origin remote", "origin", git="[core]\n\tbare = false\n"))
    add(case("origin-no-config", "no git config file", "origin", git=None, extra=git_dir(None)))
    add(case("origin-empty", "an empty url", "origin", git='[remote "origin"]\n\turl =\n'))
    add(case("origin-pushurl-only", "only a pushurl", "origin", git='[remote "origin"]\n\tpushurl = https://github.com/acme/rollouts.git\n'))
    add(case("origin-other-remote", "a GitHub remote not named origin", "origin", git='[remote "upstream"]\n\turl = https://github.com/acme/rollouts.git\n'))
    add(case("origin-insteadof-to-github", "insteadOf rewrites to GitHub", "origin",
             git='[url "https://github.com/"]\n\tinsteadOf = gh:\n' + origin("gh:acme/rollouts")))
    add(case("origin-insteadof-away", "insteadOf rewrites away from GitHub", "origin",
             git='[url "https://git.example.com/"]\n\tinsteadOf = https://github.com/\n' + origin("https://github.com/acme/rollouts")))
    add(case("origin-insteadof-longest", "the longest insteadOf wins", "origin",
             git='[url "https://gitlab.com/"]\n\tinsteadOf = g\n[url "https://github.com/"]\n\tinsteadOf = gh:\n' + origin("gh:acme/rollouts")))
    add(case("origin-pushinsteadof", "pushInsteadOf does not change the URL", "origin",
             git='[url "https://gitlab.com/"]\n\tpushInsteadOf = https://github.com/\n' + origin("https://github.com/acme/rollouts")))
    add(case("origin-two-urls", "two urls: the first is the URL", "origin",
             git='[remote "origin"]\n\turl = https://github.com/acme/rollouts.git\n\turl = https://gitlab.com/acme/rollouts.git\n'))
    add(case("origin-two-urls-reversed", "two urls, the first elsewhere", "origin",
             git='[remote "origin"]\n\turl = https://gitlab.com/acme/rollouts.git\n\turl = https://github.com/acme/rollouts.git\n'))
    add(case("origin-bad-config", "a git config that does not parse", "origin", git='[remote "origin\n\turl = https://github.com/acme/rollouts.git\n'))
    add(case("origin-subsection-case", "[remote \"Origin\"] is another remote", "origin", git='[remote "Origin"]\n\turl = https://github.com/acme/rollouts.git\n'))
    add(case("origin-deprecated-section", "[remote.origin], the old syntax", "origin", git='[remote.origin]\n\turl = https://github.com/acme/rollouts.git\n'))
    add(case("origin-include", "origin from an included file", "origin", git='[include]\n\tpath = origin.cfg\n', extra={".git/origin.cfg": origin("https://github.com/acme/rollouts.git")}))
    add(case("origin-eval", "an eval config without origin", "origin", kind="eval", git="[core]\n\tbare = false\n"))

    # the .env the CLI loads before every command
    for cid, name, env in [
        ("env-https", "an https platform URL", "OSMOSIS_PLATFORM_URL=https://platform.example.com\n"),
        ("env-http-remote", "http to a remote host", "OSMOSIS_PLATFORM_URL=http://platform.example.com\n"),
        ("env-http-localhost", "http to localhost", "OSMOSIS_PLATFORM_URL=http://localhost:3000\n"),
        ("env-no-scheme-local", "no scheme, localhost", "OSMOSIS_PLATFORM_URL=localhost:3000\n"),
        ("env-no-scheme-remote", "no scheme, a remote host", "OSMOSIS_PLATFORM_URL=platform.example.com\n"),
        ("env-http-loopback", "http to 127.0.0.1", "OSMOSIS_PLATFORM_URL=http://127.0.0.1:8000/\n"),
        ("env-http-ipv6-loopback", "http to [::1]", "OSMOSIS_PLATFORM_URL=http://[::1]:8000\n"),
        ("env-http-mapped", "http to an IPv4-mapped loopback", "OSMOSIS_PLATFORM_URL=http://[::ffff:127.0.0.1]:8000\n"),
        ("env-http-allowed", "http, allowed in the same file", "OSMOSIS_PLATFORM_URL=http://dev.example.com\nOSMOSIS_ALLOW_INSECURE_PLATFORM_URL=1\n"),
        ("env-http-allowed-true", "http, allowed with true (not 1)", "OSMOSIS_PLATFORM_URL=http://dev.example.com\nOSMOSIS_ALLOW_INSECURE_PLATFORM_URL=true\n"),
        ("env-ftp", "an ftp URL", "OSMOSIS_PLATFORM_URL=ftp://platform.example.com\n"),
        ("env-bad-port", "a port that is not a number", "OSMOSIS_PLATFORM_URL=https://platform.example.com:44x3\n"),
        ("env-port-range", "a port out of range", "OSMOSIS_PLATFORM_URL=https://platform.example.com:70000\n"),
        ("env-bad-bracket", "an unclosed bracket", "OSMOSIS_PLATFORM_URL=https://[::1/\n"),
        ("env-commented", "commented out", "# OSMOSIS_PLATFORM_URL=http://dev.example.com\n"),
        ("env-quoted-comment", "quoted, with a comment", 'OSMOSIS_PLATFORM_URL="http://dev.example.com" # dev\n'),
        ("env-export", "export form", "export OSMOSIS_PLATFORM_URL=http://dev.example.com\n"),
        ("env-single-quoted", "single quotes", "OSMOSIS_PLATFORM_URL='https://platform.example.com'\n"),
        ("env-empty", "an empty value is the default", "OSMOSIS_PLATFORM_URL=\n"),
        ("env-last-wins", "the last binding wins", "OSMOSIS_PLATFORM_URL=http://dev.example.com\nOSMOSIS_PLATFORM_URL=https://platform.example.com\n"),
        ("env-last-wins-bad", "the last binding wins, insecure", "OSMOSIS_PLATFORM_URL=https://platform.example.com\nOSMOSIS_PLATFORM_URL=http://dev.example.com\n"),
        ("env-interpolated", "an interpolated value", "BASE=https://platform.example.com\nOSMOSIS_PLATFORM_URL=${BASE}\n"),
        ("env-other-vars", "other variables only", "OPENAI_API_KEY=sk-notreal\nFOO=bar\n"),
        ("env-crlf", "CRLF lines", "A=1\r\nOSMOSIS_PLATFORM_URL=http://dev.example.com\r\n"),
        ("env-spaces", "blanks around =", "OSMOSIS_PLATFORM_URL = http://dev.example.com\n"),
        ("env-hash-no-space", "a # without a blank before it", "OSMOSIS_PLATFORM_URL=https://platform.example.com#http\n"),
        ("env-bom", "a BOM before the name", "\ufeffOSMOSIS_PLATFORM_URL=http://dev.example.com\n"),
        ("env-upper-scheme", "HTTPS in capitals", "OSMOSIS_PLATFORM_URL=HTTPS://platform.example.com\n"),
        ("env-localhost-dot", "localhost. is not localhost", "OSMOSIS_PLATFORM_URL=http://localhost.:3000\n"),
        ("env-short-ip", "127.1 is no address to Python", "OSMOSIS_PLATFORM_URL=http://127.1:3000\n"),
        ("env-localhost-upper", "LOCALHOST", "OSMOSIS_PLATFORM_URL=http://LOCALHOST:3000\n"),
        ("env-multiline-before", "a multi-line value before it", 'CERT="line1\nline2"\nOSMOSIS_PLATFORM_URL=http://dev.example.com\n'),
        ("env-unterminated", "an unterminated quote", 'OSMOSIS_PLATFORM_URL="http://dev.example.com\n'),
        ("env-no-equals", "a name without =", "OSMOSIS_PLATFORM_URL\n"),
        ("env-scheme-only", "http:// alone", "OSMOSIS_PLATFORM_URL=http://\n"),
        ("env-token-bound", "a token and its platform", "OSMOSIS_TOKEN=notreal\nOSMOSIS_PLATFORM_URL=https://platform.example.com\n"),
    ]:
        add(case(cid, name, "env", extra={".env": env}))
    add(case("env-latin1", "a .env that is not UTF-8", "env", extra={".env": b64(b"# caf\xe9\nA=1\n")}))
    add(case("env-directory", "a .env directory is no file", "env", extra={".env/": ""}))
    add(case("env-elsewhere", "a .env below the root is not loaded from the root", "env", extra={"rollouts/calc/.env": "OSMOSIS_PLATFORM_URL=http://dev.example.com\n"}))
    add(case("env-symlink-inside", "a .env linked inside the workspace", "env", extra={".env": "->config/dev.env", "config/dev.env": "OSMOSIS_PLATFORM_URL=http://dev.example.com\n"}))

    add(case("env-link-out", "a .env linked outside the workspace", "env", extra={".env": "->../outside.env", "../outside.env": "OSMOSIS_PLATFORM_URL=http://dev.example.com\n"}))
    add(case("env-above", "no .env at the root, one above the workspace", "env", extra={"../.env": "OSMOSIS_PLATFORM_URL=http://dev.example.com\n"}))

    # the workspace contract and the config's place
    add(case("contract-no-data", "no data/", "contract", drop=["data/calc.jsonl"]))
    add(case("contract-data-file", "data is a file", "contract", drop=["data/calc.jsonl"], extra={"data": "x\n"}))
    add(case("contract-data-link", "data/ is a symlink to a directory inside", "contract", drop=["data/calc.jsonl"], extra={"data": "->shared/data", "shared/data/calc.jsonl": "{}\n"}))
    add(case("contract-no-eval", "no configs/eval/", "contract", drop=["configs/eval/"]))
    add(case("config-subdir", "a config in a sub-directory of its kind", "contract", path="configs/training/team/run.toml"))
    add(case("config-upper-suffix", "a .TOML suffix", "contract", path="configs/training/run.TOML"))
    add(case("config-wrong-kind-dir", "a training config under configs/train/", "contract", path="configs/train/run.toml"))

    # git repositories
    add(case("git-none", "no git repository at all", "git", git=None))
    add(case("git-file-nowhere", "a .git file naming a missing directory", "git", git=None, extra={".git": "gitdir: ../gone/.git/worktrees/ws\n"}))
    add(case("git-file-garbage", "a .git file that is not a gitdir file", "git", git=None, extra={".git": "garbage\n"}))
    real = {k.replace(".git/", ".realgit/", 1): v for k, v in git_dir(GOOD_ORIGIN).items()}
    add(case("git-file-inside", "a .git file naming a git directory inside", "git", git=None, extra=dict(real, **{".git": "gitdir: .realgit\n"})))
    main_repo = {k.replace(".git/", "../main/.git/", 1): v for k, v in git_dir(GOOD_ORIGIN).items()}
    main_repo.update({"../main/.git/worktrees/ws/HEAD": "ref: refs/heads/feature\n", "../main/.git/worktrees/ws/commondir": "../..\n",
                      "../main/.git/worktrees/ws/gitdir": "../../../ws/.git\n", ".git": "gitdir: ../main/.git/worktrees/ws\n"})
    add(case("git-linked-worktree", "a linked worktree of a repository beside it", "git", git=None, extra=main_repo))
    add(case("git-linked-worktree-no-origin", "a linked worktree whose repository has no origin", "git", git=None,
             extra=dict(main_repo, **{"../main/.git/config": "[core]\n\tbare = false\n"})))
    sm = {k.replace(".git/", "../super/.git/modules/ws/", 1): v for k, v in git_dir(GOOD_ORIGIN).items()}
    sm[".git"] = "gitdir: ../super/.git/modules/ws\n"
    add(case("git-submodule", "a submodule checkout", "git", git=None, extra=sm))
    nested = {k.replace(".git/", "configs/training/.git/", 1): v for k, v in git_dir("[core]\n\tbare = false\n").items()}
    add(case("git-kind-dir-nested", "configs/training/ is its own repository", "git", extra=nested))
    nested_team = {k.replace(".git/", "configs/training/team/.git/", 1): v for k, v in git_dir(None).items()}
    add(case("git-kind-subdir-nested", "configs/training/team/ is its own repository", "git", extra=nested_team, path="configs/training/team/run.toml"))
    sub = {"sub/" + k: v for k, v in SCAFFOLD.items()}
    sub.update({"sub/" + k: v for k, v in git_dir(GOOD_ORIGIN).items()})
    add(case("git-nested-from-outer", "a config of a nested repository, submitted from the outer root", "git",
             extra=sub, path="sub/configs/training/run.toml", workspace_flag=True))
    add(case("git-nested-from-inner", "a config of a nested repository, submitted from its own root", "git",
             extra=sub, path="sub/configs/training/run.toml", cwd="sub"))
    add(case("git-dotgit-empty", "an empty .git directory", "git", git=None, extra={".git/": ""}))
    add(case("git-below-root", "a workspace below the top of its repository", "git", git=None,
             extra={"../.git/HEAD": "ref: refs/heads/main\n", "../.git/objects/": "", "../.git/refs/": "", "../.git/config": GOOD_ORIGIN}))
    add(case("git-rollout-nested", "a rollout that is its own repository", "git",
             extra={k.replace(".git/", "rollouts/calc/.git/", 1): v for k, v in git_dir(None).items()}))

    # the rollout's pyproject.toml
    add(case("pyproject-utf8", "a UTF-8 pyproject.toml", "pyproject", extra={"rollouts/calc/pyproject.toml": PYPROJECT.replace('"calc"', '"caf\u00e9"', 1)}))
    add(case("pyproject-latin1", "a Latin-1 pyproject.toml", "pyproject", extra={"rollouts/calc/pyproject.toml": b64(PYPROJECT.encode() + b'description = "caf\xe9"\n')}))
    add(case("pyproject-latin1-eval", "a Latin-1 pyproject.toml, eval", "pyproject", kind="eval", extra={"rollouts/calc/pyproject.toml": b64(PYPROJECT.encode() + b'description = "caf\xe9"\n')}))
    add(case("pyproject-not-toml", "a pyproject.toml that is not TOML", "pyproject", extra={"rollouts/calc/pyproject.toml": "[project\n"}))
    add(case("pyproject-bom", "a pyproject.toml with a BOM", "pyproject", extra={"rollouts/calc/pyproject.toml": "\ufeff" + PYPROJECT}))
    add(case("pyproject-none", "no pyproject.toml", "pyproject", drop=["rollouts/calc/pyproject.toml"]))
    add(case("pyproject-dir", "pyproject.toml is a directory", "pyproject", drop=["rollouts/calc/pyproject.toml"], extra={"rollouts/calc/pyproject.toml/": ""}))
    add(case("pyproject-latin1-comment", "Latin-1 in a comment", "pyproject", extra={"rollouts/calc/pyproject.toml": b64(b"# caf\xe9\n" + PYPROJECT.encode())}))
    add(case("pyproject-link-latin1", "a link to a Latin-1 file inside", "pyproject", extra={"rollouts/calc/pyproject.toml": "->../../shared/pyproject.toml", "shared/pyproject.toml": b64(PYPROJECT.encode() + b"# \xff\n")}))

    # deliberate differences
    out_rollouts = {"rollouts/": None, "rollouts": "->../outside/rollouts",
                    "../outside/rollouts/calc/main.py": "x = 1\n", "../outside/rollouts/calc/pyproject.toml": PYPROJECT}
    add(case("link-rollouts-out", "rollouts/ is a symlink out of the workspace", "link", extra=out_rollouts, drop=["rollouts/calc"]))
    add(case("link-rollouts-out-missing", "rollouts/ links out, and the rollout is not there", "link",
             extra={"rollouts": "->../outside/rollouts", "../outside/rollouts/": ""}, drop=["rollouts/calc"]))
    add(case("link-kind-dir-out", "configs/training/ is a symlink out of the workspace", "link",
             extra={"configs/training": "->../../outside/training", "../outside/training/run.toml": TRAINING},
             drop=["configs/training/"], path="configs/training/run.toml"))
    add(case("link-config-out", "the config itself is a symlink out", "link",
             extra={"configs/training/run.toml": "->../../../outside/run.toml", "../outside/run.toml": TRAINING}))
    deps = '[project]\nname = "calc"\nversion = "0.1.0"\ndependencies = ["osmosis-ai", "numpy>=2"]\n'
    add(case("deps-missing-entrypoint-ok", "dependencies the CLI lacks, entrypoint present", "deps", extra={"rollouts/calc/pyproject.toml": deps}))
    add(case("deps-missing-entrypoint-missing", "dependencies the CLI lacks, entrypoint missing", "deps",
             extra={"rollouts/calc/pyproject.toml": deps}, drop=["rollouts/calc/main.py"]))
    add(case("deps-present-entrypoint-missing", "only osmosis-ai, entrypoint missing", "deps", drop=["rollouts/calc/main.py"]))
    add(case("deps-marker-false-entrypoint-missing", "a dependency whose marker is false, entrypoint missing", "deps",
             extra={"rollouts/calc/pyproject.toml": deps.replace('"numpy>=2"', '"numpy; python_version < \'3\'"')}, drop=["rollouts/calc/main.py"]))
    add(case("deps-cli-version-entrypoint-missing", "an osmosis-ai version the CLI is not, entrypoint missing", "deps",
             extra={"rollouts/calc/pyproject.toml": PYPROJECT.replace('"osmosis-ai"', '"osmosis-ai>=99"')}, drop=["rollouts/calc/main.py"]))
    add(case("deps-missing-entrypoint-dir", "dependencies the CLI lacks, entrypoint a directory", "deps",
             extra={"rollouts/calc/pyproject.toml": deps}, config=TRAINING.replace('"main.py"', '"."')))
    for c in out:
        c["tree"] = {k: v for k, v in c["tree"].items() if v is not None}
    return out


# ---- running the CLI ------------------------------------------------------

PEP695 = re.compile(r"^(?P<indent>[ \t]*)(?P<kw>class|def) (?P<name>\w+)\[(?P<params>[^\]]*)\](?P<rest>.*)$", re.M)


def rewrite_pep695(src):
    """Rewrite `class C[T: B]:` and `def f[T](...)` headers for Python 3.11."""
    names = []

    def repl(m):
        params = [p.split(":")[0].strip() for p in m.group("params").split(",") if p.strip()]
        names.extend(p for p in params if p not in names)
        rest = m.group("rest")
        if m.group("kw") == "class":
            generic = "Generic[%s]" % ", ".join(params)
            if rest.startswith("("):
                rest = "(" + generic + ", " + rest[1:]
            else:
                rest = "(" + generic + ")" + rest
        return "%s%s %s%s" % (m.group("indent"), m.group("kw"), m.group("name"), rest)

    out = PEP695.sub(repl, src)
    if not names:
        return src
    header = "from typing import Generic, TypeVar\n" + "".join("%s = TypeVar(%r)\n" % (n, n) for n in names)
    lines = out.split("\n")
    at = 0
    for i, line in enumerate(lines):
        if line.startswith("from __future__"):
            at = i + 1
    # after a module docstring, when the file starts with one and has no future import
    if at == 0 and lines and lines[0].startswith('"""'):
        for i, line in enumerate(lines[1:], 1):
            if '"""' in line:
                at = i + 1
                break
    lines.insert(at, header)
    return "\n".join(lines)


def prepare_sdk(sdk, tmp):
    dst = Path(tmp) / "sdk"
    shutil.copytree(Path(sdk) / "osmosis_ai", dst / "osmosis_ai")
    for p in (dst / "osmosis_ai").rglob("*.py"):
        src = p.read_text(encoding="utf-8")
        new = rewrite_pep695(src)
        if new != src:
            p.write_text(new, encoding="utf-8")
    # the CLI is installed where it runs: its distribution metadata
    consts = (dst / "osmosis_ai" / "consts.py").read_text()
    version = re.search(r'PACKAGE_VERSION = "([^"]+)"', consts).group(1)
    meta = dst / ("osmosis_ai-%s.dist-info" % version)
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: osmosis-ai\nVersion: %s\n" % version)
    return dst


class DummyMeta(type):
    """Stub classes: any attribute is another stub class."""

    def __getattr__(cls, n):
        if n.startswith("__"):
            raise AttributeError(n)
        return DummyMeta(n, (Dummy,), {})


class Dummy(metaclass=DummyMeta):
    def __init__(self, *a, **k):
        pass

    def __call__(self, *a, **k):
        if len(a) == 1 and callable(a[0]) and not k:
            return a[0]
        return Dummy()

    def __getattr__(self, n):
        if n.startswith("__"):
            raise AttributeError(n)
        return Dummy()


class StubModule(types.ModuleType):
    def __getattr__(self, n):
        if n.startswith("__"):
            raise AttributeError(n)
        return DummyMeta(n, (Dummy,), {})


class StubFinder:
    """Finds a stub module for any name under the given top-level packages."""

    def __init__(self, tops):
        self.tops = tops

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.tops:
            return importlib.util.spec_from_loader(name, self)
        return None

    def create_module(self, spec):
        m = StubModule(spec.name)
        m.__path__ = []
        return m

    def exec_module(self, module):
        parent, _, child = module.__name__.rpartition(".")
        if parent in sys.modules:
            setattr(sys.modules[parent], child, module)


def install_stubs():
    """Stub what the pre-network path imports but never uses."""
    missing = {top for top in ["keyring", "typer", "rich"] if importlib.util.find_spec(top) is None}
    sys.meta_path.insert(0, StubFinder(missing))
    import click
    import click.core
    import click.exceptions
    import click.globals
    if "typer" in missing:
        import typer.core
        sys.modules["typer._click"] = click
        sys.modules["typer._click.core"] = click.core
        sys.modules["typer._click.exceptions"] = click.exceptions
        sys.modules["typer._click.globals"] = click.globals
        typer.core.TyperGroup = click.core.Group
    try:
        import packaging  # noqa: F401
    except ImportError:
        import pip._vendor.packaging as pk
        for sub in ["requirements", "utils", "specifiers", "markers", "version", "tags"]:
            importlib.import_module("pip._vendor.packaging." + sub)
            sys.modules["packaging." + sub] = getattr(pk, sub)
        sys.modules["packaging"] = pk


def write_tree(root, tree):
    for key in sorted(tree):
        value = tree[key]
        p = Path(os.path.normpath(os.path.join(root, key)))
        if key.endswith("/"):
            p.mkdir(parents=True, exist_ok=True)
            continue
        p.parent.mkdir(parents=True, exist_ok=True)
        if value.startswith("->"):
            os.symlink(value[2:], p)
        elif value.startswith("base64:"):
            p.write_bytes(base64.b64decode(value[7:]))
        else:
            p.write_bytes(value.encode("utf-8"))


@contextlib.contextmanager
def chdir(d):
    old = os.getcwd()
    os.chdir(d)
    try:
        yield
    finally:
        os.chdir(old)


def run_case(c, home):
    from osmosis_ai.cli.errors import CLIError
    import osmosis_ai.cli.main as cli_main
    from osmosis_ai.platform.cli import workspace_directory_contract as contract
    from osmosis_ai.platform.cli import workspace_repo
    from osmosis_ai.platform.cli.training_config import load_train_submit_config, validate_train_submit_context_paths
    from osmosis_ai.platform.cli.eval_config import load_eval_submit_config, validate_eval_submit_context_paths

    with tempfile.TemporaryDirectory(dir=home.parent) as base:
        root = Path(base) / "ws"
        root.mkdir()
        write_tree(root, c["tree"])
        cwd = root / c["cwd"] if c["cwd"] else root
        saved = dict(os.environ)
        for k in list(os.environ):
            if k.startswith("OSMOSIS_") or k.startswith("GIT_"):
                del os.environ[k]
        os.environ.update({"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "GIT_CONFIG_NOSYSTEM": "1",
                           "GIT_CEILING_DIRECTORIES": str(Path(base).parent)})
        step = "env"
        warnings = []
        try:
            with chdir(cwd):
                env_file = cli_main._find_env_file()
                if env_file is not None:
                    cli_main._load_env_file(env_file)
                cli_main._refuse_insecure_platform_url()
                step = "workspace"
                ws = contract.resolve_workspace_directory(Path.cwd())
                step = "contract"
                contract.validate_workspace_directory_contract(ws)
                step = "origin"
                url = workspace_repo.get_local_git_remote_url(ws)
                if url is None:
                    raise CLIError("no origin")
                workspace_repo.normalize_git_identity(url)
                step = "config-path"
                kind = c["kind"]
                config_dir = {"training": "configs/training", "eval": "configs/eval"}[kind]
                cfg = Path(c["config"]) if not c["cwd"] else Path(os.path.relpath(root / c["config"], cwd))
                resolved = cfg if cfg.is_absolute() else ws / cfg
                contract.ensure_workspace_directory_config_path(resolved, ws, config_dir=config_dir, command_label="submit")
                step = "load"
                if kind == "training":
                    config = load_train_submit_config(resolved)
                    step = "context"
                    validate_train_submit_context_paths(config, ws)
                else:
                    config = load_eval_submit_config(resolved)
                    step = "context"
                    validate_eval_submit_context_paths(config, ws)
                step = "backend"
                warnings = contract.validate_rollout_backend(
                    workspace_directory=ws, rollout=config.experiment_rollout,
                    entrypoint=config.experiment_entrypoint, command_label="submit")
        except BaseException as e:  # the CLI fails, whatever the exception
            if isinstance(e, KeyboardInterrupt):
                raise
            return {"accepted": False, "refused_at": step, "error": "CLIError" if isinstance(e, CLIError) else type(e).__name__}
        finally:
            os.environ.clear()
            os.environ.update(saved)
        return {"accepted": True, "backend_skipped": bool(warnings)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sdk", required=True)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sdk = prepare_sdk(args.sdk, tmp)
        sys.path.insert(0, str(sdk))
        install_stubs()
        home = Path(tmp) / "cases" / "home"
        home.mkdir(parents=True)
        results = []
        for c in cases():
            v = run_case(c, home)
            c.update(v)
            results.append(c)
            print("%-40s %s" % (c["id"], "accepted" if v["accepted"] else "refused at " + v["refused_at"] + " (" + v["error"] + ")"), file=sys.stderr)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, ensure_ascii=True)
        f.write("\n")


if __name__ == "__main__":
    main()
