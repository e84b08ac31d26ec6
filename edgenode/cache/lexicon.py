"""What WordNet says about two words: the same lemma, synonyms, opposites, kin under one hypernym, or unknown.

Word vectors cannot tell a synonym from a co-hyponym: single-word MiniLM vectors put "wheat" and "maize"
(0.63) or "spring" and "summer" (0.71) as close as "paid" and "spent" (0.64). WordNet can: two words that
share a synset mean the same ("rainfall"/"rain", "purchase"/"buy", "automobile"/"car"); two whose senses sit
under one hypernym are kinds of one thing ("wheat"/"maize" under cereal, "Monday"/"Tuesday" under day of the
week); antonyms and an adjective's cluster head carry opposites ("cheap"/"expensive"). The guard
(edgenode.cache.guard) asks this first and falls back to word vectors when WordNet does not know a word or
relates two words in no way it can name.

The table is built from Princeton WordNet 3.0 by scripts/build_lexicon.py (edgenode/cache/wordnet/, with
WordNet's licence). Pure: no I/O beyond loading that file once.
"""

from __future__ import annotations

import bisect
import enum
import functools
import gzip
import json
from pathlib import Path

from controlplane.kernel.prompts import NOT_PLURALS

TABLE = Path(__file__).resolve().parent / "wordnet" / "wordnet30.json.gz"

# WordNet's detachment rules (morphy(7WN)): suffix -> ending, for nouns, verbs and adjectives together
_DETACH = (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
           ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""),
           ("er", "e"), ("est", "e"), ("s", ""))


def base_forms(word: str, known, forms: dict[str, list[str]] | None = None) -> frozenset[str]:  # noqa: ANN001
    """The lemmas `word` can be an inflection of (itself included), among `known` lemmas."""
    out = {word} if word in known else set()
    for suffix, ending in _DETACH:
        if word.endswith(suffix) and len(word) > len(suffix):
            stem = word[: len(word) - len(suffix)] + ending
            if stem in known:
                out.add(stem)
    if forms:
        out.update(forms.get(word, ()))
    return frozenset(out)


class Relation(enum.Enum):
    UNKNOWN = "unknown"  # WordNet does not know one of the words
    SAME = "same"  # inflections of one lemma
    SYNONYM = "synonym"  # a shared synset, or derivationally related lemmas (pay/payment)
    OPPOSITE = "opposite"  # antonyms, directly or through an adjective's cluster head
    KIN = "kin"  # co-hyponyms: different things of one kind
    NARROWER = "narrower"  # nouns, one a kind of the other: the guard asks the word vectors for more than usual
    UNRELATED = "unrelated"  # both known, none of the above

    @property
    def agrees(self) -> bool | None:
        """True: one may stand for the other; False: they ask different things; None: WordNet cannot say."""
        return {Relation.SAME: True, Relation.SYNONYM: True, Relation.OPPOSITE: False, Relation.KIN: False}.get(self)


