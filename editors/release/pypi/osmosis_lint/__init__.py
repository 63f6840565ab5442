"""osmosis-lint, the linter and language server for Osmosis workspace configs.

The package ships the ``osmosis-lint`` executable as a script; this module
only finds it, for ``python -m osmosis_lint`` and for tools that want its path.
"""

import os
import sys
import sysconfig

__all__ = ["find_osmosis_lint_bin"]


def _scripts_dirs():
    yield sysconfig.get_path("scripts")
    get_scheme = getattr(sysconfig, "get_preferred_scheme", None)
    user_scheme = get_scheme("user") if get_scheme else os.name + "_user"
    try:
        yield sysconfig.get_path("scripts", user_scheme)
    except KeyError:
        pass
    # pip install --target DIR puts scripts in DIR/bin, next to the package.
    yield os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bin")


def find_osmosis_lint_bin():
    """Returns the path of the installed osmosis-lint executable."""
    name = "osmosis-lint" + (".exe" if sys.platform == "win32" else "")
    for directory in _scripts_dirs():
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate):
            return candidate
    raise FileNotFoundError("the osmosis-lint executable of this installation was not found")
