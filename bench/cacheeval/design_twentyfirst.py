"""Twenty-first design split: labelled prompt pairs for the semantic cache of LLM answers.

Each pair holds a prompt already in the cache (`stored`) and a new prompt (`asked`). A rewording (should_hit=True)
means the same and has the same correct answer; a near miss (should_hit=False) looks alike but its correct answer
differs. The workload pairs take their stored prompts verbatim from `corpus.examples(N, 20261127)` and write the
asked prompts the way users of such a system type them: synonyms, other sentence shapes (question, imperative,
terse, note-style), reordered clauses, filler, other number and time notations, spelled-out units, typos and case,
most of them several at once. Their near misses change one fact so that the corpus's own answer rule gives another
answer (checked by calling the rule), or ask a plainly different question (another currency, another time window,
wind instead of solar); the kinds named `diffq-*` are the latter. About a quarter of the pairs are hand-written
free-text questions from everyday domains, each with rewordings and near misses.

Written on 2026-11-26 by a helper that read only edgenode/lm/corpus.py, the Pair class and a list of domain names
to avoid. This is a DESIGN split: its pairs are read while designing the cache's rules.
"""

from __future__ import annotations

import random
import re

from bench.cacheeval import Pair
from edgenode.lm import corpus

SEED = 20261127
N_EXAMPLES = 330  # 110 stored prompts per workload
REWORDINGS_PER_STORED = 5
NEAR_MISSES_PER_STORED = 3

_FRAUD_RE = re.compile(
    r"card (\d+) paid (\d+) MAD at (\d\d):00 in (\w+), home (\w+), (\d+) payments last hour\. fraud\?"
)
_CROP_RE = re.compile(r"soil (\w+) pH ([\d.]+) rain (\d+) mm region (\w+) season (\w+)\. crop\?")
_GRID_RE = re.compile(r"feeder F(\d+) load (\d+) MW peak (\d+) MW solar (\d+) MW\. config\?")

# ---------------------------------------------------------------------------------------------------------------------
# generic surface edits

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()

_PREFIXES = (
    "hey, ",
    "hi, ",
    "quick question: ",
    "please check: ",
    "hello - ",
    "can you help? ",
    "ok so ",
    "hey ",
    "need an answer: ",
    "pls ",
)
_SUFFIXES = (" thanks", " thx", " pls", " please", " thank you!", " ty", " thanks!")


def _words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    if n < 1000:
        h, r = divmod(n, 100)
        return _ONES[h] + " hundred" + ("" if r == 0 else " " + _words(r))
    t, r = divmod(n, 1000)
    return _words(t) + " thousand" + ("" if r == 0 else " " + _words(r))


_NO_TYPO = frozenset(_ONES + _TENS + ["hundred", "thousand"])


def _typo(text: str, rng: random.Random) -> str:
    """One slip of the fingers in one word of five letters or more (not a number word, where a slip can make another
    word, as three -> there): a letter dropped, doubled or two swapped."""
    words = [m for m in re.finditer(r"[A-Za-z]{5,}", text) if m.group().lower() not in _NO_TYPO]
    words = words or [m for m in re.finditer(r"[A-Za-z]{4,}", text) if m.group().lower() not in _NO_TYPO]
    if not words:
        return text
    m = rng.choice(words)
    w = m.group()
    i = rng.randrange(1, len(w) - 2)
    op = rng.choice(("drop", "double", "swap"))
    if op == "drop":
        w2 = w[:i] + w[i + 1 :]
    elif op == "double" or w[i] == w[i + 1]:
        w2 = w[:i] + w[i] + w[i:]
    else:
        w2 = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    return text[: m.start()] + w2 + text[m.end() :]


def _surface(how: str, q: str, rng: random.Random) -> str:
    """The rewordings every workload shares: another case, a typo, or filler."""
    if how == "case":
        return q.upper() if rng.random() < 0.2 else q.lower()
    if how == "typo":
        return _typo(q, rng)
    return _filler(q, rng)


