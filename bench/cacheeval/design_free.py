"""The second design split of the cache evaluation: free-text questions a user sends an LLM, in eighteen domains.

Written apart from the guard's code (by someone who read neither the guard, the prompt reader nor the held-out
split) and then used to shape the guard: a training set, like bench/cacheeval/design.py, whose figures
flatter. The held-out split is still bench/cacheeval/heldout.py.

Each domain has a few question templates whose slots (numbers with units, amounts of money, cities,
dates, hours, items) are drawn at random, and its own vocabulary tables: the synonyms, abbreviations,
spellings and derivations that reword its questions without changing what they ask, and the antonyms,
co-hyponyms, action verbs, superlatives, time windows and added constraints that make a near miss, a
question that looks alike but needs a different answer. A template may also list whole alternative
wordings (clause order, question form, derivation) and whole near-miss variants of its own.

A pair is (stored, asked, should_hit). Families are "free-text:<domain>"; kinds are "rewording:<rule>"
and "near-miss:<rule>", the rule a generic name (synonym, clause-order, number-format, co-hyponym,
roles-swapped, time-window, ...). Every prompt is printable ASCII of at most 160 characters.
"""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from dataclasses import dataclass, field, replace

from bench.cacheeval import Pair

MAX_LEN = 160
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
NUMWORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve")

# unit abbreviation -> (singular spelled, plural spelled, may be written attached to the number: "2kg")
UNITS = {
    "kg": ("kilogram", "kilograms", True), "lb": ("pound", "pounds", True), "g": ("gram", "grams", True),
    "km": ("kilometre", "kilometres", True), "cm": ("centimetre", "centimetres", True),
    "m": ("metre", "metres", True), "mm": ("millimetre", "millimetres", True),
    "C": ("degree Celsius", "degrees Celsius", True), "F": ("degree Fahrenheit", "degrees Fahrenheit", True),
    "kWh": ("kilowatt-hour", "kilowatt-hours", True), "MWh": ("megawatt-hour", "megawatt-hours", True),
    "W": ("watt", "watts", True), "kW": ("kilowatt", "kilowatts", True),
    "GB": ("gigabyte", "gigabytes", True), "MB": ("megabyte", "megabytes", True),
    "min": ("minute", "minutes", False), "%": ("percent", "percent", True),
}
# units that are already words: plural -> singular
WORD_UNITS = {"days": "day", "nights": "night", "people": "person", "adults": "adult", "years": "year",
              "months": "month", "weeks": "week", "hours": "hour", "miles": "mile", "minutes": "minute"}
# currency code -> (singular name, plural name)
CURRENCIES = {
    "EUR": ("euro", "euros"), "USD": ("US dollar", "US dollars"), "GBP": ("British pound", "British pounds"),
    "JPY": ("Japanese yen", "Japanese yen"), "CHF": ("Swiss franc", "Swiss francs"),
    "CAD": ("Canadian dollar", "Canadian dollars"), "AUD": ("Australian dollar", "Australian dollars"),
    "INR": ("Indian rupee", "Indian rupees"), "MAD": ("Moroccan dirham", "Moroccan dirhams"),
    "SEK": ("Swedish krona", "Swedish kronor"), "MXN": ("Mexican peso", "Mexican pesos"),
}

# generic rewording rules (not vocabulary): contractions, and words a user wraps around a question
CONTRACTIONS = (("I am", "I'm"), ("I have", "I've"), ("I would", "I'd"), ("I will", "I'll"), ("do not", "don't"),
                ("does not", "doesn't"), ("is not", "isn't"), ("what is", "what's"), ("it is", "it's"),
                ("cannot", "can't"), ("should not", "shouldn't"), ("who is", "who's"), ("that is", "that's"))
FILLER = (("quick question: ", ""), ("hey, ", ""), ("so, ", ""), ("just wondering, ", ""), ("question: ", ""),
          ("ok so ", ""), ("", " any idea?"), ("", " just curious."), ("", " need to know asap"))
POLITENESS = (("hello, ", ""), ("hi there! ", ""), ("please tell me: ", ""), ("excuse me, ", ""),
              ("", " thanks!"), ("", " thank you."), ("", " thanks in advance."), ("", " many thanks!"),
              ("", " please help."))


# ---------------------------------------------------------------------------------------------------------
# slot values


def _num(v: float, comma: bool = False, money_decimals: bool = False) -> str:
    if money_decimals:
        s = f"{v:.2f}" if abs(round(v, 2) - v) < 1e-9 else f"{v:g}"
        return s
    if abs(v - round(v)) < 1e-9:
        return f"{int(round(v)):,}" if comma else str(int(round(v)))
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _move_decimal(s: str, r: random.Random) -> float | None:
    """'38.5' -> 3.85 or 385: the same digits with the point moved one place."""
    s = s.lstrip("-")
    if "." not in s:
        return None
    digits, pos = s.replace(".", ""), s.index(".")
    out = []
    for p in (pos - 1, pos + 1):
        if 1 <= p <= len(digits):
            v = float(digits[:p] + "." + digits[p:]) if p < len(digits) else float(digits)
            if v > 0:
                out.append(v)
    return r.choice(out) if out else None


@dataclass(frozen=True)
class ChoiceVal:
    text: str
    base: str

    def render(self) -> str:
        return self.text


@dataclass(frozen=True)
class QtyVal:
    v: float
    unit: str
    spelled: bool = False
    attached: bool = False
    comma: bool = False
    word: bool = False
    attributive: bool = False

    def render(self) -> str:
        integral = abs(self.v - round(self.v)) < 1e-9
        n = NUMWORDS[int(round(self.v))] if self.word and integral and 0 <= self.v <= 12 else _num(self.v, self.comma)
        if not self.unit:
            return n
        one = abs(self.v) == 1
        if self.unit == "%":
            return n + (" percent" if self.spelled else "%")
        if self.unit in UNITS:
            sing, plur, _ = UNITS[self.unit]
            if self.spelled:
                return f"{n}-{sing}" if self.attributive else f"{n} {sing if one else plur}"
            return n + ("" if self.attached else " ") + self.unit
        return f"{n} {WORD_UNITS.get(self.unit, self.unit) if one else self.unit}"


@dataclass(frozen=True)
class MoneyVal:
    v: float
    cur: str
    style: str  # code "250 EUR" | prefix "EUR 250" | symbol "$250" | spelled "250 euros"
    comma: bool = False
    k: bool = False
    decimals: bool = False

    def render(self) -> str:
        sign, a = ("-" if self.v < 0 else ""), abs(self.v)
        if self.k:
            n = f"{int(a) // 1000}k"
        else:
            n = _num(a, self.comma, self.decimals)
        if self.style == "symbol":
            return f"{sign}${n}"
        if self.style == "prefix":
            return f"{self.cur} {sign}{n}"
        if self.style == "spelled":
            sing, plur = CURRENCIES[self.cur]
            return f"{sign}{n} {sing if a == 1 else plur}"
        return f"{sign}{n} {self.cur}"


@dataclass(frozen=True)
class CurVal:
    code: str
    spelled: bool
    singular: bool

    def render(self) -> str:
        if not self.spelled:
            return self.code
        return CURRENCIES[self.code][0 if self.singular else 1]


@dataclass(frozen=True)
class DateVal:
    day: int
    month: int
    year: int | None
    style: str

    def render(self) -> str:
        d, m = self.day, MONTHS[self.month]
        th = f"{d}{'th' if 10 <= d % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"
        body = {"dm": f"{d} {m}", "md": f"{m} {d}", "dmth": f"{th} {m}", "mdth": f"{m} {th}",
                "the": f"the {th} of {m}"}[self.style]
        if self.year is None:
            return body
        return f"{body}, {self.year}" if self.style in ("md", "mdth") else f"{body} {self.year}"


@dataclass(frozen=True)
class HourVal:
    h: int
    m: int
    style: str  # "24" 18:30 | "ampm" 6:30pm | "ampm_sp" 6:30 pm

    def render(self) -> str:
        if self.style == "24":
            return f"{self.h:02d}:{self.m:02d}"
        h12, suf = (self.h % 12 or 12), ("am" if self.h < 12 else "pm")
        t = f"{h12}" if self.m == 0 else f"{h12}:{self.m:02d}"
        return t + (" " if self.style == "ampm_sp" else "") + suf


# ---------------------------------------------------------------------------------------------------------
# slots: how a value is drawn, reworded (same question) and changed (near miss)


@dataclass(frozen=True)
class Choice:
    """One of several co-hyponyms (or two antonyms: near_kind="antonym"); near_kind None when changing it
    would not change the answer. aliases: option -> ((rewording kind, other wording), ...)."""

    options: tuple[str, ...]
    aliases: dict = field(default_factory=dict)
    pool: str | None = None
    near_kind: str | None = "co-hyponym"

    def draw(self, r: random.Random, vals: dict, taken: set) -> ChoiceVal:
        o = r.choice([x for x in self.options if x not in taken])
        alts = self.aliases.get(o, ())
        if alts and r.random() < 0.2:
            return ChoiceVal(r.choice(alts)[1], o)
        return ChoiceVal(o, o)

    def rewords(self, val: ChoiceVal, r: random.Random) -> list:
        alts = self.aliases.get(val.base, ())
        out = [(kind, ChoiceVal(alt, val.base)) for kind, alt in alts if alt != val.text]
        if val.text != val.base:
            kind = next(k for k, a in alts if a == val.text)
            out.append((kind, ChoiceVal(val.base, val.base)))
        return out

    def nears(self, val: ChoiceVal, r: random.Random) -> list:
        if self.near_kind is None:
            return []
        others = [o for o in self.options if o != val.base]
        return [(self.near_kind, ChoiceVal(o, o)) for o in r.sample(others, min(2, len(others)))]


