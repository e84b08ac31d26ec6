"""Held-out labelled prompt pairs for the edge's semantic cache.

Each Pair is (stored prompt, asked prompt, should_hit):
  should_hit=True   "rewording": the asked prompt asks exactly the same thing as the stored one.
  should_hit=False  "near miss": the asked prompt is the stored one with ONE change that changes the
                    right answer.

Families: the three product workloads (base questions from edgenode.lm.corpus.examples, parsed with
regexes and re-rendered) and free-text questions in a dozen other domains ("free-text:<domain>").

Generation model: every prompt is rendered from (fields, style).  Fields are the facts (numbers, units,
places, identifiers, time windows, actions); style is the wording (frame/clause order, synonyms of
non-fact words, number/date/time/unit formats).  A rewording changes the style (or applies a text-level
transform that never touches a fact); a near miss changes exactly one fact and keeps the style.
For the three workloads the stored prompt is the corpus question verbatim, and numeric/categorical near
misses are only kept when the corpus's own rules give a different answer.

Standard library only, plus edgenode.lm.corpus.  Deterministic for a given seed.
"""

from __future__ import annotations

import difflib
import random
import re

from bench.cacheeval import Pair
from edgenode.lm.corpus import CITIES, crop_answer, examples, fraud_answer, grid_answer

MAX_LEN = 160

# --------------------------------------------------------------------------------------------------
# formatting helpers
# --------------------------------------------------------------------------------------------------

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty",
         9: "ninety"}
MONTHS = ("January February March April May June July August September October November "
          "December").split()


def words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    t, o = divmod(n, 10)
    return _TENS[t] + ("" if o == 0 else "-" + _ONES[o])


def P(s: dict, key: str, opts):
    return opts[s.get(key, 0) % len(opts)]


def cap(t: str) -> str:
    return t[:1].upper() + t[1:]


def num(v, comma: bool = False) -> str:
    """Render a number; strings are taken verbatim (used for decimal-shifted values like '15.00')."""
    if isinstance(v, str):
        return v
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, int):
        return f"{v:,}" if comma else str(v)
    return ("%.6f" % v).rstrip("0").rstrip(".")


def art(nxt: str) -> str:
    """'a' or 'an' before a rendered number or word ("an 8 kg", "an 11-year-old", "an eight-year-old")."""
    first = nxt.split()[0].split("-")[0]
    if first.isupper() or first.startswith(("$", "one")):
        return "a"
    w = first.lower()
    if w.startswith(("8", "eight", "eleven", "eighteen", "a", "e", "i", "o")):
        return "an"
    digits = re.match(r"[\d,]*", w)[0].replace(",", "")
    if digits[:2] in ("11", "18") and len(digits) in (2, 5):
        return "an"
    return "a"


def fval(v) -> float:
    return float(v)


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def fmt_date(month: int, day: int, st: int) -> str:
    m = MONTHS[month]
    return [f"{m} {day}", f"{day} {m}", f"{m[:3]} {day}", f"the {ordinal(day)} of {m}",
            f"{m} {ordinal(day)}"][st % 5]


DATE_SPACE = (5, "date-format")


def fmt_time(h: int, mi: int, st: int) -> str:
    st %= 4
    if st == 0:
        return f"{h:02d}:{mi:02d}"
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    if st == 1:
        return f"{h12}{ap}" if mi == 0 else f"{h12}:{mi:02d}{ap}"
    if st == 2:
        if mi == 0 and h == 0:
            return "midnight"
        if mi == 0 and h == 12:
            return "noon"
        return (f"{h12} {ap[0]}.m." if mi == 0 else f"{h12}:{mi:02d} {ap[0]}.m.")
    return f"{h12} {ap.upper()}" if mi == 0 else f"{h12}:{mi:02d} {ap.upper()}"


TIME_SPACE = (4, "time-format")

# unit -> (spelled, (converted unit, factor) | None)
UNITS = {
    "MW": ("megawatts", ("kW", 1000)),
    "kW": ("kilowatts", ("W", 1000)),
    "mm": ("millimetres", ("cm", 0.1)),
    "cm": ("centimetres", ("mm", 10)),
    "kg": ("kilo", ("g", 1000)),
    "lb": ("pound", ("oz", 16)),
    "g": ("grams", ("kg", 0.001)),
    "km": ("kilometres", None),
    "miles": ("miles", None),
    "km/h": ("kilometres per hour", None),
    "mph": ("miles per hour", None),
}
UNIT_KINDS = [None, "unit-spacing", "unit-spelled", "unit-converted", "unit-converted"]
UNIT_SPACE = (5, UNIT_KINDS)


def qty(v, unit: str, st: int, comma: bool = False) -> str:
    st %= 5
    n = num(v, comma)
    spelled, conv = UNITS[unit]
    if st == 1:
        return f"{n}{unit}"
    if st == 2:
        return f"{n} {spelled}"
    if st in (3, 4) and conv is not None:
        cu, fac = conv
        return f"{num(round(fval(v) * fac, 6), st == 4)} {cu}"
    return f"{n} {unit}"


CUR_NAME = {"MAD": "dirhams", "EUR": "euros", "USD": "US dollars", "GBP": "British pounds",
            "JPY": "Japanese yen", "CHF": "Swiss francs", "CAD": "Canadian dollars"}
MONEY_SPACE = (5, [None, "currency-format", "currency-format", "unit-spacing", "currency-format"])


def money(v, cur: str, st: int, comma: bool = False) -> str:
    n = num(v, comma)
    opts = [f"{n} {cur}", f"{cur} {n}", f"{n} {CUR_NAME[cur]}", f"{n}{cur}"]
    if cur == "USD" and not n.startswith("-"):
        opts.append(f"${n}")
    return opts[st % len(opts)]


PCT_SPACE = (3, [None, "unit-spacing", "unit-spelled"])


def pct(v, st: int) -> str:
    n = num(v)
    return [f"{n}%", f"{n} %", f"{n} percent"][st % 3]


# --------------------------------------------------------------------------------------------------
# spec: one prompt type
# --------------------------------------------------------------------------------------------------

class Spec:
    def __init__(self, family, render, space, muts, gen=None, answer=None, exempt=(), count=0):
        self.family = family
        self.render = render          # (fields, style) -> str
        self.space = space            # style key -> (n options, kind | [kind per option])
        self.muts = muts              # [(near-miss kind, fn(rng, fields) -> fields | None)]
        self.gen = gen                # rng -> fields (free text)
        self.answer = answer          # fields -> hashable (workloads: corpus rules)
        self.exempt = set(exempt)     # near-miss kinds that need no rule-answer change
        self.count = count            # free text: number of base prompts


def other(rng, seq, cur):
    opts = [x for x in seq if x != cur]
    return rng.choice(opts)


def setf(f, **kw):
    g = dict(f)
    g.update(kw)
    return g


# --------------------------------------------------------------------------------------------------
# workload: fraud-check
# --------------------------------------------------------------------------------------------------

AMOUNTS = (50, 120, 300, 500, 900, 1500, 3000, 5000, 8000)
FRAUD_ACTS = {
    "paid": ["paid", "made a payment of", "spent", "was charged"],
    "declined": ["was declined for", "was declined for", "was refused for", "was declined for"],
    "refunded": ["was refunded", "received a refund of", "got a refund of", "was refunded"],
}
WIN_FRAUD = {
    "hour": ["last hour", "in the last hour", "in the past hour", "in the past 60 minutes"],
    "day": ["last day", "in the last day", "in the past day", "in the past 24 hours"],
    "week": ["last week", "in the last week", "in the past week", "in the past 7 days"],
}
FRAUD_Q = ["fraud?", "is it fraud?", "fraudulent?", "is this fraud?", "fraud or not?",
           "is this fraudulent?"]
FRAUD_QF = ["Fraud check:", "Is this fraud?", "Is this fraudulent?", "Fraud?"]


def r_fraud(f, s):
    card = P(s, "cardf", ["card {}", "card #{}", "card number {}", "card no. {}"]).format(f["card"])
    verb = P(s, "paid", FRAUD_ACTS[f["act"]])
    amt = money(f["amount"], f["cur"], s.get("money", 0), s.get("comma", 0) == 1)
    t = fmt_time(f["hour"], 0, s.get("time", 0))
    home = P(s, "home", ["home {}", "home city {}", "home: {}", "cardholder lives in {}"]).format(f["home"])
    rec = words(f["recent"]) if s.get("recentw", 0) % 2 else str(f["recent"])
    pay = P(s, "pay", ["payments", "transactions", "card payments", "purchases"])
    win = P(s, "win", WIN_FRAUD[f["win"]])
    q = P(s, "q", FRAUD_Q)
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"{card} {verb} {amt} at {t} in {f['city']}, {home}, {rec} {pay} {win}. {q}"
    if fr == 1:
        return f"{card} {verb} {amt} in {f['city']} at {t}; {home}; {rec} {pay} {win}. {q}"
    if fr == 2:
        return f"{P(s, 'qf', FRAUD_QF)} {card} {verb} {amt} at {t} in {f['city']}, {home}, {rec} {pay} {win}"
    one = f["recent"] == 1
    pay1 = pay[:-1] if one else pay
    return (f"{cap(card)} {verb} {amt} in {f['city']} at {t}. The cardholder's home city is {f['home']}. "
            f"There {'was' if one else 'were'} {rec} {pay1} {win}. {cap(q)}")


