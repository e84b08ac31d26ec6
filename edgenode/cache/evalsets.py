"""The project's cache evaluation sets, built from the model's three workloads with a fixed seed.

- paraphrases: (stored prompt, a rewording that keeps every fact) -> should hit, except the "synonym"
  kind (a content word swapped: "spent" for "paid", "settings" for "config"), which the near-miss guard
  refuses by design, so the hit rate shows what the guard costs;
- near misses: (stored prompt, the same prompt with one fact changed: an amount, a time, an identifier,
  a name swapped, a negation added) -> must never share an answer.

Both sides of every pair are prompts the `ensemble` model reads (printable ASCII, at most 160 characters).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from edgenode.lm.corpus import CITIES, examples


@dataclass(frozen=True)
class Pair:
    workload: str
    stored: str
    asked: str
    change: str  # what differs: "paraphrase:<how>" or "near-miss:<fact>"


def _fraud_fields(q: str) -> dict[str, str]:
    m = re.match(r"card (\d+) paid (\d+) MAD at (\d\d):00 in (\w+), home (\w+), (\d+) payments last hour\. fraud\?", q)
    assert m, q
    return dict(zip(("card", "amount", "hour", "city", "home", "recent"), m.groups(), strict=True))


def _crop_fields(q: str) -> dict[str, str]:
    m = re.match(r"soil (\w+) pH ([\d.]+) rain (\d+) mm region (\w+) season (\w+)\. crop\?", q)
    assert m, q
    return dict(zip(("soil", "ph", "rain", "region", "season"), m.groups(), strict=True))


def _grid_fields(q: str) -> dict[str, str]:
    m = re.match(r"feeder F(\d+) load (\d+) MW peak (\d+) MW solar (\d+) MW\. config\?", q)
    assert m, q
    return dict(zip(("feeder", "load", "peak", "solar"), m.groups(), strict=True))


_PARAPHRASES = {
    "fraud-check": (
        ("case", "Card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. Fraud?"),
        ("wording", "card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments in the last hour. fraud?"),
        ("question first", "fraud? card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour."),
        ("spacing", "card {card}  paid {amount} MAD at {hour}:00 in {city},  home {home}, {recent} payments last hour.  fraud?"),
        ("synonym", "card {card} spent {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. fraud?"),
    ),
    "crop-advice": (
        ("punctuation", "soil {soil}, pH {ph}, rain {rain} mm, region {region}, season {season}. crop?"),
        ("wording", "soil {soil} pH {ph} rain {rain} mm region {region} season {season}. which crop?"),
        ("case", "Soil {soil} pH {ph} rain {rain} mm region {region} season {season}. Crop?"),
        ("synonym", "soil {soil} pH {ph} rain {rain} mm region {region} season {season}. which crop to plant?"),
    ),
    "grid-config": (
        ("punctuation", "feeder F{feeder}: load {load} MW, peak {peak} MW, solar {solar} MW. config?"),
        ("case", "Feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. Config?"),
        ("wording", "feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. which config?"),
        ("synonym", "feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. which settings?"),
    ),
}

_TEMPLATES = {
    "fraud-check": "card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. fraud?",
    "crop-advice": "soil {soil} pH {ph} rain {rain} mm region {region} season {season}. crop?",
    "grid-config": "feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. config?",
}
_FIELDS = {"fraud-check": _fraud_fields, "crop-advice": _crop_fields, "grid-config": _grid_fields}


def _near_misses(workload: str, f: dict[str, str], rng: random.Random) -> list[tuple[str, dict[str, str]]]:
    out: list[tuple[str, dict[str, str]]] = []

    def changed(fact: str, **values: str) -> None:
        out.append((fact, {**f, **values}))

    if workload == "fraud-check":
        changed("amount x10", amount=str(int(f["amount"]) * 10))
        changed("card number", card=str((int(f["card"]) + 1 + rng.randrange(8)) % 9000 + 1000))
        changed("hour", hour=f"{(int(f['hour']) + 1) % 24:02d}")
        changed("payment count", recent=str((int(f["recent"]) + 1) % 7))
        if f["city"] != f["home"]:
            changed("names swapped", city=f["home"], home=f["city"])
        changed("city", city=rng.choice([c for c in CITIES if c != f["city"]]))
    elif workload == "crop-advice":
        changed("pH", ph=str(float(f["ph"]) + 0.5))
        changed("rain", rain=str(int(f["rain"]) + 100))
    else:
        changed("feeder id", feeder=str(int(f["feeder"]) % 39 + 1))
        changed("load", load=str(int(f["load"]) + 10))
        changed("solar", solar=str(int(f["solar"]) + 5))
    return out


_NEGATE = {
    "fraud-check": ("not fraud?", "fraud?"),
    "crop-advice": ("crop not?", "crop?"),
    "grid-config": ("config not?", "config?"),
}


def pairs(n_questions: int = 60, seed: int = 7) -> tuple[list[Pair], list[Pair]]:
    """(paraphrase pairs, near-miss pairs) for `n_questions` corpus questions split over the workloads."""
    rng = random.Random(seed)
    paraphrases: list[Pair] = []
    near: list[Pair] = []
    for example in examples(n_questions, seed=seed + 1000):
        fields = _FIELDS[example.workload](example.question)
        for how, template in _PARAPHRASES[example.workload]:
            paraphrases.append(Pair(example.workload, example.question, template.format(**fields), f"paraphrase:{how}"))
        for fact, values in _near_misses(example.workload, fields, rng):
            near.append(Pair(example.workload, example.question, _TEMPLATES[example.workload].format(**values),
                             f"near-miss:{fact}"))
        negated, plain = _NEGATE[example.workload]
        near.append(Pair(example.workload, example.question, example.question.replace(plain, negated),
                         "near-miss:negation"))
    return paraphrases, near


__all__ = ["Pair", "pairs"]
