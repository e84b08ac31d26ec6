"""How edgeroute reads a prompt: its facts bound to their roles and its template words (edgenode.cache.guard
compares two readings; the router's cache-aware choice within a hub hashes the facts), and the key of the
cache's exact tier. Pure: regular expressions and tables of English numbers, units, time and negation;
nothing here knows the project's workloads.

A fact is a number with its sign, its unit ("30MW", "30 MW" and "30 megawatts" are one; "1,500" is 1500; a metric
prefix is taken into the value: "30 MW" is "30000 kW", "1 kg" is "1000 g"; weeks, days, hours and minutes are seconds; an area
or an age is one however written: "2,000 sq ft", "2000 square feet"; "aged 42", "a 42-year-old")
and its label (the content word before it in its clause, else the counted noun after it: "load 30 MW",
"3 payments"); a clock time with its preposition ("at 16:00", "before 9:00"); a month, weekday or season
(with its day of the month): word vectors put these next to each other ("autumn" and "winter" at 0.65); an identifier (letters and digits: F12, INV-2291), a code (MAD, EUR) or a name (a
capitalised word inside a sentence: Lagos) with its label ("home Lagos", "in Casablanca"); a time window
("last hour", "within the past week": direction and period); a negation (not, never, n't, without, ...),
with the words in its clause after it; what is asked (an interrogative that opens a clause, or a modal that
opens a yes/no question: "can I" is not "must I"); an operator with its operands in order ("2^10", "12*14":
"2 to the power of 10", "12 by 14 feet", "12 times 14"); what "than" compares against, with its "of" phrases
("heavier than an atom of lead"). Numbers are read with their scale ("1 million
dollars", "90k"), in words ("twelve", "first"), and in clock times ("3 p.m.").
Template words are every other content word (labels stay template words too).
"""

from __future__ import annotations

import functools
import hashlib
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from decimal import Decimal, localcontext

_TOKEN = re.compile(
    r"(?P<time>\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\b\.?)?)"
    r"|(?P<dotted>(?<![\w.])\d+(?:\.\d+){2,}(?![\w]|\.\d))"  # "1.2.1", "192.168.1.1", "12.03.2024": a code
    r"|(?P<number>(?<![\w.])[-+]?[$\u20ac\u00a3\u00a5]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?P<attached>%|[A-Za-z]+\b)?"
    r"|(?P<ident>[A-Za-z]+[-_/]?\d[\w\-/]*|\b[A-Za-z]{1,2}(?:\+\+|[+#]|-(?!\w))(?![\w+#]))"  # "C#", "O+", "A-"
    r"|(?P<cmp>[<>]=?|[\u2264\u2265])(?=\s*[-+$\u20ac\u00a3\u00a5]?\d)"  # "> 5", "<= 3": a bound
    r"|(?P<word>[A-Za-z]+(?:'[A-Za-z]+)?)"
    r"|(?P<op>(?<=[\s\d)])[-+*/=^](?=[\s\d(]))"  # "2x - 7 = 32": an operator between spaces or digits
    r"|(?P<punct>[.?!,;:()])"
)
_CLOCK = re.compile(r"(?P<h>\d{1,2}):(?P<m>\d{2})\s?(?:(?P<half>[ap])\.?m)?")
_DOTTED_CLOCK = re.compile(r"(?P<h>\d{1,2})\.(?P<m>[0-5]\d)")  # "7.30pm", as the British write it
_CLAUSE_END = frozenset(".?!,;:()")
_SENTENCE_END = frozenset(".?!")
NEGATIONS = frozenset({
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot", "cant", "dont",
    "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "wont", "shouldnt", "wouldnt", "couldnt", "hasnt",
    "havent", "hadnt", "mustnt", "non",
})
# words that carry no fact and no meaning of their own in a question (articles, auxiliaries, pronouns,
# prepositions, question words, politeness, light verbs such as "get", "put" and "go"; "between" and "versus" say
# nothing a comparison does not: "the difference between A and B", "how does A differ from B")
FUNCTION_WORDS = frozenset("""
a an the this that these those is are was were be been being am do does did done has have had having of in on
at to for from by with as and or but if then than so what which who whom whose when where why how please tell
me my our your their its it i we you they he she them us any some there here can could would should will shall
may might must about into over under per via also just kindly pls quick quickly help give get got show know
let lets make made makes making need needs want wants like within s d ll ve re m o
much many each hi hello hey dear thanks thank thx ty tia plz cheers ok okay well sorry excuse wondering wonder curious idea
asap really actually basically anyone someone somebody guys question best recommended suitable ideal optimal
appropriate right proper advisable take takes taking took able possible require requires required whenever
needed necessary between versus vs using during use put both supposed go goes going went gone
""".split())
PREPOSITIONS = frozenset(
    "at before after by from to until till around since between in on near against into than versus vs".split())
_ARTICLES = frozenset(("the", "a", "an"))
_PER = frozenset(("a", "an", "per", "each", "every"))
_FIRST_PERSON = frozenset(("i", "me"))
DETERMINERS = _ARTICLES | frozenset("my your his her its our their this that these those some any".split())
# prepositions whose phrase is a role ("for baking powder", "over paint", "in a cup"): compared for swaps only
ROLE_PREPOSITIONS = PREPOSITIONS | frozenset("for over of with under about onto toward towards through across above "
                                             "below behind like during inside outside".split())
# contractions typed without their apostrophe: "whats the capital", "hows it work" ("its", "id", "ill": other words)
_BARE_CONTRACTIONS = {w: w[:-1] for w in "whats wheres hows whos whens whys thats".split()} | {
    "im": "i", "ive": "i", "youre": "you", "theyre": "they"}
_SUBORDINATORS = frozenset("if when whenever because while unless although though whether".split())
_COORDINATORS = frozenset(("and", "or", "but"))
# what follows a clause's subject ("and mine is on", "or my partner can"), or opens a yes-or-no question
CLAUSE_VERBS = frozenset("is are was were am be has have had do does did can could will would should shall may might "
                         "must".split())
_ASKS = {"when": "when", "where": "where", "why": "why", "who": "who", "whom": "who", "whose": "whose"}
# a verb that opens a request and asks for the answer itself: "Explain what X is" asks "what is X"
_FRAMES = frozenset("explain describe define name list calculate compute determine find identify recommend suggest "
                    "advise tell assess evaluate choose pick check".split())
# words that may stand before it: "could you please explain", "ok, so list"
_ANYONE = frozenset("anyone someone anybody somebody".split())  # asked to tell: "can anyone tell me", "could someone explain"
_FRAME_LEADS = frozenset("can could would will you please kindly pls just now then so and ok okay hey hi i".split()) | _ANYONE
# a yes/no question opened by a modal asks what the modal says: "Can I add my son?" is not "Must I add my son?"
# what opens a prompt before its first sentence does ("hey,", "pls", "ok so", "quick question:")
_INTERJECTIONS = frozenset("hey hi hello pls plz please ok okay so yo quick question thanks thx ty".split())
_MODALS = {"can": "can", "could": "can", "may": "can", "might": "can", "must": "must", "should": "should",
           "shall": "should"}
MODAL_WORDS = frozenset(_MODALS)  # the modal verbs themselves: "can", "should", "might", ...
_INTERROGATIVES = frozenset("how what which who whom whose when where why is are am was were do does did can could "
                            "should would will must may".split())
_WH = frozenset(w for w in _INTERROGATIVES if w.startswith("wh") or w == "how")  # the interrogative words themselves
_HOW = frozenset("far often old long big large tall fast quick quickly heavy deep wide high hot cold early late soon".split())
_BE = frozenset(("is", "are", "was", "were"))
# "how soon will I see results" asks how long it takes; "how high is the net" its height, as "how tall" does; "how
# quick is the ride" and "how large" ask as "how fast" and "how big" do
_HOW_SAME = {"soon": "long", "high": "tall", "quick": "fast", "quickly": "fast", "large": "big"}
# "what is the height of" asks "how tall"
_DIMENSIONS = {"height": "tall", "length": "long", "depth": "deep", "distance": "far", "width": "wide",
               "weight": "heavy", "speed": "fast", "age": "old"}
# a comparison before a number binds to it: "under 1800", "more than 5", "at least 3"
_BOUNDS = {"under": "<", "below": "<", "beneath": "<", "over": ">", "above": ">", "exceeding": ">", "beyond": ">"}
BOUND_WORDS = frozenset(_BOUNDS)  # read into the number they bind: a changed bound is a changed fact
_THAN = {"less": "<", "fewer": "<", "lower": "<", "smaller": "<", "cheaper": "<", "younger": "<", "more": ">",
         "greater": ">", "higher": ">", "larger": ">", "bigger": ">", "older": ">", "heavier": ">", "lighter": "<",
         "longer": ">", "shorter": "<", "taller": ">", "warmer": ">", "hotter": ">", "colder": "<"}
# comparatives that bind no number but may still be followed by "than" (with those of _THAN)
_COMPARATIVES = frozenset("better worse rather other faster slower harder easier stronger weaker safer".split())
_PAIRED = {("at", "least"): ">=", ("at", "most"): "<=", ("up", "to"): "<=", ("no", "more"): "<="}
_PERIODS = {
    "millisecond": "millisecond", "ms": "millisecond", "msec": "millisecond",
    "second": "second", "s": "second", "sec": "second", "secs": "second", "minute": "minute", "min": "minute",
    "mins": "minute",
    "hour": "hour", "h": "hour", "hr": "hour", "hrs": "hour", "day": "day", "week": "week", "wk": "week", "month": "month",
    "mo": "month", "mos": "month", "mth": "month", "mths": "month",
    "year": "year", "yr": "year", "fortnight": "fortnight", "quarter": "quarter", "decade": "decade",
    "today": "today", "yesterday": "yesterday", "tomorrow": "tomorrow", "tonight": "tonight", "weekend": "weekend",
    "hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annually": "year",
    "annual": "year",
}
_DATES = frozenset("""january february march april may june july august september october november december jan feb
mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue tues wed
thu thurs fri sat sun spring summer autumn fall winter""".split())
# date words that are also common English words: a date only when written as one ("Sun", "fall 2020",
# "in the fall"), else the verb or noun ("the sun", "when did the wall fall", "a hot spring")
_AMBIGUOUS_DATES = frozenset("jan mar jun sep sept oct nov dec mon tue tues wed thu thurs fri sat sun".split())
_SHORT_MONTHS = frozenset("jan jun sep sept oct nov dec".split())  # ("mar": a verb)
_SHORT_DAYS = frozenset("tue tues thu thurs fri".split())  # days cut short that are no English word in lower case
# days named as a habit are the day: "open on Saturdays" asks what "open on Saturday" does
_PLURAL_DAYS = {f"{day}s": day for day in "monday tuesday wednesday thursday friday saturday sunday".split()}
# a day cut short that is also an English word, after "the" or "my" is that word ("the Sun", "my sat nav"); "this Sat"
# and "a Sun" are days
_WORD_DAYS = frozenset("sun sat wed mon".split())
_DETERMINERS = DETERMINERS - {"a", "an", "this", "that", "these", "those", "some", "any"}
_DAY_JOINTS = frozenset(("to", "through", "thru", "until", "till", "and", "or", "-"))
# seasons whose names are also a verb or a thing: read as a date only where a season is meant ("in the fall",
# "spring 2024"; not "when did Rome fall", "a hot spring"), and met with the bare word by the guard
SEASON_VERBS = frozenset(("spring", "fall"))
_SEASON_NAMES = {"fall": "autumn"}  # one season however named: "in the fall", "in autumn"
_BEFORE_SEASON = frozenset("the this next last during every early late mid in by until since".split())
_PERIOD_UNITS = frozenset(_PERIODS.values())
_DEICTIC_DAYS = frozenset(("today", "tonight", "tomorrow", "yesterday"))  # periods said, never counted
_DIRECTIONS = {"last": "past", "past": "past", "previous": "past", "prior": "past", "recent": "past",
               "preceding": "past", "next": "next", "coming": "next", "upcoming": "next", "following": "next"}
_UNITS = {
    "%": "percent", "pct": "percent", "percent": "percent", "per cent": "percent",
    "megawatt": "mw", "megawatts": "mw", "kilowatt": "kw", "kilowatts": "kw", "watt": "w", "watts": "w",
    "volt": "v", "volts": "v", "amp": "a", "amps": "a", "ampere": "a", "amperes": "a",
    "milliwatt": "milliw", "milliwatts": "milliw",
    "millimeter": "mm", "millimeters": "mm", "millimetre": "mm", "millimetres": "mm", "centimeter": "cm",
    "centimeters": "cm", "centimetre": "cm", "centimetres": "cm", "meter": "m", "meters": "m", "metre": "m",
    "metres": "m", "kilometer": "km", "kilometers": "km", "kilometre": "km", "kilometres": "km",
    "kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg", "gram": "g", "grams": "g",
    "milligram": "mg", "milligrams": "mg", "liter": "l", "liters": "l", "litre": "l", "litres": "l",
    "milliliter": "ml", "milliliters": "ml", "millilitre": "ml", "millilitres": "ml", "centiliter": "cl",
    "centiliters": "cl", "centilitre": "cl", "centilitres": "cl", "tonne": "t", "tonnes": "t",
    "ton": "t", "tons": "t", "degree": "deg", "degrees": "deg", "celsius": "c", "fahrenheit": "f", "kelvin": "kelvin",
    "dirham": "mad", "dirhams": "mad", "dh": "mad", "dollar": "usd", "dollars": "usd", "euro": "eur", "euros": "eur",
    "naira": "ngn", "shilling": "kes", "shillings": "kes", "rand": "zar", "cfa": "xof", "dinar": "tnd", "cedi": "ghs",
    "cedis": "ghs",
    "dinars": "tnd", "am": "am", "pm": "pm", "x": "time",
    "gigabyte": "gb", "gigabytes": "gb", "megabyte": "mb", "megabytes": "mb", "terabyte": "tb", "terabytes": "tb",
    "kilobyte": "kb", "kilobytes": "kb", "mile": "mi", "miles": "mi", "foot": "ft", "feet": "ft", "inch": "inch",
    "inches": "inch", "pound": "lb", "pounds": "lb", "lbs": "lb", "ounce": "oz", "ounces": "oz", "kcal": "kcal",
    "calorie": "kcal", "calories": "kcal", "tablespoon": "tbsp", "tablespoons": "tbsp", "teaspoon": "tsp",
    "teaspoons": "tsp", "tbsp": "tbsp", "tbsps": "tbsp", "tbs": "tbsp", "tsps": "tsp", "kilowatt-hour": "kwh",
    "kilowatt-hours": "kwh", "yen": "jpy", "yuan": "cny",
    "rupee": "inr", "rupees": "inr", "krona": "sek", "kronor": "sek", "hz": "hz", "hertz": "hz", "khz": "khz",
    "kilohertz": "khz", "mhz": "mhz", "megahertz": "mhz", "ghz": "ghz", "gigahertz": "ghz", "ohm": "ohm",
    "ohms": "ohm", "wh": "wh", "watt-hour": "wh", "watt-hours": "wh", "kwh": "kwh", "megapixel": "mp",
    "megapixels": "mp", "sqft": "sqft", "sqm": "sqm", "sqkm": "sqkm", "sqmi": "sqmi", "sqcm": "sqcm", "sqmm": "sqmm",
    "sqin": "sqin", "cbm": "cbm", "cbkm": "cbkm", "cbcm": "cbcm", "cbmm": "cbmm", "cbft": "cbft", "cbin": "cbin",
    "gallon": "gal", "gallons": "gal", "gal": "gal", "pint": "pt", "pints": "pt", "quart": "qt",
    "quarts": "qt", "yard": "yd", "yards": "yd", "acre": "acre", "acres": "acre", "hectare": "ha", "hectares": "ha",
}
# codes read as a currency when they stand before a number ("EUR 1,910")
_CURRENCIES = frozenset("""usd eur gbp jpy cny inr mxn zar mad ngn kes xof xaf tnd cad aud chf sek nok dkk egp ghs brl
rub try aed sar nzd sgd hkd krw pln czk huf""".split())
_RATED = _CURRENCIES | {"percent"}  # amounts and rates that a period after them makes a yearly (monthly...) figure
# lengths and volumes, which a period after them makes a speed or a flow ("15 miles per hour", "450 litres a minute";
# not a weight: "a dog weighing 39 kg, how much per day")
_FLOWING = frozenset("m mm cm km mi ft inch yd l ml gal pt qt".split())
_LENGTHS = frozenset("m mm cm km mi ft inch yd".split())
# a speed written as one code: its unit and period ("15 mph" is "15 miles per hour")
_SPEEDS = {"mph": ("mi", "hour"), "kph": ("km", "hour"), "kmh": ("km", "hour"), "kmph": ("km", "hour")}
# a period's adjective right after a rate's number binds as "a" period does ("7% annual", "$5 daily")
_PERIOD_ADJECTIVES = frozenset("hourly daily weekly monthly yearly annually annual".split())
# what a number written like a year ("in 2014", "the 2010 FIFA World Cup") takes as its unit: only a unit it names
_YEAR = re.compile(r"1[0-9]{3}|20[0-9]{2}")
_NAMED_UNITS = frozenset(_UNITS) | frozenset(_UNITS.values()) | frozenset(_PERIODS) | _CURRENCIES
_UNIT_CODES = frozenset(u for u in _UNITS.values() if 2 <= len(u) <= 3 and u.isalpha() and u not in ("am", "pm"))
_SYMBOLS = {"$": "usd", "\u20ac": "eur", "\u00a3": "gbp", "\u00a5": "jpy"}
_GLUED_CURRENCY = re.compile(r"\b(" + "|".join(sorted(_CURRENCIES)) + r")(?=\d)", re.IGNORECASE)
# a sum's thousands separated by spaces, as French and much of Africa write them: "50 000 FCFA" is 50000 (before a
# currency in the plural or one with no plural, or a code: "pH 8 150 mm rain" is two figures, "2 500 euro gift cards"
# two cards; not within a longer run of digits)
_SPACED_THOUSANDS = re.compile(
    r"(?<![\d,.] )(?<![\d,.])\b[1-9]\d{0,2}(?: \d{3})+\b(?![-.,]?\d| \d)(?= ?(?:f ?cfa|bob|" + "|".join(sorted(
        {word for word, unit in _UNITS.items() if unit in _CURRENCIES and word + "s" not in _UNITS} | _CURRENCIES))
    + r")\b)", re.IGNORECASE)
