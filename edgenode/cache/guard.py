"""The near-miss guard: whether two prompts ask the same thing, read as facts bound to their roles plus the
words around them compared by meaning. And the exact-match key.

Sentence embeddings put "load 30 MW peak 46 MW" and "load 46 MW peak 30 MW", or "paid 500 MAD" and
"declined 500 MAD", within a hair of each other; a semantic cache that trusts cosine alone serves one's
answer to the other. The guard reads a prompt into

- facts, each bound to its role: a number with its sign, its unit ("30MW", "30 MW" and "30 megawatts" are
  one fact; "1,500" is 1500) and its label (the content word before it in its clause, else the counted
  noun after it: "load 30 MW", "3 payments"); a clock time with its preposition ("at 16:00", "before
  9:00"); an identifier (a word with letters and digits: F12, INV-2291) or a name (a capitalised word
  inside a sentence: Lagos) with its label ("home Lagos", "in Casablanca"); a time window ("last hour",
  "within the past week": direction and period); a month or weekday; and the number of negations (not, never, n't, without, ...).
  Facts are compared as a multiset: clause order and spacing do not matter; a changed value, sign, unit,
  window, negation, or two values swapped between their labels do.
- template words: every other content word. Each word of one prompt must have a counterpart in the other
  with the same meaning (the same word or lemma, or all-MiniLM-L6-v2 vectors of the two words at cosine
  `word_threshold` or more), and labels are compared the same way; so "rainfall" meets "rain" and
  "configuration" meets "config", while a word that changes the action ("declined" for "paid", "avoid"
  for "plant") has no counterpart and the prompts differ. Distributional vectors put opposites close
  (buy/sell, open/closed), so a word and its opposite (a short list of common pairs, and a negating
  prefix: unpaid, offline, disabled) never count as counterparts.

Nothing here knows the project's workloads: the rules are about English numbers, units, time and
negation, and the evaluation sets that measure them live in bench/cacheeval, apart from this code.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

DEFAULT_WORD_THRESHOLD = 0.6  # a word replaced by another: the two mean the same
DEFAULT_IMPLIED_THRESHOLD = 0.45  # a word only one prompt has: the other's words imply it

_TOKEN = re.compile(
    r"(?P<time>\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\b\.?)?)"
    r"|(?P<number>(?<![\w.])[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?P<attached>%|[A-Za-z]+\b)?"
    r"|(?P<ident>[A-Za-z]+[-_/]?\d[\w\-/]*)"
    r"|(?P<word>[A-Za-z]+(?:'[A-Za-z]+)?)"
    r"|(?P<punct>[.?!,;:()])"
)
_CLAUSE_END = frozenset(".?!,;:()")
_SENTENCE_END = frozenset(".?!")
_NEGATIONS = frozenset({
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot", "cant", "dont",
    "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "wont", "shouldnt", "wouldnt", "couldnt", "hasnt",
    "havent", "hadnt", "mustnt", "non",
})
# words that carry no fact and no meaning of their own in a question (articles, auxiliaries, pronouns,
# prepositions, question words, politeness, light verbs)
_FUNCTION_WORDS = frozenset("""
a an the this that these those is are was were be been being am do does did done has have had having of in on
at to for from by with as and or but if then than so what which who whom whose when where why how please tell
me my our your their its it i we you they he she them us any some there here can could would should will shall
may might must about into over under per via also just kindly pls quick quickly help give get got show know
let lets make made makes making need needs want wants like within s d ll ve re m o
""".split())
_PREPOSITIONS = frozenset("at before after by from to until till around since between in on near".split())
_PERIODS = {
    "second": "second", "sec": "second", "secs": "second", "minute": "minute", "min": "minute", "mins": "minute",
    "hour": "hour", "hr": "hour", "hrs": "hour", "day": "day", "week": "week", "wk": "week", "month": "month",
    "year": "year", "yr": "year", "fortnight": "fortnight", "quarter": "quarter", "decade": "decade",
    "today": "today", "yesterday": "yesterday", "tomorrow": "tomorrow", "tonight": "tonight", "weekend": "weekend",
}
_DATES = frozenset("""january february march april may june july august september october november december jan feb
mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue tues wed
thu thurs fri sat sun""".split()) - {"may"}  # "may" is far more often the verb
_DIRECTIONS = {"last": "past", "past": "past", "previous": "past", "prior": "past", "recent": "past",
               "preceding": "past", "next": "next", "coming": "next", "upcoming": "next", "following": "next"}
_UNITS = {
    "%": "percent", "pct": "percent", "percent": "percent", "per cent": "percent",
    "megawatt": "mw", "megawatts": "mw", "kilowatt": "kw", "kilowatts": "kw", "watt": "w", "watts": "w",
    "millimeter": "mm", "millimeters": "mm", "millimetre": "mm", "millimetres": "mm", "centimeter": "cm",
    "centimeters": "cm", "centimetre": "cm", "centimetres": "cm", "meter": "m", "meters": "m", "metre": "m",
    "metres": "m", "kilometer": "km", "kilometers": "km", "kilometre": "km", "kilometres": "km",
    "kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg", "gram": "g", "grams": "g",
    "milligram": "mg", "milligrams": "mg", "liter": "l", "liters": "l", "litre": "l", "litres": "l",
    "milliliter": "ml", "milliliters": "ml", "millilitre": "ml", "millilitres": "ml", "tonne": "t", "tonnes": "t",
    "ton": "t", "tons": "t", "degree": "deg", "degrees": "deg", "celsius": "c", "fahrenheit": "f",
    "dirham": "mad", "dirhams": "mad", "dollar": "usd", "dollars": "usd", "euro": "eur", "euros": "eur",
    "naira": "ngn", "shilling": "kes", "shillings": "kes", "rand": "zar", "cfa": "xof", "dinar": "tnd",
    "dinars": "tnd", "am": "am", "pm": "pm", "x": "times",
}
# common opposites that distributional vectors put close together; either order
_OPPOSITES = frozenset(frozenset(p.split("/")) for p in """
buy/sell bought/sold open/closed open/close opened/closed enable/disable enabled/disabled increase/decrease
increased/decreased raise/lower raised/lowered up/down high/low higher/lower highest/lowest above/below
before/after earlier/later min/max minimum/maximum more/less most/least accept/reject accepted/rejected
approve/decline approved/declined paid/declined pay/refund paid/refunded payment/refund deposit/withdraw
deposited/withdrew deposit/withdrawal add/remove added/removed include/exclude included/excluded
start/stop started/stopped start/end on/off online/offline connected/disconnected allow/deny allowed/denied
win/lose won/lost gain/loss profit/loss import/export imported/exported arrive/depart arrival/departure
arriving/departing inbound/outbound incoming/outgoing send/receive sent/received push/pull in/out inside/outside
upload/download uploaded/downloaded plant/avoid safe/unsafe true/false yes/no valid/invalid legal/illegal
hot/cold warm/cool wet/dry heavy/light fast/slow early/late first/last north/south east/west left/right
import/export morning/evening day/night summer/winter spring/autumn spring/fall rise/fall rising/falling
charge/discharge charging/discharging heat/cool heating/cooling full/empty maximum/minimum cheap/expensive
cheapest/dearest long/short longer/shorter longest/shortest large/small larger/smaller largest/smallest
big/small bigger/smaller biggest/smallest add/subtract plus/minus positive/negative with/without
""".split())
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "de", "anti", "mis")


@dataclass(frozen=True, slots=True)
class Fact:
    kind: str  # "num" | "time" | "date" | "id" | "name" | "window" | "not"
    label: str  # the role's word ("" when none), compared by meaning
    value: str  # compared exactly
    unit: str = ""  # compared exactly (normalised)


@dataclass(frozen=True, slots=True)
class Reading:
    facts: tuple[Fact, ...]  # sorted
    words: tuple[str, ...]  # template words, sorted, deduplicated

    @property
    def fact_key(self) -> tuple[tuple[str, str, str], ...]:
        """The facts without their labels: equal for any two prompts the guard can match (the cache-aware
        router's affinity key)."""
        return tuple(sorted((f.kind, f.value, f.unit) for f in self.facts))


def _lemma(word: str) -> str:
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: len(word) - len(suffix)] + keep
    return word