FRAUD_SPACE = {
    "frame": (4, [None, "clause-order", "question-first", "full-sentence"]),
    "cardf": (4, "identifier-format"), "paid": (4, "synonym"), "money": MONEY_SPACE,
    "comma": (2, "thousands-separator"), "time": TIME_SPACE, "home": (4, "label-format"),
    "recentw": (2, "number-words"), "pay": (4, "synonym"), "win": (4, "synonym"),
    "q": (6, "synonym"), "qf": (4, "synonym"),
}


def a_fraud(f):
    return fraud_answer(fval(f["amount"]), f["hour"], f["city"], f["home"], f["recent"])


def _fraud_off1(rng, f):
    if rng.random() < 0.5:
        return setf(f, amount=f["amount"] + rng.choice((1, -1)))
    r = f["recent"] + rng.choice((1, -1))
    return setf(f, recent=r) if r >= 0 else None


FRAUD_MUTS = [
    ("number-x10", lambda r, f: setf(f, amount=f["amount"] * 10)),
    ("decimal-shift", lambda r, f: setf(f, amount=f"{f['amount'] / 100:.2f}")),
    ("number-changed", lambda r, f: setf(f, amount=other(r, AMOUNTS, f["amount"]))),
    ("number-changed", lambda r, f: setf(f, recent=other(r, range(7), f["recent"]))),
    ("number-off-by-one", _fraud_off1),
    ("hour-changed", lambda r, f: setf(f, hour=other(r, range(24), f["hour"]))),
    ("am-pm-flip", lambda r, f: setf(f, hour=(f["hour"] + 12) % 24)),
    ("city-changed", lambda r, f: setf(f, city=other(r, CITIES, f["city"]))),
    ("city-changed", lambda r, f: setf(f, home=other(r, CITIES, f["home"]))),
    ("city-changed", lambda r, f: setf(f, city=f["home"]) if f["city"] != f["home"] else None),
    ("time-window-changed", lambda r, f: setf(f, win=r.choice(("day", "week")))),
    ("currency-changed", lambda r, f: setf(f, cur=r.choice(("EUR", "USD", "GBP")))),
    ("identifier-changed", lambda r, f: setf(f, card=f["card"] + r.choice((1, -1, 10, 100)))),
    ("action-changed", lambda r, f: setf(f, act=r.choice(("declined", "refunded")))),
    ("sign-flip", lambda r, f: setf(f, amount=-f["amount"])),
]
FRAUD_EXEMPT = {"time-window-changed", "currency-changed", "identifier-changed", "action-changed",
                "sign-flip"}

RE_FRAUD = re.compile(r"card (\d+) paid (\d+) MAD at (\d\d):00 in (\w+), home (\w+), "
                      r"(\d+) payments last hour\. fraud\?$")


def p_fraud(q):
    m = RE_FRAUD.match(q)
    return dict(card=int(m[1]), act="paid", amount=int(m[2]), cur="MAD", hour=int(m[3]), city=m[4],
                home=m[5], recent=int(m[6]), win="hour")


# --------------------------------------------------------------------------------------------------
# workload: crop-advice
# --------------------------------------------------------------------------------------------------

SOILS = ("sand", "loam", "clay", "silt")
SEASONS = ("spring", "summer", "autumn", "winter")
PHS = (5.5, 6.0, 6.5, 7.0, 7.5, 8.0)
RAINS = (150, 250, 350, 450, 600, 800)
CROP_Q = {
    "plant": ["crop?", "which crop?", "which crop should I plant?", "what should I grow?",
              "best crop?", "what crop to plant?"],
    "avoid": ["crop to avoid?", "which crop to avoid?", "which crop should I avoid?",
              "what should I not grow?", "worst crop?", "what crop to avoid?"],
}
CROP_QF = {
    "plant": ["Which crop should I plant?", "What to grow:", "Crop advice:", "Best crop for"],
    "avoid": ["Which crop should I avoid?", "What not to grow:", "Crops to avoid:", "Worst crop for"],
}


def r_crop(f, s):
    ph = f["ph"]
    phs = [str(ph), "%g" % ph, "%.2f" % ph][s.get("phf", 0) % 3] if isinstance(ph, float) else str(ph)
    rain = qty(f["rain"], f["rainu"], s.get("rainu", 0))
    soil = P(s, "soilf", ["soil {}", "{} soil", "soil: {}", "soil type {}"]).format(f["soil"])
    phl = P(s, "phl", ["pH {}", "pH of {}", "pH={}", "pH: {}"]).format(phs)
    rainl = P(s, "rainl", ["rain", "rainfall", "precipitation", "rainfall of"])
    region = P(s, "regionf", ["region {}", "in {}", "{} region", "region: {}"]).format(f["region"])
    season = P(s, "seasonf", ["season {}", "in {}", "{} season", "season: {}"]).format(f["season"])
    q = P(s, "q", CROP_Q[f["target"]])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"{soil} {phl} {rainl} {rain} {region} {season}. {q}"
    if fr == 1:
        return f"{region} {season} {soil} {phl} {rainl} {rain}. {q}"
    if fr == 2:
        return f"{P(s, 'qf', CROP_QF[f['target']])} {soil}, {phl}, {rainl} {rain}, {region}, {season}"
    rn = P(s, "rainl", ["rain", "rainfall", "precipitation", "rainfall"])
    return (f"My field is {f['soil']} soil in the {f['region']} region, pH {phs}, with {rain} of {rn}, "
            f"and it is {f['season']}. {cap(q)}")


CROP_SPACE = {
    "frame": (4, [None, "clause-order", "question-first", "full-sentence"]),
    "phf": (3, "number-format"), "rainu": UNIT_SPACE, "soilf": (4, "label-format"),
    "phl": (4, "label-format"), "rainl": (4, "synonym"), "regionf": (4, "label-format"),
    "seasonf": (4, "label-format"), "q": (6, "synonym"), "qf": (4, "synonym"),
}


def a_crop(f):
    if f["rainu"] != "mm":
        return None
    return crop_answer(f["soil"], fval(f["ph"]), fval(f["rain"]), f["season"])


CROP_MUTS = [
    ("category-changed", lambda r, f: setf(f, soil=other(r, SOILS, f["soil"]))),
    ("number-changed", lambda r, f: setf(f, ph=other(r, PHS, f["ph"]))),
    ("number-changed", lambda r, f: setf(f, rain=other(r, RAINS, f["rain"]))),
    ("number-x10", lambda r, f: setf(f, rain=f["rain"] * 10)),
    ("decimal-shift", lambda r, f: setf(f, rain=f"{f['rain'] / 10:.1f}")),
    ("number-off-by-one", lambda r, f: setf(f, rain=f["rain"] + r.choice((1, -1)))),
    ("unit-changed", lambda r, f: setf(f, rainu="cm")),
    ("season-changed", lambda r, f: setf(f, season=other(r, SEASONS, f["season"]))),
    ("action-changed", lambda r, f: setf(f, target="avoid")),
]
CROP_EXEMPT = {"unit-changed", "action-changed"}

RE_CROP = re.compile(r"soil (\w+) pH ([\d.]+) rain (\d+) mm region (\w+) season (\w+)\. crop\?$")


def p_crop(q):
    m = RE_CROP.match(q)
    return dict(soil=m[1], ph=float(m[2]), rain=int(m[3]), rainu="mm", region=m[4], season=m[5],
                target="plant")


# --------------------------------------------------------------------------------------------------
# workload: grid-config
# --------------------------------------------------------------------------------------------------

GRID_PEAKL = {"peak": ["peak", "peak load", "peak demand"],
              "minimum": ["minimum", "minimum load", "minimum demand"]}
GRID_Q = ["config?", "configuration?", "what config?", "which configuration?",
          "what configuration should I use?", "settings?"]
GRID_QF = ["Config for", "Configuration for", "What config for", "Which configuration for"]


def r_grid(f, s):
    st = s.get("mw", 0)
    load = qty(f["load"], f["u_load"], st)
    peak = qty(f["peak"], f["u_peak"], st)
    solar = qty(f["solar"], f["u_solar"], st)
    fdr = P(s, "fdr", ["feeder F{}", "F{} feeder", "feeder: F{}"]).format(f["id"])
    ll = P(s, "ll", ["load", "demand"])
    pl = P(s, "pl", GRID_PEAKL[f["peakl"]])
    sl = P(s, "sl", ["solar", "solar output", "PV", "solar generation"])
    q = P(s, "q", GRID_Q)
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"{fdr} {ll} {load} {pl} {peak} {sl} {solar}. {q}"
    if fr == 1:
        return f"{fdr} {sl} {solar} {ll} {load} {pl} {peak}. {q}"
    if fr == 2:
        return f"{P(s, 'qf', GRID_QF)} {fdr}: {ll} {load}, {pl} {peak}, {sl} {solar}"
    return f"Feeder F{f['id']} has a {ll} of {load}, a {pl} of {peak} and {solar} of {sl}. {cap(q)}"


GRID_SPACE = {
    "frame": (4, [None, "clause-order", "question-first", "full-sentence"]),
    "mw": UNIT_SPACE, "fdr": (3, "label-format"), "ll": (2, "synonym"), "pl": (3, "synonym"),
    "sl": (4, "synonym"), "q": (6, "synonym"), "qf": (4, "synonym"),
}


def a_grid(f):
    if f["u_peak"] != "MW" or f["u_solar"] != "MW" or f["peakl"] != "peak":
        return None
    return grid_answer(fval(f["peak"]), fval(f["solar"]))