@dataclass(frozen=True)
class Qty:
    unit: str = ""
    values: tuple = ()
    alt_units: tuple = ()
    unit_kind: str = "unit"
    signed: bool = False
    comma: bool = True
    spell: bool = False
    near: bool = True
    ops: tuple = ("other", "step", "x2", "x10")
    step: float = 1
    attributive: bool = False  # "a 2000-watt heater": a spelled unit stays singular

    def draw(self, r: random.Random, vals: dict, taken: set) -> QtyVal:
        v = r.choice(self.values)
        if self.signed and r.random() < 0.5:
            v = -v
        known = self.unit in UNITS and self.unit != "%"
        spelled = known and r.random() < 0.2
        attached = known and UNITS[self.unit][2] and not spelled and r.random() < 0.3
        comma = self.comma and abs(v) >= 1000 and r.random() < 0.5
        word = self.spell and r.random() < 0.2
        return QtyVal(v, self.unit, spelled, attached, comma, word, self.attributive)

    def rewords(self, val: QtyVal, r: random.Random) -> list:
        out = []
        integral = abs(val.v - round(val.v)) < 1e-9
        if self.comma and abs(val.v) >= 1000 and integral and not val.word:
            out.append(("number-format", replace(val, comma=not val.comma)))
        if val.unit in UNITS and val.unit != "%" and UNITS[val.unit][2] and not val.spelled:
            out.append(("number-format", replace(val, attached=not val.attached)))
        if val.unit in UNITS:
            out.append(("unit-spelled", replace(val, spelled=not val.spelled, attached=False)))
        if self.spell and integral and 1 <= val.v <= 12:
            out.append(("number-spelled", replace(val, word=not val.word)))
        return out

    def nears(self, val: QtyVal, r: random.Random) -> list:
        if not self.near:
            return []
        out = []
        sign, a = (-1 if val.v < 0 else 1), abs(val.v)
        news = []
        for op in self.ops:
            if op == "other":
                others = [x for x in self.values if x != a]
                if others:
                    news.append(r.choice(others))
            elif op == "step":
                news.append(a + self.step)
                if a - self.step > 0:
                    news.append(a - self.step)
            elif op == "x2":
                news.append(a * 2)
            elif op == "x10":
                news.append(a * 10)
        news = [round(x, 3) for x in news if abs(x - a) > 1e-9]
        for x in r.sample(news, min(2, len(news))):
            out.append(("number", replace(val, v=sign * x, comma=val.comma and x >= 1000)))
        moved = _move_decimal(_num(a), r)
        if moved is not None and not val.word:
            out.append(("decimal", replace(val, v=sign * moved, comma=False)))
        if self.signed and a != 0:
            out.append(("sign", replace(val, v=-val.v)))
        for u in self.alt_units:
            known = u in UNITS
            out.append((self.unit_kind, replace(val, unit=u, spelled=val.spelled and known,
                                                attached=val.attached and known and UNITS[u][2])))
        return out


@dataclass(frozen=True)
class Money:
    lo: float
    hi: float
    step: float
    currencies: tuple = ("EUR", "USD", "GBP")
    decimals: bool = False
    signed: bool = False
    tie: str | None = None  # another Money slot whose currency and style this one shares
    attributive: bool = False  # "a 300,000 EUR house": never "a 300,000 euros house"
    ops: tuple = ("step", "x2", "x10")  # how a near miss changes the amount

    def draw(self, r: random.Random, vals: dict, taken: set) -> MoneyVal:
        n = int(round((self.hi - self.lo) / self.step)) + 1
        v = round(self.lo + self.step * r.randrange(n), 2)
        if self.signed and r.random() < 0.5:
            v = -v
        if self.tie:
            other = vals[self.tie]
            return MoneyVal(v, other.cur, other.style, comma=other.comma and abs(v) >= 1000, decimals=self.decimals)
        cur = r.choice(self.currencies)
        style = r.choices(("code", "prefix", "spelled", "symbol"),
                          (6, 1.5, 0 if self.attributive else 1.5, 6 if cur == "USD" else 0))[0]
        comma = abs(v) >= 1000 and not self.decimals and r.random() < 0.5
        return MoneyVal(v, cur, style, comma=comma, decimals=self.decimals)

    def rewords(self, val: MoneyVal, r: random.Random) -> list:
        out = []
        if self.attributive:
            pass
        elif val.style == "spelled":
            out.append(("currency-spelled", replace(val, style="symbol" if val.cur == "USD" else "code")))
        else:
            out.append(("currency-spelled", replace(val, style="spelled")))
        if val.style in ("code", "prefix"):
            out.append(("currency-format", replace(val, style="prefix" if val.style == "code" else "code")))
        if val.cur == "USD" and val.style in ("code", "symbol"):
            out.append(("currency-format", replace(val, style="code" if val.style == "symbol" else "symbol")))
        a = abs(val.v)
        integral = abs(a - round(a)) < 1e-9 and not self.decimals
        if integral and a >= 1000 and not val.k:
            out.append(("number-format", replace(val, comma=not val.comma)))
        if integral and a >= 10000 and a % 1000 == 0:
            out.append(("number-format", replace(val, k=not val.k, comma=False)))
        return out

    def nears(self, val: MoneyVal, r: random.Random) -> list:
        out = []
        sign, a = (-1 if val.v < 0 else 1), abs(val.v)
        news = []
        for op in self.ops:
            if op == "step":
                news.append(a + self.step * r.randint(1, 4))
                if a - self.step > 0:
                    news.append(a - self.step)
            elif op == "x2":
                news.append(a * 2)
            elif op == "x10":
                news.append(a * 10)
            elif op == "half" and round(a / 2, 2) > 0:
                news.append(round(a / 2, 2))
        for x in r.sample(news, min(2, len(news))):
            x = round(x, 3)
            out.append(("number", replace(val, v=sign * x, comma=val.comma and x >= 1000,
                                          k=val.k and x >= 10000 and x % 1000 == 0)))
        if self.decimals:
            moved = _move_decimal(_num(a, money_decimals=True), r)
            if moved is not None:
                out.append(("decimal", replace(val, v=sign * moved)))
        if self.signed and a != 0:
            out.append(("sign", replace(val, v=-val.v)))
        cur = r.choice([c for c in CURRENCIES if c != val.cur])
        out.append(("currency", replace(val, cur=cur, style="code" if val.style == "symbol" else val.style)))
        return out


@dataclass(frozen=True)
class Cur:
    """A currency named by code or by name ("USD", "US dollars"; singular: "the US dollar")."""

    codes: tuple = tuple(CURRENCIES)
    singular: bool = False
    pool: str | None = None
    distinct_from: str | None = None

    def draw(self, r: random.Random, vals: dict, taken: set) -> CurVal:
        avoid = set(taken)
        if self.distinct_from:
            avoid.add(_code(vals[self.distinct_from]))
        return CurVal(r.choice([c for c in self.codes if c not in avoid]), r.random() < 0.3, self.singular)

    def rewords(self, val: CurVal, r: random.Random) -> list:
        return [("currency-spelled", replace(val, spelled=not val.spelled))]

    def nears(self, val: CurVal, r: random.Random) -> list:
        return [("currency", replace(val, code=c)) for c in r.sample([c for c in self.codes if c != val.code], 2)]


@dataclass(frozen=True)
class Date:
    years: tuple = ()

    def draw(self, r: random.Random, vals: dict, taken: set) -> DateVal:
        year = r.choice(self.years) if self.years else None
        return DateVal(r.randint(1, 28), r.randrange(12), year, r.choice(("dm", "md", "dm", "md", "dmth", "mdth", "the")))

    def rewords(self, val: DateVal, r: random.Random) -> list:
        styles = [s for s in ("dm", "md", "dmth", "mdth", "the") if s != val.style]
        return [("date-format", replace(val, style=s)) for s in r.sample(styles, 2)]

    def nears(self, val: DateVal, r: random.Random) -> list:
        d = val.day + r.choice((-3, -2, -1, 1, 2, 3, 7))
        out = [("date", replace(val, day=d if 1 <= d <= 28 else val.day + 1 if val.day < 28 else 27))]
        out.append(("date", replace(val, month=(val.month + r.choice((-1, 1))) % 12)))
        if val.year is not None:
            out.append(("date", replace(val, year=val.year + r.choice((-1, 1)))))
        return out


@dataclass(frozen=True)
class Hour:
    lo: int = 6
    hi: int = 22

    def draw(self, r: random.Random, vals: dict, taken: set) -> HourVal:
        return HourVal(r.randint(self.lo, self.hi), r.choice((0, 0, 0, 30)), r.choice(("24", "ampm", "ampm_sp")))

    def rewords(self, val: HourVal, r: random.Random) -> list:
        return [("time-format", replace(val, style=s)) for s in ("24", "ampm", "ampm_sp") if s != val.style]

    def nears(self, val: HourVal, r: random.Random) -> list:
        out = []
        for dh in r.sample((-2, -1, 1, 2, 3), 2):
            if 0 <= val.h + dh <= 23:
                out.append(("time", replace(val, h=val.h + dh)))
        out.append(("time", replace(val, h=(val.h + 12) % 24)))  # 6pm -> 6am
        return out


def _code(val) -> str | None:  # noqa: ANN001
    return val.cur if isinstance(val, MoneyVal) else val.code if isinstance(val, CurVal) else None


# ---------------------------------------------------------------------------------------------------------
# templates and domains


@dataclass(frozen=True)
class T:
    """A question template. alts: rewording kind -> whole other wordings; near: near-miss kind -> whole
    variants that need a different answer; swaps: pairs of slots whose values trade places (from A to B)."""

    text: str
    slots: dict
    alts: dict = field(default_factory=dict)
    near: dict = field(default_factory=dict)
    swaps: tuple = ()


@dataclass(frozen=True)
class Domain:
    templates: tuple
    reword: dict  # rewording kind -> ((phrase, other phrase), ...), applied either way
    near: dict  # near-miss kind -> ((phrase, other phrase), ...), either way except added-constraint


EU_CITIES = ("Paris", "Lyon", "Marseille", "Brussels", "Amsterdam", "Berlin", "Munich", "Hamburg", "Vienna",
             "Zurich", "Milan", "Rome", "Madrid", "Barcelona", "London", "Frankfurt", "Cologne", "Prague")
