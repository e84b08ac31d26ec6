"""A second held-out evaluation set for the semantic cache, written without reading how the cache decides.

Workload pairs take their stored prompts verbatim from `edgenode.lm.corpus.examples(330, 20261126)`; a near miss
changes one fact of the stored question and is kept only when the corpus's own answer rules (`edgenode.lm.corpus`'s
`fraud_answer`, `crop_answer`, `grid_answer`) give a different answer, or when the change plainly asks about a
different transaction (another currency, another time window). Free-text pairs come from hand-written base
questions in everyday domains, each with rewordings that keep the answer and near misses that change it.

Deterministic: the standard library and edgenode.lm.corpus only.

Provenance: written on 2026-11-26 by a helper that read only edgenode/lm/corpus.py, the Pair class and a list of the
domain names other splits use (none of its free-text domains is one of them); it never saw the cache's code, the
reader or any other split. Nobody has read its pairs: it is scored as totals only (bench.cache_e2e), like `heldout`.
Its lint findings (unused names) are silenced, not mended, so that mending them reads no pair.
"""
# ruff: noqa: F841, E741, B007

from __future__ import annotations

import datetime
import math
import random
import re

from bench.cacheeval import Pair
from edgenode.lm import corpus
from edgenode.lm.corpus import CITIES, examples

SEED = 20261126
N_EXAMPLES = 480

# ----------------------------------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------------------------------

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        t, o = divmod(n, 10)
        return _TENS[t] + ("-" + _ONES[o] if o else "")
    raise ValueError(n)


def art(word: str) -> str:
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


def _rng(*salt) -> random.Random:
    return random.Random("-".join(str(s) for s in (SEED,) + salt))


# ----------------------------------------------------------------------------------------------------------------
# the three workloads
# ----------------------------------------------------------------------------------------------------------------

_FRAUD_RE = re.compile(r"card (\d+) paid (\d+) MAD at (\d\d):00 in (\w+), home (\w+), (\d+) payments last hour\. fraud\?$")
_CROP_RE = re.compile(r"soil (\w+) pH ([\d.]+) rain (\d+) mm region (\w+) season (\w+)\. crop\?$")
_GRID_RE = re.compile(r"feeder F(\d+) load (\d+) MW peak (\d+) MW solar (\d+) MW\. config\?$")

FRAUD_AMOUNTS = (50, 120, 300, 500, 900, 1500, 3000, 5000, 8000)
PHS = (5.5, 6.0, 6.5, 7.0, 7.5, 8.0)
RAINS = (150, 250, 350, 450, 600, 800)
SOILS = ("sand", "loam", "clay", "silt")
SEASONS = ("spring", "summer", "autumn", "winter")


def fraud_answer(amount_mad: float, hour: int, city: str, home: str, recent: int, velocity_window_ok: bool = True) -> str:
    """The corpus's rule; a count over another window than the last hour says nothing of velocity."""
    return corpus.fraud_answer(amount_mad, hour, city, home, recent if velocity_window_ok else 0)


crop_answer = corpus.crop_answer
grid_answer = corpus.grid_answer


def _hour_text(h: int, style: int) -> str:
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    if h == 0 and style % 3 == 0:
        return "midnight"
    if h == 12 and style % 3 == 0:
        return "noon"
    return (f"{h12}{ap}", f"{h12} {ap.upper()}", f"{h12}:00 {ap}", f"{h:02d}h00", f"{h12} {ap[0]}.{ap[1]}.",
            f"{h:02d}00 hrs")[style % 6]


def _amount_text(a: int, style: int) -> str:
    opts = [f"MAD {a:,}", f"{a:,} dirhams", f"{a} DH", f"{a:,} dh"]
    if a >= 1000:
        opts.append(f"{a:,} MAD")
    if a >= 1000:
        opts.append(f"{a / 1000:g}k MAD")
    return opts[style % len(opts)]


def _recent_text(r: int, style: int) -> str:
    if r == 0:
        return ("no payments in the last hour", "0 payments in the past hour", "no other payments in the past hour")[style % 3]
    noun = "payment" if r == 1 else "payments"
    tx = "txn" if r == 1 else "txns"
    return (f"{r} {noun} in the last hour", f"{words(r)} {noun} in the past hour", f"{r} {tx} in the last 60 min",
            f"{r} {noun} within the last hour")[style % 4]


def _order_kinds(cands: dict, rare: tuple, rng: random.Random) -> list[str]:
    """Near-miss kinds in random order; a rarer kind goes first part of the time, so every kind is represented."""
    kinds = list(cands)
    rng.shuffle(kinds)
    present = [k for k in kinds if k in rare]
    if present and rng.random() < 0.5:
        first = present[0]
        kinds.remove(first)
        kinds.insert(0, first)
    return kinds


def _fraud_pairs(ex, i: int, rng: random.Random) -> list[Pair]:
    q = ex.question
    m = _FRAUD_RE.match(q)
    card, amount, hour, city, home, recent = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5), int(m.group(6))
    ans = fraud_answer(amount, hour, city, home, recent)
    assert ans == ex.answer, (q, ans, ex.answer)
    fam = "fraud-check"
    out = []
    s = rng.randrange(1000)
    A, H, R = _amount_text(amount, s), _hour_text(hour, s + 1), _recent_text(recent, s + 2)
    Rq = f"{recent} payments last hour"
    rws = [
        ("clause-order", f"{R}; card {card} paid {A} in {city} at {H}, home {home}. fraud?"),
        ("casual", f"is this fraud? card {card} paid {A} at {H} in {city}, home is {home}, {R}"),
        ("polite", f"Hi, could you check card {card} for fraud? It paid {A} at {H} in {city}; the cardholder lives in {home}; {R}."),
        ("terse", f"card {card} | {A} | {H} | {city} | home {home} | {R} | fraud?"),
        ("synonyms", f"card {card} charged {A} at {H} in {city}, home city {home}, {R}. is it fraudulent?"),
        ("typo", f"crad {card} payed {amount} MAD at {hour:02d}:00 in {city}, hom {home}, {recent} paymnets last hour. fruad?"),
        ("number-format", f"card {card} paid {A} at {H} in {city}, home {home}, {Rq}. fraud?"),
        ("question-first", f"Fraud check for card {card}: {A} at {H} in {city} (home: {home}), {R}."),
        ("text-speak", f"card {card} pd {A} @ {H} in {city}, home {home}, {R}. fraud??"),
    ]
    k = 2 if i % 2 == 0 else 1
    for how, text in rng.sample(rws, k):
        out.append(Pair(fam, f"rewording:{how}", q, text, True))

    def form(amount_s=None, hour_s=None, city_s=None, home_s=None, recent_s=None):
        return (f"card {card} paid {amount_s or f'{amount} MAD'} at {hour_s or f'{hour:02d}:00'} in {city_s or city}, "
                f"home {home_s or home}, {recent_s or f'{recent} payments last hour'}. fraud?")

    cands: dict[str, list[str]] = {}
    # amount: the nearest corpus amount on the other side of the 3,000 MAD line
    alts = [a for a in FRAUD_AMOUNTS if fraud_answer(a, hour, city, home, recent) != ans]
    alts.sort(key=lambda a: (abs(math.log(a) - math.log(amount)), a))
    if alts:
        cands["amount"] = [form(amount_s=f"{alts[0]} MAD")]
    # time: an hour on the other side of 06:00
    other = [h for h in range(24) if (h < 6) != (hour < 6)]
    near = sorted(other, key=lambda h: min(abs(h - hour), 24 - abs(h - hour)))[:3]
    h2 = rng.choice(near if rng.random() < 0.5 else other)
    cands["time"] = [form(hour_s=f"{h2:02d}:00")]
    # city / home
    if city == home:
        c2 = rng.choice([c for c in CITIES if c != city])
        cands["city"] = [form(city_s=c2)]
        cands["home-city"] = [form(home_s=rng.choice([c for c in CITIES if c != home]))]
    else:
        cands["city"] = [form(city_s=home)]
        cands["home-city"] = [form(home_s=city)]
    # payment count across 4
    r2 = rng.choice([0, 1, 2, 3] if recent >= 4 else [4, 5, 6])
    cands["payment-count"] = [form(recent_s=f"{r2} payments last hour")]
    # currency: the same figure in euros or dollars is ten times more in dirhams
    if 300 <= amount < 3000:
        cur = "EUR" if amount < 500 or rng.random() < 0.5 else "USD"
        cands["currency"] = [form(amount_s=f"{amount} {cur}")]
    # time window: four or more payments over a week is not velocity within the hour
    if recent >= 4 and fraud_answer(amount, hour, city, home, recent, False) != ans:
        cands["time-window"] = [form(recent_s=f"{recent} payments last {rng.choice(('week', 'month'))}")]
    kinds = _order_kinds(cands, ("currency", "time-window"), rng)
    want = 3 if i % 3 == 0 else 2
    for kind in kinds[:want]:
        out.append(Pair(fam, f"near-miss:{kind}", q, cands[kind][0], False))
    return out


def _ph_alt(ph: float, style: int) -> str:
    if ph == int(ph):
        return (f"pH {int(ph)}", f"pH of {int(ph)}", f"pH={int(ph)}")[style % 3]
    return (f"pH of {ph}", f"pH={ph}", f"pH {ph:.2f}")[style % 3]


_SOILP = {"sand": "sandy soil", "loam": "loamy soil", "clay": "clay soil", "silt": "silty soil"}
_SEASON_ALT = {"spring": "springtime", "summer": "summertime", "autumn": "fall", "winter": "wintertime"}


def _crop_pairs(ex, i: int, rng: random.Random) -> list[Pair]:
    q = ex.question
    m = _CROP_RE.match(q)
    soil, ph_s, rain, region, season = m.group(1), m.group(2), int(m.group(3)), m.group(4), m.group(5)
    ph = float(ph_s)
    ans = crop_answer(soil, ph, rain, season)
    assert ans == ex.answer, (q, ans, ex.answer)
    fam = "crop-advice"
    out = []
    s = rng.randrange(1000)
    P = _ph_alt(ph, s)
    cm = f"{rain / 10:g}"
    rws = [
        ("casual", f"what crop for {_SOILP[soil]}, pH {ph_s}, {rain}mm rain in {region}, {season}?"),
        ("clause-order", f"season {season}, region {region}, rain {rain} mm, pH {ph_s}, soil {soil}. crop?"),
        ("polite", f"Could you recommend a crop for {_SOILP[soil]} with pH {ph_s} and {rain} mm of rainfall in {region} during {season}?"),
        ("terse", f"crop? {soil} / pH {ph_s} / {rain}mm / {region} / {season}"),
        ("typo", f"soil {soil} ph {ph_s} rian {rain} mm regoin {region} seasn {season}. crop?"),
        ("unit-conversion", f"soil {soil} pH {ph_s} rain {cm} cm region {region} season {season}. crop?"),
        ("synonyms", f"which crop should I grow in {region} in {season}? {_SOILP[soil]}, acidity {P}, rainfall {rain} millimetres"),
        ("number-format", f"soil {soil} {P} rain {rain}mm region {region} season {season}. crop?"),
        ("season-synonym", f"soil {soil} pH {ph_s} rain {rain} mm region {region} season {_SEASON_ALT[season]}. crop?"),
        ("text-speak", f"wat crop 4 {soil} soil ph {ph_s} {rain}mm rain {region} {season}?"),
    ]
    k = 2 if i % 2 == 0 else 1
    for how, text in rng.sample(rws, k):
        out.append(Pair(fam, f"rewording:{how}", q, text, True))

    def form(soil_s=None, ph_s2=None, rain_s=None, season_s=None):
        return f"soil {soil_s or soil} pH {ph_s2 or ph_s} rain {rain_s or f'{rain} mm'} region {region} season {season_s or season}. crop?"

    cands: dict[str, str] = {}
    alts = [x for x in SOILS if x != soil and crop_answer(x, ph, rain, season) != ans]
    if alts:
        cands["soil"] = form(soil_s=rng.choice(alts))
    alts = [x for x in PHS if x != ph and crop_answer(soil, x, rain, season) != ans]
    if alts:
        alts.sort(key=lambda x: abs(x - ph))
        cands["ph"] = form(ph_s2=str(alts[0] if rng.random() < 0.7 else rng.choice(alts)))
    alts = [x for x in RAINS if x != rain and crop_answer(soil, ph, x, season) != ans]
    if alts:
        alts.sort(key=lambda x: abs(x - rain))
        cands["rainfall"] = form(rain_s=f"{alts[0] if rng.random() < 0.7 else rng.choice(alts)} mm")
    alts = [x for x in SEASONS if x != season and crop_answer(soil, ph, rain, x) != ans]
    if alts:
        cands["season"] = form(season_s=rng.choice(alts))
    if crop_answer(soil, ph, rain * 10, season) != ans:
        cands["unit"] = form(rain_s=f"{rain} cm")
    kinds = _order_kinds(cands, ("unit", "season"), rng)
    want = 3 if i % 3 == 0 else 2
    for kind in kinds[:want]:
        out.append(Pair(fam, f"near-miss:{kind}", q, cands[kind], False))
    return out


def _grid_pairs(ex, i: int, rng: random.Random) -> list[Pair]:
    q = ex.question
    m = _GRID_RE.match(q)
    f, load, peak, solar = (int(x) for x in m.groups())
    ans = grid_answer(peak, solar)
    assert ans == ex.answer, (q, ans, ex.answer)
    fam = "grid-config"
    out = []
    rws = [
        ("casual", f"config for feeder F{f}? load {load}MW, peak {peak}MW, solar {solar}MW"),
        ("clause-order", f"solar {solar} MW, peak {peak} MW, load {load} MW on feeder F{f}. config?"),
        ("synonyms", f"feeder F{f}: demand {load} MW, peak demand {peak} MW, PV generation {solar} MW. what configuration?"),
        ("unit-conversion", f"feeder F{f} load {load * 1000:,} kW peak {peak * 1000:,} kW solar {solar * 1000:,} kW. config?"),
        ("units-spelled-out", f"feeder F{f} load {load} megawatts peak {peak} megawatts solar {solar} megawatts. config?"),
        ("polite", f"Could you suggest the config for feeder F{f} with load {load} MW, peak {peak} MW and solar {solar} MW?"),
        ("typo", f"feeder F{f} laod {load} MW paek {peak} MW solar {solar} MW. confg?"),
        ("feeder-format", f"feeder {f} load {load} MW peak {peak} MW solar {solar} MW. config?"),
        ("text-speak", f"F{f} load {load}MW pk {peak}MW pv {solar}MW cfg?"),
    ]
    if solar == 0:
        rws.append(("no-solar", f"feeder F{f} load {load} MW peak {peak} MW, no solar. config?"))
    k = 2 if i % 2 == 0 else 1
    chosen = rng.sample(rws[:-1] if solar == 0 else rws, k)
    if solar == 0:
        chosen[0] = rws[-1]
    for how, text in chosen:
        out.append(Pair(fam, f"rewording:{how}", q, text, True))

    def form(load_s=None, peak_s=None, solar_s=None):
        return f"feeder F{f} load {load_s or f'{load} MW'} peak {peak_s or f'{peak} MW'} solar {solar_s or f'{solar} MW'}. config?"

    cands: dict[str, str] = {}
    alts = [p for p in range(max(load, peak - 12), peak + 13) if p != peak and grid_answer(p, solar) != ans]
    if alts:
        alts.sort(key=lambda p: (abs(p - peak), p))
        cands["peak"] = form(peak_s=f"{rng.choice(alts[:3])} MW")
    alts = [x for x in range(0, 30) if x != solar and grid_answer(peak, x) != ans]
    if alts:
        alts.sort(key=lambda x: (abs(x - solar), x))
        cands["solar"] = form(solar_s=f"{rng.choice(alts[:3])} MW")
    if solar > 0 and grid_answer(peak, solar / 1000) != ans:
        cands["unit"] = form(solar_s=f"{solar} kW")
    elif grid_answer(peak / 1000, solar) != ans:
        cands["unit"] = form(peak_s=f"{peak} kW")
    if peak != solar and grid_answer(solar, peak) != ans:
        cands["label-swap"] = form(peak_s=f"{solar} MW", solar_s=f"{peak} MW")
    elif load != peak and grid_answer(load, solar) != ans:
        cands["label-swap"] = form(load_s=f"{peak} MW", peak_s=f"{load} MW")
    kinds = _order_kinds(cands, ("unit", "label-swap"), rng)
    want = 3 if i % 3 == 0 else 2
    for kind in kinds[:want]:
        out.append(Pair(fam, f"near-miss:{kind}", q, cands[kind], False))
    return out


def workload_pairs() -> list[Pair]:
    out: list[Pair] = []
    seen: set[str] = set()
    makers = {"fraud-check": _fraud_pairs, "crop-advice": _crop_pairs, "grid-config": _grid_pairs}
    counters = {k: 0 for k in makers}
    for ex in examples(N_EXAMPLES, SEED):
        if ex.question in seen:
            continue
        seen.add(ex.question)
        i = counters[ex.workload]
        counters[ex.workload] += 1
        out.extend(makers[ex.workload](ex, i, _rng(ex.workload, i)))
    return out


# ----------------------------------------------------------------------------------------------------------------
# free text: machinery
# ----------------------------------------------------------------------------------------------------------------

_FREE: list[Pair] = []