# local currencies as their users write them, rewritten as a figure and its currency's name after it ("1,200
# shillings"), as a sum in a known currency reads: the Kenyan shilling ("KSh 1,200", "Kshs 500", "3000 bob"), the
# naira and the rand as a capital letter against a figure ("N100,000", "R500", "N1m"; a sum, not a model's number:
# thousands, three digits or more, or a scale; not "N 100 km", "R 470 ohm"), the cedi ("GHS50", "GH\u00a2 50") and
# the CFA franc ("FCFA", "francs CFA")
_FIGURE = r"(?P<figure>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<scale>k|m|mn|mm|b|bn)?\b"
_LOCAL_MONEY = re.compile(
    rf"(?:\bKshs?\.?\s?|(?P<ngn>(?-i:\bN))|(?P<zar>(?-i:\bR))|(?P<ghs>\bGH(?:S|C|\u00a2)\s?)){_FIGURE}"
    r"|(?<=\d)(?P<bob> ?(?-i:bob)\b)|(?P<xof>\bF ?CFA\b|\bfrancs? CFA\b|\bCFA(?: francs?)?\b)", re.IGNORECASE)


def _local_sum(m: re.Match) -> str:
    if m["bob"]:
        return " shillings"
    if m["xof"]:
        return "cfa"
    figure, scale = m["figure"], (m["scale"] or "").lower()
    if (m["ngn"] or m["zar"]) and not (scale or "," in figure or len(figure.split(".")[0]) >= 3):
        return m[0]  # "N95", "R35": a model's name
    if scale:
        figure = str(Decimal(figure.replace(",", "")) * (1000 if scale == "k" else _MONEY_SCALES[scale]))
    return f"{figure} {'naira' if m['ngn'] else 'rand' if m['zar'] else 'cedis' if m['ghs'] else 'shillings'}"


_ORDINALS = frozenset({"st", "nd", "rd", "th"})
_NUMBER_WORDS = {w: str(n) for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())} | {
    "thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
    "dozen": "12"}
# "second" is left out: more often a unit of time
_ORDINAL_WORDS = {w: f"{n}th" for n, w in zip(
    (1, *range(3, 21), *range(30, 100, 10)),
    "first third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth "
    "sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth "
    "ninetieth".split(), strict=True)}


# what a way is said to be that asks nothing more than the way: "a good way to" is "how to"
_PLAIN_WAYS = frozenset("the a some good proper right best usual normal standard".split())


def _way(text: str) -> str:
    """"what's a quick way to" asks "how quick"; "what's the way to", "what are the steps to" ask "how"."""
    words = text.split()
    said = [w for w in words[2:-2][-1:] if w.lower() not in _PLAIN_WAYS]  # the word before "way(s)", if any
    if said and (said[0].isdigit() or said[0].lower() in _NUMBER_WORDS):  # "what are five ways to" counts its ways, as
        return f"how {_NUMBER_WORDS.get(said[0].lower(), said[0])} {words[-2]}"  # "list 5 ways to" does
    return " ".join(("how", *said))


def _dimension(text: str) -> str:
    """"what is the height of" asks "how tall"."""
    return "how " + next(_DIMENSIONS[w] for w in text.lower().split() if w in _DIMENSIONS)


# a tens word and a units word: "forty-two", "forty two" (read by `_tens`)
_TENS = (r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](?:one|two|three|four|five|six|seven|eight|"
         r"nine)")
# a number written in words, as an age is: "forty-two", "seven" (longest first: "seventeen" before "seven")
_SPELLED_NUMBER = "|".join((_TENS, *sorted(_NUMBER_WORDS, key=len, reverse=True)))
# and an ordinal so written ("her twenty-fifth anniversary", "the thirty first"; not "second", more often a unit of
# time: "a thirty-second clip")
_TENS_AND_UNITS = _TENS[:-1] + "|first|third|fourth|fifth|sixth|seventh|eighth|ninth)"


def _aged(text: str) -> str:
    """"aged forty-two", "age 42", "42 yo": "42 years old" (the pattern admits only a number, in digits or words)."""
    number = text.split(None, 1)[1] if text.lower().startswith("age") else text.lower().rstrip("yo/ ")
    lower = number.lower()
    number = _NUMBER_WORDS.get(lower) or (_tens(lower) if re.search("[- ]", lower) else number)
    return f"{number} years old"


# a Roman numeral after a word that numbers what it names: "phase II", "type I diabetes", "stage IV", "World War II"
# (one letter only in capitals: "what type i need"; never alone: "an IV drip", "vi or nano")
_NUMBERED = "phase|type|stage|class|grade|level|tier|category|schedule|part|chapter|volume|act|title|war"
_ROMAN_UNITS = ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")
_ROMAN_VALUES = {"x" * tens + units: 10 * tens + n for tens in range(4) for n, units in enumerate(_ROMAN_UNITS)}


def _roman(text: str) -> str:
    """"phase II": "phase 2" (the rewrite's pattern admits only numerals up to XXXIX)."""
    word, numeral = text.rsplit(" ", 1)
    return f"{word} {_ROMAN_VALUES[numeral.lower()]}"


def _tens(text: str) -> str:
    tens, units = re.split("[- ]", text.lower())
    if units in _ORDINAL_WORDS:
        return f"{int(_NUMBER_WORDS[tens]) + int(_ORDINAL_WORDS[units][:-2])}th"  # "twenty-fifth" is 25th
    return str(int(_NUMBER_WORDS[tens]) + int(_NUMBER_WORDS[units]))


_OR_NO_SAME = re.compile(r"\b([a-z]+) or no \1\b", re.IGNORECASE)  # "tip or no tip": whether to tip


# rewritten before tokenising, in one case-insensitive pass: multi-word units and currencies read as one,
# question phrases said one way, contractions, "non-stop", spelled numbers
_REWRITES: tuple[tuple[str, object], ...] = (
    (r"deg(?:ree)?s?\s*(?:celsius|centigrade|c)", "celsius"), (r"deg(?:ree)?s?\s*(?:fahrenheit|f)", "fahrenheit"),
    (r"(?:us|american) dollars?", "USD"), (r"canadian dollars?", "CAD"), (r"australian dollars?", "AUD"),
    (r"british pounds?|pounds? sterling|sterling", "GBP"), (r"swedish (?:kronor|krona)", "SEK"),
    (r"norwegian (?:kroner|krone)", "NOK"), (r"danish (?:kroner|krone)", "DKK"), (r"swiss francs?", "CHF"),
    (r"japanese yen", "JPY"), (r"chinese yuan", "CNY"), (r"indian rupees?", "INR"), (r"mexican pesos?", "MXN"),
    (r"south african rand", "ZAR"), (r"moroccan dirhams?", "MAD"), (r"nigerian naira", "NGN"),
    (r"kenyan shillings?", "KES"), (r"cfa francs?", "XOF"), (r"tunisian dinars?", "TND"),
    # "then" typed for "than" after a comparison: "worth more then one from 1900"
    ("(?:" + "|".join(sorted(_THAN.keys() | _COMPARATIVES)) + ") then", lambda text: text[:-4] + "than"),
    # a lead time asked in distance or as a count ahead is asked how early: "how far in advance should I book", "how
    # many weeks ahead should I book", "how far in advance of the wedding" ("how early before the wedding"); not "how
    # far ahead", which may ask a distance ("how far ahead can you see")
    (r"how (?:(?:far|long|much) in advance|(?:long|many (?:days|weeks|months)) (?:in advance|ahead))(?: of(?= ))?",
     lambda text: "how early before" if text.lower().endswith(" of") else "how early"),
    # what a thing is made of asks its material, a word of its own ("made" and "of" carry nothing): "what is a
    # sliotar made of" is not "what is a sliotar"
    (r"made (?:out of|of|from)", "material of"),
    (r"how long ago", "when"),  # "how long ago did the dinosaurs die out" asks when they did
    (r"how much time", "how long"), (r"how (?:frequently|regularly)", "how often"), (r"how many times", "how often"),
    (r"how many (?:seconds|secs|minutes|mins|hours|hrs|days|weeks|wks|months|mos|years|yrs)", "how long"), (r"kilowatt[- ]hours?", "kWh"),
    # areas: "2,000 square feet", "2,000 sq ft" and "2,000 sqft" are one; "200 m2" is "200 sqm" (not an "M2" chip)
    (r"(?:square|sq\.?)\s*(?:feet|foot|ft)|(?<=\d )ft2", "sqft"),
    (r"(?:square|sq\.?)\s*(?:kilomet(?:er|re)s?|km)", "sqkm"),
    # ("per m2", "how many m2": the unit alone; "m3", cubic metres, likewise)
    (r"(?:square|sq\.?)\s*(?:met(?:er|re)s?|m)|(?<=\d )(?-i:m2)|(?<=\bper )(?-i:m2)|(?<=\bmany )(?-i:m2)", "sqm"),
    (r"(?:square|sq\.?)\s*(?:miles?|mi)", "sqmi"),
    (r"(?:cubic|cu\.?)\s*(?:met(?:er|re)s?|m)|(?<=\d )(?-i:m3)|(?<=\bper )(?-i:m3)|(?<=\bmany )(?-i:m3)", "cbm"),
    # and the smaller ones: "200 square centimetres", "200 sq cm", "200 cm2" (and "200 cm^2", `_POWER`) are one
    (r"(?:square|sq\.?)\s*(?:centimet(?:er|re)s?|cm)|(?<=\d )(?-i:cm2)", "sqcm"),
    (r"(?:square|sq\.?)\s*(?:millimet(?:er|re)s?|mm)|(?<=\d )(?-i:mm2)", "sqmm"),
    (r"(?:square|sq\.?)\s*inch(?:es)?|(?<=\d )sq\.?\s*in", "sqin"),  # (not "a square in the grid")
    (r"(?:cubic|cu\.?)\s*(?:centimet(?:er|re)s?|cm)|(?<=\d )(?-i:cm3)", "cbcm"),
    (r"(?:cubic|cu\.?)\s*(?:millimet(?:er|re)s?|mm)|(?<=\d )(?-i:mm3)", "cbmm"),
    (r"(?:cubic|cu\.?)\s*(?:feet|foot|ft)|(?<=\d )(?-i:ft3)", "cbft"),
    (r"(?:cubic|cu\.?)\s*inch(?:es)?|(?<=\d )cu\.?\s*in", "cbin"),
    # a duration of one: "for an hour" is "for 1 hour", "within a week" is "within 1 week" (not "twice a day" nor
    # "calories in a day": rates)
    (r"(?:for|within|after|than|about|under) an? (?=(?:minute|hour|day|week|fortnight|month|year|decade)(?:\s*(?:[?.!,;:]|$)|\s+(?:at|in|on|"
     r"to|for|and|or|with|without|before|after|of|from|while|when|if|but|then|so|because|is|was|will|should|can)\b))",
     lambda text: text.split()[0] + " 1 "),  # not "for a day hike": "day" names the hike
    # an age: "aged 42", "age 42" and "42 yo" are "42 years old", as "a 42-year-old" is (not "aged 18 months")
    (r"aged? (?:\d+|" + _SPELLED_NUMBER + r")(?![-\w])(?!\s*(?:months?|weeks?|days?|years?|yrs?|mos?)\b)"
     r"|\d+ ?(?:yo|y/o)(?![-\w])", _aged),
    # "what time of year is monsoon season", "which months is hurricane season": when
    (r"(?:at |in |during )?(?:what|which) time of (?:the )?year", "when"),
    (r"(?:at |in |on )?(?:what|which) (?:time|years?|day|date|months?)", "when"), (r"for what reason", "why"),
    (r"wi-fi", "wifi"),  # one word, however written
    (r"no[- ]one(?![-\w])", "nobody"),  # a person, not a count of one: "if no one has opened" is "if nobody has opened"
    # asking for a judgement is asking the question: "would you call this fraud?" is "is this fraud?"
    (r"would you (?:call|consider) (?=(?:this|that|it)\b)", "is "),
    # and asking what one recommends asks which is best: "what crop do you recommend" asks "what crop"
    (r"(?:do|would|can|could|will) you (?:recommend|suggest|advise)(?= *(?:[?.!,;:]|$| for\b| in\b| to\b))", ""),
    # as asking for a recommendation of it does: "crop recommendation?", "laptop suggestions for students?"
    (r"(?<=\w )(?:recommendations?|suggestions?)(?= *(?:[?.!,;:]|$| for\b))", ""),
    # times of day by name, with or without their hour: "12 noon", "12 midnight"
    (r"(?:12 ?)?(?:midday|noon)", "12:00"), (r"(?:12 ?)?midnight", "0:00"),
    (r"in what place", "where"),
    # "in what situations do I need one" asks when (not "in which case did the court rule", a lawsuit, or a grammatical
    # case); "walk me through writing it" asks how (not "walk me through why", which asks why)
    (r"(?:in|under) (?:what|which) (?:situations?|circumstances?|cases)", "when"),
    (r"walk (?:me|us) through(?= \w+ing\b)", "how"),
    # asking how it comes about, or what the point of a thing is, asks why: "how come my softener uses so much water",
    # "what's the point of acid-free mats"
    (r"how come", "why"), (r"what(?:['\u2019]s| is| are) the (?:point|purpose) of", "why"),
    # and so does asking what a thing is for: "what is the counterweight in a lift for?" asks why there is one (not
    # "what does NASA stand for", "what are you looking for": a verb's own "for")
    (r"what(?:s|['\u2019]s| is| are| was| were)\b[^?.!,;:]{1,80}?(?<!ing) for(?=\s*\?|\s*$)",
     lambda text: re.sub(r"^what(?:s|['\u2019]s)?", lambda m: "why is" if len(m[0]) > 4 else "why", text[:-4],
                         flags=re.IGNORECASE)),  # "whats", "what's": "why is"
    # "how do I know if my baby has a fever" asks for the signs, not what to do about it
    (r"how (?:do|can|would|could|will|should) (?:i|you|we|one) (?:know|tell)(?= if| whether| when)", "what are the signs"),
    (r"is it (?:better|best|wiser|wise|advisable|a good idea) to", "should I"),
    (r"what(?:['\u2019]s| is| are| were| was) (?:the |some |a )?(?:reasons? (?:for |why |that )?|(?:main )?causes? of )",
     "why "),  # "what were the causes of WWI" asks what "what caused WWI" asks
    (r"what(?:['\u2019]s| is| are) (?:the |some |a )?(?:\w+ )?(?:ways?|steps|process|method|procedure) (?:to|for|of)",
     _way),
    (r"(?:what|when)(?:['\u2019]s| is) the (?:best |right |ideal |good )?time (?:of (?:the )?year )?to", "when to"),
    (r"what (?:could |might |would )?(?:be )?(?:causes?|causing|caused|makes)|what (?:is|are) (?:causing|making)",
     "why"),  # "what causes my toilet to keep running": why does it
    (r"(?:allowed|permitted) to", "can"), (r"close to", "near"), (r"counts? as", "is"),
    (r"(?:is|are|was|were|be|been|being) used", "is"),  # "what currency is used" and "what currency do they use"
    (r"(?:what(?:['\u2019]s| is) the|at what) (?:height|length|depth|distance|width|weight|speed|age)(?: of)?",
     _dimension),
    (r"thanks? (?:you )?in advance", "thanks"), (r"to the power of", "^"),
    # asking for the answer asks nothing more: "need an answer:", "need a quick reply asap" (not "need a response time
    # under 100 ms", "need an answer key", "need a reply to my landlord": a thing asked for)
    (r"need (?:an? )?(?:quick |fast |short |urgent |straight )?(?:answer|reply|response)s?"
     r"(?=\s*(?:[:.,;!?-]|$)|\s+(?:asap|please|pls|quickly|fast|now|thanks|thx)\b)", "need"),
    # "paid out 50 MAD" says "paid 50 MAD" (not "paid out of pocket" or "out-of-pocket", what a payer spends himself)
    (r"(?:(?<=\bpaid)|(?<=\bpays)|(?<=\bpay)|(?<=\bpaying)) out(?![- ]of\b)", ""),
    (r"non-\w+", lambda text: text.replace("-", "", 1)),
    (r"\w+['\u2019](?:s|ve|d|ll|re|m)", lambda text: re.split("['\u2019]", text)[0]),  # what's, I've: nothing
    (_TENS_AND_UNITS, _tens),
    (r"an? (?=(?:hundred|thousand|million|billion)\b)", "1 "),  # "a hundred guests" is 100 guests
    # "two hundred and fifty": one number, as "two hundred fifty" is
    (r"(?:(?<=hundred )|(?<=thousand ))and(?= (?:\d|" + _SPELLED_NUMBER + r")\b)", ""),
    # "one" that stands for a thing named before ("which one is hot", "the bigger one?", "how a beginner sets one
    # up", "sorry if this is a dumb one but") counts nothing
    (r"one(?=\s*(?:[?.!,;:]|$)|\s+(?:is|are|was|were|in|of|or|and|to|for|than|when|if|that|which|should|would|do|"
     r"does|can|will|up|back|away|but)\b)", "it"),
    (r"w/o", "without"), (r"w/\s*", "with "),  # "w/ a staple gun", "w/o sewing"
    # "seniors w knee arthritis"; not "60 W", "W 34th St", "type w on a keyboard"
    (r"(?<=[a-z] )(?-i:w)(?= (?!(?:on|in|at|to|for|from|of|and|or|is|key)\b)[a-z])", "with"),
    # text-speak: "do u tip", "thru security", "abt" ("PPL" is a pilot's licence; "10 u of insulin" counts units)
    (r"(?<!\d )(?<!many )u(?![-'\u2019])", "you"), (r"thru", "through"), (r"abt", "about"), (r"b4", "before"),
    # in lower case only, where capitals write a code ("CLD", "which R packages")
    (r"(?-i:[sS]hld|[sS]hud)", "should"), (r"(?-i:wld)", "would"), (r"(?-i:cld)", "could"),  # "how big shld it be"
    ("(?:" + "|".join(f"(?<={w} )" for w in ("what", "how", "who", "where", "when", "why", "which")) + r")(?-i:r)"
     r"(?= [a-z])", "are"),  # "what r the 9 exemptions"
    # and digits for words: "how 2 switch it", "bad 4 u" (not "stop 4 times", "4 us dollars")
    (r"how 2(?= [a-z])", "how to"), (r"4 (?:u|you)(?![-'\u2019])", "for you"),
    # "two out of five goals" is "2 of 5 goals" (not "out of stock", "5 out of town")
    (r"out of(?= (?:\d+|" + _SPELLED_NUMBER + r")\b)", "of"),
    (r"yday", "yesterday"), (r"txns", "transactions"), (r"txn", "transaction"),
    (r"accts?", lambda text: "account" + text[4:]), (r"approx", "approximately"),
    # and in lower case, where capitals write a code ("a PPL", "the AMT", "AVG antivirus")
    (r"(?-i:[pP]pl)", "people"), (r"(?-i:[aA]mt)", "amount"), (r"(?-i:[aA]vg)", "average"),
    (r"no\. of", "number of"), (r"minus ?(?=\d)", "-"),  # "no. of players" counts; "minus 15 C" is -15 C
    # "hyaluronic acid for oily skin, good or not?", "prewash batik fabric - yes or no?", "whether or not to preheat"
    # ask no negation
    (r"(?:,\s*)?(?:yes\s*(?:or|/)\s*no|or not|or no)(?=\s*[?.!]|\s*$)", ""), (r"whether or not", "whether"),
    (r"ww ?(?:ii|2)", "World War 2"), (r"ww ?(?:i|1)", "World War 1"),  # as "World War II" is read
    (rf"(?:{_NUMBERED}) (?:(?=[ivx]{{2}})(?:x{{0,3}})(?:ix|iv|v?i{{0,3}})|(?-i:[IVX]))", _roman),
    (r"(?:second|2nd)[- ]?hand(?!s)", "secondhand"),  # a word ("used"), not the second of some hands
    # "third-party cookies": which party, read as a figure with its unit written against it ("3party", as "30MW"),
    # so that no word beside it labels it ("block third-party cookies", "third-party cookies blocked")
    (r"(?:third|3rd)[- ]?part(?:y|ies)", "3party"), (r"(?:first|1st)[- ]?part(?:y|ies)", "1party"),
    ("|".join(_ORDINAL_WORDS), lambda text: _ORDINAL_WORDS[text.lower()]),  # "first" is 1st
    # "second" numbers the noun after it ("my second knockout", "vs second cousin"), unless it is a period ("wait a
    # second", "per second", "a 30 second clip")
    (r"second[- ](?=grad(?:e|ers?)\b)", "2nd "),  # a school year, after a count too: "25 second graders"
    ("".join(rf"(?<!{w} )" for w in ("\\d", "per", "each", "every", *_NUMBER_WORDS)) + r"second(?= (?!(?:of|or|and|to|"
     r"for|in|on|at|per|from|than|ago|later|longer|before|after|that|is|was)\b)[a-z])", "2nd"),
    ("|".join(_NUMBER_WORDS), lambda text: _NUMBER_WORDS[text.lower()]),
)
_REWRITE = re.compile(r"\b(?:" + "|".join(f"(?P<r{i}>{a})" for i, (a, _) in enumerate(_REWRITES)) + r")\b",
                      re.IGNORECASE)