def _grid_pick(r, f):
    return r.choice(("peak", "solar"))


def _grid_num(fn):
    def m(r, f):
        k = _grid_pick(r, f)
        v = fn(r, f[k])
        return None if v is None else setf(f, **{k: v})
    return m


GRID_MUTS = [
    ("values-swapped", lambda r, f: setf(f, load=f["peak"], peak=f["load"]) if f["load"] != f["peak"] else None),
    ("values-swapped", lambda r, f: setf(f, solar=f["peak"], peak=f["solar"]) if f["solar"] != f["peak"] else None),
    ("number-x10", _grid_num(lambda r, v: v * 10 if v else None)),
    ("number-off-by-one", _grid_num(lambda r, v: v + r.choice((1, -1)))),
    ("number-changed", _grid_num(lambda r, v: v + r.choice((-9, -6, -4, 4, 6, 9, 12)))),
    ("decimal-shift", _grid_num(lambda r, v: f"{v / 10:.1f}" if v >= 10 else None)),
    ("sign-flip", lambda r, f: setf(f, solar=-f["solar"]) if f["solar"] else None),
    ("unit-changed", lambda r, f: setf(f, **{"u_" + _grid_pick(r, f): "kW"})),
    ("identifier-changed", lambda r, f: setf(f, id=f["id"] + r.choice((1, -1)) if f["id"] > 1 else 2)),
    ("label-changed", lambda r, f: setf(f, peakl="minimum")),
]
GRID_EXEMPT = {"unit-changed", "identifier-changed", "label-changed"}

RE_GRID = re.compile(r"feeder F(\d+) load (\d+) MW peak (\d+) MW solar (\d+) MW\. config\?$")


def p_grid(q):
    m = RE_GRID.match(q)
    return dict(id=int(m[1]), load=int(m[2]), peak=int(m[3]), solar=int(m[4]), u_load="MW",
                u_peak="MW", u_solar="MW", peakl="peak")


WORKLOAD_SPECS = {
    "fraud-check": (Spec("fraud-check", r_fraud, FRAUD_SPACE, FRAUD_MUTS, answer=a_fraud,
                         exempt=FRAUD_EXEMPT), p_fraud),
    "crop-advice": (Spec("crop-advice", r_crop, CROP_SPACE, CROP_MUTS, answer=a_crop,
                         exempt=CROP_EXEMPT), p_crop),
    "grid-config": (Spec("grid-config", r_grid, GRID_SPACE, GRID_MUTS, answer=a_grid,
                         exempt=GRID_EXEMPT), p_grid),
}

# --------------------------------------------------------------------------------------------------
# free text
# --------------------------------------------------------------------------------------------------

WORLD_CITIES = ("Paris", "Madrid", "Lisbon", "Berlin", "Rome", "Cairo", "Istanbul", "Nairobi", "Lagos",
                "Dakar", "Tokyo", "Seoul", "Toronto", "Chicago", "Denver", "Lima", "Oslo", "Vienna",
                "Athens", "Dubai", "Marrakesh", "Accra")
COUNTRIES = ("France", "Spain", "Germany", "Italy", "Morocco", "Senegal", "Kenya", "Canada", "Japan",
             "Brazil", "Egypt", "Poland", "Ghana", "Portugal")
FRAME4 = [None, "clause-order", "question-first", "full-sentence"]


def two(rng, seq):
    a = rng.choice(seq)
    return a, other(rng, seq, a)


# ---- weather -------------------------------------------------------------------------------------

W_METRIC = {
    "high": ["high temperature", "maximum temperature", "max temp", "highest temperature"],
    "low": ["low temperature", "minimum temperature", "min temp", "lowest temperature"],
    "rain": ["chance of rain", "probability of rain", "rain chance", "likelihood of rain"],
    "wind": ["wind speed", "wind speed", "speed of the wind", "wind speed"],
}
W_UNIT = {
    "C": [" in Celsius", " in degrees C", " in deg C", " in degrees Celsius"],
    "F": [" in Fahrenheit", " in degrees F", " in deg F", " in degrees Fahrenheit"],
    "km/h": [" in km/h", " in kilometres per hour", " in kph", " in km per hour"],
    "mph": [" in mph", " in miles per hour", " in mph", " in miles/hour"],
    None: [""],
}
W_DAYS = ("today", "tomorrow", "on Saturday", "on Sunday", "on Monday", "on Friday")


def g_weather(r):
    metric = r.choice(("high", "low", "rain", "wind", "high", "low"))
    unit = {"high": r.choice("CF"), "low": r.choice("CF"), "rain": None,
            "wind": r.choice(("km/h", "mph"))}[metric]
    return dict(city=r.choice(WORLD_CITIES), day=r.choice(W_DAYS), metric=metric, unit=unit)