def _pick_rw(rws, k: int, idx: int):
    if not rws or k <= 0:
        return []
    n = len(rws)
    step = 1 if n <= k else max(1, n // k)
    out, used = [], set()
    j = idx
    while len(out) < min(k, n):
        p = j % n
        if p not in used:
            used.add(p)
            out.append(rws[p])
            j += step
        else:
            j += 1
    return out


def _pick_nm(nms, k: int, idx: int):
    by: dict[str, list[str]] = {}
    for what, text in nms:
        by.setdefault(what, []).append(text)
    kinds = list(by)
    if not kinds:
        return []
    r = idx % len(kinds)
    kinds = kinds[r:] + kinds[:r]
    out = []
    while len(out) < k and any(by[x] for x in kinds):
        for x in kinds:
            if by[x] and len(out) < k:
                out.append((x, by[x].pop(0)))
    return out


def H(domain: str, stored: str, rw, nm) -> None:
    """A hand-written base question: every rewording and near miss listed is used."""
    fam = f"free-text:{domain}"
    for how, text in rw:
        _FREE.append(Pair(fam, f"rewording:{how}", stored, text, True))
    for what, text in nm:
        _FREE.append(Pair(fam, f"near-miss:{what}", stored, text, False))


def E(domain: str, stored: str, rws, nms, k_rw: int, k_nm: int, idx: int) -> None:
    """A generated base question: a rotating subset of its rewordings and near misses is used."""
    H(domain, stored, _pick_rw(rws, k_rw, idx), _pick_nm(nms, k_nm, idx))


def fill(tpls, **kw):
    out = []
    for how, t in tpls:
        try:
            out.append((how, t.format(**kw)))
        except KeyError:
            pass
    return out


def partners(key, ans: dict, stored: list, n: int, rng: random.Random, prefer=()):
    """Entities not stored in this frame whose answer differs from key's."""
    pool = [e for e in ans if e not in stored and e != key and ans[e] != ans[key]]
    pref = [e for e in prefer if e in pool]
    rest = [e for e in pool if e not in pref]
    rng.shuffle(rest)
    return (pref + rest)[:n]


# ----------------------------------------------------------------------------------------------------------------
# free text: domains
# ----------------------------------------------------------------------------------------------------------------

def d_world_capitals() -> None:
    dom = "world-capitals"
    rng = _rng(dom)
    cap = {
        "France": "Paris", "Japan": "Tokyo", "Canada": "Ottawa", "Australia": "Canberra", "Brazil": "Brasilia",
        "Turkey": "Ankara", "Nigeria": "Abuja", "Switzerland": "Bern", "New Zealand": "Wellington", "Morocco": "Rabat",
        "Vietnam": "Hanoi", "Kenya": "Nairobi", "Egypt": "Cairo", "Peru": "Lima", "Norway": "Oslo",
        "Pakistan": "Islamabad", "Iran": "Tehran", "Slovakia": "Bratislava", "Guinea": "Conakry", "South Korea": "Seoul",
        # not stored: partners
        "Germany": "Berlin", "Italy": "Rome", "Spain": "Madrid", "Portugal": "Lisbon", "Argentina": "Buenos Aires",
        "Chile": "Santiago", "Greece": "Athens", "Ireland": "Dublin", "Austria": "Vienna", "Sweden": "Stockholm",
        "Finland": "Helsinki", "Niger": "Niamey", "Iraq": "Baghdad", "Slovenia": "Ljubljana", "Denmark": "Copenhagen",
        "Colombia": "Bogota", "Senegal": "Dakar", "Tunisia": "Tunis", "Algeria": "Algiers", "Ethiopia": "Addis Ababa",
        "Uganda": "Kampala", "North Korea": "Pyongyang", "Mongolia": "Ulaanbaatar", "Belgium": "Brussels",
        "Romania": "Bucharest", "Cuba": "Havana", "Ecuador": "Quito", "Uruguay": "Montevideo", "Iceland": "Reykjavik",
        "Turkmenistan": "Ashgabat", "Monaco": "Monaco", "Guinea-Bissau": "Bissau", "Afghanistan": "Kabul",
    }
    stored = list(cap)[:20]
    similar = {"Australia": "Austria", "Switzerland": "Sweden", "Nigeria": "Niger", "Turkey": "Turkmenistan",
               "Morocco": "Monaco", "Iran": "Iraq", "Slovakia": "Slovenia", "Guinea": "Guinea-Bissau",
               "South Korea": "North Korea"}
    largest = {"Canada": "Toronto", "Australia": "Sydney", "Brazil": "Sao Paulo", "Turkey": "Istanbul",
               "Nigeria": "Lagos", "Switzerland": "Zurich", "New Zealand": "Auckland", "Morocco": "Casablanca",
               "Vietnam": "Ho Chi Minh City", "Pakistan": "Karachi"}
    former = {"Brazil": "1960", "Nigeria": "1991", "Turkey": "1923", "Australia": "1927", "Pakistan": "1959"}
    rws = [("casual", "whats the capital of {c}"), ("keywords", "{c} capital city?"),
           ("polite", "Could you please tell me what the capital of {c} is?"), ("synonym", "Which city is the capital of {c}?"),
           ("clause-order", "The capital of {c} is which city?"), ("typo", "waht is the captial of {c}?"),
           ("possessive", "What's {c}'s capital?"), ("imperative", "Name the capital city of {c}."),
           ("text-speak", "wat is the capital of {c} pls")]
    for i, c in enumerate(stored):
        nms = []
        if c in similar:
            nms.append(("similar-country-name", f"What is the capital of {similar[c]}?"))
        for p in partners(c, cap, stored, 1, rng):
            nms.append(("country", f"What is the capital of {p}?"))
        if c in largest:
            nms.append(("largest-city-not-capital", f"What is the largest city of {c}?"))
        if c in former:
            nms.append(("tense-former-capital", f"What was the capital of {c} before {former[c]}?"))
        nms.append(("asks-currency", f"What is the currency of {c}?"))
        E(dom, f"What is the capital of {c}?", fill(rws, c=c), nms, 3, 3, i)

    cur = {
        "Poland": "zloty", "Thailand": "baht", "Hungary": "forint", "the Czech Republic": "Czech koruna",
        "Denmark": "Danish krone", "Mexico": "Mexican peso", "India": "Indian rupee", "Indonesia": "rupiah",
        "Ghana": "cedi", "South Africa": "rand", "Israel": "new shekel",
        "Sweden": "Swedish krona", "Norway": "Norwegian krone", "Chile": "Chilean peso", "Argentina": "Argentine peso",
        "Pakistan": "Pakistani rupee", "Sri Lanka": "Sri Lankan rupee", "Romania": "leu", "Japan": "yen",
        "Malaysia": "ringgit", "Nigeria": "naira", "Kenya": "Kenyan shilling", "Germany": "euro", "Iceland": "Icelandic krona",
        "the Philippines": "Philippine peso", "Egypt": "Egyptian pound", "Slovakia": "euro", "Colombia": "Colombian peso",
    }
    stored = list(cur)[:11]
    similar = {"Denmark": "Norway", "Mexico": "Chile", "India": "Pakistan", "Indonesia": "India", "Poland": "Slovakia",
               "Hungary": "Romania", "Thailand": "Malaysia", "the Czech Republic": "Slovakia"}
    rws = [("casual", "what currency do they use in {c}"), ("keywords", "{c} currency?"),
           ("synonym", "Which currency does {c} use?"), ("formal", "What is the official currency of {c}?"),
           ("synonym-money", "What money is used in {c}?"), ("polite", "Could you tell me which currency is used in {c}?"),
           ("typo", "wat curency is used in {c}"), ("terse", "currency used in {c}?")]
    for i, c in enumerate(stored):
        nms = []
        if c in similar and similar[c] not in stored:
            nms.append(("similar-currency-other-country", f"What currency is used in {similar[c]}?"))
        for p in partners(c, cur, stored, 2, rng):
            nms.append(("country", f"What currency is used in {p}?"))
        nms.append(("asks-capital", f"What is the capital of {c}?"))
        E(dom, f"What currency is used in {c}?", fill(rws, c=c), nms, 2, 2, i)


def d_periodic_table() -> None:
    dom = "periodic-table"
    rng = _rng(dom)
    sym = {"sodium": "Na", "potassium": "K", "iron": "Fe", "gold": "Au", "silver": "Ag", "lead": "Pb", "tin": "Sn",
           "tungsten": "W", "copper": "Cu", "magnesium": "Mg",
           "manganese": "Mn", "phosphorus": "P", "chlorine": "Cl", "calcium": "Ca", "cobalt": "Co", "nickel": "Ni",
           "zinc": "Zn", "mercury": "Hg", "platinum": "Pt", "lithium": "Li", "silicon": "Si", "aluminium": "Al",
           "chromium": "Cr", "arsenic": "As", "bismuth": "Bi"}
    stored = list(sym)[:10]
    similar = {"magnesium": "manganese", "silver": "silicon", "tin": "zinc", "copper": "cobalt", "sodium": "lithium"}
    rws = [("keywords", "symbol for {e}?"), ("synonym", "What's the element symbol of {e}?"), ("terse", "{e} chemical symbol"),
           ("rephrase", "Which symbol stands for {e} on the periodic table?"), ("typo", "chemical symbl for {e} pls"),
           ("polite", "Could you tell me the chemical symbol of {e}?"), ("clause-order", "{E}'s chemical symbol is what?")]
    for i, e in enumerate(stored):
        nms = []
        if e in similar:
            nms.append(("similar-element", f"What is the chemical symbol for {similar[e]}?"))
        for p in partners(e, sym, stored, 1, rng):
            nms.append(("element", f"What is the chemical symbol for {p}?"))
        nms.append(("asks-atomic-number", f"What is the atomic number for {e}?"))
        E(dom, f"What is the chemical symbol for {e}?", fill(rws, e=e, E=e.capitalize()), nms, 3, 2, i)

    z = {"oxygen": 8, "carbon": 6, "nitrogen": 7, "helium": 2, "calcium": 20, "zinc": 30, "uranium": 92, "silicon": 14,
         "neon": 10, "argon": 18,
         "hydrogen": 1, "lithium": 3, "boron": 5, "fluorine": 9, "sodium": 11, "magnesium": 12, "aluminium": 13,
         "phosphorus": 15, "sulfur": 16, "chlorine": 17, "potassium": 19, "iron": 26, "copper": 29, "gold": 79, "radon": 86}
    stored = list(z)[:10]
    rws = [("keywords", "atomic number of {e}?"), ("equivalent-term", "How many protons does an atom of {e} have?"),
           ("abbreviation", "{e} atomic no.?"), ("possessive", "What's {e}'s atomic number?"),
           ("equivalent-term-electrons", "How many electrons does a neutral {e} atom have?"),
           ("typo", "whats the atomic numbr of {e}"), ("polite", "Please tell me the atomic number of {e}.")]
    for i, e in enumerate(stored):
        nms = [("element", f"What is the atomic number of {p}?") for p in partners(e, z, stored, 2, rng)]
        nms.append(("similar-term-atomic-mass", f"What is the atomic mass of {e}?"))
        E(dom, f"What is the atomic number of {e}?", fill(rws, e=e), nms, 3, 2, i)

    by_z = {1: "hydrogen", 2: "helium", 3: "lithium", 4: "beryllium", 5: "boron", 7: "nitrogen", 8: "oxygen",
            9: "fluorine", 10: "neon", 11: "sodium", 12: "magnesium", 13: "aluminium", 14: "silicon", 15: "phosphorus",
            16: "sulfur", 17: "chlorine", 18: "argon", 19: "potassium", 20: "calcium", 26: "iron", 29: "copper",
            30: "zinc", 31: "gallium", 47: "silver", 50: "tin", 62: "samarium", 71: "lutetium", 74: "tungsten",
            78: "platinum", 79: "gold", 80: "mercury", 82: "lead", 92: "uranium", 97: "berkelium"}
    stored = [3, 9, 11, 13, 17, 26, 47, 79, 82, 19]
    rws = [("keywords", "element with atomic number {n}?"), ("rephrase", "Which element is number {n} on the periodic table?"),
           ("abbreviation", "atomic no. {n} is which element"), ("equivalent-term", "What element has {n} protons?"),
           ("imperative", "Name the element whose atomic number is {n}."), ("casual", "which element is atomic number {n}")]
    for i, n in enumerate(stored):
        nms = []
        swapped = int(str(n)[::-1]) if n >= 10 else None
        if swapped and swapped != n and swapped in by_z and swapped not in stored:
            nms.append(("digits-swapped", f"Which element has atomic number {swapped}?"))
        for d in (1, -1, 2):
            if n + d in by_z and n + d not in stored:
                nms.append(("number", f"Which element has atomic number {n + d}?"))
                break
        nms.append(("similar-term-mass-number", f"Which element has mass number {n}?"))
        E(dom, f"Which element has atomic number {n}?", fill(rws, n=n), nms, 2, 2, i)

    H(dom, "Which gas is the most abundant in Earth's atmosphere?",
      [("casual", "what's the most common gas in the earth's atmosphere"), ("keywords", "most abundant gas in Earth's air?"),
       ("rephrase", "Which gas makes up most of Earth's atmosphere?")],
      [("ordinal", "Which gas is the second most abundant in Earth's atmosphere?"),
       ("place", "Which gas is the most abundant in Mars's atmosphere?"),
       ("place", "Which gas is the most abundant in the Sun?")])
    H(dom, "Which noble gas has the lowest boiling point?",
      [("casual", "which noble gas boils at the lowest temperature"), ("clause-order", "The lowest boiling point of the noble gases belongs to which one?"),
       ("keywords", "noble gas lowest boiling point?")],
      [("comparative", "Which noble gas has the highest boiling point?"),
       ("similar-thing", "Which halogen has the lowest boiling point?"),
       ("similar-term", "Which noble gas has the lowest ionization energy?")])


def roman(n: int) -> str:
    out = ""
    for v, s in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                 (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out += s
            n -= v
    return out


def d_roman_numerals() -> None:
    dom = "roman-numerals"
    rng = _rng(dom)
    stored = [14, 19, 40, 44, 90, 99, 400, 1666, 1984, 2024, 49, 3999, 88, 444, 2019]
    rws = [("keywords", "{n} in roman numerals?"), ("rephrase", "How do you write {n} in Roman numerals?"),
           ("terse", "roman numeral for {n}"), ("polite", "Convert {n} to Roman numerals, please."),
           ("casual", "what's {n} as a roman numeral"), ("arrow", "{n} -> roman numerals"),
           ("typo", "wat is {n} in roman numerls"), ("number-format", "What is {nc} in Roman numerals?")]
    for i, n in enumerate(stored):
        nms = []
        sw = int(str(n)[::-1]) if n >= 10 and str(n)[-1] != "0" else None
        if sw and sw != n and sw < 4000 and sw not in stored:
            nms.append(("digits-swapped", f"What is {sw} in Roman numerals?"))
        for d in rng.sample((1, -1, 10, -10, 5), 5):
            if 0 < n + d < 4000 and n + d not in stored:
                nms.append(("number", f"What is {n + d} in Roman numerals?"))
                break
        kw = {"n": n}
        if n >= 1000:
            kw["nc"] = f"{n:,}"
        E(dom, f"What is {n} in Roman numerals?", fill(rws, **kw), nms, 2, 2, i)

    rom = {roman(n): n for n in range(1, 4000)}
    stored = [42, 1990, 84, 2015, 800, 24, 140, 1776, 91, 940]
    rws = [("rephrase", "What is {r} in numbers?"), ("equation", "Roman numeral {r} = ?"),
           ("synonym", "What is {r} in Arabic numerals?"), ("rephrase-stand-for", "What does the Roman numeral {r} stand for?"),
           ("imperative", "Convert the Roman numeral {r} to a normal number."), ("lowercase-numeral", "what number is {rl} in roman numerals"),
           ("casual", "how much is {r} in roman numerals")]
    stored_r = {roman(n) for n in stored}
    for i, n in enumerate(stored):
        r = roman(n)
        edits = {}
        for j in range(len(r)):
            if j + 1 < len(r) and r[j] != r[j + 1]:
                edits.setdefault("letters-transposed", []).append(r[:j] + r[j + 1] + r[j] + r[j + 2:])
            edits.setdefault("letter-dropped", []).append(r[:j] + r[j + 1:])
            for ch in "IVXLCDM":
                if ch != r[j]:
                    edits.setdefault("letter-changed", []).append(r[:j] + ch + r[j + 1:])
        for j in range(len(r) + 1):
            for ch in "IVXLC":
                edits.setdefault("letter-added", []).append(r[:j] + ch + r[j:])
        nms = []
        for kind in ("letters-transposed", "letter-changed", "letter-dropped", "letter-added"):
            ok = sorted({x for x in edits.get(kind, []) if x in rom and x != r and x not in stored_r})
            if ok:
                nms.append((kind, f"What number is the Roman numeral {rng.choice(ok)}?"))
        E(dom, f"What number is the Roman numeral {r}?", fill(rws, r=r, rl=r.lower()), nms, 2, 3, i)


def d_human_anatomy() -> None:
    dom = "human-anatomy"
    H(dom, "How many bones are in the adult human body?",
      [("casual", "how many bones does an adult human have"), ("synonym", "Number of bones in a grown-up human skeleton?"),
       ("keywords", "adult human body bone count?"), ("polite", "Could you tell me how many bones an adult person has?"),
       ("text-speak", "how many bones r in an adult body")],
      [("person", "How many bones are in the newborn human body?"), ("similar-thing", "How many muscles are in the adult human body?"),
       ("part", "How many bones are in the adult human hand?"), ("part", "How many bones are in the adult human foot?")])
    H(dom, "How many teeth does an adult human have?",
      [("casual", "how many teeth do grown ups have"), ("keywords", "number of adult teeth in humans?"),
       ("synonym", "How many permanent teeth does a person have?"), ("clause-order", "An adult human has how many teeth?")],
      [("person", "How many teeth does a human toddler have?"), ("similar-thing", "How many molars does an adult human have?"),
       ("similar-thing", "How many incisors does an adult human have?"), ("animal", "How many teeth does an adult dog have?"),
       ("synonym-trap", "How many milk teeth does a human have?")])
    H(dom, "How many chambers does the human heart have?",
      [("keywords", "number of chambers in a human heart?"), ("terse", "human heart - how many chambers?"),
       ("rephrase", "How many chambers are there in the heart of a person?"), ("typo", "how many chambres does the human heart have")],
      [("animal", "How many chambers does the fish heart have?"), ("animal", "How many chambers does the frog heart have?"),
       ("similar-thing", "How many atria does the human heart have?")])
    H(dom, "What is the largest organ of the human body?",
      [("synonym", "biggest organ in the human body?"), ("clause-order", "Which organ of the human body is the largest?"),
       ("keywords", "largest human organ"), ("text-speak", "whats the biggest organ in ur body")],
      [("qualifier-internal", "What is the largest internal organ of the human body?"),
       ("similar-thing", "What is the largest muscle of the human body?"), ("similar-thing", "What is the largest bone of the human body?"),
       ("similar-thing", "What is the largest gland of the human body?")])
    H(dom, "What is the smallest bone in the human body?",
      [("synonym", "tiniest bone in the human body?"), ("clause-order", "Which bone in the human body is the smallest?"),
       ("keywords", "smallest human bone"), ("casual", "what's the smallest bone a person has")],
      [("comparative", "What is the longest bone in the human body?"), ("similar-thing", "What is the smallest muscle in the human body?"),
       ("question-word", "Where is the smallest bone in the human body?"), ("comparative", "What is the strongest bone in the human body?")])
    H(dom, "How many pairs of ribs does a human have?",
      [("casual", "how many rib pairs do humans have"), ("keywords", "Number of pairs of ribs in a person?"),
       ("clause-order", "Humans have how many pairs of ribs?"), ("rephrase", "How many pairs of ribs are in the human ribcage?")],
      [("qualifier", "How many pairs of floating ribs does a human have?"), ("qualifier", "How many pairs of true ribs does a human have?"),
       ("similar-thing", "How many pairs of chromosomes does a human have?"), ("similar-thing", "How many pairs of cranial nerves does a human have?")])
    H(dom, "How many vertebrae are in the human cervical spine?",
      [("casual", "how many cervical vertebrae do humans have"), ("synonym", "Number of neck vertebrae in a human?"),
       ("keywords", "cervical vertebrae count in humans?"), ("synonym-rephrase", "How many vertebrae does the human neck have?")],
      [("part", "How many vertebrae are in the human lumbar spine?"), ("part", "How many vertebrae are in the human thoracic spine?"),
       ("part", "How many vertebrae are in the human spine?")])
    H(dom, "Which organ produces insulin?",
      [("casual", "what organ makes insulin"), ("clause-order", "Insulin is produced by which organ?"),
       ("synonym", "Which organ in the body secretes insulin?"), ("keywords", "organ that produces insulin?")],
      [("substance", "Which organ produces bile?"), ("substance", "Which organ produces urine?"),
       ("substance", "Which organ produces melatonin?")])
    H(dom, "Which organ stores bile?",
      [("casual", "what organ stores bile"), ("clause-order", "Bile is stored in which organ?"),
       ("synonym", "Where in the body is bile kept until it is needed?")],
      [("verb", "Which organ produces bile?"), ("substance", "Which organ stores urine?"), ("substance", "Which organ stores iron?")])
    H(dom, "How many lobes does the right lung have?",
      [("casual", "how many lobes in the right lung"), ("keywords", "number of lobes of the right lung?"),
       ("clause-order", "The right lung has how many lobes?"), ("terse", "right lung lobe count")],
      [("side", "How many lobes does the left lung have?"), ("similar-thing", "How many segments does the right lung have?")])
    H(dom, "Which blood type is the universal donor?",
      [("casual", "what blood type is the universal donor"), ("keywords", "universal donor blood group?"),
       ("rephrase", "Which blood type is known as the universal donor type?"), ("typo", "which blood tpye is the universal doner")],
      [("role-swap", "Which blood type is the universal recipient?"), ("similar-thing", "Which plasma type is the universal donor?")])
    H(dom, "About how many litres of blood does an adult human have?",
      [("casual", "how much blood is in an adult body in litres"), ("spelling", "About how many liters of blood does an adult human have?"),
       ("keywords", "average adult blood volume in litres?"), ("clause-order", "An adult human has about how many litres of blood?")],
      [("unit", "About how many pints of blood does an adult human have?"), ("person", "About how many litres of blood does a newborn human have?"),
       ("animal", "About how many litres of blood does an adult horse have?")])
    H(dom, "What is normal human body temperature in Celsius?",
      [("abbreviation", "normal body temp in C?"), ("rephrase", "What's the normal temperature of the human body in degrees Celsius?"),
       ("clause-order", "In Celsius, what is a normal human body temperature?")],
      [("unit", "What is normal human body temperature in Fahrenheit?"), ("animal", "What is normal dog body temperature in Celsius?"),
       ("similar-thing", "What is normal human skin temperature in Celsius?")])
    H(dom, "How many chromosomes do humans have?",
      [("casual", "how many chromosomes does a human have"), ("keywords", "number of chromosomes in a human cell?"),
       ("clause-order", "Humans have how many chromosomes?"), ("terse", "human chromosome count?")],
      [("animal", "How many chromosomes do dogs have?"), ("quantity-pairs", "How many pairs of chromosomes do humans have?"),
       ("animal", "How many chromosomes do chimpanzees have?")])


def d_solar_system() -> None:
    dom = "solar-system"
    order = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"]
    by_size = ["Jupiter", "Saturn", "Uranus", "Neptune", "Earth", "Venus", "Mars", "Mercury"]
    ords = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
    nth = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]
    stored = [1, 3, 5, 6]
    rws = [("casual", "what's the {o} planet from the sun"), ("abbreviation", "{n} planet from the Sun?"),
           ("rephrase", "Which is the {o} planet counting out from the Sun?"), ("imperative", "Name the planet that is {o} from the Sun."),
           ("keywords", "planet number {k} from the Sun?"), ("clause-order", "Counting from the Sun, which planet comes {o}?")]
    for i, k in enumerate(stored):
        nms = []
        for d in (1, -1):
            if 0 <= k + d < 8 and k + d not in stored:
                nms.append(("ordinal", f"Which planet is {ords[k + d]} from the Sun?"))
        if by_size[k] != order[k]:
            nms.append(("ordering-criterion", f"Which planet is {ords[k]} largest?"))
        if k < 5:
            nms.append(("similar-thing", f"Which dwarf planet is {ords[k]} from the Sun?"))
        E(dom, f"Which planet is {ords[k]} from the Sun?", fill(rws, o=ords[k], n=nth[k], k=k + 1), nms, 3, 2, i)

    rings = {"Saturn": "yes", "Mars": "no", "Neptune": "yes", "Venus": "no", "Jupiter": "yes", "Mercury": "no",
             "Uranus": "yes", "Earth": "no"}
    moons = {"Saturn": "yes", "Mars": "yes", "Neptune": "yes", "Venus": "no", "Jupiter": "yes", "Mercury": "no"}
    stored = ["Saturn", "Mars", "Neptune", "Venus", "Jupiter", "Mercury"]
    rws = [("casual", "does {p} have rings"), ("rephrase", "Is {p} a planet with rings?"), ("keywords", "{p} rings?"),
           ("synonym", "Does {p} have a ring system?"), ("polite", "Can you tell me whether {p} has rings?")]
    for i, p in enumerate(stored):
        other = "Earth" if rings[p] == "yes" else "Uranus"
        nms = [("planet", f"Does {other} have rings?")]
        if moons[p] != rings[p]:
            nms.append(("similar-thing", f"Does {p} have moons?"))
        E(dom, f"Does {p} have rings?", fill(rws, p=p), nms, 2, 2, i)

    H(dom, "What is the largest planet in the solar system?",
      [("synonym", "biggest planet in our solar system?"), ("clause-order", "Which planet is the largest in the solar system?"),
       ("keywords", "solar system largest planet"), ("casual", "whats the biggest planet in the solar system")],
      [("comparative", "What is the smallest planet in the solar system?"), ("similar-thing", "What is the largest moon in the solar system?"),
       ("similar-superlative", "What is the hottest planet in the solar system?"), ("ordinal", "What is the second largest planet in the solar system?")])
    H(dom, "Which planet is closest to the Sun?",
      [("synonym", "what planet is nearest the sun"), ("keywords", "Closest planet to the Sun?"),
       ("rephrase", "Which planet orbits nearest to the Sun?"), ("text-speak", "which planet is closest 2 the sun")],
      [("comparative", "Which planet is farthest from the Sun?"), ("similar-thing", "Which dwarf planet is closest to the Sun?")])
    H(dom, "How long does sunlight take to reach Earth?",
      [("rephrase", "how long does it take light from the sun to get to earth"), ("keywords", "Time for sunlight to reach the Earth?"),
       ("rephrase-minutes", "How many minutes does it take sunlight to reach Earth?"), ("terse", "sunlight travel time to earth?")],
      [("place", "How long does sunlight take to reach Mars?"), ("similar-thing", "How long does moonlight take to reach Earth?"),
       ("place", "How long does sunlight take to reach Neptune?")])
    H(dom, "Which planets have rings?",
      [("casual", "what planets have rings"), ("synonym", "Which planets in the solar system have ring systems?"),
       ("keywords", "planets with rings?"), ("rephrase", "Which of the planets have rings around them?")],
      [("negation", "Which planets do not have rings?"), ("similar-thing", "Which planets have moons?"),
       ("qualifier", "Which dwarf planets have rings?")])
    H(dom, "How many planets are in the solar system?",
      [("text-speak", "how many planets r there in our solar system"), ("keywords", "Number of planets in the solar system?"),
       ("rephrase", "How many planets does our solar system have?"), ("terse", "total planets in the solar system?")],
      [("qualifier", "How many dwarf planets are in the solar system?"), ("tense-time", "How many planets were in the solar system in 2005?"),
       ("qualifier", "How many gas giant planets are in the solar system?")])
    H(dom, "How long is a day on Mars?",
      [("keywords", "length of a day on Mars?"), ("rephrase", "How long does one Mars day last?"),
       ("synonym", "how long is a martian day"), ("terse", "Mars day length?")],
      [("similar-thing", "How long is a year on Mars?"), ("place", "How long is a day on Venus?"),
       ("place", "How long is a day on Jupiter?")])
    H(dom, "Which planets have at least one moon?",
      [("rephrase", "which planets have moons"), ("clause-order", "At least one moon orbits which planets?"),
       ("keywords", "planets with one or more moons?")],
      [("quantifier", "Which planets have exactly one moon?"), ("quantifier", "Which planets have more than fifty moons?"),
       ("negation", "Which planets have no moons?")])


def d_olympic_games() -> None:
    dom = "olympic-games"
    rng = _rng(dom)
    summer = {1992: "Barcelona", 1996: "Atlanta", 2000: "Sydney", 2004: "Athens", 2008: "Beijing", 2012: "London",
              1988: "Seoul", 1972: "Munich", 1976: "Montreal", 2016: "Rio de Janeiro",
              1984: "Los Angeles", 1980: "Moscow", 2020: "Tokyo", 2024: "Paris", 1968: "Mexico City", 1960: "Rome",
              1956: "Melbourne", 1952: "Helsinki", 1964: "Tokyo", 1936: "Berlin", 1948: "London"}
    winter = {2010: "Vancouver", 2014: "Sochi", 2018: "PyeongChang", 2006: "Turin", 2002: "Salt Lake City",
              1998: "Nagano", 1994: "Lillehammer",
              2022: "Beijing", 1992: "Albertville", 1988: "Calgary", 1984: "Sarajevo", 1980: "Lake Placid",
              1976: "Innsbruck", 1972: "Sapporo", 1968: "Grenoble"}
    country = {"Barcelona": "Spain", "Atlanta": "United States", "Sydney": "Australia", "Athens": "Greece",
               "Beijing": "China", "London": "United Kingdom", "Seoul": "South Korea", "Munich": "West Germany",
               "Montreal": "Canada", "Rio de Janeiro": "Brazil", "Vancouver": "Canada", "Sochi": "Russia",
               "PyeongChang": "South Korea", "Turin": "Italy", "Salt Lake City": "United States", "Nagano": "Japan",
               "Lillehammer": "Norway"}
    rws = [("casual", "where were the {y} {s} olympics held"), ("keywords", "{y} {S} Olympics host city?"),
           ("rephrase", "Which city was the host of the {S} Olympic Games in {y}?"), ("clause-order", "{S} Olympics {y} - which city hosted?"),
           ("abbreviation", "Which city hosted the '{yy} {S} Olympics?"), ("typo", "wich city hostd the {y} {s} olympics"),
           ("polite", "Could you tell me which city hosted the {S} Olympics in {y}?")]
    for S, table, stored in (("Summer", summer, list(summer)[:10]), ("Winter", winter, list(winter)[:7])):
        other_S, other_t = ("Winter", winter) if S == "Summer" else ("Summer", summer)
        for i, y in enumerate(stored):
            nms = []
            for p in partners(y, table, stored, 1, rng, prefer=[y - 4, y + 4, y - 8]):
                nms.append(("year", f"Which city hosted the {p} {S} Olympics?"))
            if y in other_t and other_t[y] != table[y]:
                nms.append(("season", f"Which city hosted the {y} {other_S} Olympics?"))
            if table[y] in country:
                nms.append(("question-city-vs-country", f"Which country hosted the {y} {S} Olympics?"))
            E(dom, f"Which city hosted the {y} {S} Olympics?", fill(rws, y=y, yy=str(y)[2:], S=S, s=S.lower()), nms, 2, 2, i)

    H(dom, "How many rings are on the Olympic flag?",
      [("casual", "how many rings does the olympic flag have"), ("synonym", "Number of rings on the flag of the Olympics?"),
       ("terse", "olympic flag rings - how many?"), ("clause-order", "The Olympic flag has how many rings?")],
      [("question", "What colours are the rings on the Olympic flag?"), ("similar-thing", "How many rings are on the Audi logo?")])
    H(dom, "In which year were the first modern Olympic Games held?",
      [("casual", "when were the first modern olympics"), ("keywords", "Year of the first modern Olympic Games?"),
       ("rephrase", "What year did the modern Olympic Games begin?"), ("clause-order", "The first modern Olympics were held in which year?")],
      [("question-word", "In which city were the first modern Olympic Games held?"),
       ("similar-thing", "In which year were the first Winter Olympic Games held?"),
       ("similar-thing", "In which year were the first Paralympic Games held?"),
       ("ordinal", "In which year were the second modern Olympic Games held?")])
    H(dom, "How long is an Olympic swimming pool?",
      [("keywords", "length of an olympic size pool?"), ("rephrase", "How many metres long is an Olympic pool?"),
       ("terse", "olympic swimming pool length"), ("spelling", "How many meters long is an Olympic-size swimming pool?")],
      [("dimension", "How wide is an Olympic swimming pool?"), ("similar-thing", "How long is a short-course swimming pool?"),
       ("dimension", "How many lanes does an Olympic swimming pool have?")])
    H(dom, "How many gold medals did Michael Phelps win at the 2008 Olympics?",
      [("casual", "how many golds did michael phelps win in 2008"), ("clause-order", "At the 2008 Olympics, how many gold medals did Michael Phelps win?"),
       ("rephrase", "How many Olympic gold medals did Michael Phelps take in Beijing 2008?")],
      [("year", "How many gold medals did Michael Phelps win at the 2004 Olympics?"),
       ("quantifier", "How many gold medals did Michael Phelps win at all Olympics?"),
       ("similar-thing", "How many medals did Michael Phelps win at the 2012 Olympics?")])


def d_music_theory() -> None:
    dom = "music-theory"
    rng = _rng(dom)
    sharps_major = {"G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F-sharp": 6, "C-sharp": 7, "C": 0, "F": 0}
    flats_major = {"F": 1, "B-flat": 2, "E-flat": 3, "A-flat": 4, "D-flat": 5, "G-flat": 6, "C": 0, "G": 0, "D": 0,
                   "A": 0, "E": 0, "B": 0}
    sharps_minor = {"A": 0, "E": 1, "B": 2, "F-sharp": 3, "C-sharp": 4, "D": 0, "G": 0, "C": 0, "F": 0}
    flats_minor = {"D": 1, "G": 2, "C": 3, "F": 4, "B-flat": 5, "E-flat": 6, "A": 0, "E": 0, "B": 0}
    note = {"F-sharp": "F#", "C-sharp": "C#", "B-flat": "Bb", "E-flat": "Eb", "A-flat": "Ab", "D-flat": "Db", "G-flat": "Gb"}
    spoken = {k: k.replace("-", " ") for k in note}
    rws_s = [("casual", "how many sharps does {k} major have"), ("keywords", "{k} major: number of sharps?"),
             ("rephrase", "How many sharps are in the {k} major key signature?"), ("abbreviation", "key of {k} maj - how many sharps?"),
             ("polite", "Could you tell me how many sharps {k} major has?"), ("symbol", "how many #s in {k} major?")]
    stored = ["G", "D", "A", "E", "B"]
    for i, k in enumerate(stored):
        nms = [("key", f"How many sharps are in the key of {p} major?")
               for p in partners(k, sharps_major, stored, 1, rng, prefer=["F-sharp", "C", "C-sharp"][i % 3:])]
        if sharps_minor.get(k, sharps_major[k]) != sharps_major[k]:
            nms.append(("major-vs-minor", f"How many sharps are in the key of {k} minor?"))
        if flats_major.get(k, -1) != sharps_major[k]:
            nms.append(("sharps-vs-flats", f"How many flats are in the key of {k} major?"))
        E(dom, f"How many sharps are in the key of {k} major?", fill(rws_s, k=k), nms, 3, 2, i)
    rws_f = [("casual", "how many flats does {k} major have"), ("notation", "How many flats are in the key of {n} major?"),
             ("rephrase", "How many flats are in the {k} major key signature?"), ("spoken-name", "how many flats in {sp} major"),
             ("polite", "Could you tell me how many flats the key of {k} major has?"), ("keywords", "{n} major flats?")]
    stored = ["F", "B-flat", "E-flat", "A-flat", "D-flat"]
    for i, k in enumerate(stored):
        nms = [("key", f"How many flats are in the key of {p} major?")
               for p in partners(k, flats_major, stored, 1, rng, prefer=["G-flat", "C", "G"][i % 3:])]
        if k in flats_minor and flats_minor[k] != flats_major[k]:
            nms.append(("major-vs-minor", f"How many flats are in the key of {k} minor?"))
        nms.append(("sharps-vs-flats", f"How many sharps are in the key of {k} major?"))
        kw = {"k": k, "n": note.get(k, k)}
        if k in spoken:
            kw["sp"] = spoken[k]
        E(dom, f"How many flats are in the key of {k} major?", fill(rws_f, **kw), nms, 3, 2, i)

    rel = {"C": "A minor", "G": "E minor", "D": "B minor", "F": "D minor", "B-flat": "G minor", "E-flat": "C minor",
           "A": "F-sharp minor", "E": "C-sharp minor", "A-flat": "F minor"}
    dominant = {"C": "G", "G": "D", "D": "A", "F": "C", "B-flat": "F", "E-flat": "B-flat"}
    stored = ["C", "G", "D", "F", "B-flat", "E-flat"]
    rws = [("keywords", "relative minor of {k} major?"), ("clause-order", "{k} major's relative minor is what?"),
           ("rephrase", "Which minor key is the relative minor of {k} major?"), ("abbreviation", "whats the rel. minor of {n} maj"),
           ("definition", "Which minor key shares its key signature with {k} major?")]
    for i, k in enumerate(stored):
        nms = [("key", f"What is the relative minor of {p} major?") for p in partners(k, rel, stored, 1, rng)]
        nms.append(("relative-vs-parallel", f"What is the parallel minor of {k} major?"))
        nms.append(("similar-term", f"What is the dominant of {k} major?"))
        E(dom, f"What is the relative minor of {k} major?", fill(rws, k=k, n=note.get(k, k)), nms, 2, 2, i)

    H(dom, "How many beats does a half note get in 4/4 time?",
      [("casual", "how many beats is a half note in 4/4"), ("clause-order", "In 4/4 time, how many beats does a half note last?"),
       ("synonym", "half note = how many beats in common time?"), ("british-term", "How many beats is a minim worth in 4/4 time?")],
      [("note-value", "How many beats does a whole note get in 4/4 time?"), ("dotted", "How many beats does a dotted half note get in 4/4 time?"),
       ("note-value", "How many beats does a quarter note get in 4/4 time?"), ("time-signature", "How many beats does a half note get in 2/2 time?")])
    H(dom, "How many semitones are in an octave?",
      [("synonym", "number of half steps in an octave?"), ("rephrase", "How many half-steps make up an octave?"),
       ("terse", "octave = how many semitones"), ("keywords", "semitones per octave?")],
      [("interval", "How many semitones are in a perfect fifth?"), ("unit", "How many whole tones are in an octave?"),
       ("interval", "How many semitones are in a major third?"), ("interval", "How many semitones are in a minor third?")])
    H(dom, "How many lines are on a musical staff?",
      [("casual", "how many lines does a staff have in music"), ("british-term", "Number of lines on a music stave?"),
       ("rephrase", "How many lines make up a musical staff?")],
      [("similar-thing", "How many spaces are on a musical staff?"), ("qualifier", "How many lines are on a guitar tab staff?")])
    H(dom, "How many keys does a standard piano have?",
      [("casual", "how many keys on a normal piano"), ("synonym", "Number of keys on a full-size piano?"),
       ("keywords", "standard piano key count?"), ("clause-order", "A standard piano has how many keys?")],
      [("qualifier", "How many black keys does a standard piano have?"), ("qualifier", "How many white keys does a standard piano have?"),
       ("similar-thing", "How many pedals does a standard piano have?"), ("similar-thing", "How many strings does a standard piano have?")])
    H(dom, "How many strings does a standard violin have?",
      [("casual", "how many strings on a violin"), ("keywords", "Number of strings on a violin?"),
       ("clause-order", "A standard violin has how many strings?")],
      [("instrument", "How many strings does a standard guitar have?"), ("instrument", "How many strings does a standard banjo have?"),
       ("instrument", "How many strings does a standard concert harp have?")])


def d_kitchen_measurements() -> None:
    dom = "kitchen-measurements"
    convs = [
        # small, big, factor, small abbrev, big abbrev, (alt big, factor), (alt small, factor)
        ("teaspoons", "tablespoons", 3, "tsp", "tbsp", ("cups", 48), None),
        ("tablespoons", "cups", 16, "tbsp", "cups", ("quarts", 64), ("teaspoons", 48)),
        ("cups", "quarts", 4, "cups", "qt", ("gallons", 16), ("pints", 2)),
        ("ounces", "pounds", 16, "oz", "lb", None, ("grams", 453.6)),
        ("fluid ounces", "cups", 8, "fl oz", "cups", ("pints", 16), ("tablespoons", 16)),
        ("pints", "gallons", 8, "pints", "gal", ("quarts", 2), ("cups", 16)),
    ]
    rws = [("abbreviation", "how many {sa} in {n} {ba}"), ("clause-order", "{n} {b} is how many {s}?"),
           ("imperative", "Convert {n} {b} to {s}."), ("casual", "if i have {n} {b} how many {s} is that"),
           ("synonym", "How many {s} make up {n} {b}?"), ("text-speak", "how many {s} r in {n} {b}"),
           ("number-words", "How many {s} are in {nw} {b}?"), ("typo", "how mnay {s} are in {n} {b}?"),
           ("equation", "{n} {ba} = ? {sa}")]
    idx = 0
    for s, b, f, sa, ba, alt_b, alt_s in convs:
        for n in (2, 3):
            nms = [("quantity", f"How many {s} are in {n + 2} {b}?"),
                   ("direction-swapped", f"How many {b} are in {n} {s}?")]
            if alt_b and alt_b[1] != f:
                nms.append(("unit", f"How many {s} are in {n} {alt_b[0]}?"))
            if alt_s and alt_s[1] != f:
                nms.append(("unit", f"How many {alt_s[0]} are in {n} {b}?"))
            E(dom, f"How many {s} are in {n} {b}?", fill(rws, s=s, b=b, sa=sa, ba=ba, n=n, nw=words(n)), nms, 2, 2, idx)
            idx += 1

    gas = {140: 1, 150: 2, 170: 3, 180: 4, 190: 5, 200: 6, 220: 7, 230: 8, 240: 9}
    stored = [150, 160, 180, 200, 220, 250, 100, 37]

    def c2f(c: float) -> str:
        return f"{c * 9 / 5 + 32:g}"

    rws = [("abbreviation", "{c}C in F?"), ("casual", "convert {c} celsius to fahrenheit"),
           ("clause-order", "{c} degrees C is how many degrees F?"), ("contraction", "What's {c} Celsius in Fahrenheit?"),
           ("terse", "{c} deg C to F"), ("context", "oven at {c}C - what is that in fahrenheit?")]
    for i, c in enumerate(stored):
        nms = [("number", f"What is {c + 10} degrees Celsius in Fahrenheit?"),
               ("direction-swapped", f"What is {c} degrees Fahrenheit in Celsius?"),
               ("unit", f"What is {c} degrees Celsius in Kelvin?")]
        if c in gas:
            nms.append(("unit-gas-mark", f"What is {c} degrees Celsius in gas mark?"))
        kw = {"c": c}
        if c < 140:
            rw2 = [x for x in rws if x[0] != "context"]
        else:
            rw2 = rws
        E(dom, f"What is {c} degrees Celsius in Fahrenheit?", fill(rw2, **kw), nms, 2, 2, i)
        assert c2f(c) != c2f(c + 10)

    H(dom, "How many fluid ounces are in a US pint?",
      [("abbreviation", "how many fl oz in a US pint"), ("clause-order", "US pint = how many fluid ounces?"),
       ("synonym", "Fluid ounces in one American pint?"), ("terse", "number of fl. oz in a pint (US)?")],
      [("place", "How many fluid ounces are in a UK pint?"), ("unit", "How many fluid ounces are in a US quart?"),
       ("unit", "How many fluid ounces are in a US gallon?")])
    H(dom, "How many millilitres are in a teaspoon?",
      [("abbreviation", "how many ml in a tsp"), ("terse", "teaspoon to ml?"), ("spelling", "How many milliliters does one teaspoon hold?"),
       ("equation", "1 tsp = ? mL")],
      [("unit", "How many millilitres are in a tablespoon?"), ("unit", "How many millilitres are in a cup?"),
       ("quantity", "How many millilitres are in 3 teaspoons?"), ("place", "How many millilitres are in an Australian tablespoon?")])
    H(dom, "How many grams of butter are in one US stick?",
      [("casual", "how many grams is a stick of butter in the us"), ("clause-order", "One US stick of butter is how many grams?"),
       ("abbreviation", "1 stick of butter (US) in g?")],
      [("quantity", "How many grams of butter are in two US sticks?"), ("unit", "How many tablespoons of butter are in one US stick?"),
       ("unit", "How many cups of butter are in one US stick?")])
    H(dom, "How many cups are in a US gallon?",
      [("casual", "how many cups in a gallon (US)"), ("abbreviation", "cups per US gal?"),
       ("clause-order", "A US gallon holds how many cups?")],
      [("unit", "How many cups are in a US quart?"), ("unit", "How many pints are in a US gallon?"),
       ("place", "How many cups are in an imperial gallon?")])


def d_mountaineering() -> None:
    dom = "mountaineering"
    rng = _rng(dom)
    h = {"Mount Everest": 8849, "Mount Kilimanjaro": 5895, "Denali": 6190, "Aconcagua": 6961, "Mount Elbrus": 5642,
         "the Matterhorn": 4478, "Mount Fuji": 3776, "Ben Nevis": 1345, "Jebel Toubkal": 4167, "Mont Blanc": 4806,
         "K2": 8611, "Kangchenjunga": 8586, "Lhotse": 8516, "Mount Kenya": 5199, "Mount Vinson": 4892,
         "Mount Whitney": 4421, "Mount Rainier": 4392, "Mount Kosciuszko": 2228, "Snowdon": 1085, "Mount Olympus": 2918}
    stored = list(h)[:10]
    similar = {"Mount Everest": "K2", "Mount Kilimanjaro": "Mount Kenya", "Ben Nevis": "Snowdon", "Denali": "Mount Whitney",
               "Mount Fuji": "Mount Rainier"}
    country = {"Mount Kilimanjaro": "Tanzania", "Denali": "the United States", "Aconcagua": "Argentina",
               "Mount Elbrus": "Russia", "Mount Fuji": "Japan", "Ben Nevis": "Scotland", "Jebel Toubkal": "Morocco"}
    rws = [("spelling-keywords", "height of {m} in meters?"), ("synonym", "how high is {m} in metres"),
           ("abbreviation", "{M} elevation in m?"), ("rephrase", "What is the height of {m}, in metres?"),
           ("abbreviation-mt", "how tall is {mt} in metres"), ("polite", "Can you tell me how many metres high {m} is?"),
           ("typo", "how tal is {m} in metres?")]
    for i, m in enumerate(stored):
        nms = []
        if m in similar:
            nms.append(("similar-mountain", f"How tall is {similar[m]} in metres?"))
        for p in partners(m, h, stored, 1, rng):
            nms.append(("mountain", f"How tall is {p} in metres?"))
        nms.append(("unit", f"How tall is {m} in feet?"))
        if m in country:
            nms.append(("question-word", f"In which country is {m}?"))
        kw = {"m": m, "M": m[0].upper() + m[1:]}
        if m.startswith("Mount "):
            kw["mt"] = "Mt " + m[6:]
        E(dom, f"How tall is {m} in metres?", fill(rws, **kw), nms, 2, 3, i)

    top = {"Africa": "Mount Kilimanjaro", "North America": "Denali", "Antarctica": "Mount Vinson",
           "South America": "Aconcagua", "Asia": "Mount Everest", "mainland Australia": "Mount Kosciuszko"}
    second = {"Africa": "Mount Kenya", "North America": "Mount Logan", "Antarctica": "Mount Tyree"}
    stored = ["Africa", "North America", "Antarctica"]
    rws = [("synonym", "tallest mountain in {p}?"), ("clause-order", "Which mountain is the highest in {p}?"),
           ("possessive", "{P}'s highest peak?"), ("abbreviation", "highest mtn in {p}"),
           ("polite", "Could you tell me which mountain is the highest in {p}?")]
    for i, p in enumerate(stored):
        nms = [("place", f"What is the highest mountain in {q}?") for q in partners(p, top, stored, 2, rng)]
        nms.append(("ordinal", f"What is the second highest mountain in {p}?"))
        E(dom, f"What is the highest mountain in {p}?", fill(rws, p=p, P=p), nms, 3, 3, i)

    H(dom, "Who were the first people to reach the summit of Mount Everest?",
      [("casual", "who first climbed everest"), ("synonym", "Who made the first ascent of Mount Everest?"),
       ("keywords", "first people to summit Everest?"), ("rephrase", "Who were the first climbers to stand on top of Everest?")],
      [("person", "Who was the first woman to reach the summit of Mount Everest?"),
       ("place", "Who were the first people to reach the summit of K2?"),
       ("question-word", "When did the first people reach the summit of Mount Everest?"),
       ("qualifier", "Who were the first people to reach the summit of Mount Everest without bottled oxygen?")])
    H(dom, "How many mountains in the world are higher than 8,000 metres?",
      [("casual", "how many 8000m peaks are there"), ("keywords", "Number of mountains over 8,000 m?"),
       ("synonym", "How many eight-thousanders are there?"), ("rephrase", "How many peaks exceed 8000 metres in height?")],
      [("number", "How many mountains in the world are higher than 7,000 metres?"),
       ("unit", "How many mountains in the world are higher than 8,000 feet?"),
       ("place", "How many mountains in Pakistan are higher than 8,000 metres?")])
    H(dom, "In which mountain range is K2?",
      [("casual", "what mountain range is K2 in"), ("clause-order", "K2 is in which range?"),
       ("rephrase", "Which range of mountains contains K2?"), ("terse", "K2 mountain range?")],
      [("mountain", "In which mountain range is Mont Blanc?"), ("mountain", "In which mountain range is Aconcagua?"),
       ("mountain", "In which mountain range is Mount Elbrus?")])
    H(dom, "What is the death zone altitude on high mountains?",
      [("casual", "at what altitude does the death zone start"), ("rephrase", "Above what height does the mountaineering death zone begin?"),
       ("keywords", "death zone altitude?")],
      [("similar-thing", "What is the altitude at which altitude sickness usually starts?"),
       ("similar-thing", "What is the tree line altitude on high mountains in the Alps?")])


def d_rivers_lakes() -> None:
    dom = "rivers-lakes"
    rng = _rng(dom)
    river = {"Paris": "Seine", "London": "Thames", "Rome": "Tiber", "Prague": "Vltava", "Lisbon": "Tagus",
             "Florence": "Arno", "Cairo": "Nile", "Vienna": "Danube", "Warsaw": "Vistula", "Dublin": "Liffey",
             "Budapest": "Danube", "Cologne": "Rhine", "Moscow": "Moskva", "Baghdad": "Tigris", "Seville": "Guadalquivir",
             "Dresden": "Elbe", "Bordeaux": "Garonne", "Kyiv": "Dnipro", "St. Petersburg": "Neva", "Bangkok": "Chao Phraya",
             "Turin": "Po", "Glasgow": "Clyde", "Berlin": "Spree", "Munich": "Isar", "Frankfurt": "Main", "Porto": "Douro"}
    stored = list(river)[:10]
    similar = {"Vienna": "Budapest", "Paris": "Bordeaux", "Rome": "Turin", "Lisbon": "Porto", "Prague": "Dresden"}
    rws = [("casual", "what river runs through {c}"), ("keywords", "{c} river?"), ("synonym", "Which river passes through {c}?"),
           ("rephrase", "What is the name of the river in {c}?"), ("clause-order", "The river that flows through {c} is called what?"),
           ("text-speak", "wich river flows thru {c}")]
    for i, c in enumerate(stored):
        nms = []
        if c in similar and river[similar[c]] != river[c]:
            nms.append(("other-city-same-country", f"Which river flows through {similar[c]}?"))
        for p in partners(c, river, stored, 2, rng):
            nms.append(("city", f"Which river flows through {p}?"))
        E(dom, f"Which river flows through {c}?", fill(rws, c=c), nms, 2, 2, i)

    longest = {"Africa": "Nile", "Europe": "Volga", "Asia": "Yangtze", "the UK": "Severn", "France": "Loire",
               "Italy": "Po", "Australia": "Murray", "South America": "Amazon",
               "Canada": "Mackenzie", "Ireland": "Shannon", "Poland": "Vistula", "Japan": "Shinano", "Scotland": "Tay",
               "England": "Thames"}
    stored = list(longest)[:8]
    rws = [("synonym", "longest river in {p}?"), ("clause-order", "Which river is the longest in {p}?"),
           ("casual", "whats the longest river in {p}"), ("rephrase", "Which is {p}'s longest river?"),
           ("polite", "Could you tell me the name of the longest river in {p}?")]
    for i, p in enumerate(stored):
        nms = [("place", f"What is the longest river in {q}?") for q in partners(p, longest, stored, 2, rng, prefer=["England", "Scotland"] if p == "the UK" else [])]
        if p == "Africa":
            nms.append(("superlative", "What is the deepest river in Africa?"))
            nms.append(("superlative", "What is the largest river by volume in Africa?"))
        if p == "Europe":
            nms.append(("superlative", "What is the second longest river in Europe?"))
        E(dom, f"What is the longest river in {p}?", fill(rws, p=p), nms, 2, 2, i)

    H(dom, "What is the deepest lake in the world?",
      [("synonym", "deepest lake on earth?"), ("clause-order", "Which lake is the deepest in the world?"),
       ("keywords", "world's deepest lake"), ("casual", "whats the deepest lake in the world")],
      [("superlative", "What is the largest lake in the world?"), ("place", "What is the deepest lake in Africa?"),
       ("place", "What is the deepest lake in the United States?"), ("place", "What is the deepest lake in Europe?")])
    H(dom, "What is the largest lake in Africa?",
      [("synonym", "biggest lake in africa?"), ("possessive", "Africa's largest lake?"),
       ("clause-order", "Which lake is the largest in Africa?")],
      [("place", "What is the largest lake in North America?"), ("superlative", "What is the longest lake in Africa?"),
       ("qualifier", "What is the largest artificial lake in Africa?")])
    H(dom, "Which river is the Hoover Dam on?",
      [("terse", "hoover dam - which river?"), ("synonym", "What river does the Hoover Dam sit on?"),
       ("clause-order", "The Hoover Dam is built on which river?"), ("keywords", "river of the hoover dam?")],
      [("place", "Which river is the Aswan High Dam on?"), ("place", "Which river is the Three Gorges Dam on?"),
       ("place", "Which river is the Itaipu Dam on?")])
    H(dom, "Into which sea does the Danube flow?",
      [("casual", "where does the danube empty"), ("clause-order", "Which sea does the Danube flow into?"),
       ("keywords", "Danube mouth - which sea?"), ("synonym", "The Danube drains into which sea?")],
      [("river", "Into which sea does the Rhine flow?"), ("river", "Into which sea does the Nile flow?"),
       ("river", "Into which sea does the Volga flow?"), ("question-word", "Through how many countries does the Danube flow?")])
    H(dom, "Which river has the largest discharge in the world?",
      [("casual", "which river carries the most water"), ("synonym", "What river has the greatest flow of water in the world?"),
       ("keywords", "world's largest river by discharge?")],
      [("superlative", "Which river has the longest course in the world?"), ("ordinal", "Which river has the second largest discharge in the world?"),
       ("place", "Which river has the largest discharge in Europe?")])


def d_art_history() -> None:
    dom = "art-history"
    rng = _rng(dom)
    painter = {"the Mona Lisa": "Leonardo da Vinci", "The Starry Night": "Vincent van Gogh", "Guernica": "Pablo Picasso",
               "The Persistence of Memory": "Salvador Dali", "The Birth of Venus": "Sandro Botticelli",
               "The Night Watch": "Rembrandt", "Girl with a Pearl Earring": "Johannes Vermeer", "The Scream": "Edvard Munch",
               "Water Lilies": "Claude Monet", "American Gothic": "Grant Wood", "Las Meninas": "Diego Velazquez",
               "The Kiss": "Gustav Klimt",
               "The Garden of Earthly Delights": "Hieronymus Bosch", "The School of Athens": "Raphael",
               "Liberty Leading the People": "Eugene Delacroix", "The Arnolfini Portrait": "Jan van Eyck",
               "The Hay Wain": "John Constable", "The Fighting Temeraire": "J. M. W. Turner", "Nighthawks": "Edward Hopper",
               "The Son of Man": "Rene Magritte", "The Raft of the Medusa": "Theodore Gericault",
               "The Sleeping Gypsy": "Henri Rousseau", "Sunflowers": "Vincent van Gogh", "The Last Supper": "Leonardo da Vinci"}
    stored = list(painter)[:12]
    rws = [("casual", "who painted {p}"), ("clause-order", "{P} was painted by whom?"), ("synonym", "Which artist painted {p}?"),
           ("rephrase", "Who is the painter of {p}?"), ("terse", "{P} - who's the artist?"), ("typo", "who paintd {p}?"),
           ("polite", "Could you tell me who painted {p}, please?")]
    for i, p in enumerate(stored):
        nms = [("painting", f"Who painted {q}?") for q in partners(p, painter, stored, 2, rng)]
        nms.append(("question-word", f"When was {p} painted?"))
        if p == "The Kiss":
            nms.insert(0, ("verb-sculpted", "Who sculpted The Kiss?"))
        E(dom, f"Who painted {p}?", fill(rws, p=p, P=p[0].upper() + p[1:]), nms, 2, 2, i)

    museum = {"the Mona Lisa": "the Louvre", "The Night Watch": "the Rijksmuseum", "The Birth of Venus": "the Uffizi",
              "Guernica": "the Reina Sofia", "Las Meninas": "the Prado", "Girl with a Pearl Earring": "the Mauritshuis",
              "The Starry Night": "MoMA",
              "American Gothic": "the Art Institute of Chicago", "The Hay Wain": "the National Gallery, London",
              "The Garden of Earthly Delights": "the Prado", "Liberty Leading the People": "the Louvre",
              "The Kiss": "the Belvedere, Vienna", "The Arnolfini Portrait": "the National Gallery, London",
              "Nighthawks": "the Art Institute of Chicago"}
    stored = list(museum)[:7]
    rws = [("casual", "where is {p} displayed"), ("rephrase", "Which museum has {p}?"), ("synonym", "What museum is {p} in?"),
           ("clause-order", "{P} - which museum holds it?"), ("synonym-gallery", "In which gallery can I see {p}?"),
           ("text-speak", "where can i see {p} irl")]
    for i, p in enumerate(stored):
        nms = [("painting", f"In which museum is {q} displayed?") for q in partners(p, museum, stored, 2, rng)]
        E(dom, f"In which museum is {p} displayed?", fill(rws, p=p, P=p[0].upper() + p[1:]), nms, 2, 2, i)

    H(dom, "Which art movement was Claude Monet part of?",
      [("casual", "what art movement was monet in"), ("clause-order", "Claude Monet belonged to which art movement?"),
       ("keywords", "Monet art movement?")],
      [("person", "Which art movement was Salvador Dali part of?"), ("person", "Which art movement was Pablo Picasso a founder of?"),
       ("person", "Which art movement was Andy Warhol part of?")])
    H(dom, "Who painted the ceiling of the Sistine Chapel?",
      [("casual", "who did the sistine chapel ceiling"), ("clause-order", "The Sistine Chapel ceiling was painted by whom?"),
       ("synonym", "Which artist painted the Sistine Chapel's ceiling?")],
      [("question-word", "When was the ceiling of the Sistine Chapel painted?"),
       ("place", "Who painted the ceiling of the Scrovegni Chapel?"),
       ("verb", "Who restored the ceiling of the Sistine Chapel?")])


def d_classic_literature() -> None:
    dom = "classic-literature"
    rng = _rng(dom)
    author = {"Pride and Prejudice": "Jane Austen", "War and Peace": "Leo Tolstoy", "Don Quixote": "Miguel de Cervantes",
              "Frankenstein": "Mary Shelley", "Jane Eyre": "Charlotte Bronte", "Crime and Punishment": "Fyodor Dostoevsky",
              "One Hundred Years of Solitude": "Gabriel Garcia Marquez", "Madame Bovary": "Gustave Flaubert",
              "Les Miserables": "Victor Hugo", "Middlemarch": "George Eliot", "The Picture of Dorian Gray": "Oscar Wilde",
              "Heart of Darkness": "Joseph Conrad",
              "Wuthering Heights": "Emily Bronte", "Great Expectations": "Charles Dickens", "The Trial": "Franz Kafka",
              "Treasure Island": "Robert Louis Stevenson", "The Grapes of Wrath": "John Steinbeck",
              "The Count of Monte Cristo": "Alexandre Dumas", "Things Fall Apart": "Chinua Achebe",
              "The Divine Comedy": "Dante Alighieri", "The Old Man and the Sea": "Ernest Hemingway",
              "Anna Karenina": "Leo Tolstoy", "Emma": "Jane Austen", "The Brothers Karamazov": "Fyodor Dostoevsky"}
    stored = list(author)[:12]
    similar = {"Jane Eyre": "Wuthering Heights", "War and Peace": "Anna Karenina", "Frankenstein": "Dracula"}
    author["Dracula"] = "Bram Stoker"
    rws = [("synonym", "who is the author of {b}"), ("keywords", "{b} author?"), ("rephrase", "Who wrote the novel {b}?"),
           ("clause-order", "{b} was written by who?"), ("synonym-writer", "Which writer wrote {b}?"),
           ("casual", "who wrote {bl}"), ("text-speak", "whos the author of {b}")]
    for i, b in enumerate(stored):
        nms = []
        if b in similar and author[similar[b]] != author[b]:
            nms.append(("similar-title", f"Who wrote {similar[b]}?"))
        nms += [("book", f"Who wrote {q}?") for q in partners(b, author, stored, 1, rng)]
        nms.append(("question-word", f"When was {b} first published?"))
        E(dom, f"Who wrote {b}?", fill(rws, b=b, bl=b.lower()), nms, 2, 2, i)

    year = {"Nineteen Eighty-Four": 1949, "Animal Farm": 1945, "The Great Gatsby": 1925, "Moby-Dick": 1851,
            "Dracula": 1897, "To Kill a Mockingbird": 1960, "Brave New World": 1932, "The Catcher in the Rye": 1951,
            "The Hobbit": 1937, "Ulysses": 1922,
            "Fahrenheit 451": 1953, "Lord of the Flies": 1954, "Catch-22": 1961, "Slaughterhouse-Five": 1969,
            "On the Road": 1957, "Of Mice and Men": 1937, "The Lord of the Rings": 1954}
    stored = list(year)[:10]
    similar = {"The Hobbit": "The Lord of the Rings", "Animal Farm": "Nineteen Eighty-Four", "Brave New World": "Fahrenheit 451"}
    rws = [("casual", "when was {b} published"), ("keywords", "{b} publication year?"), ("rephrase", "What year did {b} come out?"),
           ("terse", "Year {b} was first published?"), ("synonym", "In which year was {b} first printed?"),
           ("text-speak", "wat yr did {b} first come out")]
    for i, b in enumerate(stored):
        nms = []
        if b in similar and similar[b] not in stored and year[similar[b]] != year[b]:
            nms.append(("related-book", f"In what year was {similar[b]} first published?"))
        nms += [("book", f"In what year was {q} first published?") for q in partners(b, year, stored, 1, rng)]
        nms.append(("question-word", f"Who first published {b}?"))
        E(dom, f"In what year was {b} first published?", fill(rws, b=b), nms, 2, 2, i)

    H(dom, "What is the name of the whale in Moby-Dick?",
      [("casual", "whats the whale called in moby dick"), ("clause-order", "In Moby-Dick, what is the whale's name?"),
       ("rephrase", "What name does the whale have in Moby-Dick?")],
      [("role", "What is the name of the captain in Moby-Dick?"), ("role", "What is the name of the ship in Moby-Dick?"),
       ("role", "What is the name of the narrator in Moby-Dick?")])
    H(dom, "How many lines does a sonnet have?",
      [("casual", "how many lines in a sonnet"), ("keywords", "number of lines in a sonnet?"), ("clause-order", "A sonnet has how many lines?")],
      [("similar-thing", "How many lines does a haiku have?"), ("similar-thing", "How many lines does a limerick have?"),
       ("similar-thing", "How many syllables does a haiku have?")])


def d_spelling() -> None:
    dom = "spelling"
    stored = ["necessary", "rhythm", "strength", "queue", "accommodation", "Mississippi", "bookkeeper", "encyclopedia",
              "definitely", "onomatopoeia"]
    similar = {"necessary": "unnecessary", "rhythm": "rhyme", "strength": "length", "queue": "cue",
               "accommodation": "accommodations", "Mississippi": "Missouri", "bookkeeper": "bookkeeping",
               "encyclopedia": "encyclopaedia", "definitely": "definitively", "onomatopoeia": "onomatopoeic"}
    rws = [("casual", "how many letters in {w}"), ("terse", "{w} - how many letters?"), ("quoted", "How many letters does '{w}' have?"),
           ("imperative", "Count the letters in the word {w}."), ("keywords", "number of letters in the word {w}?"),
           ("synonym", "How many letters is the word {w}?")]
    for i, w in enumerate(stored):
        nms = []
        v = similar[w]
        if len(v) != len(w):
            nms.append(("similar-word", f"How many letters are in the word {v}?"))
        nms.append(("similar-thing", f"How many vowels are in the word {w}?"))
        nms.append(("similar-thing", f"How many syllables are in the word {w}?"))
        E(dom, f"How many letters are in the word {w}?", fill(rws, w=w), nms, 2, 2, i)

    occ = [("r", "strawberry", "blueberry"), ("s", "Mississippi", "Missouri"), ("e", "excellence", "excellent"),
           ("o", "onomatopoeia", None), ("c", "accommodation", None), ("a", "banana", None), ("p", "hippopotamus", "hippo"),
           ("i", "definitely", "definitively"), ("n", "annotation", "notation"), ("l", "parallel", None)]
    rws = [("casual", "how many {l}'s are in {w}"), ("uppercase-letter", "how many {L}'s in {w}?"),
           ("imperative", "Count the {l}'s in the word {w}."), ("clause-order", "In the word {w}, how many times does {l} appear?"),
           ("keywords", "number of {l}'s in {w}?"), ("terse", "{w}: how many {l}'s?")]
    for i, (l, w, v) in enumerate(occ):
        n = w.lower().count(l)
        nms = []
        if v and v.lower().count(l) != n:
            nms.append(("similar-word", f"How many times does the letter {l} appear in {v}?"))
        others = sorted({ch for ch in w.lower() if ch.isalpha() and w.lower().count(ch) != n})
        if others:
            ch = others[i % len(others)]
            nms.append(("letter", f"How many times does the letter {ch} appear in {w}?"))
        absent = [ch for ch in "zqxjkv" if ch not in w.lower()]
        nms.append(("letter", f"How many times does the letter {absent[i % len(absent)]} appear in {w}?"))
        E(dom, f"How many times does the letter {l} appear in {w}?", fill(rws, l=l, L=l.upper(), w=w), nms, 2, 2, i)

    plural = {"mouse": "mice", "goose": "geese", "cactus": "cacti", "ox": "oxen", "tooth": "teeth", "criterion": "criteria",
              "phenomenon": "phenomena", "knife": "knives", "child": "children", "person": "people",
              "house": "houses", "moose": "moose", "box": "boxes", "booth": "booths", "parson": "parsons", "fox": "foxes",
              "life": "lives", "roof": "roofs", "hero": "heroes", "piano": "pianos", "sheep": "sheep", "foot": "feet",
              "analysis": "analyses", "crisis": "crises", "woman": "women"}
    stored = list(plural)[:10]
    similar = {"mouse": "house", "goose": "moose", "ox": "box", "tooth": "booth", "person": "parson", "knife": "life",
               "criterion": "crisis", "child": "woman", "cactus": "analysis", "phenomenon": "hero"}
    rws = [("keywords", "plural of {w}?"), ("quoted", "What's the plural form of '{w}'?"), ("rephrase", "how do you say more than one {w}"),
           ("terse", "{w} - plural?"), ("formal", "What is the correct plural of the word {w}?"), ("casual", "whats the plural of {w}"),
           ("synonym", "How do I pluralize {w}?")]
    for i, w in enumerate(stored):
        kind = "similar-word" if w in ("mouse", "goose", "ox", "tooth", "person", "knife") else "word"
        nms = [(kind, f"What is the plural of {similar[w]}?")]
        nms.append(("similar-thing", f"What is the possessive of {w}?"))
        E(dom, f"What is the plural of {w}?", fill(rws, w=w), nms, 3, 2, i)

    H(dom, "How do you spell the past tense of the verb lie meaning to recline?",
      [("casual", "past tense of lie (recline) - how is it spelled"), ("clause-order", "Lie, meaning to recline: how do you spell its past tense?")],
      [("meaning", "How do you spell the past tense of the verb lie meaning to tell an untruth?"),
       ("verb", "How do you spell the past tense of the verb lay meaning to put down?")])


def d_zoology() -> None:
    dom = "zoology"
    rng = _rng(dom)
    legs = {"spider": 8, "ant": 6, "crab": 10, "horse": 4, "chicken": 2, "scorpion": 8, "butterfly": 6, "lobster": 10,
            "beetle": 6, "mite": 8, "shrimp": 10, "dog": 4, "ostrich": 2, "penguin": 2, "grasshopper": 6, "cow": 4}
    plural = {"spider": "spiders", "ant": "ants", "crab": "crabs", "horse": "horses", "chicken": "chickens",
              "scorpion": "scorpions", "butterfly": "butterflies", "lobster": "lobsters"}
    stored = list(legs)[:8]
    similar = {"spider": "ant", "scorpion": "beetle", "crab": "ant", "lobster": "spider", "butterfly": "spider"}
    rws = [("casual", "how many legs do {ap} have"), ("keywords", "number of legs on {a}?"), ("terse", "{b} - how many legs?"),
           ("british", "How many legs has {a} got?"), ("clause-order", "{A} has how many legs?"), ("typo", "how many legs dose {a} have")]
    for i, b in enumerate(stored):
        nms = [("animal", f"How many legs does {art(p)} have?") for p in partners(b, legs, stored, 2, rng)]
        if b == "butterfly":
            nms.insert(0, ("body-part", "How many wings does a butterfly have?"))
        if b == "spider":
            nms.insert(0, ("body-part", "How many body segments does a spider have?"))
        E(dom, f"How many legs does {art(b)} have?", fill(rws, a=art(b), A=art(b).capitalize(), b=b, ap=plural[b]), nms, 2, 2, i)

    baby = {"kangaroo": "joey", "swan": "cygnet", "goose": "gosling", "horse": "foal", "deer": "fawn", "hare": "leveret",
            "owl": "owlet", "frog": "tadpole", "eagle": "eaglet", "cat": "kitten",
            "dog": "puppy", "cow": "calf", "sheep": "lamb", "goat": "kid", "bear": "cub", "pig": "piglet", "duck": "duckling",
            "elephant": "calf", "lion": "cub", "whale": "calf"}
    male = {"swan": "cob", "goose": "gander", "horse": "stallion", "deer": "stag", "cat": "tom", "kangaroo": "boomer"}
    female = {"swan": "pen", "horse": "mare", "deer": "doe", "cat": "queen", "hare": "jill"}
    stored = list(baby)[:10]
    rws = [("casual", "what do you call a baby {a}"), ("keywords", "baby {a} name?"), ("synonym", "What's the name for a young {a}?"),
           ("clause-order", "A young {a} is called what?"), ("text-speak", "wat do u call a baby {a}"),
           ("polite", "Could you tell me what a baby {a} is called?")]
    for i, a in enumerate(stored):
        nms = [("animal", f"What is a baby {p} called?") for p in partners(a, baby, stored, 1, rng)]
        if a in male:
            nms.append(("baby-vs-male", f"What is a male {a} called?"))
        if a in female:
            nms.append(("baby-vs-female", f"What is a female {a} called?"))
        E(dom, f"What is a baby {a} called?", fill(rws, a=a), nms, 2, 2, i)

    group = {"crows": "a murder", "lions": "a pride", "owls": "a parliament", "wolves": "a pack", "fish": "a school",
             "flamingos": "a flamboyance", "whales": "a pod", "ants": "a colony",
             "cows": "a herd", "sheep": "a flock", "ravens": "an unkindness", "dolphins": "a pod", "hyenas": "a cackle",
             "zebras": "a dazzle", "kangaroos": "a mob", "cats": "a clowder", "rhinos": "a crash", "bats": "a colony"}
    stored = list(group)[:8]
    similar = {"crows": "ravens", "whales": "dolphins", "lions": "hyenas", "wolves": "hyenas"}
    rws = [("casual", "what do you call a group of {a}"), ("synonym", "collective noun for {a}?"),
           ("rephrase", "What's the name for a group of {a}?"), ("clause-order", "A group of {a} is called a what?"),
           ("equation", "group of {a} = ?")]
    for i, a in enumerate(stored):
        nms = []
        if a in similar and group[similar[a]] != group[a]:
            nms.append(("similar-animal", f"What is a group of {similar[a]} called?"))
        nms += [("animal", f"What is a group of {p} called?") for p in partners(a, group, stored, 1, rng)]
        E(dom, f"What is a group of {a} called?", fill(rws, a=a), nms, 2, 2, i)

    mammal = {"whale": "yes", "bat": "yes", "penguin": "no", "dolphin": "yes", "platypus": "yes", "shark": "no",
              "salamander": "no"}
    swap = {"whale": "whale shark", "bat": "flying fish", "penguin": "seal", "dolphin": "dolphinfish", "platypus": "duck",
            "shark": "porpoise", "salamander": "otter"}
    other_class = {"whale": ("fish", "no"), "bat": ("bird", "no"), "penguin": ("bird", "yes"), "dolphin": ("fish", "no"),
                   "platypus": ("bird", "no"), "shark": ("fish", "yes"), "salamander": ("amphibian", "yes")}
    rws = [("casual", "is {a} a mammal"), ("plural", "Are {ap} mammals?"), ("terse", "{b}: mammal or not?"),
           ("rephrase", "Would {a} count as a mammal?"), ("formal", "Is the {b} classified as a mammal?")]
    for i, b in enumerate(mammal):
        nms = [("similar-animal", f"Is {art(swap[b])} a mammal?")]
        cl, ans = other_class[b]
        if ans != mammal[b]:
            nms.append(("class", f"Is {art(b)} {art(cl)}?"))
        E(dom, f"Is {art(b)} a mammal?", fill(rws, a=art(b), b=b, ap=b + "s" if b not in ("platypus",) else "platypuses"), nms, 2, 2, i)

    H(dom, "Do most birds fly?",
      [("casual", "can most birds fly"), ("rephrase", "Are most bird species able to fly?"), ("keywords", "most birds - flying or not?")],
      [("quantifier", "Do all birds fly?"), ("similar-thing", "Do most insects fly?"), ("quantifier", "Do any mammals fly?")])
    H(dom, "Which mammals lay eggs?",
      [("casual", "what mammals lay eggs"), ("rephrase", "Which mammals reproduce by laying eggs?"), ("keywords", "egg-laying mammals?")],
      [("negation", "Which mammals do not lay eggs?"),
       ("class", "Which reptiles give birth to live young?"), ("verb", "Which mammals eat eggs?")])
    H(dom, "What is the fastest land animal?",
      [("casual", "fastest animal on land?"), ("clause-order", "Which animal is the fastest on land?"), ("keywords", "land animal top speed - which is fastest?")],
      [("place", "What is the fastest marine animal?"), ("comparative", "What is the slowest land animal?"),
       ("similar-thing", "What is the fastest bird in a dive?"), ("similar-thing", "What is the largest land animal?")])


def d_vexillology() -> None:
    dom = "vexillology"
    rng = _rng(dom)
    stars = {"the United States": 50, "China": 5, "Australia": 6, "New Zealand": 4, "Brazil": 27, "Venezuela": 8,
             "the Philippines": 3, "Vietnam": 1,
             "Cuba": 1, "Honduras": 5, "Chile": 1, "Ghana": 1, "Panama": 2, "Cape Verde": 10, "Tuvalu": 9,
             "the Solomon Islands": 5, "Papua New Guinea": 5, "Burundi": 3, "Micronesia": 4, "Samoa": 5, "Somalia": 1,
             "Austria": 0}
    stored = list(stars)[:8]
    rws = [("casual", "how many stars on the flag of {c}"), ("keywords", "{C} flag: number of stars?"),
           ("clause-order", "The flag of {c} has how many stars?"), ("imperative", "count the stars on the flag of {c}"),
           ("text-speak", "how many stars r on the flag of {c}"), ("synonym", "National flag of {c}: how many stars are on it?")]
    for i, c in enumerate(stored):
        nms = [("country", f"How many stars are on the flag of {p}?") for p in partners(c, stars, stored, 2, rng,
                                                                                      prefer=["Austria"] if c == "Australia" else [])]
        if c == "the United States":
            nms = [("similar-thing-stripes", "How many stripes are on the flag of the United States?"),
                   ("tense-year", "How many stars were on the flag of the United States in 1950?"),
                   ("place", "How many stars are on the flag of the European Union?")] + nms
        E(dom, f"How many stars are on the flag of {c}?", fill(rws, c=c, C=c[0].upper() + c[1:]), nms, 3, 2, i)

    colours = {"Italy": {"green", "white", "red"}, "Germany": {"black", "red", "gold"}, "Sweden": {"blue", "yellow"},
               "Jamaica": {"green", "black", "gold"}, "Nigeria": {"green", "white"}, "Japan": {"white", "red"},
               "Ireland": {"green", "white", "orange"}, "Belgium": {"black", "yellow", "red"}, "Ukraine": {"blue", "yellow"},
               "Niger": {"orange", "white", "green"}, "Canada": {"red", "white"}, "France": {"blue", "white", "red"},
               "Russia": {"white", "blue", "red"}, "Greece": {"blue", "white"}, "Switzerland": {"red", "white"},
               "Bangladesh": {"green", "red"}}
    colours = {k: frozenset(v) for k, v in colours.items()}
    stored = list(colours)[:6]
    similar = {"Italy": "Ireland", "Germany": "Belgium", "Nigeria": "Niger", "Sweden": "Switzerland", "Japan": "Bangladesh"}
    rws = [("spelling", "what colors are on the flag of {c}"), ("keywords", "{c} flag colours?"),
           ("rephrase", "Which colours does the flag of {c} have?"), ("casual", "what colours is the flag of {c}"),
           ("polite", "Could you list the colours in the flag of {c}?"), ("possessive", "colours of {c}'s flag?")]
    for i, c in enumerate(stored):
        nms = []
        if c in similar and colours[similar[c]] != colours[c]:
            nms.append(("similar-country", f"What colours are on the flag of {similar[c]}?"))
        nms += [("country", f"What colours are on the flag of {p}?") for p in partners(c, colours, stored, 2, rng)]
        E(dom, f"What colours are on the flag of {c}?", fill(rws, c=c), nms, 3, 2, i)

    H(dom, "What is the only national flag that is not rectangular?",
      [("casual", "which country has a non rectangular flag"), ("rephrase", "Which national flag isn't rectangular?"),
       ("keywords", "only non-rectangular national flag?")],
      [("place", "What is the only US state flag that is not rectangular?"),
       ("similar-thing", "What is the only national flag with a different front and back?")])
    H(dom, "Which country's flag has a maple leaf?",
      [("casual", "what country has a maple leaf on its flag"), ("terse", "Maple leaf flag - which country?"),
       ("rephrase", "Whose national flag shows a maple leaf?"), ("typo", "which countrys flag has a maple leaf on it")],
      [("symbol", "Which country's flag has a cedar tree?"), ("symbol", "Which country's flag has a rifle?"),
       ("symbol", "Which country's flag has an eagle eating a snake?")])


def d_inventions() -> None:
    dom = "inventions"
    rng = _rng(dom)
    inv = {"dynamite": "Alfred Nobel", "the World Wide Web": "Tim Berners-Lee", "the ballpoint pen": "Laszlo Biro",
           "the Rubik's Cube": "Erno Rubik", "the Celsius scale": "Anders Celsius", "the Richter scale": "Charles Richter",
           "Braille": "Louis Braille", "the telephone": "Alexander Graham Bell", "the phonograph": "Thomas Edison",
           "Tetris": "Alexey Pajitnov", "the Dewey Decimal System": "Melvil Dewey",
           "the Fahrenheit scale": "Daniel Gabriel Fahrenheit", "the Kelvin scale": "Lord Kelvin",
           "the Mercalli scale": "Giuseppe Mercalli", "the gramophone": "Emile Berliner", "the cotton gin": "Eli Whitney",
           "the diesel engine": "Rudolf Diesel", "the saxophone": "Adolphe Sax", "the Geiger counter": "Hans Geiger",
           "the stethoscope": "Rene Laennec", "the hovercraft": "Christopher Cockerell",
           "the lightning rod": "Benjamin Franklin", "TNT": "Julius Wilbrand"}
    stored = list(inv)[:11]
    similar = {"the Celsius scale": "the Kelvin scale", "the Richter scale": "the Mercalli scale",
               "the phonograph": "the gramophone", "dynamite": "TNT"}
    rws = [("casual", "who invented {t}"), ("clause-order", "{T} was invented by whom?"), ("synonym", "Who is the inventor of {t}?"),
           ("idiom", "Who came up with {t}?"), ("keywords", "inventor of {t}?"), ("typo", "who invnted {t}?"),
           ("rephrase", "Which person invented {t}?")]
    for i, t in enumerate(stored):
        nms = []
        if t in similar:
            nms.append(("similar-invention", f"Who invented {similar[t]}?"))
        nms += [("invention", f"Who invented {p}?") for p in partners(t, inv, stored, 1, rng)]
        nms.append(("question-word", f"When was {t} invented?"))
        E(dom, f"Who invented {t}?", fill(rws, t=t, T=t[0].upper() + t[1:]), nms, 2, 2, i)

    H(dom, "Who discovered penicillin?",
      [("synonym", "who found penicillin"), ("clause-order", "Penicillin was discovered by whom?"),
       ("keywords", "discoverer of penicillin?"), ("rephrase", "Which scientist discovered penicillin?")],
      [("question-word", "When was penicillin discovered?"), ("substance", "Who discovered insulin?"),
       ("substance", "Who discovered radium?"), ("verb", "Who first mass-produced penicillin?")])
    H(dom, "Who developed the first injectable polio vaccine?",
      [("casual", "who made the first injected polio vaccine"), ("clause-order", "The first injectable polio vaccine was developed by whom?"),
       ("rephrase", "Which scientist created the first polio vaccine given by injection?")],
      [("similar-thing-oral", "Who developed the first oral polio vaccine?"), ("disease", "Who developed the first smallpox vaccine?"),
       ("disease", "Who developed the first rabies vaccine?")])
    H(dom, "In what year did the Wright brothers make their first powered flight?",
      [("casual", "when was the wright brothers first powered flight"), ("keywords", "Year of the Wright brothers' first powered flight?"),
       ("rephrase", "What year did the Wright brothers first fly a powered plane?"), ("abbreviation", "wright bros first powered flight - what year?")],
      [("question-word", "Where did the Wright brothers make their first powered flight?"),
       ("qualifier", "In what year did the Wright brothers make their first passenger flight?"),
       ("question-word", "How long did the Wright brothers' first powered flight last?")])


def d_space_missions() -> None:
    dom = "space-missions"
    H(dom, "Who was the first person to walk on the Moon?",
      [("casual", "who was first to walk on the moon"), ("synonym", "Who was the first human to set foot on the Moon?"),
       ("keywords", "first man on the moon?"), ("clause-order", "The first person to walk on the Moon was who?"),
       ("typo", "who was the frist person to walk on the moon")],
      [("ordinal", "Who was the second person to walk on the Moon?"), ("ordinal", "Who was the last person to walk on the Moon?"),
       ("question-word", "When did the first person walk on the Moon?"),
       ("verb", "Who was the first person to orbit the Moon?")])
    H(dom, "Who was the first person in space?",
      [("casual", "who was the first human in space"), ("keywords", "first person ever in space?"),
       ("rephrase", "Who was the first human being to travel into space?"), ("clause-order", "The first person to go to space was who?")],
      [("role", "Who was the first woman in space?"), ("role", "Who was the first American in space?"),
       ("similar-thing", "What was the first animal in space?"),
       ("question-word", "When did the first person go to space?")])
    H(dom, "Who was the first American to orbit the Earth?",
      [("casual", "who was the first american to orbit earth"), ("rephrase", "Which American was the first to go into orbit around the Earth?"),
       ("keywords", "first US astronaut to orbit Earth?")],
      [("role", "Who was the first person to orbit the Earth?"), ("role", "Who was the first American woman to orbit the Earth?"),
       ("verb", "Who was the first American to fly in space?")])
    H(dom, "Who was the first person to do a spacewalk?",
      [("synonym", "who did the first spacewalk"), ("rephrase", "Who performed the first spacewalk?"),
       ("synonym-eva", "Who carried out the first extravehicular activity in space?")],
      [("role", "Who was the first woman to do a spacewalk?"), ("role", "Who was the first American to do a spacewalk?"),
       ("question-word", "When was the first spacewalk done?")])
    H(dom, "In what year did Apollo 11 land on the Moon?",
      [("keywords", "apollo 11 moon landing year?"), ("rephrase", "What year was the Apollo 11 Moon landing?"),
       ("synonym", "Which year did Apollo 11 touch down on the Moon?"), ("text-speak", "what yr did apollo 11 land on the moon")],
      [("mission", "In what year did Apollo 17 land on the Moon?"), ("question-date", "On what date did Apollo 11 land on the Moon?"),
       ("question-word", "Where on the Moon did Apollo 11 land?")])
    H(dom, "In what year was Sputnik 1 launched?",
      [("rephrase", "What year did Sputnik 1 launch?"), ("keywords", "Sputnik 1 launch year?"), ("casual", "sputnik 1 went up in which year")],
      [("thing", "In what year was the Hubble Space Telescope launched?"), ("thing", "In what year was the James Webb Space Telescope launched?"),
       ("question-word", "From where was Sputnik 1 launched?")])
    H(dom, "Which Apollo mission was the last to land on the Moon?",
      [("rephrase", "What was the last Apollo mission to land on the Moon?"), ("keywords", "last Apollo moon landing mission?"),
       ("synonym", "Which was the final Apollo mission to touch down on the Moon?")],
      [("ordinal", "Which Apollo mission was the first to land on the Moon?"), ("ordinal", "Which Apollo mission was the second to land on the Moon?"),
       ("program", "Which Space Shuttle mission was the last to fly?")])
    H(dom, "How long does it take the ISS to orbit the Earth?",
      [("keywords", "ISS orbital period?"), ("synonym", "How long does the International Space Station take to go around the Earth?"),
       ("rephrase", "how long is one ISS orbit around earth")],
      [("object", "How long does it take the Moon to orbit the Earth?"), ("question-word", "How high does the ISS orbit the Earth?"),
       ("object", "How long does it take a GPS satellite to orbit the Earth?")])
    H(dom, "How many people have walked on the Moon?",
      [("text-speak", "how many ppl have walked on the moon"), ("keywords", "Number of people who have walked on the Moon?"),
       ("synonym", "How many astronauts have set foot on the Moon?")],
      [("time", "How many people have walked on the Moon since 1973?"), ("place", "How many people have walked on Mars?"),
       ("verb", "How many people have driven on the Moon?")])


def d_official_languages() -> None:
    dom = "official-languages"
    rng = _rng(dom)
    lang = {"Brazil": "Portuguese", "Austria": "German", "Iran": "Persian", "the Netherlands": "Dutch", "Greece": "Greek",
            "Poland": "Polish", "Hungary": "Hungarian", "Thailand": "Thai", "Argentina": "Spanish", "Egypt": "Arabic",
            "Portugal": "Portuguese", "Australia": "English", "Iraq": "Arabic", "Germany": "German", "Denmark": "Danish",
            "Finland": "Finnish", "Romania": "Romanian", "Japan": "Japanese", "Turkey": "Turkish", "Sweden": "Swedish",
            "Norway": "Norwegian", "the Czech Republic": "Czech", "Vietnam": "Vietnamese", "Chile": "Spanish",
            "Cyprus": "Greek"}
    stored = list(lang)[:10]
    similar = {"Austria": "Australia", "Iran": "Iraq", "Brazil": "Argentina", "Hungary": "Romania", "Thailand": "Vietnam",
               "the Netherlands": "Denmark", "Greece": "Turkey"}
    rws = [("casual", "what language do they speak in {c}"), ("keywords", "main language of {c}?"),
           ("rephrase", "Which language do most people in {c} speak?"), ("synonym", "What's the primary language spoken in {c}?"),
           ("terse", "{C}: what language is spoken there?"), ("text-speak", "wat language do ppl speak in {c}")]
    for i, c in enumerate(stored):
        nms = []
        if c in similar and lang[similar[c]] != lang[c]:
            nms.append(("similar-country", f"What language is mainly spoken in {similar[c]}?"))
        nms += [("country", f"What language is mainly spoken in {p}?") for p in partners(c, lang, stored, 1, rng)]
        E(dom, f"What language is mainly spoken in {c}?", fill(rws, c=c, C=c[0].upper() + c[1:]), nms, 2, 2, i)

    count = {"Switzerland": 4, "Belgium": 3, "Canada": 2, "Singapore": 4, "Luxembourg": 3, "Ireland": 2, "Finland": 2,
             "France": 1, "Poland": 1, "Kenya": 2, "Rwanda": 4, "Malta": 2, "Cyprus": 2, "Paraguay": 2, "Brazil": 1}
    stored = list(count)[:7]
    rws = [("casual", "how many official languages in {c}"), ("keywords", "{c} - number of official languages?"),
           ("rephrase", "How many languages are official in {c}?"), ("abbreviation", "how many official langs does {c} have"),
           ("polite", "Could you tell me how many official languages {c} has?")]
    for i, c in enumerate(stored):
        nms = [("country", f"How many official languages does {p} have?") for p in partners(c, count, stored, 2, rng)]
        nms.append(("question-which", f"Which official languages does {c} have?"))
        E(dom, f"How many official languages does {c} have?", fill(rws, c=c), nms, 2, 2, i)

    H(dom, "Is English an official language of Switzerland?",
      [("casual", "does switzerland have english as an official language"), ("rephrase", "Is English one of Switzerland's official languages?"),
       ("terse", "Switzerland: is English official?")],
      [("language", "Is Italian an official language of Switzerland?"), ("country", "Is English an official language of Singapore?"),
       ("language", "Is Romansh an official language of Switzerland?")])
    H(dom, "Which language has the most native speakers in the world?",
      [("casual", "what language has the most native speakers"), ("rephrase", "What is the world's most spoken native language?"),
       ("keywords", "language with most native speakers worldwide?")],
      [("qualifier-total", "Which language has the most total speakers in the world?"),
       ("ordinal", "Which language has the second most native speakers in the world?"),
       ("place", "Which language has the most native speakers in Africa?")])


def d_mental_arithmetic() -> None:
    dom = "mental-arithmetic"
    rng = _rng(dom)
    mult = [(7, 8), (12, 15), (9, 13), (6, 17), (14, 14), (25, 16), (11, 19), (8, 23), (13, 21), (18, 5)]
    for i, (a, b) in enumerate(mult):
        rws = [("symbol", f"{a} x {b} = ?"), ("symbol-star", f"{a}*{b}?"), ("synonym", f"What's {a} multiplied by {b}?"),
               ("imperative", f"Multiply {a} by {b}."), ("casual", f"whats {a} times {b}"),
               ("polite", f"Could you work out {a} times {b} for me?"), ("product", f"What is the product of {a} and {b}?")]
        if a != b:
            rws.insert(i % 3, ("operand-order", f"What is {b} times {a}?"))
        if a < 20 and b < 20:
            rws.append(("number-words", f"what is {words(a)} times {words(b)}"))
        d = rng.choice((1, -1, 2))
        nms = [("number", f"What is {a} times {b + d}?"), ("number", f"What is {a + 1} times {b}?"),
               ("operation", f"What is {a} plus {b}?"), ("operation-power", f"What is {a} to the power of {b}?")]
        E(dom, f"What is {a} times {b}?", rws, nms, 3, 3, i)

    pct = [(15, 80), (20, 150), (25, 64), (12, 50), (30, 90), (75, 120), (5, 260), (40, 35), (8, 250), (60, 45)]
    for i, (p, n) in enumerate(pct):
        rws = [("spelled-out", f"{p} percent of {n}?"), ("casual", f"what's {p}% of {n}"), ("imperative", f"Calculate {p}% of {n}."),
               ("equation", f"{p}% of {n} = ?"), ("abbreviation", f"{p} pct of {n}?"), ("rephrase", f"How much is {p} percent of {n}?")]
        if n <= 100:
            rws.insert(i % 4, ("operands-swapped-equal", f"What is {n}% of {p}?"))
        nms = [("preposition-of-vs-off", f"What is {p}% off {n}?"), ("number", f"What is {p + 5}% of {n}?"),
               ("number", f"What is {p}% of {n + 10}?"), ("operation", f"What is {n} plus {p}%?")]
        assert p * n / 100 != n * (100 - p) / 100
        E(dom, f"What is {p}% of {n}?", rws, nms, 2, 3, i)

    sub = [(100, 37), (52, 19), (1000, 358), (81, 46), (64, 29), (300, 125)]
    for i, (a, b) in enumerate(sub):
        rws = [("symbol", f"{a} - {b} = ?"), ("clause-order", f"What do you get if you subtract {b} from {a}?"),
               ("synonym", f"Take {b} away from {a}."), ("casual", f"whats {a} minus {b}"), ("idiom", f"{a} take away {b}?")]
        nms = [("operand-order", f"What is {b} minus {a}?"), ("number", f"What is {a} minus {b + 10}?"),
               ("operation", f"What is {a} plus {b}?")]
        E(dom, f"What is {a} minus {b}?", rws, nms, 2, 2, i)

    roots = [144, 169, 225, 196, 324, 625, 1024, 729]
    for i, n in enumerate(roots):
        r = math.isqrt(n)
        rws = [("abbreviation", f"sqrt of {n}?"), ("symbol", f"sqrt({n}) = ?"), ("equation", f"square root of {n} = ?"),
               ("definition", f"What positive number squared gives {n}?"), ("text-speak", f"whats the sq root of {n}")]
        nms = [("similar-term-cube-root", f"What is the cube root of {n}?"), ("drops-root", f"What is the square of {n}?"),
               ("number", f"What is the square root of {(r + 1) ** 2}?")]
        E(dom, f"What is the square root of {n}?", rws, nms, 2, 2, i)

    def prime(n: int) -> bool:
        return n > 1 and all(n % d for d in range(2, math.isqrt(n) + 1))
    for i, n in enumerate([91, 97, 51, 57, 89, 221, 101, 119]):
        rws = [("casual", f"is {n} prime"), ("rephrase", f"Is the number {n} prime?"), ("terse", f"{n} - prime or not?"),
               ("definition", f"Is {n} divisible only by 1 and itself?")]
        alt = next(n + dd for dd in (2, -2, 4, -4, 6, -6, 8, -8, 10, -10, 12, -12) if prime(n + dd) != prime(n))
        if prime(n):
            nms = [("number", f"Is {alt} a prime number?"), ("similar-term", f"Is {n} a composite number?")]
        else:
            nms = [("number", f"Is {alt} a prime number?"), ("similar-term", f"Is {n} an odd number?")]
        E(dom, f"Is {n} a prime number?", rws, nms, 2, 2, i)

    H(dom, "Which numbers between 1 and 20 are prime?",
      [("casual", "what are the prime numbers between 1 and 20"), ("imperative", "List the primes from 1 to 20."),
       ("terse", "primes between 1-20?"), ("rephrase", "Which of the numbers from 1 to 20 are prime numbers?")],
      [("negation", "Which numbers between 1 and 20 are not prime?"), ("number", "Which numbers between 1 and 30 are prime?"),
       ("similar-thing", "Which numbers between 1 and 20 are square?")])


def d_metric_prefixes() -> None:
    dom = "metric-prefixes"
    rng = _rng(dom)
    exp = {"kilo": 3, "mega": 6, "micro": -6, "centi": -2, "nano": -9, "tera": 12,
           "milli": -3, "giga": 9, "pico": -12, "deci": -1, "hecto": 2, "deca": 1, "femto": -15, "peta": 15}
    stored = list(exp)[:6]
    similar = {"micro": "milli", "mega": "giga", "tera": "peta", "nano": "pico", "centi": "deci", "kilo": "hecto"}
    rws = [("casual", "what does {p} mean as a prefix"), ("keywords", "Meaning of the prefix {p}- in SI units?"),
           ("terse", "{p}- prefix = what factor?"), ("rephrase", "What factor does the SI prefix {p} stand for?"),
           ("synonym", "How much is {p} as a metric prefix?"), ("text-speak", "wat does {p} mean in the metric system")]
    for i, p in enumerate(stored):
        nms = [("similar-prefix", f"What does the metric prefix {similar[p]} mean?")]
        nms += [("prefix", f"What does the metric prefix {q} mean?") for q in partners(p, exp, stored, 1, rng)]
        E(dom, f"What does the metric prefix {p} mean?", fill(rws, p=p), nms, 3, 2, i)

    units = {
        "millimetres": ("L", -3, "mm", "millimeters"), "centimetres": ("L", -2, "cm", "centimeters"),
        "metres": ("L", 0, "m", "meters"), "kilometres": ("L", 3, "km", "kilometers"),
        "micrometres": ("L", -6, "um", "micrometers"), "nanometres": ("L", -9, "nm", "nanometers"),
        "milligrams": ("M", -3, "mg", "milligrams"), "grams": ("M", 0, "g", "grams"), "kilograms": ("M", 3, "kg", "kilograms"),
        "tonnes": ("M", 6, "t", "metric tons"),
        "nanoseconds": ("T", -9, "ns", "nanoseconds"), "microseconds": ("T", -6, "us", "microseconds"),
        "milliseconds": ("T", -3, "ms", "milliseconds"), "seconds": ("T", 0, "s", "seconds"),
        "watts": ("P", 0, "W", "watts"), "kilowatts": ("P", 3, "kW", "kilowatts"), "megawatts": ("P", 6, "MW", "megawatts"),
        "gigawatts": ("P", 9, "GW", "gigawatts"),
        "millilitres": ("V", -3, "mL", "milliliters"), "centilitres": ("V", -2, "cL", "centiliters"),
        "decilitres": ("V", -1, "dL", "deciliters"), "litres": ("V", 0, "L", "liters"),
    }

    def sing(u: str) -> str:
        return u[:-1] if u.endswith("s") else u

    pairs_ = [("millimetres", "metres"), ("centimetres", "metres"), ("metres", "kilometres"), ("milligrams", "grams"),
              ("micrometres", "millimetres"), ("milliseconds", "seconds"), ("microseconds", "seconds"),
              ("kilowatts", "megawatts"), ("centilitres", "litres"), ("kilograms", "tonnes"), ("nanometres", "micrometres")]
    rws = [("abbreviation", "how many {sa} in a {ba}"), ("clause-order", "One {b} is how many {s}?"),
           ("keywords", "Number of {s} in one {b}?"), ("us-spelling", "How many {sus} are in a {bus}?"),
           ("equation", "1 {ba} = ? {sa}"), ("imperative", "Convert 1 {b} to {s}.")]
    for i, (s, b) in enumerate(pairs_):
        dim, es, sa, sus = units[s]
        _, eb, ba, bus = units[b]
        nms = []
        for kind, repl in (("smaller-unit", s), ("larger-unit", b)):
            alts = [u for u, v in units.items() if v[0] == dim and u not in (s, b)
                    and (v[1] < eb if kind == "smaller-unit" else v[1] > es)]
            if alts:
                u = rng.choice(alts)
                nms.append(("unit", f"How many {u} are in a {sing(b)}?" if kind == "smaller-unit" else f"How many {s} are in a {sing(u)}?"))
        nms.append(("direction-swapped", f"How many {b} are in a {sing(s)}?"))
        kw = dict(s=s, b=sing(b), sa=sa, ba=ba)
        if sus != s or sing(bus) != sing(b):
            kw.update(sus=sus, bus=sing(bus))
        E(dom, f"How many {s} are in a {sing(b)}?", fill(rws, **kw), nms, 2, 2, i)


def d_us_states() -> None:
    dom = "us-states"
    rng = _rng(dom)
    cap = {"California": "Sacramento", "Texas": "Austin", "New York": "Albany", "Florida": "Tallahassee",
           "Illinois": "Springfield", "Pennsylvania": "Harrisburg", "Nevada": "Carson City", "Oregon": "Salem",
           "Michigan": "Lansing", "Kentucky": "Frankfort", "Vermont": "Montpelier", "Missouri": "Jefferson City",
           "Louisiana": "Baton Rouge", "Alaska": "Juneau", "North Dakota": "Bismarck", "Virginia": "Richmond",
           "North Carolina": "Raleigh",
           "Ohio": "Columbus", "Georgia": "Atlanta", "Arizona": "Phoenix", "Colorado": "Denver", "Maine": "Augusta",
           "Tennessee": "Nashville", "Wisconsin": "Madison", "Minnesota": "Saint Paul", "Massachusetts": "Boston",
           "Hawaii": "Honolulu", "South Dakota": "Pierre", "West Virginia": "Charleston", "South Carolina": "Columbia",
           "Washington": "Olympia", "New Jersey": "Trenton", "Iowa": "Des Moines", "Kansas": "Topeka",
           "Arkansas": "Little Rock", "Alabama": "Montgomery", "Utah": "Salt Lake City", "Idaho": "Boise",
           "Montana": "Helena", "Wyoming": "Cheyenne", "Nebraska": "Lincoln", "New Mexico": "Santa Fe"}
    stored = list(cap)[:17]
    similar = {"North Dakota": "South Dakota", "Virginia": "West Virginia", "North Carolina": "South Carolina",
               "New York": "New Jersey", "Kentucky": "Tennessee", "Missouri": "Kansas", "Oregon": "Washington",
               "Vermont": "Maine"}
    largest = {"California": "Los Angeles", "Texas": "Houston", "New York": "New York City", "Florida": "Jacksonville",
               "Illinois": "Chicago", "Pennsylvania": "Philadelphia", "Nevada": "Las Vegas", "Oregon": "Portland",
               "Michigan": "Detroit", "Kentucky": "Louisville", "Vermont": "Burlington", "Missouri": "Kansas City",
               "Louisiana": "New Orleans", "Alaska": "Anchorage", "North Dakota": "Fargo", "Virginia": "Virginia Beach",
               "North Carolina": "Charlotte"}
    abbr = {"California": "CA", "Texas": "TX", "New York": "NY", "Florida": "FL", "Illinois": "IL", "Pennsylvania": "PA",
            "Nevada": "NV", "Michigan": "MI", "Kentucky": "KY", "Vermont": "VT", "Missouri": "MO", "Alaska": "AK",
            "North Dakota": "ND", "Virginia": "VA", "North Carolina": "NC"}
    rws = [("keywords", "capital of {s}?"), ("casual", "whats the capital of {s}"), ("terse", "{s} state capital?"),
           ("rephrase", "What city is the capital of {s}?"), ("possessive", "Which city serves as {s}'s state capital?"),
           ("polite", "Could you tell me the capital city of the US state of {s}?"), ("abbreviation", "{ab} capital?"),
           ("typo", "waht is the state captial of {s}")]
    for i, s in enumerate(stored):
        nms = []
        if s in similar:
            nms.append(("similar-state", f"What is the state capital of {similar[s]}?"))
        nms += [("state", f"What is the state capital of {p}?") for p in partners(s, cap, stored, 1, rng)]
        nms.append(("largest-city-not-capital", f"What is the largest city of {s}?"))
        kw = {"s": s}
        if s in abbr:
            kw["ab"] = abbr[s]
        E(dom, f"What is the state capital of {s}?", fill(rws, **kw), nms, 2, 2, i)
        assert largest[s] != cap[s]

    H(dom, "Which US state has the largest population?",
      [("synonym", "most populous US state?"), ("rephrase", "Which state in the US has the most people?"),
       ("keywords", "biggest US state by population?"), ("casual", "which us state has the highest population")],
      [("comparative", "Which US state has the smallest population?"), ("similar-thing", "Which US state has the largest area?"),
       ("similar-thing", "Which US state has the largest population density?"), ("ordinal", "Which US state has the second largest population?")])
    H(dom, "How many US states border Canada?",
      [("keywords", "number of US states that border Canada?"), ("synonym", "How many states in the US share a border with Canada?"),
       ("casual", "how many us states touch canada")],
      [("place", "How many US states border Mexico?"), ("place", "How many US states border the Pacific Ocean?"),
       ("question-word", "Which US states border Canada?")])
    H(dom, "Which US state is the Grand Canyon in?",
      [("casual", "what state is the grand canyon in"), ("terse", "Grand Canyon - which US state?"),
       ("rephrase", "In which US state is the Grand Canyon located?")],
      [("landmark", "Which US state is Mount Rushmore in?"), ("landmark", "Which US state is the Everglades in?"),
       ("landmark", "Which US state is Yosemite in?")])
    H(dom, "How many US states are there?",
      [("casual", "how many states are in the usa"), ("keywords", "Number of states in the United States?"),
       ("rephrase", "How many states does the US have?")],
      [("tense-year", "How many US states were there in 1950?"), ("similar-thing", "How many US territories are inhabited?"),
       ("similar-thing", "How many US states have a coastline on the Gulf of Mexico?")])


def d_dog_breeds() -> None:
    dom = "dog-breeds"
    rng = _rng(dom)
    origin = {"Chihuahua": "Mexico", "Akita": "Japan", "Saint Bernard": "Switzerland", "Dachshund": "Germany",
              "Pembroke Welsh Corgi": "Wales", "Irish Wolfhound": "Ireland", "Afghan Hound": "Afghanistan",
              "Siberian Husky": "Russia", "Dalmatian": "Croatia", "Shar Pei": "China", "Australian Cattle Dog": "Australia",
              "English Bulldog": "England",
              "Australian Shepherd": "United States", "French Bulldog": "France", "Alaskan Malamute": "United States",
              "Scottish Deerhound": "Scotland", "American Akita": "United States", "Rottweiler": "Germany",
              "Beagle": "England", "Yorkshire Terrier": "England", "Bernese Mountain Dog": "Switzerland",
              "Samoyed": "Russia", "Great Dane": "Germany", "Pug": "China", "Portuguese Water Dog": "Portugal",
              "Norwegian Elkhound": "Norway", "Hungarian Vizsla": "Hungary", "Newfoundland": "Canada",
              "Shiba Inu": "Japan", "Cardigan Welsh Corgi": "Wales", "Xoloitzcuintli": "Mexico"}
    stored = list(origin)[:12]
    similar = {"English Bulldog": "French Bulldog", "Australian Cattle Dog": "Australian Shepherd",
               "Siberian Husky": "Alaskan Malamute", "Irish Wolfhound": "Scottish Deerhound", "Akita": "American Akita",
               "Pembroke Welsh Corgi": "Cardigan Welsh Corgi", "Saint Bernard": "Bernese Mountain Dog"}
    rws = [("casual", "where does the {b} come from"), ("rephrase", "What country is the {b} originally from?"),
           ("keywords", "{b} country of origin?"), ("synonym", "Where was the {b} breed developed?"),
           ("formal", "In which nation did the {b} breed originate?"), ("text-speak", "where is the {b} breed from originally??")]
    for i, b in enumerate(stored):
        nms = []
        if b in similar and origin[similar[b]] != origin[b]:
            nms.append(("similar-breed", f"Which country does the {similar[b]} originate from?"))
        nms += [("breed", f"Which country does the {p} originate from?") for p in partners(b, origin, stored, 2, rng)]
        E(dom, f"Which country does the {b} originate from?", fill(rws, b=b), nms, 2, 2, i)

    H(dom, "How many teeth does a puppy have?",
      [("casual", "how many teeth do puppies have"), ("synonym", "How many baby teeth does a dog have?"),
       ("keywords", "puppy tooth count?")],
      [("age", "How many teeth does an adult dog have?"), ("animal", "How many teeth does a kitten have?"),
       ("question", "At what age does a puppy lose its teeth?")])
    H(dom, "How long is a dog's pregnancy?",
      [("casual", "how long are dogs pregnant for"), ("synonym", "Gestation period of a dog?"),
       ("rephrase", "How many days does a dog pregnancy last?"), ("keywords", "dog pregnancy length?")],
      [("animal", "How long is a horse's pregnancy?"), ("animal", "How long is an elephant's pregnancy?"),
       ("animal", "How long is a rabbit's pregnancy?")])
    H(dom, "What is the smallest dog breed?",
      [("keywords", "smallest breed of dog?"), ("clause-order", "Which dog breed is the smallest?"),
       ("synonym", "tiniest dog breed"), ("casual", "whats the smallest breed of dog")],
      [("animal", "What is the smallest cat breed?"), ("superlative", "What is the fastest dog breed?"),
       ("superlative", "What is the heaviest dog breed?")])
    H(dom, "How many toes does a Norwegian Lundehund have on each foot?",
      [("casual", "how many toes does a lundehund have per foot"), ("clause-order", "On each foot, how many toes does a Norwegian Lundehund have?"),
       ("keywords", "Norwegian Lundehund toes per foot?")],
      [("breed", "How many toes does a Labrador Retriever have on each foot?"),
       ("breed", "How many toes does a Norwegian Elkhound have on each foot?")])


def d_nobel_prizes() -> None:
    dom = "nobel-prizes"
    rng = _rng(dom)
    peace = {2009: "Barack Obama", 1964: "Martin Luther King Jr.", 1979: "Mother Teresa", 1991: "Aung San Suu Kyi",
             2002: "Jimmy Carter", 2012: "the European Union", 1989: "the Dalai Lama", 2020: "the World Food Programme",
             2016: "Juan Manuel Santos", 2019: "Abiy Ahmed",
             2014: "Malala Yousafzai and Kailash Satyarthi", 1993: "Nelson Mandela and F. W. de Klerk",
             2007: "Al Gore and the IPCC", 2013: "the OPCW", 2001: "the UN and Kofi Annan", 2018: "Denis Mukwege and Nadia Murad",
             2021: "Maria Ressa and Dmitry Muratov", 2015: "the Tunisian National Dialogue Quartet", 2008: "Martti Ahtisaari",
             2010: "Liu Xiaobo", 2017: "ICAN", 2004: "Wangari Maathai", 2003: "Shirin Ebadi", 1990: "Mikhail Gorbachev",
             1984: "Desmond Tutu", 1980: "Adolfo Perez Esquivel", 1963: "the ICRC and the League of Red Cross Societies",
             1965: "UNICEF", 1978: "Anwar Sadat and Menachem Begin", 1992: "Rigoberta Menchu", 2011: "Sirleaf, Gbowee and Karman"}
    lit = {2014: "Patrick Modiano", 2007: "Doris Lessing", 1993: "Toni Morrison", 2013: "Alice Munro",
           2015: "Svetlana Alexievich", 2021: "Abdulrazak Gurnah", 2001: "V. S. Naipaul", 2017: "Kazuo Ishiguro",
           2010: "Mario Vargas Llosa", 1982: "Gabriel Garcia Marquez",
           2009: "Herta Muller", 1964: "Jean-Paul Sartre", 1979: "Odysseas Elytis", 1991: "Nadine Gordimer",
           2002: "Imre Kertesz", 2012: "Mo Yan", 1989: "Camilo Jose Cela", 2020: "Louise Gluck", 2016: "Bob Dylan",
           2019: "Peter Handke", 2006: "Orhan Pamuk", 2008: "J. M. G. Le Clezio", 2011: "Tomas Transtromer",
           2003: "J. M. Coetzee", 2004: "Elfriede Jelinek", 2005: "Harold Pinter", 1995: "Seamus Heaney",
           1988: "Naguib Mahfouz", 1986: "Wole Soyinka", 2022: "Annie Ernaux", 2023: "Jon Fosse", 1992: "Derek Walcott",
           1994: "Kenzaburo Oe", 1996: "Wislawa Szymborska", 1998: "Jose Saramago", 1999: "Gunter Grass",
           1981: "Elias Canetti", 1983: "William Golding", 2018: "Olga Tokarczuk"}
    rws = [("casual", "who got the nobel {f} prize in {y}"), ("keywords", "{y} Nobel {F} Prize winner?"),
           ("synonym", "Who was awarded the Nobel {F} Prize in {y}?"), ("clause-order", "Nobel {F} Prize {y} - who won?"),
           ("synonym-received", "Who received the {y} Nobel {F} Prize?"), ("abbreviation", "who won the nobel {f} prize in '{yy}"),
           ("typo", "who won the nobel {f} prise in {y}")]
    p_stored = list(peace)[:10]
    l_stored = list(lit)[:10]
    for i, y in enumerate(p_stored):
        nms = [("year", f"Who won the Nobel Peace Prize in {p}?") for p in partners(y, peace, p_stored, 1, rng, prefer=[y + 1, y - 1])]
        nms.append(("prize-category", f"Who won the Nobel Prize in Literature in {y}?"))
        nms.append(("year", f"Who won the Nobel Peace Prize in {y + 2 if y + 2 not in p_stored else y - 2}?"))
        E(dom, f"Who won the Nobel Peace Prize in {y}?", fill(rws, y=y, yy=str(y)[2:], f="peace", F="Peace"), nms, 2, 2, i)
    rws_l = [("casual", "who got the nobel prize for literature in {y}"), ("keywords", "{y} Nobel literature laureate?"),
             ("synonym", "Who was awarded the Nobel Prize in Literature in {y}?"), ("clause-order", "Nobel Prize in Literature {y} - who won?"),
             ("synonym-received", "Who received the {y} Nobel Prize in Literature?"), ("abbreviation", "who won the lit nobel in '{yy}")]
    for i, y in enumerate(l_stored):
        nms = [("year", f"Who won the Nobel Prize in Literature in {p}?") for p in partners(y, lit, l_stored, 1, rng, prefer=[y + 1, y - 1])]
        nms.append(("prize-category", f"Who won the Nobel Prize in Physics in {y}?"))
        nms.append(("prize-category", f"Who won the Nobel Peace Prize in {y}?"))
        E(dom, f"Who won the Nobel Prize in Literature in {y}?", fill(rws_l, y=y, yy=str(y)[2:]), nms, 2, 2, i)

    H(dom, "In what year was the first Nobel Prize awarded?",
      [("casual", "when were the first nobel prizes given out"), ("keywords", "Year of the first Nobel Prize?"),
       ("rephrase", "What year were Nobel Prizes first awarded?")],
      [("category", "In what year was the first Nobel Prize in Economics awarded?"),
       ("question-word", "To whom was the first Nobel Peace Prize awarded?")])
    H(dom, "In what year did Marie Curie win the Nobel Prize in Physics?",
      [("casual", "when did marie curie win the physics nobel"), ("keywords", "Marie Curie's Nobel Prize in Physics - which year?"),
       ("synonym", "What year was Marie Curie awarded the Nobel Prize for Physics?")],
      [("category", "In what year did Marie Curie win the Nobel Prize in Chemistry?"),
       ("person", "In what year did Albert Einstein win the Nobel Prize in Physics?"),
       ("person", "In what year did Irene Joliot-Curie win the Nobel Prize in Chemistry?")])
    H(dom, "How many Nobel Prizes did Marie Curie win?",
      [("casual", "how many nobels did marie curie win"), ("keywords", "Number of Nobel Prizes won by Marie Curie?"),
       ("clause-order", "Marie Curie won how many Nobel Prizes?")],
      [("person", "How many Nobel Prizes did Albert Einstein win?"), ("person", "How many Nobel Peace Prizes has the ICRC won?"),
       ("question-which", "Which Nobel Prizes did Marie Curie win?")])


def d_number_bases() -> None:
    dom = "number-bases"
    stored = [13, 37, 100, 255, 64, 99, 200, 42, 170, 511]
    rws = [("imperative", "convert {n} to binary"), ("synonym", "{n} in base 2?"), ("keywords", "binary representation of {n}?"),
           ("rephrase", "What's decimal {n} in binary?"), ("rephrase-write", "How do you write {n} in binary?"),
           ("terse", "{n} to bin"), ("casual", "whats {n} in binary pls")]
    for i, n in enumerate(stored):
        nms = [("number", f"What is {n + (1 if i % 2 else -1)} in binary?"), ("base-hex", f"What is {n} in hexadecimal?")]
        if format(n, "o") != format(n, "b"):
            nms.append(("base-octal", f"What is {n} in octal?"))
        E(dom, f"What is {n} in binary?", fill(rws, n=n), nms, 3, 2, i)

    hx = ["FF", "1A", "7F", "100", "C0", "2B", "3E8", "A0", "80", "1F4"]
    rws = [("prefix-notation", "0x{h} in decimal?"), ("imperative", "convert hex {h} to decimal"),
           ("rephrase", "What is 0x{h} as a decimal number?"), ("synonym", "hex {h} = ? in base 10"),
           ("terse", "{h} (hex) in decimal"), ("lowercase", "{hl} hex to dec")]
    digits = "0123456789ABCDEF"
    stored_set = set(hx)
    for i, h in enumerate(hx):
        v = int(h, 16)
        nms = []
        j = i % len(h)
        d = digits[(digits.index(h[j]) + 1) % 16]
        h2 = h[:j] + d + h[j + 1:]
        if h2 not in stored_set and h2.lstrip("0"):
            nms.append(("digit-changed", f"What is hexadecimal {h2} in decimal?"))
        if len(set(h)) > 1 and h[::-1] != h and h[::-1] not in stored_set and not h[::-1].startswith("0"):
            nms.append(("digits-reversed", f"What is hexadecimal {h[::-1]} in decimal?"))
        if all(c in "01234567" for c in h) and int(h, 8) != v:
            nms.append(("source-base-octal", f"What is octal {h} in decimal?"))
        nms.append(("target-base-binary", f"What is hexadecimal {h} in binary?"))
        E(dom, f"What is hexadecimal {h} in decimal?", fill(rws, h=h, hl=h.lower()), nms, 2, 2, i)

    H(dom, "How many bits are in a byte?",
      [("keywords", "bits in a byte?"), ("rephrase", "How many bits make up one byte?"), ("equation", "1 byte = how many bits"),
       ("terse", "number of bits in a byte")],
      [("similar-thing", "How many bits are in a nibble?"), ("unit", "How many bits are in a kilobyte?")])
    H(dom, "What is the largest number a single unsigned byte can hold?",
      [("casual", "max value of an unsigned byte"), ("rephrase", "What's the maximum value an unsigned 8-bit integer can store?"),
       ("keywords", "largest unsigned byte value?")],
      [("signedness", "What is the largest number a single signed byte can hold?"),
       ("comparative", "What is the smallest number a single signed byte can hold?"),
       ("size", "What is the largest number a 16-bit unsigned integer can hold?")])


def d_paper_sizes() -> None:
    dom = "paper-sizes"
    rng = _rng(dom)
    dims = {"A4": "210 x 297", "A3": "297 x 420", "A5": "148 x 210", "A0": "841 x 1189", "B5": "176 x 250",
            "A1": "594 x 841", "A2": "420 x 594", "A6": "105 x 148", "A7": "74 x 105", "B4": "250 x 353",
            "C5": "162 x 229", "C4": "229 x 324", "B6": "125 x 176"}
    stored = list(dims)[:5]
    rws = [("abbreviation", "{s} paper size in mm?"), ("rephrase", "How big is {s} paper in millimetres?"),
           ("synonym", "What size is a sheet of {s} in mm?"), ("terse", "{s} dimensions (mm)?"),
           ("spelling", "Dimensions of one {s} sheet in millimeters?"), ("text-speak", "wat r the dimensions of {s} paper in mm")]
    for i, s in enumerate(stored):
        near = [f"{s[0]}{int(s[1:]) + 1}", f"{s[0]}{int(s[1:]) - 1}", f"C{s[1:]}", f"B{s[1:]}"]
        nms = [("size", f"What are the dimensions of {p} paper in millimetres?") for p in partners(s, dims, stored, 2, rng, prefer=near)]
        nms.append(("unit", f"What are the dimensions of {s} paper in inches?"))
        E(dom, f"What are the dimensions of {s} paper in millimetres?", fill(rws, s=s), nms, 2, 2, i)

    fits = [(5, 4), (6, 4), (4, 3), (4, 0), (4, 2), (7, 4), (6, 3), (5, 1)]
    rws = [("casual", "how many A{k} sheets fit in an A{j}"), ("rephrase", "How many A{k} pages can I get out of a single A{j} sheet?"),
           ("equation", "A{j} sheet = how many A{k} sheets?"), ("clause-order", "Cutting one A{j} sheet, how many A{k} sheets do you get?"),
           ("keywords", "number of A{k}s in one A{j}?")]
    stored_set = set(fits)
    for i, (k, j) in enumerate(fits):
        nms = []
        for k2 in (k + 1, k - 1):
            if k2 > j and (k2, j) not in stored_set:
                nms.append(("size-cut", f"How many A{k2} sheets can be cut from one A{j} sheet?"))
                break
        for j2 in (j - 1, j + 1):
            if 0 <= j2 < k and (k, j2) not in stored_set:
                nms.append(("size-source", f"How many A{k} sheets can be cut from one A{j2} sheet?"))
                break
        nms.append(("sizes-swapped", f"How many A{j} sheets can be cut from one A{k} sheet?"))
        nms.append(("series", f"How many B{k} sheets can be cut from one A{j} sheet?"))
        E(dom, f"How many A{k} sheets can be cut from one A{j} sheet?", fill(rws, k=k, j=j), nms, 2, 2, i)

    H(dom, "What is the area of an A0 sheet of paper?",
      [("keywords", "area of A0 paper?"), ("rephrase", "How big is an A0 sheet in square metres?"), ("terse", "A0 sheet area in m2?")],
      [("size", "What is the area of an A1 sheet of paper?"), ("size", "What is the area of a B0 sheet of paper?"),
       ("similar-thing", "What is the perimeter of an A0 sheet of paper?")])
    H(dom, "What is the ratio of the sides of A-series paper?",
      [("casual", "what's the aspect ratio of A4-style paper sizes"), ("rephrase", "What ratio do the sides of A-series paper sheets have?"),
       ("keywords", "A series paper side ratio?")],
      [("similar-thing", "What is the ratio of the sides of US Letter paper?"), ("similar-thing", "What is the ratio of the sides of a 35mm film frame?")])


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
          "December")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _sfx(d: int) -> str:
    return "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")