def _filler(text: str, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(_PREFIXES) + text
    if roll < 0.8:
        return text + rng.choice(_SUFFIXES)
    return rng.choice(_PREFIXES) + text + rng.choice(_SUFFIXES)


def _dress(text: str, rng: random.Random, p_filler: float = 0.35, p_case: float = 0.25, p_typo: float = 0.3) -> str:
    """The casual layer a person adds on top of a reworded prompt."""
    if rng.random() < p_typo:
        text = _typo(text, rng)
    if rng.random() < p_filler:
        text = _filler(text, rng)
    if rng.random() < p_case:
        text = text.upper() if rng.random() < 0.08 else text.lower()
    return text


def _pick_vary(names: tuple[str, ...], rng: random.Random, p: float = 0.55) -> set[str]:
    vary = {n for n in names if rng.random() < p}
    while len(vary) < 2:
        vary.add(rng.choice(names))
    return vary


def _nearest(cands: list, value: float, rng: random.Random, k: int = 3):  # noqa: ANN205
    """One of the k candidates nearest to `value` (a near miss usually moves a fact a little)."""
    cands = sorted(cands, key=lambda c: (abs(c - value), c))
    return rng.choice(cands[:k])


# ---------------------------------------------------------------------------------------------------------------------
# fraud-check

_CUR_SURFACES = {  # currency: (suffix forms, prefix forms)
    "MAD": (("MAD", "mad", "DH", "dh", "Moroccan dirhams", "Dh"), ("MAD ", "MAD")),
    "EUR": (("EUR", "eur", "euros"), ("EUR ",)),
    "USD": (("USD", "usd", "US dollars"), ("$", "USD ")),
    "GBP": (("GBP", "pounds sterling"), ("GBP ",)),
    "XOF": (("XOF", "CFA francs"), ("XOF ",)),
    "NGN": (("NGN", "naira"), ("NGN ",)),
    "KES": (("KES", "Kenyan shillings"), ("KES ",)),
    "TND": (("TND", "Tunisian dinars"), ("TND ",)),
    "GHS": (("GHS", "cedis"), ("GHS ",)),
}
# rough MAD per unit, used only to see whether a converted amount lands clearly on the other side of 3000 MAD
_TO_MAD = {"MAD": 1.0, "EUR": 10.8, "USD": 10.0, "GBP": 12.6, "XOF": 0.0165, "NGN": 0.0065, "KES": 0.077, "TND": 3.2,
           "GHS": 0.65}  # fmt: skip
_LOCAL_CUR = {"Dakar": "XOF", "Abidjan": "XOF", "Lagos": "NGN", "Nairobi": "KES", "Tunis": "TND", "Accra": "GHS"}

_WINDOWS = {  # window: surface forms
    "last hour": (
        "in the last hour",
        "in the past hour",
        "in the last 60 minutes",
        "within the last hour",
        "in the past 60 min",
        "last hr",
        "over the last hour",
        "in the previous hour",
    ),
    "last 24 hours": ("in the last 24 hours", "in the past 24h", "over the last 24 hrs"),
    "today": ("today", "so far today", "earlier today"),
    "last week": ("in the last week", "in the past 7 days", "over the last 7 days"),
    "last 10 minutes": ("in the last 10 minutes", "in the past 10 min", "within 10 minutes"),
    "last 30 minutes": ("in the last 30 minutes", "in the past half hour", "in the last half-hour"),
    "last month": ("in the last month", "in the past 30 days", "this past month"),
}
_FRAUD_Q = (
    "is it fraud?",
    "is this fraud?",
    "fraudulent?",
    "fraud or not?",
    "is this fraudulent?",
    "fraud or legit?",
    "could this be fraud?",
    "fraud check?",
    "is that fraud?",
    "fraud??",
    "Fraud?",
)
_FRAUD_VERBS = ("spent", "was charged", "made a payment of", "was used to pay", "paid out", "charged")


def _amount_nums(a: int) -> list[str]:
    out = [_words(a)]
    if a >= 1000:
        out.append(f"{a:,}")
        if a % 100 == 0:
            out.append(f"{a / 1000:g}k")
            out.append(f"{a / 1000:g}K")
    if 1100 <= a < 2000 and a % 100 == 0:
        out.append(_ONES[a // 100] + " hundred")
    return out


def _hour_variants(h: int) -> list[str]:
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    if h == 0:
        out = ["0:00", "00h00", "midnight", "0000 hrs", "00h"]
    elif h == 12:
        out = ["12h00", "12h", "noon", "midday", "12pm", "12 noon", "1200 hrs"]
    else:
        out = [f"{h}:00", f"{h:02d}h00", f"{h}h", f"{h12}{ap}", f"{h12} {ap[0]}.m.", f"{h12}:00 {ap.upper()}",
               f"{h:02d}00 hrs", f"{h12}{ap.upper()}"]  # fmt: skip
    return [v for v in out if v != f"{h:02d}:00"]


def _ampm(h: int, rng: random.Random) -> str:
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    return rng.choice(
        [f"{h12}{ap}", f"{h12} {ap[0]}.m.", f"{h12}:00 {ap.upper()}", f"{h12}{ap.upper()}", f"{h12} {ap}"]
    )


def _fraud_amount(f: dict, rng: random.Random, vary: bool) -> str:
    a, cur = f["amount"], f.get("cur", "MAD")
    suffixes, prefixes = _CUR_SURFACES[cur]
    if not vary:
        return f"{a} {cur}"
    nums = _amount_nums(a)
    num = rng.choice(nums) if nums and rng.random() < 0.6 else str(a)
    if num[0].isdigit() and rng.random() < 0.25:
        return rng.choice(prefixes) + num
    return f"{num} {rng.choice(suffixes)}"


def _fraud_recent(f: dict, rng: random.Random, vary: bool) -> str:
    r, window = f["recent"], f.get("window", "last hour")
    if not vary:
        return f"{r} payments {window}"
    if r == 1:
        noun = rng.choice(("payment", "transaction", "txn", "card payment"))
    else:
        noun = rng.choice(("payments", "transactions", "txns", "card payments", "purchases"))
    if r == 0:
        count = rng.choice(("no", "zero", "0", "no", "0"))
    else:
        count = _words(r) if r <= 9 and rng.random() < 0.35 else str(r)
    return f"{count} {noun} {rng.choice(_WINDOWS[window] + (window,))}"


def _fraud_parts(f: dict, rng: random.Random, vary: set[str]) -> dict[str, str]:
    c, h, city, home = f["card"], f["hour"], f["city"], f["home"]
    p = {
        "card": rng.choice((f"card #{c}", f"card no. {c}", f"Card {c}", f"card nr {c}", f"card#{c}", f"card {c}"))
        if "card" in vary
        else f"card {c}",
        "verb": rng.choice(_FRAUD_VERBS) if "verb" in vary else "paid",
        "amt": _fraud_amount(f, rng, "amt" in vary),
        "prep": rng.choice(("@", "at")) if "prep" in vary else "at",
        "city": "Casa" if city == "Casablanca" and "city" in vary and rng.random() < 0.5 else city,
        "home": rng.choice(
            (
                f"home city {home}",
                f"home: {home}",
                f"cardholder lives in {home}",
                f"home is {home}",
                f"lives in {home}",
                f"home town {home}",
                f"resident in {home}",
                f"based in {home}",
            )
        )
        if "home" in vary
        else f"home {home}",
        "recent": _fraud_recent(f, rng, "recent" in vary),
        "q": rng.choice(_FRAUD_Q) if "q" in vary else "fraud?",
    }
    if "time_fmt" in f:
        p["time"] = _ampm(h, rng)
    elif "time" in vary:
        p["time"] = rng.choice(_hour_variants(h))
    else:
        p["time"] = f"{h:02d}:00"
    return p


_FRAUD_COMPONENTS = ("card", "verb", "amt", "prep", "time", "city", "home", "recent", "q")


def _fraud_text(f: dict, rng: random.Random, structure: str, vary: set[str]) -> str:
    p = _fraud_parts(f, rng, vary)
    card, verb, amt, prep, time, city, home, recent, q = (p[k] for k in _FRAUD_COMPONENTS)
    if structure == "template":
        return f"{card} {verb} {amt} {prep} {time} in {city}, {home}, {recent}. {q}"
    if structure == "question":
        return rng.choice(
            (
                f"Is it fraud if {card} {verb} {amt} {prep} {time} in {city}, {home}, with {recent}?",
                f"{card} {verb} {amt} in {city} {prep} {time} ({home}), {recent} - {q}",
                f"could this be fraud? {card} {verb} {amt} in {city} {prep} {time}, {home}, {recent}",
                f"Would you call this fraud: {card} {verb} {amt} {prep} {time} in {city}, {home}, {recent}?",
            )
        )
    if structure == "imperative":
        return rng.choice(
            (
                f"Check {card} for fraud: {amt} {rng.choice(('spent', 'paid', 'charged'))} in {city} {prep} {time},"
                f" {home}, {recent}.",
                f"Tell me if this is fraud - {card}, {amt} {prep} {time} in {city}, {home}, {recent}.",
                f"Assess fraud risk: {card} {verb} {amt} {prep} {time} in {city}; {home}; {recent}.",
                f"Flag or not? {card} {verb} {amt} in {city} {prep} {time}, {home}, {recent}. check for fraud",
            )
        )
    if structure == "terse":
        return rng.choice(
            (
                f"{card} {amt} {time} {city} {home} {recent} {q}",
                f"{card} / {amt} / {time} / {city} / {home} / {recent} / {q}",
                f"{card}: {amt} {prep} {time}, {city}, {home}, {recent}, {q}",
            )
        )
    if structure == "note":
        keys = rng.choice(
            (
                ("card", "amount", "time", "city", "home"),
                ("card", "amt", "time", "where", "home city"),
                ("card no", "sum", "hour", "location", "home"),
            )
        )
        sep = rng.choice((" | ", "; ", ", ", " / "))
        window = f.get("window", "last hour")
        wp = rng.choice(_WINDOWS[window]) if rng.random() < 0.5 else window
        rkey = f"{rng.choice(('payments', 'txns', 'transactions'))} {wp}"
        end = rng.choice((" -> fraud?", " => fraud?", ". fraud?", " -- fraud?", " - is it fraud?"))
        vals = (str(f["card"]), amt, time, city, f["home"])
        body = sep.join(f"{k}: {v}" for k, v in zip(keys, vals, strict=True))
        return f"{body}{sep}{rkey}: {f['recent']}{end}"
    # reordered
    return rng.choice(
        (
            f"{home}, {card} {verb} {amt} in {city} {prep} {time}, {recent}. {q}",
            f"{recent}, and {card} {verb} {amt} {prep} {time} in {city}, {home}. {q}",
            f"{card}, {home}: {amt} in {city} {prep} {time}, {recent}. {q}",
            f"{q} {card} {verb} {amt} in {city} {prep} {time}, {home}, {recent}.",
            f"in {city} {prep} {time} {card} {verb} {amt}; {home}; {recent}. {q}",
        )
    )


def _fraud_answer(f: dict) -> str:
    amount = f["amount"] * _TO_MAD[f.get("cur", "MAD")]
    return corpus.fraud_answer(amount, f["hour"], f["city"], f["home"], f["recent"])


def _fraud_single(q: str, f: dict, rng: random.Random) -> tuple[str, str]:
    """A rewording that changes one kind of thing in the stored template."""
    a, h = f["amount"], f["hour"]
    how = rng.choice(("number-notation", "currency-notation", "synonym", "case", "typo", "filler"))
    if how == "number-notation":
        if rng.random() < 0.5 and _amount_nums(a):
            return how, q.replace(f" {a} MAD ", f" {rng.choice(_amount_nums(a))} MAD ", 1)
        return how, q.replace(f"at {h:02d}:00", f"at {rng.choice(_hour_variants(h))}", 1)
    if how == "currency-notation":
        return how, q.replace(" MAD ", rng.choice((" DH ", " dh ", " Moroccan dirhams ", " mad ")), 1)
    if how == "synonym":
        which = rng.randrange(4)
        if which == 0:
            return how, q.replace(" paid ", f" {rng.choice(_FRAUD_VERBS)} ", 1)
        if which == 1:
            return how, q.replace("fraud?", rng.choice(_FRAUD_Q[:-2]))
        if which == 2:
            return how, q.replace(" payments last hour", " payments " + rng.choice(_WINDOWS["last hour"]))
        return how, q.replace(", home ", rng.choice((", home city ", ", cardholder lives in ", ", based in ")), 1)
    return how, _surface(how, q, rng)


def _fraud_near(f: dict, rng: random.Random) -> list[tuple[str, dict]]:
    """Every one-fact change of `f` worth asking, as (kind label, changed fields)."""
    base = _fraud_answer(f)
    out: list[tuple[str, dict]] = []

    def keep(label: str, g: dict) -> None:
        if _fraud_answer(g) != base:
            out.append((label, g))

    amounts = [50, 120, 300, 500, 900, 1000, 1500, 2000, 2500, 2900, 2990, 3000, 3100, 3500, 4000, 5000, 8000, 12000]
    amounts = [x for x in amounts if (x >= 3000) != (f["amount"] >= 3000)]
    keep("amount-changed", {**f, "amount": _nearest(amounts, f["amount"], rng)})
    hours = [x for x in range(24) if (x < 6) != (f["hour"] < 6)]
    keep("hour-changed", {**f, "hour": _nearest(hours, f["hour"], rng, 4)})
    if f["hour"] % 12:
        keep("am-pm-flipped", {**f, "hour": (f["hour"] + 12) % 24, "time_fmt": "ampm"})
    others = [c for c in corpus.CITIES if c != f["city"]]
    if f["city"] != f["home"]:
        keep("city-changed", {**f, "city": f["home"]})
        keep("home-changed", {**f, "home": f["city"]})
    else:
        keep("city-changed", {**f, "city": rng.choice(others)})
        keep("home-changed", {**f, "home": rng.choice(others)})
    recents = [x for x in range(10) if (x >= 4) != (f["recent"] >= 4)]
    keep("recent-changed", {**f, "recent": _nearest(recents, f["recent"], rng)})
    cur = _LOCAL_CUR.get(f["city"]) if rng.random() < 0.5 else None
    cur = cur or rng.choice(("EUR", "USD", "GBP", "EUR", "USD"))
    g = {**f, "cur": cur}
    mad = f["amount"] * _TO_MAD[cur]
    clear = (mad >= 4000 and f["amount"] < 3000) or (mad < 2000 and f["amount"] >= 3000)
    out.append(("currency-changed" if clear else "diffq-currency", g))
    out.append(("diffq-window", {**f, "window": rng.choice([w for w in _WINDOWS if w != "last hour"])}))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# crop-advice

_SOIL_ADJ = {"sand": ("sandy",), "loam": ("loamy",), "clay": ("clay", "clayey"), "silt": ("silty",)}
_CROP_Q = (
    "which crop?",
    "what crop?",
    "what should I plant?",
    "what to grow?",
    "best crop?",
    "what crop do you recommend?",
    "which crop should I sow?",
    "recommend a crop",
    "what should i grow?",
    "crop recommendation?",
)


def _ph_num(p: str, rng: random.Random, vary: bool) -> str:
    if vary and p.endswith(".0") and rng.random() < 0.6:
        return p[:-2]
    return p


def _crop_rain(f: dict, rng: random.Random, vary: bool) -> str:
    r, unit = f["rain"], f.get("rain_unit", "mm")
    if unit == "cm":
        if not vary:
            return f"rain {r} cm"
        return rng.choice((f"{r}cm rain", f"rainfall {r} cm", f"{r} centimetres of rain", f"rain {r}cm"))
    if unit == "in":
        if not vary:
            return f"rain {r} inches"
        return rng.choice((f"{r} inches of rain", f"rainfall {r} inches", f'rain {r}"', f"rain {r} inches"))
    if not vary:
        return f"rain {r} mm"
    if r % 10 == 0 and rng.random() < 0.08:
        return rng.choice((f"{r // 10} cm of rain", f"rainfall {r // 10} cm"))
    return rng.choice(
        (
            f"{r}mm rain",
            f"rainfall {r} mm",
            f"{r} millimetres of rain",
            f"{r} millimeters of rainfall",
            f"precip {r}mm",
            f"{r} mm of rain",
            f"rain {r}mm",
            f"rainfall {r}mm",
            f"{r} mm rainfall",
        )
    )


def _crop_parts(f: dict, rng: random.Random, vary: set[str]) -> dict[str, str]:
    s, g, z = f["soil"], f["region"], f["season"]
    p = _ph_num(f["ph"], rng, "ph" in vary)
    return {
        "soil": rng.choice(
            (f"{rng.choice(_SOIL_ADJ[s])} soil", f"soil: {s}", f"{s} soil", f"soil type {s}", f"{s}y soil")
            if s != "clay"
            else (f"{rng.choice(_SOIL_ADJ[s])} soil", f"soil: {s}", f"{s} soil", f"soil type {s}")
        )
        if "soil" in vary
        else f"soil {s}",
        "ph": rng.choice((f"ph {p}", f"pH={p}", f"pH of {p}", f"PH {p}", f"pH{p}", f"pH {p}"))
        if "ph" in vary
        else f"pH {p}",
        "rain": _crop_rain(f, rng, "rain" in vary),
        "region": rng.choice((f"in {g}", f"{g} region", f"region: {g}", f"in the {g} region", f"{g} area"))
        if "region" in vary
        else f"region {g}",
        "season": rng.choice((f"in {z}", f"{z} season", z, f"season: {z}", f"for {z}", f"during {z}"))
        if "season" in vary
        else f"season {z}",
        "q": rng.choice(_CROP_Q) if "q" in vary else "crop?",
        "p": p,
    }


_CROP_COMPONENTS = ("soil", "ph", "rain", "region", "season", "q")


def _crop_text(f: dict, rng: random.Random, structure: str, vary: set[str]) -> str:
    p = _crop_parts(f, rng, vary)
    soil, ph, rain, region, season, q = (p[k] for k in _CROP_COMPONENTS)
    if structure == "template":
        sep = rng.choice((" ", ", ")) if vary else " "
        return f"{sep.join((soil, ph, rain, region, season))}. {q}"
    if structure == "question":
        return rng.choice(
            (
                f"What should I plant with {soil}, {ph} and {rain}, {region}, {season}?",
                f"Which crop for {soil}, {ph}, {rain}, {region}, {season}?",
                f"{soil}, {ph}, {rain}, {region}, {season} - {q}",
                f"What's the best crop for {soil} at {ph} with {rain}, {region}, {season}?",
            )
        )
    if structure == "imperative":
        return rng.choice(
            (
                f"Recommend a crop for {soil}, {ph}, {rain}, {region}, {season}.",
                f"Suggest what to grow: {soil}, {ph}, {rain}, {region}, {season}.",
                f"Tell me the best crop - {soil}, {ph}, {rain}, {region}, {season}.",
                f"Pick a crop for me: {soil} ({ph}), {rain}, {region}, {season}.",
            )
        )
    if structure == "terse":
        unit = f.get("rain_unit", "mm")
        rain_t = rain if unit != "mm" else rng.choice((f"{f['rain']}mm", rain))
        return rng.choice(
            (
                f"{f['soil']} ph{p['p']} {rain_t} {f['region']} {f['season']} {q}",
                f"{f['soil']} / {ph} / {rain_t} / {f['region']} / {f['season']} / {q}",
                f"{soil} {ph} {rain_t} {region} {season} {q}",
            )
        )
    if structure == "note":
        sep = rng.choice((" | ", "; ", ", ", " / "))
        unit = f.get("rain_unit", "mm")
        unit_t = {"mm": rng.choice(("mm", " mm", " millimetres")), "cm": " cm", "in": " inches"}[unit]
        rkey = rng.choice(("rain", "rainfall", "precip"))
        end = rng.choice((" -> crop?", " => which crop?", ". crop?", " -- what to plant?", " - crop?"))
        body = sep.join(
            (
                f"soil: {f['soil']}",
                f"pH: {p['p']}",
                f"{rkey}: {f['rain']}{unit_t}",
                f"region: {f['region']}",
                f"season: {f['season']}",
            )
        )
        return body + end
    # reordered
    comps = [soil, ph, rain, region, season]
    rng.shuffle(comps)
    if rng.random() < 0.3:
        return f"{q} {', '.join(comps)}" if q.endswith("?") else f"{q}: {', '.join(comps)}"
    return f"{', '.join(comps)}. {q}"


def _crop_answer(f: dict) -> str:
    factor = {"mm": 1, "cm": 10, "in": 25.4}[f.get("rain_unit", "mm")]
    return corpus.crop_answer(f["soil"], float(f["ph"]), f["rain"] * factor, f["season"])


def _crop_single(q: str, f: dict, rng: random.Random) -> tuple[str, str]:
    r = f["rain"]
    how = rng.choice(("number-notation", "unit-spelled", "unit-converted", "synonym", "case", "typo", "filler"))
    if how == "number-notation":
        if f["ph"].endswith(".0") and rng.random() < 0.6:
            return how, q.replace(f"pH {f['ph']}", f"pH {f['ph'][:-2]}", 1)
        return how, q.replace(f" {r} mm ", f" {r}mm ", 1)
    if how == "unit-spelled":
        return how, q.replace(" mm ", rng.choice((" millimetres ", " millimeters ", " millimetres of ")), 1)
    if how == "unit-converted":
        return how, q.replace(f" {r} mm ", f" {r / 10:g} cm ", 1)
    if how == "synonym":
        which = rng.randrange(4)
        if which == 0:
            return how, q.replace("crop?", rng.choice(_CROP_Q))
        if which == 1:
            s = f["soil"]
            return how, q.replace(f"soil {s} ", f"{rng.choice(_SOIL_ADJ[s])} soil, ", 1)
        if which == 2:
            return how, q.replace(" rain ", rng.choice((" rainfall ", " precipitation ")), 1)
        return how, q.replace(f"season {f['season']}", f"{f['season']} season", 1)
    return how, _surface(how, q, rng)


def _crop_near(f: dict, rng: random.Random) -> list[tuple[str, dict]]:
    base = _crop_answer(f)
    out: list[tuple[str, dict]] = []

    def pick(label: str, options: list[dict]) -> None:
        options = [g for g in options if _crop_answer(g) != base]
        if options:
            out.append((label, rng.choice(options)))

    pick("soil-changed", [{**f, "soil": s} for s in corpus.SOILS if s != f["soil"]])
    phs = [5.0, 5.5, 6.0, 6.5, 6.8, 7.0, 7.2, 7.5, 8.0, 8.5]
    ph_opts = [x for x in phs if f"{x:.1f}" != f["ph"] and _crop_answer({**f, "ph": f"{x:.1f}"}) != base]
    if ph_opts:
        out.append(("ph-changed", {**f, "ph": f"{_nearest(ph_opts, float(f['ph']), rng):.1f}"}))
    rains = [100, 150, 200, 250, 290, 300, 350, 450, 490, 500, 550, 600, 700, 800, 1000]
    rain_opts = [x for x in rains if x != f["rain"] and _crop_answer({**f, "rain": x}) != base]
    if rain_opts:
        out.append(("rain-changed", {**f, "rain": _nearest(rain_opts, f["rain"], rng)}))
    pick("season-changed", [{**f, "season": z} for z in corpus.SEASONS if z != f["season"]])
    pick("rain-unit-cm", [{**f, "rain_unit": "cm"}])
    pick("rain-unit-inches", [{**f, "rain_unit": "in"}])
    return out


# ---------------------------------------------------------------------------------------------------------------------
# grid-config

_GRID_Q = (
    "configuration?",
    "what config?",
    "which config?",
    "how should it be configured?",
    "recommended config?",
    "what settings?",
    "what's the config?",
    "cfg?",
    "config pls",
    "what configuration?",
)


def _mw(x: int, unit: str, rng: random.Random, vary: bool) -> str:
    if unit == "kW":
        return rng.choice((f"{x}kW", f"{x} kilowatts", f"{x} kw", f"{x} kW")) if vary else f"{x} kW"
    if not vary:
        return f"{x} MW"
    if x > 0 and rng.random() < 0.07:
        return rng.choice((f"{x * 1000:,} kW", f"{x * 1000} kW"))
    return rng.choice((f"{x}MW", f"{x} megawatts", f"{x} mw", f"{x} MW", f"{x}MW", f"{x} MWs"))


def _grid_parts(f: dict, rng: random.Random, vary: set[str]) -> dict[str, str]:
    n, load, peak, solar = f["feeder"], f["load"], f["peak"], f["solar"]
    source = f.get("source", "solar")
    lv = _mw(load, "MW", rng, "load" in vary)
    pv = _mw(peak, f.get("peak_unit", "MW"), rng, "peak" in vary)
    sv = _mw(solar, f.get("solar_unit", "MW"), rng, "solar" in vary)
    if source == "solar":
        solar_forms = [f"solar {sv}", f"PV {sv}", f"solar gen {sv}", f"{sv} of solar", f"solar output {sv}",
                       f"solar: {sv}", f"{sv} solar"]  # fmt: skip
        if solar == 0 and f.get("solar_unit", "MW") == "MW":
            solar_forms += ["no solar", "zero solar"]
    else:
        solar_forms = [f"{source} {sv}", f"{source} gen {sv}", f"{sv} of {source}", f"{source} output {sv}"]
    return {
        "feeder": rng.choice(
            (f"feeder {n}", f"F{n}", f"feeder #{n}", f"feeder F-{n}", f"fdr F{n}", f"Feeder F{n}", f"feeder f{n}")
        )
        if "feeder" in vary
        else f"feeder F{n}",
        "load": rng.choice((f"load {lv}", f"load of {lv}", f"load: {lv}", f"{lv} load", f"load={lv}"))
        if "load" in vary
        else f"load {lv}",
        "peak": rng.choice(
            (f"peak {pv}", f"peak load {pv}", f"peak of {pv}", f"max {pv}", f"peaking at {pv}", f"peak: {pv}")
        )
        if "peak" in vary
        else f"peak {pv}",
        "solar": rng.choice(solar_forms) if "solar" in vary else f"{source} {sv}",
        "q": rng.choice(_GRID_Q) if "q" in vary else "config?",
        "lv": lv,
        "pv": pv,
        "sv": sv,
    }


_GRID_COMPONENTS = ("feeder", "load", "peak", "solar", "q")


def _grid_text(f: dict, rng: random.Random, structure: str, vary: set[str]) -> str:
    p = _grid_parts(f, rng, vary)
    feeder, load, peak, solar, q = (p[k] for k in _GRID_COMPONENTS)
    source = f.get("source", "solar")
    if structure == "template":
        sep = rng.choice((" ", ", ")) if vary else " "
        return f"{sep.join((feeder, load, peak, solar))}. {q}"
    if structure == "question":
        return rng.choice(
            (
                f"How should {feeder} be configured with {load}, {peak} and {solar}?",
                f"What config for {feeder}: {load}, {peak}, {solar}?",
                f"{feeder} has {load}, {peak}, {solar} - {q}",
                f"What's the right configuration for {feeder} at {load}, {peak}, {solar}?",
            )
        )
    if structure == "imperative":
        return rng.choice(
            (
                f"Give me the config for {feeder}: {load}, {peak}, {solar}.",
                f"Configure {feeder} for {load}, {peak}, {solar}.",
                f"Please set up {feeder} - {load}, {peak}, {solar}. {q}",
                f"Work out the configuration of {feeder}, {load}, {peak}, {solar}.",
            )
        )
    if structure == "terse":
        plain = all(f.get(k, "MW") == "MW" for k in ("peak_unit", "solar_unit")) and source == "solar"
        if plain and rng.random() < 0.5:
            return f"F{f['feeder']} load/peak/solar {f['load']}/{f['peak']}/{f['solar']} MW {q}"
        return f"F{f['feeder']} {load} {peak} {solar} {q}"
    if structure == "note":
        sep = rng.choice((" | ", "; ", ", ", " / "))
        end = rng.choice((" -> config?", " => config?", ". config?", " -- what config?", " - configuration?"))
        return (
            sep.join((f"feeder: F{f['feeder']}", f"load: {p['lv']}", f"peak: {p['pv']}", f"{source}: {p['sv']}")) + end
        )
    comps = [load, peak, solar]
    rng.shuffle(comps)
    if rng.random() < 0.5:
        return f"{', '.join(comps)} on {feeder}. {q}"
    return f"{feeder}: {', '.join(comps)}. {q}"


def _grid_answer(f: dict) -> str:
    pf = 0.001 if f.get("peak_unit") == "kW" else 1
    sf = 0.001 if f.get("solar_unit") == "kW" else 1
    return corpus.grid_answer(f["peak"] * pf, f["solar"] * sf)


def _grid_single(q: str, f: dict, rng: random.Random) -> tuple[str, str]:
    how = rng.choice(("number-notation", "unit-spelled", "unit-converted", "synonym", "case", "typo", "filler"))
    if how == "number-notation":
        if rng.random() < 0.5:
            return how, q.replace(" MW", "MW")
        return how, q.replace(f"F{f['feeder']} ", rng.choice((f"F-{f['feeder']} ", f"{f['feeder']} ")), 1)
    if how == "unit-spelled":
        return how, q.replace(" MW", " megawatts")
    if how == "unit-converted":
        field = rng.choice([k for k in ("load", "peak", "solar") if f[k] > 0])
        return how, q.replace(f"{field} {f[field]} MW", f"{field} {f[field] * 1000:,} kW", 1)
    if how == "synonym":
        which = rng.randrange(3)
        if which == 0:
            return how, q.replace("config?", rng.choice(_GRID_Q))
        if which == 1:
            return how, q.replace(" peak ", rng.choice((" peak load ", " max ")), 1)
        return how, q.replace(" solar ", rng.choice((" PV ", " solar gen ", " solar output ")), 1)
    return how, _surface(how, q, rng)


def _grid_near(f: dict, rng: random.Random) -> list[tuple[str, dict]]:
    base = _grid_answer(f)
    out: list[tuple[str, dict]] = []
    peaks = [x for x in range(f["load"], f["load"] + 35) if x != f["peak"] and _grid_answer({**f, "peak": x}) != base]
    if peaks:
        out.append(("peak-changed", {**f, "peak": _nearest(peaks, f["peak"], rng)}))
    solars = [x for x in range(0, 31) if x != f["solar"] and _grid_answer({**f, "solar": x}) != base]
    if solars:
        out.append(("solar-changed", {**f, "solar": _nearest(solars, f["solar"], rng)}))
    swapped = {**f, "load": f["peak"], "peak": f["load"]}
    if _grid_answer(swapped) != base:
        out.append(("load-peak-swapped", swapped))
    for label, key in (("peak-unit-kw", "peak_unit"), ("solar-unit-kw", "solar_unit")):
        g = {**f, key: "kW"}
        if _grid_answer(g) != base:
            out.append((label, g))
    if f["solar"] > 0:
        out.append(("diffq-wind-not-solar", {**f, "source": "wind"}))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# workload pairs

_WORKLOADS = {
    "fraud-check": (_FRAUD_RE, _fraud_text, _fraud_single, _fraud_near, _FRAUD_COMPONENTS),
    "crop-advice": (_CROP_RE, _crop_text, _crop_single, _crop_near, _CROP_COMPONENTS),
    "grid-config": (_GRID_RE, _grid_text, _grid_single, _grid_near, _GRID_COMPONENTS),
}
_STRUCTURES = ("template", "question", "imperative", "terse", "note", "reordered")


def _fields(workload: str, m: re.Match) -> dict:
    if workload == "fraud-check":
        return {"card": int(m[1]), "amount": int(m[2]), "hour": int(m[3]), "city": m[4], "home": m[5],
                "recent": int(m[6])}  # fmt: skip
    if workload == "crop-advice":
        return {"soil": m[1], "ph": m[2], "rain": int(m[3]), "region": m[4], "season": m[5]}
    return {"feeder": int(m[1]), "load": int(m[2]), "peak": int(m[3]), "solar": int(m[4])}


def _workload_pairs(rng: random.Random) -> list[Pair]:
    out: list[Pair] = []
    seen: set[str] = set()
    for ex in corpus.examples(N_EXAMPLES, SEED):
        q = ex.question
        if q in seen:
            continue
        seen.add(q)
        regex, text, single, near, comps = _WORKLOADS[ex.workload]
        f = _fields(ex.workload, regex.fullmatch(q))
        assert text(f, rng, "template", set()) == q, q
        asked: set[str] = {q}

        def add(kind: str, a: str, hit: bool, asked=asked, q=q, ex=ex) -> bool:  # noqa: ANN001
            if a in asked or len(a) > 300:
                return False
            asked.add(a)
            out.append(Pair(ex.workload, kind, q, a, hit))
            return True

        # rewordings: one that changes one kind of thing, the rest several at once
        for _ in range(10):
            how, a = single(q, f, rng)
            if add(f"rewording:{how}", a, True):
                break
        structures = rng.sample(_STRUCTURES, REWORDINGS_PER_STORED - 1)
        for st in structures:
            for _ in range(10):
                a = _dress(text(f, rng, st, _pick_vary(comps, rng)), rng)
                if add(f"rewording:combo-{st}", a, True):
                    break
        # near misses: one fact changed; half in the stored template, half typed another way
        options = near(f, rng)
        rng.shuffle(options)
        options.sort(key=lambda o: o[0].startswith("diffq"))  # answer-changing ones first
        head, rest = options[: NEAR_MISSES_PER_STORED - 1], options[NEAR_MISSES_PER_STORED - 1 :]
        diffq = [o for o in rest if o[0].startswith("diffq")]
        if diffq and rng.random() < 0.25:  # sometimes a plainly different question takes a slot
            rest = diffq
        else:
            rest = [o for o in rest if not o[0].startswith("diffq")] or rest
        chosen = head + (rng.sample(rest, 1) if rest else [])
        for label, g in chosen:
            if rng.random() < 0.5:
                add(f"near-miss:{label}", text(g, rng, "template", set()), False)
            else:
                for _ in range(10):
                    st = rng.choice(_STRUCTURES)
                    a = _dress(text(g, rng, st, _pick_vary(comps, rng)), rng, p_case=0.2, p_typo=0.2)
                    if add(f"near-miss:{label}+reworded", a, False):
                        break
    return out


# ---------------------------------------------------------------------------------------------------------------------
# free text: (domain, base question, [rewordings], [(what changed, near miss), ...])

_FREE: list[tuple[str, str, list[str], list[tuple[str, str]]]] = [
    # elevators
    (
        "elevators",
        "How many people can a 630 kg passenger lift carry?",
        ["Max number of passengers for a 630kg elevator?", "630 kg lift - how many persons is it rated for?"],
        [
            ("number-changed", "How many people can a 1000 kg passenger lift carry?"),
            ("unit-changed", "How many people can a 630 lb passenger lift carry?"),
            ("role-swapped", "How much weight can an 8 person passenger lift carry?"),
        ],
    ),
    (
        "elevators",
        "Why does an elevator have a counterweight?",
        ["What is the counterweight in a lift for?", "purpose of the counterweight in an elevator?"],
        [
            ("sibling-item", "Why does an elevator have a speed governor?"),
            ("negation", "Why does a hydraulic elevator not need a counterweight?"),
            ("sibling-item", "Why does an elevator have a door interlock?"),
        ],
    ),
    (
        "elevators",
        "What should you do if you get stuck in an elevator?",
        ["I'm trapped in a lift, what should I do?", "stuck in an elevator - what's the right thing to do?"],
        [
            ("role-swapped", "What should you do if someone else is stuck in an elevator?"),
            ("sibling-item", "What should you do if your foot gets stuck in an escalator?"),
            ("condition-added", "What should you do if you get stuck in an elevator that is filling with smoke?"),
        ],
    ),
    (
        "elevators",
        "How often does a passenger lift in the UK need a thorough examination?",
        [
            "UK passenger elevator: how frequently must it be thoroughly examined?",
            "how often do uk passenger lifts have to get a thorough examination",
        ],
        [
            ("sibling-item", "How often does a goods-only lift in the UK need a thorough examination?"),
            ("aspect-changed", "How much does a thorough examination of a passenger lift cost in the UK?"),
            ("location-changed", "How often does a passenger elevator in New York need an inspection?"),
        ],
    ),
    # vending machines
    (
        "vending-machines",
        "Why does a vending machine reject my crumpled dollar bill?",
        [
            "vending machine keeps spitting out my wrinkled $1 bill, why?",
            "Why won't the vending machine accept a crumpled one-dollar note?",
        ],
        [
            ("sibling-item", "Why does a vending machine reject my quarters?"),
            ("sibling-item", "Why does a vending machine reject my contactless card?"),
            ("aspect-changed", "Why does a vending machine give me no change for my dollar bill?"),
        ],
    ),
    (
        "vending-machines",
        "How do I get a refund if a vending machine eats my money?",
        [
            "vending machine ate my money, how do I get it back?",
            "How can I get refunded when a vending machine takes my cash and gives nothing?",
        ],
        [
            ("condition-changed", "How do I get a refund if a vending machine gives me the wrong snack?"),
            ("condition-changed", "How do I get a refund if a vending machine charges my card twice?"),
            ("aspect-changed", "How do I report a vending machine that is out of stock?"),
        ],
    ),
    (
        "vending-machines",
        "How much does it cost to buy a used vending machine?",
        ["price of a second-hand vending machine?", "What does a used vending machine typically cost to buy?"],
        [
            ("before-after", "How much does it cost to buy a new vending machine?"),
            ("role-swapped", "How much does it cost to rent a used vending machine?"),
            ("aspect-changed", "How much can a used vending machine earn per month?"),
        ],
    ),
    # tool hire
    (
        "tool-hire",
        "How much does it cost to hire a mini digger for a weekend?",
        ["mini digger rental price for a weekend?", "What's the weekend hire rate for a mini excavator?"],
        [
            ("time-changed", "How much does it cost to hire a mini digger for a week?"),
            ("condition-added", "How much does it cost to hire a mini digger with an operator for a weekend?"),
            ("sibling-item", "How much does it cost to hire a cement mixer for a weekend?"),
        ],
    ),
    (
        "tool-hire",
        "Do I need a licence to drive a hired mini digger on my own land?",
        [
            "Is a licence required to operate a rented mini digger on private land I own?",
            "need a license to use a hire mini digger on my own property?",
        ],
        [
            ("location-changed", "Do I need a licence to drive a hired mini digger on a public road?"),
            ("sibling-item", "Do I need a licence to drive a hired telehandler on my own land?"),
            ("aspect-changed", "Do I need insurance to drive a hired mini digger on my own land?"),
        ],
    ),
    (
        "tool-hire",
        "What deposit is usually required when hiring a floor sander?",
        [
            "how much deposit do hire shops take for a floor sander?",
            "Typical deposit for renting a floor sanding machine?",
        ],
        [
            ("aspect-changed", "What sandpaper grit should I start with on a hired floor sander?"),
            ("sibling-item", "What deposit is usually required when hiring a scaffold tower?"),
            ("condition-added", "What happens to my deposit if I return a hired floor sander late?"),
        ],
    ),
    # skip hire
    (
        "skip-hire",
        "How many bin bags fit in an 8 yard skip?",
        [
            "8-yard skip: how many rubbish bags does it hold?",
            "Roughly how many black bags can I get into an 8 cubic yard skip?",
        ],
        [
            ("number-changed", "How many bin bags fit in a 4 yard skip?"),
            ("unit-changed", "How many wheelbarrow loads fit in an 8 yard skip?"),
            ("aspect-changed", "How many tonnes of soil can go in an 8 yard skip?"),
        ],
    ),
    (
        "skip-hire",
        "Do I need a permit to put a skip on the road outside my house?",
        [
            "Is a permit needed to place a skip on the street outside my home?",
            "need a council permit for a skip on the road in front of my house?",
        ],
        [
            ("location-changed", "Do I need a permit to put a skip on my own driveway?"),
            ("sibling-item", "Do I need a permit to put scaffolding on the road outside my house?"),
            ("aspect-changed", "How long does it take to get a permit to put a skip on the road outside my house?"),
        ],
    ),
    (
        "skip-hire",
        "Can I put a fridge in a skip?",
        ["Are fridges allowed in a skip?", "can i throw an old fridge into a hired skip"],
        [
            ("sibling-item", "Can I put a sofa in a skip?"),
            ("sibling-item", "Can I put plasterboard in a skip?"),
            ("location-changed", "Can I put a fridge in my wheelie bin?"),
        ],
    ),
    # lost and found
    (
        "lost-and-found",
        "How long does a lost property office keep items before disposing of them?",
        [
            "How long are lost items held at a lost property office before they get thrown away?",
            "lost and found: how long do they keep stuff before getting rid of it?",
        ],
        [
            ("sibling-item", "How long does a lost property office keep passports before sending them on?"),
            ("aspect-changed", "How much does a lost property office charge to return items?"),
            ("role-swapped", "How long do I have to keep a found item before I can claim it?"),
        ],
    ),
    (
        "lost-and-found",
        "What should I do if I find a wallet on the street?",
        [
            "found a wallet on the street, what should I do with it?",
            "What's the right thing to do when you find someone's wallet on the street?",
        ],
        [
            ("role-swapped", "What should I do if I lose my wallet on the street?"),
            ("sibling-item", "What should I do if I find a phone on the street?"),
            ("location-changed", "What should I do if I find a wallet on a train?"),
        ],
    ),
    (
        "lost-and-found",
        "Is it legal to keep money you find on the ground?",
        [
            "Can I legally keep cash I found on the ground?",
            "finders keepers - is it legal to keep money found on the ground?",
        ],
        [
            ("sibling-item", "Is it legal to keep a phone you find on the ground?"),
            ("sibling-item", "Is it legal to keep money sent to your bank account by mistake?"),
            (
                "condition-added",
                "Is it legal to keep money you find on the ground if nobody claims it after you report it?",
            ),
        ],
    ),
    # ladders
    (
        "ladders",
        "What angle should a leaning ladder be set at?",
        ["Correct angle for a leaning ladder?", "at what angle do you set up an extension ladder against a wall?"],
        [
            ("sibling-item", "What angle should a stepladder be opened to?"),
            ("aspect-changed", "How far should a leaning ladder extend above the roof edge?"),
            ("aspect-changed", "How high can I safely climb on a leaning ladder?"),
        ],
    ),
    (
        "ladders",
        "What is the 1 in 4 rule for ladders?",
        ["Explain the one-in-four ladder rule", "ladder 1-in-4 rule - what does it mean?"],
        [
            ("sibling-item", "What is the three points of contact rule for ladders?"),
            ("sibling-item", "What is the 1 in 12 rule for wheelchair ramps?"),
            ("sibling-item", "What is the belt buckle rule for ladders?"),
        ],
    ),
    (
        "ladders",
        "What is the maximum weight a Type IA ladder can hold?",
        ["Type IA ladder weight limit?", "How much weight is a type 1A ladder rated for?"],
        [
            ("sibling-item", "What is the maximum weight a Type II ladder can hold?"),
            ("sibling-item", "What is the maximum weight a Type IAA ladder can hold?"),
            ("aspect-changed", "What is the maximum height of a Type IA stepladder?"),
        ],
    ),
    # adhesives
    (
        "adhesives",
        "How long does two-part epoxy take to fully cure?",
        ["full cure time for 2-part epoxy?", "How long until a two-component epoxy is completely cured?"],
        [
            ("aspect-changed", "How long does two-part epoxy take to become touch dry?"),
            ("sibling-item", "How long does super glue take to fully cure?"),
            ("condition-added", "How long does two-part epoxy take to fully cure at 5 degrees C?"),
        ],
    ),
    (
        "adhesives",
        "What glue works best for bonding metal to wood?",
        ["best adhesive for gluing metal to wood?", "Which glue should I use to stick metal onto wood?"],
        [
            ("entity-swapped", "What glue works best for bonding glass to metal?"),
            ("entity-swapped", "What glue works best for bonding wood to wood?"),
            ("negation", "What glue should I avoid for bonding metal to wood?"),
        ],
    ),
    (
        "adhesives",
        "How do I remove super glue from skin?",
        ["getting superglue off my fingers - how?", "How can I get cyanoacrylate glue off my skin?"],
        [
            ("entity-swapped", "How do I remove super glue from glass?"),
            ("sibling-item", "How do I remove epoxy from skin?"),
            ("entity-swapped", "How do I remove super glue from a cotton shirt?"),
        ],
    ),
    # fasteners
    (
        "fasteners",
        "What size drill bit do I need to tap an M6 thread?",
        ["tap drill size for M6?", "Which drill diameter should I use before tapping an M6 thread?"],
        [
            ("number-changed", "What size drill bit do I need to tap an M8 thread?"),
            ("aspect-changed", "What size clearance hole do I need for an M6 bolt?"),
            ("sibling-item", "What size drill bit do I need to tap an M6 fine thread?"),
        ],
    ),
    (
        "fasteners",
        "What does the 8.8 marking on a bolt head mean?",
        ["meaning of 8.8 stamped on a bolt head?", "bolt head says 8.8 - what does that mean?"],
        [
            ("number-changed", "What does the 10.9 marking on a bolt head mean?"),
            ("sibling-item", "What does the A2-70 marking on a bolt head mean?"),
            ("sibling-item", "What does the 8 marking on a nut mean?"),
        ],
    ),
    (
        "fasteners",
        "What is the difference between a wood screw and a machine screw?",
        ["wood screw vs machine screw - what's the difference?", "How does a machine screw differ from a wood screw?"],
        [
            ("sibling-item", "What is the difference between a wood screw and a drywall screw?"),
            ("sibling-item", "What is the difference between a machine screw and a bolt?"),
            ("sibling-item", "What is the difference between a wood screw and a lag screw?"),
        ],
    ),
    # barcodes
    (
        "barcodes",
        "How many digits does an EAN-13 barcode have?",
        ["number of digits in an EAN-13 barcode?", "EAN 13 barcode - how many digits?"],
        [
            ("sibling-item", "How many digits does a UPC-A barcode have?"),
            ("sibling-item", "How many digits does an EAN-8 barcode have?"),
            ("aspect-changed", "How many bars does an EAN-13 barcode have?"),
        ],
    ),
    (
        "barcodes",
        "How is the check digit of a UPC barcode calculated?",
        ["UPC check digit calculation - how does it work?", "How do you compute the check digit on a UPC code?"],
        [
            ("sibling-item", "How is the check digit of an ISBN-10 calculated?"),
            ("aspect-changed", "Where is the check digit of a UPC barcode printed?"),
            ("sibling-item", "How is the check digit of a VIN calculated?"),
        ],
    ),
    (
        "barcodes",
        "Can a QR code store more data than a standard barcode?",
        ["Do QR codes hold more data than regular barcodes?", "does a qr code store more info than a normal barcode?"],
        [
            ("role-swapped", "Can a standard barcode store more data than a QR code?"),
            ("aspect-changed", "Can a QR code still be read if part of it is damaged?"),
            ("aspect-changed", "How much data can a QR code store?"),
        ],
    ),
    # gift wrapping
    (
        "gift-wrapping",
        "How much wrapping paper do I need for a shoebox?",
        ["how much gift wrap to cover a shoe box?", "What size piece of wrapping paper does a shoebox need?"],
        [
            ("sibling-item", "How much ribbon do I need for a shoebox?"),
            ("entity-swapped", "How much wrapping paper do I need for a large book?"),
            ("number-changed", "How much wrapping paper do I need for 10 shoeboxes?"),
        ],
    ),
    (
        "gift-wrapping",
        "How do I wrap a present without tape?",
        ["wrapping a gift with no tape - how?", "What's a way to gift wrap something without using sticky tape?"],
        [
            ("sibling-item", "How do I wrap a present without wrapping paper?"),
            ("entity-swapped", "How do I wrap a round present?"),
            ("role-swapped", "How do I unwrap a present without tearing the paper?"),
        ],
    ),
    (
        "gift-wrapping",
        "Is glossy wrapping paper recyclable?",
        ["can shiny wrapping paper be recycled?", "Does glossy gift wrap go in the recycling?"],
        [
            ("sibling-item", "Is plain brown kraft wrapping paper recyclable?"),
            ("aspect-changed", "Is glossy wrapping paper compostable?"),
            ("sibling-item", "Are fabric gift bags recyclable?"),
        ],
    ),
    # fireworks
    (
        "fireworks",
        "What chemical gives fireworks a red colour?",
        ["Which element makes fireworks red?", "red fireworks - what chemical produces the color?"],
        [
            ("sibling-item", "What chemical gives fireworks a green colour?"),
            ("sibling-item", "What chemical gives fireworks a blue colour?"),
            ("aspect-changed", "What chemical makes fireworks crackle?"),
        ],
    ),
    (
        "fireworks",
        "How long should I wait before going back to a firework that did not go off?",
        [
            "A firework didn't go off - how long do I wait before approaching it?",
            "dud firework: how long should I wait before I go back to it?",
        ],
        [
            ("aspect-changed", "How long does a firework fuse usually burn before it goes off?"),
            ("aspect-changed", "How do I dispose of a firework that did not go off?"),
            ("aspect-changed", "How far back should I stand after lighting a firework?"),
        ],
    ),
    (
        "fireworks",
        "Is it legal to set off fireworks after 11pm in the UK?",
        ["uk fireworks after 11 pm - legal?", "Can I legally let off fireworks after 11 at night in the UK?"],
        [
            ("condition-added", "Is it legal to set off fireworks after 11pm on New Year's Eve in the UK?"),
            ("before-after", "Is it legal to set off fireworks before 11pm in the UK?"),
            ("aspect-changed", "Is it legal to buy fireworks at 16 in the UK?"),
        ],
    ),
    # knots
    (
        "knot-tying",
        "Which knot should I use to join two ropes of different thickness?",
        [
            "best knot to join two ropes of different diameters?",
            "what knot ties together 2 ropes that are different thicknesses?",
        ],
        [
            ("condition-changed", "Which knot should I use to join two ropes of the same thickness?"),
            ("aspect-changed", "Which knot should I use to tie a rope to a post?"),
            ("aspect-changed", "Which knot should I use to make a fixed loop at the end of a rope?"),
        ],
    ),
    (
        "knot-tying",
        "How do I tie a bowline?",
        ["steps to tie a bowline knot?", "Can you explain how to tie a bowline"],
        [
            ("role-swapped", "How do I untie a bowline that has been heavily loaded?"),
            ("sibling-item", "How do I tie a running bowline?"),
            ("sibling-item", "How do I tie a clove hitch?"),
        ],
    ),
    (
        "knot-tying",
        "Why is the reef knot not recommended for joining two ropes?",
        [
            "why shouldn't a square knot be used to join ropes?",
            "What's wrong with using a reef knot to tie two ropes together?",
        ],
        [
            ("negation", "Why is the reef knot recommended for tying bandages?"),
            ("sibling-item", "Why is the sheet bend recommended for joining two ropes?"),
            ("aspect-changed", "How do I tell a reef knot from a granny knot?"),
        ],
    ),
    # bell ringing
    (
        "bell-ringing",
        "How many changes are in a peal on eight bells?",
        ["number of changes in a peal on 8 bells?", "How many changes make up a peal when ringing eight bells?"],
        [
            ("sibling-item", "How many changes are in a quarter peal?"),
            ("sibling-item", "How many changes are in a full extent on eight bells?"),
            ("number-changed", "How many changes are in a full extent on five bells?"),
        ],
    ),
    (
        "bell-ringing",
        "What is the difference between a handstroke and a backstroke in bell ringing?",
        [
            "handstroke vs backstroke in change ringing?",
            "In bell ringing how does a backstroke differ from a handstroke?",
        ],
        [
            ("sibling-item", "What is the difference between plain hunt and plain bob in bell ringing?"),
            ("sibling-item", "What is the difference between the treble and the tenor in bell ringing?"),
            ("aspect-changed", "What is a handstroke gap in bell ringing?"),
        ],
    ),
    (
        "bell-ringing",
        "How long does it take to ring a full peal?",
        ["how long does a full peal take to ring?", "Typical duration of ringing a full peal?"],
        [
            ("sibling-item", "How long does it take to ring a quarter peal?"),
            ("aspect-changed", "How long does it take to learn to handle a bell?"),
            ("sibling-item", "How long does it take to ring a full peal on handbells?"),
        ],
    ),
    # croquet
    (
        "croquet",
        "How many hoops are used in association croquet?",
        ["number of hoops in association croquet?", "association croquet - how many hoops are on the lawn?"],
        [
            ("sibling-item", "How many wickets are used in nine-wicket croquet?"),
            ("aspect-changed", "How many balls are used in association croquet?"),
            ("aspect-changed", "How many points are there in a game of association croquet?"),
        ],
    ),
    (
        "croquet",
        "What is a roquet in croquet?",
        ["croquet: what does roquet mean?", "Define a roquet in the game of croquet"],
        [
            ("sibling-item", "What is a croquet stroke in croquet?"),
            ("sibling-item", "What is a peel in croquet?"),
            ("sibling-item", "What is a rover ball in croquet?"),
        ],
    ),
    (
        "croquet",
        "Which colour ball plays first in croquet?",
        ["In croquet, what colour ball goes first?", "croquet order of play - which ball color starts?"],
        [
            ("before-after", "Which colour ball plays last in croquet?"),
            ("number-changed", "Which colour ball plays second in croquet?"),
            ("aspect-changed", "Which colour ball is the partner of blue in croquet?"),
        ],
    ),
    # parkour
    (
        "parkour",
        "What is a precision jump in parkour?",
        ["parkour precision jump - what is it?", "Explain what a precision jump is in parkour"],
        [
            ("sibling-item", "What is a cat leap in parkour?"),
            ("sibling-item", "What is a kong vault in parkour?"),
            ("sibling-item", "What is a wall run in parkour?"),
        ],
    ),
    (
        "parkour",
        "How do I land safely from a 2 metre drop in parkour?",
        [
            "safe landing technique for a 2m drop in parkour?",
            "parkour: how to land a two metre drop without getting hurt",
        ],
        [
            ("number-changed", "How do I land safely from a 5 metre drop in parkour?"),
            ("aspect-changed", "How do I take off for a 2 metre gap jump in parkour?"),
            ("aspect-changed", "How do I climb up a 2 metre wall in parkour?"),
        ],
    ),
    (
        "parkour",
        "What is the difference between parkour and freerunning?",
        ["parkour vs freerunning - what's the difference?", "How does freerunning differ from parkour?"],
        [
            ("sibling-item", "What is the difference between parkour and tricking?"),
            ("sibling-item", "What is the difference between parkour and obstacle course racing?"),
            ("comparison-flipped", "What do parkour and freerunning have in common?"),
        ],
    ),
    # submarines
    (
        "submarines",
        "How deep can a Virginia-class submarine dive?",
        ["max diving depth of a Virginia class sub?", "Virginia-class submarine - how deep can it go?"],
        [
            ("entity-swapped", "How deep can a Seawolf-class submarine dive?"),
            ("aspect-changed", "How fast can a Virginia-class submarine go?"),
            ("aspect-changed", "How long can a Virginia-class submarine stay submerged?"),
        ],
    ),
    (
        "submarines",
        "How do submarines make drinking water?",
        ["where do submarines get fresh water from?", "How is drinking water produced on a submarine?"],
        [
            ("sibling-item", "How do submarines make oxygen?"),
            ("sibling-item", "How do submarines get rid of carbon dioxide?"),
            ("role-swapped", "How do submarines get rid of waste water?"),
        ],
    ),
    (
        "submarines",
        "What is the difference between a submarine and a submersible?",
        ["submarine vs submersible?", "How does a submersible differ from a submarine?"],
        [
            ("sibling-item", "What is the difference between a nuclear and a diesel-electric submarine?"),
            ("sibling-item", "What is the difference between a periscope and a snorkel on a submarine?"),
            ("sibling-item", "What is the difference between a submarine and a torpedo boat?"),
        ],
    ),
    # lighthouses
    (
        "lighthouses",
        "What is the tallest lighthouse in the world?",
        ["world's tallest lighthouse?", "Which lighthouse is the tallest on earth?"],
        [
            ("superlative-changed", "What is the oldest lighthouse in the world?"),
            ("location-changed", "What is the tallest lighthouse in the United States?"),
            ("location-changed", "What is the tallest lighthouse in France?"),
        ],
    ),
    (
        "lighthouses",
        "Why do lighthouses use Fresnel lenses?",
        ["What is the point of a Fresnel lens in a lighthouse?", "lighthouse fresnel lens - why use one?"],
        [
            ("aspect-changed", "Who invented the Fresnel lens used in lighthouses?"),
            ("aspect-changed", "Why do lighthouses use rotating lights?"),
            ("sibling-item", "Why do lighthouses use foghorns?"),
        ],
    ),
    (
        "lighthouses",
        "How do ships tell one lighthouse from another at night?",
        [
            "How can sailors distinguish between lighthouses at night?",
            "at night, how do ships know which lighthouse they are looking at?",
        ],
        [
            ("time-changed", "How do ships tell one lighthouse from another during the day?"),
            ("condition-changed", "How do ships tell one lighthouse from another in thick fog?"),
            ("aspect-changed", "How far away can ships see a lighthouse at night?"),
        ],
    ),
    # shell collecting
    (
        "shell-collecting",
        "How do I clean seashells without damaging them?",
        [
            "cleaning seashells without ruining them - how?",
            "What's a safe way to clean shells I collected at the beach?",
        ],
        [
            ("aspect-changed", "How do I polish seashells to make them shiny?"),
            ("aspect-changed", "How do I get the smell out of seashells?"),
            ("aspect-changed", "How do I display seashells without damaging them?"),
        ],
    ),
    (
        "shell-collecting",
        "Is it legal to take seashells from beaches in Florida?",
        ["can i take shells home from a florida beach legally?", "Florida beaches: is collecting seashells allowed?"],
        [
            ("condition-added", "Is it legal to take seashells with live animals inside from beaches in Florida?"),
            ("location-changed", "Is it legal to take seashells from beaches in Hawaii?"),
            ("sibling-item", "Is it legal to take sand from beaches in Florida?"),
        ],
    ),
    (
        "shell-collecting",
        "Why can you hear the ocean in a seashell?",
        ["why does a seashell sound like the sea?", "What causes the ocean sound when you hold a shell to your ear?"],
        [
            ("aspect-changed", "Why do some seashells have small round holes in them?"),
            ("aspect-changed", "Why do most seashells spiral to the right?"),
            ("aspect-changed", "Why are some seashells purple?"),
        ],
    ),
    # shorthand
    (
        "shorthand",
        "What is the difference between Pitman and Gregg shorthand?",
        ["Gregg vs Pitman shorthand?", "How does Gregg shorthand differ from Pitman?"],
        [
            ("entity-swapped", "What is the difference between Pitman and Teeline shorthand?"),
            ("sibling-item", "What is the difference between shorthand and stenotype?"),
            ("aspect-changed", "Which is older, Pitman or Gregg shorthand?"),
        ],
    ),
    (
        "shorthand",
        "What Teeline shorthand speed do trainee journalists need?",
        [
            "what teeline speed do journalism trainees need?",
            "Required Teeline shorthand speed for a trainee journalist?",
        ],
        [
            ("role-swapped", "What shorthand speed do court reporters need?"),
            ("aspect-changed", "How long does it take to learn Teeline shorthand?"),
            ("superlative-changed", "What is the fastest Teeline shorthand speed ever recorded?"),
        ],
    ),
    (
        "shorthand",
        "How do you write the word 'the' in Gregg shorthand?",
        ["gregg shorthand symbol for the word the?", "What's the Gregg shorthand outline for 'the'?"],
        [
            ("entity-swapped", "How do you write the word 'and' in Gregg shorthand?"),
            ("sibling-item", "How do you write the word 'the' in Pitman shorthand?"),
            ("sibling-item", "How do you write the word 'the' in Teeline?"),
        ],
    ),
    # pinball
    (
        "pinball",
        "What does tilt mean in pinball?",
        ["pinball tilt - what does it mean?", "In pinball, what is a tilt?"],
        [
            ("sibling-item", "What does slam tilt mean in pinball?"),
            ("sibling-item", "What does ball save mean in pinball?"),
            ("sibling-item", "What does nudging mean in pinball?"),
        ],
    ),
    (
        "pinball",
        "How do I get an extra ball in pinball?",
        ["ways to earn an extra ball on a pinball machine?", "how to get extra balls in pinball"],
        [
            ("sibling-item", "How do I get a replay in pinball?"),
            ("sibling-item", "How do I start multiball in pinball?"),
            ("aspect-changed", "How do I stop the ball draining down the outlanes in pinball?"),
        ],
    ),
    (
        "pinball",
        "How do I replace a flipper coil on a pinball machine?",
        ["pinball flipper coil replacement - steps?", "Steps to swap out a flipper coil in a pinball machine?"],
        [
            ("sibling-item", "How do I replace a flipper rubber on a pinball machine?"),
            ("aspect-changed", "How do I test a flipper coil on a pinball machine?"),
            ("sibling-item", "How do I replace a pop bumper coil on a pinball machine?"),
        ],
    ),
    # garden trampolines
    (
        "garden-trampolines",
        "How many kids can safely use a trampoline at once?",
        [
            "max number of children on a trampoline at the same time?",
            "How many children should be on a garden trampoline at once?",
        ],
        [
            ("aspect-changed", "How old should kids be to use a trampoline?"),
            ("aspect-changed", "How much weight can a 14 ft trampoline hold?"),
            ("location-changed", "How many kids can safely use one trampoline park court at once?"),
        ],
    ),
    (
        "garden-trampolines",
        "What size trampoline fits in a 4 metre wide garden?",
        [
            "my garden is 4m wide, what size trampoline will fit?",
            "Which trampoline size suits a garden four metres wide?",
        ],
        [
            ("number-changed", "What size trampoline fits in a 6 metre wide garden?"),
            ("aspect-changed", "How much clear space does a trampoline need around it?"),
            ("unit-changed", "What size trampoline fits in a 4 foot wide space?"),
        ],
    ),
    (
        "garden-trampolines",
        "How do I stop my trampoline blowing away in strong wind?",
        [
            "trampoline keeps blowing over in the wind, how do I anchor it?",
            "How can I secure a trampoline against high winds?",
        ],
        [
            ("aspect-changed", "How do I stop my trampoline mat sagging?"),
            ("aspect-changed", "How do I stop my trampoline squeaking?"),
            ("aspect-changed", "How do I stop my trampoline frame rusting?"),
        ],
    ),
    # kabaddi
    (
        "kabaddi",
        "How many players are on a kabaddi team?",
        ["number of players per side in kabaddi?", "kabaddi: how many players does each team have?"],
        [
            ("sibling-item", "How many players are on a kho kho team?"),
            ("aspect-changed", "How long is a kabaddi match?"),
            ("aspect-changed", "How many substitutions are allowed in a kabaddi match?"),
        ],
    ),
    (
        "kabaddi",
        "What is a bonus point in kabaddi?",
        ["kabaddi bonus point - what is it?", "In kabaddi, what does a bonus point mean?"],
        [
            ("sibling-item", "What is a super tackle in kabaddi?"),
            ("sibling-item", "What is an all out in kabaddi?"),
            ("sibling-item", "What is a do-or-die raid in kabaddi?"),
        ],
    ),
    (
        "kabaddi",
        "How long can a raider stay in the opponent's half in Pro Kabaddi?",
        ["raid time limit in pro kabaddi?", "In Pro Kabaddi, how many seconds does a raid last at most?"],
        [
            ("aspect-changed", "How long is each half in Pro Kabaddi?"),
            ("aspect-changed", "How many raiders can enter the opponent's half at once in Pro Kabaddi?"),
            ("aspect-changed", "How long is the break between halves in Pro Kabaddi?"),
        ],
    ),
    # cornhole
    (
        "cornhole",
        "How far apart are cornhole boards placed?",
        ["distance between cornhole boards?", "How many feet apart should cornhole boards be?"],
        [
            ("condition-added", "How far apart are cornhole boards placed for young kids?"),
            ("sibling-item", "How far apart are horseshoe pitching stakes placed?"),
            ("aspect-changed", "How big is a regulation cornhole board?"),
        ],
    ),
    (
        "cornhole",
        "How many points is a bag in the hole worth in cornhole?",
        ["cornhole: points for a bag through the hole?", "What is a cornhole bag in the hole worth?"],
        [
            ("sibling-item", "How many points is a bag on the board worth in cornhole?"),
            ("aspect-changed", "How many points do you need to win in cornhole?"),
            ("aspect-changed", "How many bags does each player throw per inning in cornhole?"),
        ],
    ),
    (
        "cornhole",
        "What is cancellation scoring in cornhole?",
        ["how does cancellation scoring work in cornhole?", "Explain cancellation scoring for cornhole"],
        [
            ("sibling-item", "What is a four-bagger in cornhole?"),
            ("sibling-item", "What is bust scoring in cornhole?"),
            ("sibling-item", "What is a foot foul in cornhole?"),
        ],
    ),
    # paintball
    (
        "paintball",
        "How fast do paintballs travel?",
        ["paintball velocity - how fast?", "What speed does a paintball leave the marker at?"],
        [
            ("sibling-item", "How fast do airsoft pellets travel?"),
            ("aspect-changed", "How far can a paintball travel?"),
            ("aspect-changed", "How heavy is a paintball?"),
        ],
    ),
    (
        "paintball",
        "Do paintballs hurt more at close range?",
        ["does getting hit by a paintball hurt more up close?", "Is a paintball hit more painful from close range?"],
        [
            ("condition-changed", "Do paintballs hurt more in cold weather?"),
            ("aspect-changed", "Do paintballs stain clothes permanently?"),
            ("comparison-changed", "Do paintballs hurt more than airsoft BBs?"),
        ],
    ),
    (
        "paintball",
        "What is the minimum age to play paintball?",
        ["youngest age allowed for paintball?", "How old do you have to be to play paintball?"],
        [
            ("sibling-item", "What is the minimum age to play low-impact paintball?"),
            ("sibling-item", "What is the minimum age to play laser tag?"),
            ("role-swapped", "What is the minimum age to work as a paintball marshal?"),
        ],
    ),
    # tarot
    (
        "tarot",
        "What does the Death card mean in tarot?",
        ["tarot death card meaning?", "Meaning of the Death card in a tarot reading?"],
        [
            ("negation", "What does the Death card mean reversed in tarot?"),
            ("entity-swapped", "What does the Tower card mean in tarot?"),
            ("entity-swapped", "What does the Hanged Man card mean in tarot?"),
        ],
    ),
    (
        "tarot",
        "How many cards are in a tarot deck?",
        ["number of cards in a tarot deck?", "tarot deck - how many cards?"],
        [
            ("sibling-item", "How many cards are in the major arcana?"),
            ("sibling-item", "How many cards are in the minor arcana?"),
            ("sibling-item", "How many cards are in a Lenormand deck?"),
        ],
    ),
    (
        "tarot",
        "What is a Celtic Cross spread in tarot?",
        ["tarot celtic cross spread - what is it?", "Explain the Celtic Cross tarot spread"],
        [
            ("sibling-item", "What is a three card spread in tarot?"),
            ("aspect-changed", "What does the fifth position in a Celtic Cross spread mean?"),
            ("sibling-item", "What is a horseshoe spread in tarot?"),
        ],
    ),
    # slacklining
    (
        "slacklining",
        "How tight should a slackline be?",
        ["correct tension for a slackline?", "how much tension do you put on a slackline"],
        [
            ("aspect-changed", "How high off the ground should a slackline be?"),
            ("sibling-item", "How tight should a highline be?"),
            ("aspect-changed", "How long should a beginner slackline be?"),
        ],
    ),
    (
        "slacklining",
        "Do I need tree protection when setting up a slackline?",
        ["is tree protection needed for a slackline?", "Should I use tree pads when rigging a slackline?"],
        [
            ("aspect-changed", "Do I need a permit to set up a slackline in a public park?"),
            ("sibling-item", "Do I need a ratchet when setting up a slackline?"),
            ("sibling-item", "Do I need a leash when walking a highline?"),
        ],
    ),
    (
        "slacklining",
        "What width slackline is best for beginners?",
        ["best slackline width for a beginner?", "As a beginner, what width of slackline should I get?"],
        [
            ("role-swapped", "What width slackline is best for tricklining?"),
            ("aspect-changed", "What length slackline is best for beginners?"),
            ("role-swapped", "What width slackline is best for longlining?"),
        ],
    ),
    # axe throwing
    (
        "axe-throwing",
        "How far from the target do you stand in axe throwing?",
        ["axe throwing distance from the target?", "How many feet away from the board do you throw axes?"],
        [
            ("sibling-item", "How far from the target do you stand in knife throwing?"),
            ("condition-changed", "How far from the target do you stand for a two-rotation axe throw?"),
            ("aspect-changed", "How big is the target in axe throwing?"),
        ],
    ),
    (
        "axe-throwing",
        "How many points is a bullseye worth in axe throwing?",
        ["axe throwing bullseye points?", "What does hitting the bullseye score in axe throwing?"],
        [
            ("sibling-item", "How many points is a killshot worth in axe throwing?"),
            ("sibling-item", "How many points is the outer ring worth in axe throwing?"),
            ("aspect-changed", "How many throws are in a round of axe throwing?"),
        ],
    ),
    (
        "axe-throwing",
        "Can I wear open-toed shoes to axe throwing?",
        ["are open toe shoes allowed at axe throwing?", "axe throwing in sandals - allowed?"],
        [
            ("aspect-changed", "Can I drink alcohol at axe throwing?"),
            ("aspect-changed", "Can I bring my own axe to axe throwing?"),
            ("sibling-item", "Can I wear gloves to axe throwing?"),
        ],
    ),
    # tunnels
    (
        "tunnels",
        "How long is the Channel Tunnel?",
        ["length of the channel tunnel?", "How many kilometres long is the Channel Tunnel?"],
        [
            ("aspect-changed", "How deep is the Channel Tunnel?"),
            ("entity-swapped", "How long is the Gotthard Base Tunnel?"),
            ("aspect-changed", "How long does it take to cross the Channel Tunnel by train?"),
        ],
    ),
    (
        "tunnels",
        "What is the longest road tunnel in the world?",
        ["world's longest road tunnel?", "Which road tunnel is the longest in the world?"],
        [
            ("sibling-item", "What is the longest railway tunnel in the world?"),
            ("sibling-item", "What is the longest undersea road tunnel in the world?"),
            ("superlative-changed", "What is the deepest road tunnel in the world?"),
        ],
    ),
    (
        "tunnels",
        "How do tunnel boring machines steer?",
        ["how does a TBM steer?", "How is a tunnel boring machine steered underground?"],
        [
            ("aspect-changed", "How are tunnel boring machines removed after they finish?"),
            ("aspect-changed", "How do tunnel boring machines get rid of the dug-out soil?"),
            ("aspect-changed", "How fast do tunnel boring machines dig?"),
        ],
    ),
    # yo-yos
    (
        "yo-yos",
        "What is the difference between a responsive and an unresponsive yo-yo?",
        ["responsive vs unresponsive yoyo?", "How does an unresponsive yo-yo differ from a responsive one?"],
        [
            ("sibling-item", "What is the difference between a fixed axle and a ball bearing yo-yo?"),
            ("sibling-item", "What is the difference between a butterfly and an imperial yo-yo?"),
            ("sibling-item", "What is the difference between 1A and 5A yo-yo styles?"),
        ],
    ),
    (
        "yo-yos",
        "How do I bind a yo-yo?",
        ["how to do a bind on a yoyo?", "Steps for binding an unresponsive yo-yo back to my hand"],
        [
            ("sibling-item", "How do I throw a sleeper with a yo-yo?"),
            ("aspect-changed", "How do I restring a yo-yo?"),
            ("aspect-changed", "How do I clean a yo-yo bearing?"),
        ],
    ),
    (
        "yo-yos",
        "How long should a yo-yo string be?",
        ["correct yo-yo string length?", "yoyo string - how long should it be?"],
        [
            ("aspect-changed", "How thick should a yo-yo string be?"),
            ("aspect-changed", "How often should a yo-yo string be replaced?"),
            ("aspect-changed", "How long should a yo-yo spin in a sleeper?"),
        ],
    ),
    # tug of war
    (
        "tug-of-war",
        "How many people are on a tug of war team?",
        ["number of pullers on a tug-of-war team?", "tug of war: how many people per team?"],
        [
            ("aspect-changed", "How long is a competition tug of war rope?"),
            ("aspect-changed", "How many pulls are in a tug of war match?"),
            ("aspect-changed", "How many substitutes can a tug of war team have?"),
        ],
    ),
    (
        "tug-of-war",
        "How far does the rope have to move to win a tug of war pull?",
        ["distance needed to win a tug of war pull?", "In tug of war, how many metres must the rope be pulled to win?"],
        [
            ("aspect-changed", "How long can a tug of war pull last at most?"),
            ("aspect-changed", "How far apart are the marks on a tug of war rope?"),
            ("aspect-changed", "Which foot positions are illegal in tug of war?"),
        ],
    ),
    (
        "tug-of-war",
        "Is tug of war still an Olympic sport?",
        ["is tug-of-war in the olympics today?", "Does the Olympics still include tug of war?"],
        [
            ("aspect-changed", "When was tug of war last an Olympic sport?"),
            ("negation", "Was tug of war ever an Olympic sport?"),
            ("entity-swapped", "Is tug of war a World Games sport?"),
        ],
    ),
    # dodgeball
    (
        "dodgeball",
        "How many balls are used in a game of dodgeball?",
        ["number of balls in dodgeball?", "dodgeball - how many balls are in play?"],
        [
            ("aspect-changed", "How many players are on a dodgeball team?"),
            ("aspect-changed", "How big is a dodgeball court?"),
            ("aspect-changed", "How heavy is a dodgeball?"),
        ],
    ),
    (
        "dodgeball",
        "What happens if you catch a ball in dodgeball?",
        ["dodgeball rules: catching a ball - what happens?", "If I catch a thrown ball in dodgeball, what happens?"],
        [
            ("negation", "What happens if you drop a ball you tried to catch in dodgeball?"),
            ("condition-changed", "What happens if a ball hits your head in dodgeball?"),
            ("condition-changed", "What happens if you step over the centre line in dodgeball?"),
        ],
    ),
    (
        "dodgeball",
        "Are headshots legal in dodgeball?",
        ["are head shots allowed in dodgeball?", "dodgeball: can you hit someone in the head?"],
        [
            ("sibling-item", "Is blocking with a ball legal in dodgeball?"),
            ("sibling-item", "Are bounce hits legal in dodgeball?"),
            ("condition-added", "Are headshots legal in dodgeball if the player ducks into the throw?"),
        ],
    ),
    # foosball
    (
        "foosball",
        "Is spinning the rods allowed in foosball?",
        ["can you spin the rods in foosball?", "foosball rules - is rod spinning legal?"],
        [
            ("sibling-item", "Is jarring the table allowed in foosball?"),
            ("sibling-item", "Is scoring from the goalie rod allowed in foosball?"),
            ("sibling-item", "Is reaching into the table allowed in foosball?"),
        ],
    ),
    (
        "foosball",
        "How many players are on each rod in foosball?",
        ["foosball men per rod?", "How many figures are on each foosball rod?"],
        [
            ("aspect-changed", "How many rods does each side have in foosball?"),
            ("aspect-changed", "How many goals do you need to win in foosball?"),
            ("aspect-changed", "How many balls are used in foosball?"),
        ],
    ),
    (
        "foosball",
        "What is a snake shot in foosball?",
        ["foosball snake shot - what is it?", "Explain the snake shot in table football"],
        [
            ("sibling-item", "What is a pull shot in foosball?"),
            ("sibling-item", "What is a bank shot in foosball?"),
            ("role-swapped", "How do I defend against a snake shot in foosball?"),
        ],
    ),
    # shuffleboard
    (
        "shuffleboard",
        "How many points is the 10 off area worth in shuffleboard?",
        ["shuffleboard 10 off zone value?", "What does landing in '10 off' score in shuffleboard?"],
        [
            ("sign-changed", "How many points is the 10 area worth in shuffleboard?"),
            ("number-changed", "How many points is the 7 area worth in shuffleboard?"),
            ("aspect-changed", "How many points do you need to win in shuffleboard?"),
        ],
    ),
    (
        "shuffleboard",
        "How long is a tournament table shuffleboard table?",
        ["length of a tournament shuffleboard table?", "tournament table shuffleboard - how many feet long?"],
        [
            ("sibling-item", "How long is a floor shuffleboard court?"),
            ("aspect-changed", "How wide is a tournament table shuffleboard table?"),
            ("aspect-changed", "How much does a tournament table shuffleboard table weigh?"),
        ],
    ),
    (
        "shuffleboard",
        "Why do you put wax on a shuffleboard table?",
        ["purpose of shuffleboard wax?", "What is shuffleboard wax for?"],
        [
            ("aspect-changed", "How often should you wax a shuffleboard table?"),
            ("sibling-item", "What are the climatic adjusters on a shuffleboard table for?"),
            ("sibling-item", "What are the gutters on a shuffleboard table for?"),
        ],
    ),
    # paper shredders
    (
        "paper-shredders",
        "What does the P-4 security level mean for a paper shredder?",
        ["paper shredder P-4 - what does it mean?", "Meaning of the P4 security rating on shredders?"],
        [
            ("number-changed", "What does the P-2 security level mean for a paper shredder?"),
            ("number-changed", "What does the P-7 security level mean for a paper shredder?"),
            ("aspect-changed", "What security level does a paper shredder need for bank statements?"),
        ],
    ),
    (
        "paper-shredders",
        "Can a paper shredder shred credit cards?",
        ["can i put credit cards in my paper shredder?", "Will a normal paper shredder cut up a credit card?"],
        [
            ("sibling-item", "Can a paper shredder shred CDs?"),
            ("sibling-item", "Can a paper shredder shred staples?"),
            ("sibling-item", "Can a paper shredder shred cardboard?"),
        ],
    ),
    (
        "paper-shredders",
        "How often should I oil a paper shredder?",
        ["how frequently should a shredder be lubricated?", "Paper shredder oiling schedule - how often?"],
        [
            ("aspect-changed", "What oil can I use on a paper shredder?"),
            ("aspect-changed", "How long can a paper shredder run before it overheats?"),
            ("aspect-changed", "How often should I empty a paper shredder bin?"),
        ],
    ),
    # playground games
    (
        "playground-games",
        "How do you play hopscotch?",
        ["rules of hopscotch?", "how to play hop scotch"],
        [
            ("aspect-changed", "How do you draw a hopscotch grid?"),
            ("sibling-item", "How do you play four square?"),
            ("sibling-item", "How do you play Chinese jump rope?"),
        ],
    ),
    (
        "playground-games",
        "How many people do you need to play four square?",
        ["four square - how many players are needed?", "How many players does four square need?"],
        [
            ("sibling-item", "How many people do you need to play double dutch?"),
            ("sibling-item", "How many people do you need to play red rover?"),
            ("aspect-changed", "How big should a four square court be?"),
        ],
    ),
    (
        "playground-games",
        "What is the difference between tag and freeze tag?",
        ["tag vs freeze tag - what's different?", "How is freeze tag different from normal tag?"],
        [
            ("sibling-item", "What is the difference between tag and hide and seek?"),
            ("sibling-item", "What is the difference between tag and British bulldog?"),
            ("sibling-item", "What is the difference between tag and capture the flag?"),
        ],
    ),
    # whistling
    (
        "whistling",
        "How do I whistle with two fingers?",
        ["how to do a two-finger whistle?", "Teach me to whistle using 2 fingers"],
        [
            ("negation", "How do I whistle loudly without using my fingers?"),
            ("aspect-changed", "How do I whistle a tune?"),
            ("aspect-changed", "How do I whistle while breathing in?"),
        ],
    ),
    (
        "whistling",
        "Why can't some people whistle?",
        ["why are some people unable to whistle?", "What makes some people not able to whistle?"],
        [
            ("sibling-item", "Why can't some people snap their fingers?"),
            ("sibling-item", "Why can't some people roll their tongue?"),
            ("negation", "Why can some people whistle really loudly?"),
        ],
    ),
    (
        "whistling",
        "Is whistling indoors bad luck in Russia?",
        ["in russia is it bad luck to whistle inside?", "Russian superstition: is it bad luck to whistle indoors?"],
        [
            ("location-changed", "Is whistling at night bad luck in Japan?"),
            ("location-changed", "Is whistling in a theatre bad luck?"),
            ("location-changed", "Is whistling on a ship bad luck?"),
        ],
    ),
    # sandcastles
    (
        "sandcastles",
        "What is the best sand to water ratio for building sandcastles?",
        ["ideal sand:water ratio for sandcastles?", "How much water should I mix with sand to build a sandcastle?"],
        [
            ("aspect-changed", "What is the best kind of sand for building sandcastles?"),
            ("aspect-changed", "What is the best time of day to build a sandcastle?"),
            ("aspect-changed", "What is the best tool for carving sandcastles?"),
        ],
    ),
    (
        "sandcastles",
        "Why do sandcastles collapse when the sand dries?",
        ["why does a sandcastle fall apart once it dries out?", "dry sandcastles crumble - why?"],
        [
            ("comparison-flipped", "Why do sandcastles collapse when the sand is far too wet?"),
            ("condition-changed", "Why do sandcastles collapse when the tide comes in?"),
            ("aspect-changed", "Why do sand sculptures at competitions last for weeks?"),
        ],
    ),
    (
        "sandcastles",
        "What is the tallest sandcastle ever built?",
        ["world record tallest sandcastle?", "How tall is the tallest sand castle ever made?"],
        [
            ("superlative-changed", "What is the longest sandcastle ever built?"),
            ("entity-swapped", "What is the tallest snowman ever built?"),
            ("aspect-changed", "Where was the tallest sandcastle ever built?"),
        ],
    ),
]

_CASUAL_SUBS = (
    (r"\byou\b", "u"),
    (r"\bplease\b", "pls"),
    (r"\bwithout\b", "w/o"),
    (r"\bwith\b", "w/"),
    (r"\band\b", "&"),
    (r"\bpeople\b", "ppl"),
    (r"\bbecause\b", "bc"),
    (r"\bwhat is\b", "whats"),
)
_CASUAL_PRE = ("hey ", "quick q: ", "so ", "hi - ", "um ", "question - ", "ok ", "random q: ")
_CASUAL_SUF = (" pls", " thx", " thanks", " ??", " anyone know?")


def _casual(text: str, rng: random.Random) -> str:
    t = text.lower()
    if rng.random() < 0.5:
        t = t.replace("'", "")
    for pat, rep in _CASUAL_SUBS:
        if rng.random() < 0.5:
            t = re.sub(pat, rep, t)
    if t.endswith("?") and rng.random() < 0.5:
        t = t[:-1]
    if rng.random() < 0.45:
        t = rng.choice(_CASUAL_PRE) + t
    elif rng.random() < 0.4:
        t = t + rng.choice(_CASUAL_SUF)
    return t


def _free_pairs(rng: random.Random) -> list[Pair]:
    out: list[Pair] = []
    for domain, base, rewordings, near in _FREE:
        family = f"free-text:{domain}"

        def add(kind: str, asked: str, hit: bool, family=family, base=base) -> None:  # noqa: ANN001
            out.append(Pair(family, kind, base, asked, hit))

        for r in rewordings:
            add("rewording:paraphrase", r, True)
        add("rewording:typo", _typo(base, rng), True)
        source = rng.choice(rewordings)
        casual = _casual(source, rng)
        if casual == source or rng.random() < 0.5:
            casual = _typo(casual, rng)
        add("rewording:paraphrase+casual", casual, True)
        for label, text in near:
            add(f"near-miss:{label}", text, False)
        label, text = rng.choice(near)
        add(f"near-miss:{label}+casual", _casual(text, rng), False)
    return out


# ---------------------------------------------------------------------------------------------------------------------


def pairs() -> list[Pair]:
    """The split: workload pairs first, then free-text pairs; deterministic (seed 20261127). A pair a held-out split
    also holds (the workloads' templates make a few coincide) is dropped unseen, so that designing on this split
    never reads one."""
    from bench.cacheeval import heldout, heldout_second, third_author  # noqa: PLC0415 (only here: the split's filter; heldout_second's own filter reads this split's pairs)

    rng = random.Random(SEED)
    candidates = _workload_pairs(rng) + _free_pairs(rng)
    stored = {p.stored for p in candidates}
    held = {
        (p.stored, p.asked) for made in (heldout.pairs, heldout_second._generated, third_author.pairs) for p in made()
    }
    out: list[Pair] = []
    seen: set[tuple[str, str]] = set()
    for p in candidates:
        key = (p.stored, p.asked)
        if p.asked == p.stored or key in seen or p.asked in stored or key in held:
            continue
        if p.family.startswith("free-text:") and (len(p.asked) > 160 or not p.asked.isascii()):
            continue
        seen.add(key)
        out.append(p)
    return out
