"""Train the edge's language models on CPU and write them where serving reads them.

    .venv/bin/pip install torch==2.13.0        # training only; serving is numpy
    .venv/bin/python scripts/train_lm.py        # rewrites edgenode/lm/weights/{target,draft}.{npz,json}, tokenizer.json

Target and draft see the same corpus (edgenode.lm.corpus, fixed seeds) and the same tokenizer; only
their size and step count differ. Training is seeded; CPU float kernels make the weights close to, not
bit-for-bit, those committed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch import nn  # noqa: E402

from edgenode.lm.corpus import examples  # noqa: E402
from edgenode.lm.model import MODELS_DIR, LMConfig  # noqa: E402
from edgenode.lm.tokenizer import BOS, EOS, PAD, CharTokenizer  # noqa: E402

CONTEXT = 192
SIZES = {
    "target": {"d_model": 128, "n_layers": 8, "n_heads": 4, "steps": 1500, "lr": 1.5e-3},
    "draft": {"d_model": 64, "n_layers": 1, "n_heads": 2, "steps": 1000, "lr": 3e-3},
}
TRAIN_EXAMPLES, HELDOUT_EXAMPLES, BATCH = 24_000, 600, 32


class Block(nn.Module):
    def __init__(self, d: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.fc, self.out = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.out(nn.functional.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class LM(nn.Module):
    def __init__(self, c: LMConfig) -> None:
        super().__init__()
        self.wte, self.wpe = nn.Embedding(c.vocab, c.d_model), nn.Embedding(c.context, c.d_model)
        self.blocks = nn.ModuleList(Block(c.d_model, c.n_heads) for _ in range(c.n_layers))
        self.lnf, self.head = nn.LayerNorm(c.d_model), nn.Linear(c.d_model, c.vocab, bias=False)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for block in self.blocks:
            x = block(x)
        return self.head(self.lnf(x))


def encode(tokenizer: CharTokenizer, texts: list[str]) -> torch.Tensor:
    rows = np.full((len(texts), CONTEXT + 1), PAD, dtype=np.int64)
    for i, text in enumerate(texts):
        ids = [BOS, *tokenizer.encode(text), EOS][: CONTEXT + 1]
        rows[i, : len(ids)] = ids
    return torch.from_numpy(rows)


def export(model: LM, c: LMConfig) -> dict[str, np.ndarray]:
    def arr(t: torch.Tensor) -> np.ndarray:
        return t.detach().numpy().astype(np.float32)

    w = {"wte": arr(model.wte.weight), "wpe": arr(model.wpe.weight), "lnf.g": arr(model.lnf.weight),
         "lnf.b": arr(model.lnf.bias), "head.w": arr(model.head.weight).T.copy()}
    for i, block in enumerate(model.blocks):
        for name in ("ln1", "ln2"):
            norm = getattr(block, name)
            w[f"h{i}.{name}.g"], w[f"h{i}.{name}.b"] = arr(norm.weight), arr(norm.bias)
        for name in ("qkv", "proj", "fc", "out"):
            linear = getattr(block, name)
            w[f"h{i}.{name}.w"], w[f"h{i}.{name}.b"] = arr(linear.weight).T.copy(), arr(linear.bias)
    return w


def train(name: str, tokenizer: CharTokenizer, data: torch.Tensor, heldout: torch.Tensor, steps: int | None) -> None:
    size = dict(SIZES[name])
    steps = steps or size.pop("steps")
    size.pop("steps", None)
    lr = size.pop("lr")
    torch.manual_seed(7)
    c = LMConfig(vocab=tokenizer.vocab_size, context=CONTEXT, **size)
    model = LM(c)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    generator = torch.Generator().manual_seed(11)
    started = time.time()
    for step in range(steps):
        for group in optimizer.param_groups:  # warm-up then cosine decay
            group["lr"] = lr * min(1.0, (step + 1) / 50) * 0.5 * (1 + math.cos(math.pi * step / steps))
        batch = data[torch.randint(0, len(data), (BATCH,), generator=generator)]
        logits = model(batch[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, c.vocab), batch[:, 1:].reshape(-1), ignore_index=PAD)
        optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        if step % 100 == 0 or step == steps - 1:
            print(f"{name} step {step} loss {loss.item():.3f} ({time.time() - started:.0f} s)", flush=True)
    with torch.no_grad():
        logits = model(heldout[:, :-1])
        target = heldout[:, 1:]
        keep = target != PAD
        heldout_loss = nn.functional.cross_entropy(logits[keep], target[keep]).item()
        accuracy = (logits.argmax(-1)[keep] == target[keep]).float().mean().item()
    weights = export(model, c)
    # the numpy server must compute what torch trained: check on a held-out row, fed in two chunks
    from edgenode.lm.model import NumpyLM

    row = [int(t) for t in heldout[0] if t != PAD][:60]
    served = NumpyLM(c, weights)
    cache = served.new_cache()
    ours = np.concatenate([served.forward(row[:25], cache), served.forward(row[25:], cache)])
    with torch.no_grad():
        theirs = model(torch.tensor([row]))[0].numpy()
    drift = float(np.abs(ours - theirs).max())
    assert drift < 1e-3, f"numpy forward differs from torch by {drift}"
    MODELS_DIR.mkdir(parents=True, exist_ok=True)
    np.savez(MODELS_DIR / f"{name}.npz", **weights)
    meta = {"config": c.__dict__, "steps": steps, "lr": lr, "batch": BATCH, "train_examples": TRAIN_EXAMPLES,
            "heldout_loss": round(heldout_loss, 4), "heldout_next_token_accuracy": round(accuracy, 4),
            "parameters": sum(p.numel() for p in model.parameters()), "train_seconds": round(time.time() - started),
            "numpy_vs_torch_max_abs_diff": drift}
    (MODELS_DIR / f"{name}.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"{name}: {meta}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=sorted(SIZES))
    parser.add_argument("--steps", type=int, help="override the step count (quick trials)")
    args = parser.parse_args()
    torch.set_num_threads(max(1, torch.get_num_threads()))
    tokenizer = CharTokenizer.default()
    MODELS_DIR.mkdir(parents=True, exist_ok=True)
    tokenizer.save(MODELS_DIR / "tokenizer.json")
    data = encode(tokenizer, [e.text for e in examples(TRAIN_EXAMPLES, seed=1)])
    heldout = encode(tokenizer, [e.text for e in examples(HELDOUT_EXAMPLES, seed=2)])
    for name in [args.only] if args.only else list(SIZES):
        train(name, tokenizer, data, heldout, args.steps)


if __name__ == "__main__":
    main()