# a title before a name is one word however it is written: "Dr. Smith", "Dr Smith" and "Doctor Smith"; "Mt. Fuji" and
# "Mount Fuji"; "St. Helens" and "Saint Helens". Written short and without its period, which would end the sentence and
# leave the name as the next sentence's first word (read as no name); not "Main St. What is near it?", a street's
_TITLE = re.compile(r"\b(?:(?P<short>dr|mr|mrs|ms|mt|st|ft|prof)\.\s*(?!(?:what|how|where|when|why|who|which|is|are|can|"
                    r"do|does|should|i|it|the|any|my|we)\b)(?=[a-z])|(?-i:(?P<long>Doctor|Mister|Mount|Saint|Fort|"
                    r"Professor))\s+(?=(?-i:[A-Z])))", re.IGNORECASE)
_SHORT_TITLES = {"doctor": "dr", "mister": "mr", "mount": "mt", "saint": "st", "fort": "ft", "professor": "prof"}


def _title(m: re.Match) -> str:
    if m["short"]:
        return m["short"] + " "
    short = _SHORT_TITLES[m["long"].lower()]
    return short[0].upper() + short[1:] + " "


# a decade is one thing however written: "the 1980s", "the 80s", "the '80s" and "the eighties" (not 1980 seconds; "80s"
# alone may be seconds: "sprint 80s")
_DECADE = re.compile(r"\b(?P<full>1[0-9]{2}0|20[0-9]0)['\u2019]?s\b|(?:(?<=\bthe )|(?<=\bthe ['\u2019])|(?<=\bthe \u2018)|"
                     r"(?<=\bearly )|(?<=\blate )|(?<=\bmid )|(?<=\bmid-))['\u2019]?(?P<short>[1-9]0)['\u2019]?s\b|"
                     r"(?<=\bthe )(?P<word>twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b",
                     re.IGNORECASE)
_DECADE_WORDS = {w: str(10 * n) for n, w in enumerate(
    "twenties thirties forties fifties sixties seventies eighties nineties".split(), start=2)}


def _century(tens: str) -> str:
    """A year or decade written by its last two digits, in full: "'39" is 1939, "'09" 2009, "the 80s" the 1980s (from
    30 on the last century's)."""
    return f"{'19' if int(tens) >= 30 else '20'}{tens}"


def _decade(m: re.Match) -> str:
    if m["full"]:
        return f"decade{m['full']}"
    tens = m["short"] or _DECADE_WORDS[m["word"].lower()]
    return f"decade{_century(tens)}"


# a time said from the hour is the clock time: "half past 10" is 10:30, "quarter to 5 pm" 4:45 pm, "20 past 9" 9:20
# (minutes to an hour only as a quarter: "2 to 5" is a range)
_PAST_HOUR = re.compile(r"\b(?P<m>half|(?:a )?quarter|[1-5]?[0-9]|" + "|".join(list(_NUMBER_WORDS)[1:21]) + r")"
                        r"(?: minutes?)? (?P<rel>past|to) (?P<h>1[0-2]|[1-9]|" + "|".join(list(_NUMBER_WORDS)[1:13])
                        + r")(?=\s?[ap]\.?m\b|[^\w:]|$)", re.IGNORECASE)  # ("half past 10pm")


def _past_hour(m: re.Match) -> str:
    said = m["m"].lower().removeprefix("a ")
    minutes = {"half": 30, "quarter": 15}.get(said) or int(_NUMBER_WORDS.get(said, said))
    hour = int(_NUMBER_WORDS.get(m["h"].lower(), m["h"]))
    if not 0 < minutes < 60 or m["rel"].lower() == "to" and said != "quarter":
        return m[0]  # "from 2 to 5 people", "add 5 to 3": a range, a sum ("20 to 9" is said too seldom to tell)
    if m["rel"].lower() == "to":
        hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
    return f"{hour}:{minutes:02d}"


# the 24-hour clock is a way to write times, not a day: "switch my phone to 24 hour time", "the 24-hour clock" and
# "military time" (and the 12-hour one likewise)
_HOUR_CLOCK = re.compile(r"\b(?:(?P<n>24|12|twenty[- ]four|twelve)[- ]?(?:hour|hr|h) (?:clock|time|format)|military time)\b",
                         re.IGNORECASE)


def _hour_clock(m: re.Match) -> str:
    return "clock12" if (m["n"] or "").lower() in ("12", "twelve") else "clock24"


# initials written with periods are the code written without: "U.S." is "US", "U.K." "UK", "D.C." "DC" (not "a.m.",
# "p.m.", "e.g.", "i.e.", which other rules read)
_INITIALISM = re.compile(r"\b(?:[A-Za-z]\.){2,}(?![A-Za-z])")
_NO_INITIALISM = frozenset(("am", "pm", "eg", "ie"))


def _initialism(m: re.Match) -> str:
    letters = m[0].replace(".", "")
    return m[0] if letters.lower() in _NO_INITIALISM else letters.upper()


# a year cut to its last two digits after an apostrophe is the year: "the act of '64" is 1964, "class of '09" 2009
_SHORT_YEAR = re.compile(r"(?<![\w'\u2019])['\u2019](\d{2})\b(?!['\u2019])")


def _short_year(m: re.Match) -> str:
    if _QUOTED.match(m.string, m.start()):
        return m[0]  # "landing in '10 off'": a quote
    return _century(m[1])


# a bound written after its figure is the bound written before it: "30 grams or more" is "at least 30 grams", "2 hours
# or less" "at most 2 hours" (a figure, a word of unit and what it is of: "30 grams of protein or more")
_OR_MORE = re.compile(r"(?P<figure>[$\u20ac\u00a3]?\d[\d,.]*(?:\s?[A-Za-z%]+(?: of [A-Za-z]+)?)?) or (?:(?P<more>more|greater|above|over|"
                      r"higher|longer|bigger|larger)|less|fewer|under|below|lower|shorter|smaller)\b", re.IGNORECASE)
_CHEAPER = re.compile(r"\b(?P<degree>least|less) expensive\b", re.IGNORECASE)  # before the rewrites: "the least
# expensive way to" is "the cheapest way to", which a rewrite then reads
# "Symphony No. 5", "card no: 4351", "card nr 4351", "card number 4351": a number's mark, no negation
_NUMERO = re.compile(r"\b(?:no\s?[.:#]|nr\.?|number)\s?(?=\d)", re.IGNORECASE)
# an area or a volume written with a power: "20 cm\u00b2" is 20 sqcm, not 20 cm (whose prefix would be folded)
# (and with a caret: "200 cm^2", not algebra: "factor 4m^2 - 9")
_POWER = re.compile(r"(\d)\s*(km|cm|mm|m|ft|in)\s*(?:([\u00b2\u00b3])|\^([23])(?!\s*[-+*=]))(?!\d)", re.IGNORECASE)
_MERIDIEM = re.compile(r"(?:\b|(?<=\d))([ap])\.m\b\.?", re.IGNORECASE)  # "3 p.m." and "3p.m." are "3 pm"
# clock times written with an "h" ("18h", "16h00", "at 7h") or as military time ("0900 hrs", "at 2100 hours", and
# with no "h": "at 0700", "@ 1800," as `_h_clock` tells)
_H_CLOCK = re.compile(r"\b(?P<h>\d{1,2})h(?P<m>[0-5]\d)?\b|\b(?P<mh>[0-2]\d)(?P<mm>[0-5]\d) ?(?:hrs|hours|hr|h)\b"
                      r"|(?<=[\s@])(?P<bh>[0-2]\d)(?P<bm>[0-5]\d)\b(?![-/.,:]?\d)", re.IGNORECASE)
_BARE_BEFORE = re.compile(r"(?:\bat|(?P<at>@))\s?$", re.IGNORECASE)  # "at 0700", "@ 1800"
_BARE_AFTER = re.compile(r"\s*(?:$|[,;.!?)|]|(?:in|on|near|from|with|home|local)\b)", re.IGNORECASE)  # "@ 1800, home"
# a decimal read out, one figure after the point: "five point five" is 5.5, "eight point zero" 8.0 (not "at one point
# two players left")
_SPELLED_DECIMAL = re.compile(r"(?<!\bat )\b(?P<whole>" + _SPELLED_NUMBER + r") point (?P<digits>zero|one|two|three|four|"
                              r"five|six|seven|eight|nine)\b", re.IGNORECASE)
# a list's separator before a field ("/ 1400 hrs /"; the one after it is `_SPACED_SLASH`'s or `_SEPARATORS`')
_FIELD_BEFORE = re.compile(r"[/|;:]\s*$")
_CLOCK_BEFORE = re.compile(r"(?:\bat|@|\btime|\bhour)\s?:?\s?$", re.IGNORECASE)  # "at 18h", "@ 7h", "time: 0900 hrs"
# labels and numbers listed with slashes, in order: "load/peak/solar 51/65/9 MW" is "load 51 MW, peak 65 MW, solar
# 9 MW" (a slash between two numbers alone is a division or a fraction: "3/4 cup")
_SLASHED = re.compile(r"\b(?P<labels>[A-Za-z]+(?:/[A-Za-z]+)+)\s?[:=]?\s?(?P<values>\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)+)"
                      r"(?:\s?(?P<unit>[A-Za-z%]+\b))?")
_LEAD_IN = re.compile(r"^\s*(?:(?:quick|random|dumb|silly|simple|small)\s+)?(?:q|qn|question)\s*[:\-]\s*|^\s*(?:um+|uh+|erm)\b"
                      r"[\s,]*", re.IGNORECASE)
_SEPARATORS = re.compile(r"\s*(?:\||=>|->)\s*")
_SPACED_SLASH = re.compile(r"\s/\s")  # "card 1604 / 900 MAD / 09:00 / Dakar": a list's separators
_DIVISION = re.compile(r"\d\s/\s\d")  # "12 / 4": one spaced slash between numbers divides
# a unit per period written with a slash after its number: "27 m/s" is "27 m per s", "450 L/min" "450 L per min"
_RATE_SLASH = re.compile(r"(?<=\d)(?P<unit>\s?[A-Za-z]{0,6})/(?=(?P<period>[A-Za-z]+)\b)")


def _rate_slash(m: re.Match) -> str:
    return f"{m['unit']} per " if _unit(m["period"]) in _PERIOD_UNITS else m[0]  # a period `_PERIODS` knows


# a fraction of a unit, in figures or in words, is its decimal: "1/4 cup", "a quarter cup" and "0.25 cup"; "half an hour"
# and "0.5 hours" (not "24/7", "odds of 5/1", "half the time": no unit follows)
_FRACTION = re.compile(r"(?<![\d/.,])(?P<n>\d{1,2})/(?P<d>[2348]|16)(?=\s?(?P<u>[A-Za-z]+)\b)")
_SPELLED_FRACTION = re.compile(
    r"\b(?:(?:a|one)\s+)?(?P<f>half|quarter|third|three[ -]quarters?|two[ -]thirds?)(?:[ -]of)?(?:\s+(?:a|an))?[ -]"
    r"(?=(?P<u>[A-Za-z]+)\b)", re.IGNORECASE)