def _dfmt(dt: datetime.date) -> str:
    return f"{dt.day} {MONTHS[dt.month - 1]} {dt.year}"


def d_calendar_dates() -> None:
    dom = "calendar-dates"
    rng = _rng(dom)
    dates = [(1976, 7, 4), (1969, 7, 20), (1989, 11, 9), (2000, 1, 1), (2001, 9, 11), (1999, 12, 25), (2014, 2, 14),
             (2016, 2, 29), (1985, 3, 15), (1961, 4, 12), (1990, 10, 3), (1945, 5, 8)]
    for i, (y, m, d) in enumerate(dates):
        dt = datetime.date(y, m, d)
        w = dt.weekday()
        M, Mon = MONTHS[m - 1], MONTHS[m - 1][:3]
        tense = "was" if y < 2026 else "will be"
        rws = [("us-date-format", f"What day of the week {tense} {M} {d}, {y}?"), ("iso-date", f"What day of the week {tense} {y}-{m:02d}-{d:02d}?"),
               ("ordinal-date", f"What day of the week {tense} the {d}{_sfx(d)} of {M} {y}?"),
               ("synonym", f"what weekday {tense} {Mon} {d} {y}"),
               ("rephrase", f"Which day of the week did {d} {M} {y} fall on?" if y < 2026 else f"Which day of the week does {d} {M} {y} fall on?"),
               ("casual", f"{d} {M} {y} {tense} a what day?")]
        nms = []
        y2 = y + (1 if i % 2 else -1) if (m, d) != (2, 29) else y + 4
        for kind, alt in (("day", (y, m, d + 1 if d < 28 else d - 1)), ("year", (y2, m, d)),
                          ("month", (y, m % 12 + 1, min(d, 28)))):
            a = datetime.date(*alt)
            if a.weekday() != w:
                nms.append((kind, f"What day of the week {tense} {_dfmt(a)}?"))
        E(dom, f"What day of the week {tense} {_dfmt(dt)}?", rws, nms, 2, 3, i)

    def leap(y: int) -> bool:
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    feb = [2024, 2023, 2000, 1900, 2100, 2028, 1996, 2026]
    for i, y in enumerate(feb):
        rws = [("abbreviation", f"how many days in feb {y}"), ("keywords", f"Number of days in February {y}?"),
               ("rephrase", f"How many days does February {y} have?"), ("terse", f"February {y} - how many days?"),
               ("text-speak", f"how many days r in february {y}")]
        alt = next(z for z in (y + 1, y - 1, y + 4, y - 4, y + 100, y + 2, y - 3, y + 5, y + 6, y - 6) if leap(z) != leap(y) and z not in feb)
        nms = [("year", f"How many days are in February {alt}?"), ("month", f"How many days are in March {y}?"),
               ("unit", f"How many hours are in February {y}?")]
        E(dom, f"How many days are in February {y}?", rws, nms, 2, 2, i)

    leaps = [1800, 2004, 1600, 2200, 2032, 2030, 1700, 2400]
    for i, y in enumerate(leaps):
        rws = [("casual", f"is {y} leap year"), ("rephrase", f"Is the year {y} a leap year?"), ("terse", f"{y}: leap year or not?"),
               ("equivalent", f"Does {y} have a February 29?"), ("equivalent-days", f"Does {y} have 366 days?"),
               ("abbreviation", f"leap yr {y}?")]
        alt = next(z for z in (y + 4, y - 4, y + 1, y + 200, y - 100, y + 2, y - 2, y + 3, y - 3, y + 6, y + 5) if leap(z) != leap(y) and z not in leaps)
        nms = [("year", f"Is {alt} a leap year?")]
        if not leap(y) and y % 100 == 0:
            nms.append(("calendar", f"Is {y} a leap year in the Julian calendar?"))
        elif leap(y + 1) != leap(y):
            nms.append(("year", f"Is {y + 1} a leap year?"))
        E(dom, f"Is {y} a leap year?", rws, nms, 2, 2, i)

    adds = [(30, (2025, 3, 1)), (90, (2024, 1, 15)), (100, (2025, 1, 1)), (45, (2023, 10, 10)), (7, (2024, 2, 28)),
            (14, (2025, 12, 20)), (60, (2024, 7, 1)), (21, (2023, 2, 15))]
    for i, (n, ymd) in enumerate(adds):
        dt = datetime.date(*ymd)
        ds = _dfmt(dt)
        iso = dt.isoformat()
        rws = [("terse", f"{n} days after {ds}?"), ("synonym", f"What's the date {n} days from {ds}?"),
               ("rephrase", f"If today is {ds}, what date will it be in {n} days?"), ("imperative", f"Add {n} days to {ds}."),
               ("equation", f"{ds} plus {n} days = ?"), ("iso-date", f"What date is {n} days after {iso}?")]
        nms = [("preposition-after-vs-before", f"What date is {n} days before {ds}?"),
               ("number", f"What date is {n + (1 if i % 2 else 10)} days after {ds}?"),
               ("date", f"What date is {n} days after {_dfmt(dt + datetime.timedelta(days=1))}?"),
               ("unit", f"What date is {n} weeks after {ds}?")]
        E(dom, f"What date is {n} days after {ds}?", rws, nms, 2, 3, i)

    H(dom, "Which months have 31 days?",
      [("casual", "what months have 31 days"), ("rephrase", "Which months of the year are 31 days long?"),
       ("keywords", "months with 31 days?")],
      [("negation", "Which months do not have 31 days?"), ("number", "Which months have 30 days?"),
       ("quantifier", "Which months have at least 30 days?")])


