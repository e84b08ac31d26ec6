"""The design split of the cache evaluation: the rewordings and near misses the guard's rules were shaped
on (a training set: its figures flatter). The held-out split (bench/cacheeval/heldout.py) was written
apart, by someone who did not read the guard, and its kinds were never looked at while designing it.

Families: the three workloads' questions (edgenode.lm.corpus) and free-text questions in four domains of
this file's own. Every prompt is printable ASCII of at most 160 characters.
"""

from __future__ import annotations

import random
import re

from bench.cacheeval import Pair
from edgenode.lm.corpus import CITIES, examples


def _fields(pattern: str, question: str) -> dict[str, str]:
    m = re.match(pattern, question)
    assert m, question
    return m.groupdict()


_WORKLOADS = {
    "fraud-check": (
        r"card (?P<card>\d+) paid (?P<amount>\d+) MAD at (?P<hour>\d\d):00 in (?P<city>\w+), home (?P<home>\w+), "
        r"(?P<recent>\d+) payments last hour\. fraud\?",
        "card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. fraud?",
        {
            "case": "Card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. Fraud?",
            "in the last hour": "card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments in the last hour. fraud?",
            "question first": "fraud? card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour.",
            "spent": "card {card} spent {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. fraud?",
            "clause order": "card {card} paid {amount} MAD at {hour}:00 in {city}, {recent} payments last hour, home {home}. fraud?",
            "is it fraud": "card {card} paid {amount} MAD at {hour}:00 in {city}, home {home}, {recent} payments last hour. is it fraud?",
        },
        {
            "amount x10": lambda f, r: {"amount": str(int(f["amount"]) * 10)},
            "card number": lambda f, r: {"card": str(int(f["card"]) % 9000 + 1001)},
            "hour": lambda f, r: {"hour": f"{(int(f['hour']) + 1) % 24:02d}"},
            "payment count": lambda f, r: {"recent": str(int(f["recent"]) + 1)},
            "cities swapped": lambda f, r: {"city": f["home"], "home": f["city"]} if f["city"] != f["home"] else None,
            "city": lambda f, r: {"city": r.choice([c for c in CITIES if c != f["city"]])},
        },
        (("paid", "refused"), ("last hour", "last day"), ("fraud?", "not fraud?"), ("MAD", "EUR")),
    ),
    "crop-advice": (
        r"soil (?P<soil>\w+) pH (?P<ph>[\d.]+) rain (?P<rain>\d+) mm region (?P<region>\w+) season (?P<season>\w+)\. crop\?",
        "soil {soil} pH {ph} rain {rain} mm region {region} season {season}. crop?",
        {
            "commas": "soil {soil}, pH {ph}, rain {rain} mm, region {region}, season {season}. crop?",
            "which crop": "soil {soil} pH {ph} rain {rain} mm region {region} season {season}. which crop?",
            "case": "Soil {soil} pH {ph} rain {rain} mm region {region} season {season}. Crop?",
            "rain attached": "soil {soil} pH {ph} rain {rain}mm region {region} season {season}. crop?",
            "region first": "region {region}, soil {soil}, pH {ph}, rain {rain} mm, season {season}. crop?",
            "crop to grow": "soil {soil} pH {ph} rain {rain} mm region {region} season {season}. which crop to grow?",
        },
        {
            "pH": lambda f, r: {"ph": str(round(float(f["ph"]) + 0.5, 1))},
            "rain": lambda f, r: {"rain": str(int(f["rain"]) + 100)},
        },
        (("crop?", "crop not?"), ("mm", "cm"), ("crop?", "which crop to avoid?")),
    ),
    "grid-config": (
        r"feeder F(?P<feeder>\d+) load (?P<load>\d+) MW peak (?P<peak>\d+) MW solar (?P<solar>\d+) MW\. config\?",
        "feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. config?",
        {
            "colon": "feeder F{feeder}: load {load} MW, peak {peak} MW, solar {solar} MW. config?",
            "case": "Feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. Config?",
            "which config": "feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. which config?",
            "settings": "feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. which settings?",
            "attached units": "feeder F{feeder} load {load}MW peak {peak}MW solar {solar}MW. config?",
            "solar first": "feeder F{feeder} solar {solar} MW, load {load} MW, peak {peak} MW. config?",
        },
        {
            "feeder id": lambda f, r: {"feeder": str(int(f["feeder"]) % 39 + 1)},
            "load": lambda f, r: {"load": str(int(f["load"]) + 10)},
            "solar": lambda f, r: {"solar": str(int(f["solar"]) + 5)},
            "load and peak swapped": lambda f, r: {"load": f["peak"], "peak": f["load"]} if f["load"] != f["peak"] else None,
            "negative load": lambda f, r: {"load": "-" + f["load"]},
        },
        (("config?", "config not?"), ("MW peak", "kW peak")),
    ),
}