# a whole and a half is one figure: "one and a half quarts" is 1.5 quarts, "2 and a half hours" 2.5 hours
_AND_A_HALF = re.compile(r"\b(?P<whole>\d{1,3}|" + "|".join(w for w in _NUMBER_WORDS if w not in ("zero", "dozen"))
                         + r") and an? half\b", re.IGNORECASE)
# and so is a unit and a half: "a year and a half" is 1.5 years, "an hour and a half" 1.5 hours
_UNIT_AND_A_HALF = re.compile(r"\b(?:an?|one) (?P<u>[A-Za-z]+) and an? half\b", re.IGNORECASE)
# a budget one has is an upper bound on what one spends: "on a budget of $30", "my budget is 30 dollars", "on a $30
# budget", "..., budget $40", "with $30 to spend" are "at most $30" (not a budget one reports: "a film with a budget
# of $200 million", "its $5 million budget")
_BUDGET = re.compile(r"(?:\bon (?:a|an|my|our) |\b(?:my|our) |^|(?<=[,;:(-] ))budget(?: of| is|:)? (?=[$\u20ac\u00a3]?\d)"
                     r"|\b(?:on (?:a|an|my|our)|my|our) (?P<amount>[$\u20ac\u00a3]\d[\d,.]*k?) budget\b"
                     r"|\b(?:with|have|having|got) (?P<spend>(?:[$\u20ac\u00a3]?\d[\d,.]*k?|(?:" + "|".join(_NUMBER_WORDS)
                     + r")(?: hundred| thousand)?)(?: (?:dollars|euros|pounds))?) to spend\b",
                     re.IGNORECASE | re.MULTILINE)
# a US state's or Canadian province's postal code names it ("in CA", "in tx", "NJ"), as "NYC" and "LA" name their
# cities: those no other common meaning takes ("SD card", "100 MB", "a CT scan", "MA", "OK", "IN" are left)
_PLACE_CODES = {"AZ": "Arizona", "CA": "California", "FL": "Florida", "IL": "Illinois", "NJ": "New Jersey", "NV": "Nevada",
                "NY": "New York", "TX": "Texas", "QC": "Quebec", "NYC": "New York City", "LA": "Los Angeles"}
# in capitals anywhere, in lower case after "in" ("in ny"; "ca 1900" is circa)
_PLACE_CODE = re.compile(r"\b(?:(?-i:" + "|".join(_PLACE_CODES) + r")|(?<=\bin )(?-i:" + "|".join(
    code.lower() for code in _PLACE_CODES) + r")|(?-i:nyc))\b", re.IGNORECASE)
# an age group is one code however written: "under-12", "the under 12s", "U12" (not "under 12 kg", "kids under 12")
_AGE_GROUP = re.compile(r"\bunder(?:-(\d{1,2})s?|\s(\d{1,2})s)\b", re.IGNORECASE)
# "in" between a figure and the dimension it gives is inches: "1/4 in thick", "2 in wide" (not "2 in the morning")
_INCH_DIMENSION = re.compile(r"(?<=\d) in(?= (?:thick|long|wide|deep|tall|high|across|diameter)\b)", re.IGNORECASE)
# "PV" before a figure or what makes power is solar: "PV 22 MW", "PV panels", and after watts or "no": "23 MW of PV",
# "no PV" (not "the PV of an annuity": a present value)
_PV = re.compile(r"\bpv(?=[ :]*\d| (?:output|generation|capacity|power|panels?|arrays?|systems?|modules?|install(?:ation|ed|er)?s?)\b)"
                 r"|(?:(?<=\bno )|(?<=[kmgt]w of ))pv\b", re.IGNORECASE)  # (not "PV = 1000", a formula's present value)
_FRACTION_WORDS = {"half": "1/2", "quarter": "1/4", "third": "1/3", "three quarter": "3/4", "three quarters": "3/4",
                   "two third": "2/3", "two thirds": "2/3"}


def _fraction_unit(word: str) -> bool:
    """A unit a fraction may be of: a unit of measure, a period, a cup ("in" written against the figure: an inch)."""
    lower = word.lower()
    return lower in _UNITS or _unit(lower) in _PERIOD_UNITS or lower in ("cup", "cups", "in")


def _fraction(m: re.Match) -> str:
    if not _fraction_unit(m["u"]) or (m["u"].lower() == "in" and m.end() < len(m.string) and m.string[m.end()] == " "):
        return m[0]  # "1/4 in the morning": a preposition
    with localcontext(prec=12):
        return _number(str(Decimal(m["n"]) / Decimal(m["d"])))


def _spelled_fraction(m: re.Match) -> str:
    if not _fraction_unit(m["u"]) or m["u"].lower() == "in":
        return m[0]
    fraction = _FRACTION_WORDS[m["f"].lower().replace("-", " ")]
    return f"{fraction} "


def _slashed(m: re.Match) -> str:
    labels, values = m["labels"].split("/"), m["values"].split("/")
    if len(labels) != len(values):
        return m[0]
    unit = f" {m['unit']}" if m["unit"] else ""
    return ", ".join(f"{label} {value}{unit}" for label, value in zip(labels, values, strict=True))


# letters glued to a number with decimals are a label and its number: "ph7.5" is "ph 7.5" (not "F7", "v1.2")
_GLUED_LABEL = re.compile(r"\b([A-Za-z]{2,})(?=\d+\.\d)")
# a section of a code written with its subsections in brackets is the code written without: "401(k)" is "401k",
# "501(c)(3)" is "501c3" (the first a letter: "2(3)" is arithmetic)
_SECTION = re.compile(r"\b(\d+)(\([a-z]{1,2}\)(?:\([a-z0-9]{1,2}\))*)(?!\w)", re.IGNORECASE)
# a product between numbers is an operator: "12 x 14 ft", "12 by 14 feet", "12 times 17", "multiply 12 by 17"
_LENGTH_UNIT = r"(?:ft|feet|foot|m|cm|mm|in|inch|inches|metres?|meters?|yards?|yd)"
_PRODUCT = re.compile(
    r"(?<=\d)\s*(?:x|\u00d7|times)\s*(?=[$\u20ac\u00a3]?\d)"
    rf"|(?<=\d)\s+by\s+(?=\d+(?:\.\d+)?\s*{_LENGTH_UNIT}\b)",
    re.IGNORECASE)
# and "by" between two lengths with their units, or two numbers written in words before a length's unit: "42 feet by 54
# feet" and "six by eight foot" are "42x54 feet" and "6x8 foot" (in words, not before "in": "one by one in the list")
_UNIT_BY = re.compile(rf"(?<=\d)(\s*{_LENGTH_UNIT})\s+by\s+(?=\d+(?:\.\d+)?\s*{_LENGTH_UNIT}\b)", re.IGNORECASE)
_SPELLED_BY = re.compile(rf"\b(?P<a>{_SPELLED_NUMBER}) by (?P<b>{_SPELLED_NUMBER})(?=[\s-]*(?!in\b){_LENGTH_UNIT}\b)",
                         re.IGNORECASE)
# an equation's operators between numbers and one-letter variables, spaced: "2x-7=32" is "2x - 7 = 32"
_EQUATION = re.compile(r"(?:(?<=\d)|(?<=\d[A-Za-z])|(?<=\b[A-Za-z]))\s*([-+*/=^])\s*(?=[\d(]|[A-Za-z]\b)")
_DIGIT = re.compile(r"\d")
_LETTER_DASH_DIGIT = re.compile(r"(?<=[a-z])-(?=\d)")  # "F-1" is "F1"
_WORD_CODES = frozenset(("US",))  # codes written in capitals that are function words in lower case ("us")
# where a product or an equation may be ("60x90cm": a product written against its numbers too)
_ARITHMETIC = re.compile(r"\d\s*(?:x|\u00d7|times|by)\b|(?<!\b0)(?<=\d)x\d|multiply|=")  # not hex: "0x1F"
_MULTIPLY = re.compile(r"\bmultiply\s+(\d[\d,.]*)\s+by\s+(?=\d)", re.IGNORECASE)
_COMMUTATIVE = frozenset("+*")
# a scale word after a number multiplies it: "1 million dollars" is $1,000,000
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1000_000, "billion": 1000_000_000,
           "trillion": 1000_000_000_000}
# and a letter after a sum of money does: "$45M" and "$45mn" are $45 million, "$2bn" $2 billion (never metres)
_MONEY_SCALES = {"m": 1000_000, "mn": 1000_000, "mm": 1000_000, "b": 1000_000_000, "bn": 1000_000_000}
_SYMBOL_CURRENCIES = frozenset(_SYMBOLS.values())
# a quoted word or phrase is a literal ("how do I use 'whom'"): a value, compared as written
_QUOTED = re.compile(r"(?<![\w'])['\"\u2018\u201c](?P<inner>[^'\"\u2018\u2019\u201c\u201d\n]{1,60}?)['\"\u2019\u201d](?!\w)")


# a rewrite can only apply when the lowered text holds one of these (a fast C-level scan first: the one regex
# pass costs about 40 us on a 100-character prompt, a prompt of the three workloads holds none of them)
_NEEDLES = (" then", "answer", "reply", "response", "paid out", "pay out", "pays out", "paying out", "deg", "dollar", "pound", "sterling", "kron", "franc", "yen", "yuan", "rupee", "peso", "rand", "dirham",
            "naira", "shilling", "dinar", "how much time", "how frequently", "how regularly", "how many t", "how many s",
            "how many m", "how many h", "how many d", "how many w", "how many y", "kilowatt", "what t", "what y", "what d",
            "which t", "which y", "which d", "what m", "which m", "wi-fi", "would you c", "you recommend", "you suggest", "you advise", "recommendation", "suggestion", " know", " tell", "or no", "yes/", "yes /", "what reason", "what place", "what situation", "which situation", "what circumstance", "which circumstance",
            "what case", "which case", "walk me", "walk us", "non-", "'",
            "\u2019", "reason", " cause", "is it ", " way", "steps", "process", "method", "procedure", "time to", "time of", "what caus", "what could",
            "what might", "what would", "is caus", "are caus", "what mak", "is mak", "are mak", "allowed", "permitted", " ago", "for?", "for ?",
            "advance", "made ", "how come", "point of", "purpose of", "power of", "close to", " used", "count as", "counts as", "height", "length", "depth",
            "distance", "width", "weight", "speed", "the age", "what age", "w/", " w ", "thru", "abt", "b4", "shld", "shud", "wld", "cld", " r ", "how 2 ", "4 u", "4 you", " out of ", "yday", "txn", "amt", "ppl", "acct", "avg", "approx", "no.", "minus", " u ", "u ", "sq", "m2", "m3", "cubic", "cu.", "ft2", "ft3", " a minute", " an hour", " a day", " a week", " a fortnight",
            " a month", " a year", " a decade",
            "y/o", "ww", "midday", "noon", "midnight", " second ", "second-grad", "nd-hand", "nd hand", "party", "parties", "a hundred", "a thousand", "a million", "a billion", *(f"{w} " for w in _NUMBERED.split("|")), *_NUMBER_WORDS,
            *_ORDINAL_WORDS)


_AGE_HINT = re.compile(r"\bage|\dy/?o\b|\d y/?o\b")  # "Age 42", "aged", "12 yo", "42yo"


def _rewrite(m: re.Match) -> str:
    replacement = _REWRITES[int(m.lastgroup[1:])][1]
    return replacement(m.group(0)) if callable(replacement) else replacement


@dataclass(frozen=True, slots=True)
class Fact:
    kind: str  # "num" | "time" | "date" | "id" | "name" | "window" | "not" | "op" | "than" | "ask"
    label: str  # the role's word ("" when none), compared by meaning; a window's: the question it frames, if any ("per" a rate)
    value: str  # compared exactly
    unit: str = ""  # compared exactly (normalised)


Run = tuple[str, str, tuple[tuple[str, str, str], ...]]


@dataclass(frozen=True, slots=True)
class Reading:
    facts: tuple[Fact, ...]  # sorted
    words: tuple[str, ...]  # template words, sorted, deduplicated
    # template words written right before another ("furnished apartment", "duck egg"): (modifier, word), sorted
    modifiers: tuple[tuple[str, str], ...] = ()
    # template words after a preposition ("from lyon"): (word, preposition), sorted; a name written in lower
    # case is a template word, and the guard meets it with the other prompt's name in the same role ("home" for
    # "lives in lyon" and "home lyon", as the reader labels "lives in Lyon" and "home Lyon")
    placed: tuple[tuple[str, str], ...] = ()
    # template words joined by "and", "or" or "nor" ("horizontally and vertically"), each pair sorted
    coordinated: tuple[tuple[str, str], ...] = ()
    # words written in quotes ("the word 'whom'"): compared as written, never by meaning
    literals: tuple[str, ...] = ()
    # words and names after a negation in its clause ("not in the EU": "eu"), sorted
    negated: tuple[str, ...] = ()
    # template words in the order written ("I" and "me" as "i"), for who does what to whom ("cats chase mice"); ""
    # between clauses, which end at punctuation or before a word that opens another ("if", "when", "because")
    order: tuple[str, ...] = ()
    # every word written, function words too ("turn right": "right" is no template word, yet not "left"), sorted
    said: tuple[str, ...] = ()
    # the template words of each phrase after a preposition ("substitute baking soda for baking powder":
    # ("for", ("baking", "powder"))), sorted
    phrases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # every word in the order written, names too, "" between clauses: where an acronym may be spelled out
    # ("ETF", "exchange-traded fund"; "NYC", "New York City")
    spelled: tuple[str, ...] = ()
    # two or more facts of one kind and unit whose labels are all one ("a 15 amp microwave on a 20 amp circuit",
    # "(3,4)"): (kind, unit, ((value, word before, word after), ...)), where only their places tell their roles apart
    runs: tuple[Run, ...] = ()
    # the prompt as written: what a judge of whole sentences reads (edgenode.cache.paraphrase); no part of equality
    text: str = field(default="", compare=False)

    @property
    def fact_key(self) -> tuple[tuple[str, str, str], ...]:
        """The facts without their labels and what is asked: equal for any two prompts the guard can match,
        but for a name one of them writes in lower case (`affinity`, the router's key, leaves names out)."""
        return tuple(sorted((f.kind, f.value, f.unit) for f in self.facts if f.kind != "ask"))

    @property
    def affinity(self) -> tuple[tuple[str, str, str], ...]:
        """The fact key without names and codes written in letters alone, which a prompt in lower case reads
        as template words ("Lyon", "lyon"), and without currencies, which a figure may be written without ("a 90k
        salary", "a $90,000 salary"): what the cache-aware router hashes."""
        return tuple((kind, value, "" if kind == "num" and unit in _CURRENCIES else unit)
                     for kind, value, unit in self.fact_key if not (kind in ("name", "id") and value.isalpha()))

    @property
    def mentioned(self) -> frozenset[str]:
        """Template words and the values of names and codes."""
        return frozenset(self.words) | {f.value for f in self.facts if f.kind in ("name", "id")}

    @property
    def code(self) -> tuple[str, ...]:
        """The words written as code, verbatim and sorted: a regular expression, a call, an operator on a value, a
        command's flag ("^[0-9]{3}$", "len()", ">100", "--force"), which no rewording changes."""
        return code_words(self.text)

    @property
    def quoted_code(self) -> frozenset[str]:
        """The code of several words quoted in backticks, spaced alike ("`char * const p`" is "`char *const p`"), which
        the guard compares verbatim where both prompts quote code (one may write it unquoted, where its words count)."""
        return quoted_code(self.text)

    @property
    def asks(self) -> frozenset[str]:
        """What the question asks ("when", "how long"), where an interrogative opens it."""
        return frozenset(f.value for f in self.facts if f.kind == "ask")

    def packed(self) -> tuple:
        """The reading as plain nested tuples of strings, which `unpacked` reads back equal. Python's cyclic
        collector stops tracking a tuple of untracked things when it collects the generation holding it (a nesting
        level per collection), where a reading's objects stay tracked: a store that keeps many readings keeps them
        packed (edgenode.cache.store), so its full collections walk none of them."""
        return (tuple((f.kind, f.label, f.value, f.unit) for f in self.facts),
                *(getattr(self, name) for name in _PACKED_FIELDS), self.text)

    @staticmethod
    def unpacked(packed: tuple) -> Reading:
        return Reading(facts=tuple(Fact(*fact) for fact in packed[0]), text=packed[-1],
                       **dict(zip(_PACKED_FIELDS, packed[1:-1], strict=True)))


_PACKED_FIELDS = tuple(f.name for f in fields(Reading) if f.name not in ("facts", "text"))