def _number(text: str) -> str:
    value = text.replace(",", "").lstrip("+")
    negative = value.startswith("-")
    value = value.lstrip("-")
    if "." in value:
        value = value.rstrip("0").rstrip(".")
    value = value.lstrip("0") or "0"
    if value.startswith("."):
        value = "0" + value
    return f"-{value}" if negative and value != "0" else value


def _unit(word: str) -> str:
    lower = word.lower()
    if lower in _UNITS:
        return _UNITS[lower]
    if lower in _PERIODS:
        return _PERIODS[lower]
    if lower.endswith("s") and lower[:-1] in _PERIODS:
        return _PERIODS[lower[:-1]]
    return lower


def _is_unit(raw: str) -> bool:
    lower = raw.lower()
    if lower in _FUNCTION_WORDS and lower not in ("m", "s", "d"):
        return False
    if lower in _UNITS or lower in _PERIODS or (lower.endswith("s") and lower[:-1] in _PERIODS):
        return True
    return (len(raw) >= 2 and raw.isupper()) or (len(raw) <= 3 and raw.isalpha() and not raw[:1].isupper())


@dataclass(slots=True)
class _Token:
    kind: str  # time | number | ident | word | punct
    text: str
    attached: str = ""
    used: bool = False  # consumed as a label or unit, or a fact itself
    sentence_start: bool = False


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    start = True
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup if m.lastgroup != "attached" else "number"
        if m.group("number") is not None:
            token = _Token("number", m.group("number"), m.group("attached") or "")
        else:
            token = _Token(kind or "word", m.group(0))
        token.sentence_start = start
        out.append(token)
        start = token.kind == "punct" and token.text in _SENTENCE_END
    return out