def r_weather(f, s):
    fc = P(s, "fc", ["forecast", "expected", "predicted"])
    m = P(s, "m", W_METRIC[f["metric"]])
    u = P(s, "u", W_UNIT[f["unit"]])
    day, city = f["day"], f["city"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"What is the {fc} {m} in {city} {day}{u}?"
    if fr == 1:
        return f"{cap(day)}, what {m} is {fc} for {city}{u}?"
    if fr == 2:
        return f"{city} {day}: {fc} {m}{u}?"
    return f"Could you tell me the {fc} {m} for {city} {day}{u}, please?"


def _w_flip(r, f):
    if f["metric"] not in ("high", "low"):
        return None
    return setf(f, metric="low" if f["metric"] == "high" else "high")


def _w_unit(r, f):
    sw = {"C": "F", "F": "C", "km/h": "mph", "mph": "km/h"}
    return setf(f, unit=sw[f["unit"]]) if f["unit"] else None


def _w_target(r, f):
    if f["metric"] == "rain":
        return setf(f, metric="high", unit=r.choice("CF"))
    return setf(f, metric="rain", unit=None)


WEATHER = Spec(
    "free-text:weather", r_weather,
    {"frame": (4, [None, "clause-order", "telegraphic", "polite-form"]), "fc": (3, "synonym"),
     "m": (4, "synonym"), "u": (4, "unit-spelled")},
    [("city-changed", lambda r, f: setf(f, city=other(r, WORLD_CITIES, f["city"]))),
     ("date-changed", lambda r, f: setf(f, day=other(r, W_DAYS, f["day"]))),
     ("min-max-flip", _w_flip),
     ("unit-changed", _w_unit),
     ("question-target-changed", _w_target)],
    gen=g_weather, count=40)

# ---- flights -------------------------------------------------------------------------------------

F_TRIP = {"one-way": ["one-way", "one way", "one-way", "one way"],
          "return": ["return", "round-trip", "round trip", "return"]}
F_CABIN = {"economy": ["economy", "economy class", "coach", "economy"],
           "business": ["business", "business class", "business class", "business"],
           "first": ["first class", "first class", "first class", "first class"]}
F_BA = {"before": ["before", "before", "earlier than", "before"],
        "after": ["after", "after", "later than", "after"]}


def g_flight(r):
    a, b = two(r, WORLD_CITIES)
    return dict(a=a, b=b, month=r.randrange(12), day=r.randrange(1, 29), trip=r.choice(tuple(F_TRIP)),
                pax=r.choice((1, 1, 2, 2, 3, 4)), cabin=r.choice(("economy", "economy", "business")),
                ba=r.choice(("before", "after")), hour=r.randrange(6, 22))


def r_flight(f, s):
    cheapest = P(s, "ch", ["cheapest", "lowest-priced", "least expensive", "lowest-cost"])
    trip = P(s, "trip", F_TRIP[f["trip"]])
    cabin = P(s, "cabin", F_CABIN[f["cabin"]])
    n = f["pax"]
    nn = words(n) if s.get("paxw", 0) % 2 else str(n)
    pax = P(s, "paxf", ["{} adult{}", "{} adult passenger{}"]).format(nn, "" if n == 1 else "s")
    dep = P(s, "dep", ["departing", "leaving", "departing", "taking off"])
    ba = P(s, "ba", F_BA[f["ba"]])
    date = fmt_date(f["month"], f["day"], s.get("date", 0))
    t = fmt_time(f["hour"], 0, s.get("time", 0))
    a, b = f["a"], f["b"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"What is the {cheapest} {trip} flight from {a} to {b} on {date} for {pax} in {cabin}, {dep} {ba} {t}?"
    if fr == 1:
        return f"On {date}, {dep} {ba} {t}, for {pax} in {cabin}: {cheapest} {trip} flight from {a} to {b}?"
    if fr == 2:
        return f"What's the {cheapest} fare? {a} to {b}, {date}, {trip}, {cabin}, {pax}, {dep} {ba} {t}"
    return f"{cap(cheapest)} {trip} flight {a} to {b}, {date}, {pax}, {cabin}, {dep} {ba} {t}?"


def _f_date(r, f):
    if r.random() < 0.7:
        d = f["day"] + r.choice((1, -1, 2, 7))
        return setf(f, day=d) if 1 <= d <= 28 else None
    return setf(f, month=(f["month"] + r.choice((1, -1))) % 12)


FLIGHTS = Spec(
    "free-text:flights", r_flight,
    {"frame": (4, [None, "clause-order", "question-first", "telegraphic"]), "ch": (4, "synonym"),
     "trip": (4, "synonym"), "cabin": (4, "synonym"), "paxw": (2, "number-words"),
     "paxf": (2, "synonym"), "dep": (4, "synonym"), "ba": (4, "synonym"), "date": DATE_SPACE,
     "time": TIME_SPACE},
    [("direction-swapped", lambda r, f: setf(f, a=f["b"], b=f["a"])),
     ("city-changed", lambda r, f: setf(f, b=r.choice([c for c in WORLD_CITIES if c not in (f["a"], f["b"])]))),
     ("date-changed", _f_date),
     ("option-changed", lambda r, f: setf(f, trip="return" if f["trip"] == "one-way" else "one-way")),
     ("option-changed", lambda r, f: setf(f, cabin=other(r, tuple(F_CABIN), f["cabin"]))),
     ("number-changed", lambda r, f: setf(f, pax=other(r, (1, 2, 3, 4, 5), f["pax"]))),
     ("before-after", lambda r, f: setf(f, ba="after" if f["ba"] == "before" else "before")),
     ("hour-changed", lambda r, f: setf(f, hour=other(r, range(6, 22), f["hour"]))),
     ("am-pm-flip", lambda r, f: setf(f, hour=f["hour"] + 12) if f["hour"] < 12 else setf(f, hour=f["hour"] - 12))],
    gen=g_flight, count=40)

# ---- shipping ------------------------------------------------------------------------------------

S_INS = {True: ["with insurance", "insured", "with insurance", "including insurance"],
         False: ["without insurance", "uninsured", "with no insurance", "excluding insurance"]}
S_SVC = ("standard", "express", "overnight")


def g_ship(r):
    a, b = two(r, COUNTRIES)
    return dict(w=r.choice((0.5, 1, 2, 2.5, 5, 7.5, 10, 12, 20, 25, 30)), unit="kg", a=a, b=b,
                svc=r.choice(S_SVC), ins=r.choice((True, False)))


def r_ship(f, s):
    w = qty(f["w"], f["unit"], s.get("wu", 0), s.get("comma", 0) == 1)
    parcel = P(s, "parcel", ["parcel", "package", "box", "parcel"])
    deliv = P(s, "deliv", ["delivery", "shipping", "service", "post"])
    ins = P(s, "ins", S_INS[f["ins"]])
    a, b, svc = f["a"], f["b"], f["svc"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"How much does it cost to ship {art(w)} {w} {parcel} from {a} to {b} by {svc} {deliv}, {ins}?"
    if fr == 1:
        return f"From {a} to {b}, {ins}, by {svc} {deliv}: how much to ship {art(w)} {w} {parcel}?"
    if fr == 2:
        return f"What's the price? {cap(svc)} {deliv} of {art(w)} {w} {parcel} from {a} to {b}, {ins}"
    return f"{cap(svc)} {deliv}, {w} {parcel}, {a} to {b}, {ins}: cost?"


def _s_dec(r, f):
    w = f["w"]
    if isinstance(w, float) and not w.is_integer():
        return setf(f, w=round(w * 10, 6))
    return setf(f, w=w / 10) if w >= 2 else None


SHIPPING = Spec(
    "free-text:shipping", r_ship,
    {"frame": (4, FRAME4[:3] + ["telegraphic"]), "wu": UNIT_SPACE, "comma": (2, "thousands-separator"),
     "parcel": (4, "synonym"), "deliv": (4, "synonym"), "ins": (4, "synonym")},
    [("number-x10", lambda r, f: setf(f, w=f["w"] * 10)),
     ("decimal-shift", _s_dec),
     ("unit-changed", lambda r, f: setf(f, unit="lb")),
     ("direction-swapped", lambda r, f: setf(f, a=f["b"], b=f["a"])),
     ("place-changed", lambda r, f: setf(f, b=other(r, COUNTRIES, f["b"]))),
     ("option-changed", lambda r, f: setf(f, svc=other(r, S_SVC, f["svc"]))),
     ("negation", lambda r, f: setf(f, ins=not f["ins"]))],
    gen=g_ship, count=36)

# ---- banking (loan repayment) --------------------------------------------------------------------

B_PER = {"month": ["monthly", "monthly", "per-month", "monthly"],
         "year": ["yearly", "annual", "per-year", "yearly"],
         "week": ["weekly", "weekly", "per-week", "weekly"]}


def g_loan(r):
    return dict(amount=r.choice((5000, 8000, 12000, 15000, 20000, 25000, 40000, 75000, 150000, 250000)),
                cur=r.choice(("EUR", "USD", "GBP")), rate=r.choice((2.9, 3.5, 4.25, 4.9, 5.5, 6.75, 7.2)),
                years=r.choice((3, 5, 7, 10, 15, 20, 25, 30)), per="month")


def r_loan(f, s):
    amt = money(f["amount"], f["cur"], s.get("money", 0), s.get("comma", 0) == 1)
    rate = pct(f["rate"], s.get("pct", 0))
    y = f["years"]
    ys = P(s, "yrs", ["{} years", "{} yrs", "{} years"]).format(words(y) if s.get("yrs", 0) % 3 == 2 else y)
    per = P(s, "per", B_PER[f["per"]])
    pay = P(s, "pay", ["payment", "repayment", "instalment", "installment"])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"What is the {per} {pay} on {art(amt)} {amt} loan at {rate} interest over {ys}?"
    if fr == 1:
        return f"If I borrow {amt} over {ys} at {rate} interest, what is my {per} {pay}?"
    if fr == 2:
        return f"{cap(per)} {pay}? {amt} loan, {rate} interest, {ys}"
    return f"Loan of {amt}, {rate} interest, {ys}: {per} {pay}?"


def _b_rate_dec(r, f):
    v = f["rate"]
    return setf(f, rate=round(v * 10, 6) if r.random() < 0.5 else round(v / 10, 6))


BANKING = Spec(
    "free-text:banking", r_loan,
    {"frame": (4, FRAME4[:3] + ["telegraphic"]), "money": MONEY_SPACE,
     "comma": (2, "thousands-separator"), "pct": PCT_SPACE,
     "yrs": (3, [None, "abbreviation", "number-words"]), "per": (4, "synonym"), "pay": (4, "synonym")},
    [("number-x10", lambda r, f: setf(f, amount=f["amount"] * 10)),
     ("number-changed", lambda r, f: setf(f, rate=other(r, (2.9, 3.5, 4.25, 4.9, 5.5, 6.75, 7.2), f["rate"]))),
     ("decimal-shift", _b_rate_dec),
     ("number-changed", lambda r, f: setf(f, years=other(r, (3, 5, 7, 10, 15, 20, 25, 30), f["years"]))),
     ("number-off-by-one", lambda r, f: setf(f, years=f["years"] + r.choice((1, -1)))),
     ("frequency-changed", lambda r, f: setf(f, per=r.choice(("year", "week")))),
     ("currency-changed", lambda r, f: setf(f, cur=other(r, ("EUR", "USD", "GBP", "CHF"), f["cur"])))],
    gen=g_loan, count=36)

# ---- health (paediatric dosage) ------------------------------------------------------------------

DRUGS = ("ibuprofen", "paracetamol", "amoxicillin", "cetirizine")
H_ADJ = {"day": ["daily", "daily", "24-hour", "daily"], "dose": ["single", "single", "one-time", "single"]}
H_ADV = {"day": ["per day", "in a day", "in 24 hours", "per day"],
         "dose": ["in one dose", "at once", "in a single dose", "in one dose"]}


def g_dose(r):
    return dict(drug=r.choice(DRUGS), age=r.randrange(2, 12), w=r.randrange(12, 41), unit="kg",
                per=r.choice(("day", "dose")))


def r_dose(f, s):
    mx = P(s, "mx", ["maximum", "max", "highest safe", "maximum"])
    child = P(s, "child", ["child", "kid", "child", "child"])
    age = words(f["age"]) if s.get("agew", 0) % 2 else str(f["age"])
    w = qty(f["w"], f["unit"], s.get("wu", 0))
    adj = P(s, "per", H_ADJ[f["per"]])
    adv = P(s, "per", H_ADV[f["per"]])
    d = f["drug"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"What is the {mx} {adj} dose of {d} for {art(age)} {age}-year-old {child} weighing {w}?"
    if fr == 1:
        return f"For a {child} aged {age} weighing {w}, what is the {mx} {adj} dose of {d}?"
    if fr == 2:
        return f"{cap(d)}: {mx} {adj} dose, {child} aged {age}, {w}?"
    return f"My {child} is {age} and weighs {w}. What is the most {d} they can take {adv}?"


HEALTH = Spec(
    "free-text:health", r_dose,
    {"frame": (4, FRAME4[:2] + ["telegraphic", "full-sentence"]), "mx": (4, "synonym"),
     "child": (4, "synonym"), "agew": (2, "number-words"), "wu": (3, UNIT_KINDS[:3]),
     "per": (4, "synonym")},
    [("number-changed", lambda r, f: setf(f, w=f["w"] + r.choice((-10, -8, -6, 6, 8, 10)))),
     ("unit-changed", lambda r, f: setf(f, unit="lb")),
     ("category-changed", lambda r, f: setf(f, drug=other(r, DRUGS, f["drug"]))),
     ("frequency-changed", lambda r, f: setf(f, per="dose" if f["per"] == "day" else "day")),
     ("number-x10", lambda r, f: setf(f, w=f["w"] * 10 if f["w"] < 15 else None) if f["w"] < 15 else None)],
    gen=g_dose, count=34)

# ---- IT support: failed logins, firewall rules ---------------------------------------------------

USERS = ("jdoe", "asmith", "mkhan", "lnguyen", "u10482", "svc-backup", "ops2", "kmensah")
HOSTS = ("srv-12", "db-03", "web-07", "mail-02", "vpn-01", "build-19")
IT_WIN = {"hour": ["last hour", "past hour", "last 60 minutes", "past 60 minutes"],
          "day": ["last 24 hours", "past 24 hours", "last day", "past day"],
          "week": ["last 7 days", "past 7 days", "last week", "past week"]}


def g_logins(r):
    return dict(user=r.choice(USERS), host=r.choice(HOSTS), win=r.choice(tuple(IT_WIN)),
                outcome=r.choice(("failed", "failed", "successful")))


def r_logins(f, s):
    lg = P(s, "lg", ["login", "log-in", "sign-in", "logon"])
    oc = P(s, "oc", {"failed": ["failed", "unsuccessful"], "successful": ["successful"]}[f["outcome"]])
    win = P(s, "win", IT_WIN[f["win"]])
    u, h = f["user"], f["host"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"How many {oc} {lg} attempts did user {u} have on {h} in the {win}?"
    if fr == 1:
        return f"In the {win}, how many {oc} {lg} attempts on {h} were made by user {u}?"
    if fr == 2:
        return f"Count of {oc} {lg} attempts? user {u}, host {h}, {win}"
    return f"{cap(oc)} {lg}s for {u} on {h}, {win}: how many?"


def _bump_id(r, ident):
    digits = [i for i, c in enumerate(ident) if c.isdigit()]
    if not digits:
        return ident + "2"
    i = r.choice(digits)
    d = other(r, "0123456789", ident[i])
    return ident[:i] + d + ident[i + 1:]


IT_LOGINS = Spec(
    "free-text:it-support", r_logins,
    {"frame": (4, FRAME4[:3] + ["telegraphic"]), "lg": (4, "synonym"), "oc": (2, "synonym"),
     "win": (4, "synonym")},
    [("identifier-changed", lambda r, f: setf(f, user=other(r, USERS, f["user"]))),
     ("identifier-changed", lambda r, f: setf(f, host=_bump_id(r, f["host"]))),
     ("time-window-changed", lambda r, f: setf(f, win=other(r, tuple(IT_WIN), f["win"]))),
     ("action-changed", lambda r, f: setf(f, outcome="successful" if f["outcome"] == "failed" else "failed"))],
    gen=g_logins, count=26)

PORTS = (22, 80, 443, 3306, 5432, 6379, 8080, 8443, 9200)
FW_ACT = {"allow": ["allow", "accept", "permit", "allow"], "block": ["block", "block", "block", "block"]}


def g_fw(r):
    return dict(act=r.choice(("allow", "block")), proto=r.choice(("TCP", "TCP", "UDP")), port=r.choice(PORTS),
                ip=f"10.{r.randrange(0, 5)}.{r.randrange(0, 40)}.{r.randrange(2, 250)}", dirn="from")


def r_fw(f, s):
    act = P(s, "act", FW_ACT[f["act"]])
    proto = f["proto"] if s.get("pcase", 0) % 2 == 0 else f["proto"].lower()
    port, ip, dn = f["port"], f["ip"], f["dirn"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"Give me the iptables command to {act} {proto} port {port} {dn} {ip}."
    if fr == 1:
        return f"What iptables rule would {act} {proto} traffic on port {port} {dn} {ip}?"
    if fr == 2:
        return f"iptables rule? {act} {proto} port {port} {dn} {ip}"
    return f"I need to {act} {proto} port {port} {dn} {ip} with iptables. What is the command?"


def _fw_ip(r, f):
    parts = f["ip"].split(".")
    parts[3] = str(other(r, range(2, 250), int(parts[3])))
    return setf(f, ip=".".join(parts))


IT_FW = Spec(
    "free-text:it-support", r_fw,
    {"frame": (4, [None, "question-first", "telegraphic", "full-sentence"]), "act": (4, "synonym"),
     "pcase": (2, "case")},
    [("action-changed", lambda r, f: setf(f, act="block" if f["act"] == "allow" else "allow")),
     ("option-changed", lambda r, f: setf(f, proto="UDP" if f["proto"] == "TCP" else "TCP")),
     ("number-changed", lambda r, f: setf(f, port=other(r, PORTS, f["port"]))),
     ("number-off-by-one", lambda r, f: setf(f, port=f["port"] + 1)),
     ("identifier-changed", _fw_ip),
     ("direction-changed", lambda r, f: setf(f, dirn="to"))],
    gen=g_fw, count=24)

# ---- currency conversion -------------------------------------------------------------------------

CURS = ("USD", "EUR", "GBP", "MAD", "JPY", "CHF", "CAD")
C_WHEN = {"today": ["today's rate", "the current rate", "today's exchange rate", "the rate today"],
          "yesterday": ["yesterday's rate", "yesterday's rate", "yesterday's exchange rate",
                        "the rate yesterday"]}
C_FEE = {None: [""],
         True: [", including the bank fee", ", bank fee included", ", with the bank fee included",
                ", including the bank fee"],
         False: [", not including the bank fee", ", bank fee not included",
                 ", without the bank fee included", ", excluding the bank fee"]}


def g_fx(r):
    a, b = two(r, CURS)
    return dict(amount=r.choice((20, 75, 120, 250, 480, 1000, 1500, 2400, 5000, 12000)), frm=a, to=b,
                when=r.choice(("today", "today", "yesterday")), fee=r.choice((None, None, True, False)))


def r_fx(f, s):
    amt = money(f["amount"], f["frm"], s.get("money", 0), s.get("comma", 0) == 1)
    to = f["to"] if s.get("tof", 0) % 2 == 0 else CUR_NAME[f["to"]]
    when = P(s, "when", C_WHEN[f["when"]])
    fee = P(s, "fee", C_FEE[f["fee"]])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"How much is {amt} in {to} at {when}{fee}?"
    if fr == 1:
        return f"At {when}, what is {amt} worth in {to}{fee}?"
    if fr == 2:
        return f"Convert {amt} to {to} at {when}{fee}."
    return f"{amt} to {to}, {when}{fee}: how much?"


def _fx_dec(r, f):
    v = f["amount"]
    return setf(f, amount=f"{v / 10:.1f}" if r.random() < 0.5 else f"{v / 100:.2f}")


CURRENCY = Spec(
    "free-text:currency", r_fx,
    {"frame": (4, FRAME4[:2] + ["imperative", "telegraphic"]), "money": MONEY_SPACE,
     "comma": (2, "thousands-separator"), "tof": (2, "currency-format"), "when": (4, "synonym"),
     "fee": (4, "synonym")},
    [("number-x10", lambda r, f: setf(f, amount=f["amount"] * 10)),
     ("decimal-shift", _fx_dec),
     ("number-off-by-one", lambda r, f: setf(f, amount=f["amount"] + 1)),
     ("direction-swapped", lambda r, f: setf(f, frm=f["to"], to=f["frm"])),
     ("currency-changed", lambda r, f: setf(f, to=r.choice([c for c in CURS if c not in (f["to"], f["frm"])]))),
     ("date-changed", lambda r, f: setf(f, when="yesterday" if f["when"] == "today" else "today")),
     ("negation", lambda r, f: setf(f, fee=not f["fee"]) if f["fee"] is not None else None)],
    gen=g_fx, count=36)

# ---- recipes: roasting time, scaling -------------------------------------------------------------

R_ITEMS = ("chicken", "turkey", "leg of lamb", "pork shoulder", "beef joint", "duck")
T_C = (160, 170, 180, 190, 200, 220)
T_F = (325, 350, 375, 400, 425)
TEMP_FMT = {"C": ["{} C", "{}C", "{} degrees C", "{} degrees Celsius"],
            "F": ["{} F", "{}F", "{} degrees F", "{} degrees Fahrenheit"]}


def g_roast(r):
    item = r.choice(R_ITEMS)
    unit = r.choice("CCF")
    return dict(item=item, w=r.choice((1.2, 1.5, 2, 2.5, 3, 4, 5)), t=r.choice(T_C if unit == "C" else T_F),
                tu=unit, stuffed=r.choice((True, False)) if item in ("chicken", "turkey", "duck") else None)


def r_roast(f, s):
    w = qty(f["w"], "kg", s.get("wu", 0))
    t = P(s, "tf", TEMP_FMT[f["tu"]]).format(f["t"])
    item = f["item"]
    if f["stuffed"] is True:
        item = "stuffed " + item
    elif f["stuffed"] is False:
        item = item + P(s, "ns", [" (not stuffed)", ", not stuffed,", " (unstuffed)"])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"How long should I roast {art(w)} {w} {item} at {t}?"
    if fr == 1:
        return f"At {t}, how long does {art(w)} {w} {item} need to roast?"
    if fr == 2:
        return f"Roasting time for {art(w)} {w} {item} at {t}?"
    return f"{cap(item)}, {w}, oven at {t}: how long to roast?"


RECIPES_ROAST = Spec(
    "free-text:recipes", r_roast,
    {"frame": (4, [None, "clause-order", "telegraphic", "telegraphic"]), "wu": (4, UNIT_KINDS[:4]),
     "tf": (4, [None, "unit-spacing", "unit-spelled", "unit-spelled"]), "ns": (3, "synonym")},
    [("number-changed", lambda r, f: setf(f, w=round(f["w"] + r.choice((1, 1.5, 2, -1)), 6) if f["w"] > 2 else round(f["w"] + r.choice((1, 1.5, 2)), 6))),
     ("number-changed", lambda r, f: setf(f, t=other(r, T_C if f["tu"] == "C" else T_F, f["t"]))),
     ("unit-changed", lambda r, f: setf(f, tu="F" if f["tu"] == "C" else "C")),
     ("category-changed", lambda r, f: setf(f, item=other(r, ("chicken", "turkey", "duck"), f["item"])) if f["stuffed"] is not None else setf(f, item=other(r, ("leg of lamb", "pork shoulder", "beef joint"), f["item"]))),
     ("negation", lambda r, f: setf(f, stuffed=not f["stuffed"]) if f["stuffed"] is not None else None)],
    gen=g_roast, count=26)

INGR = ("flour", "sugar", "butter", "rice", "oats")


def g_scale(r):
    n, m = two(r, (2, 3, 4, 6, 8, 10, 12))
    return dict(n=n, m=m, g=r.choice((150, 200, 250, 300, 400, 500, 750)), gu="g", ing=r.choice(INGR))


def r_scale(f, s):
    sv = P(s, "sv", ["servings", "portions", "people", "servings"])
    g = qty(f["g"], f["gu"], s.get("gu", 0)) if f["gu"] in UNITS else f"{f['g']} {f['gu']}"
    ing, n, m = f["ing"], f["n"], f["m"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"A recipe for {n} {sv} uses {g} of {ing}. How much {ing} do I need for {m} {sv}?"
    if fr == 1:
        return f"How much {ing} for {m} {sv} if a recipe for {n} {sv} takes {g}?"
    if fr == 2:
        return f"Scaling a recipe: {n} {sv} need {g} of {ing}. How much for {m} {sv}?"
    return f"{cap(ing)} for {m} {sv}, when the recipe says {g} for {n}?"


RECIPES_SCALE = Spec(
    "free-text:recipes", r_scale,
    {"frame": (4, [None, "question-first", "full-sentence", "telegraphic"]), "sv": (4, "synonym"),
     "gu": (4, UNIT_KINDS[:4])},
    [("values-swapped", lambda r, f: setf(f, n=f["m"], m=f["n"])),
     ("number-changed", lambda r, f: setf(f, g=other(r, (150, 200, 250, 300, 400, 500, 750), f["g"]))),
     ("number-off-by-one", lambda r, f: setf(f, m=f["m"] + 1) if f["m"] + 1 != f["n"] else None),
     ("unit-changed", lambda r, f: setf(f, gu=r.choice(("kg", "cups"))))],
    gen=g_scale, count=22)

# ---- sports --------------------------------------------------------------------------------------

TOURNS = ("Wimbledon", "US Open", "Roland Garros", "Australian Open")
S_G = {"men": ["men's", "mens", "men's"], "women": ["women's", "womens", "ladies'"]}
S_ROUND = {"final": ["final", "final", "final match"],
           "semi": ["semi-final", "semifinal", "semi final"]}


def g_sport(r):
    return dict(year=r.randrange(2005, 2024), g=r.choice(("men", "women")), rnd=r.choice(("final", "final", "semi")),
                res=r.choice(("won", "won", "won", "lost")), t=r.choice(TOURNS))


def r_sport(f, s):
    g = P(s, "g", S_G[f["g"]])
    rnd = P(s, "rnd", S_ROUND[f["rnd"]])
    name = f["t"]
    if name == "Roland Garros" and s.get("alias", 0) % 2:
        name = "French Open"
    at = name if name in ("Wimbledon", "Roland Garros") else "the " + name
    y, res = f["year"], f["res"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"Who {res} the {g} singles {rnd} at {at} in {y}?"
    if fr == 1:
        return f"In {y}, who {res} the {rnd} of the {g} singles at {at}?"
    if fr == 2:
        return f"{name} {y}, {g} singles {rnd}: who {res}?"
    noun = "winner" if res == "won" else "loser"
    return f"Who was the {noun} of the {y} {name} {g} singles {rnd}?"


SPORTS = Spec(
    "free-text:sports", r_sport,
    {"frame": (4, [None, "clause-order", "telegraphic", "full-sentence"]), "g": (3, "synonym"),
     "rnd": (3, "synonym"), "alias": (2, "entity-alias")},
    [("year-changed", lambda r, f: setf(f, year=f["year"] + r.choice((1, -1, 2, -3)))),
     ("category-changed", lambda r, f: setf(f, g="women" if f["g"] == "men" else "men")),
     ("category-changed", lambda r, f: setf(f, rnd="semi" if f["rnd"] == "final" else "final")),
     ("event-changed", lambda r, f: setf(f, t=other(r, TOURNS, f["t"]))),
     ("action-changed", lambda r, f: setf(f, res="lost" if f["res"] == "won" else "won"))],
    gen=g_sport, count=34)

# ---- exams ---------------------------------------------------------------------------------------


def g_exam(r):
    return dict(t=r.choice((50, 60, 65, 70, 75, 80, 85)), cw=r.choice((55, 62, 64.5, 68, 72.5, 77, 81, 88.5)),
                wt=r.choice((20, 25, 30, 40, 50, 60)))


def r_exam(f, s):
    st = s.get("pct", 0)
    t, cw, wt = pct(f["t"], st), pct(f["cw"], st), pct(f["wt"], st)
    fe = P(s, "fe", ["final exam", "final", "final exam"])
    cwl = P(s, "cwl", ["coursework average", "coursework avg", "average coursework mark"])
    ov = P(s, "ov", ["overall", "overall", "as my course grade"])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"What score do I need on the {fe} to get {t} {ov} if my {cwl} is {cw} and the {fe} is worth {wt}?"
    if fr == 1:
        return f"My {cwl} is {cw} and the {fe} is worth {wt} of the grade. What do I need on it to get {t} {ov}?"
    if fr == 2:
        return f"{cap(fe)} worth {wt}, {cwl} {cw}, target {t} {ov}: score needed?"
    return f"If the {fe} counts for {wt} and my {cwl} is {cw}, what {fe} score gets me {t} {ov}?"


def _e_dec(r, f):
    cw = f["cw"]
    if isinstance(cw, float):
        return setf(f, cw=round(cw / 10, 6))
    return setf(f, t=f"{f['t'] / 10:.1f}")


EXAMS = Spec(
    "free-text:exams", r_exam,
    {"frame": (4, [None, "clause-order", "telegraphic", "clause-order"]), "pct": PCT_SPACE,
     "fe": (3, "synonym"), "cwl": (3, "synonym"), "ov": (3, "synonym")},
    [("number-changed", lambda r, f: setf(f, t=other(r, (50, 60, 65, 70, 75, 80, 85, 90), f["t"]))),
     ("values-swapped", lambda r, f: setf(f, cw=f["wt"], wt=f["cw"]) if f["cw"] != f["wt"] else None),
     ("number-changed", lambda r, f: setf(f, wt=other(r, (20, 25, 30, 40, 50, 60), f["wt"]))),
     ("decimal-shift", _e_dec),
     ("number-off-by-one", lambda r, f: setf(f, t=f["t"] + 1))],
    gen=g_exam, count=30)

# ---- logistics: truck ETA, warehouse stock -------------------------------------------------------


def g_eta(r):
    a, b = two(r, WORLD_CITIES)
    km = r.random() < 0.7
    return dict(a=a, b=b, hour=r.randrange(4, 20), mi=r.choice((0, 0, 30, 15)),
                d=r.choice((120, 180, 240, 300, 360, 450, 520, 640)), du="km" if km else "miles",
                v=r.choice((60, 70, 80, 90)) if km else r.choice((45, 50, 55, 60)), vu="km/h" if km else "mph")


def r_eta(f, s):
    t = fmt_time(f["hour"], f["mi"], s.get("time", 0))
    d = qty(f["d"], f["du"], s.get("du", 0))
    v = qty(f["v"], f["vu"], s.get("vu", 0))
    a, b = f["a"], f["b"]
    avg = P(s, "avg", ["an average of", "an average speed of", "an average of"])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"A truck leaves {a} at {t} and drives {d} to {b} at {avg} {v}. When does it arrive?"
    if fr == 1:
        return f"When will a truck reach {b} if it leaves {a} at {t} and covers the {d} at {avg} {v}?"
    if fr == 2:
        return f"Arrival time? Truck departs {a} at {t}, {d} to {b}, average speed {v}"
    return f"Truck departs {a} {t}, {d} to {b}, {v} average: arrival time?"


LOG_ETA = Spec(
    "free-text:logistics", r_eta,
    {"frame": (4, FRAME4[:3] + ["telegraphic"]), "time": TIME_SPACE, "du": (3, UNIT_KINDS[:3]),
     "vu": (3, UNIT_KINDS[:3]), "avg": (2, "synonym")},
    [("hour-changed", lambda r, f: setf(f, hour=other(r, range(4, 20), f["hour"]))),
     ("am-pm-flip", lambda r, f: setf(f, hour=f["hour"] + 12) if f["hour"] < 12 else setf(f, hour=f["hour"] - 12)),
     ("number-x10", lambda r, f: setf(f, d=f["d"] * 10)),
     ("number-changed", lambda r, f: setf(f, v=f["v"] + r.choice((-20, -10, 10, 20)))),
     ("unit-changed", lambda r, f: setf(f, du="miles" if f["du"] == "km" else "km")),
     ("number-changed", lambda r, f: setf(f, mi=other(r, (0, 15, 30, 45), f["mi"])))],
    gen=g_eta, count=26)

WAREHOUSES = ("Rotterdam", "Tangier", "Lyon", "Hamburg", "Valencia", "Mombasa")
STOCK_STATE = {"stock": ["in stock", "in stock", "on hand", "in stock"],
               "reserved": ["reserved", "reserved", "reserved", "reserved"],
               "backorder": ["on backorder", "backordered", "on back order", "backordered"]}


def g_stock(r):
    return dict(sku=f"SKU-{r.randrange(10000, 99999)}", wh=r.choice(WAREHOUSES), month=r.randrange(12),
                day=r.randrange(1, 29), state=r.choice(("stock", "stock", "reserved", "backorder")))


def r_stock(f, s):
    st = P(s, "st", STOCK_STATE[f["state"]])
    date = fmt_date(f["month"], f["day"], s.get("date", 0))
    sku, wh = f["sku"], f["wh"]
    unit = P(s, "unit", ["units", "units", "pieces", "items"])
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"How many {unit} of {sku} are {st} at the {wh} warehouse as of {date}?"
    if fr == 1:
        return f"As of {date}, how many {unit} of {sku} are {st} in the {wh} warehouse?"
    if fr == 2:
        return f"Stock check: {sku} at {wh}, {unit} {st}, as of {date}?"
    return f"{sku} {unit} {st}, {wh} warehouse, as of {date}: how many?"


LOG_STOCK = Spec(
    "free-text:logistics", r_stock,
    {"frame": (4, FRAME4[:2] + ["telegraphic", "telegraphic"]), "st": (4, "synonym"), "date": DATE_SPACE,
     "unit": (4, "synonym")},
    [("identifier-changed", lambda r, f: setf(f, sku=_bump_id(r, f["sku"]))),
     ("place-changed", lambda r, f: setf(f, wh=other(r, WAREHOUSES, f["wh"]))),
     ("date-changed", lambda r, f: setf(f, day=f["day"] + r.choice((1, -1))) if 1 < f["day"] < 28 else setf(f, month=(f["month"] + 1) % 12)),
     ("state-changed", lambda r, f: setf(f, state=other(r, tuple(STOCK_STATE), f["state"])))],
    gen=g_stock, count=22)

# ---- time zones ----------------------------------------------------------------------------------

TZ = ("Tokyo", "London", "New York", "Dubai", "Los Angeles", "Singapore", "Sao Paulo", "Mumbai")


def g_tz(r):
    a, b = two(r, TZ)
    return dict(a=a, b=b, hour=r.randrange(24), mi=r.choice((0, 0, 0, 30)))


def r_tz(f, s):
    t = fmt_time(f["hour"], f["mi"], s.get("time", 0))
    a, b = f["a"], f["b"]
    fr = s.get("frame", 0) % 4
    if fr == 0:
        return f"What time is it in {b} when it is {t} in {a}?"
    if fr == 1:
        return f"If it's {t} in {a}, what time is it in {b}?"
    if fr == 2:
        return f"{t} in {a} is what time in {b}?"
    return f"Convert {t} {a} time to {b} time."


TIMEZONES = Spec(
    "free-text:timezones", r_tz,
    {"frame": (4, [None, "clause-order", "telegraphic", "imperative"]), "time": TIME_SPACE},
    [("direction-swapped", lambda r, f: setf(f, a=f["b"], b=f["a"])),
     ("city-changed", lambda r, f: setf(f, b=r.choice([c for c in TZ if c not in (f["a"], f["b"])]))),
     ("hour-changed", lambda r, f: setf(f, hour=other(r, range(24), f["hour"]))),
     ("am-pm-flip", lambda r, f: setf(f, hour=(f["hour"] + 12) % 24)),
     ("number-changed", lambda r, f: setf(f, mi=other(r, (0, 15, 30, 45), f["mi"])))],
    gen=g_tz, count=26)

FREE_SPECS = [WEATHER, FLIGHTS, SHIPPING, BANKING, HEALTH, IT_LOGINS, IT_FW, CURRENCY, RECIPES_ROAST,
              RECIPES_SCALE, SPORTS, EXAMS, LOG_ETA, LOG_STOCK, TIMEZONES]

# --------------------------------------------------------------------------------------------------
# text-level rewordings (never touch a fact token)
# --------------------------------------------------------------------------------------------------

PROTECT = {"MW", "kW", "W", "mm", "cm", "kg", "g", "lb", "oz", "km", "mph", "kph", "C", "F", "MAD", "EUR",
           "USD", "GBP", "JPY", "CHF", "CAD", "pH", "TCP", "UDP", "PV", "AM", "PM", "I", "SKU", "US"}
COMMON_FIRST = {"what", "how", "who", "which", "when", "if", "in", "can", "could", "give", "convert",
                "card", "soil", "feeder", "at", "for", "from", "on", "my", "a", "is", "the", "roasting",
                "scaling", "count", "stock", "loan", "arrival", "region", "fraud", "config", "crop",
                "configuration", "as", "iptables", "truck", "failed", "successful", "unsuccessful",
                "cheapest", "lowest-priced", "least", "lowest-cost", "express", "standard", "overnight",
                "monthly", "yearly", "weekly", "annual", "i"}
WORD = re.compile(r"[A-Za-z][A-Za-z'/-]*")


def _eligible(tok):
    return tok not in PROTECT and tok.isalpha() and len(tok) > 1


def t_case(rng, t, fam):
    mode = rng.choice(("lower", "lower", "first", "title", "upper"))
    if fam == "free-text:it-support":
        mode = "first"   # user names are case-sensitive; only the sentence start changes case
    if mode == "first":
        return (t[0].upper() if t[0].islower() else t[0].lower()) + t[1:] if t[:1].isalpha() else None
    f = {"lower": str.lower, "title": str.capitalize, "upper": str.upper}[mode]
    return re.sub(r"[A-Za-z]+", lambda m: f(m[0]) if _eligible(m[0]) else m[0], t)


def t_space(rng, t, _fam):
    gaps = [m.start() for m in re.finditer(" ", t)]
    if not gaps:
        return None
    out = t
    for i in sorted(rng.sample(gaps, min(len(gaps), rng.choice((1, 2)))), reverse=True):
        out = out[:i] + "  " + out[i + 1:]
    if rng.random() < 0.4:
        out = out + " "
    if rng.random() < 0.3:
        out = " " + out
    return out


def t_punct(rng, t, _fam):
    ops = []
    if t.endswith(("?", ".")):
        ops.append(lambda x: x[:-1])
        ops.append(lambda x: x[:-1] + "??" if x.endswith("?") else x[:-1] + "!")
    else:
        ops.append(lambda x: x + "?")
    if re.search(r"(?<=[a-z0-9]) *\. (?=[a-z])", t) and "no. " not in t and ".m. " not in t:
        ops.append(lambda x: re.sub(r"(?<=[a-z0-9])\. (?=[a-z])", rng.choice((", ", " - ", "; ")), x))
    if re.search(r"(?<=[A-Za-z]), (?=[A-Za-z])", t):
        ops.append(lambda x: re.sub(r"(?<=[A-Za-z]), (?=[A-Za-z])", " ", x))
    if ", " in t:
        ops.append(lambda x: x.replace(", ", "; ", 1))
    if ": " in t:
        ops.append(lambda x: x.replace(": ", " - ", 1))
    return rng.choice(ops)(t)


POLITE_PRE = ("Please tell me: ", "Quick question: ", "Hi, ", "Hello! ", "Can you help? ", "Hey - ",
              "Question: ", "Please help: ")
POLITE_SUF = (" Thanks!", " Thank you.", " Thanks in advance.", " thx", " Cheers", " Many thanks.")
CONTEXT_PRE = ("For a report: ", "Asking for a colleague: ", "Need this quickly: ",
               "Sorry if this was asked before: ", "One more: ", "I need this for work: ",
               "Double-checking: ")
CONTEXT_SUF = (" I need this for a report.", " (asking for my team)", " Need it soon.",
               " Just double-checking.")


def _lower_first(t):
    w = t.split(" ", 1)[0]
    if w.lower().strip(",:?") in COMMON_FIRST and w[:1].isupper() and w != "I" and not w.startswith("I'"):
        return t[0].lower() + t[1:]
    return t


def t_polite(rng, t, _fam):
    if rng.random() < 0.6:
        p = rng.choice(POLITE_PRE)
        return p + (_lower_first(t) if p.endswith(", ") else t)
    return t + rng.choice(POLITE_SUF)


def t_context(rng, t, _fam):
    if rng.random() < 0.65:
        p = rng.choice(CONTEXT_PRE)
        return p + (_lower_first(t) if p.endswith((", ", ": ")) else t)
    return t + rng.choice(CONTEXT_SUF)


CONTRACTIONS = (("What is", "What's"), ("what is", "what's"), ("It is", "It's"), ("it is", "it's"),
                ("I am", "I'm"), ("do not", "don't"), ("does not", "doesn't"), ("Who is", "Who's"),
                ("is not", "isn't"), ("If it's", "If it is"), ("I need", "I'll need"))


def t_contraction(rng, t, _fam):
    cands = []
    for a, b in CONTRACTIONS[:-1]:
        if re.search(r"\b" + re.escape(a) + r"\b", t):
            cands.append((a, b))
        if re.search(r"\b" + re.escape(b) + r"\b", t):
            cands.append((b, a))
    if not cands:
        return None
    a, b = rng.choice(cands)
    return re.sub(r"\b" + re.escape(a) + r"\b", b, t, count=1)


TYPO_OK = {"which", "should", "forecast", "temperature", "expected", "predicted", "cheapest", "flight",
           "departing", "leaving", "payments", "transactions", "purchases", "repayment", "interest",
           "weighing", "attempts", "command", "convert", "roasting", "recipe", "servings", "portions",
           "coursework", "average", "truck", "warehouse", "configuration", "fraud", "feeder", "rainfall",
           "region", "please", "weather", "shipping", "parcel", "package", "delivery", "insurance",
           "payment", "borrow", "traffic", "probability", "chance", "speed", "singles", "winner",
           "score", "arrival", "cardholder", "precipitation", "settings", "solar",
           "output", "demand", "field", "season", "fraudulent", "price", "units", "stock", "check",
           "worth", "exchange", "current", "count", "arrive", "reach", "departs", "rule", "iptables",
           "passenger", "passengers", "adults", "fare", "tell", "could", "much", "many", "long",
           "oven", "need", "dose", "weighs", "grade", "target", "needed", "counts"}


def t_typo(rng, t, _fam):
    cands = [m for m in WORD.finditer(t) if m[0].lower() in TYPO_OK and len(m[0]) >= 5]
    if not cands:
        return None
    m = rng.choice(cands)
    w = m[0]
    op = rng.choice(("swap", "drop", "double"))
    i = rng.randrange(1, len(w) - 2)
    if op == "swap":
        nw = w[:i] + w[i + 1] + w[i] + w[i + 2:]
    elif op == "drop":
        nw = w[:i] + w[i + 1:]
    else:
        nw = w[:i] + w[i] + w[i:]
    if nw == w:
        return None
    return t[:m.start()] + nw + t[m.end():]


ABBREV = (("tomorrow", "tmrw"), ("please", "pls"), ("temperature", "temp"), ("configuration", "config"),
          ("average", "avg"), ("maximum", "max"), ("minimum", "min"), ("without", "w/o"), ("with", "w/"),
          ("years", "yrs"), ("and", "&"), ("number", "no."), ("transactions", "txns"), ("degrees", "deg"),
          ("percent", "pct"), ("minutes", "mins"), ("you", "u"), ("kilometres", "km"),
          ("information", "info"), ("approximately", "approx"), ("hours", "hrs"),
          ("quantity", "qty"), ("payments", "pmts"))


def t_abbrev(rng, t, _fam):
    cands = []
    for long, short in ABBREV:
        if re.search(r"\b" + long + r"\b", t):
            cands.append((r"\b" + long + r"\b", short))
        sp = re.escape(short) + (r"(?=\s)" if not short[-1].isalnum() else r"\b")
        if re.search(r"(?<![A-Za-z0-9/])" + sp, t):
            cands.append((r"(?<![A-Za-z0-9/])" + sp, long))
    if not cands:
        return None
    pat, rep = rng.choice(cands)
    return re.sub(pat, rep, t, count=1)


TEXT_TRANSFORMS = [
    ("case", t_case, 0.35), ("whitespace", t_space, 0.3), ("punctuation", t_punct, 0.8),
    ("polite-wrapper", t_polite, 0.9), ("context-prefix", t_context, 0.7),
    ("contraction", t_contraction, 0.8), ("typo", t_typo, 0.8), ("abbreviation", t_abbrev, 1.0),
]


# --------------------------------------------------------------------------------------------------
# generation
# --------------------------------------------------------------------------------------------------

def ok(t: str) -> bool:
    return bool(t.strip()) and len(t) <= MAX_LEN and all(32 <= ord(c) < 127 for c in t)


def norm(t: str) -> str:
    return " ".join(t.lower().split())


KIND_PRIORITY = ("unit-converted", "currency-format", "unit-spelled", "number-words", "abbreviation",
                 "unit-spacing")


def _kind_of(spec, key, src, dst):
    n, kinds = spec.space[key]
    if isinstance(kinds, str):
        return kinds
    ks = [k for k in (kinds[src % len(kinds)], kinds[dst % len(kinds)]) if k]
    for k in KIND_PRIORITY:
        if k in ks:
            return k
    return ks[-1] if ks else "synonym"


def reword_candidates(rng, spec, f, s, stored):
    cands: dict[str, list[str]] = {}

    def add(kind, text):
        if text and text != stored and ok(text):
            cands.setdefault(kind, []).append(text)

    for key, (n, _k) in spec.space.items():
        cur = s.get(key, 0) % n
        for o in range(n):
            if o == cur:
                continue
            s2 = dict(s)
            s2[key] = o
            if key == "frame":
                for qk in ("q", "qf"):
                    if qk in spec.space:
                        s2[qk] = rng.randrange(spec.space[qk][0])
            t = spec.render(f, s2)
            if norm(t) != norm(stored):
                add(_kind_of(spec, key, cur, o), t)
    for kind, fn, _w in TEXT_TRANSFORMS:
        for _ in range(2):
            add(kind, fn(rng, stored, spec.family))
    keys = list(spec.space)
    for _ in range(3):
        s2 = dict(s)
        for key in rng.sample(keys, min(len(keys), rng.choice((2, 3)))):
            n = spec.space[key][0]
            s2[key] = rng.randrange(n)
        t = spec.render(f, s2)
        if rng.random() < 0.4:
            _k, fn, _w = rng.choice(TEXT_TRANSFORMS[2:])
            t = fn(rng, t, spec.family) or t
        if norm(t) != norm(stored):
            add("multi-edit", t)
    return cands


NUM = re.compile(r"\d+(?:[.,]\d+)*")


def one_change(kind, stored, asked):
    """The asked prompt differs from the stored one in one region (two for swaps/target changes)."""
    a, b = stored.split(), asked.split()
    ops = [op for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op[0] != "equal"]
    limit = 2 if kind in ("values-swapped", "direction-swapped", "question-target-changed") else 1
    if len(ops) > limit:
        return False
    if kind in ("unit-changed", "currency-changed", "action-changed", "negation", "label-changed"):
        return sorted(NUM.findall(stored)) == sorted(NUM.findall(asked))
    return True


def near_miss_candidates(rng, spec, f, s, stored):
    cands: dict[str, list[str]] = {}
    base_ans = spec.answer(f) if spec.answer else None
    for kind, fn in spec.muts:
        for _ in range(10):
            f2 = fn(rng, f)
            if f2 is None or f2 == f:
                continue
            if spec.answer and kind not in spec.exempt:
                a2 = spec.answer(f2)
                if a2 is None or a2 == base_ans:
                    continue
            t = spec.render(f2, s)
            if ok(t) and norm(t) != norm(stored) and one_change(kind, stored, t):
                cands.setdefault(kind, []).append(t)
                break
    return cands


WEIGHTS = {k: w for k, _fn, w in TEXT_TRANSFORMS}


def _choose(rng, cands, n, weights=None):
    kinds = list(cands)
    out = []
    while kinds and len(out) < n:
        ws = [(weights or {}).get(k, 1.0) for k in kinds]
        k = rng.choices(kinds, weights=ws)[0]
        kinds.remove(k)
        out.append((k, rng.choice(cands[k])))
    return out


def _emit(rng, spec, f, s, stored, out, seen, n_rew, n_nm):
    for kind, text in _choose(rng, reword_candidates(rng, spec, f, s, stored), n_rew, WEIGHTS):
        if (stored, text) not in seen:
            seen.add((stored, text))
            out.append(Pair(spec.family, "rewording:" + kind, stored, text, True))
    for kind, text in _choose(rng, near_miss_candidates(rng, spec, f, s, stored), n_nm):
        if (stored, text) not in seen:
            seen.add((stored, text))
            out.append(Pair(spec.family, "near-miss:" + kind, stored, text, False))


def pairs(seed: int = 2026) -> list[Pair]:
    rng = random.Random(seed)
    out: list[Pair] = []
    seen: set = set()

    for ex in examples(300, seed=seed):
        spec, parse = WORKLOAD_SPECS[ex.workload]
        f = parse(ex.question)
        s: dict = {}
        stored = spec.render(f, s)
        assert stored == ex.question, (stored, ex.question)
        n_rew = 1 + (rng.random() < 0.45)
        n_nm = 2 + (rng.random() < 0.35)
        _emit(rng, spec, f, s, stored, out, seen, n_rew, n_nm)

    for spec in FREE_SPECS:
        made = 0
        tries = 0
        stored_seen = set()
        while made < spec.count and tries < spec.count * 20:
            tries += 1
            f = spec.gen(rng)
            s = {k: rng.randrange(n) for k, (n, _kinds) in spec.space.items()}
            stored = spec.render(f, s)
            if not ok(stored) or stored in stored_seen:
                continue
            stored_seen.add(stored)
            made += 1
            n_rew = 1 + (rng.random() < 0.5)
            n_nm = 1 + (rng.random() < 0.75)
            _emit(rng, spec, f, s, stored, out, seen, n_rew, n_nm)
    return out


if __name__ == "__main__":
    ps = pairs()
    print(len(ps), sum(not p.should_hit for p in ps), sum(p.should_hit for p in ps), len({p.kind for p in ps}))