# a word written as code: brackets, braces, an anchor, a backslash, a pipe, a comparison, a variable, an operator of
# two signs, a call, a flag; with a letter or a digit besides (not a separator: "|", "->" between fields)
_CODE = re.compile(r"[\[\]{}^\\|<>]|\$(?!\d)|==|!=|&&|->|=>|::|\w\(|^--?[a-z]")
_CODE_CONTENT = re.compile(r"[A-Za-z0-9]")
# an expression with a power in it is one word of code however its "+", "-", "*", "/" and "=" are spaced: "x^2 - 5x + 6
# = 0" is "x^2-5x+6=0", "h = -5t^2 + 20t" "h=-5t^2+20t" (not "x ^ 2"); its terms hold a figure, a power or a bracket,
# or are one letter ("x^2 = 4 - what is x" ends before "what")
_TERM = r"(?:[\w.]*[\d^()][\w^().]*|[A-Za-z]\b)"
_EXPRESSION = re.compile(rf"{_TERM}(?:\s*[-+*/=]\s*-?{_TERM})+")
_SPACED_OPERATOR = re.compile(r"\s*([-+*/=])\s*")


@functools.lru_cache(maxsize=64)  # the guard asks it of the same prompts for each candidate a lookup reads (a few
# prompts a lookup: kept small, so tenants' prompts do not stay in memory long after their entries are gone)
def code_words(text: str) -> tuple[str, ...]:
    """The words of `text` written as code (`Reading.code`), without the quotes around them or a sentence's
    punctuation after them."""
    found = []
    if "^" in text:
        text = _EXPRESSION.sub(lambda m: _SPACED_OPERATOR.sub(r"\1", m[0]) if "^" in m[0] else m[0], text)
    for word in text.split():
        word = word.strip("`'\"").rstrip(".,;:!?").strip("`'\"")
        if _CODE.search(word) and _CODE_CONTENT.search(word):
            found.append(word)
    return tuple(sorted(found))


_BACKTICKED = re.compile(r"`([^`]*)`")  # code quoted in backticks, as developers write it, paired in order
_SPACE_AROUND_SIGN = re.compile(r"\s*([^\w\s])\s*")


@functools.lru_cache(maxsize=64)
def quoted_code(text: str) -> frozenset[str]:
    """The spans of several words `text` quotes in backticks (`Reading.quoted_code`), with no space around a sign."""
    return frozenset(_SPACE_AROUND_SIGN.sub(r"\1", " ".join(span.split())) for span in _BACKTICKED.findall(text)
                     if len(span.split()) > 1)


_ES_AFTER = ("sses", "xes", "zzes", "ches", "shes")  # endings where "es" is the suffix: "boxes", "matches"
# terms whose final "s" is no plural, where the word without it names another thing: the secure variant of a
# protocol ("https" is not many "http"), Apple's iOS against I/O
NOT_PLURALS = frozenset({"https", "ftps", "sftps", "smtps", "imaps", "pop3s", "ldaps", "ios"})


# what a price is asked with after "how much": "how much does it cost", "how much will I pay"
_PRICE_WORDS = frozenset("cost costs costing price priced pay paid spend fee fees worth charged".split())


def _price_asked(tokens: list[_Token], start: int) -> bool:
    """The clause after "how much" asks a price: a price word before its end ("how much time" was read as "how long"
    before this is asked)."""
    for t in tokens[start:]:
        if t.kind == "punct":
            return False
        if t.text.lower() in _PRICE_WORDS:
            return True
    return False


def lemma(word: str) -> str:
    """A crude base form: "cities" city, "boiling" boil, "boxes" box, "ounces" ounce, "dates" date."""
    if word in NOT_PLURALS:
        return word
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if suffix == "es" and not word.endswith(_ES_AFTER):
            continue  # "es" is a suffix only after a hiss: "boxes", "matches"; else just "s": "ounces", "dates"
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: len(word) - len(suffix)] + keep
    return word


def sorted_facts(facts: Iterable[Fact]) -> tuple[Fact, ...]:
    """Facts in a Reading's order: by kind, value, unit, then label."""
    return tuple(sorted(facts, key=lambda f: (f.kind, f.value, f.unit, f.label)))


def date_value(word: str) -> str:
    """The value a month, a day or a season is read as ("jan", "mon", "aut" for "fall" and "autumn")."""
    return _SEASON_NAMES.get(word, word)[:3]


def is_currency(unit: str) -> bool:
    """A fact's unit names a currency ("usd", "mad"), not a rate or anything else."""
    return unit in _CURRENCIES


def is_measure(unit: str) -> bool:
    """A fact's unit that the reader knows as a unit of measure, a period or a currency ("minute", "acre", "mad"), not a
    noun a number counts ("payment")."""
    return unit in _NAMED_UNITS or unit in _PERIOD_UNITS


def is_period(unit: str) -> bool:
    """A fact's unit that is a period of time ("minute", "year")."""
    return unit in _PERIOD_UNITS


def same_unit(a: str, b: str) -> bool:
    """Two template words that name one unit: "calories" and "kcal", "kilometres" and "km"."""
    return a in _UNITS and _unit(a) == _unit(b) and not {a, b} & {"pound", "pounds", "degree", "degrees"}


def other_units(a: str, b: str) -> bool:
    """Two template words that name two units: "in gallons" is not "in litres", "miles" not "kilometres"."""
    return a in _UNITS and b in _UNITS and _unit(a) != _unit(b)


# units read in another: a metric prefix taken into the value ("1 kg" is "1000 g", "15 cm" is "150 mm", "30 MW" is
# "30000 kW", "5 mW" is "0.005 W"; bytes are left alone, a "GB" being 1000 or 1024 MB, and so is a bare "t", a tonne, a tesla or a
# teaspoon), fortnights, weeks, days, hours and minutes in seconds ("48 hours" is "2 days", "90 seconds" "1.5 minutes";
# months and years are no fixed number of days)
_BASE_UNITS = {"mm": ("m", "0.001"), "cm": ("m", "0.01"), "km": ("m", "1000"), "mg": ("g", "0.001"),
               "kg": ("g", "1000"), "ml": ("l", "0.001"), "kw": ("w", "1000"), "mw": ("w", "1000000"),
               "kwh": ("wh", "1000"), "milliw": ("w", "0.001"), "milliwh": ("wh", "0.001"), "week": ("second", "604800"), "fortnight": ("second", "1209600"),
               "day": ("second", "86400"), "hour": ("second", "3600"), "minute": ("second", "60"), "cl": ("l", "0.01")}


def _in_base_unit(value: str, unit: str) -> tuple[str, str]:
    """A number and its unit in the unit `_BASE_UNITS` reads it in ("2 kg": "2000", "g"), exactly."""
    if unit not in _BASE_UNITS:
        return value, unit
    base, factor = _BASE_UNITS[unit]
    with localcontext(prec=60):  # exact for any number a prompt writes, not 28 digits
        return _number(format(Decimal(value) * Decimal(factor), "f")), base


def one_of(word: str) -> tuple[str, str]:
    """The value and unit a count of one of `word` is read as: ("1", "mi") for "mile", ("1000", "m") for "kilometre"."""
    return measured("1", word)


def measured(value: str, word: str) -> tuple[str, str]:
    """The value and unit `value` followed by the unit `word` is read as: ("46000000", "w") for "46", "megawatts"."""
    return _in_base_unit(value, _unit(word))


# the units' names spelled out in letters ("megawatts", "millimetre"; not codes: "sqcm", "kcal"), which a typing slip
# may miss, and the periods read in seconds ("mintues" for "minutes" is 60 s a minute)
UNIT_WORDS = frozenset(word for word, code in _UNITS.items() if word.isalpha() and len(word) >= 4 and word != code) | {
    word for word, code in _PERIODS.items() if word.isalpha() and len(word) >= 4
    and (code in _BASE_UNITS or code == "second") and not word.endswith("ly")}  # (not "daily", "hourly": how often)


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
    if word in ("mW", "mWh"):  # the one prefix whose case is its meaning: a milliwatt, where "MW" and "mw" are megawatts
        return "milli" + word[1:].lower()
    lower = word.lower()
    if lower in _UNITS:
        return _UNITS[lower]
    if period := _period(lower):
        return period
    if len(lower) >= 3 and lower.endswith("s") and lower[:-1] in _UNIT_CODES:
        return _UNITS.get(lower[:-1], lower[:-1])  # "48 MWs", "2 kWs": a unit's code with a plural s
    return lower


def _period(lower: str) -> str:
    """The period a word names, singular or plural ("6 months", "6 hrs"), else ""."""
    if lower in _PERIODS:
        return _PERIODS[lower]
    return _PERIODS[lower[:-1]] if lower.endswith("s") and lower[:-1] in _PERIODS else ""


def _minimum(tokens: list[_Token], i: int) -> bool:
    """The word at `i` is "min" meaning a minimum ("min age for gymnasts", "min septic tank size"): a minute only after
    a number, a number's unit (a rate: "450 L/min"), "per" or a period's direction ("per min", "in the last min")."""
    if tokens[i].text.lower() != "min":
        return False
    if not i:
        return True
    before = tokens[i - 1]
    rate = i >= 2 and tokens[i - 2].kind == "number" and _is_unit(before.text)  # "450 L/min": the slash is not kept
    return not (rate or before.kind == "number" or before.text.lower() in _PER | _DIRECTIONS.keys())


def _is_unit(raw: str) -> bool:
    lower = raw.lower()
    if (lower in FUNCTION_WORDS and lower not in ("m", "s", "d")) or lower in _IRREGULAR_PLURALS or lower == "up":
        return False  # ("from 5.5 up to 6.5": a particle, short as it is)
    if lower in _UNITS or _period(lower):
        return True
    if len(lower) >= 3 and lower.endswith("s") and lower[:-1] in _UNIT_CODES:
        return True
    if lower in _DATES:
        return False  # "14 aug", "sat 12 oct": a date, not a unit, however short
    return (len(raw) >= 2 and raw.isupper()) or (len(raw) <= 3 and raw.isalpha() and not raw[:1].isupper()) or (
        len(raw) == 1 and raw.isupper())  # "160 C", "12 V"


def _counted(raw: str) -> bool:
    """A plural noun right after a number names what is counted ("5 cups", "2 adults", "3 payments", "3 children")."""
    lower = raw.lower()
    return raw.islower() and (lower in _IRREGULAR_PLURALS or (
        len(raw) >= 4 and lower.endswith("s") and not lower.endswith(("ss", "us"))  # not "84 plus", "a 5 bonus"
        and lower not in FUNCTION_WORDS and lower not in NEGATIONS and lower not in _DIRECTIONS))


# plurals a number counts that do not end in s ("feet" is a unit)
_IRREGULAR_PLURALS = {"children": "child", "people": "person", "men": "man", "women": "woman", "teeth": "tooth",
                      "mice": "mouse", "geese": "goose"}


@dataclass(slots=True)
class _Token:
    kind: str  # time | number | ident | word | op | cmp | punct
    text: str
    attached: str = ""
    used: bool = False  # consumed as a label or unit, or a fact itself
    own_unit: bool = False  # a number whose unit is the next token
    per: str = ""  # a number given per period: "$10,000 a year" (not "at 7% a year")
    sentence_start: bool = False
    quoted: bool = False  # inside quotes: a literal word
    scale: int = 0  # a number written with a scale ("nine hundred", "2 million"): a smaller one after it adds to it
    part: Decimal = Decimal(0)  # what was added, which a scale after it multiplies ("one thousand five hundred")


def _h_clock(text: str, m: re.Match) -> str:
    """`_H_CLOCK`'s match as "H:MM" where it is a time of day: after "at", "@", "time:" or "hour:", or written
    "16h00" or "0900 hrs", or "1400 hrs" as a field of a list ("/ 1400 hrs /"; a duration is not: "in 18h", "2h30 of
    video", "1500 hours of practice"). Four figures with no "h" only after "at" or "@": from a 0 ("at 0700", "@ 0100
    Casablanca"), or a whole hour after "@" before a separator or a preposition ("@ 2000 in casa"; not "at 1250, ok" or
    "at 2000 in fees", a price, nor "at 2000 Hz" or "at 1000-1200 rpm")."""
    if m["bh"]:
        before = _BARE_BEFORE.search(text, max(0, m.start() - 4), m.start())
        if before is None or int(m["bh"]) > 23 or not (m["bh"].startswith("0") or (
                before["at"] and m["bm"] == "00" and _BARE_AFTER.match(text, m.end()))):
            return m[0]
        return f"{int(m['bh'])}:{m['bm']}"
    hours, minutes = (m["h"], m["m"]) if m["h"] else (m["mh"], m["mm"])
    if int(hours) > 23:
        return m[0]
    told = _CLOCK_BEFORE.search(text, max(0, m.start() - 8), m.start()) is not None or (
        m["mh"] is not None and (_SPACED_SLASH.match(text, m.end()) or _SEPARATORS.match(text, m.end())) is not None
        and _FIELD_BEFORE.search(text, 0, m.start()) is not None)  # "card 3283 / fifty mad / 1400 hrs / nairobi"
    # (not "1200 hrs, is it", "2000 hours/year", "1500 hrs; can I": durations)
    if told or (m["h"] and minutes and len(hours) == 2) or (m["mh"] and hours.startswith("0")):
        return f"{int(hours)}:{minutes or '00'}"
    return m[0]


def _spelled_decimal(m: re.Match) -> str:
    return f"{_spelled_whole(m['whole'])}.{_NUMBER_WORDS[m['digits'].lower()]}"


def _spelled_whole(words: str) -> int:
    lower = words.lower()
    return int(_NUMBER_WORDS[lower] if lower in _NUMBER_WORDS else _tens(lower))  # "twenty-five": 25


def _clock(hours: int, minutes: str, half: str) -> str:
    """24-hour clock: "5:30 pm" and "17:30" are one time, "9pm" is "21:00"."""
    if half == "pm" and hours < 12:
        hours += 12
    elif half == "am" and hours == 12:
        hours = 0
    return f"{hours}:{minutes}"


def _half(word: str) -> str:
    lower = word.lower().replace(".", "")
    return lower if lower in ("am", "pm") else ""


_BEFORE_HOUR = frozenset("at @ from to until till til by before after around about since between and".split())


def _day_half(tokens: list[_Token], i: int) -> str:
    """The half of the day a part of it after the hour at `i` says: "am" for "at 7 in the morning", "pm" for "at 4 in
    the afternoon", "in the evening" or "10 at night" (6 to 11; "12 at night" is midnight); else "". A bare number
    is an hour before "in the ..." only after a word that places a time ("take 2 in the morning" counts)."""
    after = [t.text.lower() for t in tokens[i + 1:i + 4]]
    if len(after) == 3 and after[:2] == ["in", "the"]:
        part = after[2]
    elif after[:2] == ["at", "night"]:
        part = "night"
    else:
        return ""
    hour = int(tokens[i].text.split(":")[0]) if re.fullmatch(r"\d{1,2}(?::\d\d)?", tokens[i].text) else 0
    if not 0 < hour <= 12 or (tokens[i].kind == "number" and tokens[i].attached):
        return ""
    if part != "night" and tokens[i].kind == "number" and not (i and tokens[i - 1].text.lower() in _BEFORE_HOUR):
        return ""  # "take 2 in the morning" counts
    if part == "night":
        return "pm" if 6 <= hour <= 11 else "am" if hour == 12 else ""
    return {"morning": "am", "afternoon": "pm", "evening": "pm"}.get(part, "")


# a minus sign or an en dash is a hyphen ("\u22125 \u00b0C", "\u20135 \u00b0C", "3\u20135 days"), and so is an em dash
# before a number
_MINUS = re.compile(r"[\u2212\u2013]|\u2014(?=\d)")
_CMP = {"<": "<", ">": ">", "<=": "<=", ">=": ">=", "\u2264": "<=", "\u2265": ">="}


_BARE_DECIMAL = re.compile(r"(?:(?<=\s)|^)\.(?=\d)")  # a decimal point with no figure before it: ".5 mm"


