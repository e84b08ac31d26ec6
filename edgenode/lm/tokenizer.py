"""Character tokenizer: three special ids, then printable ASCII and newline. Small, exact, and the same in
training (scripts/train_lm.py) and serving."""

from __future__ import annotations

import json
from pathlib import Path

PAD, BOS, EOS = 0, 1, 2
_SPECIAL = ("<pad>", "<bos>", "<eos>")


class CharTokenizer:
    def __init__(self, chars: str) -> None:
        self.chars = chars
        self._index = {c: i + len(_SPECIAL) for i, c in enumerate(chars)}

    @classmethod
    def default(cls) -> CharTokenizer:
        return cls("\n" + "".join(chr(c) for c in range(32, 127)))

    @classmethod
    def load(cls, path: Path) -> CharTokenizer:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(data["chars"])

    def save(self, path: Path) -> None:
        path.write_text(json.dumps({"special": list(_SPECIAL), "chars": self.chars}, indent=1) + "\n", encoding="utf-8")

    @property
    def vocab_size(self) -> int:
        return len(_SPECIAL) + len(self.chars)

    def unknown(self, text: str) -> str:
        """Characters the model cannot read, for a clear error."""
        return "".join(sorted({c for c in text if c not in self._index}))

    def encode(self, text: str) -> list[int]:
        return [self._index[c] for c in text]

    def decode(self, ids: list[int]) -> str:
        return "".join(self.chars[i - len(_SPECIAL)] for i in ids if i >= len(_SPECIAL))