def _content(token: _Token) -> bool:
    lower = token.text.lower().replace("'", "")
    return token.kind == "word" and not token.used and lower not in _FUNCTION_WORDS and lower not in _NEGATIONS


def _label_before(tokens: list[_Token], i: int) -> str:
    j = i - 1
    while j >= 0:
        t = tokens[j]
        if t.kind == "punct" and t.text in _CLAUSE_END:
            return ""
        if t.kind != "word" or t.used:
            return ""  # another fact (or its unit) is nearer: no label of ours before
        if _content(t):
            return t.text.lower()  # a label stays a template word too
        j -= 1
    return ""


def _label_after(tokens: list[_Token], i: int) -> str:
    j = i + 1
    while j < len(tokens):
        t = tokens[j]
        if (t.kind == "punct" and t.text in _CLAUSE_END) or t.kind != "word" or t.used:
            return ""
        if _content(t):
            return t.text.lower()
        j += 1
    return ""


def _preposition_before(tokens: list[_Token], i: int) -> str:
    if i > 0 and tokens[i - 1].kind == "word" and tokens[i - 1].text.lower() in _PREPOSITIONS:
        return tokens[i - 1].text.lower()
    return ""


def read(text: str) -> Reading:
    """The prompt's facts bound to their roles, and its template words."""
    tokens = _tokens(text)
    facts: list[Fact] = []
    # units and time windows first, so labels are not taken from them
    for i, t in enumerate(tokens):
        if t.kind == "number" and not t.attached and i + 1 < len(tokens):
            nxt = tokens[i + 1]
            if nxt.kind == "word" and _is_unit(nxt.text):
                t.attached, nxt.used = nxt.text, True
    for i, t in enumerate(tokens):
        if t.kind == "word" and not t.used and t.text.lower() in _DIRECTIONS:
            # "last hour", "past 3 days", "within the previous week": a direction that names a period
            for j in range(i + 1, min(i + 4, len(tokens))):
                nxt = tokens[j]
                if nxt.kind == "punct":
                    break
                if (nxt.kind == "word" and _unit(nxt.text) in _PERIODS.values()) or (
                        nxt.kind == "number" and _unit(nxt.attached) in _PERIODS.values()):
                    t.used = True
                    facts.append(Fact("window", "", _DIRECTIONS[t.text.lower()]))
                    break
    for t in tokens:
        if t.kind == "word" and not t.used and _unit(t.text) in _PERIODS.values() and t.text.lower() not in _FUNCTION_WORDS:
            t.used = True
            facts.append(Fact("window", "", "period", _unit(t.text)))
    for i, t in enumerate(tokens):  # facts without a role: dates (a day of the month joins its month), negations
        lower = t.text.lower().replace("'", "")
        if t.used or t.kind != "word":
            continue
        if lower in _DATES:
            t.used = True
            day = ""
            for j in (i - 1, i + 1):
                near = tokens[j] if 0 <= j < len(tokens) else None
                if near is not None and near.kind == "number" and not near.used and not near.attached:
                    near.used, day = True, _number(near.text)
                    break
            facts.append(Fact("date", "", f"{day} {lower[:3]}".strip()))
        elif lower in _NEGATIONS or t.text.lower().endswith("n't"):
            t.used = True
            facts.append(Fact("not", "", "not"))
    for i, t in enumerate(tokens):
        if t.used:
            continue
        lower = t.text.lower().replace("'", "")
        if t.kind == "number":
            t.used = True
            label = _label_before(tokens, i) or _label_after(tokens, i)
            facts.append(Fact("num", label, _number(t.text), _unit(t.attached) if t.attached else ""))
        elif t.kind == "time":
            t.used = True
            clock = t.text.lower().replace(" ", "").replace(".", "")
            hours, rest = clock.split(":", 1)
            facts.append(Fact("time", _preposition_before(tokens, i), f"{int(hours)}:{rest}"))
        elif t.kind == "ident":
            t.used = True
            facts.append(Fact("id", _label_before(tokens, i), lower))
        elif t.kind == "word" and len(t.text) >= 2 and t.text.isupper() and lower not in _FUNCTION_WORDS:
            t.used = True  # a code: MAD, EUR, NRB
            facts.append(Fact("id", _label_before(tokens, i), lower))
        elif t.kind == "word" and t.text[:1].isupper() and not t.sentence_start and lower not in _FUNCTION_WORDS:
            t.used = True
            facts.append(Fact("name", _preposition_before(tokens, i) or _label_before(tokens, i), lower))
    words = sorted({t.text.lower().replace("'", "") for t in tokens if _content(t)})
    return Reading(tuple(sorted(facts, key=lambda f: (f.kind, f.value, f.unit, f.label))), tuple(words))