def _tokens(text: str) -> list[_Token]:
    if "\u2212" in text or "\u2013" in text or "\u2014" in text:
        text = _MINUS.sub("-", text)
    lowered = text.lower()
    if lowered != text and text.upper() == text and sum(c.isalpha() for c in text) >= 12:
        text = lowered  # a prompt typed in capitals: its words are words, not codes ("CARD NR 7136 ... FRAUD?")
    if ("h" in lowered or "at" in lowered or "@" in text) and _DIGIT.search(text):
        text = _H_CLOCK.sub(lambda m: _h_clock(text, m), text)
    if " point " in lowered:
        text = _SPELLED_DECIMAL.sub(_spelled_decimal, text)
    if " by " in lowered:
        text = _SPELLED_BY.sub(lambda m: f"{_spelled_whole(m['a'])} * {_spelled_whole(m['b'])}", text)
        text = _UNIT_BY.sub(r"\1 * ", text)
    if "." in text and _DIGIT.search(text):
        text = _GLUED_LABEL.sub(r"\1 ", text)
        text = _BARE_DECIMAL.sub("0.", text)  # ".5 mm" is 0.5 mm
    if _LEAD_IN.match(text):
        text = _LEAD_IN.sub("", text, count=1)  # "random q: ...", "quick question - ...", "um ...": no question yet
    if "|" in text or "=>" in text or "->" in text:
        text = _SEPARATORS.sub(",", text)  # "card: 4860 | amt: 900 MAD | ... => fraud?": a list's separators
    if "half" in lowered or "quarter" in lowered or "third" in lowered:
        if " and a" in lowered:
            text = _AND_A_HALF.sub(lambda m: f"{_NUMBER_WORDS.get(m['whole'].lower(), m['whole'])}.5", text)
            text = _UNIT_AND_A_HALF.sub(lambda m: f"1.5 {m['u']}" if _fraction_unit(m["u"]) else m[0], text)
        text = _SPELLED_FRACTION.sub(_spelled_fraction, text)
    if _PLACE_CODE.search(text):
        text = _PLACE_CODE.sub(lambda m: _PLACE_CODES[m[0].upper()], text)
    if "under" in lowered and _DIGIT.search(text):
        text = _AGE_GROUP.sub(lambda m: f"U{m[1] or m[2]}", text)  # "under-12 games", "the under 12s" are the U12 games, the U12s
    if "budget" in lowered and _DIGIT.search(text) or " to spend" in lowered:
        text = _BUDGET.sub(lambda m: f"at most {m['amount'] or m['spend']} " if m["amount"] or m["spend"] else "at most ",
                           text)
    if " in " in lowered and _DIGIT.search(text):
        text = _INCH_DIMENSION.sub(" inch", text)
    if "pv" in lowered:
        text = _PV.sub("solar", text)
    if "\u00b2" in text or "\u00b3" in text or "^" in text:
        text = _POWER.sub(lambda m: f"{m[1]} {'sq' if (m[3] or m[4]) in (chr(0xb2), '2') else 'cb'}{m[2].lower()}", text)
    if "/" in text:
        if _DIGIT.search(text):
            text = _FRACTION.sub(_fraction, text)
            text = _RATE_SLASH.sub(_rate_slash, _SLASHED.sub(_slashed, text))
        if text.count(" / ") >= 2 or _SPACED_SLASH.search(text) and not _DIVISION.search(text):
            text = _SPACED_SLASH.sub(", ", text)
    if " or no " in lowered:
        text = _OR_NO_SAME.sub(r"\1", text)  # "poles or no poles?" asks whether poles: no negation
    if " past " in lowered or "quarter to " in lowered:
        text = _PAST_HOUR.sub(_past_hour, text)
    if " clock" in lowered or " time" in lowered or " format" in lowered:
        text = _HOUR_CLOCK.sub(_hour_clock, text)
    if "0s" in lowered or "0's" in lowered or "ties" in lowered:
        text = _DECADE.sub(_decade, text)
    if ("'" in text or "\u2019" in text) and _DIGIT.search(text):
        text = _SHORT_YEAR.sub(_short_year, text)
    if "." in text and _INITIALISM.search(text):
        text = _INITIALISM.sub(_initialism, text)
    if ". " in lowered or "doctor " in lowered or "mister " in lowered or "mount " in lowered or "saint " in lowered or (
            "fort " in lowered or "professor " in lowered):
        text = _TITLE.sub(_title, text)
    if "expensive" in lowered:
        text = _CHEAPER.sub(lambda m: "cheapest" if m["degree"].lower() == "least" else "cheaper", text)
    if any(needle in lowered for needle in _NEEDLES) or _AGE_HINT.search(lowered) or lowered.endswith(" for"):
        text = _REWRITE.sub(_rewrite, text)
    if " or " in text and _DIGIT.search(text):
        text = _OR_MORE.sub(lambda m: f"{'at least' if m['more'] else 'at most'} {m['figure']}", text)
    if ".m" in lowered:
        text = _MERIDIEM.sub(r"\1m", text)
    if "no" in lowered or "nr" in lowered or "number" in lowered:
        text = _NUMERO.sub("", text)
    if "(" in text:
        text = _SECTION.sub(lambda m: m.group(1) + m.group(2).replace("(", "").replace(")", ""), text)
    digits = _DIGIT.search(text) is not None
    if digits and " " in text:
        text = _SPACED_THOUSANDS.sub(lambda m: m.group(0).replace(" ", ""), text)
    if digits or "cfa" in lowered:
        text = _LOCAL_MONEY.sub(_local_sum, text)
    if digits and _GLUED_CURRENCY.search(text):
        text = _GLUED_CURRENCY.sub(r"\1 ", text)  # "GBP49.99" is "GBP 49.99"
    if digits and _ARITHMETIC.search(lowered):
        text = _PRODUCT.sub(" * ", _MULTIPLY.sub(r"\1 * ", text))
        if "=" in text or "^" in text:  # an equation, or an expression with a power ("x^2+6x+2")
            text = _EQUATION.sub(r" \1 ", text)
    quotes = [m.span("inner") for m in _QUOTED.finditer(text)] if any(q in text for q in "'\"\u2018\u201c") else []
    out: list[_Token] = []
    start = True
    for m in _TOKEN.finditer(text):
        kind = {"attached": "number", "dotted": "ident"}.get(m.lastgroup, m.lastgroup)
        if m.group("number") is not None:
            number, attached = m.group("number"), m.group("attached") or ""
            symbol = next((c for c in number if c in _SYMBOLS), "")
            number = number.replace(symbol, "") if symbol else number
            if attached.lower() in _ORDINALS:
                attached = ""  # "28th" is 28
            elif attached.lower() == "in":
                attached = "inch"  # "1/4in": written against its number, "in" is no preposition
            elif attached.lower() == "k" and not symbol and number.isdigit() and 1000 <= int(number) <= 20_000:
                attached = "kelvin"  # "a 2700K bulb": a colour temperature (no one writes 2,700,000 so)
            elif attached.lower() == "k":  # "780k" is 780000
                number, attached = str(Decimal(number.replace(",", "")) * 1000), ""
            elif symbol and attached.lower() in _MONEY_SCALES:  # "$45M", "\u00a32.5bn": a sum in millions, billions
                number, attached = str(Decimal(number.replace(",", "")) * _MONEY_SCALES[attached.lower()]), ""
            token = _Token("number", number, attached or (_SYMBOLS[symbol] if symbol else ""))
        else:
            kind, word = kind or "word", m.group(0)
            token = _Token(kind, _BARE_CONTRACTIONS.get(word.lower(), word) if kind == "word" else word)
        if (token.kind == "word" and out and out[-1].kind == "number" and token.text.lower() in _SCALES
                and (not out[-1].attached or out[-1].attached in _SYMBOL_CURRENCIES)):  # "$45 million" too
            scale = _SCALES[token.text.lower()]
            value, part = Decimal(out[-1].text.replace(",", "")), out[-1].part
            out[-1].text = str(value - part + part * scale if part and part * scale < value else value * scale)
            out[-1].scale, out[-1].part = scale, Decimal(0)  # "one thousand five hundred": 1000 + 5 * 100
            continue
        if (token.kind == "number" and not _symbol_or_sign(m) and out and out[-1].kind == "number" and out[-1].scale
                and not out[-1].attached and Decimal(token.text.replace(",", "")) < out[-1].scale):
            part = Decimal(token.text.replace(",", ""))  # "one hundred twenty": 120
            out[-1].text, out[-1].part, out[-1].attached = str(Decimal(out[-1].text) + part), part, token.attached
            continue
        token.sentence_start = start
        token.quoted = any(a <= m.start() < b for a, b in quotes)
        out.append(token)
        start = (token.kind == "punct" and token.text in _SENTENCE_END) or (start and (
            (token.kind == "word" and token.text.lower() in _INTERJECTIONS)
            or (token.text in ",:-" and len(out) >= 2 and out[-2].text.lower() in _INTERJECTIONS)))
    for i, t in enumerate(out):  # "my battery light came on - what does that mean?": a dash between words
        if (t.kind == "op" and t.text == "-" and 0 < i < len(out) - 1 and out[i + 1].kind in ("word", "ident")
                and len(out[i + 1].text) > 1 and (out[i - 1].kind != "word" or len(out[i - 1].text) > 1
                                                  or i >= 2 and out[i - 2].kind == "number")):
            # "Symphony No. 5 - which key is it in?": not 5 minus a word; "under 250 g - do I", a unit before it
            t.kind, t.text = "punct", ","
    for i, t in enumerate(out):  # "bleach + ammonia": "and" between words
        if (t.kind == "op" and t.text == "+" and 0 < i < len(out) - 1 and out[i - 1].kind == "word"
                and out[i + 1].kind == "word" and len(out[i - 1].text) > 1 and len(out[i + 1].text) > 1):
            t.kind, t.text = "word", "and"
    for i, t in enumerate(out):  # "9pm", "9 pm", "5:30 p.m.": clock times
        half = _half(t.attached) if t.kind == "number" else ""
        if t.kind in ("number", "time") and not half and i + 1 < len(out) and out[i + 1].kind == "word":
            half = _half(out[i + 1].text)
            if half:
                out[i + 1].used = True
            elif half := _day_half(out, i):  # "three in the morning", "ten at night": the words say the half
                for word in out[i + 1:i + (4 if out[i + 1].text.lower() == "in" else 3)]:
                    word.used = True
        if t.kind == "time":
            clock = _CLOCK.match(t.text.lower())
            t.text = _clock(int(clock["h"]), clock["m"], half or (clock["half"] + "m" if clock["half"] else ""))
        elif half and "." not in t.text and "," not in t.text and 0 < int(t.text.lstrip("+-") or 0) <= 12:
            t.kind, t.text, t.attached = "time", _clock(int(t.text), "00", half), ""
        elif half and (dotted := _DOTTED_CLOCK.fullmatch(t.text)) and 0 < int(dotted["h"]) <= 12:
            t.kind, t.text, t.attached = "time", _clock(int(dotted["h"]), dotted["m"], half), ""  # "7.30pm"
    return _ratios(out)


_SCALE_WORDS = frozenset(("scale", "ratio", "mix"))


def _ratios(out: list[_Token]) -> list[_Token]:
    """Two whole numbers a colon joins that make no clock (one digit after it) are one ratio, read as a code is: "a
    16:8 fast", "the 5:2 diet", "3:1 sand to cement" (not two figures with labels of their own); and so one that could
    be a clock where a scale or a ratio follows it ("a 1:12 scale dollhouse")."""
    for i, t in enumerate(out[:-1]):
        if t.kind == "time" and out[i + 1].kind == "word" and out[i + 1].text.lower() in _SCALE_WORDS and (
                _CLOCK.fullmatch(t.text)):
            t.kind = "ident"
    i = 1
    while i + 1 < len(out):
        left, colon, right = out[i - 1], out[i], out[i + 1]
        if (colon.kind == "punct" and colon.text == ":" and left.kind == right.kind == "number" and not left.attached
                and not right.attached and left.text.isdigit() and right.text.isdigit() and len(right.text) == 1):
            out[i - 1:i + 2] = [_Token("ident", f"{left.text}:{right.text}", sentence_start=left.sentence_start)]
        i += 1
    return out


def _symbol_or_sign(m: re.Match) -> bool:
    """A number `_TOKEN` matched that carries a currency symbol or a sign: never a spelled number's part."""
    return m.group("number") is not None and m.group("number")[:1] in "+-$\u20ac\u00a3\u00a5"


def _range_end(tokens: list[_Token], i: int) -> _Token | None:
    """The number with a unit that closes a range the bare number at `i` opens ("2-3 cm", "28 to 34 lb", "between 5
    and 10 kg"), a choice ("5 or 7 points") or a product of lengths ("12 x 14 ft"), if any."""
    if i + 2 >= len(tokens) or tokens[i + 2].kind != "number" or not tokens[i + 2].attached:
        return None
    joint = tokens[i + 1].text.lower()
    between = joint == "and" and i > 0 and tokens[i - 1].text.lower() == "between"
    # and a product of lengths, whose unit is each side's: "a 12x12 ft room" is 12 ft by 12 ft ("4m x 5m")
    product = joint == "*" and _unit(tokens[i + 2].attached) in _LENGTHS
    return tokens[i + 2] if joint in ("-", "to", "or") or between or product else None


def _field_counted(tokens: list[_Token], colon: int) -> _Token | None:
    """The plural noun that opens a field's name before `colon` ("payments last hour: 2", "txns in the previous hour:
    6"), where the field holds a count."""
    j = colon - 1
    while j >= 0 and not (tokens[j].kind == "punct" and tokens[j].text in _CLAUSE_END):
        j -= 1
    first = tokens[j + 1] if j + 1 < colon else None
    return first if first is not None and first.kind == "word" and not first.used and _counted(first.text) else None


def _field_name(tokens: list[_Token], i: int) -> bool:
    """`tokens[i]` is a field's name: one singular word alone before a colon, opening its clause ("hour: 13:00",
    "month: March"), which names what the field holds, not a period (not "hours: 7", a count of hours)."""
    return (i + 1 < len(tokens) and tokens[i + 1].text == ":" and not tokens[i].text.lower().endswith("s")
            and (i == 0 or tokens[i - 1].kind == "punct" and tokens[i - 1].text in _CLAUSE_END))


def _content(token: _Token) -> bool:
    lower = token.text.lower().replace("'", "")
    return token.kind == "word" and not token.used and (
        token.quoted or (lower not in FUNCTION_WORDS and lower not in NEGATIONS))


def _in_statement(tokens: list[_Token], i: int) -> bool:
    """Whether the token at `i` opens a clause that leads into a question rather than asking one: a sentence that
    ends with a full stop before a question ("When I start my car it squeals. Why?"), or a clause whose comma is
    followed by the question ("When I resign, how much notice do I give?")."""
    end = next((j for j in range(i + 1, len(tokens)) if tokens[j].kind == "punct" and tokens[j].text in _SENTENCE_END),
               len(tokens))
    if end < len(tokens) and tokens[end].text == "." and any(t.text == "?" for t in tokens[end + 1:]):
        return True
    comma = next((j for j in range(i + 1, end) if tokens[j].text == ","), None)
    return (tokens[i].text.lower() in ("when", "where") and comma is not None and comma + 1 < end
            and tokens[comma + 1].text.lower() in _INTERROGATIVES)


def _is_date(tokens: list[_Token], i: int) -> bool:
    lower = tokens[i].text.lower()
    beside_number = any(0 <= j < len(tokens) and tokens[j].kind == "number" for j in (i - 1, i + 1))
    if lower == "may":  # far more often the verb: the month where written as one ("between November and May", "3 May")
        return beside_number or tokens[i].text == "May" and not tokens[i].sentence_start
    if lower in _AMBIGUOUS_DATES:
        before = tokens[i - 1].text.lower() if i > 0 and tokens[i - 1].kind == "word" else ""
        if before in _DETERMINERS and not beside_number and lower in _WORD_DAYS:
            return False  # a thing: "light from the Sun", "my sat nav" (not "the Jan 15 deadline", "my Fri appointment")
        if i + 2 < len(tokens) and tokens[i + 1].kind == "number" and _period(tokens[i + 2].text.lower()) and (
                lower not in _SHORT_DAYS and lower not in _SHORT_MONTHS):
            return False  # the verb before how long: "the mower sat 6 months", not "Sat 14 June"
        # a month cut short in lower case after a word that places a time: "surfing in oct", "by sept"; a day cut
        # short that is no word ("fri"), or joined to another day ("away sat to mon")
        joined = any(0 <= j < len(tokens) and 0 <= k < len(tokens) and tokens[j].text.lower() in _DAY_JOINTS
                     and tokens[k].text.lower() in _DATES and tokens[k].text.lower() not in _AMBIGUOUS_DATES - _SHORT_DAYS
                     for j, k in ((i - 1, i - 2), (i + 1, i + 2)))
        return tokens[i].text[:1].isupper() or beside_number or (lower in _SHORT_MONTHS and before in _BEFORE_SEASON) or (
            lower in _SHORT_DAYS or joined)
    if lower in SEASON_VERBS:
        before = tokens[i - 1].text.lower() if i > 0 and tokens[i - 1].kind == "word" else ""
        return before in _BEFORE_SEASON or beside_number
    return True


def _opens_request(tokens: list[_Token], i: int) -> bool:
    """Whether the word at `i` opens its sentence, or follows only words that lead a request into it."""
    j = i - 1
    while j >= 0 and tokens[j].kind == "word" and tokens[j].text.lower() in _FRAME_LEADS:
        j -= 1
    return j < 0 or (tokens[j].kind == "punct" and tokens[j].text in _CLAUSE_END)