# free text of this file's own: (template, values, rewordings, near misses)
_FREE = {
    "weather": (
        "will it rain in {city} tomorrow after {hour}:00?",
        lambda r: {"city": r.choice(CITIES), "hour": str(r.randrange(10, 20))},
        ["Will it rain in {city} tomorrow after {hour}:00?", "tomorrow after {hour}:00, will it rain in {city}?",
         "will there be rain in {city} tomorrow after {hour}:00?"],
        [("after", "before"), ("tomorrow", "today"), ("{city}", "other-city"), ("rain", "snow")],
    ),
    "flights": (
        "cheapest flight from {a} to {b} on {day} March for {n} adults?",
        lambda r: dict(zip(("a", "b"), r.sample(CITIES, 2), strict=True)) | {"day": str(r.randrange(1, 28)),
                                                                            "n": str(r.randrange(1, 5))},
        ["Cheapest flight from {a} to {b} on {day} March for {n} adults?",
         "for {n} adults, cheapest flight from {a} to {b} on {day} March?",
         "cheapest flight on {day} March from {a} to {b} for {n} adults?"],
        [("cheapest", "fastest"), ("{a} to {b}", "{b} to {a}"), ("{n} adults", "n+1 adults"), ("March", "April")],
    ),
    "shipping": (
        "cost to ship a {kg} kg parcel from {a} to {b} by express?",
        lambda r: dict(zip(("a", "b"), r.sample(CITIES, 2), strict=True)) | {"kg": str(r.randrange(1, 30))},
        ["cost to ship a {kg}kg parcel from {a} to {b} by express?",
         "what is the cost to ship a {kg} kg parcel from {a} to {b} by express?",
         "price to ship a {kg} kg parcel from {a} to {b} by express?"],
        [("{kg} kg", "{kg} g"), ("express", "economy"), ("{kg} kg", "kg*10"), ("ship", "return")],
    ),
    "dosage": (
        "max paracetamol dose for a {age} year old child weighing {w} kg per day?",
        lambda r: {"age": str(r.randrange(2, 12)), "w": str(r.randrange(10, 40))},
        ["maximum paracetamol dose for a {age} year old child weighing {w} kg per day?",
         "max paracetamol dose per day for a {age} year old child weighing {w} kg?",
         "Max paracetamol dose for a {age} year old child weighing {w}kg per day?"],
        [("max", "min"), ("per day", "per hour"), ("{w} kg", "{w} lb"), ("child", "adult")],
    ),
}


def _free_near(template: str, values: dict[str, str], how: tuple[str, str], r: random.Random) -> str | None:
    stored = template.format(**values)
    old, new = how
    if new == "other-city":
        return stored.replace(values["city"], r.choice([c for c in CITIES if c != values["city"]]))
    if new == "n+1 adults":
        return stored.replace(f"{values['n']} adults", f"{int(values['n']) + 1} adults")
    if new == "kg*10":
        return stored.replace(f"{values['kg']} kg", f"{int(values['kg']) * 10} kg")
    old, new = old.format(**values), new.format(**values)
    return stored.replace(old, new, 1) if old in stored else None


def pairs(seed: int = 7, n_questions: int = 120, n_free: int = 40) -> list[Pair]:
    r = random.Random(seed)
    out: list[Pair] = []
    for example in examples(n_questions, seed=seed + 1000):
        pattern, template, rewordings, changes, swaps = _WORKLOADS[example.workload]
        f = _fields(pattern, example.question)
        for kind, reworded in rewordings.items():
            out.append(Pair(example.workload, f"rewording:{kind}", example.question, reworded.format(**f), True))
        for kind, change in changes.items():
            values = change(f, r)
            if values is not None:
                out.append(Pair(example.workload, f"near-miss:{kind}", example.question,
                                template.format(**{**f, **values}), False))
        for old, new in swaps:
            out.append(Pair(example.workload, f"near-miss:{old}->{new}", example.question,
                            example.question.replace(old, new, 1), False))
    for domain, (template, draw, rewordings, nears) in _FREE.items():
        for _ in range(n_free):
            values = draw(r)
            stored = template.format(**values)
            for k, reworded in enumerate(rewordings):
                out.append(Pair(f"free-text:{domain}", f"rewording:{domain}-{k}", stored, reworded.format(**values), True))
            for how in nears:
                asked = _free_near(template, values, how, r)
                if asked is not None and asked != stored:
                    out.append(Pair(f"free-text:{domain}", f"near-miss:{how[0]}->{how[1]}", stored, asked, False))
    return out