DOMAINS = (d_world_capitals, d_periodic_table, d_roman_numerals, d_human_anatomy, d_solar_system, d_olympic_games,
           d_music_theory, d_kitchen_measurements, d_mountaineering, d_rivers_lakes, d_art_history, d_classic_literature,
           d_spelling, d_zoology, d_vexillology, d_inventions, d_space_missions, d_official_languages, d_mental_arithmetic,
           d_metric_prefixes, d_us_states, d_dog_breeds, d_nobel_prizes, d_number_bases, d_paper_sizes, d_calendar_dates)


def free_text_pairs() -> list[Pair]:
    _FREE.clear()
    for make in DOMAINS:
        make()
    return list(_FREE)


def _norm(s: str) -> str:
    return "".join(s.lower().split())


def _ok(text: str) -> bool:
    return 0 < len(text) <= 160 and all(32 <= ord(c) < 127 for c in text)


def _generated() -> list[Pair]:
    raw = workload_pairs() + free_text_pairs()
    stored_norm = {_norm(p.stored) for p in raw}
    out, seen = [], set()
    for p in raw:
        if not (_ok(p.stored) and _ok(p.asked)):
            continue
        if p.asked == p.stored or _norm(p.asked) in stored_norm:
            continue
        key = (p.stored, p.asked)
        if key in seen:
            continue
        seen.add(key)
        out.append(p)
    return out


def pairs() -> list[Pair]:
    """The generated pairs less any that a design split also holds: the first design split is made from the same
    workloads' templates, and short questions meet hand-written ones word for word ("What is the capital of ...").
    They met on 19 pairs (3 rewordings, 16 near misses: 1 of the first design split, the rest of the fourth to
    seventh and the hand-written third); these are dropped here (a failing check printed 5 of them once; no other
    pair of this split was read). 16 of its 1,063 stored questions (69 of the pairs kept) are also stored questions
    of a design split, asked otherwise there."""
    import importlib  # here, not at the top: only this join needs the design splits
    import pkgutil

    import bench.cacheeval as cacheeval

    known = {(p.stored, p.asked) for info in pkgutil.iter_modules(cacheeval.__path__) if info.name.startswith("design")
             for p in importlib.import_module(f"bench.cacheeval.{info.name}").pairs()}
    return [p for p in _generated() if (p.stored, p.asked) not in known]