WEEKDAYS = Choice(("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
                  aliases={"Monday": (("abbreviation", "Mon"),), "Tuesday": (("abbreviation", "Tue"),),
                           "Wednesday": (("abbreviation", "Wed"),), "Thursday": (("abbreviation", "Thu"),),
                           "Friday": (("abbreviation", "Fri"),), "Saturday": (("abbreviation", "Sat"),),
                           "Sunday": (("abbreviation", "Sun"),)})
CAR_MODELS = Choice(("Toyota Corolla", "VW Golf", "Ford Focus", "Honda Civic", "Renault Clio", "BMW 3 Series",
                     "Kia Sportage", "Nissan Qashqai"),
                    aliases={"VW Golf": (("abbreviation", "Volkswagen Golf"),)})
COUNTRIES = ("France", "Germany", "Spain", "Italy", "the UK", "the US", "Canada", "India", "Morocco", "Japan",
             "Brazil", "Poland", "Mexico")
COUNTRY_ALIASES = {"the US": (("abbreviation", "the USA"),), "the UK": (("abbreviation", "the United Kingdom"),)}
C_TEMPS = (160, 170, 180, 190, 200, 220)

DOMAINS: dict[str, Domain] = {
    "cooking": Domain(
        (
            T("how long should I roast a {w} {meat} in the oven at {t}?",
              {"w": Qty("kg", (1, 1.5, 2, 2.5, 3, 3.5, 4), alt_units=("lb",), attributive=True),
               "meat": Choice(("chicken", "turkey", "duck", "pork shoulder", "leg of lamb", "beef brisket", "goose")),
               "t": Qty("C", C_TEMPS, alt_units=("F",), ops=("other", "step"), step=20)},
              alts={"clause-order": ("at {t}, how long should I roast a {w} {meat} in the oven?",
                                     "how long should I roast a {w} {meat} at {t} in the oven?"),
                    "derivation": ("what is the roasting time for a {w} {meat} in the oven at {t}?",
                                   "oven roasting time for a {w} {meat} at {t}?"),
                    "question-form": ("how long does a {w} {meat} need to roast in the oven at {t}?",
                                      "how long do I roast a {w} {meat} in the oven at {t}?")},
              near={"added-constraint": ("how long should I roast a {w} {meat} in the oven at {t} if it is stuffed?",
                                         "how long should I roast a frozen {w} {meat} in the oven at {t}?"),
                    "action-verb": ("how long should I rest a {w} {meat} after roasting it in the oven at {t}?",
                                    "how long should I marinate a {w} {meat} before roasting it in the oven at {t}?")}),
            T("how many grams is {n} {measure} of {item}?",
              {"n": Qty("", (1.5, 2, 2.5, 3, 4, 5), ops=("other", "x2")),
               "measure": Choice(("cups", "tablespoons", "teaspoons"),
                                 aliases={"tablespoons": (("abbreviation", "tbsp"),),
                                          "teaspoons": (("abbreviation", "tsp"),)}),
               "item": Choice(("flour", "sugar", "butter", "rice", "rolled oats", "honey", "cocoa powder",
                               "grated cheese", "icing sugar", "yoghurt"),
                              aliases={"icing sugar": (("synonym", "powdered sugar"),),
                                       "yoghurt": (("spelling", "yogurt"),)})},
              alts={"question-form": ("{n} {measure} of {item} in grams?", "what is {n} {measure} of {item} in grams?",
                                      "convert {n} {measure} of {item} to grams"),
                    "clause-order": ("{n} {measure} of {item} is how many grams?",)}),
            T("how long does cooked {food} keep in the fridge?",
              {"food": Choice(("rice", "chicken", "salmon", "pasta", "couscous", "ground beef", "quinoa", "spinach",
                               "turkey"),
                              aliases={"ground beef": (("synonym", "minced beef"),)})},
              alts={"question-form": ("how many days does cooked {food} keep in the fridge?",
                                      "how many days is cooked {food} good for in the fridge?"),
                    "derivation": ("how long can cooked {food} be kept in the fridge?",)},
              near={"added-constraint": ("how long does cooked {food} keep in the fridge once it has been reheated?",)}),
            T("if I put a {w} {meat} in the oven at {hour}, what time will it be ready?",
              {"w": Qty("kg", (1, 1.5, 2, 2.5, 3, 4, 5), alt_units=("lb",), attributive=True, ops=("other",)),
               "meat": Choice(("chicken", "turkey", "duck", "pork shoulder", "leg of lamb", "goose")),
               "hour": Hour(9, 18)},
              alts={"clause-order": ("what time will a {w} {meat} be ready if I put it in the oven at {hour}?",),
                    "question-form": ("a {w} {meat} goes in the oven at {hour}, when will it be ready?",)}),
            T("how long should I boil an egg to get a {done} yolk?",
              {"done": Choice(("runny", "jammy", "fully set"))},
              alts={"derivation": ("what is the boiling time for an egg with a {done} yolk?",),
                    "question-form": ("how many minutes should I boil an egg for a {done} yolk?",)},
              near={"added-constraint": ("how long should I boil an egg straight from the fridge to get a {done} yolk?",)}),
        ),
        reword={"synonym": (("keep", "last"), ("keep", "stay fresh"), ("should I", "do I need to"), ("get", "end up with"),
                            ("cooked", "leftover"), ("how many grams is", "how many grams are in"), ("roast", "cook"),
                            ("put", "place"), ("what time", "at what time")),
                "abbreviation": (("fridge", "refrigerator"), ("grams", "g"))},
        near={"co-hyponym": (("oven", "air fryer"), ("fridge", "freezer"), ("an egg", "a duck egg"),
                             ("in the oven", "in the slow cooker")),
              "antonym": (("cooked", "raw"),),
              "unit": (("grams", "ounces"),),
              "action-verb": (("boil", "poach"),)},
    ),
    "recipes": Domain(
        (
            T("can you give me a simple recipe for {dish} that serves {n}?",
              {"dish": Choice(("banana bread", "lemon drizzle cake", "pancakes", "lasagna", "chicken curry",
                               "vegetable soup", "apple pie", "chocolate muffins", "beef stew", "mushroom risotto",
                               "shepherd's pie"),
                              aliases={"lasagna": (("spelling", "lasagne"),)}),
               "n": Qty("people", (2, 4, 6, 8, 10, 12), spell=True, ops=("other", "x2"))},
              alts={"question-form": ("what is a simple recipe for {dish} that serves {n}?",
                                      "simple {dish} recipe for {n}?",
                                      "I need a simple recipe for {dish} that serves {n}"),
                    "clause-order": ("for {n}, can you give me a simple recipe for {dish}?",)},
              near={"added-constraint": ("can you give me a simple gluten-free recipe for {dish} that serves {n}?",
                                         "can you give me a simple recipe for {dish} that serves {n} and uses no dairy?")}),
            T("what can I use instead of {ing} in {dish2}?",
              {"ing": Choice(("eggs", "butter", "buttermilk", "baking powder", "brown sugar", "heavy cream", "milk",
                              "yeast", "vanilla extract"),
                             aliases={"heavy cream": (("synonym", "double cream"),)}),
               "dish2": Choice(("brownies", "cookies", "pancakes", "bread", "muffins", "sponge cake", "scones",
                                "waffles", "banana bread"))},
              alts={"question-form": ("what is a good substitute for {ing} in {dish2}?", "{ing} substitute for {dish2}?"),
                    "derivation": ("what can replace {ing} in {dish2}?", "what can I substitute for {ing} in {dish2}?")},
              near={"added-constraint": ("what can I use instead of {ing} in vegan {dish2}?",),
                    "negation": ("what should I never use instead of {ing} in {dish2}?",)}),
            T("how long should I bake {dish3} at {t} and how do I know it is done?",
              {"dish3": Choice(("banana bread", "a cheesecake", "sourdough bread", "a quiche", "focaccia",
                                "a lemon tart", "a carrot cake", "a Victoria sponge")),
               "t": Qty("C", C_TEMPS, alt_units=("F",), ops=("other", "step"), step=20)},
              alts={"clause-order": ("at {t}, how long should I bake {dish3} and how do I know it is done?",),
                    "question-form": ("how long does {dish3} take to bake at {t}, and how do I know it is done?",)},
              near={"action-verb": ("how long should I let {dish3} cool after baking it at {t}?",)}),
        ),
        reword={"synonym": (("simple", "easy"), ("give me", "share"), ("serves", "feeds"), ("instead of", "in place of"),
                            ("know", "tell"), ("done", "ready"), ("use", "swap in"), ("simple", "straightforward"),
                            ("give me", "provide")),
                "politeness": (("can you", "could you"),)},
        near={"antonym": (("simple", "elaborate"),)},
    ),
    "banking": Domain(
        (
            T("how much interest will I earn on {amt} in a savings account at {rate} for {y}?",
              {"amt": Money(1000, 50000, 500, ("EUR", "USD", "GBP", "CHF")),
               "rate": Qty("%", (1.5, 2, 2.5, 3, 3.25, 3.5, 4, 4.5, 5)),
               "y": Qty("years", (2, 3, 4, 5, 10), alt_units=("months",), unit_kind="time-window", spell=True)},
              alts={"clause-order": ("at {rate} for {y}, how much interest will I earn on {amt} in a savings account?",),
                    "derivation": ("what interest will {amt} earn in a savings account at {rate} for {y}?",)},
              near={"added-constraint": ("how much interest will I earn on {amt} in a savings account at {rate} for {y} compounded monthly?",),
                    "antonym": ("how much interest will I pay on a loan of {amt} at {rate} for {y}?",)}),
            T("what is the fee to send {amt} from {c1} to {c2} by bank transfer?",
              {"amt": Money(100, 5000, 50, ("EUR", "USD", "GBP", "CAD")),
               "c1": Choice(COUNTRIES, aliases=COUNTRY_ALIASES, pool="country"),
               "c2": Choice(COUNTRIES, aliases=COUNTRY_ALIASES, pool="country")},
              swaps=(("c1", "c2"),),
              alts={"question-form": ("how much does it cost to send {amt} from {c1} to {c2} by bank transfer?",
                                      "bank transfer of {amt} from {c1} to {c2}: what is the fee?"),
                    "derivation": ("what does a bank transfer of {amt} from {c1} to {c2} cost?",)},
              near={"antonym": ("what is the fee to receive {amt} in {c2} from {c1} by bank transfer?",)}),
            T("my account balance is {bal}, how much will be left after a card payment of {pay}?",
              {"bal": Money(50, 3000, 50, ("EUR", "USD", "GBP", "SEK"), signed=True),
               "pay": Money(20, 2000, 10, tie="bal")},
              swaps=(("bal", "pay"),),
              alts={"clause-order": ("after a card payment of {pay}, how much will be left if my account balance is {bal}?",),
                    "question-form": ("my account balance is {bal}, what will it be after a card payment of {pay}?",)},
              near={"added-constraint": ("my account balance is {bal}, how much will be left after a card payment of {pay} with a 3% foreign fee?",)}),
        ),
        reword={"synonym": (("earn", "get"), ("send", "transfer"), ("fee", "charge"), ("card payment", "card purchase"),
                            ("be left", "remain"), ("savings account", "savings deposit account"),
                            ("account balance", "bank balance"), ("fee", "cost")),
                "abbreviation": (("account", "acct"),)},
        near={"co-hyponym": (("savings account", "current account"), ("bank transfer", "PayPal"),
                             ("bank transfer", "Western Union"), ("card payment", "card refund"))},
    ),
    "train-travel": Domain(
        (
            T("when does the first train from {a} to {b} leave on {day}?",
              {"a": Choice(EU_CITIES, pool="city"), "b": Choice(EU_CITIES, pool="city"), "day": WEEKDAYS},
              swaps=(("a", "b"),),
              alts={"clause-order": ("on {day}, when does the first train from {a} to {b} leave?",
                                     "when does the first train leave from {a} to {b} on {day}?"),
                    "question-form": ("what time does the first train from {a} to {b} leave on {day}?",
                                      "first train from {a} to {b} on {day}: what time does it leave?")},
              near={"superlative": ("when does the fastest train from {a} to {b} leave on {day}?",
                                    "when does the cheapest train from {a} to {b} leave on {day}?")}),
            T("how much is a {tkt} {cls} ticket from {a} to {b} on {date}?",
              {"tkt": Choice(("one-way", "return"),
                             aliases={"one-way": (("synonym", "single"),), "return": (("synonym", "round-trip"),)}),
               "cls": Choice(("first class", "second class"),
                             aliases={"second class": (("synonym", "standard class"), ("abbreviation", "2nd class")),
                                      "first class": (("abbreviation", "1st class"),)}),
               "a": Choice(EU_CITIES, pool="city"), "b": Choice(EU_CITIES, pool="city"), "date": Date()},
              alts={"question-form": ("what does a {tkt} {cls} ticket from {a} to {b} on {date} cost?",
                                      "price of a {tkt} {cls} ticket from {a} to {b} on {date}?"),
                    "clause-order": ("on {date}, how much is a {tkt} {cls} ticket from {a} to {b}?",)},
              near={"added-constraint": ("how much is a {tkt} {cls} ticket from {a} to {b} on {date} with a youth railcard?",)}),
            T("how long is the train journey from {a} to {b}?",
              {"a": Choice(EU_CITIES, pool="city"), "b": Choice(EU_CITIES, pool="city")},
              alts={"question-form": ("how many hours is the train journey from {a} to {b}?",
                                      "{a} to {b} by train, how long does it take?"),
                    "derivation": ("how long does the train from {a} to {b} take?",
                                   "what is the journey time by train from {a} to {b}?")},
              near={"added-constraint": ("how long is the night train journey from {a} to {b}?",)}),
            T("is there a direct train from {a} to {b} after {hour} on {day}?",
              {"a": Choice(EU_CITIES, pool="city"), "b": Choice(EU_CITIES, pool="city"), "hour": Hour(),
               "day": WEEKDAYS},
              swaps=(("a", "b"),),
              alts={"clause-order": ("after {hour} on {day}, is there a direct train from {a} to {b}?",),
                    "question-form": ("can I get a direct train from {a} to {b} after {hour} on {day}?",)}),
            T("do all trains from {a} to {b} stop in {c}?",
              {"a": Choice(EU_CITIES, pool="city"), "b": Choice(EU_CITIES, pool="city"),
               "c": Choice(EU_CITIES, pool="city")},
              swaps=(("b", "c"),),
              alts={"question-form": ("does every train from {a} to {b} stop in {c}?",
                                      "is there a stop in {c} on all trains from {a} to {b}?"),
                    "clause-order": ("do all trains stop in {c} on the way from {a} to {b}?",)},
              near={"quantifier": ("do any trains from {a} to {b} stop in {c}?",
                                   "do most trains from {a} to {b} stop in {c}?")}),
        ),
        reword={"synonym": (("leave", "depart"), ("first", "earliest"), ("journey", "trip"), ("ticket", "fare"),
                            ("how much is", "what is the price of"), ("when does", "what time does"),
                            ("direct", "non-stop"), ("train journey", "rail journey"), ("leave", "set off"),
                            ("stop in", "stop at"), ("trains", "rail services"))},
        near={"antonym": (("first", "last"), ("leave", "arrive"), ("after", "before")),
              "co-hyponym": (("train", "bus"),)},
    ),
    "electricity-bills": Domain(
        (
            T("how much does it cost to run a {watt} {appl} for {h} a day at {price} per kWh?",
              {"watt": Qty("W", (60, 100, 500, 800, 1000, 1500, 2000, 2500, 3000), alt_units=("kW",), attributive=True),
               "appl": Choice(("heater", "dehumidifier", "fan", "tumble dryer", "air conditioner", "TV", "pump"),
                              near_kind=None, aliases={"TV": (("abbreviation", "television"),),
                                                       "air conditioner": (("synonym", "AC unit"),)}),
               "h": Qty("hours", (1, 2, 3, 4, 5, 6, 8, 10, 12), spell=True),
               "price": Money(0.1, 0.45, 0.01, ("EUR", "USD", "GBP"), decimals=True)},
              alts={"derivation": ("what is the cost of running a {watt} {appl} for {h} a day at {price} per kWh?",),
                    "clause-order": ("at {price} per kWh, how much does it cost to run a {watt} {appl} for {h} a day?",)}),
            T("my electricity bill went up from {b1} to {b2}, what percentage increase is that?",
              {"b1": Money(40, 200, 5, ("EUR", "USD", "GBP", "AUD")), "b2": Money(205, 400, 5, tie="b1")},
              near={"roles-swapped": ("my electricity bill went down from {b2} to {b1}, what percentage decrease is that?",)},
              alts={"question-form": ("what percentage increase is it if my electricity bill went up from {b1} to {b2}?",),
                    "clause-order": ("what percentage increase is that: my electricity bill went up from {b1} to {b2}",)}),
            T("is a {tar1} tariff cheaper than a {tar2} tariff for a home using {kwh} a year?",
              {"tar1": Choice(("fixed", "variable", "time-of-use", "prepaid", "green"), pool="tariff"),
               "tar2": Choice(("fixed", "variable", "time-of-use", "prepaid", "green"), pool="tariff"),
               "kwh": Qty("kWh", (1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000), alt_units=("MWh",),
                          ops=("x2", "x10"))},
              swaps=(("tar1", "tar2"),),
              alts={"clause-order": ("for a home using {kwh} a year, is a {tar1} tariff cheaper than a {tar2} tariff?",),
                    "question-form": ("would a {tar1} tariff be cheaper than a {tar2} tariff for a home using {kwh} a year?",)}),
        ),
        reword={"synonym": (("run", "operate"), ("a day", "per day"), ("went up", "rose"), ("percentage", "percent"),
                            ("electricity bill", "power bill"), ("increase", "rise"), ("home", "household"),
                            ("cheaper", "less expensive"), ("a year", "per year"), ("home", "house"),
                            ("using", "consuming"), ("went up", "increased")),
                "abbreviation": (("percentage", "%"),)},
        near={"time-window": (("a day", "a week"), ("a year", "a month")),
              "antonym": (("cheaper", "more expensive"),),
              "co-hyponym": (("home", "small business"), ("electricity bill", "gas bill"))},
    ),
    "gardening": Domain(
        (
            T("when should I plant {crop} outdoors in zone {z}?",
              {"crop": Choice(("tomatoes", "carrots", "lettuce", "pumpkins", "beans", "sunflowers", "peas", "courgettes",
                               "cucumbers", "onions", "potatoes", "garlic", "strawberries"),
                              aliases={"courgettes": (("synonym", "zucchini"),)}),
               "z": Qty("", (3, 4, 5, 6, 7, 8, 9, 10), ops=("other", "step"))},
              alts={"clause-order": ("in zone {z}, when should I plant {crop} outdoors?",),
                    "question-form": ("what is the best time to plant {crop} outdoors in zone {z}?",
                                      "when is the right time to plant {crop} outdoors in zone {z}?")}),
            T("how often should I water a {plant} in a {size} pot during {season}?",
              {"plant": Choice(("cactus", "fern", "orchid", "monstera", "snake plant", "peace lily", "fiddle leaf fig",
                                "basil plant", "spider plant")),
               "size": Choice(("small", "large"), near_kind="antonym",
                              aliases={"large": (("synonym", "big"),), "small": (("synonym", "little"),)}),
               "season": Choice(("summer", "winter", "spring", "autumn"), aliases={"autumn": (("synonym", "fall"),)})},
              alts={"clause-order": ("during {season}, how often should I water a {plant} in a {size} pot?",),
                    "question-form": ("how many times a week should I water a {plant} in a {size} pot during {season}?",)},
              near={"added-constraint": ("how often should I water a {plant} in a {size} pot with no drainage holes during {season}?",)}),
            T("how much {fert} should I add per square metre of {soil} soil?",
              {"fert": Choice(("compost", "lime", "bone meal", "manure", "sulphur", "wood ash"),
                              aliases={"sulphur": (("spelling", "sulfur"),)}),
               "soil": Choice(("clay", "sandy", "chalky", "acidic", "loamy"))},
              alts={"question-form": ("what amount of {fert} should I add per square metre of {soil} soil?",),
                    "derivation": ("{fert} application rate per square metre for {soil} soil?",)}),
        ),
        reword={"synonym": (("plant", "sow"), ("outdoors", "outside"), ("how often", "how frequently"), ("during", "in", 1),
                            ("add", "apply"), ("pot", "container"), ("should I", "do I need to"),
                            ("how much", "what quantity of")),
                "spelling": (("metre", "meter"),),
                "abbreviation": (("square metre", "m2"),)},
        near={"antonym": (("outdoors", "indoors"),),
              "action-verb": (("plant", "harvest"), ("water", "fertilize"), ("water", "repot")),
              "unit": (("square metre", "square foot"),),
              "co-hyponym": (("pot", "hanging basket"),)},
    ),
    "car-maintenance": Domain(
        (
            T("how often should I change the {part} on a {year} {model}?",
              {"part": Choice(("engine oil", "brake pads", "timing belt", "air filter", "spark plugs", "tyres",
                               "brake fluid", "coolant"),
                              aliases={"tyres": (("spelling", "tires"),), "engine oil": (("synonym", "motor oil"),),
                                       "timing belt": (("synonym", "cambelt"),)}),
               "year": Qty("", tuple(range(2008, 2024)), comma=False, near=False), "model": CAR_MODELS},
              alts={"derivation": ("what is the {part} change interval for a {year} {model}?",),
                    "question-form": ("how often does the {part} on a {year} {model} need changing?",)}),
            T("what does the {light} warning light on my car's dashboard mean, and is it safe to keep driving?",
              {"light": Choice(("oil pressure", "battery", "check engine", "tyre pressure", "coolant temperature",
                                "ABS", "airbag", "brake"),
                               aliases={"tyre pressure": (("spelling", "tire pressure"),)})},
              alts={"clause-order": ("is it safe to keep driving, and what does the {light} warning light on my car's dashboard mean?",),
                    "question-form": ("the {light} warning light is on on my car's dashboard: what does it mean, and is it safe to keep driving?",)},
              near={"added-constraint": ("what does the flashing {light} warning light on my car's dashboard mean, and is it safe to keep driving?",)}),
            T("how much does it cost to replace the {part2} on a {model}?",
              {"part2": Choice(("clutch", "windscreen", "battery", "alternator", "starter motor", "catalytic converter",
                                "water pump", "headlight bulb"),
                               aliases={"windscreen": (("synonym", "windshield"),),
                                        "headlight bulb": (("synonym", "headlamp bulb"),)}),
               "model": CAR_MODELS},
              alts={"derivation": ("what is the cost of replacing the {part2} on a {model}?",
                                   "{model} {part2} replacement cost?"),
                    "question-form": ("what does it cost to replace the {part2} on a {model}?",)},
              near={"added-constraint": ("how much does it cost to replace the {part2} on a {model} at a main dealer?",)}),
        ),
        reword={"synonym": (("change", "replace"), ("how often", "how frequently"), ("keep driving", "continue driving"),
                            ("mean", "indicate"), ("safe", "okay"), ("car's", "vehicle's"), ("warning light", "warning lamp"),
                            ("replace", "swap out")),
                "abbreviation": (("dashboard", "dash"),)},
        near={"action-verb": (("change", "check"), ("replace", "repair")),
              "antonym": (("keep driving", "stop driving"),)},
    ),
    "health-symptoms": Domain(
        (
            T("I have had a fever of {temp} for {d}, should I see a doctor?",
              {"temp": Qty("C", (37.6, 38.2, 39, 39.8, 40.5), alt_units=("F",), ops=("other",)),
               "d": Qty("days", (1, 2, 3, 5, 7, 10), alt_units=("weeks",), unit_kind="time-window", spell=True,
                        ops=("other",))},
              alts={"clause-order": ("should I see a doctor? I have had a fever of {temp} for {d}",),
                    "question-form": ("do I need to see a doctor if I have had a fever of {temp} for {d}?",)},
              near={"added-constraint": ("I have had a fever of {temp} and a stiff neck for {d}, should I see a doctor?",),
                    "co-hyponym": ("my baby has had a fever of {temp} for {d}, should I see a doctor?",)}),
            T("is it normal to have {symp} after getting the {vacc} vaccine?",
              {"symp": Choice(("a sore arm", "a headache", "a rash", "chills", "swollen lymph nodes", "a fever", "nausea",
                               "fatigue"), aliases={"fatigue": (("synonym", "tiredness"),)}),
               "vacc": Choice(("flu", "tetanus", "COVID", "shingles", "hepatitis B", "HPV", "measles")),
               },
              alts={"question-form": ("is {symp} normal after getting the {vacc} vaccine?",
                                      "{symp} after getting the {vacc} vaccine, is that normal?")},
              near={"time-window": ("is it normal to have {symp} a month after getting the {vacc} vaccine?",),
                    "added-constraint": ("is it normal to have {symp} that lasts over a week after getting the {vacc} vaccine?",)}),
            T("what could cause {symp2} that gets worse {when}?",
              {"symp2": Choice(("dizziness", "chest pain", "back pain", "a headache", "a dry cough",
                                "numbness in my fingers", "stomach pain", "knee pain"),
                               aliases={"stomach pain": (("synonym", "abdominal pain"),)}),
               "when": Choice(("after eating", "when lying down", "in the morning", "after exercise", "at night"))},
              alts={"question-form": ("what might be causing {symp2} that gets worse {when}?",
                                      "{symp2} that gets worse {when}, what could cause it?")}),
        ),
        reword={"synonym": (("see a doctor", "see a GP"), ("doctor", "physician"), ("getting", "receiving"),
                            ("vaccine", "jab"), ("could", "might"), ("cause", "trigger"), ("fever", "high temperature"),
                            ("normal", "common"), ("should I", "do I need to"), ("is it normal", "is it usual")),
                "derivation": (("gets worse", "worsens"),)},
        near={"antonym": (("after", "before"), ("worse", "better")),
              "co-hyponym": (("see a doctor", "go to the emergency room"),)},
    ),
    "school-homework": Domain(
        (
            T("how do I solve {a}x {op} {b} = {c} for x?",
              {"a": Qty("", (2, 3, 4, 5, 6, 7, 8, 9), ops=("other", "step")),
               "op": Choice(("+", "-"), near_kind="sign"),
               "b": Qty("", tuple(range(1, 21)), ops=("other", "step")),
               "c": Qty("", tuple(range(21, 61)), ops=("other", "step"))},
              swaps=(("b", "c"),),
              alts={"number-format": ("how do I solve {a}x{op}{b}={c} for x?",),
                    "question-form": ("solve for x: {a}x {op} {b} = {c}", "what is x if {a}x {op} {b} = {c}?",
                                      "{a}x {op} {b} = {c}, how do I find x?")}),
            T("what is the area of a circle with a radius of {r}?",
              {"r": Qty("cm", (2, 2.5, 3, 4, 5, 6, 7.5, 8, 10, 12), alt_units=("m", "mm"), ops=("other", "x2"))},
              alts={"question-form": ("area of a circle with radius {r}?", "calculate the area of a circle whose radius is {r}"),
                    "clause-order": ("if a circle has a radius of {r}, what is its area?",)}),
            T("what is {p} of {n}?",
              {"p": Qty("%", (5, 10, 12.5, 15, 20, 25, 30, 35, 40, 60, 75, 80), ops=("other", "x2")),
               "n": Qty("", tuple(range(40, 2401, 20)), ops=("other", "x10"))},
              alts={"question-form": ("how much is {p} of {n}?", "calculate {p} of {n}")},
              near={"operation": ("what is {n} plus {p}?", "what is {n} minus {p}?", "{n} is {p} of what number?")}),
            T("who wrote the novel {book} and in what year was it first published?",
              {"book": Choice(("Pride and Prejudice", "Moby-Dick", "Great Expectations", "Jane Eyre", "Frankenstein",
                               "Dracula", "Little Women", "The Great Gatsby", "Brave New World", "Wuthering Heights",
                               "Middlemarch", "Treasure Island"))},
              alts={"clause-order": ("in what year was the novel {book} first published, and who wrote it?",),
                    "question-form": ("who is the author of the novel {book}, and when was it first published?",)},
              near={"action-verb": ("who wrote the novel {book} and in what year was it first made into a film?",)}),
        ),
        reword={"synonym": (("in what year", "when"), ("first published", "originally published"), ("wrote", "authored"),
                            ("how do I", "how can I"), ("novel", "book"), ("solve", "work out"),
                            ("in what year", "in which year"))},
        near={"co-hyponym": (("area", "circumference"), ("radius", "diameter"), ("circle", "semicircle"),
                             ("novel", "poem")),
              "antonym": (("first published", "last published"),)},
    ),
    "hotel-booking": Domain(
        (
            T("can I cancel my hotel booking in {city} for free {n} before arrival?",
              {"city": Choice(EU_CITIES, near_kind=None),
               "n": Qty("days", (1, 3, 14, 30), alt_units=("hours",), unit_kind="time-window",
                        ops=("other",), spell=True)},
              alts={"clause-order": ("{n} before arrival, can I cancel my hotel booking in {city} for free?",),
                    "question-form": ("is it possible to cancel my hotel booking in {city} for free {n} before arrival?",)},
              near={"added-constraint": ("can I cancel my non-refundable hotel booking in {city} for free {n} before arrival?",)}),
            T("what is the cheapest hotel near {lm} for {n} from {date}?",
              {"lm": Choice(("the Eiffel Tower", "Times Square", "the Colosseum", "Big Ben", "the Sagrada Familia",
                             "the Brandenburg Gate", "the Acropolis", "the Louvre")),
               "n": Qty("nights", (2, 3, 4, 5, 6, 7), spell=True, ops=("other",)), "date": Date()},
              alts={"question-form": ("cheapest hotel near {lm} for {n} from {date}?",
                                      "which hotel near {lm} is the cheapest for {n} from {date}?"),
                    "clause-order": ("from {date}, for {n}, what is the cheapest hotel near {lm}?",)},
              near={"added-constraint": ("what is the cheapest hotel near {lm} with free parking for {n} from {date}?",)}),
            T("is a late check-out until {hour} usually free at a {stars}-star hotel?",
              {"hour": Hour(11, 17), "stars": Qty("", (2, 3, 4, 5), spell=True, ops=("other",))},
              alts={"question-form": ("do {stars}-star hotels usually give a free late check-out until {hour}?",
                                      "can I usually get a late check-out until {hour} for free at a {stars}-star hotel?")},
              near={"added-constraint": ("is a late check-out until {hour} usually free at a {stars}-star hotel on a Sunday?",),
                    "antonym": ("is an early check-in from {hour} usually free at a {stars}-star hotel?",)}),
            T("how much is the tourist tax per night for {n} in {city}?",
              {"n": Qty("adults", (1, 2, 3, 4, 5), spell=True, ops=("other",)),
               "city": Choice(("Paris", "Amsterdam", "Barcelona", "Rome", "Venice", "Berlin", "Lisbon", "Vienna",
                               "Prague", "Edinburgh"))},
              alts={"question-form": ("what is the tourist tax per night for {n} in {city}?",
                                      "tourist tax in {city} per night for {n}?")},
              near={"added-constraint": ("how much is the tourist tax per night for {n} and a child in {city}?",)}),
        ),
        reword={"synonym": (("booking", "reservation"), ("for free", "free of charge"), ("arrival", "check-in"),
                            ("near", "close to"), ("cheapest", "least expensive"), ("tourist tax", "city tax"),
                            ("per night", "a night"), ("can I", "am I able to"), ("how much is", "what is", 1),
                            ("usually", "normally"), ("free", "complimentary"))},
        near={"action-verb": (("cancel", "change"),),
              "antonym": (("before arrival", "after arrival"), ("cheapest", "most expensive")),
              "superlative": (("cheapest", "best-rated"), ("cheapest", "quietest")),
              "time-window": (("per night", "per week"),),
              "co-hyponym": (("hotel", "hostel"),)},
    ),
    "programming": Domain(
        (
            T("how do I {op} a {ds} in {lang}?",
              {"op": Choice(("sort", "reverse", "shuffle", "copy", "deduplicate"), near_kind="action-verb",
                            aliases={"deduplicate": (("synonym", "remove duplicates from"),)}),
               "ds": Choice(("list", "array")),
               "lang": Choice(("Python", "JavaScript", "Java", "C#", "Go", "Rust", "Ruby", "Kotlin", "PHP"),
                              aliases={"JavaScript": (("abbreviation", "JS"),)})},
              alts={"question-form": ("how to {op} a {ds} in {lang}?", "{lang}: how do I {op} a {ds}?"),
                    "clause-order": ("in {lang}, how do I {op} a {ds}?",)},
              near={"added-constraint": ("how do I {op} a {ds} in {lang} without changing the original?",
                                         "how do I {op} a {ds} in {lang} without using a loop?")}),
            T("why does my Python code raise a {err} when I {act}?",
              {"err": Choice(("KeyError", "IndexError", "TypeError", "ValueError", "AttributeError", "NameError")),
               "act": Choice(("read a CSV file", "parse the JSON response", "loop over the list", "call the API",
                              "open the file"))},
              alts={"question-form": ("why am I getting a {err} when I {act} in Python?",
                                      "my Python code raises a {err} when I {act}, why?")},
              near={"negation": ("why does my Python code not raise a {err} when I {act}?",)}),
            T("what is the time complexity of {algo} in the {case} case?",
              {"algo": Choice(("quicksort", "merge sort", "binary search", "heap sort", "insertion sort", "bubble sort",
                               "selection sort")),
               "case": Choice(("worst", "best", "average"))},
              alts={"question-form": ("{algo} time complexity in the {case} case?",
                                      "what's the {case}-case time complexity of {algo}?")}),
        ),
        reword={"synonym": (("raise", "throw"), ("code", "script"), ("how do I", "how can I"),
                            ("time complexity", "runtime complexity"), ("time complexity", "Big O complexity"),
                            ("when I", "whenever I"), ("code", "program"))},
        near={"co-hyponym": (("time complexity", "space complexity"), ("Python", "JavaScript"))},
    ),
    "sports-scores": Domain(
        (
            T("what was the final score of the {t1} vs {t2} match on {date}?",
              {"t1": Choice(("Arsenal", "Chelsea", "Liverpool", "Real Madrid", "Barcelona", "Bayern Munich", "Juventus",
                             "Ajax", "Celtic", "Inter Milan", "Manchester United"), pool="team",
                            aliases={"Manchester United": (("abbreviation", "Man United"),)}),
               "t2": Choice(("Arsenal", "Chelsea", "Liverpool", "Real Madrid", "Barcelona", "Bayern Munich", "Juventus",
                             "Ajax", "Celtic", "Inter Milan", "Manchester United"), pool="team",
                            aliases={"Manchester United": (("abbreviation", "Man United"),)}),
               "date": Date(years=tuple(range(2015, 2025)))},
              alts={"question-form": ("{t1} vs {t2} on {date}, what was the final score?",
                                      "how did the {t1} vs {t2} match on {date} end?"),
                    "clause-order": ("on {date}, what was the final score of the {t1} vs {t2} match?",)}),
            T("who won the {comp} in {year}?",
              {"comp": Choice(("Tour de France", "Wimbledon men's singles", "Champions League", "Super Bowl",
                               "NBA Finals", "Ballon d'Or", "Stanley Cup", "Australian Open women's singles",
                               "Giro d'Italia")),
               "year": Qty("", tuple(range(1995, 2024)), comma=False, ops=("step",), step=1)},
              alts={"question-form": ("who was the winner of the {comp} in {year}?", "{year} {comp} winner?"),
                    "clause-order": ("in {year}, who won the {comp}?",)},
              near={"rank": ("who came second in the {comp} in {year}?",)}),
            T("how many goals has {player} scored in the {league} this season?",
              {"player": Choice(("Kylian Mbappe", "Erling Haaland", "Mohamed Salah", "Harry Kane", "Bukayo Saka",
                                 "Robert Lewandowski", "Vinicius Junior")),
               "league": Choice(("Premier League", "Champions League", "Bundesliga", "Europa League", "FA Cup"))},
              alts={"question-form": ("how many goals does {player} have in the {league} this season?",
                                      "{player} goals in the {league} this season?")},
              near={"quantifier": ("how many goals has {player} scored in all competitions this season?",)}),
        ),
        reword={"synonym": (("final score", "result"), ("match", "game"), ("scored", "netted"), ("scored", "got")),
                "abbreviation": (("vs", "versus"),),
                "filler": (("this season", "so far this season"),)},
        near={"co-hyponym": (("final score", "half-time score"), ("goals", "assists")),
              "time-window": (("this season", "last season"),)},
    ),
    "phone-plans": Domain(
        (
            T("which is cheaper for {gb} of data a month, a prepaid plan or a contract?",
              {"gb": Qty("GB", (5, 10, 20, 30, 50, 100), alt_units=("MB",), ops=("other", "x10"))},
              alts={"clause-order": ("a prepaid plan or a contract, which is cheaper for {gb} of data a month?",
                                     "which is cheaper for {gb} of data a month, a contract or a prepaid plan?"),
                    "question-form": ("for {gb} of data a month, is a prepaid plan or a contract cheaper?",)}),
            T("how much does it cost to call {c1} from {c2} for {m} with a standard plan?",
              {"c1": Choice(COUNTRIES, aliases=COUNTRY_ALIASES, pool="country"),
               "c2": Choice(COUNTRIES, aliases=COUNTRY_ALIASES, pool="country"),
               "m": Qty("min", (5, 10, 15, 20, 30, 45, 60), ops=("other", "x2"))},
              swaps=(("c1", "c2"),),
              alts={"derivation": ("what is the cost of a {m} call to {c1} from {c2} with a standard plan?",),
                    "clause-order": ("with a standard plan, how much does it cost to call {c1} from {c2} for {m}?",)},
              near={"action-verb": ("how much does it cost to send a text to {c1} from {c2} with a standard plan?",)}),
            T("how do I {act} my {carrier} phone plan online?",
              {"act": Choice(("cancel", "upgrade", "pause", "transfer"), near_kind="action-verb"),
               "carrier": Choice(("Vodafone", "Orange", "T-Mobile", "Verizon", "AT&T", "O2", "EE", "Three"))},
              alts={"question-form": ("what are the steps to {act} my {carrier} phone plan online?",
                                      "how to {act} my {carrier} phone plan online?")}),
        ),
        reword={"synonym": (("cheaper", "less expensive"), ("prepaid", "pay-as-you-go"), ("a month", "per month"),
                            ("call", "phone", 1), ("phone plan", "mobile plan"), ("online", "on the website"),
                            ("how do I", "how can I"), ("data", "mobile data"), ("which is cheaper", "what is cheaper"))},
        near={"antonym": (("cheaper", "more expensive"), ("online", "in store")),
              "time-window": (("a month", "a week"),),
              "co-hyponym": (("standard plan", "roaming plan"), ("phone plan", "broadband plan"))},
    ),
    "pet-care": Domain(
        (
            T("is it safe for my {pet} to eat {food}?",
              {"pet": Choice(("dog", "cat", "rabbit", "hamster", "parrot", "guinea pig", "ferret")),
               "food": Choice(("grapes", "cheese", "chocolate", "carrots", "bananas", "peanut butter", "cooked chicken",
                               "onions", "strawberries", "apples", "avocado", "tuna"))},
              alts={"question-form": ("can my {pet} safely eat {food}?",),
                    "derivation": ("is eating {food} safe for my {pet}?",)},
              near={"added-constraint": ("is it safe for my {pet} to eat {food} every day?",
                                         "is it safe for my pregnant {pet} to eat {food}?")}),
            T("how much food should a {breed} puppy aged {age} eat per day?",
              {"breed": Choice(("Labrador", "Golden Retriever", "German Shepherd", "Chihuahua", "Beagle",
                                "Border Collie", "French Bulldog", "Dachshund")),
               "age": Qty("months", (2, 3, 4, 5, 6, 8, 10), alt_units=("weeks",), spell=True, ops=("other",))},
              alts={"question-form": ("how much should I feed a {breed} puppy aged {age} per day?",),
                    "clause-order": ("for a {breed} puppy aged {age}, how much food per day?",)}),
            T("how often should I {act} my {pet}?",
              {"act": Choice(("bathe", "deworm", "vaccinate", "brush", "trim the nails of"), near_kind="action-verb",
                             aliases={"bathe": (("synonym", "wash"),)}),
               "pet": Choice(("dog", "cat", "rabbit", "horse"))},
              alts={"question-form": ("how frequently do I need to {act} my {pet}?",)},
              near={"added-constraint": ("how often should I {act} my {pet} if it is over 10 years old?",)}),
        ),
        reword={"synonym": (("safe", "okay"), ("eat", "have"), ("how often", "how frequently"), ("per day", "a day"),
                            ("should I", "do I need to"), ("eat", "consume")),
                "abbreviation": (("puppy", "pup"),)},
        near={"time-window": (("per day", "per week"),),
              "co-hyponym": (("puppy", "kitten"),)},
    ),
    "currency": Domain(
        (
            T("how much is {amt} in {cur2}?",
              {"amt": Money(10, 5000, 5, tuple(CURRENCIES)), "cur2": Cur(distinct_from="amt")},
              swaps=(("amt", "cur2"),),
              alts={"question-form": ("convert {amt} to {cur2}", "{amt} to {cur2}?", "what is {amt} worth in {cur2}?",
                                      "how many {cur2} is {amt}?")},
              near={"added-constraint": ("how much is {amt} in {cur2} after a 3% exchange fee?",)}),
            T("what was the exchange rate from {c1} to {c2} on {date}?",
              {"c1": Cur(pool="cur"), "c2": Cur(pool="cur"), "date": Date(years=tuple(range(2015, 2025)))},
              swaps=(("c1", "c2"),),
              alts={"question-form": ("{c1} to {c2} exchange rate on {date}?",
                                      "what was the {c1} to {c2} exchange rate on {date}?"),
                    "clause-order": ("on {date}, what was the exchange rate from {c1} to {c2}?",)}),
            T("when was the {c1} at its {sup} level against the {c2} in the last {n}?",
              {"c1": Cur(pool="cur", singular=True), "sup": Choice(("highest", "lowest"), near_kind="antonym"),
               "c2": Cur(pool="cur", singular=True),
               "n": Qty("years", (2, 3, 5, 10, 15, 20), alt_units=("months",), unit_kind="time-window", spell=True,
                        ops=("other",))},
              swaps=(("c1", "c2"),),
              alts={"clause-order": ("in the last {n}, when was the {c1} at its {sup} level against the {c2}?",)}),
        ),
        reword={"synonym": (("exchange rate", "conversion rate"), ("level", "point"), ("against", "versus"),
                            ("in the last", "over the last"), ("how much is", "what is", 1),
                            ("exchange rate", "rate"))},
        near={},
    ),
    "shopping": Domain(
        (
            T("where can I buy a {cond} {prod} for under {price} in {city}?",
              {"cond": Choice(("new", "used"), near_kind="antonym",
                              aliases={"used": (("synonym", "second-hand"),), "new": (("synonym", "brand-new"),)}),
               "prod": Choice(("laptop", "bike", "sofa", "iPhone", "washing machine", "camera", "guitar", "desk"),
                             aliases={"sofa": (("synonym", "couch"),), "bike": (("synonym", "bicycle"),)}),
               "price": Money(100, 2000, 50, ("EUR", "USD", "GBP", "CAD"), ops=("x2", "x10", "half")),
               "city": Choice(("Berlin", "Toronto", "Chicago", "Lyon", "Manchester", "Dublin", "Seattle"))},
              alts={"clause-order": ("in {city}, where can I buy a {cond} {prod} for under {price}?",
                                     "where in {city} can I buy a {cond} {prod} for under {price}?")}),
            T("what is the return policy at {store} for items bought on sale?",
              {"store": Choice(("IKEA", "Zara", "H&M", "Amazon", "Target", "Decathlon", "Best Buy", "Costco", "Walmart"))},
              alts={"question-form": ("{store} return policy for items bought on sale?",
                                      "how do returns work at {store} for items bought on sale?")},
              near={"added-constraint": ("what is the return policy at {store} for items bought on sale without a receipt?",)}),
            T("what is the {sup} {prod2} I can get for less than {price}?",
              {"sup": Choice(("lightest", "fastest", "most durable", "quietest"), near_kind="superlative"),
               "prod2": Choice(("laptop", "electric scooter", "e-bike", "drone", "tablet")),
               "price": Money(200, 3000, 100, ("EUR", "USD", "GBP"), ops=("x2", "x10", "half"))},
              alts={"question-form": ("which {prod2} under {price} is the {sup}?",)}),
        ),
        reword={"synonym": (("buy", "purchase"), ("for under", "for less than"), ("bought", "purchased"),
                            ("items", "products"), ("get", "buy"), ("where can I", "where could I"), ("get", "find"),
                            ("return policy", "refund policy")),
                "spelling": (("return policy", "returns policy"),)},
        near={"antonym": (("buy", "sell"), ("under", "over"), ("on sale", "at full price"), ("less than", "more than")),
              "action-verb": (("buy", "rent"),),
              "negation": (("items bought on sale", "items not bought on sale", 1),),
              "co-hyponym": (("return policy", "price match policy"),)},
    ),
    "real-estate": Domain(
        (
            T("what is the average rent for a {br}-bedroom apartment in {city}?",
              {"br": Qty("", (1, 2, 3, 4), spell=True, ops=("other",)),
               "city": Choice(("Berlin", "Lisbon", "Madrid", "Toronto", "Dublin", "Amsterdam", "Warsaw", "Austin",
                               "Melbourne", "Milan"))},
              alts={"question-form": ("average rent for a {br}-bedroom apartment in {city}?",
                                      "how much does a {br}-bedroom apartment in {city} rent for on average?"),
                    "clause-order": ("in {city}, what is the average rent for a {br}-bedroom apartment?",)},
              near={"action-verb": ("what is the average purchase price of a {br}-bedroom apartment in {city}?",)}),
            T("how much deposit do I need to buy a {price} house with a {pct} mortgage?",
              {"price": Money(150000, 900000, 10000, ("EUR", "USD", "GBP", "CAD", "AUD"), attributive=True),
               "pct": Qty("%", (75, 80, 85, 90, 95), ops=("other",))},
              alts={"derivation": ("what deposit is needed to buy a {price} house with a {pct} mortgage?",),
                    "question-form": ("buying a {price} house with a {pct} mortgage, how much deposit do I need?",)}),
            T("what are the monthly payments on a {loan} mortgage at {rate} over {y}?",
              {"loan": Money(100000, 800000, 10000, ("EUR", "USD", "GBP", "CAD", "AUD"), attributive=True),
               "rate": Qty("%", (2.5, 3, 3.5, 3.75, 4, 4.25, 4.5, 5, 5.5, 6), ops=("other",)),
               "y": Qty("years", (10, 15, 20, 25, 30), ops=("other",))},
              alts={"clause-order": ("at {rate} over {y}, what are the monthly payments on a {loan} mortgage?",),
                    "derivation": ("what would I pay each month on a {loan} mortgage at {rate} over {y}?",)},
              near={"added-constraint": ("what are the monthly payments on an interest-only {loan} mortgage at {rate} over {y}?",)}),
        ),
        reword={"synonym": (("average", "typical"), ("apartment", "flat"), ("deposit", "down payment"), ("buy", "purchase"),
                            ("house", "home"), ("monthly payments", "monthly repayments"), ("over", "for", 1),
                            ("need", "require"), ("rent", "rental price"))},
        near={"co-hyponym": (("house", "apartment"),),
              "time-window": (("monthly", "annual"),),
              "added-constraint": (("apartment", "furnished apartment"),)},
    ),
    "fitness": Domain(
        (
            T("how many calories do I burn {act} for {m} if I weigh {w}?",
              {"act": Choice(("running", "cycling", "swimming", "walking", "rowing", "hiking", "skipping rope"),
                             aliases={"skipping rope": (("synonym", "jumping rope"),), "cycling": (("synonym", "biking"),)}),
               "m": Qty("min", (15, 20, 30, 45, 60, 90), ops=("other", "x2")),
               "w": Qty("kg", tuple(range(50, 111, 5)), alt_units=("lb",), ops=("other",))},
              alts={"clause-order": ("if I weigh {w}, how many calories do I burn {act} for {m}?",),
                    "question-form": ("I weigh {w}, how many calories will {m} of {act} burn?",)},
              near={"added-constraint": ("how many calories do I burn {act} at a fast pace for {m} if I weigh {w}?",)}),
            T("how long should I rest between sets when lifting weights for {goal}?",
              {"goal": Choice(("strength", "muscle growth", "endurance", "fat loss"),
                              aliases={"muscle growth": (("synonym", "hypertrophy"),)})},
              alts={"question-form": ("how much rest should I take between sets when lifting weights for {goal}?",
                                      "rest time between sets when lifting weights for {goal}?")}),
            T("how long would it take to run {dist} at a pace of {p} per km?",
              {"dist": Qty("km", (5, 10, 15, 21.1, 42.2), alt_units=("miles",), ops=("other",)),
               "p": Qty("min", (4, 4.5, 5, 5.5, 6, 6.5, 7), ops=("other",))},
              alts={"question-form": ("how much time would it take to run {dist} at a pace of {p} per km?",),
                    "derivation": ("what would my finish time be for {dist} at a pace of {p} per km?",)}),
        ),
        reword={"synonym": (("rest", "recover"), ("lifting weights", "weight training"), ("burn", "use up"),
                            ("how long would it take", "how much time would I need"), ("weigh", "am"),
                            ("do I burn", "will I burn")),
                "abbreviation": (("calories", "kcal"), ("per km", "per kilometre"))},
        near={"co-hyponym": (("between sets", "between workouts"),),
              "unit": (("per km", "per mile"),)},
    ),
}


# ---------------------------------------------------------------------------------------------------------
# rendering and variants

_FMT = string.Formatter()


def _sub(fmt: str, old: str, new: str) -> str | None:
    """Replace every whole-word `old` by `new` in the template's literal text (never inside a slot)."""
    left = r"(?<![A-Za-z0-9'-])" if old[0].isalnum() else ""
    right = r"(?![A-Za-z0-9'-])" if old[-1].isalnum() else ""
    pattern = re.compile(left + re.escape(old) + right)
    out, changed = [], False
    for literal, name, _, _ in _FMT.parse(fmt):
        lit, n = pattern.subn(lambda m: new, literal)
        changed |= n > 0
        out.append(lit.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + "}")
    return "".join(out) if changed else None


def _sub_either(fmt: str, a: str, b: str, one_way: bool = False) -> str | None:
    got = _sub(fmt, a, b)
    if got is None and not one_way:
        got = _sub(fmt, b, a)
    return got


def _drop_articles(fmt: str) -> list[str]:
    """Each variant drops one article of the literal text ("the", "a", "an"), never at the start and
    never in a rate ("5 hours a day")."""
    out = []
    parts = list(_FMT.parse(fmt))
    for i, (literal, _, _, _) in enumerate(parts):
        for m in re.finditer(r"(?<= )(the|a|an) (?!(day|week|month|year|night)\b)", literal):
            if i == 0 and m.start() == 0:
                continue
            new = literal[:m.start()] + literal[m.end():]
            rebuilt = []
            for j, (lit, name, _, _) in enumerate(parts):
                rebuilt.append((new if j == i else lit).replace("{", "{{").replace("}", "}}"))
                if name is not None:
                    rebuilt.append("{" + name + "}")
            out.append("".join(rebuilt))
    return out


def _vowel_sound(word: str) -> bool:
    w = word.lower()
    if w[0].isdigit():
        return w[0] == "8" or re.match(r"^(11|18)(\D|$)", w) is not None
    letters = re.sub(r"[^A-Za-z]", "", word)
    if letters.isupper() and 1 < len(letters) <= 5:
        return letters[0] in "AEFHILMNORSX"
    if w.startswith(("uni", "use", "usu", "eu", "one", "once", "ure", "uti", "ute")):
        return False
    if w.startswith(("hour", "honest", "heir")):
        return True
    return w[0] in "aeiou"


def _fix_articles(s: str) -> str:
    def rep(m: re.Match) -> str:
        art, word = m.group(1), m.group(2)
        new = "an" if _vowel_sound(word) else "a"
        return (new.capitalize() if art[0] == "A" else new) + " " + word
    return re.sub(r"\b(an|a|An|A) ([A-Za-z0-9$][\w'$-]*)", rep, s)


@dataclass(frozen=True)
class Style:
    prefix: str = ""
    suffix: str = ""
    wrap: str = ""  # "filler" | "politeness" | ""
    case: str = "as-is"  # as-is | cap | lower
    nomark: bool = False


def _render(fmt: str, vals: dict, style: Style) -> str:
    s = _fix_articles(fmt.format(**{k: v.render() for k, v in vals.items()}))
    if style.nomark and s.endswith("?"):
        s = s[:-1]
    s = style.prefix + s + style.suffix
    if style.case == "cap":
        s = s[0].upper() + s[1:]
    elif style.case == "lower":
        s = s.lower()
    return s


def _valid(tpl: T, vals: dict) -> bool:
    pools: dict[str, list] = {}
    for name, slot in tpl.slots.items():
        pool = getattr(slot, "pool", None)
        if pool:
            v = vals[name]
            pools.setdefault(pool, []).append(v.base if isinstance(v, ChoiceVal) else _code(v))
        if isinstance(slot, Cur) and slot.distinct_from and _code(vals[name]) == _code(vals[slot.distinct_from]):
            return False
    return all(len(set(v)) == len(v) for v in pools.values())


def _draw(tpl: T, r: random.Random) -> dict:
    while True:
        vals, taken = {}, {}
        for name, slot in tpl.slots.items():
            pool = getattr(slot, "pool", None)
            vals[name] = slot.draw(r, vals, taken.get(pool, set()) if pool else set())
            if pool:
                taken.setdefault(pool, set()).add(vals[name].base if isinstance(vals[name], ChoiceVal) else _code(vals[name]))
        if _valid(tpl, vals):
            return vals


def _swap(vals: dict, x: str, y: str) -> dict | None:
    a, b = vals[x], vals[y]
    if isinstance(a, MoneyVal) and isinstance(b, CurVal):
        if a.cur == b.code:
            return None
        return {**vals, x: replace(a, cur=b.code, style="code" if a.style == "symbol" else a.style),
                y: replace(b, code=a.cur)}
    if isinstance(a, MoneyVal) and isinstance(b, MoneyVal):
        if a.v < 0 or b.v < 0 or a.v == b.v:
            return None
        return {**vals, x: replace(a, v=b.v, comma=a.comma and b.v >= 1000), y: replace(b, v=a.v, comma=b.comma and a.v >= 1000)}
    if type(a) is not type(b) or a == b:
        return None
    return {**vals, x: b, y: a}


def _rewordings(dom: Domain, tpl: T, vals: dict, style: Style, r: random.Random) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}

    def add(kind: str, fmt: str, v: dict = vals, st: Style = style) -> None:
        out.setdefault(kind, []).append(_render(fmt, v, st))

    for kind, pairs_ in dom.reword.items():
        for a, b, *one_way in pairs_:
            got = _sub_either(tpl.text, a, b, bool(one_way))
            if got:
                add(kind, got)
    for kind, fmts in tpl.alts.items():
        for f in fmts:
            add(kind, f)
    for name, slot in tpl.slots.items():
        for kind, nv in slot.rewords(vals[name], r):
            add(kind, tpl.text, {**vals, name: nv})
    for a, b in CONTRACTIONS:
        got = _sub_either(tpl.text, a, b)
        if got:
            add("contraction", got)
    for f in _drop_articles(tpl.text):
        add("dropped-article", f)
    for wrap, table in (("filler", FILLER), ("politeness", POLITENESS)):
        if style.wrap == wrap:
            add(wrap, tpl.text, st=replace(style, prefix="", suffix="", wrap=""))
        elif not style.wrap:
            pre, suf = r.choice(table)
            add(wrap, tpl.text, st=replace(style, prefix=pre, suffix=suf, wrap=wrap))
    add("case", tpl.text, st=replace(style, case=r.choice([c for c in ("as-is", "cap", "lower") if c != style.case])))
    if tpl.text.endswith("?") and not style.suffix:
        add("punctuation", tpl.text, st=replace(style, nomark=not style.nomark))
    return out


