"""The causal transformer in numpy, with a KV cache: what serves the edge's `ensemble` model.

Architecture (must match scripts/train_lm.py): token + learned position embeddings; pre-LayerNorm blocks
of multi-head self-attention and a GELU MLP; final LayerNorm; an untied output head. Weights are an .npz
of float32 arrays named as in `LINEAR_LAYERS` and `_NORMS`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MODELS_DIR = Path(__file__).resolve().parent / "weights"


@dataclass(frozen=True)
class LMConfig:
    vocab: int
    d_model: int
    n_layers: int
    n_heads: int
    context: int

    @property
    def head_dim(self) -> int:
        return self.d_model // self.n_heads


def linear_layer_names(config: LMConfig) -> list[str]:
    names = []
    for layer in range(config.n_layers):
        names += [f"h{layer}.qkv", f"h{layer}.proj", f"h{layer}.fc", f"h{layer}.out"]
    return [*names, "head"]


class KVCache:
    """Keys and values per layer, preallocated to the context; `length` tokens are valid. Rolling back a
    rejected speculative suffix is setting `length` back."""

    def __init__(self, config: LMConfig) -> None:
        shape = (config.n_heads, config.context, config.head_dim)
        self.k = [np.zeros(shape, dtype=np.float32) for _ in range(config.n_layers)]
        self.v = [np.zeros(shape, dtype=np.float32) for _ in range(config.n_layers)]
        self.length = 0


def _layer_norm(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    centred = x - np.add.reduce(x, axis=-1, keepdims=True) * (1.0 / x.shape[-1])
    var = np.add.reduce(centred * centred, axis=-1, keepdims=True) * (1.0 / x.shape[-1])
    return centred * (1.0 / np.sqrt(var + 1e-5)) * g + b


def _gelu(x: np.ndarray) -> np.ndarray:
    # tanh approximation, as trained; x*x*x, not x**3 (numpy's float32 power is several times slower)
    return 0.5 * x * (1.0 + np.tanh(x * (0.7978845608028654 + 0.035677408136300125 * x * x)))


class NumpyLM:
    def __init__(self, config: LMConfig, weights: dict[str, np.ndarray]) -> None:
        self.config = config
        self.w = {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in weights.items()}
        # a linear layer is `x @ w + b`; INT8 plans swap single layers for integer kernels
        self.linears: dict[str, object] = {}

    @classmethod
    def load(cls, name: str, directory: Path = MODELS_DIR) -> NumpyLM:
        config = LMConfig(**json.loads((directory / f"{name}.json").read_text())["config"])
        with np.load(directory / f"{name}.npz") as data:
            weights = {k: data[k] for k in data.files}
        return cls(config, weights)

    def new_cache(self) -> KVCache:
        return KVCache(self.config)

    def _linear(self, name: str, x: np.ndarray) -> np.ndarray:
        swapped = self.linears.get(name)
        if swapped is not None:
            return swapped(x)  # type: ignore[operator]
        out = x @ self.w[f"{name}.w"]
        bias = self.w.get(f"{name}.b")
        return out + bias if bias is not None else out

    def forward(self, ids: list[int] | np.ndarray, cache: KVCache) -> np.ndarray:
        """Logits [len(ids), vocab] for `ids` appended after the cache's tokens; the cache grows by len(ids)."""
        c = self.config
        n, start = len(ids), cache.length
        if start + n > c.context:
            raise ValueError(f"sequence of {start + n} tokens exceeds the model's context of {c.context}")
        w = self.w
        x = w["wte"][np.asarray(ids)] + w["wpe"][start : start + n]
        end = start + n
        # causal mask for the new queries against every cached and new key (one new token sees them all)
        mask = np.arange(end)[None, :] > (start + np.arange(n))[:, None] if n > 1 else None
        scale = 1.0 / np.sqrt(c.head_dim)
        for layer in range(c.n_layers):
            p = f"h{layer}"
            h = _layer_norm(x, w[f"{p}.ln1.g"], w[f"{p}.ln1.b"])
            qkv = self._linear(f"{p}.qkv", h).reshape(n, 3, c.n_heads, c.head_dim).transpose(1, 2, 0, 3)
            q, k, v = qkv[0], qkv[1], qkv[2]
            cache.k[layer][:, start:end] = k
            cache.v[layer][:, start:end] = v
            att = (q @ cache.k[layer][:, :end].transpose(0, 2, 1)) * scale
            if mask is not None:
                att = np.where(mask[None], -1e30, att)
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            y = (att @ cache.v[layer][:, :end]).transpose(1, 0, 2).reshape(n, c.d_model)
            x = x + self._linear(f"{p}.proj", y)
            h = _layer_norm(x, w[f"{p}.ln2.g"], w[f"{p}.ln2.b"])
            x = x + self._linear(f"{p}.out", _gelu(self._linear(f"{p}.fc", h)))
        cache.length = end
        return self._linear("head", _layer_norm(x, w["lnf.g"], w["lnf.b"]))
