"""Labels data files with the osmosis CLI's own validation.

    python3 label.py SDK_DIR FILES_DIR > labels.json

SDK_DIR is a checkout of github.com/Osmosis-AI/osmosis-sdk-python. The
functions `osmosis dataset validate FILE` runs (_check_file_basics,
_validate_file_with_warnings and the validators it calls) are taken from
osmosis_ai/platform/cli/dataset.py as they are, with the constants of
osmosis_ai/platform/constants.py; the rest of the CLI (its output, the
platform client) is not needed and not imported.

pyarrow is not used: a Parquet file FILE is read from FILE.dump.json,
which the Go test writes with parquet-go's reader (schema, row count, the
metadata column's type and values), through a stand-in for the few
pyarrow calls _validate_parquet makes.

The verdict of a file is "accept", "reject" (a validation error, with the
messages) or "crash" (an exception the CLI does not catch: it exits with
an internal error, and the upload fails too).
"""

import ast
import json
import os
import sys
import types


def load_sdk(sdk):
    ns = {"__name__": "osmosis_dataset"}
    with open(os.path.join(sdk, "osmosis_ai/platform/constants.py")) as f:
        exec(compile(f.read(), "constants.py", "exec"), ns)

    class CLIError(Exception):
        pass

    ns["CLIError"] = CLIError
    ns["format_size"] = lambda n: f"{n} B"
    ns["PARQUET_VALIDATION_SKIPPED_WARNING"] = "pyarrow is not installed"
    from pathlib import Path
    from typing import Any
    from collections.abc import Iterable

    ns.update(Path=Path, Any=Any, Iterable=Iterable)
    path = os.path.join(sdk, "osmosis_ai/platform/cli/dataset.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    keep = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and (
            node.name.startswith("_validate") or node.name.startswith("_check")
            or node.name.startswith("_contains") or node.name in (
                "_normalize_dataset_columns", "_metadata_is_absent",
                "_json_type_name", "_MetadataCrossRowTracker")):
            keep.append(node)
        elif isinstance(node, ast.Assign) and all(
                isinstance(t, ast.Name) and t.id.startswith("_INT64") for t in node.targets):
            keep.append(node)
    exec(compile(ast.Module(body=keep, type_ignores=[]), path, "exec"), ns)
    return ns


class _Type:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


class _Field:
    def __init__(self, t):
        self.type = _Type(t)


class _Schema:
    def __init__(self, names, types_):
        self.names = names
        self._types = types_

    def field(self, name):
        if self.names.count(name) != 1:
            raise KeyError(f"Column {name} does not exist in schema")
        return _Field(self._types[name])


class _Column:
    def __init__(self, values):
        self._values = values

    def to_pylist(self):
        return list(self._values)


class _Batch:
    def __init__(self, values):
        self._values = values

    def column(self, i):
        return _Column(self._values)


class ParquetFile:
    """The pyarrow.parquet.ParquetFile calls _validate_parquet makes,
    answered from the dump parquet-go's reader wrote."""

    def __init__(self, path):
        with open(str(path) + ".dump.json") as f:
            d = json.load(f)
        if d.get("error"):
            raise OSError(d["error"])
        self._d = d
        self.schema = [None] * d["leaves"]
        self.metadata = types.SimpleNamespace(num_rows=d["num_rows"])
        self.schema_arrow = _Schema(d["names"], d.get("types", {}))

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    def iter_batches(self, columns):
        if self._d.get("values_error"):
            raise OSError(self._d["values_error"])
        values = self._d["values"]
        for i in range(0, len(values), 65536):
            yield _Batch(values[i:i + 65536])


def install_pyarrow():
    pa = types.ModuleType("pyarrow")
    pa.types = types.SimpleNamespace(
        is_struct=lambda t: t.name == "struct",
        is_string=lambda t: t.name == "string",
        is_large_string=lambda t: t.name == "large_string",
    )
    pq = types.ModuleType("pyarrow.parquet")
    pq.ParquetFile = ParquetFile
    pa.parquet = pq
    sys.modules["pyarrow"] = pa
    sys.modules["pyarrow.parquet"] = pq


def label(ns, path):
    try:
        file_path, ext, _ = ns["_check_file_basics"](path)
        errors, _ = ns["_validate_file_with_warnings"](file_path, ext)
    except ns["CLIError"] as e:
        return {"verdict": "reject", "errors": [str(e)]}
    except Exception as e:  # the CLI does not catch it
        return {"verdict": "crash", "errors": [type(e).__name__]}
    if errors:
        return {"verdict": "reject", "errors": errors}
    return {"verdict": "accept"}


def main():
    sdk, files = sys.argv[1], sys.argv[2]
    install_pyarrow()
    ns = load_sdk(sdk)
    out = {}
    for name in sorted(os.listdir(files)):
        if name.endswith(".dump.json"):
            continue
        out[name] = label(ns, os.path.join(files, name))
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