def _near_misses(dom: Domain, tpl: T, vals: dict, style: Style, r: random.Random) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}

    def add(kind: str, fmt: str, v: dict = vals) -> None:
        if _valid(tpl, v):
            out.setdefault(kind, []).append(_render(fmt, v, style))

    for kind, pairs_ in dom.near.items():
        for a, b, *one_way in pairs_:
            got = _sub_either(tpl.text, a, b, one_way=kind == "added-constraint" or bool(one_way))
            if got:
                add(kind, got)
    for kind, fmts in tpl.near.items():
        for f in fmts:
            add(kind, f)
    for name, slot in tpl.slots.items():
        for kind, nv in slot.nears(vals[name], r):
            add(kind, tpl.text, {**vals, name: nv})
    for x, y in tpl.swaps:
        swapped = _swap(vals, x, y)
        if swapped:
            add("roles-swapped", tpl.text, swapped)
    return out


REWORD_WEIGHT = {"synonym": 4, "derivation": 2, "question-form": 2, "clause-order": 2, "abbreviation": 2,
                 "spelling": 4, "time-format": 4, "date-format": 2, "contraction": 1.5, "number-format": 1.5,
                 "unit-spelled": 1.5, "currency-spelled": 1.5, "case": 0.6, "punctuation": 0.5, "filler": 0.8,
                 "politeness": 0.8}