def opposite(a: str, b: str) -> bool:
    if frozenset((a, b)) in _OPPOSITES or frozenset((_lemma(a), _lemma(b))) in _OPPOSITES:
        return True
    for x, y in ((a, b), (b, a)):
        for prefix in _NEGATING_PREFIXES:
            if x == prefix + y or x == prefix + "-" + y:
                return True
        if x.startswith("on") and y == "off" + x[2:] or x.startswith("off") and y == "on" + x[3:]:
            return True
    return False


class Guard:
    """Compares two Readings. `vector(word)` gives a unit vector for a word (all-MiniLM-L6-v2 on the word
    alone, cached); tests pass a table."""

    def __init__(self, vector: Callable[[str], np.ndarray], word_threshold: float = DEFAULT_WORD_THRESHOLD,
                 implied_threshold: float = DEFAULT_IMPLIED_THRESHOLD) -> None:
        self._vector = functools.lru_cache(maxsize=65_536)(vector)
        self.word_threshold = word_threshold
        self.implied_threshold = implied_threshold

    def same_word(self, a: str, b: str) -> bool:
        if a == b:
            return True
        if not a or not b or a in _PREPOSITIONS or b in _PREPOSITIONS or opposite(a, b):
            return False  # prepositions are roles only as themselves: "from" and "to" are near in meaning
        if _lemma(a) == _lemma(b):
            return True
        return float(self._vector(a) @ self._vector(b)) >= self.word_threshold

    def _words_agree(self, a: tuple[str, ...], b: tuple[str, ...]) -> bool:
        """Words both have (or their lemmas) agree; a word replaced by another must mean the same (and not
        the opposite); a word only one side has must be implied by the other side's words (`implied`)."""
        la = [w for w in a if w not in b and not any(_lemma(w) == _lemma(o) for o in b)]
        lb = [w for w in b if w not in a and not any(_lemma(w) == _lemma(o) for o in a)]
        if la and lb:
            scored = sorted(((self._similarity(x, y), x, y) for x in la for y in lb), reverse=True)
            for sim, x, y in scored:
                if x in la and y in lb and sim >= self.word_threshold and not opposite(x, y):
                    la.remove(x)
                    lb.remove(y)
            if la and lb:
                return False  # a word replaced by one of another meaning
        extra, other = (la, b) if la else (lb, a)
        for word in extra:
            if not other or any(opposite(word, o) for o in other):
                return False
            if max(self._similarity(word, o) for o in other) < self.implied_threshold:
                return False
        return True

    def _similarity(self, a: str, b: str) -> float:
        return float(self._vector(a) @ self._vector(b))

    def _same_label(self, fa: Fact, fb: Fact, a: Reading, b: Reading) -> bool:
        if self.same_word(fa.label, fb.label):
            return True
        if fa.label and fb.label:
            return False
        kin = sum(f.kind == fa.kind and f.unit == fa.unit for f in a.facts)
        return kin == 1 and sum(f.kind == fb.kind and f.unit == fb.unit for f in b.facts) == 1

    def same(self, a: Reading, b: Reading) -> bool:
        if len(a.facts) != len(b.facts) or a.fact_key != b.fact_key:
            return False
        # labels by meaning: a one-to-one pairing of facts with the same value whose labels agree
        # (a value without a label meets any label when no other fact of its kind and unit could take it)
        free = list(b.facts)
        for fact in a.facts:
            match = next((k for k, other in enumerate(free) if other.kind == fact.kind and other.value == fact.value
                          and other.unit == fact.unit and self._same_label(fact, other, a, b)), None)
            if match is None:
                return False
            free.pop(match)
        return self._words_agree(a.words, b.words)

    def same_text(self, a: str, b: str) -> bool:
        return self.same(read(a), read(b))


@functools.cache
def shared_guard() -> Guard:
    from edgenode.cache.embed import MiniLM

    model = MiniLM()
    return Guard(lambda word: model.encode([word])[0])


_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """What the exact tier hashes: case, surrounding and repeated whitespace do not change a prompt."""
    return _SPACE.sub(" ", text.strip()).lower()


def exact_key(namespace: str, text: str) -> bytes:
    return hashlib.blake2b(f"{namespace}\x00{normalise(text)}".encode(), digest_size=16).digest()


__all__ = ["Fact", "Guard", "Reading", "exact_key", "normalise", "opposite", "read", "shared_guard"]
