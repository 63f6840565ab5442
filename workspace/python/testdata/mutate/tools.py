import asyncio
import contextlib
from collections.abc import Callable, Iterator

type Handler[T] = Callable[[str], T]

registry: dict[str, Handler] = {}


def tool(name: str | None = None):
    def register[F: Callable](fn: F) -> F:
        registry[name or fn.__name__] = fn
        return fn
    return register


@tool()
def calculator(expression: str) -> str:
    try:
        value = eval(expression, {"__builtins__": {}}, {})
    except (SyntaxError, NameError, ZeroDivisionError) as error:
        return f"error: {error}"
    finally:
        pass
    return str(value)


@tool("search")
async def search(query: str, *, limit: int = 5) -> list[str]:
    async with asyncio.timeout(10):
        results = [f"{query} #{i}" for i in range(limit)]
    return results[:limit]


@contextlib.contextmanager
def scoped(*names: str) -> Iterator[None]:
    saved = {n: registry.pop(n, None) for n in names}
    try:
        yield
    except* ValueError as group:
        raise RuntimeError(f"{len(group.exceptions)} failures") from group
    finally:
        registry.update({k: v for k, v in saved.items() if v})


lambda_table = {k: (lambda x, k=k: f"{k}:{x}") for k in ("a", "b")}
matrix = [[i * j for j in range(3)] for i in range(3)]
first, *rest = matrix
assert isinstance(rest, list), "rest is a list"
del lambda_table["a"], matrix[0][1:]
x = 0b1010_1010 + 0o17 + 0xFF + 1_000.5e-3j
s = rb"\d+" b"\x00" if x else u"text" "more"
