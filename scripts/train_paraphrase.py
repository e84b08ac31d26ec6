"""Train the cache guard's paraphrase judge: writes edgenode/cache/paraphrase.json (see edgenode.cache.paraphrase).

`pip install -e .[paraphrase]` first (scikit-learn; serving is numpy). The training pairs are the design splits' pairs
the judge would be asked about: the guard without the judge finds the words UNSURE, and the static embedding's
cosine reaches the cache's default threshold, as a lookup's candidates do. The held-out and third author's splits
are never read, nor any split named with --validate, which is only scored.

    python scripts/train_paraphrase.py [--validate design_tenth] [--out PATH]

Prints, for each hand-written design split, what a judge trained on the other splits passes of it (rewordings, near
misses), then the shipped judge's figures. The threshold is the lowest score at which the training pairs the judge
passes are at least 99% rewordings; the floor, each similarity's lowest among the training rewordings (the judge says
no below it). `--keep-weights` keeps the shipped regression and threshold and writes the floor its training splits
give now.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from controlplane.kernel.prompts import read  # noqa: E402
from edgenode.cache.embed import shared_embedder, shared_encoder, shared_word_vectors  # noqa: E402
from edgenode.cache.guard import Guard, Verdict  # noqa: E402
from edgenode.cache.lexicon import shared_lexicon  # noqa: E402
from edgenode.cache.paraphrase import FEATURES, MODEL_PATH, Paraphrase, features  # noqa: E402

TRAINING = ("design", "design_free", "design_hand", "design_fourth", "design_fifth", "design_sixth", "design_seventh",
            "design_eighth", "design_ninth")
HAND_WRITTEN = TRAINING[2:]
THRESHOLD = 0.6  # the cache's default similarity threshold: a lookup's candidates reach it
PRECISION = 0.99  # of the training pairs the judge passes, this share at least are rewordings


def candidates(split: str, judge: Paraphrase) -> tuple[np.ndarray, np.ndarray]:
    """The split's pairs the judge would be asked about: their features and labels."""
    guard, embedder = Guard(shared_word_vectors(), lexicon=shared_lexicon()), shared_embedder()  # no judge yet
    chosen = [p for p in importlib.import_module(f"bench.cacheeval.{split}").pairs()
              if float(embedder.encode(p.stored) @ embedder.encode(p.asked)) >= THRESHOLD
              and guard.verdict(read(p.stored), read(p.asked)) is Verdict.UNSURE]
    judge.tokens([t for p in chosen for t in (p.stored, p.asked)])
    x = np.array([features(*judge.tokens([p.stored, p.asked])) for p in chosen]).reshape(-1, len(FEATURES))
    return x, np.array([p.should_hit for p in chosen], dtype=bool)


def fit(x: np.ndarray, y: np.ndarray) -> dict:
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    scaler = StandardScaler().fit(x)
    regression = LogisticRegression(C=1.0, max_iter=1000).fit(scaler.transform(x), y)
    model = {"mean": scaler.mean_.tolist(), "scale": scaler.scale_.tolist(), "coef": regression.coef_[0].tolist(),
             "intercept": float(regression.intercept_[0]), "threshold": 1.0}
    scores = _scores(model, x)
    order = np.argsort(-scores, kind="stable")
    for k, i in enumerate(order):  # down from the highest score while what passes stays PRECISION rewordings
        if k + 1 >= 10 and y[order[: k + 1]].mean() < PRECISION:
            break
        model["threshold"] = float(scores[i])
    model["floor"] = floor(x, y)
    return model


def floor(x: np.ndarray, y: np.ndarray) -> list[float]:
    """Each similarity's lowest value among the rewordings `x[y]`; the length ratio has none (0)."""
    return [0.0 if name == "length_ratio" else float(x[y, k].min()) for k, name in enumerate(FEATURES)]


def _scores(model: dict, x: np.ndarray) -> np.ndarray:
    z = ((x - np.array(model["mean"])) / np.array(model["scale"])) @ np.array(model["coef"]) + model["intercept"]
    return 1.0 / (1.0 + np.exp(-z))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/train_paraphrase.py")
    parser.add_argument("--validate", nargs="*", default=[], help="splits to score only, never trained on")
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--keep-weights", action="store_true", help="keep the shipped regression; write its floor")
    args = parser.parse_args(argv)
    judge = Paraphrase(shared_encoder(), {"mean": [0.0] * len(FEATURES), "scale": [1.0] * len(FEATURES),
                                          "coef": [0.0] * len(FEATURES), "intercept": 0.0, "threshold": 1.0})
    data = {split: candidates(split, judge) for split in (*TRAINING, *args.validate)}

    def passes(model: dict, split: str) -> str:
        x, y = data[split]
        passed = (_scores(model, x) >= model["threshold"]) & (x >= np.array(model["floor"])).all(1)
        return f"{int((passed & y).sum())} rewordings / {int((passed & ~y).sum())} near misses passed of {int(y.sum())} / {int((~y).sum())}"

    x, y = np.concatenate([data[s][0] for s in TRAINING]), np.concatenate([data[s][1] for s in TRAINING])
    if args.keep_weights:
        model = {**json.loads(MODEL_PATH.read_text()), "floor": floor(x, y)}
    else:
        for split in HAND_WRITTEN:
            rest = [s for s in TRAINING if s != split]
            model = fit(np.concatenate([data[s][0] for s in rest]), np.concatenate([data[s][1] for s in rest]))
            print(f"leave {split} out: {passes(model, split)}")
        model = {**fit(x, y), "features": list(FEATURES), "trained_on": {s: int(len(data[s][1])) for s in TRAINING},
                 "precision": PRECISION}
    for split in args.validate:
        print(f"validate {split}: {passes(model, split)}")
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(f"threshold {model['threshold']:.4f}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