_GROUPS = frozenset("family families household households group party crew team".split())
_SERVES = frozenset("feeds feed feeding serves serve serving sleeps sleep seats seat".split())


def _people_counted(tokens: list[_Token], i: int) -> bool:
    """The bare number at `i` counts people: "a family of 4", "a group of 6", "the 4 of us", "feeds 6", "sleeps 4"."""
    def word(k: int) -> str:
        return tokens[k].text.lower() if 0 <= k < len(tokens) and tokens[k].kind == "word" else ""

    return (word(i - 1) == "of" and word(i - 2) in _GROUPS) or word(i - 1) in _SERVES or (
        word(i + 1) == "of" and word(i + 2) in ("us", "them"))


def _label_before(tokens: list[_Token], i: int) -> str:
    j = i - 1
    if j >= 0 and tokens[j].used and tokens[j].kind == "word" and tokens[i].attached == tokens[j].text:
        j -= 1  # past the number's own currency: "a payment of EUR 1,910" is "payment"
    while j >= 0:
        t = tokens[j]
        if t.kind == "punct" and t.text == ":" and j == i - 1:
            j -= 1  # "pH: 6.5", "soil: clay": a label and its value
            continue
        if t.kind == "punct" and t.text in _CLAUSE_END:
            return ""
        if t.kind != "word" or t.used:
            return ""  # another fact (or its unit) is nearer: no label of ours before
        if t.text.lower() in _HE_SHE:
            return _antecedent(tokens, j)  # "my son ...? He is 11": the son's, as "my son is 11" says
        if (t.text.lower() == "with" and j == i - 1 or t.text.lower() in _COORDINATORS) and _labelled_right_after(
                tokens, i):
            # "with 500mg amoxicillin": what it is given with names it, not what comes before "with"; "a face mill
            # and a 1 mm depth of cut" likewise
            return ""
        if _content(t) and len(t.text) > 1:
            return t.text.lower()  # a label stays a template word too ("x" in "solve for x" labels nothing)
        j -= 1
    return ""


def _labelled_right_after(tokens: list[_Token], i: int) -> bool:
    """The number at `i` has, right after it and its own unit, the word `_label_after` labels it with."""
    j = i + 2 if tokens[i].own_unit else i + 1
    return j < len(tokens) and _content(tokens[j]) and len(tokens[j].text) > 1


_HE_SHE = frozenset(("he", "she"))
_MY = frozenset(("my", "our"))


def _antecedent(tokens: list[_Token], j: int) -> str:
    """Whom "he" or "she" at `j` stands for: the one thing the asker calls theirs before it ("my son", "our
    daughter"), as the label a number said of it takes; "" where there is none or more than one ("my son and my
    daughter")."""
    named = {tokens[k + 1].text.lower() for k in range(j - 1) if tokens[k].kind == "word"
             and tokens[k].text.lower() in _MY and tokens[k + 1].kind == "word" and _content(tokens[k + 1])}
    return named.pop() if len(named) == 1 else ""


_VERSIONS = frozenset("version versions v release update section chapter article clause rule".split())


def _versioned(tokens: list[_Token], i: int) -> bool:
    """The bare number at `i` names a version or a section ("Python 3.10", "version 2.10", "section 4.20"), where a
    trailing zero is a digit of its own: after a name, a code, or a word that says so."""
    if i == 0:
        return False
    before = tokens[i - 1]
    return before.kind == "ident" or before.kind == "word" and (
        before.text.lower() in _VERSIONS or before.text[:1].isupper() and not before.sentence_start
        and not (len(before.text) <= 2 and before.text.isupper()))  # "PH 6.0": a measure, not a version


def _label_after(tokens: list[_Token], i: int) -> str:
    j = i + 2 if tokens[i].own_unit else i + 1  # "30 MW load": past the number's own unit
    while j < len(tokens):
        t = tokens[j]
        if (t.kind == "punct" and t.text in _CLAUSE_END) or t.kind != "word" or t.used or t.text.lower() in _COORDINATORS:
            return ""  # ("I'm 90 kg and my partner is 70 kg": the partner is the next fact's)
        if _content(t) and len(t.text) > 1:
            return t.text.lower()
        j += 1
    return ""


def _preposition_before(tokens: list[_Token], i: int) -> str:
    j = i - 1
    while j >= 0 and tokens[j].kind == "word" and tokens[j].text.lower() in DETERMINERS:
        j -= 1  # "from the UK", "in my Gmail"
    if j >= 0 and tokens[j].kind == "word" and tokens[j].text.lower() in PREPOSITIONS:
        return tokens[j].text.lower()
    return ""


def _past(tokens: list[_Token], i: int) -> str:
    """"after" where "past" stands before the time at `i` as "after" would ("past midnight", "open past 10pm"; "half
    past 10" is 10:30 by then, `_PAST_HOUR`)."""
    return "after" if i >= 1 and tokens[i - 1].text.lower() == "past" else ""


def _opens_name(tokens: list[_Token], i: int) -> bool:
    """The capitalised word opening a sentence at `i` is a name's first word: a capitalised word that is no function
    word follows it ("Grand Canyon North Rim: when", "Yellowstone National Park is"; it took the first word for its
    label), and it asks, requests, places or joins nothing itself ("Summarize Plato's", "After Aida")."""
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    lower = tokens[i].text.lower()
    return (nxt is not None and nxt.kind == "word" and nxt.text[:1].isupper() and not nxt.text.isupper()
            and nxt.text.lower() not in FUNCTION_WORDS and lower not in _REQUESTS and lower not in _INTERJECTIONS
            and lower not in _MODALS and lower not in _ASKS and lower not in PREPOSITIONS and not tokens[i].text.isupper())


# verbs that open a request before what it is about ("Summarize Plato's allegory", "Compare Python and Java")
_REQUESTS = _FRAMES | frozenset("summarize summarise compare contrast translate critique analyze analyse write show give "
                                "convert rank rate review outline draft create generate plan visit share teach recap "
                                "sum discuss".split())


def _name_role(tokens: list[_Token], i: int) -> str:
    """A name's or code's label: its preposition; "from" where it is the first of "A to B" ("MAD to AUD exchange
    rate", "Paris to Lyon by train": where the trip starts, as "from MAD to AUD" says); "home" where one lives there
    ("lives in Tunis", "based in Tunis", as "home Tunis" says); else the word before it."""
    if i >= 2 and tokens[i - 1].text.lower() == "in" and tokens[i - 2].text.lower() in DWELLS:
        tokens[i - 2].used = True  # the verb says the role, as "home" does
        return "home"
    return _preposition_before(tokens, i) or ("from" if _leads_to(tokens, i) else "") or _label_before(tokens, i)


DWELLS = frozenset("live lives living lived reside resides residing resident based".split())


def _leads_to(tokens: list[_Token], i: int) -> bool:
    """The name at `i` is followed by "to" and another name or code ("MAD to AUD", "Paris to the Hague")."""
    j = i + 2
    if j >= len(tokens) or tokens[i + 1].kind != "word" or tokens[i + 1].text.lower() != "to":
        return False
    while j < len(tokens) - 1 and tokens[j].kind == "word" and tokens[j].text.lower() in DETERMINERS:
        j += 1
    after = tokens[j]
    return after.kind == "ident" or (after.kind == "word" and after.text[:1].isupper()
                                     and after.text.lower() not in FUNCTION_WORDS)


_RAISING = frozenset("get gets getting got heat heats heating heated warm warms warming bring brings bringing brought "
                     "preheat preheats preheating".split())


def _raised(tokens: list[_Token], up: int) -> bool:
    """A verb of bringing a thing to a level stands before the "up" at `up`, in its clause and at most three words
    back ("get up to", "heat the water up to"), or a range's first figure does ("from 5.5 up to 6.5"; not "add up to 2
    cups", a bound)."""
    if up >= 1 and tokens[up - 1].kind == "number":
        return True
    for j in range(up - 1, max(up - 5, -1), -1):
        if tokens[j].kind != "word":
            return False
        if tokens[j].text.lower() in _RAISING:
            return True
    return False


def _bound_before(tokens: list[_Token], i: int) -> str:
    """The comparison a number is bound by ("" when none), its words consumed."""
    j = i - 1
    if j >= 0 and tokens[j].kind == "word" and tokens[j].used and tokens[j].text.lower() in _CURRENCIES:
        j -= 1  # "under EUR 1800"
    if j >= 0 and tokens[j].kind == "cmp" and not tokens[j].used:
        tokens[j].used = True
        return _CMP[tokens[j].text]
    if j < 0 or tokens[j].kind != "word" or tokens[j].used:
        return ""
    word = tokens[j].text.lower()
    before = tokens[j - 1].text.lower() if j > 0 and tokens[j - 1].kind == "word" else ""
    if (before, word) == ("up", "to") and _raised(tokens, j - 1):
        tokens[j].used = tokens[j - 1].used = True
        return ""  # "get the oven up to 900 F" reaches 900 F, as "reach 900 F" does: no bound
    if (before, word) in _PAIRED:
        tokens[j].used = tokens[j - 1].used = True
        return _PAIRED[(before, word)]
    if word == "over" and before not in ("for", "in", "of", "than") and _unit(tokens[i].attached) in _PERIOD_UNITS and (
            i + 2 >= len(tokens) or tokens[i + 2].text.lower() not in ("old", "ago")):
        return ""  # a duration: "a 30-year mortgage", "over 30 years"; but "for over 3 days", "over 65 years old"
    if word in _BOUNDS:
        tokens[j].used = True
        return _BOUNDS[word]
    if word == "than" and before in _THAN:
        tokens[j].used = tokens[j - 1].used = True
        return _THAN[before]
    return ""


def _conjunct_head(tokens: list[_Token], content: list[bool], i: int) -> int | None:
    """The place of the word a conjunct that starts at `i` names: the word itself ("and vertically", "or condenser
    microphone"), or past a determiner or a light verb the last of its run of template words ("and a roe doe": "doe";
    "and get a hearing": "hearing") up to a comparison ("or a synthetic brush better for": "brush"), else None; None
    too for a word alone that takes a figure, a verb ("and weighs 10 kg")."""
    j = i
    while j < min(i + 2, len(tokens)) and not content[j] and tokens[j].kind == "word":
        j += 1
    if j >= len(tokens) or not content[j]:
        return None
    while j > i and j + 1 < min(i + 5, len(tokens)) and content[j + 1] and (
            tokens[j + 1].text.lower() not in _THAN and tokens[j + 1].text.lower() not in _COMPARATIVES):
        j += 1  # (up to a comparison, which says what of it is asked: "or a synthetic brush better for lather")
    if j + 1 < len(tokens) and tokens[j + 1].kind == "number" and j == i:
        return None  # a verb and its figure: "ate 50 g of chocolate and weighs 10 kg"
    return j


def _code_before(tokens: list[_Token], i: int) -> bool:
    """The word at `i` is a currency code in capitals right before a number with no unit of its own, whose currency it
    is: "card 2622 EUR 500" pays 500 EUR ("paid 500 EUR 20 times": 20 counts times)."""
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    return (tokens[i].text.isupper() and tokens[i].text.lower() in _CURRENCIES and i + 1 < len(tokens)
            and tokens[i + 1].kind == "number"
            and not (after is not None and after.kind == "word" and (_is_unit(after.text) or _counted(after.text))))