NEAR_WEIGHT = {"co-hyponym": 3, "antonym": 2.5, "number": 2, "action-verb": 2, "added-constraint": 1.5,
               "roles-swapped": 1.5, "superlative": 1.5}


def _ok(s: str) -> bool:
    return len(s) <= MAX_LEN and all(32 <= ord(c) < 127 for c in s)


def _pick(cands: dict[str, list[str]], k: int, weights: dict, stored: str, r: random.Random) -> list[tuple[str, str]]:
    pool = {kind: sorted({s for s in v if s != stored and _ok(s)}) for kind, v in sorted(cands.items())}
    pool = {kind: v for kind, v in pool.items() if v}
    kinds = list(pool)
    chosen = []
    while kinds and len(chosen) < k:
        kind = r.choices(kinds, [weights.get(kk, 1.0) for kk in kinds])[0]
        kinds.remove(kind)
        chosen.append((kind, r.choice(pool[kind])))
    return chosen


def pairs(seed: int = 11, per_template: int = 6, rewordings: int = 4, near_misses: int = 5,
          reword_share: float = 0.45) -> list[Pair]:
    r = random.Random(seed)
    stored_seen: set[str] = set()
    rows: list[tuple[str, str, str, str, bool]] = []
    for domain, dom in DOMAINS.items():
        for tpl in dom.templates:
            made = tries = 0
            while made < per_template and tries < per_template * 20:
                tries += 1
                vals = _draw(tpl, r)
                wrap = r.random()
                pre, suf, kind = "", "", ""
                if wrap < 0.08:
                    (pre, suf), kind = r.choice(FILLER), "filler"
                elif wrap < 0.16:
                    (pre, suf), kind = r.choice(POLITENESS), "politeness"
                style = Style(pre, suf, kind, "cap" if r.random() < 0.4 else "as-is")
                stored = _render(tpl.text, vals, style)
                if stored in stored_seen or not _ok(stored):
                    continue
                stored_seen.add(stored)
                made += 1
                fam = f"free-text:{domain}"
                for kind, asked in _pick(_rewordings(dom, tpl, vals, style, r), rewordings, REWORD_WEIGHT, stored, r):
                    rows.append((fam, f"rewording:{kind}", stored, asked, True))
                for kind, asked in _pick(_near_misses(dom, tpl, vals, style, r), near_misses, NEAR_WEIGHT, stored, r):
                    rows.append((fam, f"near-miss:{kind}", stored, asked, False))
    # no asked prompt is itself a stored prompt (the exact tier would decide it); no pair twice
    seen: set[tuple[str, str]] = set()
    kept = []
    for row in rows:
        key = (row[2], row[3])
        if key in seen or row[3] in stored_seen:
            continue
        seen.add(key)
        kept.append(row)
    pos = [row for row in kept if row[4]]
    neg = [row for row in kept if not row[4]]
    if len(pos) > reword_share / (1 - reword_share) * len(neg):
        keep = set(r.sample(range(len(pos)), int(reword_share / (1 - reword_share) * len(neg))))
        pos = [row for i, row in enumerate(pos) if i in keep]
    else:
        keep = set(r.sample(range(len(neg)), int((1 - reword_share) / reword_share * len(pos))))
        neg = [row for i, row in enumerate(neg) if i in keep]
    chosen = set(map(id, pos + neg))
    return [Pair(*row) for row in kept if id(row) in chosen]


