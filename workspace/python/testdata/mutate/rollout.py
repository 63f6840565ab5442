"""A rollout: an agent loop that calls tools and scores the answer."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .helpers import parse_answer, normalize

ANSWER = re.compile(r"<answer>(.*?)</answer>", re.S)


@dataclass
class Turn:
    role: str
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


class Rollout:
    max_turns: int = 8

    def __init__(self, client, *, temperature: float = 0.7, **options) -> None:
        self.client = client
        self.temperature = temperature
        self.options = {**options, "stream": False}

    async def run(self, prompt: str, /, expected: str | None = None) -> dict:
        messages = [{"role": "system", "content": f"Answer in {self.max_turns} turns"}]
        messages += [{"role": "user", "content": prompt}]
        for turn in range(self.max_turns):
            reply = await self.client.chat(messages, temperature=self.temperature)
            if (match := ANSWER.search(reply.text)) is not None:
                answer = normalize(match.group(1))
                break
            messages.append({"role": "assistant", "content": reply.text})
        else:
            answer = None
        return {"answer": answer, "reward": self.score(answer, expected), "turns": turn + 1}

    @staticmethod
    def score(answer, expected) -> float:
        match answer, expected:
            case None, _:
                return 0.0
            case str(a), str(e) if a == e:
                return 1.0
            case _:
                return 0.5 if parse_answer(answer) == expected else 0.0


def main(argv: list[str] | None = None) -> int:
    data = json.loads(open(argv[0]).read()) if argv else {}
    print(f"{len(data)=} rows, first: {data[0]!r:>20}" if data else "empty")
    total = sum(row["reward"] for row in data if row.get("reward") is not None)
    return 0 if total >= 0 else 1