def read(text: str) -> Reading:
    """The prompt's facts bound to their roles, and its template words."""
    tokens = _tokens(text)
    facts: list[Fact] = []
    where: dict[int, int] = {}  # a fact's place in `facts` -> the token it was read at, for `_runs`
    # units and time windows first, so labels are not taken from them
    for i, t in enumerate(tokens):
        if t.kind != "number" or t.attached:
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        before = tokens[i - 1] if i > 0 else None
        if nxt is not None and nxt.kind == "word" and not nxt.used and _is_unit(nxt.text) and (
                not _YEAR.fullmatch(t.text) or nxt.text.lower() in _NAMED_UNITS) and not _code_before(tokens, i + 1) and (
                nxt.text.lower() not in _DEICTIC_DAYS):  # "a table for four tonight": no count of tonights
            t.attached, nxt.used, t.own_unit = nxt.text, True, True  # ("the 2014 FIFA World Cup": a year's no unit)
        elif before is not None and before.kind == "word" and not before.used and before.text.isupper() \
                and before.text.lower() in _CURRENCIES:
            t.attached, before.used = before.text, True  # "EUR 1,910" is 1,910 EUR
        elif nxt is not None and nxt.kind == "word" and not nxt.used and _counted(nxt.text):
            counted = nxt.text.lower()
            t.attached, nxt.used, t.own_unit = _IRREGULAR_PLURALS.get(counted) or lemma(counted), True, True  # "5 cups"
        elif before is not None and before.text == ":" and (field := _field_counted(tokens, i - 1)) is not None:
            t.attached, field.used = lemma(field.text.lower()), True  # "payments last hour: 2" is 2 payments
    for i, t in enumerate(tokens):
        if t.kind == "number" and not t.attached and (partner := _range_end(tokens, i)) is not None:
            t.attached = partner.attached  # "2-3 cm", "from 28 to 34 lb", "5 or 7 points": the unit is both ends'
    for i, t in enumerate(tokens):
        if t.kind == "word" and not t.used and t.text.lower() in _DIRECTIONS:
            # "last hour", "past 3 days", "within the previous week": a direction that names a period
            for j in range(i + 1, min(i + 4, len(tokens))):
                nxt = tokens[j]
                if nxt.kind == "punct":
                    break
                if (nxt.kind == "word" and _unit(nxt.text) in _PERIOD_UNITS) or (
                        nxt.kind == "number" and _unit(nxt.attached) in _PERIOD_UNITS):
                    t.used = True
                    facts.append(Fact("window", "", _DIRECTIONS[t.text.lower()]))
                    if nxt.kind == "word" and not nxt.used and _unit(nxt.text) in _BASE_UNITS and (
                            nxt.text.lower() in _PERIODS):  # "the last hour" is "the past 3,600 seconds", as written
                        nxt.used = True
                        facts.append(Fact("num", "", *_in_base_unit("1", _unit(nxt.text))))
                    break
    for i, t in enumerate(tokens):  # "$10,000 a year at 7%" is not "$10,000 at 7% a year": a rate binds to its number
        if t.kind != "word" or t.used or _unit(t.text) not in _PERIOD_UNITS or i < 1:
            continue
        per = tokens[i - 1].text.lower() in _PER and i >= 2 and (len(t.text) > 1 or tokens[i - 1].text.lower() == "per")
        k = i - 1 if per else i  # the token after the number and its unit: "per", "a" or the adjective ("7% annual")
        if not per and t.text.lower() not in _PERIOD_ADJECTIVES:
            continue
        j = k - 2 if tokens[k - 1].kind == "word" and k >= 2 and tokens[k - 2].own_unit else k - 1  # "500 EUR a year"
        if tokens[j].kind == "number" and (_unit(tokens[j].attached) in _RATED or per and (
                _unit(tokens[j].attached) in _FLOWING)):  # not "weighing 39 kg per day"
            t.used, tokens[k].used, tokens[j].per = True, True, _unit(t.text)
    for i, t in enumerate(tokens):
        if (t.kind == "word" and not t.used and _unit(t.text) in _PERIOD_UNITS and t.text.lower() not in FUNCTION_WORDS
                and len(t.text) > 1 and not (t.text.isupper() and len(t.text) <= 3) and not _minimum(tokens, i)
                and not _field_name(tokens, i)):
            # "2 h" is 2 hours, "vitamin h" names no period, nor a short code in capitals: "in MO" (Missouri), "ask HR"
            t.used = True
            facts.append(Fact("window", _framed(tokens, i), "period", _unit(t.text)))
    # an interrogative asks only where it opens its clause ("when should I plant", "who wrote it and in what
    # year"); later it joins clauses ("why does it fail when I call the API", "worse when lying down", "what should I do
    # when my dog barks": an interrogative opens the clause, the next one joins)
    opens, seen = [], False
    for i, t in enumerate(tokens):  # (a request's own verb opens no clause: "explain why it failed" asks why)
        opens.append(not seen)
        seen = not (t.kind == "punct" and t.text in _CLAUSE_END) and t.text.lower() not in _COORDINATORS and (
            seen or t.text.lower() in _WH or _content(t) and not (t.text.lower() in _FRAMES and _opens_request(tokens, i)))
    for i, t in enumerate(tokens):  # facts without a role: dates (a day of the month joins its month), negations
        where[len(facts)] = i
        lower = t.text.lower().replace("'", "")
        if t.used or t.kind != "word" or t.quoted:
            continue
        lower = _PLURAL_DAYS.get(lower, lower)
        if lower in _DATES and _is_date(tokens, i):
            t.used = True
            day = ""
            of = i >= 2 and tokens[i - 1].kind == "word" and tokens[i - 1].text.lower() == "of"
            for j in (i - 2 if of else i - 1, i + 1):  # "28 June", "June 28th", "the 28th of June"
                near = tokens[j] if 0 <= j < len(tokens) else None
                if (near is not None and near.kind == "number" and not near.used and not near.attached
                        and near.text.isdigit() and 1 <= int(near.text) <= 31):  # "spring 2024": a year
                    near.used, day = True, _number(near.text)
                    break
            facts.append(Fact("date", "", f"{day} {date_value(lower)}".strip()))
        elif lower in NEGATIONS or t.text.lower().endswith("n't"):
            t.used = True
            facts.append(Fact("not", "", "not"))
        elif lower in _FRAMES and _opens_request(tokens, i):
            t.used = True  # a request's own verb, not what is asked
        elif (lower == "work" and i + 2 < len(tokens) and tokens[i + 1].text.lower() == "out"
              and tokens[i + 2].kind != "punct" and _opens_request(tokens, i)):
            t.used = tokens[i + 1].used = True  # "work out the break-even point": "calculate" (not "how often to work out")
        elif (lower in _MODALS and t.sentence_start and i + 1 < len(tokens) and tokens[i + 1].kind == "word"
              and tokens[i + 1].text.lower() != "you"  # "can you explain": a request
              and not (tokens[i + 1].text.lower() in _ANYONE and i + 2 < len(tokens)
                       and tokens[i + 2].text.lower() in _FRAMES)):  # "can anyone tell me": one too
            t.used = True
            facts.append(Fact("ask", "", _MODALS[lower]))
        elif lower in _ASKS and i + 1 < len(tokens) and tokens[i + 1].text == ":":
            t.used = True  # "where: Rabat": a field's label, not a question
        elif lower in _ASKS and opens[i] and t.sentence_start and _in_statement(tokens, i):
            t.used = True  # "When I start my car it squeals. Why?": a clause of the statement, not a question
        elif lower in _ASKS and opens[i]:  # what is asked: "when" and "where" want different answers
            t.used = True
            facts.append(Fact("ask", "", _ASKS[lower]))
        elif lower == "how" and opens[i]:
            t.used = True
            nxt = tokens[i + 1].text.lower() if i + 1 < len(tokens) else ""
            if nxt in _HOW:
                tokens[i + 1].used = True  # "how far" and "how long" too
                facts.append(Fact("ask", "", f"how {_HOW_SAME.get(nxt, nxt)}"))
            elif nxt in ("much", "many"):
                # an amount is asked by what it counts, compared as words ("how much sleep" is "how many hours"),
                # but "how much is the train" and "how much does it cost to charge" ask a price, not how long
                after = tokens[i + 2].text.lower() if i + 2 < len(tokens) else ""
                if nxt == "much" and (after in _BE or _price_asked(tokens, i + 2)):
                    facts.append(Fact("ask", "", "how much"))
            else:
                facts.append(Fact("ask", "", "how"))  # a way or a manner: not "who" or "when"
    for i, t in enumerate(tokens):
        where[len(facts)] = i
        if t.used:
            continue
        lower = t.text.lower().replace("'", "")
        if t.kind == "number":
            t.used = True
            bound = _bound_before(tokens, i)
            unit = _unit(t.attached) if t.attached else ""
            if (unit == "percent" or t.attached.lower() == "x") and _labelled_right_after(tokens, i):
                label = _label_after(tokens, i)  # "40% silt and 20% clay", "a 10x eyepiece": a share of what follows
            else:
                label = _label_before(tokens, i) or _label_after(tokens, i)
            per = t.per
            if unit in _SPEEDS and not per:
                unit, per = _SPEEDS[unit]  # "15 mph" is 15 miles per hour
            value, unit = _in_base_unit(_number(t.text), unit)
            if not unit and t.text.endswith("0") and "." in t.text and _versioned(tokens, i):
                value = t.text  # "Python 3.10" is not "Python 3.1"
            if not t.attached and not per and _people_counted(tokens, i):
                unit = "person"  # "a family of 4", "the 4 of us", "feeds 4" count people, as "4 people" does
            if unit in _CURRENCIES and bound in ("<", ">"):
                bound += "="  # a price's bound: "under $30" asks what "$30 or less" does (no one means $29.99 apart)
            facts.append(Fact("num", label, bound + value, f"{unit}/{per}" if per else unit))
        elif t.kind == "time":
            t.used = True
            clock = t.text.lower().replace(" ", "").replace(".", "")
            hours, rest = clock.split(":", 1)
            bound = _bound_before(tokens, i)  # "a 2k time < 7:00", "under 7:00"
            facts.append(Fact("time", _preposition_before(tokens, i) or _past(tokens, i), f"{bound}{int(hours)}:{rest}"))
        elif t.kind == "ident":
            t.used = True  # "F-1" is "F1", "W-2" is "W2"
            facts.append(Fact("id", _name_role(tokens, i), _LETTER_DASH_DIGIT.sub("", lower)))
        elif (t.kind == "word" and len(t.text) <= 3 and t.text.isupper() and lower not in _CURRENCIES
              and i + 1 < len(tokens) and tokens[i + 1].kind == "number" and not tokens[i + 1].attached
              and "." in tokens[i + 1].text):
            continue  # "(PH 6.0)": a measure's name before its value, written in capitals, labels it
        elif t.kind == "word" and len(t.text) >= 2 and t.text.isupper() and (lower not in FUNCTION_WORDS or (
                t.text in _WORD_CODES and not t.sentence_start)):
            t.used = True  # a code: MAD, EUR, NRB; "US" too, but for a pronoun opening a shouted sentence
            facts.append(Fact("id", _name_role(tokens, i), lower))
        elif t.kind == "op":
            t.used = True
            facts.append(Fact("op", "", _operation(tokens, i)))
        elif t.kind == "word" and lower == "than" and (against := _compared(tokens, i)):
            # "is a fixed tariff cheaper than a green one": what is compared against is a role
            t.used = True
            facts.append(Fact("than", "", against))
        elif t.kind == "word" and t.text[:1].isupper() and lower not in FUNCTION_WORDS and (
                not t.sentence_start or _opens_name(tokens, i)):
            t.used = True
            facts.append(Fact("name", _name_role(tokens, i), lower))
    _qualify_shared_labels(facts, where, tokens)
    _product_labels(facts, where, tokens)
    # one string per word across every stored reading: a cache keeps a reading per entry
    lowers = [sys.intern(t.text.lower().replace("'", "")) for t in tokens]
    content = [_content(t) or (lower == "right" and lowers[i + 1:i + 2] in (["handed"], ["hand"]))  # "right-handed"
               for i, (t, lower) in enumerate(zip(tokens, lowers, strict=True))]
    words = sorted({w for w, c in zip(lowers, content, strict=True) if c})
    modifiers = sorted({(lowers[i], lowers[i + 1]) for i in range(len(tokens) - 1) if content[i] and content[i + 1]})
    coordinated = sorted({tuple(sorted((lowers[i], lowers[j]))) for i in range(len(tokens) - 2)
                          if content[i] and lowers[i + 1] in ("and", "or", "nor")
                          and (j := _conjunct_head(tokens, content, i + 2)) is not None})
    literals = sorted({w for t, w in zip(tokens, lowers, strict=True) if t.quoted and t.kind == "word"})
    negated, scope, without = set(), False, False
    for i, (t, lower, is_content) in enumerate(zip(tokens, lowers, content, strict=True)):
        if t.kind == "punct" and t.text in _CLAUSE_END:
            scope = False
        elif t.kind == "word" and (lower in NEGATIONS or t.text.lower().endswith("n't")):
            scope, without = True, lower == "without"
        elif scope and without and t.kind == "word" and lower.endswith("ing") and content[i - 1] and not (
                i + 1 < len(tokens) and content[i + 1]):  # (not a noun's modifier: "without a steam cleaning machine")
            scope = False  # a verb after the noun "without" governs: "without a laminator using an iron" uses one
        elif scope and t.kind in ("word", "ident") and (is_content or t.used and lower not in FUNCTION_WORDS):
            negated.add(lower)
    order: list[str] = []
    for t, lower, is_content in zip(tokens, lowers, content, strict=True):
        if t.kind == "punct" and t.text in _CLAUSE_END or lower in _SUBORDINATORS:
            if order and order[-1]:
                order.append("")
        elif is_content:
            order.append(lower)
        elif lower in _FIRST_PERSON and t.kind == "word":
            order.append("i")  # "can I claim my mother" is not "can my mother claim me"
    said = tuple(sorted({w for t, w in zip(tokens, lowers, strict=True) if t.kind == "word"}))
    spelled = tuple(w if t.kind == "word" else "" for t, w in zip(tokens, lowers, strict=True)
                    if t.kind == "word" or t.kind == "punct" and t.text in _CLAUSE_END)
    phrases, placed = set(), set()
    for i, lower in enumerate(lowers):
        if tokens[i].kind == "word" and lower in ROLE_PREPOSITIONS:
            j = i + 1
            if (j + 1 < len(tokens) and lowers[j] in ("and", "or") and not tokens[j].quoted
                    and tokens[j + 1].kind == "word" and lowers[j + 1] in ROLE_PREPOSITIONS):
                j += 2  # two prepositions "or" joins govern one phrase: "before or after my coffee"
            while j < len(tokens) and tokens[j].kind == "word" and lowers[j] in DETERMINERS:
                j += 1
            phrase = []
            while j < len(tokens) and content[j]:
                phrase.append(lowers[j])
                j += 1
                # the preposition governs what "and" or "or" joins to its phrase: "between eczema and psoriasis", "in
                # the morning or the evening" (in either order, the same phrase); not a clause's subject ("on a south
                # window and mine is on a north one")
                if j < len(tokens) and tokens[j].kind == "word" and lowers[j] in ("and", "or"):
                    k = j + 1
                    while k < len(tokens) and tokens[k].kind == "word" and lowers[k] in DETERMINERS:
                        k += 1
                    end = k
                    while end < len(tokens) and content[end]:
                        end += 1
                    if end > k and lowers[k] not in ROLE_PREPOSITIONS and not (
                            end < len(tokens) and lowers[end] in CLAUSE_VERBS):  # ("or after it": a phrase of its own)
                        j = k
            if phrase:
                phrases.add((lower, tuple(phrase)))
                if lower in PREPOSITIONS:  # the first word after a preposition proper: where a lower-case name stands
                    dwells = lower == "in" and i > 0 and lowers[i - 1] in DWELLS
                    placed.add((phrase[0], "home" if dwells else lower))
        elif lower == "home" and tokens[i].kind == "word":
            j = i + 2 if i + 2 < len(tokens) and lowers[i + 1] == "is" else i + 1
            if j < len(tokens) and content[j]:
                placed.add((lowers[j], "home"))  # "home naiorbi", "home is casa": where one lives, as "home Tunis" labels
    return Reading(sorted_facts(facts), tuple(words),
                   tuple(modifiers), tuple(sorted(placed)), tuple(coordinated), tuple(literals), tuple(sorted(negated)),
                   tuple(order), said, tuple(sorted(phrases)), spelled, _runs(facts, where, tokens), text)


def _qualify_shared_labels(facts: list[Fact], where: dict[int, int], tokens: list[_Token]) -> None:
    """Numbers labelled by one word ("peak load 48 MW, load 46 MW"): the one whose label a content word right before it
    qualifies is labelled by that word instead ("peak"), which tells the two apart as "peak 48 MW, load 46 MW" does."""
    labels = [f.label for f in facts if f.kind == "num" and f.label]
    for k, fact in enumerate(facts):
        if fact.kind != "num" or labels.count(fact.label) < 2 or k not in where:
            continue
        j = where[k] - 1  # back to the label, in the number's clause
        while j >= 0 and not (tokens[j].kind == "word" and tokens[j].text.lower() == fact.label):
            j = -1 if tokens[j].kind == "punct" and tokens[j].text in _CLAUSE_END else j - 1
        qualifier = tokens[j - 1] if j >= 1 else None  # (none where the label follows the number: "46 MW load")
        if qualifier is not None and _content(qualifier) and len(qualifier.text) > 1 and (
                qualifier.text.lower() not in labels):
            facts[k] = Fact(fact.kind, qualifier.text.lower(), fact.value, fact.unit)


def _product_labels(facts: list[Fact], where: dict[int, int], tokens: list[_Token]) -> None:
    """The two figures of a product of lengths share one label: the second's, which the word after the product gives
    ("paint for a 12 x 14 ft room": "room", not "paint"), else the first's ("a room 12 by 14 feet"); both measure the
    room."""
    at = {where[k]: k for k, f in enumerate(facts) if f.kind == "num" and k in where}
    for i, t in enumerate(tokens):
        if t.kind != "op" or t.text != "*" or (i - 1) not in at or (i + 1) not in at:
            continue
        left, right = facts[at[i - 1]], facts[at[i + 1]]
        if left.unit != right.unit or left.unit not in _LENGTHS or left.label == right.label:
            continue
        label = right.label or left.label  # the word after the product names what it measures, if one does
        facts[at[i - 1]] = Fact(left.kind, label, left.value, left.unit)
        facts[at[i + 1]] = Fact(right.kind, label, right.value, right.unit)


def _runs(facts: list[Fact], where: dict[int, int], tokens: list[_Token]) -> tuple[Run, ...]:
    """`Reading.runs`: each fact of a group with its neighbours, the words either side of it (not an article, nor its
    own unit)."""
    groups: dict[tuple[str, str], list[int]] = {}
    for k, f in enumerate(facts):
        if f.kind in ("num", "time", "date", "id", "name") and k in where:
            groups.setdefault((f.kind, f.unit), []).append(k)
    out = []
    for (kind, unit), group in groups.items():
        if len(group) < 2 or len({lemma(facts[k].label) for k in group}) != 1:  # "I weigh", "my son weighs"
            continue
        out.append((kind, unit, tuple(sorted((facts[k].value, *_neighbours(tokens, where[k])) for k in group))))
    return tuple(sorted(out))


def _neighbours(tokens: list[_Token], i: int) -> tuple[str, str]:
    own = tokens[i].attached.lower()
    sides = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(tokens) and (tokens[j].text.lower() in _ARTICLES or tokens[j].text.lower() == own):
            j += step
        sides.append(tokens[j].text.lower() if 0 <= j < len(tokens) else "")
    return sides[0], sides[1]


def _framed(tokens: list[_Token], i: int) -> str:
    """The question a period at `i` frames: "how often" for "how many times a day" (the rewrites made it "how often a
    day"); "per" for another rate ("3 sessions a week"), which frames no question; else ""."""
    if i == 0 or tokens[i - 1].text.lower() not in _PER:
        return ""
    for j in range(i - 2, 0, -1):
        if tokens[j].kind == "punct" and tokens[j].text in _CLAUSE_END:
            break
        if tokens[j].text.lower() == "often" and tokens[j - 1].text.lower() == "how":
            return "how often"
    return "per"


def _compared(tokens: list[_Token], i: int) -> str:
    """What the "than" at `i` compares against: the first content word after it, with the words of the "of" phrases
    that follow it ("than an atom of lead": "atom of lead", not an atom of gold); "" where a number or name follows."""
    j = next((k for k in range(i + 1, len(tokens)) if tokens[k].kind != "word" or _content(tokens[k])), len(tokens))
    if j == len(tokens) or tokens[j].kind != "word":
        return ""
    words = [lemma(tokens[j].text.lower())]
    while j + 1 < len(tokens) and tokens[j + 1].kind == "word" and tokens[j + 1].text.lower() == "of":
        k = j + 2
        while k < len(tokens) and tokens[k].kind == "word" and tokens[k].text.lower() in DETERMINERS:
            k += 1
        if k == len(tokens) or not _content(tokens[k]):
            break
        words += ["of", lemma(tokens[k].text.lower())]
        j = k
    return " ".join(words)


def _operation(tokens: list[_Token], i: int) -> str:
    """An operator with the numbers on either side ("2^10" is not "10^2"; "12*14" is "14*12"), else alone."""
    op = tokens[i].text
    if 0 < i < len(tokens) - 1 and tokens[i - 1].kind == tokens[i + 1].kind == "number" and not (
            tokens[i - 1].attached and not tokens[i - 1].own_unit or tokens[i + 1].attached and not tokens[i + 1].own_unit):
        # "2x - 7" is not 2 - 7 (a glued letter), but "10x42 binoculars" is 10*42 (the next word counted)
        left, right = _number(tokens[i - 1].text), _number(tokens[i + 1].text)
        if op in _COMMUTATIVE:
            left, right = sorted((left, right))
        return f"{left}{op}{right}"
    return op



_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """What the exact tier hashes: case, surrounding and repeated whitespace do not change a prompt."""
    return _SPACE.sub(" ", text.strip()).lower()


def exact_key(namespace: str, text: str) -> bytes:
    return hashlib.blake2b(f"{namespace}\x00{normalise(text)}".encode(), digest_size=16).digest()