# ---------------------------------------------------------------------------------------------------------
# vocabulary statistics (for the owner): distinct substitutions the tables hold


def vocabulary() -> dict[str, int]:
    syn, contrast, unused = set(), set(), []
    for name, dom in DOMAINS.items():
        texts = [t.text for t in dom.templates]
        for kind, prs in dom.reword.items():
            for a, b, *one_way in prs:
                if kind == "synonym":
                    syn.add(frozenset((a, b)))
                if not any(_sub_either(t, a, b, bool(one_way)) for t in texts):
                    unused.append(f"{name}:{kind}:{a}/{b}")
        for kind, prs in dom.near.items():
            for a, b, *one_way in prs:
                if kind in ("antonym", "co-hyponym", "superlative", "action-verb"):
                    contrast.add(frozenset((a, b)))
                if not any(_sub_either(t, a, b, kind == "added-constraint" or bool(one_way)) for t in texts):
                    unused.append(f"{name}:{kind}:{a}/{b}")
        for t in dom.templates:
            for slot in t.slots.values():
                if isinstance(slot, Choice):
                    for o, alts in slot.aliases.items():
                        syn.update(frozenset((o, alt)) for k, alt in alts if k == "synonym")
                    if slot.near_kind in ("antonym", "co-hyponym", "superlative", "action-verb"):
                        contrast.update(frozenset((a, b)) for i, a in enumerate(slot.options)
                                        for b in slot.options[i + 1:])
    return {"synonym pairs": len(syn), "antonym/co-hyponym substitutions": len(contrast), "unused": unused}


if __name__ == "__main__":
    ps = pairs()
    print(f"{len(ps)} pairs, {sum(p.should_hit for p in ps)} rewordings, {sum(not p.should_hit for p in ps)} near misses")
    print("\nper kind:")
    for kind, n in sorted(Counter(p.kind for p in ps).items()):
        print(f"  {kind:34s} {n}")
    print("\nper family:")
    for fam, n in sorted(Counter(p.family for p in ps).items()):
        print(f"  {fam:34s} {n}")
    print("\nvocabulary:", vocabulary())
    print("\n20 random examples:")
    for p in random.Random(0).sample(ps, 20):
        print(f"  [{p.kind}] {p.should_hit}\n    stored: {p.stored}\n    asked:  {p.asked}")