class Lexicon:
    def __init__(self, table: dict) -> None:
        self._words: dict[str, list[int]] = table["words"]
        self._hypernyms: list[list[int]] = table["hypernyms"]
        self._heads: list[list[int]] = table["heads"]
        self._antonyms: dict[int, set[int]] = {}  # synset -> its opposites, both ways
        for a, b in table["antonyms"]:
            self._antonyms.setdefault(a, set()).add(b)
            self._antonyms.setdefault(b, set()).add(a)
        self._forms: dict[str, list[str]] = table["forms"]
        self._pos: str = table["pos"]  # n, v, a, s (adjective satellite), r per synset
        self._derived: dict[str, set[str]] = {}
        for a, b in table["derived"]:
            self._derived.setdefault(a, set()).add(b)
            self._derived.setdefault(b, set()).add(a)
        self._physical_entity: int = table["physical"]  # the synset every physical thing descends from
        self._sorted: list[str] = sorted(self._words)  # for the words a prefix begins (`completions`)
        self.relation = functools.lru_cache(maxsize=65_536)(self._relation)
        self.physical = functools.lru_cache(maxsize=65_536)(self._physical)
        self.broader = functools.lru_cache(maxsize=65_536)(self._broader)
        # WordNet's person: the one noun sense "person" and "someone" share
        self._person = self._senses(self.lemmas("person")) & self._senses(self.lemmas("someone"))
        self.person = functools.lru_cache(maxsize=65_536)(self._person_noun)
        # WordNet's location as a physical place (not its senses of the act of locating)
        self._location = {s for s in self._senses(self.lemmas("location"))
                          if self._pos[s] == "n" and self._descends(s, {self._physical_entity})}
        self.place = functools.lru_cache(maxsize=65_536)(self._place_noun)
        # WordNet's language as a means of communicating (the sense "English" and "Fortran" are below)
        english = self._senses(self.lemmas("english"))
        self._language = {s for s in self._senses(self.lemmas("language"))
                          if any(self._descends(e, {s}) for e in english)}
        self.language = functools.lru_cache(maxsize=65_536)(self._language_noun)

    @classmethod
    def load(cls, path: Path = TABLE) -> Lexicon:
        return cls(json.loads(gzip.decompress(path.read_bytes())))

    def lemmas(self, word: str) -> frozenset[str]:
        word = word.lower()
        if word in NOT_PLURALS:  # WordNet's morphy would read "https" as many "http"
            return frozenset((word,)) if word in self._words else frozenset()
        return base_forms(word, self._words, self._forms)

    def completions(self, prefix: str) -> list[str]:
        """The lemmas WordNet knows that begin with `prefix` and are longer ("configuration", "configure" of
        "config")."""
        start = bisect.bisect_right(self._sorted, prefix)
        end = bisect.bisect_left(self._sorted, prefix + "\U0010ffff", start)
        return self._sorted[start:end]

    def antonyms(self, a: str, b: str) -> bool:
        """WordNet files a sense of one as the opposite of a sense of the other (an adjective's satellite through its
        head), not only of what one is a kind of, as `relation` also counts."""
        return self._opposed(self._headed(self._senses(self.lemmas(a))), self._headed(self._senses(self.lemmas(b))))

    def _senses(self, lemmas: frozenset[str]) -> set[int]:
        return {s for lemma in lemmas for s in self._words[lemma]}

    def _headed(self, senses: set[int]) -> set[int]:
        """The senses with their heads (an adjective satellite's: "heavy" of "hefty")."""
        return senses | {h for s in senses for h in self._heads[s]}

    def _opposed(self, mine: set[int], theirs: set[int]) -> bool:
        # (an index, not every pair: a word of many senses meets another in thousands of pairs)
        return any(not theirs.isdisjoint(self._antonyms.get(x, ())) for x in mine)

    def _relation(self, a: str, b: str) -> Relation:
        la, lb = self.lemmas(a), self.lemmas(b)
        if la & lb:
            return Relation.SAME
        if self.privative(a, b):  # (one side may be unknown: WordNet has "cordless", not "tankless")
            return Relation.OPPOSITE
        if not la or not lb:
            return Relation.UNKNOWN
        sa, sb = self._senses(la), self._senses(lb)
        ha, hb = self._up(sa, 1), self._up(sb, 1)
        # antonyms, also of a word's direct hypernym: "depart" is a kind of "leave", the opposite of "arrive"
        if self._opposed(self._headed(sa) | ha, self._headed(sb) | hb):
            return Relation.OPPOSITE
        if sa & sb or any(lb & self._derived.get(lemma, set()) for lemma in la):
            return Relation.SYNONYM
        ua, ub = self._up(sa, 2), self._up(sb, 2)
        if sa & ub or sb & ua:
            # one a kind of the other: a narrower thing is mostly another thing ("hostel" of "hotel", "freezer" of
            # "fridge") but sometimes the same one named loosely ("fridge" of "refrigerator", "car" of "vehicle");
            # a narrower action is often the same one asked loosely ("spent" of "paid", and also "refunded")
            if self._noun_above(sa, sb) or self._noun_above(sb, sa):
                return Relation.NARROWER
            return Relation.UNRELATED
        if ha & hb or ua & ub:
            return Relation.KIN  # siblings under one hypernym (nouns: or one grandparent, cat/dog under carnivore)
        return Relation.UNRELATED

    def privative(self, a: str, b: str) -> bool:
        """One word says "without" what the other has or is: "cordless" and "corded", "wireless" and "wire" (WordNet
        derives one from the other, which would read as one meaning)."""
        for x, y in ((a, b), (b, a)):
            if x.endswith("less") and len(x) >= 7 and not y.endswith("less"):
                stem, other = self.lemmas(x[:-4]), self.lemmas(y)
                if stem and (stem & other or any(other & self._derived.get(s, set()) for s in stem)):
                    return True
        return False

    def adjective(self, word: str) -> bool:
        """WordNet knows `word` itself as an adjective ("hard", "easy"; not "harder", which it reads as "hard")."""
        return word in self._words and any(self._pos[s] in "as" for s in self._words[word])

    def _physical(self, word: str) -> bool:
        """A noun sense of `word` names a physical thing (WordNet's physical entity is above it): "sink", "drain",
        "tornado", not "fee" or "cost"."""
        nouns = [s for s in self._senses(self.lemmas(word)) if self._pos[s] == "n"]
        return any(self._descends(s, {self._physical_entity}) for s in nouns)

    def _person_noun(self, word: str) -> bool:
        """At least half of `word`'s noun senses are people ("neighbour", "landlord", "players"; not "card" or "dog",
        whose senses of a person are the rarer ones)."""
        nouns = [s for s in self._senses(self.lemmas(word)) if self._pos[s] == "n"]
        return bool(nouns) and 2 * sum(self._descends(s, self._person) for s in nouns) >= len(nouns)

    def _place_noun(self, word: str) -> bool:
        """At least half of `word`'s noun senses are places ("city", "location", "town"; not "home", most of whose
        senses are not)."""
        nouns = [s for s in self._senses(self.lemmas(word)) if self._pos[s] == "n"]
        return bool(nouns) and 2 * sum(self._descends(s, self._location) for s in nouns) >= len(nouns)

    def _language_noun(self, word: str) -> bool:
        """A noun sense of `word` is a language ("Spanish", "Swahili", "Fortran"; "Java" among its senses)."""
        return any(self._pos[s] == "n" and self._descends(s, self._language) for s in self._senses(self.lemmas(word)))

    def _descends(self, sense: int, roots: set[int]) -> bool:
        """`sense` is one of `roots` or has one above it."""
        frontier: set[int] = {sense}
        seen: set[int] = set()
        while frontier:
            if not frontier.isdisjoint(roots):
                return True
            seen |= frontier
            frontier = {h for s in frontier for h in self._hypernyms[s]} - seen
        return False

    def _broader(self, a: str, b: str) -> bool:
        """A noun sense of `a` is one or two levels above one of `b` ("fruit" of "apple", "bird" of "parrot"): `a`
        says nothing `b` does not."""
        la, lb = self.lemmas(a), self.lemmas(b)
        return bool(la and lb and not la & lb and self._noun_above(self._senses(la), self._senses(lb)))

    def _noun_above(self, senses: set[int], below: set[int]) -> bool:
        """A noun among `senses` is one or two levels above a noun among `below`."""
        nouns = {s for s in senses if self._pos[s] == "n"}
        return bool(nouns & self._up({s for s in below if self._pos[s] == "n"}, 2))

    def _up(self, senses: set[int], levels: int) -> set[int]:
        """Hypernyms `levels` up; two levels only for nouns (verbs' hierarchy is shallow: their grandparents are
        "change", "move", "act", which every other verb shares)."""
        out, frontier = set(), senses
        for level in range(levels):
            frontier = {h for s in frontier for h in self._hypernyms[s] if level == 0 or self._pos[s] == "n"}
            out |= frontier
        return out


@functools.cache
def shared_lexicon() -> Lexicon:
    return Lexicon.load()


__all__ = ["Lexicon", "Relation", "base_forms", "shared_lexicon"]
