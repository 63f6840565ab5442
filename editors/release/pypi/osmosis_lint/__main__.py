"""python -m osmosis_lint: runs the installed osmosis-lint executable."""

import os
import subprocess
import sys

from osmosis_lint import find_osmosis_lint_bin


def main():
    binary = find_osmosis_lint_bin()
    args = [binary, *sys.argv[1:]]
    if sys.platform == "win32":
        # No exec on Windows: run it and pass its exit status on.
        sys.exit(subprocess.call(args))
    os.execv(binary, args)


if __name__ == "__main__":
    main()
