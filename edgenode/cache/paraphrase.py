"""A learned judge of whole sentences, asked only where the guard's word rules are unsure.

The guard (edgenode.cache.guard) compares template words one by one. Where the facts, what is asked, roles,
negations, tense and modality all agree and no rule says two words differ, yet a word was replaced or added that
single-word vectors cannot pair ("what wine pairs well with salmon" / "best wine to go with salmon"), the words are
UNSURE. This judge decides those: both prompts go through the whole all-MiniLM-L6-v2 encoder (numpy,
edgenode.cache.embed.MiniLM), each token's contextual vector meets its best counterpart on the other side, and a
logistic regression over eight numbers decides (how well the worst-met tokens of each side are met, how well all
are, the sentences' cosine, their length ratio). A reworded question keeps every token's meaning somewhere on the
other side; one that asks something else leaves a token unmet. The judge says no outside what it was trained on:
a pair with any of the seven similarities below the lowest of the rewordings it was trained on (`floor`) is
another question, whatever the regression's score (a linear score extrapolates: its similarities weigh with both
signs, and "Which ocean is the smallest?" against "What's the difference between a major and a minor scale?", which
a cache meets at cosine 0.6, scored 0.99).

The regression is trained by `scripts/train_paraphrase.py` on the design splits' pairs that reach this judge
(bench/cacheeval: never the held-out or third author's split), with scikit-learn; serving is a dot product. Its
threshold is the lowest score at which the training pairs it would pass are 99% rewordings; its floor, each
similarity's lowest among the training rewordings. The model file records what it was trained on.

Encoding a prompt it has not met costs milliseconds, so the edge encodes those on a worker thread (`encode`) and
judges only once both prompts are memoised (`unencoded` says which are not); the memo is locked for that.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from edgenode.cache.embed import MiniLM, shared_encoder

MODEL_PATH = Path(__file__).with_name("paraphrase.json")
FEATURES = ("worst_stored", "worst_asked", "mean_stored", "mean_asked", "worst2_stored", "worst2_asked",
            "sentence_cosine", "length_ratio")
_MAX_MEMO = 512  # prompts whose token vectors are kept (about 23 KB each in float32: a 15-token prompt)


def features(stored: np.ndarray, asked: np.ndarray) -> np.ndarray:
    """The eight numbers for two prompts' contextual token vectors (rows, [CLS] and [SEP] left out)."""
    def unit(x: np.ndarray) -> np.ndarray:
        return x / np.linalg.norm(x, axis=-1, keepdims=True)

    similarity = unit(stored) @ unit(asked).T
    best_s, best_a = similarity.max(1), similarity.max(0)  # each token's best counterpart on the other side
    u, v = unit(stored.mean(0)), unit(asked.mean(0))
    return np.array([best_s.min(), best_a.min(), best_s.mean(), best_a.mean(), np.sort(best_s)[:2].mean(),
                     np.sort(best_a)[:2].mean(), float(u @ v), len(stored) / len(asked)], dtype=np.float64)


class Paraphrase:
    """`judge(stored, asked)`: whether the asked prompt rewords the stored one. `model`: the trained regression
    (`mean`, `scale`, `coef`, `intercept`, `threshold`)."""

    def __init__(self, encoder: MiniLM, model: dict) -> None:
        self._encoder = encoder
        self.mean = np.asarray(model["mean"], dtype=np.float64)
        self.scale = np.asarray(model["scale"], dtype=np.float64)
        self.coef = np.asarray(model["coef"], dtype=np.float64)
        self.intercept = float(model["intercept"])
        self.threshold = float(model["threshold"])
        self.floor = np.asarray(model.get("floor", [-np.inf] * len(FEATURES)), dtype=np.float64)
        if not (len(self.mean) == len(self.scale) == len(self.coef) == len(self.floor) == len(FEATURES)):
            raise ValueError(f"a paraphrase model needs {len(FEATURES)} weights per field ({', '.join(FEATURES)})")
        self._memo: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()  # the memo is read on the event loop and filled on a worker thread
        self.encoder_calls = 0

    @classmethod
    def load(cls, encoder: MiniLM, path: Path = MODEL_PATH) -> Paraphrase:
        return cls(encoder, json.loads(path.read_text()))

    def unencoded(self, texts: Iterable[str]) -> list[str]:
        """The texts whose token vectors are not memoised: judging them would run the encoder first."""
        with self._lock:
            return [t for t in dict.fromkeys(texts) if t not in self._memo]

    def encode(self, texts: Iterable[str]) -> None:
        """Memoise the texts' token vectors (safe on a worker thread while the event loop judges)."""
        self.tokens(list(texts))

    def tokens(self, texts: list[str]) -> list[np.ndarray]:
        """Each text's contextual token vectors, memoised; the texts not met before go through the encoder in one
        batch, outside the memo's lock."""
        found: dict[str, np.ndarray] = {}
        while True:
            with self._lock:
                wanted = [t for t in dict.fromkeys(texts) if t not in found and t not in self._memo]
                if not wanted:  # (a text another thread evicted meanwhile goes round once more)
                    result = [found[t] if t in found else self._memo[t] for t in texts]
                    self._memo.update(found)
                    for t in texts:
                        self._memo.move_to_end(t)
                    while len(self._memo) > _MAX_MEMO:
                        self._memo.popitem(last=False)
                    return result
                self.encoder_calls += 1
            for text, states in zip(wanted, self._encoder.token_states(wanted), strict=True):
                inner = states[1:-1]  # [CLS] and [SEP] left out
                found[text] = inner if len(inner) else states

    def score(self, stored: str, asked: str) -> float:
        """The regression's probability that `asked` rewords `stored`."""
        return self._score(features(*self.tokens([stored, asked])))

    def _score(self, x: np.ndarray) -> float:
        return float(1.0 / (1.0 + np.exp(-(((x - self.mean) / self.scale) @ self.coef + self.intercept))))

    def __call__(self, stored: str, asked: str) -> bool:
        x = features(*self.tokens([stored, asked]))
        return bool((x >= self.floor).all()) and self._score(x) >= self.threshold


@functools.cache
def shared_paraphrase() -> Paraphrase:
    return Paraphrase.load(shared_encoder())


__all__ = ["FEATURES", "MODEL_PATH", "Paraphrase", "features", "shared_paraphrase"]
