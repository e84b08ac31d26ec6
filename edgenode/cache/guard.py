"""The near-miss guard and the exact-match key.

Sentence embeddings put "transfer 500 MAD" and "transfer 5000 MAD", or "port 6379 open" and "port 6379
not open", within a hair of each other; a semantic cache that trusts cosine alone serves one's answer to
the other. The guard reads the facts such prompts turn on, in order:

- numbers (amounts, times, dates, versions: "5,000" and "5000" are the same number),
- identifiers (a word with a digit: F12, INV-2291) and codes (an all-capital word: MAD, EUR, NRB),
- names (a capitalised word that does not start a sentence: Lagos, Dakar),
- negations (not, no, never, without, n't, ...),

and, order aside, the same content words (every word outside a short list of function words: "winter"
and "spring", "sand" and "clay" differ). A semantic hit counts only when both agree. A rewording that
keeps its facts and content words (punctuation, word order, filler such as "in the", "which", "is this")
passes; one that swaps two names, changes a number or a season, or drops a "not" does not. Rewordings
with new content words miss the cache: the guard chooses a lower hit rate over a wrong answer.
"""

from __future__ import annotations

import hashlib
import re

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'_\-.,:/]*[A-Za-z0-9']|[A-Za-z0-9]|[.?!;:]")
_NUMBER = re.compile(r"^[+-]?\d[\d,]*(\.\d+)?$")
_NEGATIONS = frozenset({
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "cannot", "cant",
    "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "won't", "can't", "shouldn't",
    "wouldn't", "couldn't", "hasn't", "haven't", "hadn't", "mustn't", "non", "deny", "denied",
})
_SENTENCE_END = frozenset(".?!;:")
_FUNCTION_WORDS = frozenset("""
a an the this that these those is are was were be been being am do does did has have had of in on at to for
from by with as and or but if then than so what which who whom whose when where why how please tell me my
our your their its it i we you they he she them us any some there here can could would should will shall may
might must about into over under per via
""".split())


def _number(token: str) -> str | None:
    core = token.rstrip(".,:")
    if _NUMBER.match(core):
        value = core.replace(",", "")
        if "." in value:
            value = value.rstrip("0").rstrip(".") or "0"
        return value.lstrip("+")
    return None


def facts(text: str) -> tuple[str, ...]:
    """The ordered numbers, identifiers, codes, names and negations of a prompt, then its sorted content
    words (a "~" before each)."""
    out: list[str] = []
    words: set[str] = set()
    sentence_start = True
    for raw in _TOKEN.findall(text):
        if raw in _SENTENCE_END:
            sentence_start = True
            continue
        token = raw.rstrip(".,:;")
        lower = token.lower()
        number = _number(raw)
        if number is not None:
            out.append(f"#{number}")
        elif lower in _NEGATIONS or lower.endswith("n't"):
            out.append("!not")
        elif any(c.isdigit() for c in token):
            # identifiers and times: compare the digits' groups too, so 03:00 == 03:00 but != 04:00
            out.append(f"@{lower}")
        elif len(token) >= 2 and token.isupper():
            out.append(f"@{lower}")
        elif token[:1].isupper() and not sentence_start:
            out.append(f"${lower}")
        elif lower not in _FUNCTION_WORDS:
            words.add(f"~{lower}")
        sentence_start = raw[-1] in _SENTENCE_END and raw[-1] != ":" and not raw[-2:-1].isdigit()
    return (*out, *sorted(words))


def same_facts(a: str, b: str) -> bool:
    return facts(a) == facts(b)


_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """What the exact tier hashes: case, surrounding and repeated whitespace do not change a prompt."""
    return _SPACE.sub(" ", text.strip()).lower()


def exact_key(namespace: str, text: str) -> bytes:
    return hashlib.blake2b(f"{namespace}\x00{normalise(text)}".encode(), digest_size=16).digest()
