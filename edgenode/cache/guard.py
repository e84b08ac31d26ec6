"""The near-miss guard: whether two prompts ask the same thing, compared as readings
(controlplane.kernel.prompts: facts bound to their roles, and template words).

Sentence embeddings put "load 30 MW peak 46 MW" and "load 46 MW peak 30 MW", or "paid 500 MAD" and
"declined 500 MAD", within a hair of each other; a semantic cache that trusts cosine alone serves one's
answer to the other. Two readings ask the same thing when

- their facts are the same multiset: clause order, spacing, "30MW" and "1,500" do not matter; a changed
  value, sign, unit, currency, window, date, negation, or two values swapped between their labels do.
  Labels are compared by meaning, prepositions only as themselves; a number that is the only fact of its
  kind and unit on both sides meets its counterpart whatever its label, and so does a name or identifier
  unless a preposition that gives a direction (from, to, into...) labels it, or the other side puts another
  word after its preposition ("the euro against the USD"); where both sides ask a difference ("the
  difference between TCP and UDP", "how does UDP differ from TCP") its order is no role; one of several names labelled on one
  side only meets its counterpart when the label's meaning is a free word of the other side ("who won the Tour
  de France in 1998" and "1998 Tour de France winner?"); a name written in lower case on one side ("lyon",
  "covid") meets it in the same role, or in any role but a direction when it is the only one ("in Python", "python
  reverse a list"); words both prompts have, in the phrase after one preposition on each side
  but not the same words, are swapped roles ("a string to an integer", "an integer to a string"; "baking soda for
  baking powder"; "ounces in a cup", "cups in an ounce"), and so are words each side negates that the other says
  without negation ("use the euro but not in the EU", "in the EU but do not use the euro"), and two words that
  trade places around a third in one clause of prompts whose verbs have helpers ("why do cats chase mice", "why do
  mice chase cats"; "can I claim my mother", "can my mother claim me"; not a passive, a moved clause or a list's
  order); a question asked in the past is not one asked of the future ("when did", "when will"), one of what is
  advised not one of what is allowed ("how early should I arrive", "how early can I arrive"), and an amount does not
  answer how often or when ("how much should I feed a kitten", "how often"), though "at what age" answers "when"
  where neither asks of the past; an acronym meets the words the other side spells it out with ("ETF",
  "exchange-traded fund"; "NYC", "New York City"); a period that only frames "how often" ("how many times a day")
  says nothing to a prompt that asks how often and names none; a count of one meets "a" before the same unit ("1
  mile", "a mile"); "without" a word meets its opposite said plainly ("without losing", "keep"); a name or unit typed
  with one slip meets the word WordNet knows ("Califronia", "60 mintues"); a way asked is not an amount ("how do I tell a
  client I am raising my rates", "how much should I raise my rates") unless the way counts; a thing sent one way is not
  sent the other ("copy a file to a server", "from a server"; "under a wetsuit", "over a wetsuit"); and in words the
  reader otherwise takes to carry nothing, giving is not getting ("how much should I give", "get"), another person is
  not the asker ("do I need a visa", "do they"), "and" is not "or" ("ibuprofen and paracetamol"), "here" is not
  "there", a yes-or-no question of the past is not one of the present ("was Pluto a planet", "is"), and needed is not
  possible ("is it necessary to", "is it possible to");
- their template words agree by meaning: words both have (or their lemmas) agree; a word replaced by
  another must mean the same. WordNet is asked first (edgenode.cache.lexicon): a shared synset or a
  derivation ("rainfall"/"rain", "purchase"/"buy", "payment"/"pay") agrees; antonyms ("cheap"/"expensive",
  "arrive"/"depart") and two persons it files as of one kind or one a kind of the other ("landlord"/"tenant") do
  not; two other things of one kind or one a kind of the other ("wheat"/"maize", "highest"/"tallest", "egg"/"food")
  go to the judge below. Where WordNet cannot say (a word it does not know, or two words it relates in no such way), all-MiniLM-L6-v2
  vectors of the two words alone decide at cosine `word_threshold`, so "configuration" meets "config" while
  "declined" for "paid" or "avoid" for "plant" does not. A word only one side has must be implied by the
  other's words (`implied_threshold`: "which crop should I plant" and "crop?"). Distributional vectors put
  opposites close (buy/sell, open/closed), so a word and its opposite (WordNet's antonyms, a short list of
  common English pairs, and a negating prefix: unpaid, offline, disabled) never count as counterparts, nor
  does a word with three or more letters in front of the other ("semicircle", "circle") unless WordNet says
  they agree, nor two nouns of physical things that WordNet relates in no way ("sink", "drain"; "tattoo",
  "piercing": vectors put such things close) unless their vectors are near-identical. Where only these guesses or
  WordNet's kinds and hierarchy (not a list, not an antonym, not two persons) keep a replaced word from its
  counterpart, and neither is the thing its question asks for ("what are the signs"), the whole sentences go to the
  judge below ("normal resting pulse" rewords "normal resting heart rate"; "piercing" does not reword "tattoo"); two words naming one unit
  ("calories", "kcal") agree and two units ("gallons", "litres") do not, nor two words that end in one word WordNet
  knows with something else in front ("ebooks", "audiobooks"). A quoted word is compared as written ("'whom'", "'whose'"), and a word only one side has that is one more item of a list ("horizontally and
  vertically", "horizontally") is never implied, nor one whose opposite the other side says with a word that
  carries no topic ("keep left", "keep right"). A word WordNet does not know that is one letter off a word of the
  other side is a typing slip ("captial", "wich"), and so is a rare word one letter off a common one ("cheeper");
  "A vs B" asks the difference between them, and "is A healthier than B" what "which is healthier, A or B" asks; a word only one
  side has that WordNet puts one or two levels above a word of the other ("parrot bird") is implied, and so is a
  noun naming what the other side asks ("boiling time?" where it asks how long, "price" where it asks how much,
  "steps" where it asks how, "mean" or "explained" where it asks what something is); a word the other side writes as
  two is that word ("timezones", "time zones"; "backup", "back up"); a figure written without a currency ("a 90k
  salary") meets the same figure the other side writes once, with a currency ("a $90,000 salary").

Two prompts alike word for word but one change are read by that change (the run of words they differ by): one asker
for several, a tense, a person and its helper, a pronoun made someone named ("do I", "does my opponent"), a place
preposition ("on my garden", "in my garden"), the preposition beside a number ("drop to 2 C", "by 2 C"), a word of
degree ("some RO water", "how much more"), a condition or a phrase added ("if the blade is ceramic"), or two short
spans that trade places ("a green belt and my friend a brown belt"); "which" is not whether, why or how many, and "a
lighter" is not "the lightest".

Where the facts and every rule agree and only the word vectors fall short (a replaced word, or one only one side
has, that they cannot pair; not a word narrowing a shared one in a phrase after "of", nor a person in a phrase after
any preposition), the words are UNSURE, and a learned judge of whole
sentences decides (edgenode.cache.paraphrase: the whole encoder's token vectors matched across the two prompts); a
guard without one refuses. A rule that says two words differ is never overruled.

Nothing here knows the project's workloads; the evaluation sets that measure the rules live in
bench/cacheeval, apart from this code.
"""

from __future__ import annotations

import enum
import functools
import math
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from decimal import Decimal
from string import ascii_lowercase
from typing import Protocol, TypeVar

import numpy as np
from rapidfuzz.distance import OSA

from controlplane.kernel.prompts import (
    BOUND_WORDS,
    CLAUSE_VERBS,
    DETERMINERS,
    DWELLS,
    FUNCTION_WORDS,
    MODAL_WORDS,
    NEGATIONS,
    NOT_PLURALS,
    PREPOSITIONS,
    ROLE_PREPOSITIONS,
    SEASON_VERBS,
    UNIT_WORDS,
    Fact,
    Reading,
    date_value,
    is_currency,
    is_measure,
    is_period,
    lemma,
    measured,
    one_of,
    other_units,
    read,
    same_unit,
    sorted_facts,
)
from edgenode.cache.lexicon import Lexicon, Relation, shared_lexicon

DEFAULT_WORD_THRESHOLD = 0.6  # a word replaced by another: the two mean the same
DEFAULT_IMPLIED_THRESHOLD = 0.45  # a word only one prompt has: the other's words imply it
# a physical thing replaced by a narrower or broader one: only a near-identical one ("fridge"); an abstract noun one
# kind of another ("benefit", "advantage") is scored by the vectors as any other pair
NARROWER_THRESHOLD = 0.8

# common opposites that distributional vectors put close together; either order
_OPPOSITES = frozenset(frozenset(p.split("/")) for p in """
buy/sell bought/sold open/closed open/close opened/closed enable/disable enabled/disabled increase/decrease
increased/decreased raise/lower raised/lowered up/down high/low higher/lower highest/lowest above/below
before/after earlier/later min/max minimum/maximum more/less most/least accept/reject accepted/rejected
approve/decline approved/declined paid/declined pay/refund paid/refunded payment/refund deposit/withdraw
deposited/withdrew deposit/withdrawal add/remove added/removed include/exclude included/excluded
start/stop started/stopped start/end on/off online/offline connected/disconnected allow/deny allowed/denied
win/lose won/lost gain/loss profit/loss import/export imported/exported arrive/depart arrival/departure
arriving/departing inbound/outbound incoming/outgoing send/receive sent/received push/pull in/out inside/outside within/out
upload/download uploaded/downloaded plant/avoid safe/unsafe true/false yes/no valid/invalid legal/illegal
fraud/legit fraud/legitimate fraudulent/legit fraudulent/legitimate fake/genuine fake/real
hot/cold warm/cool wet/dry heavy/light fast/slow early/late first/last north/south east/west left/right
morning/evening day/night summer/winter spring/autumn spring/fall rise/fall rising/falling
charge/discharge charging/discharging heat/cool heating/cooling full/empty cheap/expensive
cheapest/dearest long/short longer/shorter longest/shortest large/small larger/smaller largest/smallest
big/small bigger/smaller biggest/smallest add/subtract plus/minus positive/negative with/without
give/receive gave/received given/received giving/receiving lend/borrow lent/borrowed lender/borrower buyer/seller
front/behind survive/die survived/died alive/dead born/died birth/death marriage/divorce married/divorced
marry/divorce wedding/divorce
""".split())
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "de", "anti", "mis")
# a name's preposition that says which way it goes: "from Paris" is not "Paris" ("Paris flights" may go either way)
_DIRECTIONAL = frozenset(("from", "to", "into", "until", "till", "since", "before", "after"))
_INTO = frozenset(("in", "into", "to"))  # a language's prepositions where it is what a thing is said or written in
# a name's preposition, or none, where two things are compared: in a difference asked, not a role
_COMPARED = frozenset(("between", "from", "and", "with", "to", "vs", "versus", ""))
_VERSUS = frozenset(("vs", "versus"))  # "A vs B" asks how they differ
# prepositions that give a name one role: where it is ("in", "at", "on"), where something goes ("to", "into")
_ROLES = {"at": "in", "on": "in", "into": "to"}
_PLACES = PREPOSITIONS | {"home"}  # a name's labels that say where it stands ("home" for "lives in", "home Tunis")
# what a word typed with a slip is spelled right as, where the reader reads the word itself (`Guard._respelled`):
# function words, dwelling verbs, negations
_SPELLED_RIGHT = frozenset(w for w in FUNCTION_WORDS | DWELLS | NEGATIONS if len(w) >= 4 and w.isalpha())
_MAX_SLIPS = 16_384  # `Guard._meant`'s and `_unit_slips`' answers kept; past it they start again
_WORD = re.compile(r"[A-Za-z]+")
_T = TypeVar("_T")


def _remembered(memo: dict[str, _T], key: str, compute: Callable[[], _T]) -> _T:
    """`memo[key]`, computed once; a memo holding `_MAX_SLIPS` answers starts again."""
    if (found := memo.get(key)) is None:
        found = compute()
        if len(memo) >= _MAX_SLIPS:
            memo.clear()
        memo[key] = found
    return found


_VOWELS = frozenset("aeiou")

# clippings people type for a word the other side writes whole ("js", "JavaScript"; "db", "database"; "k8s",
# "Kubernetes"; "deps", "dependencies"): read as that word where the other side writes it and not the clipping
# (`Guard._respelled`); a clipping with two meanings names both ("ts": TypeScript or a timestamp), the other side's
# word says which
_CLIPPINGS = {short: tuple(full.split("|")) for short, full in (line.split(" ", 1) for line in """
js javascript
ts typescript|timestamp
py python
k8s kubernetes
pg postgresql
postgres postgresql
gh github
db database
dbs databases
pw password
pwd password
passwd password
deps dependencies
dep dependency
args arguments
arg argument
params parameters
param parameter
env environment
envs environments
repo repository
repos repositories
dir directory
dirs directories
cfg configuration|config
elem element
elems elements
req request
reqs requests
func function
funcs functions
fn function
fns functions
var variable
vars variables
perms permissions
perm permission
pkg package
pkgs packages
lib library
libs libraries
df dataframe
dfs dataframes
str string
dict dictionary
attr attribute
attrs attributes
impl implementation
msg message
msgs messages
img image
imgs images
pic picture|photo
pics pictures|photos
info information
docs documentation
app application
apps applications
prod production
dev development
tmp temporary
avg average
max maximum
num number
nums numbers
qty quantity
err error
cert certificate
certs certificates
admin administrator
q question
qs questions
abt about
pls please
plz please
bc because
u you
ur your
rn right now
di dependency injection
cli command line
""".strip().splitlines())}
# a clipping stands as a word of its own: not inside a file name, an identifier or a path ("pg_hba.conf", "Node.js",
# "requests.get", "py3"), nor a command before its flag ("df -h")
_CLIPPED = re.compile(r"(?<![\w./\\-])[A-Za-z][A-Za-z0-9]*(?![\w/\\-]|\.\w|\s+--?[A-Za-z])")


def _edits(typed: str) -> tuple[set[str], set[str], set[str]]:
    """The words one slip from `typed`, likeliest first: a doubled letter undoubled or two letters swapped; a letter
    dropped or added; a letter changed."""
    splits = [(typed[:i], typed[i:]) for i in range(len(typed) + 1)]
    undoubled = {x + y[1:] for x, y in splits if y and x and x[-1] == y[0]}
    swapped = {x + y[1] + y[0] + y[2:] for x, y in splits if len(y) > 1 and y[0] != y[1]}
    dropped = {x + y[1:] for x, y in splits if y}
    added = {x + c + y for x, y in splits for c in ascii_lowercase}
    changed = {x + c + y[1:] for x, y in splits if y for c in ascii_lowercase if c != y[0]}
    return undoubled | swapped, (dropped | added) - undoubled, changed


def _unclipped(text: str, other: str) -> str:
    """`text` with each clipping (`_CLIPPINGS`) written whole as `other` writes it, where `other` writes that word
    (or phrase) and not the clipping, and `text` does not write it whole already: "merge 2 dfs" against "merge two
    DataFrames" reads "merge 2 DataFrames"."""
    shouted = not any(c.islower() for c in text)  # a prompt typed in capitals stays so: the reader reads it as words

    def whole(m: re.Match) -> str:
        short = m.group().lower()
        for full in _CLIPPINGS.get(short, ()):
            found = _whole_word(full).search(other)
            if found and not _whole_word(short).search(other) and not _whole_word(full).search(text):
                return found.group().upper() if shouted else found.group()
        return m.group()

    return _CLIPPED.sub(whole, text) if any(w.lower() in _CLIPPINGS for w in _CLIPPED.findall(text)) else text


@functools.lru_cache(maxsize=256)
def _whole_word(phrase: str) -> re.Pattern:
    return re.compile(r"(?<![\w.-])" + r"\s+".join(map(re.escape, phrase.split())) + r"(?![\w-])", re.IGNORECASE)


def opposite(a: str, b: str) -> bool:
    if frozenset((a, b)) in _OPPOSITES or frozenset((lemma(a), lemma(b))) in _OPPOSITES:
        return True
    for x, y in ((a, b), (b, a)):
        for prefix in _NEGATING_PREFIXES:
            if x == prefix + y or x == prefix + "-" + y:
                return True
        if x.startswith("on") and y == "off" + x[2:] or x.startswith("off") and y == "on" + x[3:]:
            return True
    return False


class Verdict(enum.Enum):
    """How two readings compare. AGREE. DIFFER where a rule says so: a fact, what is asked, a role, a negation, the
    tense or the modality, or a word (an opposite, two persons of one kind or one a kind of the other, another unit
    or count of times, a quoted word, one more item of a list, a word only one side has narrowing a shared one inside
    a phrase after "of"). UNSURE where every rule agrees and only the word vectors or WordNet's kinds fell short (a
    replaced word below `word_threshold` or filed as another thing of its kind or a kind of it, a word only one side
    has below `implied_threshold`): a paraphrase the words cannot see ("pairs well with" and "go with"; "highest" and
    "tallest"), or another question."""

    AGREE = "agree"
    UNSURE = "unsure"
    DIFFER = "differ"


class WordVectorSource(Protocol):
    """Unit vectors for words (edgenode.cache.embed.WordVectors: all-MiniLM-L6-v2 on the word alone)."""

    def __call__(self, word: str) -> np.ndarray: ...

    def many(self, words: Iterable[str]) -> list[np.ndarray]: ...

    def common(self, word: str) -> bool:
        """`word` is one of the encoder's vocabulary tokens: a common word, not a rare one."""
        ...

    def unencoded(self, words: Iterable[str]) -> list[str]:
        """The words `many` would run the encoder for (slow: the edge does that on a worker thread)."""
        ...


class Judge(Protocol):
    """The judge of whole sentences the guard asks where its words are UNSURE (edgenode.cache.paraphrase)."""

    def __call__(self, stored: str, asked: str) -> bool: ...

    def unencoded(self, texts: Iterable[str]) -> list[str]:
        """The texts it would have to encode before judging (slow: the edge does that on a worker thread)."""
        ...

    def encode(self, texts: Iterable[str]) -> None:
        """Encode and keep them; safe on a worker thread while the event loop judges."""
        ...


class Guard:
    """Compares two Readings. `vectors` gives a word's unit vector; `lexicon` (WordNet) is asked before the
    vectors; None: vectors alone."""

    def __init__(self, vectors: WordVectorSource, word_threshold: float = DEFAULT_WORD_THRESHOLD,
                 implied_threshold: float = DEFAULT_IMPLIED_THRESHOLD, lexicon: Lexicon | None = None,
                 paraphrase: Judge | None = None) -> None:
        self._vectors = vectors
        self.word_threshold = word_threshold
        self.implied_threshold = implied_threshold
        self.lexicon = lexicon
        self.paraphrase = paraphrase  # (stored, asked) -> rewords it: asked where the words are UNSURE
        self._unvouched = math.nextafter(word_threshold, -math.inf)  # close, but not a meet: the judge decides
        self._slips: dict[str, str] = {}  # `_meant`'s answers
        self._unit_names: dict[str, tuple[str, ...]] = {}  # `_unit_slips`'s answers

    def without_lexicon(self) -> Guard:
        """The same guard on word vectors alone (what WordNet buys is measured against it)."""
        return Guard(self._vectors, self.word_threshold, self.implied_threshold, paraphrase=self.paraphrase)

    def without_paraphrase(self) -> Guard:
        """The same guard without the judge of whole sentences: UNSURE words refuse (what the judge buys)."""
        return Guard(self._vectors, self.word_threshold, self.implied_threshold, self.lexicon)

    def prepare(self, asked: Reading, candidates: Iterable[Reading]) -> None:
        """Fetch in one batch the vectors comparing `asked` with the candidates may need (every word and label of
        either side: a word both sides share is still weighed against the other's extra words), so words the vectors
        must encode cost one encoder call, not one each."""
        if wanted := self._compared(asked, candidates):
            self._vectors.many(wanted)

    def unprepared(self, asked: Reading, candidates: Iterable[Reading]) -> list[str]:
        """The words `prepare` would have to run the encoder for: `encode_words` them off the event loop first."""
        return self._vectors.unencoded(self._compared(asked, candidates))

    def encode_words(self, words: Iterable[str]) -> None:
        """Encode and keep the words' vectors (safe on a worker thread while the event loop compares)."""
        self._vectors.many(words)

    @staticmethod
    def _compared(asked: Reading, candidates: Iterable[Reading]) -> list[str]:
        words = set(asked.words) | {f.label for f in asked.facts}
        for other in candidates:
            words |= set(other.words) | {f.label for f in other.facts}
        words.discard("")
        return sorted(words)

    def _relation(self, a: str, b: str) -> Relation:
        return self.lexicon.relation(a, b) if self.lexicon is not None else Relation.UNKNOWN

    def _score(self, a: str, b: str) -> float:
        """How well `b` stands for `a`: 1 or -1 where WordNet (or the list of opposites) says, else the cosine of
        the two words' vectors; a word that is the other with more in front ("semicircle", "circle") is another
        thing unless WordNet says they agree."""
        if opposite(a, b) or _other_times(a, b) or self._merit_for_quality(a, b) or self._merit_for_quality(b, a):
            return -1.0
        relation = self._relation(a, b)
        if relation.agrees is not None:
            return 1.0 if relation.agrees else -1.0
        if _compound(a, b) or _compound(b, a) or other_units(a, b) or _stem_of_term(a, b) or _stem_of_term(b, a):
            return -1.0
        if same_unit(a, b) or self._misspelt(a, b) or self._abbreviates(a, b) or self._abbreviates(b, a):
            return 1.0
        if self._other_kind(a, b):
            return -1.0
        if (relation is Relation.UNRELATED and len(os.path.commonprefix((a, b))) >= 5
                and not (a.startswith(b) or b.startswith(a))
                and OSA.distance(a, b, score_cutoff=1) > 1):
            return -1.0  # two words WordNet knows and does not relate, one stem and other endings: "astrology",
            # "astronomy" (not a slip: "burgler", which WordNet reads as a form of "burgle", for "burglar")
        similarity = self._similarity(a, b)
        if (self.lexicon is not None and relation is Relation.UNKNOWN and similarity >= self.word_threshold
                and not _one_form(a, b)):  # (without WordNet every pair is unknown: the vectors decide)
            return self._unknown_meet(a, b, similarity)
        if relation is Relation.NARROWER and similarity < NARROWER_THRESHOLD and (
                self.lexicon.physical(a) or self.lexicon.physical(b)):
            return -1.0
        if (relation is Relation.UNRELATED and similarity < NARROWER_THRESHOLD and self.lexicon.physical(a)
                and self.lexicon.physical(b)):
            return -1.0  # two physical things WordNet does not relate: "sink", "drain"; "tattoo", "piercing"
        return similarity

    def _merit_for_quality(self, merit: str, quality: str) -> bool:
        """"better" against another adjective compared ("faster", "safer", "cheaper"): which is good all
        round is not which is fast, safe or cheap (WordNet files "safe" under one sense of "good"; the vectors put
        "better" and "faster" at 0.60)."""
        return (merit in _MERIT and quality not in _MERIT and quality.endswith(("er", "est"))
                and self.lexicon is not None and any(self.lexicon.adjective(w) for w in self.lexicon.lemmas(quality)
                                                     if w != quality))

    def _unknown_meet(self, a: str, b: str, similarity: float) -> float:
        """Two words of other forms the vectors put close, one of which WordNet does not know: vectors put a thing's
        siblings as close as its synonyms ("earbuds" and "headphones" 0.67, "ebook" and "paperback" 0.68, as close
        as "subnet" and "network"), and WordNet, which tells them apart for words it knows, cannot. A short form of
        a word WordNet knows is scored as that word ("config": "configuration", which WordNet and the vectors
        weigh against "settings"); any other such pair is close but no meet, so the judge of whole sentences
        decides."""
        scores = [self._score(full, b) for full in self._completed(a)]
        scores += [self._score(a, full) for full in self._completed(b)]
        best = max(scores, default=-1.0)
        return best if best >= self.word_threshold else min(similarity, self._unvouched)

    def _completed(self, short: str) -> list[str]:
        """The common words WordNet knows that `short`, a word it does not know of four letters or more, begins
        ("configuration" for "config"; the encoder's vocabulary says which words are common). Three letters begin
        too many ("pre": 437 lemmas) to say which word is meant, and each would be scored."""
        if self.lexicon is None or len(short) < 4 or self.lexicon.lemmas(short):
            return []
        return [word for word in self.lexicon.completions(short) if self._vectors.common(word)]

    def _compared_for_plain(self, a: Reading, b: Reading) -> bool:
        """`a` compares with "than" by an adjective `b` says plainly: "is a 7-10 split harder to pick up than a 4-6
        split" is not "as hard to pick up as" (not "darker skin", "dark skin": no comparison is made)."""
        return "than" in a.said and any(self._degree(x, y) for x in a.words if x not in b.words
                                        for y in b.words if y not in a.words)

    def _degree(self, compared: str, plain: str) -> bool:
        """`compared` is the adjective `plain` compared, as WordNet's inflections read it ("harder", "hardest" of
        "hard"; "easier" of "easy"; "bigger" of "big"; "better" of "good")."""
        return (self.lexicon is not None and compared.endswith(("er", "est")) and plain != compared
                and plain in self.lexicon.lemmas(compared) and self.lexicon.adjective(plain))

    def _superlative_for_comparative(self, a: Reading, b: Reading) -> bool:
        """`a` compares two ("a lighter frame", "more expensive") where `b` picks the most of all ("the lightest
        frame", "the most expensive"), of one adjective as WordNet's inflections read it."""
        if _COMPARING & set(a.said) and _MOST & set(b.said) and not _MOST & set(a.said) and not _COMPARING & set(b.said):
            return True
        return self.lexicon is not None and any(
            x.endswith("er") and y.endswith("est") and any(
                self.lexicon.adjective(w) for w in self.lexicon.lemmas(x) & self.lexicon.lemmas(y))
            for x in a.words if x not in b.words for y in b.words if y not in a.words)

    def _other_kind(self, a: str, b: str) -> bool:
        """Two words that end in one word WordNet knows, at least half the longer one, with something else in front of it
        on each side: two kinds of one thing ("ebooks", "audiobooks"; "atorvastatin", "rosuvastatin"; "handbook",
        "notebook"), which vectors put close."""
        if self.lexicon is None:
            return False
        shared = 0
        while shared < min(len(a), len(b)) and a[-1 - shared] == b[-1 - shared]:
            shared += 1
        if shared in (len(a), len(b)):
            return False  # one ends the other: `_compound`'s to say
        return any(self.lexicon.lemmas(a[-size:]) for size in range(max(4, (max(len(a), len(b)) + 1) // 2), shared + 1))

    def same_word(self, a: str, b: str) -> bool:
        if a == b:
            return True
        if not a or not b or a in PREPOSITIONS or b in PREPOSITIONS or opposite(a, b):
            return False  # prepositions are roles only as themselves: "from" and "to" are near in meaning
        if lemma(a) == lemma(b):
            return True
        return self._score(a, b) >= self.word_threshold

    def _words(self, ra: Reading, rb: Reading) -> Verdict:
        """Words both have (or their lemmas) agree; a word replaced by another must mean the same (and not
        the opposite); a word only one side has must be implied by the other side's words (`implied`); one that
        narrows a word both have, or one that met its counterpart ("furnished apartment" against "apartment",
        "oven temperature" against "temperature"), is the judge's. DIFFER where a rule says the words differ; UNSURE
        where only the vectors fell short (a replaced word below `word_threshold`, a word only one side has below
        `implied_threshold` but for a person in a phrase after a preposition, or one narrowing a shared word)."""
        a, b = ra.words, rb.words
        # a noun naming what the other side asks says nothing more: "boiling time?" and "how long do I boil"
        answered_a, answered_b = _answered(ra), _answered(rb)
        # "time: 16:00" and "at 16:00"; "feeder F30" and "F30" (the facts met: an identifier's label only names it)
        fields_a = (_field_names(ra) | _id_labels(ra) | _labels_left_bare(ra, rb) | self._season_named(ra, rb)
                    | _measure_labels(ra, rb) | _place_kind_beside(ra, rb))
        fields_b = (_field_names(rb) | _id_labels(rb) | _labels_left_bare(rb, ra) | self._season_named(rb, ra)
                    | _measure_labels(rb, ra) | _place_kind_beside(rb, ra))
        la = [w for w in a if w not in b and not any(lemma(w) == lemma(o) for o in b) and lemma(w) not in answered_b
              and w not in fields_a]
        lb = [w for w in b if w not in a and not any(lemma(w) == lemma(o) for o in a) and lemma(w) not in answered_a
              and w not in fields_b]
        # a word quoted on one side is a word of its own there, and the other side may write it unquoted, where a
        # function word is no template word: "a comma before 'and'", "a comma before and"
        la = [w for w in la if not (w in ra.literals and w in rb.said)]
        lb = [w for w in lb if not (w in rb.literals and w in ra.said)]
        literals = set(ra.literals) | set(rb.literals)
        if any(w in literals for w in la + lb):
            return Verdict.DIFFER  # a quoted word differs: "'whom'" is not "'whose'"
        if "how long" in ra.asks and "how long" in rb.asks:  # "how long does syrup last", "how long will it keep"
            la, lb = _lasting(la, lb)
        la, lb = _joined(la, lb, rb.said)
        lb, la = _joined(lb, la, ra.said)
        # a word written more often on the side with no word of its own stands where the other side's own word stood:
        # "bonding wood to wood" replaces "metal" in "bonding metal to wood"
        if la and not lb:
            lb = _surplus(rb, ra)
        elif lb and not la:
            la = _surplus(ra, rb)
        met: set[str] = set()  # words that met their counterpart in another spelling: "tyre" and "tire"
        if la and lb:
            scored = sorted(((self._score(x, y), x, y) for x in la for y in lb), reverse=True)
            for score, x, y in scored:
                if x in la and y in lb and score >= self.word_threshold:
                    la.remove(x)
                    lb.remove(y)
                    met |= {lemma(x), lemma(y)}
            if la and lb:  # a word replaced by one of another meaning, or by a paraphrase the words cannot see
                apart = [(x, y) for x in la for y in lb if self._score(x, y) <= -1.0 and self._counterparts(x, y, la, lb)]
                if any(self._said_apart(x, y) or self._kinds_of_one_said(x, y, ra, rb)
                       or (_asked_for(ra, x) or _asked_for(rb, y))
                       and self._relation(x, y) is not Relation.NARROWER for x, y in apart):
                    # an opposite, another unit, another person of one kind ("landlord", "tenant"); or the thing one
                    # question asks for ("what are the signs" is not "is it safe"), unless the other names a kind of
                    # it or what it is a kind of, which the judge weighs ("the story of Icarus", "the myth of Icarus")
                    return Verdict.DIFFER
                # two words WordNet files as other things of one kind or one a kind of the other ("highest", "tallest";
                # "luggage", "bag"), or that the vectors and WordNet's categories only guess apart ("sink", "drain"):
                # the judge weighs the whole sentences
                if not met and len(la) == len(a) and len(lb) == len(b) and not any(f.kind != "ask" for f in ra.facts):
                    return Verdict.DIFFER  # no word and no fact in common: nothing for a judge to weigh ("ab")
                return Verdict.UNSURE
        extra, other, own, said = (la, b, ra, rb.said) if la else (lb, a, rb, ra.said)
        other_reading = rb if la else ra
        shared = {lemma(w) for w in other} | met
        unsure = False
        for word in extra:
            if word.startswith(("differ", "compar")) and not _VERSUS.isdisjoint(said):
                continue  # "hurricane vs typhoon" asks the difference between them
            if word == "only" and "just" in said and "just" not in own.said:
                continue  # "screenshot only part of the screen" is "just part of the screen" (not where both say
                # "just", as in "I just got a puppy")
            if word in _SELECTORS and not (word == "last" and "how long" in own.asks):  # "how long does it last"
                return Verdict.DIFFER  # "which opera did Verdi write last, after Aida": one of several picked
            # (a word only one side has is no opposite of one the other has by WordNet's relation, which finds one
            # through any of their senses and hypernyms: "speed" and "slow", "hold" and "permit")
            if not other:
                return Verdict.DIFFER
            if any(word in pair and any(opposite(word, w) and lemma(w) in shared and _ends_question(own, w, word)
                                        for w in pair if w != word) for pair in own.coordinated):
                continue  # "fraud or legit?" asks what "fraud?" asks: whether, with the other answer said (not "hot
                # or cold water?", which names a thing, nor "if I win or lose the appeal?")
            if any(opposite(word, o) and not (o in PREPOSITIONS and o in own.said) for o in said):
                # the other side says its opposite, also with a word that carries no topic: "right", "in" (not a
                # preposition both say: "how long after eating ... before swimming", "how long after eating"; a deed
                # both name still is one: "refunded 500 MAD, 6 payments" against "500 MAD, 6 payments")
                return Verdict.DIFFER
            broader = [o for o in other if self.lexicon is not None and self.lexicon.broader(word, o)]
            if any((o, word) in own.modifiers or (word, o) in own.modifiers for o in broader):
                continue  # "which parrot bird lives longest": a parrot is a bird; "soil sand": the field's name
            if word in _DEFAULTS:
                continue  # "regular nail polish" is what "nail polish" means unless said otherwise
            if word in _KIND_NOUNS:
                continue  # "soil type silt" is "soil silt", "which type of soil" "which soil": a kind named, no more
            if word in _LAWFUL and _modality(own) != "advised" and (
                    _modality(other_reading) == "allowed" or "legal" in said):
                continue  # "is it legal to clear snow" asks what "am I allowed to clear snow" asks
            if any(m == word and lemma(head) in shared for m, head in own.modifiers):
                # a word narrowing one both have may be another thing ("state tax refund", "tax refund") or what the
                # other side means unsaid ("oven temperature", "common cold", "mobile data"): the judge weighs it,
                # unless it says how often, names a doer, or says what a thing is of ("a list of ingredients"); after
                # another preposition the judge weighs it too ("in the ocean", "in the world's oceans")
                if word in _HOW_OFTEN or self.lexicon is None or self.lexicon.person(word) or any(
                        word in phrase for preposition, phrase in own.phrases if preposition == "of"):
                    return Verdict.DIFFER  # "always harder", "if the instructor deletes it", "a list of ingredients"
                unsure = True
            if broader:
                continue  # a broader word elsewhere says nothing more
            if any((o not in other or o in own.words and self.lexicon is not None and not self.lexicon.lemmas(word))
                   and self._slip(word, o) for o in said):
                continue  # "wich" for "which", "untill" for "until"; a word both write, written again with a slip
                # ("major revisions and minor revisons")
            if any(word in pair and any(lemma(w) in shared for w in pair if w != word) for pair in own.coordinated):
                if not _head_left_off(word, own, other_reading):
                    return Verdict.DIFFER  # one more of a list: "horizontally and vertically" against "horizontally"
                unsure = True  # "the copper foil method and lead came", "copper foil vs lead came": the judge's
                continue
            # (keeping a thing from happening is no word another implies: "stops paying" does not imply "prevent a
            # member from stopping payments"; only "keep ... from" prevents, so "keep" is left to the vectors)
            if word in _PREVENTING and word not in _KEEPING or not any(
                    self._implies(o, word) >= self.implied_threshold for o in other):  # stops at the first
                if any(word in phrase for _, phrase in own.phrases) and self.lexicon is not None and (
                        self.lexicon.person(word)):
                    return Verdict.DIFFER  # who a phrase after a preposition asks for: "explained for kids"
                if _asked_for(own, word):
                    return Verdict.DIFFER  # what the question asks for: "what are the signs" is not "what to do"
                unsure = True  # the words cannot say: a paraphrase ("best wine to go with"), or another question
        return Verdict.UNSURE if unsure else Verdict.AGREE

    def _season_named(self, reading: Reading, other: Reading) -> frozenset[str]:
        """"season" where `reading` names a season that `other` names too ("season winter", "winter season" and "in
        winter"): the word names the fact's kind, which the fact says (not "the rainy season", which names no season).
        Kept where `other` types it with a slip ("sason winter"), which meets it as a word."""
        seasons = {f.value for f in reading.facts if f.kind == "date" and f.value in _SEASONS}
        if (seasons and not seasons.isdisjoint(f.value for f in other.facts if f.kind == "date")
                and not any(w != "season" and self._slip(w, "season") for w in other.words)):
            return frozenset(("season",))
        return frozenset()

    def _said_apart(self, a: str, b: str) -> bool:
        """Two words that differ by a list or by WordNet: opposites (senses WordNet opposes, not only what they are
        kinds of), other units or counts of times ("once", "twice"), two persons WordNet files as other people of one
        kind or as opposed ("landlord", "tenant"; "adult", "child": who does or needs a thing is the question); one a
        kind of the other ("woman", "female"; "toddler", "child") is the judge's. Not two other things of one kind or
        a kind of the other: WordNet files many a rewording's words so ("highest", "tallest"; "symptoms", "signs";
        "luggage", "bag"), and the judge of whole sentences weighs them; nor the guesses from the vectors and WordNet's
        categories (two physical things it does not relate, a word compounded with another, another kind of word)."""
        relation = self._relation(a, b)
        if opposite(a, b) or relation is Relation.OPPOSITE and (
                self.lexicon.antonyms(a, b) or self.lexicon.privative(a, b)) or other_units(a, b) or (
                _other_times(a, b)):
            return True
        return relation in (Relation.KIN, Relation.OPPOSITE) and self.lexicon is not None and (
            self.lexicon.person(a) and self.lexicon.person(b))  # ("adult", "child": opposed through "juvenile")

    def _kinds_of_one_said(self, x: str, y: str, ra: Reading, rb: Reading) -> bool:
        """`x` and `y` are two kinds of one thing that both prompts name beside them ("soil loam", "clay soil"; "brie
        cheese", "cheddar cheese"): each side picks another one of it. (Two kinds of a thing neither names may be one
        loosely said: "highest", "tallest"; and a word elsewhere is no name of their kind: "the final score of the
        match", "of the game", where WordNet files both under a sense of "score".)"""
        if self.lexicon is None or self._relation(x, y) is not Relation.KIN:
            return False
        return any(((x, h) in ra.modifiers or (h, x) in ra.modifiers) and ((y, h) in rb.modifiers or (h, y) in rb.modifiers)
                   and self.lexicon.broader(h, x) and self.lexicon.broader(h, y) for h in set(ra.words) & set(rb.words))

    def _counterparts(self, x: str, y: str, la: list[str], lb: list[str]) -> bool:
        """`y` is the word of `lb` the vectors put closest to `x`, and `x` the one of `la` closest to `y`."""
        return (max(lb, key=lambda o: self._similarity(x, o)) == y
                and max(la, key=lambda o: self._similarity(o, y)) == x)

    def _slip(self, typed: str, word: str) -> bool:
        """`typed` is `word` with one letter added, dropped, changed or two swapped ("captial", "recieve"), or with
        letters doubled and undoubled ("begginer", "accomodation"; in three letters too: "a ful house"), and WordNet
        does not know `typed`, or knows it as a rare word where `word` is a common one ("cheeper" for "cheaper",
        "instal" for "install": the encoder's vocabulary keeps common words whole): "form" and "from", "Iran" and
        "Iraq", "planing" and "planning" are words of their own, and two things of one kind ("sulfite", "sulfate")
        differ before this is asked."""
        undoubled = set(typed) == set(word) and _undoubled(typed) == _undoubled(word)  # sets first: cheap
        return (self.lexicon is not None and min(len(typed), len(word)) >= (3 if undoubled else 4) and typed.isalpha()
                and word.isalpha() and (undoubled or OSA.distance(typed, word, score_cutoff=1) <= 1)
                and (not self.lexicon.lemmas(typed) or (not self._common(typed) and self._common(word))))

    def _common(self, word: str) -> bool:
        """`word`, or a base form of it, is one of the encoder's vocabulary tokens ("latitudes": "latitude")."""
        return self._vectors.common(word) or any(self._vectors.common(form) for form in self.lexicon.lemmas(word))

    def _known_slip(self, typed: str, word: str) -> bool:
        """`typed` is a slip (`_slip`) of `word`, which WordNet knows."""
        return self._slip(typed, word) and bool(self.lexicon.lemmas(word))

    def _misspelt(self, a: str, b: str) -> bool:
        """One of two words, both of them content words, is a slip of the other, which WordNet knows; or neither is a
        word WordNet knows and one is the other with two letters swapped or a letter doubled ("conifg", "connfig" for
        "config"): a letter changed is not ("getattr", "setattr")."""
        return self._known_slip(a, b) or self._known_slip(b, a) or self._unknown_slip(a, b)

    def _unknown_slip(self, a: str, b: str) -> bool:
        if self.lexicon is None or min(len(a), len(b)) < 5 or not (a.isalpha() and b.isalpha()):
            return False
        if self.lexicon.lemmas(a) or self.lexicon.lemmas(b):
            return False
        short, full = sorted((a, b), key=len)
        if len(full) >= 6 and len(short) == len(full) - 1 and short[0] == full[0] and short[-1] == full[-1] and any(
                full[:i] + full[i + 1:] == short for i in range(1, len(full) - 1)):
            return True  # a letter inside dropped: "cnfig", "cofig" for "config" (not one at either end: "confi")
        if set(a) != set(b):
            return False
        swapped = len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 2 and (
            OSA.distance(a, b, score_cutoff=1) == 1)
        return swapped or (a != b and _undoubled(a) == _undoubled(b))

    def _abbreviates(self, short: str, full: str) -> bool:
        """`short` is `full` written as its consonants, as an abbreviation is ("cfg" for "config", "amt" for "amount";
        not "msg", which WordNet knows): three or four letters WordNet does not know, no vowel after the first, all of
        them in `full` in order from its first letter, and `full` at least two letters longer."""
        return (self.lexicon is not None and 3 <= len(short) <= 4 and len(full) >= len(short) + 2 and short.isalpha()
                and full.isalpha() and _VOWELS.isdisjoint(short[1:]) and _abbreviates(short, full)
                and not self.lexicon.lemmas(short))

    def _implies(self, word: str, extra: str) -> float:
        """How well `word` implies `extra`: 1 for WordNet's synonyms, nothing for its kin and opposites (an added
        "maize" beside "wheat" asks about more), else the words' cosine."""
        agrees = self._relation(word, extra).agrees
        if agrees is not None:
            return 1.0 if agrees else -1.0
        return self._similarity(word, extra)

    def _similarity(self, a: str, b: str) -> float:
        va, vb = self._vectors.many((a, b))
        return float(va @ vb)

    def _same_label(self, fa: Fact, fb: Fact, a: Reading, b: Reading) -> bool:
        if fa.kind == "window" or self.same_word(fa.label, fb.label):
            return True  # a window's label only says what it frames ("how often" for "how many times a day")
        if fa.label and fb.label and fa.label not in PREPOSITIONS and fb.label not in PREPOSITIONS and any(
                self.same_word(x, y) for x in _label_words(fa.label, a) for y in _label_words(fb.label, b)
                if (x, y) != (fa.label, fb.label)):
            return True  # a label of two words: "peak load 62 MW" and "peak 62 MW"; "solar gen 9 MW", "solar 9 MW"
        # the only fact of its kind and unit on both sides: nothing else could take its value, so a missing
        # label, or (with a unit) another label, does not unbind it ("roast a 3 kg goose in the oven at 180 C"
        # and "at 180 C, roast a 3 kg goose"); the label words still meet as template words
        alone = (sum(f.kind == fa.kind and f.unit == fa.unit for f in a.facts) == 1
                 and sum(f.kind == fb.kind and f.unit == fb.unit for f in b.facts) == 1)
        if fa.kind == "num":
            # nothing else could take its value, or two labels neither of which labels another of the other side's
            # numbers in that unit (no swap: "rose from 165 AUD", "went up from 165 AUD"; not "load 30 MW peak 46 MW",
            # "peak 30 MW load 46 MW"): its label words are compared as template words
            if bool(fa.label) != bool(fb.label):
                # labelled on one side only, by a word that is no preposition ("after the first week" is not "in the
                # first week"), where the bare side labels no other of its figures in that unit: no role of it is
                # swapped ("support 2350 and 4000" and "2350 and 4000")
                bare_side, bare = (b, fb) if fa.label else (a, fa)
                return alone or (fa.label or fb.label) not in PREPOSITIONS and not any(
                    f.label for f in bare_side.facts if f.kind == bare.kind and f.unit == bare.unit)
            return alone or bool(fa.label and fb.label) and not (
                _labels_other(fa, b) & _label_words(fb.label, b) or _labels_other(fb, a) & _label_words(fa.label, a)
                or fa.label in _labels_other(fa, b) or fb.label in _labels_other(fb, a))
        if {fa.label, fb.label} <= _COMPARED and _compares(a) and _compares(b):
            return True  # what a difference is asked between has no order: "between TCP and UDP", "UDP from TCP"
        if fa.kind in ("name", "id") and _ROLES.get(fa.label, fa.label) == _ROLES.get(fb.label, fb.label) != "":
            return True  # one role said with another preposition: "stop in Milan", "stop at Milan"; "into", "to"
        if fa.kind == "name" and {fa.label, fb.label} <= _INTO and self.lexicon is not None and (
                self.lexicon.language(fa.value)):
            return True  # the language a thing is said in: "translate it into Spanish", "say it in Spanish"
        if fa.label in _DIRECTIONAL or fb.label in _DIRECTIONAL:
            return False  # which way a name goes is its role: "from the UK" is not "the UK"
        if fa.kind == "name" and fa.label not in PREPOSITIONS and fb.label not in PREPOSITIONS:
            alone = alone or (_one_name(a) and _one_name(b))  # "my Instant Pot": one name of two words (whose
            # preposition stays its role: "in Los Angeles" is not "outside Los Angeles")
        if alone and not (_elsewhere(fa.label, b) or _elsewhere(fb.label, a)):
            return True  # the only name on both sides: "a list in Python", "a Python list"
        if bool(fa.label) != bool(fb.label) and _ROLES.get(label := fa.label or fb.label, label) == "in":
            # where a thing is, said on one side only ("paid in Rabat, home Tunis", "where: Rabat | home: Tunis"):
            # the unlabelled name takes it unless that side places another name there ("Rabat, home in Tunis")
            bare = b if fa.label else a
            return not any(f.kind in ("name", "id") and _ROLES.get(f.label, f.label) == "in" for f in bare.facts) and (
                not _elsewhere(label, bare))
        if fa.kind == "name" and self.lexicon is not None and any(
                _ROLES.get(x, x) == "in" and y not in ROLE_PREPOSITIONS and y not in FUNCTION_WORDS and (
                    self.lexicon.place(y) or not self.lexicon.lemmas(y) and self.lexicon.place(self._meant(y)))
                for x, y in ((fa.label, fb.label), (fb.label, fa.label))):
            return True  # a field that names a place says where: "city: Lagos", "location: Lagos" for "in Lagos"
        if fa.kind == "name" and (_setting_for_modifier(fa, fb, a, b) or _setting_for_modifier(fb, fa, b, a)):
            return True  # what a thing is in, said as its modifier: "a HashMap in Java", "a Java HashMap"
        if fa.label in PREPOSITIONS or fb.label in PREPOSITIONS:
            return False  # a name's preposition is its role: "at Lyon" is not "Lyon"
        if fa.label and fb.label:
            return False
        if not (fa.label or fb.label):
            return False
        # one of several names labelled on one side only: its label's meaning must be on the other side, and
        # free there (no other fact's label), or "did Spain beat Italy" would meet "did Italy beat Spain"
        label, other = (fa.label, b) if fa.label else (fb.label, a)
        bound = {f.label for f in other.facts}
        return any(self.same_word(label, word) for word in other.words if word not in bound)

    def _negated_as_opposite(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`a` negates ("without", "not", "isn't") a word whose opposite `b` says, or `b` says the word with "un" in
        front, and has one negation fewer ("without losing my changes", "keep my changes"; "without insurance",
        "uninsured"; "is it not dangerous", "is it safe"): the negation and the two words are taken out."""
        if not _one_negation_more(a, b):
            return a, b
        negation = next((k for k, w in enumerate(a.spelled) if w in ("without", "not") or w.endswith("nt") and w in
                         NEGATIONS), None)
        if negation is None:
            return a, b
        after = a.spelled[negation + 1:]
        # the word the first negation governs, past a verb of becoming ("without it getting bulky": "bulky")
        word = next((w for w in after if w in a.words and w not in _BECOMING), "")
        for other in b.words:
            if not word or other in a.words:
                continue
            if opposite(word, other) or self._relation(word, other) is Relation.OPPOSITE or (
                    other.startswith("un") and (lemma(other[2:]) == lemma(word) or self._relation(word, other[2:]).agrees)):
                return _negation_met(a, b, word, other)
        return a, b

    def _respelled(self, reading: Reading, other: Reading) -> Reading:
        """`reading` read again with each word that is a typing slip of a function word, a dwelling verb or a negation
        spelled right ("whhere: Abidjan", "lievs in Dakar", "how shouuld it be", "Whcih crop", "wtihout"): the reader
        takes such a word for a template word and misses what it says of the facts and the question. A word is
        respelled only where it is no common word and WordNet does not know it, the other side does not write it, and
        the likeliest slip (`_meant`) is one such word; and, unless that word is a negation, where the other side writes
        no word it is a slip of (the words' own rules meet those; a negation's fact needs it read: "wtihout damaging
        them", "without damaging them")."""
        if self.lexicon is None or not reading.text:
            return reading
        theirs = set(other.said) | set(other.words) | {f.value for f in other.facts}
        fixes = {}
        for word in reading.words:
            if (len(word) >= 4 and word.isalpha() and word not in theirs and not self._vectors.common(word)
                    and not self.lexicon.lemmas(word) and (meant := self._meant(word)) in _SPELLED_RIGHT
                    and (meant in NEGATIONS or not any(self._slip(word, o) for o in theirs))):
                fixes[word] = meant
        text = _WORD.sub(lambda m: fixes.get(m.group().lower(), m.group()), reading.text) if fixes else reading.text
        unclipped = _unclipped(text, other.text)
        if not fixes and unclipped == text:
            return reading
        return read(unclipped)

    def _meant(self, typed: str) -> str:
        """The one common word (or function word) `typed` is likeliest a slip of, "" where none or several: a letter
        doubled or two swapped first ("shouuld", "whcih"), then one added or dropped, then one changed."""
        def likeliest() -> str:
            for tier in _edits(typed):
                words = {w for w in tier if w in _SPELLED_RIGHT or self._vectors.common(w)}
                if words:
                    return next(iter(words)) if len(words) == 1 else ""
            return ""

        return _remembered(self._slips, typed, likeliest)

    def _unit_slips(self, typed: str) -> tuple[str, ...]:
        """The units' names `typed` is a slip of ("megaawatt": "megawatt"), memoised: a counted noun meets every name."""
        return _remembered(self._unit_names, typed, lambda: tuple(w for w in UNIT_WORDS if self._slip(typed, w)))

    def _slipped_facts(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`b`'s names that are a typing slip of `a`'s (`_slip`: "Califronia", "California"; "Mkenes", "Souuss" for
        "Meknes", "Souss"; two names WordNet knows stay two: "Lagos", "Laos"), its units that are a slip of `a`'s,
        which WordNet knows ("5 paymnets", "5 payments"), or of a unit's name ("46 megaawatts" for "46 MW", "250
        millietres" for "250 mm", "60 mintues" for "1 hour"), written as `a` writes them; a counted noun no fact of `a`'s
        meets, the one common word it is likeliest a slip of (`_counted_slip`). Not a code: one letter makes another
        ("BATNA", "WATNA"); nor a name either side quotes, written as meant ("spell my name 'Mika'", "... 'Mike'")."""
        mine = {(f.kind, f.value, f.unit) for f in a.facts}
        my_numbers = {(value, unit) for kind, value, unit in mine if kind == "num"}
        names = [f for f in a.facts if f.kind == "name"]  # a name meets any of `a`'s names; another fact, its value's
        by_value: dict[tuple[str, str], list[Fact]] = {}
        for other in a.facts:
            by_value.setdefault((other.kind, other.value), []).append(other)
        facts, changed = list(b.facts), False
        for k, fact in enumerate(facts):
            if fact.kind == "ask" or (fact.kind, fact.value, fact.unit) in mine:
                continue
            if fact.kind == "num" and not is_measure(fact.unit) and (measures := {
                    measured(fact.value, word) for word in self._unit_slips(fact.unit)}) & my_numbers:
                value, unit = next(iter(measures))  # one slip reads one way: no unit's name is a slip of another's
                facts[k], changed = replace(fact, value=value, unit=unit), True
                continue
            for other in names if fact.kind == "name" else by_value.get((fact.kind, fact.value), ()):
                if fact.kind == "name" and self._slip(fact.value, other.value) and not (
                        fact.value in b.literals or other.value in a.literals):  # quoted: written as meant
                    facts[k], changed = replace(fact, value=other.value), True
                elif fact.value == other.value and self._known_slip(fact.unit, other.unit):
                    facts[k], changed = replace(fact, unit=other.unit), True
                else:
                    continue
                break
            else:  # no counterpart of `a`'s it is a slip of: a counted noun is the word it likeliest slips from
                if fact.kind == "num" and (meant := self._counted_slip(fact.unit)):
                    facts[k], changed = replace(fact, unit=meant), True  # "4 pruchases": 4 purchases, met later
        return (a, replace(b, facts=sorted_facts(facts))) if changed else (a, b)

    def _counted_slip(self, unit: str) -> str:
        """The counted noun `unit` is a slip of, where WordNet does not know it and one common word is its likeliest
        meaning (`_meant`: "pruchase" for "purchase", "trasaction" for "transaction"), as the reader names counted
        nouns (singular); "" where none."""
        if (len(unit) < 5 or not unit.isalpha() or is_measure(unit) or self.lexicon is None
                or self.lexicon.lemmas(unit) or self._vectors.common(unit)):
            return ""  # (a word of the encoder's vocabulary is a word: "ebooks" is no slip of "books")
        meant = self._meant(unit)
        return lemma(meant) if meant and self.lexicon.lemmas(meant) and not is_measure(lemma(meant)) else ""

    def _maker_left_out(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`a` writes a name of several words whose first `b` leaves out while it writes the next ("a Samsung Galaxy
        S23", "my galaxy s23"; "a 2018 Honda Civic", "2018 Civic"), and `b` names nothing `a` does not: the
        maker's name says nothing more, and is taken out of `a`'s facts. Only a word WordNet does not know: an English
        word says which of several things ("the Youth Olympics", "the Olympics"; "PADI Advanced Open Water")."""
        names = {f.value for f in a.facts if f.kind == "name"}
        if len(names) < 2 or self.lexicon is None:
            return a, b
        said = set(b.said)
        spelled = a.spelled
        left_out = {word for k, word in enumerate(spelled[:-1])
                    if word in names and word not in said and (k == 0 or spelled[k - 1] not in names)
                    and spelled[k + 1] in names and spelled[k + 1] in said
                    and not self.lexicon.lemmas(word)}
        written = set(a.said) | {f.value for f in a.facts}
        if not left_out or any(f.kind in ("name", "id") and f.value not in written for f in b.facts):
            return a, b
        return replace(a, facts=tuple(f for f in a.facts if not (f.kind == "name" and f.value in left_out))), b

    def _slipped_lower_case_names(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`a`'s names that `b` writes in lower case with a slip or cut short ("home Nairobi", "home naiorbi"; "in
        Accra", "in acra"; "in Casablanca", "in casa"), in the same role (`_same_place`; after no preposition, any
        role but a home: "home naiorbi" is no "in Nairobi"), taken out of `a`'s facts and `b`'s words."""
        theirs = {f.value for f in b.facts}
        words, met = list(b.words), []
        for fact in a.facts:
            if fact.kind != "name" or fact.value in theirs or fact.value in words or not fact.value.isalpha():
                continue
            slip = next((w for w in words if w not in a.words and (
                self._slip(w, fact.value) or self._shortened(w, fact.value)) and any(
                _same_place(fact, role, False, False) for role in {p for x, p in b.placed if x == w} or {""})), None)
            if slip is not None:
                words.remove(slip)
                met.append(fact)
        if not met:
            return a, b
        return replace(a, facts=tuple(f for f in a.facts if f not in met)), replace(b, words=tuple(words))

    def _shortened(self, short: str, name: str) -> bool:
        """`short` is `name` cut short, as a city's name often is ("casa" for "casablanca"): four letters or more that
        begin it, three or more left out, and no word WordNet knows ("cali", "mass")."""
        return (len(short) >= 4 and len(name) >= len(short) + 3 and name.startswith(short) and short.isalpha()
                and self.lexicon is not None and not self.lexicon.lemmas(short))

    def _counted_alike(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`b`'s counts of `a`'s things, written as `a` writes them: the counted noun as the number's label ("2 word
        answers", "answers with 2 words"; "a five-developer team", "5 developers"), or another noun WordNet says means
        the same ("5 purchases", "5 buys"). Nouns that are only close are `_counted_close`'s. Units proper ("MW",
        "mm", currencies) are not counted nouns: `_slipped_facts` and the reader's own units say those. A noun WordNet
        files as a kind of the other, or the other as a kind of it (NARROWER, which says neither which), meets it as a
        template word does (`_score`: "5 transactions" for "5 payments"; not a physical thing unless near-identical,
        nor "5 refunds", which the vectors put apart)."""
        return self._counts_as(a, b, self._alike_nouns, labels=True)

    def _alike_nouns(self, unit: str, noun: str) -> bool:
        relation = self._relation(unit, noun)
        return unit == noun or bool(relation.agrees) or (
            relation is Relation.NARROWER and self._score(unit, noun) >= self.word_threshold)

    def _counted_close(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`b`'s counts written as `a`'s where the counted nouns are close but not alike (`_counted_alike`: "5
        transactions" for "5 payments"): one WordNet does not relate ("5 purchases"; "1 purchase", a count of one with
        its noun as the number's label, for "1 payments"), or a narrower physical thing the vectors do not put near
        enough; not "2 children" for "2 adults", which it calls siblings or opposites, nor two words the vectors put
        apart: "5 refunds". The verdict is then UNSURE at best: whether a payment counted is a purchase counted, or a
        sentence a paragraph, is the judge's to weigh, in the whole sentence."""
        return self._counts_as(a, b, self._close_nouns, labels=True)

    def _named_left_out(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`a` without the names and codes (two to five letters alone: "QB", "EV", "NHS") that `b` does not write,
        where every other fact of each side is the other's: the verdict is then UNSURE at best, for the judge to weigh
        whether `b` says what they name in other words or leaves it understood ("is a QB allowed to", "can a
        quarterback"; "an EV battery", "a battery for an electric car"; "the Inca Trail to Machu Picchu", "the inca
        trail") or asks of something else ("a hybrid battery"; "split screen on Xbox", "split screen"). Not a place,
        which says where the answer holds ("drive barefoot in Texas"), nor an English word beside a name both write,
        which says which of its kind ("the Youth Olympics", "the Olympics"; `_maker_left_out` takes a maker's name
        WordNet does not know), nor where `b` writes a name or code of its own ("BTC", "Bitcoin") or a place's code
        in lower case ("in the US", "price uk"); without WordNet, codes only."""
        mine, theirs = a.fact_key, b.fact_key
        left = {(kind, value) for kind, value, unit in mine if (kind, value, unit) not in theirs}
        values = {value for _, value in left}
        if not left or any(fact not in mine for fact in theirs) or any(
                w in _CODE_NAMES and w not in values for w in b.words):
            return a, b
        shared = {f.value for f in b.facts if f.kind == "name"}
        for kind, value in left:
            code = kind == "id" and value.isalpha() and 2 <= len(value) <= 5
            named = kind == "name" and self.lexicon is not None and not self.lexicon.place(value) and not (
                self.lexicon.lemmas(value) and _beside(a.spelled, value, shared))  # "Youth Olympics": which of them
            if not (code or named):
                return a, b
        return replace(a, facts=tuple(f for f in a.facts if (f.kind, f.value) not in left)), b

    def _counts_as(self, a: Reading, b: Reading, meets: Callable[[str, str], bool],
                   labels: bool) -> tuple[Reading, Reading]:
        """`b` with each count `a` lacks given the counted noun of `a`'s count of the same value whose noun `meets`
        `b`'s (its unit, or with `labels` the number's label where it has no unit; that label then leaves the words)."""
        counted = {(f.value, f.unit) for f in a.facts if f.kind == "num" and _counted_noun(f.unit)}
        if not counted or self.lexicon is None:
            return a, b
        mine = {(f.value, f.unit) for f in a.facts if f.kind == "num"}
        units: dict[str, list[str]] = {}  # the counted nouns of each value, in `counted`'s order
        for value, unit in counted:
            units.setdefault(value, []).append(unit)
        facts, words, changed = list(b.facts), list(b.words), False
        for k, fact in enumerate(facts):
            if fact.kind != "num" or (fact.value, fact.unit) in mine:
                continue
            noun = (fact.unit if _counted_noun(fact.unit) else lemma(fact.label)
                    if labels and not fact.unit and not self._age_of(fact.label, b) else "")
            unit = next((unit for unit in units.get(fact.value, ()) if noun and meets(unit, noun)), None)
            if unit is None:
                continue
            facts[k], changed = replace(fact, unit=unit), True
            if not fact.unit and fact.label in words:
                words.remove(fact.label)  # the noun written as the number's label: "a 2 word answer", "2 words"
        return (a, replace(b, facts=sorted_facts(facts), words=tuple(words))) if changed else (a, b)

    def _age_of(self, label: str, reading: Reading) -> bool:
        """`reading` says a person, `label`, is its number: "my child is 2", "my kid's 2" give an age, not "2 children"
        (a count labelled by a person stays one: "a five-developer team", "5 developers")."""
        return self.lexicon is not None and self.lexicon.person(label) and re.search(
            rf"\b{re.escape(label)}(?:['\u2019]s|\s+(?:is|was))\s", reading.text, re.IGNORECASE) is not None

    def _bare_counts(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`b`'s bare number counting a noun `b` says elsewhere, read as `a`'s count of that noun: "only 5 left in the
        bag" where `b` swaps tiles, for "5 tiles"; "she has 1 and I have 3" where `b` names an alpaca, for "3 alpacas".
        Not where the number stands for a person ("my kid is 2": an age, not "2 kids"), or either side has that
        value otherwise."""
        counted = [(f.value, f.unit) for f in a.facts if f.kind == "num" and _counted_noun(f.unit)]
        if not counted or self.lexicon is None:
            return a, b
        said = {lemma(w): w for w in b.words}
        values = [f.value for f in a.facts if f.kind == "num"] + [f.value for f in b.facts if f.kind == "num"]
        facts, words, changed = list(b.facts), list(b.words), False
        for k, fact in enumerate(facts):
            if fact.kind != "num" or fact.unit or values.count(fact.value) != 2 or self.lexicon.person(fact.label):
                continue
            nouns = [unit for value, unit in counted if value == fact.value and unit in said]
            if len(nouns) == 1 and said[nouns[0]] in words and _next_noun(b, fact.label, said[nouns[0]]):
                facts[k], changed = replace(fact, unit=nouns[0]), True  # (one noun, one count: "a 4-4 fit")
                words.remove(said[nouns[0]])
        return (a, replace(b, facts=sorted_facts(facts), words=tuple(words))) if changed else (a, b)

    def _close_nouns(self, a: str, b: str) -> bool:
        relation = self._relation(a, b)
        return (relation in (Relation.NARROWER, Relation.UNRELATED) and not opposite(a, b)
                and self._similarity(a, b) >= self.word_threshold)

    def _slipped_dates(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`b`'s word that is a typing slip of the month, day or season `a` names, which WordNet knows ("summmer",
        "wnter"), read as that date: the reader knows only dates written right. A slip that reads as an inflection of
        a common word is one too where the encoder does not know it whole ("winer", "sumer"; not "winner", "simmer")."""
        have = {f.value for f in b.facts if f.kind == "date"}
        missing = [f for f in a.facts if f.kind == "date" and f.value not in have and " " not in f.value]
        if not missing:
            return a, b
        facts, words, changed = list(b.facts), list(b.words), False
        for fact in missing:
            named = next((w for w in a.said if len(w) >= 4 and w[:3] == fact.value and w not in b.said), None)
            typed = next((w for w in words if named and (self._known_slip(w, named) or (
                OSA.distance(w, named, score_cutoff=1) <= 1 and w.isalpha() and not self._vectors.common(w)))), None)
            if typed is not None:
                facts.append(fact)
                words.remove(typed)
                changed = True
        return (a, replace(b, facts=sorted_facts(facts), words=tuple(words))) if changed else (a, b)

    def _named_by_derived_word(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`a`'s only name that `b` writes as the word WordNet derives from it ("in Germany", "German"; "in Africa",
        "African"; "on Mars", "Martian"), read as `a`'s name. Not one of several places: which one the word names
        is a role ("US citizens visiting Japan", "Japanese citizens visiting the US"); a code that names no place is not
        one ("the VAT rate in Germany", "German VAT rate")."""
        if self.lexicon is None:
            return a, b
        named = sum(f.kind == "name" or f.kind == "id" and f.value in _CODE_NAMES for f in a.facts)
        if named != 1:
            return self._all_placed_by_derived_words(a, b) if named > 1 else (a, b)
        theirs = {f.value for f in b.facts if f.kind == "name"}
        names = {f.value for f in a.facts if f.kind == "name"}
        facts, words, changed = list(b.facts), list(b.words), False
        for fact in (f for f in a.facts if f.kind == "name" and f.value not in theirs):
            kin = [g for g in facts if g.kind == "name" and g.value not in names and g.value != fact.value
                   and self._relation(fact.value, g.value).agrees]
            if kin:
                facts[facts.index(kin[0])], changed = fact, True
                continue
            word = next((w for w in words if w not in a.words and w != fact.value
                         and self._relation(fact.value, w).agrees), None)
            if word is not None:
                facts.append(fact)
                words.remove(word)
                changed = True
        return (a, replace(b, facts=sorted_facts(facts), words=tuple(words))) if changed else (a, b)

    def _all_placed_by_derived_words(self, a: Reading, b: Reading) -> tuple[Reading, Reading]:
        """`a`'s several names are each the word WordNet derives from one of `b`'s names, and `b`'s are those alone,
        each placed ("Spanish or Italian olive oil", "olive oil from Spain or from Italy"): both leave the facts (and
        `b`'s names its words). Where anything else is named, which one a word names is a role ("US citizens visiting
        Japan", "Japanese citizens visiting the US"); a name not placed may be a dish's ("French toast")."""
        placed = {f.value: f.label for f in b.facts if f.kind in ("name", "id")}
        mine = {f.value for f in a.facts if f.kind in ("name", "id")}
        if not placed or not set(placed.values()) <= _PLACING or not mine.isdisjoint(placed):
            return a, b
        meets = [[name for name in placed if self._relation(word, name).agrees] for word in mine]
        if any(len(met) != 1 for met in meets) or {met[0] for met in meets} != set(placed):
            return a, b
        return (replace(a, facts=tuple(f for f in a.facts if f.kind not in ("name", "id"))),
                replace(b, facts=tuple(f for f in b.facts if f.kind not in ("name", "id")),
                        words=tuple(w for w in b.words if w not in placed)))

    def _doers_traded(self, a: Reading, b: Reading) -> bool:
        """The asker and someone else (a person to WordNet) trade places before one deed or thing, each named on both
        sides: "my neighbour slipped on my path" is not "I slipped on my neighbour's path", "a photo I took of my friend"
        not "a photo my friend took of me" ("she has arthritis", "my grandmother has arthritis": a pronoun of someone
        else may stand for them)."""
        if self.lexicon is None:
            return False
        named_a = {_PERSONS.get(w) or _stem(w) for w in a.spelled if w}
        named_b = {_PERSONS.get(w) or _stem(w) for w in b.spelled if w}
        doers_b = _doers(b)
        for deed, by_a in _doers(a).items():
            by_b = doers_b.get(deed, set())
            if by_b and {_stem(x) for x in by_a}.isdisjoint(map(_stem, by_b)) and any(
                    _stem(x) in named_b and _stem(y) in named_a and (x in _ASKERS) != (y in _ASKERS)
                    and self.lexicon.person(y if x in _ASKERS else x) for x in by_a for y in by_b):
                return True
        return False

    def same(self, a: Reading, b: Reading) -> bool:
        """Whether `b` (asked) asks what `a` (stored) asks; UNSURE words go to the paraphrase judge, if any."""
        return self.decide(a, b, self.verdict(a, b))

    def decide(self, a: Reading, b: Reading, verdict: Verdict) -> bool:
        """`same` from the rules' verdict: AGREE serves, DIFFER refuses, UNSURE is the judge's (refused without)."""
        if verdict is Verdict.UNSURE and self.paraphrase is not None and a.text and b.text:
            return self.paraphrase(a.text, b.text)
        return verdict is Verdict.AGREE

    def unjudged(self, a: Reading, b: Reading, verdict: Verdict) -> list[str]:
        """The prompts the judge would have to encode before `decide` can answer (none when the rules decide)."""
        if verdict is not Verdict.UNSURE or self.paraphrase is None or not (a.text and b.text):
            return []
        return self.paraphrase.unencoded((a.text, b.text))

    def verdict(self, a: Reading, b: Reading) -> Verdict:
        """The rules alone: facts, what is asked, roles, negations, the small words (`_SMALL_WORDS`), tense, modality,
        then the template words."""
        a, b = self._respelled(a, b), self._respelled(b, a)
        code_a, code_b = a.code, b.code
        if code_a and code_b and code_a != code_b:
            return Verdict.DIFFER  # code is read verbatim: "^[0-9]{3}$" is not "[0-9]{3}", "sin(2x)" not "sin(x)"
        quoted_a, quoted_b = a.quoted_code, b.quoted_code
        if quoted_a and quoted_b and quoted_a != quoted_b:
            return Verdict.DIFFER  # and so is code quoted in backticks: "`const char *p`" is not "`const char *const p`"
        close_counts = False
        if a.fact_key != b.fact_key:
            # the same fact written otherwise: each rewrite takes (a, b) to (a, b), tried from both sides
            for rewrite in (_code_aliases, self._maker_left_out, _lower_case_names, _bare_operators, _season_by_word,
                            _bare_amounts, _loose_units, _months_for_years, _numbered_for_id, _glued_for_spaced, _written_alike, _spelled_out,
                            self._negated_as_opposite, _non_for_not, _framing, _one_period_for_window, _one_for_a,
                            _first_for_early, _unit_by_symbol, _plural_names, _times_by_word, self._slipped_lower_case_names,
                            self._slipped_facts,
                            _choice_for_than, _instead_for_than, _not_for_instead, _than_by_other_words,
                            _none_for_zero, _negated_by_a_word,
                            _rate_for_period, self._counted_alike, self._bare_counts, _shortened_counts,
                            self._slipped_dates, self._named_by_derived_word):
                a, b = rewrite(a, b)
                b, a = rewrite(b, a)
            if a.fact_key != b.fact_key:
                a, b = _count_unsaid(*self._counted_close(a, b))
                a, b = self._named_left_out(a, b)
                b, a = self._named_left_out(b, a)
                a, b = _negation_left_out(a, b)  # "without chemicals", "naturally"
                b, a = _negation_left_out(b, a)
                if a.fact_key != b.fact_key:
                    return Verdict.DIFFER
                close_counts = True  # at best UNSURE: the judge weighs "5 payments" against "5 purchases", and
                # "QB" against "quarterback", "split screen on Xbox" against "split screen"
        if a.asks and b.asks and a.asks != b.asks and not _age_for_when(a, b) and not _soon_for_when(a, b):
            return Verdict.DIFFER  # "when" and "where" want different answers; a question that names no interrogative
            # ("roasting time for a goose?", "2015 Super Bowl winner?") asks by its words, compared below
        if (_amount_for_time(a, b) or _amount_for_time(b, a) or _amount_for_yes_no(a, b) or _amount_for_yes_no(b, a)
                or _count_for_how_long(a, b) or _count_for_how_long(b, a)
                or _what_for_asked(a, b) or _what_for_asked(b, a)
                or _asked_of_yes_no(a, b) or _asked_of_yes_no(b, a) or _selection_asked(a, b) or _selection_asked(b, a)
                or _kind_for_asked(a, b) or _kind_for_asked(b, a)
                or _difference_for_yes_no(a, b) or _difference_for_yes_no(b, a)):
            return Verdict.DIFFER
        # labels by meaning: a one-to-one pairing of facts with the same value whose labels agree
        # (a value without a label meets any label when no other fact of its kind and unit could take it)
        free = [f for f in b.facts if f.kind != "ask"]
        for fact in (f for f in a.facts if f.kind != "ask"):
            match = next((k for k, other in enumerate(free) if other.kind == fact.kind and other.value == fact.value
                          and other.unit == fact.unit and self._same_label(fact, other, a, b)), None)
            if match is None:
                return Verdict.DIFFER
            free.pop(match)
        if _roles_swapped(a, b) or _wh_roles_swapped(a, b) or _negation_swapped(a, b) or _order_swapped(a, b) or (
                self._doers_traded(a, b)) or any(
                rule(a, b) or rule(b, a) for rule in _SMALL_WORDS):
            return Verdict.DIFFER
        if (self._compared_for_plain(a, b) or self._compared_for_plain(b, a) or self._superlative_for_comparative(a, b)
                or self._superlative_for_comparative(b, a)):
            return Verdict.DIFFER
        if "" != _tense(a) != _tense(b) != "":
            return Verdict.DIFFER  # "when did it fall" is not "when will it fall"
        if "" != _modality(a) != _modality(b) != "":
            return Verdict.DIFFER  # "how early should I arrive" is not "how early can I arrive"
        if "" != _obligation(a) != _obligation(b) != "":
            return Verdict.DIFFER  # "how long before it expires should I book" is not "must I book"
        a, b = _home_by_dwelling(a, b)
        b, a = _home_by_dwelling(b, a)
        a, b = _replacement_met(a, b)
        words = self._words(a, b)
        return Verdict.UNSURE if close_counts and words is Verdict.AGREE else words

    def same_text(self, a: str, b: str) -> bool:
        return self.same(read(a), read(b))


# nouns that name what an interrogative asks for ("egg boiling time" asks how long; "number of keys", how many), and
# the words that say no more than it does ("how far away")
_ANSWERS = {ask: frozenset(nouns.split()) for ask, nouns in {
    "how long": "time duration length lifespan period timeframe",
    "how often": "frequency schedule interval",
    "how many": "number amount count quantity", "how much": "number amount count quantity price cost content",
    "how": "step way method tip procedure process instruction",
    "what is": "mean meaning definition explain explanation",
    "when": "time date day deadline season moment",
    "where": "place location",
    "why": "reason cause",
    "how old": "age", "how far": "distance away", "how tall": "height altitude elevation", "how big": "size",
    "how fast": "speed", "how heavy": "weight", "how deep": "depth", "how wide": "width",
    "how hot": "temperature temp heat", "how cold": "temperature temp", "how early": "time", "how late": "time",
}.items()}


# nouns that name a kind of fact, as a field's name does ("time: 16:00", "amt: 900 MAD", "location: Rabat"); for an
# amount, the verbs of paying it too, which say no more of it than "amount" does ("paid 900 MAD", "amount: 900 MAD")
_FIELDS = {kind: frozenset(nouns.split()) for kind, nouns in {
    "time": "time hour clock", "money": "amount amt sum total value paid spent charged",
    "name": "location place city where region area country town province district", "date": "date day month season",
}.items()}
_COMPARING, _MOST = frozenset(("more", "less", "fewer")), frozenset(("most", "least", "fewest"))
_HOW_OFTEN = frozenset("always never sometimes often rarely seldom ever".split())  # narrows a claim: "always harder"
# modifiers that name the case a question means when it names none: "a standard wingback chair", "a wingback chair"
_DEFAULTS = frozenset("regular standard normal typical usual ordinary average basic plain usually normally typically "
                      "generally roughly approximately approx commonly".split())  # and the hedges that ask for it
_KIND_NOUNS = frozenset(("type", "types", "kind", "kinds", "sort", "sorts"))
_LASTING = frozenset(("last", "keep", "stay", "remain"))  # what a thing does for as long as "how long" asks


_JOINING = _VERSUS | {"and", "or", "nor"}  # what joins two conjuncts: the reader's coordinators and "vs"


def _head_left_off(word: str, own: Reading, other: Reading) -> bool:
    """`word` stands right before "and", "or" or "vs" after a word that `other` writes right before one: the head of
    a conjunct that `other` leaves off ("the copper foil method and lead came", "copper foil vs lead came"; "Yang style
    and Chen style", "yang vs chen"), not one more of a list ("bleach and vinegar", "vinegar")."""
    before = {w for w, n in zip(other.spelled, other.spelled[1:], strict=False) if n in _JOINING}
    return any(w == word and k > 0 and n in _JOINING and own.spelled[k - 1] in before
               for k, (w, n) in enumerate(zip(own.spelled, own.spelled[1:], strict=False)))


def _lasting(mine: list[str], theirs: list[str]) -> tuple[list[str], list[str]]:
    """Two "how long" questions' words without the verbs that only say a thing lasts ("how long does syrup last", "how
    long will syrup keep"), where both say one or one says nothing else ("how long is someone with the flu contagious"
    is not "how long does the flu last")."""
    kept = [w for w in mine if lemma(w) not in _LASTING], [w for w in theirs if lemma(w) not in _LASTING]
    said = len(kept[0]) < len(mine), len(kept[1]) < len(theirs)
    if (said[0] and said[1]) or (said[0] and not kept[1]) or (said[1] and not kept[0]):
        return kept
    return mine, theirs


_LAWFUL = frozenset(("legal", "legally", "lawful", "lawfully", "permissible"))  # what "can" or "allowed" asks
# words only one side has that pick one of several: "first", "last", "only", "another"
_SELECTORS = frozenset("first last next previous only latest earliest final another".split())
# asks a frequency, a time, a way, a reason, a place or a person, which no amount answers
_NO_AMOUNT = frozenset(("how often", "when", "how", "why", "where", "who"))
# a way asked that finds an amount: "how do I count the lines in a file" is "how many lines does a file have" (so do
# "work out" and "figure out")
_COUNTING = frozenset("count convert calculate compute measure estimate determine".split())


def _amount_for_time(a: Reading, b: Reading) -> bool:
    """`a` asks how often, when, how (a way), why, where or who, `b` how much or how many ("how often should I feed a
    kitten", "how much should I feed a kitten"; "how many push-ups should I do", "how often should I do push-ups"; "how
    do I tell a client I am raising my rates", "how much should I raise my rates"; "why does a thruster have that many
    fins", "how many fins does a thruster have"); "how many times", "how many minutes" and "at what time" are read as
    the asks they are."""
    counts = not _COUNTING.isdisjoint(a.said) or any(
        w in ("work", "figure") and n == "out" for w, n in zip(a.spelled, a.spelled[1:], strict=False))
    return (not _NO_AMOUNT.isdisjoint(a.asks) and not b.asks and "how" in b.said
            and not {"much", "many"}.isdisjoint(b.said) and not counts)


_WAITS = frozenset(("before", "after", "until", "till", "since"))  # "how long" then one asks a wait, not a span


def _count_for_how_long(a: Reading, b: Reading) -> bool:
    """`a` asks how long, `b` asks no interrogative but how many of a thing that is no measure: "how many eggs do I
    need for a cake" is not "how many minutes do I need" (read as how long); "how many miles is a marathon" asks how
    long one is, "how many extra minutes" how long too ("how much", of a thing that lasts, may: "how much rest")."""
    if "how long" not in a.asks or b.asks:
        return False
    spelled = b.spelled
    # a wait asked ("how long before a meal should I inject it", "how long after") lasts nothing that "how much" of a
    # thing answers ("how much should I inject before a meal"), as "how much rest" may
    lead = any(w == "how" and n == "long" and after in _WAITS for w, n, after in zip(
        a.spelled, a.spelled[1:], a.spelled[2:], strict=False))
    return any(w == "how" and (spelled[i + 1] == "many" or lead and spelled[i + 1] == "much") and not any(
        is_measure(lemma(x)) or is_measure(x) for x in spelled[i + 2:i + 4]) for i, w in enumerate(spelled[:-2]))


# the verbs' helpers and modals that open a yes-or-no question (not "be": "; be careful" bids)
_YES_NO = CLAUSE_VERBS - {"be"}


# a clause opened by a verb's helper or a modal, not a request ("does a ramp need handrails", "in the NYT crossword, is
# Monday the easiest", "my son is 12; can he ride in front", "'does it rain'"; not "do you know", "can you tell me")
_YES_NO_CLAUSE = re.compile(r"(?:^\W*|[,.;:?!]\s*)(?:" + "|".join(sorted(_YES_NO)) + r")\b(?!\s+you\b)", re.IGNORECASE)
_REASONS = frozenset(("why", "reason", "reasons", "cause", "causes", "because"))


# the interrogatives "what" does not ask without a noun that says so, and the words that make it ask them besides
# `_ANSWERS`' nouns ("what makes my basil turn yellow" asks why; "how much is 5% of 1,820", "what is 5% of 1,820")
_WHAT_ALSO = {"why": frozenset("make makes making mean means".split()), "where": frozenset(("country", "city", "area")),
              "when": frozenset("month months year years week weeks age".split()),
              "how long": frozenset(("life", "expectancy", "limitation", "limitations", "amount")), "who": frozenset()} | {
    # a measure, which "what" asks only with its noun: "what is a sliotar" is not "how heavy is a sliotar" ("what
    # weight is a sliotar" is); not "how much" nor "how many", which "what is 5% of 1,820" asks as "how much" does, nor
    # "how big", which may ask an amount ("how big is the standard deduction")
    f"how {w}": frozenset() for w in "old far tall fast heavy deep wide hot cold early late often".split()}


def _what_for_asked(a: Reading, b: Reading) -> bool:
    """`a` opens with "what" and asks no interrogative, `b` asks why, where, who, how long or a measure ("how heavy"),
    and `a` names no noun of what `b` asks for: "what expansion gap do I need" is not "why do I need an expansion gap",
    "what should I practise" not "how long should I practise" ("what time does it open", "when does it open")."""
    if a.asks or not b.asks or a.spelled[:1] != ("what",) or not b.asks <= _WHAT_ALSO.keys():
        return False
    named = {lemma(w) for w in a.said} | set(a.said)
    return all(named.isdisjoint(_ANSWERS.get(ask, frozenset()) | _WHAT_ALSO.get(ask, frozenset())) for ask in b.asks)


def _asked_of_yes_no(a: Reading, b: Reading) -> bool:
    """`a` is a yes-or-no question that asks nothing more, `b` asks why, when, where, who or how of it: "does a ramp
    need handrails" is not "why does a ramp need handrails", "does the bar accept a UBE score" not "how long does it";
    and a reason is asked only where both ask one ("what is the maximum number of overs", "why is there a maximum")."""
    yes_no = _YES_NO_CLAUSE.search(a.text) is not None
    if "why" in b.asks and _REASONS.isdisjoint(a.said) and (a.asks or yes_no or a.spelled[:2] in _WHAT_IS):
        return True  # of a question asked otherwise: a query of keywords may ask why ("tortoise wont eat")
    return not a.asks and bool(b.asks - _MODAL_ASKS) and yes_no and _YES_NO_CLAUSE.match(b.text) is None


_MODAL_ASKS = frozenset(("can", "must", "should"))


def _selection_asked(a: Reading, b: Reading) -> bool:
    """`a` asks which one ("which bread flour do I have to use", "which leathers can't be tooled"), `b` only whether
    ("do I have to use bread flour"), why ("why can't some leathers be tooled") or how many."""
    if a.spelled[:1] != ("which",) or a.asks or a.spelled[:2] in _WHAT_IS:
        return False
    whether = (not b.asks and _YES_NO_CLAUSE.match(b.text) is not None) or (
        b.asks <= _MODAL_ASKS and next(iter(b.spelled), "") in MODAL_WORDS  # "should I not use any inks"
        and b.spelled[1:2] != ("you",))  # (not a request: "could you tell me which way")
    return whether or ("why" in b.asks and _REASONS.isdisjoint(a.said)) or _asks_amount(b.spelled[:2])


_KINDS = frozenset("type kind sort brand make model style".split())


def _kind_for_asked(a: Reading, b: Reading) -> bool:
    """`a` asks for an age, a time, a place, a person, a reason or an amount ("at what age should I install baby
    gates"), `b` which kind of thing ("which type of baby gate should I install"): a kind answers none of those."""
    asked = a.asks - _MODAL_ASKS - {"how", "what", "which"}
    return bool(asked) and not b.asks and len(b.spelled) >= 3 and b.spelled[0] in ("which", "what") and (
        b.spelled[1] in _KINDS and b.spelled[2] == "of")


_WHAT_IS = frozenset((("what", "is"), ("what", "are"), ("what", "the"), ("which", "is"), ("which", "are")))


_AMOUNT_CLAUSE = re.compile(r"(?:^|[,.;:?!]\s*)how (?:much|many)\b", re.IGNORECASE)


def _amount_for_yes_no(a: Reading, b: Reading) -> bool:
    """`a` opens with a yes-or-no question's verb and asks no amount, `b` opens with "how much" or "how many": "is
    chocolate toxic to cats" and "how much chocolate is toxic to cats", "do I need a seat reservation" and "how much is
    a seat reservation", "in KaraFun, does a key of -2 make the song lower" and "how much lower" (a yes or a no answers
    no amount). "Could you tell me" opens a request, not such a question."""
    if _asks_amount(a.spelled) or not _YES_NO_CLAUSE.search(a.text):
        return False
    return _asks_amount(b.spelled[:2]) or _AMOUNT_CLAUSE.search(b.text) is not None


def _asks_amount(spelled: tuple[str, ...]) -> bool:
    return any(w == "how" and n in ("much", "many") for w, n in zip(spelled, spelled[1:], strict=False))


def _asked_for(reading: Reading, word: str) -> bool:
    """`word` is the thing "what is the" or "what are the" asks for ("what are the signs my baby has a fever")."""
    spelled, words = reading.spelled, set(reading.words)
    return any(spelled[k:k + 4] in (("what", "is", "the", word), ("what", "are", "the", word))
               and not (k + 4 < len(spelled) and spelled[k + 4] in words)  # "the minimum age": "minimum" narrows
               for k in range(len(spelled) - 3))


def _answered(reading: Reading) -> frozenset[str]:
    """The nouns that name what `reading` asks for: "time" and "duration" where it asks how long."""
    asks = set(reading.asks)
    if "how" in reading.said:
        asks |= {f"how {w}" for w in ("many", "much") if w in reading.said}
    spelled = reading.spelled
    last = next((w for w in reversed(spelled) if w), "")
    if any(w == "what" and n in ("is", "are") for w, n in zip(spelled, spelled[1:], strict=False)) or (
            "what" in spelled and last in ("is", "are")):
        # "what is wind chill", "explain what the Rosetta Stone is" ask what a thing means (not "what thread count is
        # best")
        asks.add("what is")
    return frozenset().union(*(_ANSWERS.get(ask, ()) for ask in asks))


def _labels_other(fact: Fact, reading: Reading) -> set[str]:
    """The labels of `reading`'s facts of `fact`'s kind and unit whose value is another."""
    return {f.label for f in reading.facts if f.kind == fact.kind and f.unit == fact.unit and f.value != fact.value}


def _label_words(label: str, reading: Reading) -> set[str]:
    """A fact's label and the word written right before it ("peak load": "load" and "peak"), where each is written
    once: "36 MW load, peak load 24 MW" does not say which load is the peak."""
    if reading.spelled.count(label) != 1:
        return {label}
    return {label} | {m for m, word in reading.modifiers if word == label and reading.spelled.count(m) == 1}


def _id_labels(reading: Reading) -> frozenset[str]:
    """The words that label an identifier of letters and digits whose letters begin with the word's initial, as a
    kind's abbreviation does ("feeder F30", "gate G12", "platform P3"): the name of its kind, which the identifier
    says (not "upgrade my EE plan", "outside the US")."""
    return frozenset(f.label for f in reading.facts if f.kind == "id" and f.label and f.label.isalpha()
                     and f.value[:1] == f.label[:1] and any(c.isdigit() for c in f.value))


def _labels_left_bare(reading: Reading, other: Reading) -> frozenset[str]:
    """The labels of `reading`'s facts that name the fact's kind (`_FIELDS`) where `other` gives the same fact with no
    label or a preposition only ("paid 1500 MAD", "1500 MAD"; "season summer", "in summer"), with a label that names
    its kind too ("paid 1500 MAD", "amount: 1500 MAD"), with a name for a label (a field's value before it: "home
    Dakar: 900 dh"), or with a label `reading` says too ("home city: Dakar", "home Dakar"): the facts met, and the
    label says nothing the fact does not. Another label ("refunded", "reduced", "outside") stays a word to meet."""
    names = {f.value for f in other.facts if f.kind == "name"}
    bare = {(f.kind, f.value, f.unit) for f in other.facts if not f.label or f.label in PREPOSITIONS
            or f.label in names or f.label in _FIELDS.get(_field_kind(f), ()) or f.label in reading.words}
    return frozenset(f.label for f in reading.facts if (f.kind, f.value, f.unit) in bare
                     and f.label in _FIELDS.get(_field_kind(f), ()))


def _place_kind_beside(reading: Reading, other: Reading) -> frozenset[str]:
    """The nouns of a kind of place (`_FIELDS`' "name") that `reading` writes right beside a name `other` labels with
    such a noun ("Meknes area", "region Meknes"; "the Souss region", "region Souss"): both say only that the name is
    a place."""
    kinds = _FIELDS["name"]
    labelled = {f.value for f in other.facts if f.kind == "name" and f.label in kinds}
    spelled = ("", *reading.spelled, "")
    return frozenset(w for i, w in enumerate(spelled) if w in kinds and w in reading.words
                     and (spelled[i - 1] in labelled or spelled[i + 1] in labelled))


# nouns that say only that a number measures what the word before them names ("solar output 23 MW", "wind generation
# 5 MW", "milk production 20 l")
_MEASURE_NOUNS = frozenset("output outputs generation gen production reading readings level value figure".split())


def _measure_labels(reading: Reading, other: Reading) -> frozenset[str]:
    """The labels of `reading`'s measured facts that only say the number measures the word before them, where `other`
    labels the same fact with that word ("solar output 23 MW", "solar 23 MW"): the label says nothing more."""
    labelled = {(f.kind, f.value, f.unit, f.label) for f in other.facts if f.unit}
    return frozenset(f.label for f in reading.facts if f.unit and f.label in _MEASURE_NOUNS and any(
        word == f.label and (f.kind, f.value, f.unit, m) in labelled for m, word in reading.modifiers))


def _field_kind(fact: Fact) -> str:
    """The kind `_FIELDS` files a fact under: "money" for an amount of a currency, else its own."""
    return "money" if fact.kind == "num" and is_currency(fact.unit) else fact.kind


_SEASONS = frozenset(date_value(w) for w in ("spring", "summer", "autumn", "winter"))


def _field_names(reading: Reading) -> frozenset[str]:
    """The nouns `reading` writes as a field's name, alone between two clause marks, that name a kind of fact it gives
    ("time: 16:00 | amt: 900 MAD | location: Rabat"): they say nothing the fact does not."""
    given = {_field_kind(f) for f in reading.facts}
    nouns = frozenset().union(*(_FIELDS.get(kind, ()) for kind in given))
    spelled = ("", *reading.spelled, "")
    return frozenset(w for i, w in enumerate(spelled) if w in nouns and not spelled[i - 1] and not spelled[i + 1])


def _surplus(reading: Reading, other: Reading) -> list[str]:
    """The template words `reading` writes more often than `other` does, where `other` writes them too: "wood" in
    "bonding wood to wood" against "bonding metal to wood" ("I" and "me" count as one word)."""
    mine, theirs = Counter(lemma(w) for w in reading.order if w), Counter(lemma(w) for w in other.order if w)
    return [w for w in reading.words if mine[lemma(w)] > theirs[lemma(w)] > 0]


def _joined(mine: list[str], theirs: list[str], said: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """`mine` and `theirs` without the words of `mine` that the other side (which said `said`) writes as two
    ("timezones", "time zones"; "pushups", "push-ups"; "backup", "back up"; "homemade", "made at home"), nor those two
    words. Not after "in", which negates ("informal", "in a formal letter")."""
    if not mine:
        return mine, theirs
    parts = {p + q: (p, q) for p in said for q in said if p != q and p != "in"}
    joined = [w for w in mine if w in parts]
    split = {part for w in joined for part in parts[w]}
    return [w for w in mine if w not in parts], [w for w in theirs if w not in split]


def _compares(reading: Reading) -> bool:
    """The prompt asks how things differ, which has no order ("the difference between", "how does B differ from A",
    "compare A with B", "A vs B")."""
    return any(w.startswith(("differ", "compar")) for w in reading.words) or not _VERSUS.isdisjoint(reading.said)


_ALIKE = frozenset("same different differently alike similar similarly identical equivalent interchangeable better "
                   "worse".split())  # words a yes-or-no question of a comparison asks with
_DIFFERING = frozenset(("difference", "differences", "differ", "differs"))  # not "a different joke"
_CHOICE = frozenset(("or", "than", "instead", "rather"))  # a choice between two, asked as yes or no: "is A or B"


def _difference_for_yes_no(a: Reading, b: Reading) -> bool:
    """`a` asks how things differ ("what's the difference between a CNAME and an A record"), `b` is a yes-or-no
    question that asks no comparison and no choice ("can I put a CNAME record on the apex domain"): a difference
    answers no "can I"; "are they the same", "is there a difference", "is A better than B" and "A or B?" compare."""
    differs = not _DIFFERING.isdisjoint(a.words) or any(
        w == "different" and nxt in ("from", "than") for w, nxt in zip(a.spelled, a.spelled[1:], strict=False))
    return (differs and not _compares(b) and not b.asks - _MODAL_ASKS
            and _YES_NO_CLAUSE.match(b.text) is not None and _ALIKE.isdisjoint(b.said) and _CHOICE.isdisjoint(b.said))


def _negation_swapped(a: Reading, b: Reading) -> bool:
    """Each side negates a word the other says without negation: "use the euro but are not in the EU" and "are in
    the EU but do not use the euro"."""
    outside_a, outside_b = a.mentioned - set(a.negated), b.mentioned - set(b.negated)
    return bool(set(a.negated) & outside_b) and bool(set(b.negated) & outside_a)


def _negation_split(a: Reading, b: Reading) -> bool:
    """`b` negates two things it joins with "or" ("without a laminator or an iron"), `a` only one of them and says the
    other outside its negation ("without a laminator using an iron")."""
    kept = a.mentioned - set(a.negated)
    return any(x in b.negated and y in b.negated and (x in a.negated and y in kept or y in a.negated and x in kept)
               for x, y in b.coordinated)


def _ends_question(reading: Reading, said: str, other: str) -> bool:
    """`reading` ends a question with "`said` or `other`?" ("... fraud or legit?")."""
    return re.search(rf"\b{re.escape(said)} or {re.escape(other)}\s*\?", reading.text, re.IGNORECASE) is not None


def _one_name(reading: Reading) -> bool:
    """`reading`'s names are the words of one name, written one after another ("open my Instant Pot", "a Mod Podge
    finish"): one of them takes the name's label, the others none."""
    names = [f for f in reading.facts if f.kind == "name"]
    if len(names) < 2 or sum(bool(f.label) for f in names) > 1:
        return len(names) == 1
    words = _WORD.findall(reading.text.lower())
    places = sorted(words.index(f.value) for f in names if f.value in words)
    return len(places) == len(names) and places == list(range(places[0], places[0] + len(places)))


def _setting_for_modifier(fa: Fact, fb: Fact, a: Reading, b: Reading) -> bool:
    """`a` says what its thing is in ("sort a HashMap in Java", "WAL mode in SQLite"), `b` writes the name as the
    modifier of a noun ("a Java HashMap", "a SQLite database") or as the topic its question opens with ("Java: ..."),
    with no preposition of its own ("outside Los Angeles" is a role), and places no other name in anything: the name
    is the same setting."""
    if _ROLES.get(fa.label, fa.label) != "in" or fb.label in PREPOSITIONS | ROLE_PREPOSITIONS or any(
            f.kind in ("name", "id") and _ROLES.get(f.label, f.label) == "in" for f in b.facts) or _elsewhere("in", b):
        return False
    words = tuple(fb.value.split())
    spelled, k = b.spelled, len(words)  # the name at `i`, then a noun it modifies, or a topic's colon at the start
    return any(spelled[i:i + k] == words and (
        i + k < len(spelled) and spelled[i + k] not in FUNCTION_WORDS and spelled[i + k] != ""
        or i == 0 and spelled[k:k + 1] == ("",)) for i in range(len(spelled) - k + 1))


def _elsewhere(preposition: str, other: Reading) -> bool:
    """The other prompt puts another word after this name's preposition: "the euro against the USD" and "the USD
    against the euro"."""
    return preposition in PREPOSITIONS and any(p == preposition for _, p in other.placed)


def _compound(longer: str, word: str) -> bool:
    """`longer` is `word` with at least three letters in front: "semicircle", "circle"; "subfolder", "folder"."""
    return len(longer) >= len(word) + 3 and len(word) >= 3 and longer.endswith(word)


_DOUBLED = re.compile(r"(\w)\1+")


def _undoubled(word: str) -> str:
    """`word` with each run of one letter written once: "begginer" and "beginner" are "beginer"."""
    return _DOUBLED.sub(r"\1", word)


_ENDINGS = ("ing", "ers", "er", "ed", "es", "s", "e")  # a word's ending in English inflection: "gaming", "gamers"


def _root(word: str) -> str:
    """`word` without its inflection's ending, where three letters or more stay ("gam" of "gaming" and "gamers")."""
    return next((word[: -len(end)] for end in _ENDINGS if word.endswith(end) and len(word) - len(end) >= 3), word)


def _one_form(a: str, b: str) -> bool:
    """Two spellings of one word as letters show it: one begins the other ("dict", "dictionary"; "repot",
    "repotting"), they are one root inflected ("gaming", "gamers"), they share a stem of five letters or more that
    is most of the shorter ("remortgage", "remortgaging"), or one letter is added, dropped, changed or two swapped
    ("padel", "padle")."""
    short, long_ = sorted((a, b), key=len)
    if (len(short) >= 3 and long_.startswith(short)) or _root(a) == _root(b):
        return True
    shared = len(os.path.commonprefix((a, b)))
    return (shared >= 5 and shared >= 0.75 * len(short)) or (
        len(short) >= 4 and OSA.distance(a, b, score_cutoff=1) <= 1)


def _stem(word: str) -> str:
    """A word's lemma without a final "e", so that "ounce" meets "ounces" and "bake" meets "baked" when only where
    words stand is compared."""
    base = lemma(word)
    return base[:-1] if len(base) >= 4 and base.endswith("e") else base


_WH_DOERS = frozenset(("who", "whom", "what"))
_DO = frozenset(("do", "does", "did"))


def _wh_roles(reading: Reading) -> set[tuple[str, str, str]]:
    """(deed, name, role) for a name an interrogative's verb takes: "who killed Mercutio" has Mercutio the deed's
    object, "who did Mercutio kill" its doer."""
    names = {f.value for f in reading.facts if f.kind == "name"}
    words = [w for w in reading.spelled if w and w not in DETERMINERS]
    out = set()
    for i, w in enumerate(words[:-2]):
        if w not in _WH_DOERS:
            continue
        if words[i + 1] in _DO and i + 3 < len(words) and words[i + 2] in names:
            out.add((lemma(words[i + 3]), words[i + 2], "doer"))  # "who did Mercutio kill"
        elif words[i + 1] not in FUNCTION_WORDS and words[i + 2] in names:
            out.add((lemma(words[i + 1]), words[i + 2], "object"))  # "who killed Mercutio"
    return out


def _wh_roles_swapped(a: Reading, b: Reading) -> bool:
    """One name the doer of a deed an interrogative asks about on one side and its object on the other: "who killed
    Mercutio" is not "who did Mercutio kill"."""
    roles_b = _wh_roles(b)
    return any((deed, name, other) in roles_b for deed, name, role in _wh_roles(a)
               for other in ("doer", "object") if other != role)


def _roles_swapped(a: Reading, b: Reading) -> bool:
    """Words both prompts have, in the phrase after one preposition on each side but not the same words: "convert a
    string to an integer" and "convert an integer to a string", "substitute baking soda for baking powder" and
    "substitute baking powder for baking soda", "ounces in a cup" and "cups in an ounce". Not where one side's words
    stand on the other side after a preposition the first never writes (`_rephrased`): "save a photo for a website"
    and "for photos on a website"."""
    words_a, words_b = {_stem(w) for w in a.words}, {_stem(w) for w in b.words}
    placed_a, placed_b = _placed_after(a), _placed_after(b)
    for preposition in placed_a.keys() & placed_b.keys():
        after_a, after_b = placed_a[preposition], placed_b[preposition]
        moved_a, moved_b = after_a - after_b, after_b - after_a
        if moved_a and moved_b and moved_a <= words_b and moved_b <= words_a and (
                not _rephrased(moved_a, placed_b, placed_a) and not _rephrased(moved_b, placed_a, placed_b)):
            return True
    return False


def _placed_after(reading: Reading) -> dict[str, set[str]]:
    """The stems of the words in the phrase after each preposition."""
    out: dict[str, set[str]] = {}
    for preposition, phrase in reading.phrases:
        out.setdefault(preposition, set()).update(_stem(w) for w in phrase)
    return out


def _rephrased(moved: set[str], there: dict[str, set[str]], here: dict[str, set[str]]) -> bool:
    """Each moved word stands, on the other side, after a preposition this side never writes: "for a website" said "on
    a website" ("save a photo for a website", "for photos on a website"), no role traded. Not after "with", which
    names what takes another's place in an exchange: "substitute soda for powder", "substitute for soda with powder"."""
    return all(any(word in phrase and preposition not in here and preposition != "with"
                   for preposition, phrase in there.items()) for word in moved)


# prepositions that send a thing opposite ways: "copy a file to a server" is not "from a server"
# (with those of _OPPOSITES: above/below, before/after, inside/outside, up/down)
_OPPOSED = frozenset(frozenset(p.split("/")) for p in "to/from into/from onto/from towards/from toward/from under/over "
                     "beneath/above during/between inside/outside on/off in/out onto/off in/outside within/outside".split())


def _run_reordered(a: Reading, b: Reading) -> bool:
    """Facts of one kind and unit that only their places tell apart trade places, each taking the other's neighbours:
    "a 15 amp microwave on a 20 amp circuit" is not "a 20 amp microwave on a 15 amp circuit", "(3,4)" not "(4,3)" (a
    moved clause takes its facts' neighbours with it; "Claritin or Zyrtec", "Zyrtec or Claritin" change them)."""
    theirs = {(kind, unit): places for kind, unit, places in b.runs}
    for kind, unit, places in a.runs:
        other = theirs.get((kind, unit))
        if (other is not None and other != places and sorted(p[0] for p in other) == sorted(p[0] for p in places)
                and sorted(p[1:] for p in other) == sorted(p[1:] for p in places)):
            return True
    return False


def _opposed_prepositions(a: Reading, b: Reading) -> bool:
    """A word both prompts have, in the phrase after one preposition on one side and after its opposite on the other, and
    not after that opposite on the first side: "copy a file to a server", "copy a file from a server"; "wear under a
    wetsuit", "wear over a wetsuit"."""
    def placed(reading: Reading) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for preposition, phrase in reading.phrases:
            for word in phrase:
                if not word.endswith("ing"):  # "stop my dog from pulling", "get my dog to stop pulling": no direction
                    out.setdefault(_stem(word), set()).add(preposition)
        return out

    in_a, in_b = placed(a), placed(b)
    return any((frozenset((p, q)) in _OPPOSED or frozenset((p, q)) in _OPPOSITES) and q not in in_a[word]
               and p not in in_b[word]
               for word in in_a.keys() & in_b.keys() for p in in_a[word] for q in in_b[word])


_GIVE = frozenset(("give", "gives", "gave", "given", "giving"))
# ("take" is not here: "how much should I give my child", "how much should my child take" ask one thing)
_GET = frozenset(("get", "gets", "got", "gotten", "getting", "receive", "receives", "received", "receiving"))


def _given_for_got(a: Reading, b: Reading) -> bool:
    """`a` gives where `b` gets or receives, a verb the reader otherwise reads as carrying nothing: "how much should I give as
    a wedding gift" is not "how much should I get"; "give me" is the asker getting ("give me a recipe", "get a
    recipe")."""
    def gives(reading: Reading) -> bool:
        spelled = reading.spelled
        return any(w in _GIVE and spelled[k + 1:k + 2] not in (("me",), ("us",)) for k, w in enumerate(spelled))

    return gives(a) and not gives(b) and not _GET.isdisjoint(b.said) and _GET.isdisjoint(a.said)


_ASKERS = frozenset(("i", "you", "we", "one"))  # who asks of themselves ("you" as anyone: "do you need a visa")
_OTHERS = frozenset(("he", "she", "they"))


def _subject_pronoun(reading: Reading) -> str:
    """The pronoun a yes-or-no question is asked of (`_asked_subject`: "do I need", "does she need"), else "" (not "what
    do they call a baby kangaroo": "they" is anyone there)."""
    subject, _ = _asked_subject(reading)
    return subject if subject in _ASKERS | _OTHERS and reading.spelled[0] in _YES_NO else ""


def _other_person(a: Reading, b: Reading) -> bool:
    """One side asks of the asker, the other of someone else: "do I need a visa" is not "do they need a visa"."""
    sa, sb = _subject_pronoun(a), _subject_pronoun(b)
    return bool(sa and sb) and (sa in _OTHERS) != (sb in _OTHERS)


_WH = frozenset("what which who whom how when where why".split())


def _asked_subject(reading: Reading) -> tuple[str, str]:
    """Who a question is asked of and what they do: the words after the helper that opens it ("can I paint": "i",
    "paint"; "what should a notary bring": "notary", "bring"; a determiner or an owner skipped), else ("", "")."""
    spelled = reading.spelled
    for k, word in enumerate(spelled[:3]):
        if word in _AUXILIARIES | _BE_WORDS and (k == 0 or k == 1 and spelled[0] in _WH or spelled[k - 1] == ""):
            j = k + 1
            while j < len(spelled) - 2 and spelled[j] in DETERMINERS:
                j += 1
            return (spelled[j], spelled[j + 1]) if j + 1 < len(spelled) else ("", "")
    return "", ""


def _asker_swapped(a: Reading, b: Reading) -> bool:
    """The asker and someone both name trade places before one verb: "can I paint the walls without my landlord's
    permission" is not "can my landlord paint the walls without my permission", "what should I bring to a notary" not
    "what should a notary bring to me" (not "should I move the mic", "should the mic be moved")."""
    (sa, va), (sb, vb) = _asked_subject(a), _asked_subject(b)
    return (sa == "i" and sb not in _ASKERS | _OTHERS and sb != "" and va == vb != ""
            and any(lemma(w) == lemma(sb) for w in a.said) and not {"i", "me", "my"}.isdisjoint(b.said))


_CLAUSE_OPENERS = frozenset("if when whenever because while unless although though once after before until".split())


def _clause_subjects(reading: Reading) -> dict[str, str]:
    """The pronoun each clause opener is followed by ("if she rolls over": "if" -> "she"), for those that are."""
    return {opener: pronoun for opener, pronoun in zip(reading.spelled, reading.spelled[1:], strict=False)
            if opener in _CLAUSE_OPENERS and (pronoun in _ASKERS or pronoun in _OTHERS)}


def _other_clause_person(a: Reading, b: Reading) -> bool:
    """A clause opened by one word on both sides, of the asker on one and of someone else on the other: "can my baby
    sleep on her stomach if she rolls over" is not "if I roll her over"."""
    theirs = _clause_subjects(b)
    return any(opener in theirs and (pronoun in _OTHERS) != (theirs[opener] in _OTHERS)
               for opener, pronoun in _clause_subjects(a).items())


_PARTICLES = frozenset("up down over out in off on back away around".split())


def _particles(reading: Reading) -> set[tuple[str, str]]:
    """Each template word with the particle right after it, where no noun phrase follows it (a preposition's would):
    "roll up in Pilates": ("roll", "up"); not "water on a burn"."""
    spelled = (*reading.spelled, "")
    return {(word, particle) for word, particle, after in zip(spelled, spelled[1:], spelled[2:], strict=False)
            if particle in _PARTICLES and word in reading.words
            and (after == "" or after in PREPOSITIONS or after in _PARTICLES or after in _CLAUSE_OPENERS)}


def _particle_changed(a: Reading, b: Reading) -> bool:
    """One verb with one particle on one side and another on the other: "breathe out when I roll up" is not "when I
    roll over" ("turn on VoiceOver", "turn VoiceOver on" keep it)."""
    mine, theirs = _particles(a), _particles(b)
    return any(v == w and p != q and (v, q) not in mine and (w, p) not in theirs
               for v, p in mine - theirs for w, q in theirs - mine)


def _both_added(a: Reading, b: Reading) -> bool:
    """"both" said on one side only, and not of a pair it names ("both vertically and horizontally"): "which scale
    should I buy for him" is not "for both of us", "how much hay for a 70 kg alpaca" not "for both my alpacas"."""
    if "both" not in a.said or "both" in b.said:
        return False
    k = a.spelled.index("both")
    return "and" not in a.spelled[k + 1:k + 5]


_SUBJECTS = (_ASKERS | _OTHERS) - {"one"}
_ASKER_WORDS = frozenset("i me my mine we us our ours you your yours".split())
_OTHER_WORDS = frozenset("he him his she her hers they them their theirs".split())


# one asker against several ("should I", "should we"); a helper of the present against one of the past ("is", "was")
_ONE_ASKER, _MANY_ASKERS = frozenset("i me my mine".split()), frozenset("we us our ours".split())
_PRESENT_HELPERS = frozenset(("do", "does", "is", "are", "am"))
_PRESENT_FORMS = _PRESENT_HELPERS | {"has", "have"}  # against `_PAST`'s "did", "was", "were", "had"
# a helper that only agrees with another subject ("do I", "does she")
_AGREEING = frozenset(map(frozenset, (("do", "does"), ("is", "are"), ("is", "am"), ("are", "am"), ("has", "have"),
                                      ("was", "were"))))


def _one_word_swapped(a: Reading, b: Reading) -> bool:
    """Two prompts alike word for word but one, where one person stands for another ("should I sit in the stern",
    "should he sit in the stern"; "is it safe for me", "for him"; "should we"; "do I ...", "does she ...", its helper
    agreeing), a helper of the past for one of the present ("I have a pacemaker", "I had a pacemaker"), or "and" for
    "or" between clauses ("if" for "unless" is `_if_for_unless`'s)."""
    x, y = a.spelled, b.spelled
    if len(x) != len(y):
        return False
    changed = [(p, q) for p, q in zip(x, y, strict=True) if p != q]
    if not changed or len(changed) > 2:
        return False
    person = [(p in _ASKER_WORDS and q in _OTHER_WORDS) or (p in _ONE_ASKER and q in _MANY_ASKERS)
              for p, q in changed]
    if len(changed) == 2:  # a person and its helper: "do I", "does she"
        return any(person) and all(ok or frozenset(pq) in _AGREEING for ok, pq in zip(person, changed, strict=True))
    p, q = changed[0]
    return person[0] or {p, q} == {"and", "or"} or (p in _PRESENT_FORMS and q in _PAST)


def _one_change(x: tuple[str, ...], y: tuple[str, ...]) -> tuple[int, tuple[str, ...], tuple[str, ...]] | None:
    """Where `x` and `y` are alike word for word but one run of words (either may be empty: an insertion), where the run
    starts and the run on each side; None where they are the same. What they share in front and behind is matched
    first: the run is whatever is left between."""
    if x == y:
        return None
    front = 0
    while front < min(len(x), len(y)) and x[front] == y[front]:
        front += 1
    back = 0
    while back < min(len(x), len(y)) - front and x[-1 - back] == y[-1 - back]:
        back += 1
    return front, x[front:len(x) - back], y[front:len(y) - back]


# where a thing is or goes, by preposition: in it, on it, or out of (or off) it
_PLACE_GROUPS = {w: group for group, words in (("in", "in into inside within"), ("on", "on onto upon"),
                                               ("out", "from off out")) for w in words.split()}


def _place_swapped(a: Reading, b: Reading) -> bool:
    """Two prompts alike word for word but one preposition that puts a thing in, on or out of another: "can I put compost
    on my garden" is not "in my garden", "can I be fed from the pilot boat" not "on the pilot boat", "bring food into
    the cinema" not "out of the cinema" ("in" and "into" agree; "stop in Milan" and "at Milan" are no such change)."""
    change = _one_change(a.spelled, b.spelled)
    if change is None or not change[1] or not change[2]:
        return False
    p, q = (" ".join(change[1]).removesuffix("out of") or "out", " ".join(change[2]).removesuffix("out of") or "out")
    return p in _PLACE_GROUPS and q in _PLACE_GROUPS and _PLACE_GROUPS[p] != _PLACE_GROUPS[q]


def _number_preposition(a: Reading, b: Reading) -> bool:
    """Two prompts alike word for word but the preposition beside a number: "drop to 2 C" is not "drop by 2 C", "90% of
    its goal" not "90% over its goal" (a target, a change, a share, an excess)."""
    change = _one_change(a.spelled, b.spelled)
    if change is None or len(change[1]) != 1 or len(change[2]) != 1:
        return False
    (p,), (q,) = change[1:]
    if p not in ROLE_PREPOSITIONS or q not in ROLE_PREPOSITIONS or {p, q} == {"for", "over"}:
        return False  # a period is held for or over 30 years alike
    where_p, where_q = _beside_number(a.text, p), _beside_number(b.text, q)
    # the reader binds a bound before its number to it ("under 750"): a changed bound is a changed fact
    return (where_p and where_q and not (p in BOUND_WORDS and where_p == "before")
            and not (q in BOUND_WORDS and where_q == "before"))


def _beside_number(text: str, word: str) -> str:
    """"before" where `word` stands before a number in `text`, "after" where after one, else ""."""
    if re.search(rf"\b{word}\s+[-+\u2212]?\d", text, re.IGNORECASE):
        return "before"
    return "after" if re.search(rf"\d\S*\s+{word}\b", text, re.IGNORECASE) else ""


_ADDED_PHRASE = frozenset(("if", "unless", "provided", "assuming")) | ROLE_PREPOSITIONS  # opens a condition or a role


def _condition_added(a: Reading, b: Reading) -> bool:
    """`b` is `a` word for word with a condition or a phrase added: "how often should I use a honing steel on a knife I
    use every day" is not "... if the blade is ceramic", "a 3-prong outlet" not "a 3-prong outlet with an adapter" (a
    condition reworded, or stated apart, is `_words`'s to compare)."""
    change = _one_change(tuple(w for w in a.spelled if w), tuple(w for w in b.spelled if w))
    return (change is not None and not change[1] and change[2][0] in _ADDED_PHRASE
            and any(w in b.words for w in change[2]))


# a word that says how much or how far, added word for word: "can dogs see colors", "can dogs see some colors"
_DEGREE_WORDS = frozenset("some any each every all most more less fewer too enough still already even again".split())


def _degree_added(a: Reading, b: Reading) -> bool:
    """`b` is `a` word for word with one word added that says how much or how far ("some RO water", "how much more",
    "per hour each"), or "a" or "the" made one ("for a Channel solo", "for each Channel solo")."""
    change = _one_change(a.spelled, b.spelled)
    return change is not None and change[1] in ((), ("a",), ("an",), ("the",)) and len(change[2]) == 1 and (
        change[2][0] in _DEGREE_WORDS)


def _person_named(a: Reading, b: Reading) -> bool:
    """`b` is `a` word for word but a person: a pronoun on one side, someone named on the other ("do I get a shido",
    "does my opponent get a shido"; "how old am I", "how old is my son")."""
    change = _one_change(a.spelled, b.spelled)
    if change is None:
        return False
    _, mine, theirs = change
    return (bool(mine) and len(theirs) <= 4 and not _SUBJECTS.isdisjoint(mine) and _WH.isdisjoint(mine)
            and not any(w in a.words for w in mine) and not DETERMINERS.isdisjoint(theirs)
            and any(w in b.words for w in theirs))  # not "how do I descale", "steps to descale"


# what may stand between two things whose order says nothing: "A or B", "A and B", "A vs B", "A, B"
_LIST_JOINS = frozenset(("and", "or", "vs", "versus", "nor", "", "a", "an", "the"))


def _spans_traded(a: Reading, b: Reading) -> bool:
    """Two prompts alike word for word but two short spans that trade places: "I'm right-eye dominant but shoot
    left-handed" is not "left-eye dominant but shoot right-handed", "he takes the hindquarter and I take the forequarter"
    not the other way round (not "A or B", "A and B", "between A and B": a list's order says nothing; nor a question
    turned round, nor keywords in another order: "paris weather today", "weather today paris")."""
    x, y = a.spelled, b.spelled
    change = _one_change(x, y)
    if change is None or len(x) != len(y):
        return False
    start, mid_x, mid_y = change
    for la in range(1, min(4, len(mid_x))):
        for lb in range(1, min(4, len(mid_x) - la)):
            first, middle, last = mid_x[:la], mid_x[la:len(mid_x) - lb], mid_x[len(mid_x) - lb:]
            if first != last and mid_y == last + middle + first:
                listed = not middle or set(middle) <= _LIST_JOINS or "between" in x[max(0, start - 3):start]
                # a list's order, keywords reordered; a question turned round ("how many grams is 2 cups", "2 cups is")
                return not listed and _WH.isdisjoint(first + last)
    return False


def _if_for_unless(a: Reading, b: Reading) -> bool:
    """"unless" on one side where the other says "if" and negates no more: "should I water my orchid if the roots are
    silver" is not "unless the roots are silver" (but is "unless ... not")."""
    return ("unless" in a.said and "unless" not in b.said and "if" in b.said and "if" not in a.said
            and sum(f.kind == "not" for f in a.facts) == sum(f.kind == "not" for f in b.facts))


def _coordinations(reading: Reading) -> dict[frozenset[str], set[str]]:
    """Pairs of words joined by "and" or "or" (articles and "then" between left out: "ice and then heat"), with the
    joining word."""
    spelled = [w for w in reading.spelled if w not in ("a", "an", "the", "then")]
    out: dict[frozenset[str], set[str]] = {}
    for k in range(1, len(spelled) - 1):
        if spelled[k] in ("and", "or") and spelled[k - 1] in reading.words and spelled[k + 1] in reading.words:
            out.setdefault(frozenset((spelled[k - 1], spelled[k + 1])), set()).add(spelled[k])
    return out


def _and_for_or(a: Reading, b: Reading) -> bool:
    """Two words joined by "and" on one side and by "or" on the other: "can I take ibuprofen and paracetamol" (together)
    is not "ibuprofen or paracetamol" (either); not where both ask a difference ("X and Y", "X or Y")."""
    if _compares(a) and _compares(b):
        return False
    ca, cb = _coordinations(a), _coordinations(b)
    return any(len(ca[pair]) == len(cb[pair]) == 1 and ca[pair] != cb[pair] for pair in ca.keys() & cb.keys())


_BE_WORDS = frozenset(("is", "are", "was", "were", "be", "been"))
_BE_NEXT = frozenset((("is",), ("are",), ("was",), ("were",), ("be",), ("will",), ("should",), ("must",)))


def _too_for_enough(a: Reading, b: Reading) -> bool:
    """"too" before a word on one side, "enough" after it on the other: "is 80 C too hot" asks of a limit above, "is 80 C
    hot enough" of one below."""
    enough = {w for w, nxt in zip(b.spelled, b.spelled[1:], strict=False) if nxt == "enough"}
    return any(w == "too" and nxt in enough for w, nxt in zip(a.spelled, a.spelled[1:], strict=False))


def _here_for_there(a: Reading, b: Reading) -> bool:
    """"here" on one side, "there" (not "is there", "there is") on the other: "can I park here" is not "there"."""
    spelled = b.spelled
    there = any(w == "there" and not (k and spelled[k - 1] in _BE_WORDS) and spelled[k + 1:k + 2] not in _BE_NEXT
                for k, w in enumerate(spelled))
    return "here" in a.said and "here" not in b.said and there and "there" not in a.said


_KEEPING = frozenset("keep keeps keeping kept".split())  # "keep running" goes on: only "keep ... from" prevents
# verbs that keep a thing from happening: "stop my dog from barking", "avoid getting sunburnt"
_PREVENTING = frozenset("stop stops stopping stopped prevent prevents preventing prevented avoid avoids avoiding avoided"
                        .split()) | _KEEPING
# verbs that make a thing happen: "make my dog bark", "get my baby to sleep"
_CAUSING = frozenset("make makes making made get gets getting got let lets letting help helps helping cause causes "
                     "causing caused encourage encourages encouraging teach train force".split())


def _verb_forms(word: str) -> frozenset[str]:
    """The forms a verb written with "-ing" may take elsewhere: "barking" "bark", "waking" "wake", "getting" "get",
    "going" "go" (`lemma` strips "-ing" but gives "wak", "gett" and, under three letters, "going")."""
    if not word.endswith("ing") or len(word) < 5:
        return frozenset((word, lemma(word)))
    stem = word[:-3]
    forms = {word, stem, stem + "e"}
    if len(stem) > 2 and stem[-1] == stem[-2]:
        forms.add(stem[:-1])  # "getting": "get"
    return frozenset(forms)


def _prevented(reading: Reading) -> frozenset[str]:
    """The verbs `reading` asks to keep from happening: "stop/avoid/prevent V-ing", "stop/keep/prevent X from V-ing"."""
    spelled, out = reading.spelled, set()
    for i, word in enumerate(spelled):
        if word not in _PREVENTING:
            continue
        after = spelled[i + 1:i + 6]
        if after and after[0].endswith("ing") and word not in _KEEPING:
            out.add(after[0])
        elif "from" in after:
            k = after.index("from")
            if k + 1 < len(after) and after[k + 1].endswith("ing"):
                out.add(after[k + 1])
    return frozenset(out)


def _prevented_for_done(a: Reading, b: Reading) -> bool:
    """`a` asks how to keep a thing from happening, `b` how to make it happen (a verb that causes, the same verb, and
    nothing that prevents or negates it): "how to stop my dog from barking" is not "how to make my dog bark", "keep
    bread from going stale" not "make bread go stale" ("get my dog to stop barking" keeps it from barking too; "fix a
    running toilet" makes nothing happen)."""
    prevented, spelled = _prevented(a), b.spelled
    causes = any(w in _CAUSING and spelled[i + 1:i + 2] != ("rid",) for i, w in enumerate(spelled))  # not "get rid of"
    if not prevented or not causes or not _PREVENTING.isdisjoint(spelled) or any(f.kind == "not" for f in b.facts):
        return False
    said = set(spelled) | {lemma(w) for w in spelled}
    return any(not _verb_forms(verb).isdisjoint(said) for verb in prevented)


def _past_for_present(a: Reading, b: Reading) -> bool:
    """Two yes-or-no questions, one asked of the past and one of the present: "was Pluto a planet" is not "is Pluto a
    planet" (not "what is our ratio for the last quarter", "what was it": the window says when)."""
    return bool(a.spelled and b.spelled) and a.spelled[0] in _PAST and b.spelled[0] in _PRESENT_HELPERS


# a number bound from above ("within 30 days", "before 5 pm", "up to 3") or from below ("after 30 days", "more than 3")
_BOUND_NUMBER = re.compile(
    r"\b(?:(?P<upper>within|inside|before|by|less than|fewer than|up to|at most|no more than|no later than)"
    r"|(?P<lower>after|over|beyond|more than|longer than|later than|at least|no less than|no sooner than))"
    r"\s+(?:the\s+)?(?:first\s+|next\s+)?(?P<number>\d[\d,.:]*)", re.IGNORECASE)


# a period held for so long ("for 3 days") or reached in so long ("in 3 days")
_SPAN_NUMBER = re.compile(r"\b(?:(?P<span>for)|(?P<point>in))\s+(?P<number>\d[\d,.]*)\s*(?:seconds?|minutes?|mins?"
                          r"|hours?|hrs?|days?|weeks?|months?|years?)\b", re.IGNORECASE)
# bounds that ask two things of one number: "within 30 days" and "after 30 days", "for 3 days" and "in 3 days"
_OTHER_BOUNDS = {("upper", "lower"), ("lower", "upper"), ("span", "point"), ("point", "span")}


def _bounds(reading: Reading) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _BOUND_NUMBER.finditer(reading.text):
        out.setdefault(m["number"].rstrip(".,"), set()).add("upper" if m["upper"] else "lower")
    for m in _SPAN_NUMBER.finditer(reading.text):
        out.setdefault(m["number"].rstrip(".,"), set()).add("span" if m["span"] else "point")
    return out


def _bound_reversed(a: Reading, b: Reading) -> bool:
    """One number bound from above on one side and from below on the other: "can I return shoes within 30 days" is
    not "after 30 days" (the reader reads "within" and "after" as nothing, or as a word both may replace); nor is a
    period held ("reach 131 F for 3 days") one reached ("in 3 days")."""
    theirs = _bounds(b)
    return any(len(bound) == 1 and len(theirs.get(number, ())) == 1 and (*bound, *theirs[number]) in _OTHER_BOUNDS
               for number, bound in _bounds(a).items())


# a verb's helpers: a clause with one has a subject before its verb and an object after it ("do cats chase mice")
_AUXILIARIES = frozenset("do does did can could will would should may might must shall".split())
_PASSIVE = frozenset(("by", "be", "been", "being"))  # "is cancer caused by smoking", "should car oil be changed"

# who a pronoun or an owner names: "my neighbour" is the asker's, "I slipped" the asker's doing
_PERSONS = {**dict.fromkeys(("i", "me", "my", "mine"), "i"), **dict.fromkeys(("we", "us", "our"), "we"),
            **dict.fromkeys(("you", "your"), "you"), **dict.fromkeys(("he", "him", "his"), "he"),
            **dict.fromkeys(("she", "her"), "she"), **dict.fromkeys(("they", "them", "their"), "they")}
_HAVE = frozenset(("has", "have", "had", "having"))
_NOT_DONE = (DETERMINERS | ROLE_PREPOSITIONS | _AUXILIARIES | _BE_WORDS
             | frozenset("and or nor but not to that which who whom whose than so then am".split()))


def _doers(reading: Reading) -> dict[str, set[str]]:
    """Each word written right after a person, an owner or a template word after a determiner (its stem), with who or
    what stands before it ("my neighbour slipped": "neighbour" -> {"i"}, "slip" -> {"neighbour"}), outside a clause
    after a passive or a "be" ("is my car covered", where the doer follows)."""
    spelled, out = reading.spelled, {}
    template = set(reading.words)
    passive = False
    for before, word, nxt in zip(("", *spelled), spelled, spelled[1:], strict=False):
        if word == "":
            passive = False
            continue
        passive = (passive and word not in _CLAUSE_OPENERS) or word in _BE_WORDS or word in ("am", "by", "being")
        if passive or nxt == "" or nxt in _NOT_DONE or nxt in _PERSONS:
            continue
        doer = _PERSONS.get(word) or (word if word in template and before in DETERMINERS else "")
        if doer:
            out.setdefault("have" if nxt in _HAVE else _stem(nxt), set()).add(doer)
    return out


_PERFECT_MODALS = frozenset("should could would must might may".split())  # "should have done"


def _perfect(reading: Reading) -> bool:
    """A modal of what has been done: "should I have prewashed", "could it have been" (not "should I have to")."""
    spelled = reading.spelled
    for k, word in enumerate(spelled):
        near = spelled[k + 1:k + 3]
        if word in _PERFECT_MODALS and "have" in near:
            after = spelled[k + 2 + near.index("have"):][:1]
            if after and (after[0] == "been" or after[0].endswith(("ed", "en", "wn", "ne"))):
                return True
    return False


def _passive_for_active(a: Reading, b: Reading) -> bool:
    """One subject, one helper and one verb, done by the subject in `a` and to it in `b`, which names no doer: "before I
    can sue" is not "before I can be sued" (not "should car oil be changed", "should I change my car oil": another
    subject; nor "can it be eaten by dogs")."""
    if "by" in b.said:
        return False
    mine, theirs = a.spelled, b.spelled
    done = {(mine[k], mine[k + 1]): mine[k + 2] for k in range(len(mine) - 2) if mine[k + 1] in _AUXILIARIES}
    return any(theirs[k] == "be" and _participle_of(theirs[k + 1], done.get((theirs[k - 2], theirs[k - 1]), ""))
               for k in range(2, len(theirs) - 1))


def _participle_of(written: str, verb: str) -> bool:
    """`written` is `verb`'s past participle, as regular verbs and those in -n make it ("sued", "stopped", "taken")."""
    return len(verb) > 1 and written in (verb + "d", verb + "ed", verb + "n", verb + "en", verb + verb[-1] + "ed",
                                         verb[:-1] + "ied")


def _perfect_for_plain(a: Reading, b: Reading) -> bool:
    """`a` asks what should have been done, `b` what should be: "should I have prewashed my fabric" is not "should I
    prewash my fabric"."""
    return _perfect(a) and not _perfect(b) and _PAST.isdisjoint(b.said)


# verbs that put one thing in another's place, by the preposition before the new thing: "substitute honey for sugar",
# "replace sugar with honey", "swap sugar for honey"
_SWAPPING = ("swap", "switch", "exchange", "trade")  # "swap sugar for honey": honey is the new thing
_REPLACING = {preposition: frozenset(_undoubled(_stem(v)) for v in verbs) for preposition, verbs in {
    "for": ("substitute", "sub", *_SWAPPING), "with": ("substitute", "sub", "replace", *_SWAPPING)}.items()}
_SWAPPED = frozenset(_undoubled(_stem(v)) for v in _SWAPPING)


def _replacement(reading: Reading) -> tuple[set[str], set[str]] | None:
    """What `reading` puts in place of what ("substitute honey for sugar", "replace sugar with honey", "swap sugar for
    honey", "honey instead of sugar", "honey in place of sugar", "honey rather than sugar"): the stems of the new
    thing's words and of the old thing's, less the words both share ("white rice", "cauliflower rice"), or None."""
    spelled = reading.spelled

    def ahead(k: int) -> set[str]:  # the words of the phrase from k on
        found = set()
        for w in spelled[k:]:
            if not w or (w in FUNCTION_WORDS or w in PREPOSITIONS) and found:
                break
            if w not in FUNCTION_WORDS:
                found.add(_stem(w))
        return found

    def behind(k: int) -> set[str]:  # the words of the phrase that ends before k
        found = set()
        for w in reversed(spelled[:k]):
            if not w or w in FUNCTION_WORDS or w in PREPOSITIONS:
                break
            found.add(_stem(w))
        return found

    for k, word in enumerate(spelled):
        verb = _undoubled(_stem(word))
        for preposition, verbs in _REPLACING.items():
            if verb in verbs:
                end = next((j for j in range(k + 1, len(spelled)) if not spelled[j] or spelled[j] == preposition), None)
                if end is not None and spelled[end] == preposition:
                    first, second = ahead(k + 1), ahead(end + 1)
                    swapped = preposition == "with" or verb in _SWAPPED
                    return (second - first, first - second) if swapped else (first - second, second - first)
        if (word in ("instead", "place") and spelled[k + 1:k + 2] == ("of",)) or (
                word == "rather" and spelled[k + 1:k + 2] == ("than",)):
            start = k - 1 if word == "place" and spelled[k - 1:k] == ("in",) else k
            new, old = behind(start), ahead(k + 2)
            if new - old and old - new:
                return new - old, old - new
    return None


def _replacement_reversed(a: Reading, b: Reading) -> bool:
    """One side puts in place what the other takes out ("substitute maple syrup for sugar", "use sugar instead of
    maple syrup"; "replace butter with oil", "use butter instead of oil"), however each says it."""
    ra, rb = _replacement(a), _replacement(b)
    return ra is not None and rb is not None and bool(ra[0] & rb[1]) and bool(ra[1] & rb[0]) and not ra[0] & rb[0]


def _replacement_met(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """Both without the words that say a thing is put in another's place, where both put the same thing in the same
    one's place ("replace butter with oil", "use oil instead of butter"; "substitute honey for sugar", "honey in place
    of sugar"): what else each says is compared as usual."""
    ra, rb = _replacement(a), _replacement(b)
    if ra is None or rb is None or not (ra[0] & rb[0] and ra[1] & rb[1]) or ra[0] & rb[1] or ra[1] & rb[0]:
        return a, b
    return (replace(a, words=tuple(w for w in a.words if not _replacing_word(w))),
            replace(b, words=tuple(w for w in b.words if not _replacing_word(w))))


def _replacing_word(word: str) -> bool:
    return word in _INSTEAD or any(_undoubled(_stem(word)) in verbs for verbs in _REPLACING.values())


_INSTEAD = frozenset(("instead", "place", "rather"))


# rules on words the reader otherwise takes to carry nothing, each asked both ways round
_SMALL_WORDS = (_opposed_prepositions, _given_for_got, _other_person, _and_for_or, _here_for_there, _past_for_present,
                _bound_reversed, _run_reordered, _asker_swapped, _other_clause_person, _particle_changed,
                _one_word_swapped, _if_for_unless, _both_added, _place_swapped, _spans_traded, _number_preposition,
                _condition_added, _degree_added, _person_named, _perfect_for_plain, _passive_for_active, _too_for_enough,
                _prevented_for_done, _replacement_reversed, _negation_split)


def _order_swapped(a: Reading, b: Reading, near: int = 2) -> bool:
    """Two words both prompts have trade places around a third both have, each within `near` template words of it in
    one clause of prompts whose verbs have helpers: "why do cats chase mice" and "why do mice chase cats", "does
    smoking cause cancer" and "does cancer cause smoking". Moving a clause ("if I miss a payment, what happens") or
    a list's order ("A or B") trades no places around a word; a passive ("is cancer caused by smoking", "should car
    oil be changed") does, so a prompt that says "by" or "be" is not read."""
    if not (_PASSIVE.isdisjoint(a.said) and _PASSIVE.isdisjoint(b.said)) or _compares(a) and _compares(b):
        return False
    if _AUXILIARIES.isdisjoint(a.said) or _AUXILIARIES.isdisjoint(b.said):
        return False  # a noun phrase ("calories burned per mile running") or a "be" question orders its words freely

    def around(order: tuple[str, ...]) -> dict[str, tuple[set[str], set[str]]]:
        """Each word written once: the words within `near` before and after it in its clause."""
        stems = [_stem(w) for w in order if w]
        twice = {w for w in stems if stems.count(w) > 1}  # "a heat pump dryer or a condenser dryer": no one place
        seen: dict[str, tuple[set[str], set[str]]] = {}
        clause: list[str] = []
        for word in (*order, ""):
            if word:
                clause.append(word)
                continue
            stemmed = [_stem(w) for w in clause]
            for k, written in enumerate(clause):
                if stemmed[k] not in twice:
                    seen[written] = set(stemmed[max(0, k - near):k]), set(stemmed[k + 1:k + 1 + near])
            clause = []
        return seen

    around_a, around_b = around(a.order), around(b.order)
    for word, (before_a, after_a) in around_a.items():
        if word in around_b:  # written alike: "should car oil be changed" is no swap of "change the oil in my car"
            before_b, after_b = around_b[word]
            # a word on both sides of it ("a fixed tariff cheaper than a green tariff") has no one side
            ahead, behind = (before_a - after_a) & (after_b - before_b), (after_a - before_a) & (before_b - after_b)
            if ahead and behind:
                return True
    return False


_PAST, _FUTURE = frozenset(("did", "was", "were", "had")), frozenset(("will", "shall"))


def _tense(reading: Reading) -> str:
    """"past" or "future" where the prompt's auxiliaries say only one ("when did it fall", "when will it fall"),
    else "" (present, or both: "I had surgery, when will the pain stop")."""
    past, future = not _PAST.isdisjoint(reading.said), not _FUTURE.isdisjoint(reading.said)
    return "past" if past and not future else "future" if future and not past else ""


def _age_for_when(a: Reading, b: Reading) -> bool:
    """One side asks when, the other at what age, and neither asks of the past: a stage of life is the answer to
    both ("when can babies start eating solid food", "at what age"; not "when did Mozart write his first symphony",
    "at what age")."""
    return (a.asks ^ b.asks == {"when", "how old"} and len(a.asks) == len(b.asks) == 1
            and _tense(a) != "past" and _tense(b) != "past")


def _soon_for_when(a: Reading, b: Reading) -> bool:
    """One side asks when, the other how soon (which the reader reads as how long: "how soon will I see results"):
    how soon after a thing is when after it ("how soon after sex can I take a test", "when can I take a test after
    sex")."""
    soon = a if "how long" in a.asks else b
    return (a.asks ^ b.asks == {"when", "how long"} and len(a.asks) == len(b.asks) == 1
            and any(w == "how" and n == "soon" for w, n in zip(soon.spelled, soon.spelled[1:], strict=False)))


# what a modal, or a word the reader otherwise takes to carry nothing, says of the question: advised or needed ("is it
# necessary to"), or allowed and possible ("is it possible to")
_ADVISED = frozenset(("should", "must", "ought", "necessary", "required", "mandatory", "compulsory", "obligatory"))
_ALLOWED = frozenset(("can", "could", "may", "might", "possible", "able"))
_ALLOWING_MODALS = frozenset(("can", "could", "may", "might"))  # read where they stand: "could you tell me" asks
_ALLOWING_WORDS = _ALLOWED - _ALLOWING_MODALS  # "possible", "able": read anywhere
_ASKED_NEED = frozenset(("do", "does", "did", "will", "would"))  # "do I need a lawyer", "will I need": needed
_NEED_TO = frozenset(("need", "needs", "have", "has"))  # "does it need to be", "do I have to": needed ("I need a recipe" asks)


# verbs of a request: "could you tell me", "can you explain", "could you please let me know"
_REQUESTS = frozenset("tell explain let show give help recommend suggest describe list name clarify confirm".split())


def _requests(spelled: tuple[str, ...], i: int) -> bool:
    """The modal at `i` asks for the answer ("could you tell me the right temperature"), not what may be done."""
    rest = [w for w in spelled[i + 1:i + 4] if w != "please"]
    return rest[:1] == ["you"] and len(rest) > 1 and rest[1] in _REQUESTS


def _modality(reading: Reading) -> str:
    """"advised" or "allowed" where the prompt's modals, or the words that say as much ("necessary", "possible"),
    say only one ("how early should I arrive", "how early can I arrive"), else ""; a modal that opens a request says
    nothing of it ("could you tell me what temperature milk chocolate should be tempered to")."""
    spelled = reading.spelled
    advised = not _ADVISED.isdisjoint(reading.said) or any(
        w in _NEED_TO and n == "to" for w, n in zip(spelled, spelled[1:], strict=False)) or any(
        w in ("need", "needs") and not _ASKED_NEED.isdisjoint(spelled[max(0, k - 3):k]) for k, w in enumerate(spelled))
    allowed = not _ALLOWING_WORDS.isdisjoint(reading.said) or any(
        w in _ALLOWING_MODALS and not _requests(reading.spelled, i) for i, w in enumerate(reading.spelled))
    return "advised" if advised and not allowed else "allowed" if allowed and not advised else ""


_REQUIRED = frozenset(("must", "mandatory", "compulsory", "obligatory", "required"))
_RECOMMENDED = frozenset(("should", "ought", "advisable", "recommended"))


def _obligation(reading: Reading) -> str:
    """"required" or "recommended" where the prompt says only one ("must I book", "should I book"; "have to" is
    required; "necessary" and "need to" may be either), else ""."""
    required = not _REQUIRED.isdisjoint(reading.said) or any(
        w in ("have", "has") and n == "to" for w, n in zip(reading.spelled, reading.spelled[1:], strict=False))
    recommended = not _RECOMMENDED.isdisjoint(reading.said)
    return "required" if required and not recommended else "recommended" if recommended and not required else ""


def _code_aliases(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s codes, and its words, that name what one of `a`'s codes names (`_CODE_NAMES`: "USA", "usa" for "US"),
    written as `a` writes it; a word so written then meets `a`'s code as any name written in lower case does."""
    mine = {f.value for f in a.facts if f.kind == "id" and f.value in _CODE_NAMES}
    if not mine:
        return a, b

    def alias(code: str) -> str | None:
        names = set(_CODE_NAMES.get(code, ()))
        return next((m for m in sorted(mine) if m != code and names & set(_CODE_NAMES[m])), None)

    facts = [replace(f, value=m) if f.kind == "id" and f.value not in mine and (m := alias(f.value)) else f
             for f in b.facts]
    renamed = {w: m for w in b.words if w not in a.words and (m := alias(w))}
    if facts == list(b.facts) and not renamed:
        return a, b
    return a, replace(b, facts=sorted_facts(facts), words=tuple(sorted({renamed.get(w, w) for w in b.words})),
                      placed=tuple(sorted((renamed.get(w, w), p) for w, p in b.placed)),
                      spelled=tuple(renamed.get(w, w) for w in b.spelled))


def _non_for_not(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` negates a word that `b` writes with "non" in front (the reader joins "non-vulnerable" into one word), and
    has one negation more ("4 spades not vulnerable", "4 spades non-vulnerable"; "the days I don't have dialysis",
    "my non-dialysis days"): the negation and the two words are taken out."""
    if not _one_negation_more(a, b):
        return a, b
    for word in a.negated:
        joined = "non" + word
        if joined in b.words and word not in b.words:
            return _negation_met(a, b, word, joined)
    return a, b


def _not_for_instead(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without its one negation more where it sets what follows against what goes before ("the modern gift, not
    the traditional one"; "spelled Alfa and not Alpha") and `b` sets the same thing aside with "rather than" or
    "instead of" ("the modern gift rather than the traditional one", "Alfa instead of Alpha"); `b` without its
    comparison and its word "rather" or "instead". The thing stays a word of both."""
    if not _one_negation_more(a, b):
        return a, b
    set_aside = {a.spelled[k + 1 + (a.spelled[k + 1] in _ARTICLES)] for k in range(len(a.spelled) - 2)
                 if a.spelled[k] == "not" and (k == 0 or a.spelled[k - 1] in ("", "and", "but"))}
    than = [f for f in b.facts if f.kind == "than" and f.value.split()[0] in set_aside]
    if than and "rather" in b.words:
        b = replace(b, facts=tuple(f for f in b.facts if f not in than), words=tuple(w for w in b.words if w != "rather"))
    elif "instead" in b.words and set_aside & _after_instead(b.spelled) and not any(f.kind == "than" for f in b.facts):
        b = replace(b, words=tuple(w for w in b.words if w != "instead"))
    else:
        return a, b
    return _one_negation_less(a), b


def _one_negation_less(reading: Reading) -> Reading:
    """`reading` without one of its negations, and without its negated words where none is left."""
    facts = list(reading.facts)
    facts.remove(next(f for f in facts if f.kind == "not"))
    return replace(reading, facts=tuple(facts), negated=reading.negated if any(f.kind == "not" for f in facts) else ())


_ARTICLES = frozenset(("a", "an", "the"))
_BECOMING = frozenset(("getting", "becoming", "going", "turning", "growing"))


# words that say "not" of the verb after them: "refuses to fix" is "won't fix", "unable to whistle" "can't whistle",
# "fails to start" "doesn't start", "forget to say Uno" "don't say Uno" (not "avoid": "to avoid razor bumps" is no
# "if I don't get razor bumps")
_NEGATING = frozenset(("refuse", "refuses", "refused", "refusing", "unable", "fail", "fails", "failed", "failing",
                       "forget", "forgets", "forgot", "forgotten", "forgetting"))


def _negated_by_a_word(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without its one negation more and `b` without the word that says it: a word that says "not" of the first
    content word after it, where `a` negates that word (`_NEGATING`: "my landlord won't fix the heating", "my landlord
    refuses to fix the heating"; "why can't some people whistle", "why are some people unable to whistle"), or, where
    `a` says "not" in a purpose (`_purpose_negated`), a word that prevents (`_PREVENTING`, "keep" only with "from") a
    word `a` negates later in its clause, a noun too: "so my eyes don't get strained", "to avoid eye strain"; "without
    it smelling", "to avoid a mildew smell"; "so they don't yellow", "keep them from turning yellow"."""
    if not _one_negation_more(a, b) or not a.negated:
        return a, b
    negated = set(a.negated) | {lemma(w) for w in a.negated}
    purpose = _purpose_negated(a)
    spelled = b.spelled
    for k, word in enumerate(spelled):
        if word in _NEGATING:
            after = next((w for w in spelled[k + 1:] if not w or w not in FUNCTION_WORDS), "")
            met = bool(after) and (after in negated or lemma(after) in negated)
        elif purpose and word in _PREVENTING and word in b.words:
            clause = spelled[k + 1:k + 7]
            clause = clause[:clause.index("")] if "" in clause else clause
            at = next((j for j, w in enumerate(clause) if w and (w in negated or lemma(w) in negated)), None)
            met = at is not None and (word not in _KEEPING or "from" in clause[:at])
        else:
            continue
        if met:
            return _one_negation_less(a), replace(b, words=tuple(w for w in b.words if w != word))
    return a, b


def _purpose_negated(reading: Reading) -> bool:
    """`reading` says "not" in a purpose, not a condition: "without it cracking", "so (that) they don't yellow" (not "if
    I don't get razor bumps", nor an infinitive: "is it normal for a toddler not to talk" is no "to stop talking")."""
    spelled = reading.spelled
    for k, word in enumerate(spelled):
        if word == "without":
            return True
        if word in NEGATIONS:
            clause = spelled[:k]
            start = max((j for j, w in enumerate(clause) if not w), default=-1) + 1
            if "so" in clause[start:]:
                return True
    return False


def _negation_left_out(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without its one negation more, where `b` writes none of the words it negates and every other fact of each
    side is the other's: the verdict is then UNSURE at best, and the judge weighs whether `b` says it in other words
    ("unclog a sink without chemicals", "unclog a sink naturally"; "an app without ads", "an ad free app"; "without a
    rooster", "need a rooster"). A negation of a word both write turns the question round ("is it rude not to tip",
    "is it rude to tip"; "if I don't have PreCheck", "if I have PreCheck"), which the judge cannot read: it stays a
    fact, and so does "no" before a noun ("for no reason"), which says none of it, and a negation where `b` negates
    another word with "non" ("not transferable", "non-refundable")."""
    if not _one_negation_more(a, b) or not a.negated:
        return a, b
    theirs = {lemma(w) for w in b.said} | set(b.said) | {f.value for f in b.facts}
    if any(w in theirs or lemma(w) in theirs for w in a.negated) or any(
            w == "no" and n in a.negated for w, n in zip(a.spelled, a.spelled[1:], strict=False)) or any(
            w.startswith("non") and len(w) > 6 and w not in a.words for w in b.words):
        return a, b
    left = _one_negation_less(a)
    return (left, b) if left.fact_key == b.fact_key else (a, b)


def _one_negation_more(a: Reading, b: Reading) -> bool:
    return sum(f.kind == "not" for f in a.facts) == sum(f.kind == "not" for f in b.facts) + 1


def _negation_met(a: Reading, b: Reading, word: str, other: str) -> tuple[Reading, Reading]:
    """`a` without one negation and the word it negates, `b` without the one word that says both ("without
    insurance", "uninsured"; "not vulnerable", "non-vulnerable")."""
    facts = list(a.facts)
    facts.remove(next(f for f in facts if f.kind == "not"))
    return (replace(a, facts=tuple(facts), words=tuple(w for w in a.words if w != word),
                    negated=tuple(w for w in a.negated if w != word)),
            replace(b, words=tuple(w for w in b.words if w != other)))


def _plural_names(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a`'s names written with a plural "s" ("LEDs", "Cub Scouts", "Oxfords") where `b` writes the name without it
    ("LED lights", "a Cub Scout", "Oxford shoes") and not with it: the plural leaves `a`'s facts, the singular `b`'s
    facts and words. Only an "s" written in lower case after a name that is not all capitals is a plural ("HTTPS"
    is not "HTTP")."""
    theirs = {f.value for f in b.facts if f.kind in ("name", "id")} | set(b.words)
    plurals = {f.value for f in a.facts if f.kind in ("name", "id") and len(f.value) >= 4 and f.value.endswith("s")
               and f.value[:-1] in theirs and f.value not in theirs and f.value not in b.said}
    plurals = {v for v in plurals if any(w.lower() == v and w.endswith("s") and not w.isupper()
                                         for w in _WORD.findall(a.text))}
    if not plurals:
        return a, b
    singular = {v[:-1] for v in plurals}
    return (replace(a, facts=tuple(f for f in a.facts if not (f.kind in ("name", "id") and f.value in plurals))),
            replace(b, facts=tuple(f for f in b.facts if not (f.kind in ("name", "id") and f.value in singular)),
                    words=tuple(w for w in b.words if w not in singular)))


_PLACING = frozenset(("from", "in", "of"))  # the prepositions that say where a thing comes from or is
_TIMES = {"once": "1", "twice": "2", "thrice": "3"}


_MERIT = frozenset(("better",))  # ("best" is a function word: no template word to score)


def _other_times(a: str, b: str) -> bool:
    """Two words that count other times ("once", "twice"): the vectors put them close (0.73), WordNet relates them
    in no way."""
    return a != b and a in _TIMES and b in _TIMES


def _times_by_word(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a`'s "once", "twice" or "thrice" where `b` counts the same times in figures or words ("runs twice", "running
    two times"; "once a day", "one time a day") and does not write the word: the word leaves `a`'s words, the count
    (and "time") `b`'s facts and words."""
    said = [w for w in a.words if w in _TIMES and w not in b.said]
    if len(said) != 1:
        return a, b
    value = _TIMES[said[0]]
    counts = [f for f in b.facts if f.kind == "num" and f.value == value and (
        f.unit == "time" or (f.unit == "" and "time" in b.words))]
    if len(counts) != 1:
        return a, b
    return (replace(a, words=tuple(w for w in a.words if w != said[0])),
            replace(b, facts=tuple(f for f in b.facts if f is not counts[0]),
                    words=tuple(w for w in b.words if w != "time")))


def _unit_by_symbol(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a`'s unit named in full with no value ("in Celsius", "in fahrenheit") where `b` writes only its symbol, which
    the reader takes for a name without a value before it ("in °C", "100 F in C"), and not the full name: the name
    leaves `a`'s facts and words, the symbol `b`'s facts. The unit table is the reader's (`same_unit`)."""
    symbols = {f.value for f in b.facts if f.kind in ("name", "id")}
    named = {f.value for f in a.facts if f.kind == "name"} | set(a.words)
    met = {(unit, symbol) for unit in named for symbol in symbols
           if unit != symbol and same_unit(unit, symbol) and unit not in b.said
           and all(not (f.kind == "name" and f.value == unit) for f in b.facts)}
    if not met:
        return a, b
    units, gone = {u for u, _ in met}, {sym for _, sym in met}
    return (replace(a, facts=tuple(f for f in a.facts if not (f.kind == "name" and f.value in units)),
                    words=tuple(w for w in a.words if w not in units)),
            replace(b, facts=tuple(f for f in b.facts if not (f.kind in ("name", "id") and f.value in gone))))


def _lower_case_names(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a`'s names and codes that `b` writes in lower case ("Lyon", "lyon"; "COVID", "covid"), in the same role
    (after the same preposition, or after none when `a`'s label is a content word), taken out of `a`'s facts
    and `b`'s words. `a`'s only name, or one `b` writes after no preposition, meets it in any role but a direction
    ("in Python", "python reverse a list"; "on a Royal Caribbean cruise", "royal caribbean"; not "to Lyon", "from
    lyon"); `a`'s only name meets it in a direction too where `b` writes it after no preposition at all ("a trip to
    Kenya", "kenya trip"). "vs" gives the names it joins no role ("RAW or JPEG", "raw vs jpeg")."""
    theirs = {(f.kind, f.value) for f in b.facts}
    alone = sum(f.kind in ("name", "id") for f in a.facts) == 1
    compared = _compares(a) and _compares(b)
    keywords = not any(w in PREPOSITIONS for w in b.said)  # "elden ring pc stutter fix": no word says a role

    def roles(value: str) -> set[str]:
        """The roles `b` writes `value` in: each preposition before it ("home" for "lives in"), "from" right before
        "to", "" where it stands after none ("in lagos, home lagos")."""
        found = {"" if p in _VERSUS else p for w, p in b.placed if w == value} or {
            "from" if _before_to(b.spelled, value) else ""}  # "vs" names what is compared, in no role
        return found | {""} if b.spelled.count(value) > len(found) else found

    def same_role(fact: Fact) -> bool:
        return any(_same_place(fact, role, alone or keywords, compared) or (alone and role == "")
                   for role in roles(fact.value))

    written = set(b.words) | (set(b.said) & FUNCTION_WORDS)  # a code that is a function word in lower case: "the us"
    names = [f for f in a.facts if f.kind in ("name", "id") and f.value.isalpha() and (f.kind, f.value) not in theirs
             and f.value in written and same_role(f)]
    if not names:
        return a, b
    values = {f.value for f in names}
    home = any(f.label == "home" and "home" in roles(f.value) for f in names) and "home" not in b.words
    if home:
        values |= DWELLS  # "home tunis" and "lives in tunis" say one thing, as the reader reads "lives in Tunis"
    return (replace(a, facts=tuple(f for f in a.facts if f not in names), words=_without_home(a.words) if home else a.words),
            replace(b, words=tuple(w for w in b.words if w not in values)))


def _home_by_dwelling(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` places a name at home with the word, `b` with a verb the reader reads as "home" ("home Tunis", "lives in
    Tunis"): the word says the label, which both sides have; it leaves `a`'s words."""
    if "home" not in a.words or "home" in b.words:
        return a, b
    homes = {f.value for f in b.facts if f.label == "home"}
    if not any(f.label == "home" and f.value in homes for f in a.facts):
        return a, b
    return replace(a, words=_without_home(a.words)), b


def _without_home(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w for w in words if w != "home")


def _same_place(fact: Fact, role: str, any_role: bool, compared: bool) -> bool:
    """`_lower_case_names`: a name's fact meets the same name written in lower case in `role`."""
    if (any_role or role == "") and fact.label not in _DIRECTIONAL and role not in _DIRECTIONAL:
        return True
    if compared and {fact.label, role} <= _COMPARED:
        return True  # "the difference between GDP and GNP", "gdp vs gnp"
    return role == (fact.label if fact.label in _PLACES else "")


def _before_to(spelled: tuple[str, ...], word: str) -> bool:
    """`word` is written once, right before "to" ("brussels to cologne by train"): where the trip starts, as the
    reader takes a name written so (prompts' `_name_role`)."""
    return spelled.count(word) == 1 and spelled[spelled.index(word) + 1:][:1] == ("to",)


# words an acronym may leave out: "Bank of America" spells "BOA" and "BA"
_SKIPPED_IN_ACRONYMS = frozenset(("of", "the", "and", "for", "a", "an"))


def _beside(spelled: tuple[str, ...], word: str, others: set[str]) -> bool:
    """`word` is written right before or right after one of `others`."""
    return any(w == word and not others.isdisjoint(spelled[max(k - 1, 0):k] + spelled[k + 1:k + 2])
               for k, w in enumerate(spelled))


def _count_unsaid(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s bare number with the label of `a`'s count of the same value, read as that count ("a table for four",
    "a table for 4 people"), where neither side writes that value otherwise: UNSURE at best, as `_counted_close`'s
    counts are (`Guard._bare_counts` reads it so outright where `b` says the counted noun elsewhere)."""
    values = [f.value for f in a.facts if f.kind == "num"] + [f.value for f in b.facts if f.kind == "num"]
    counts = {(f.value, f.label): f.unit for f in a.facts if f.kind == "num" and _counted_noun(f.unit) and f.label}
    facts, changed = list(b.facts), False
    for k, fact in enumerate(facts):
        unit = counts.get((fact.value, fact.label))
        if fact.kind == "num" and not fact.unit and unit and values.count(fact.value) == 2:
            facts[k], changed = replace(fact, unit=unit), True
    return (a, replace(b, facts=sorted_facts(facts))) if changed else (a, b)


def _spelled_out(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a`'s acronyms that `b` spells out ("ETF", "exchange-traded fund"; "NYC", "New York City"; "LOTR", "Lord of the
    Rings"; "TX", "Texas": `_CODE_NAMES`), taken out of `a`'s facts, and the words that spell them out of `b`'s facts
    and words. An acronym is a code of letters alone that `b` does not write; its letters are the initials of
    consecutive words of one clause of `b`, which may leave out "of", "the", "and", "for", "a" or "an" inside."""
    theirs = {(f.kind, f.value) for f in b.facts}
    names = {f.value for f in b.facts if f.kind == "name"}
    spelled: set[str] = set()
    acronyms = []
    for fact in a.facts:
        if fact.kind != "id" or not fact.value.isalpha() or (fact.kind, fact.value) in theirs:
            continue
        run = _initials_run(fact.value, b.spelled, names) or _named_run(fact.value, b.spelled)
        if run:
            acronyms.append(fact)
            spelled |= set(run)
    if not acronyms:
        return a, b
    return (replace(a, facts=tuple(f for f in a.facts if f not in acronyms)),
            replace(b, facts=tuple(f for f in b.facts if not (f.kind in ("name", "id") and f.value in spelled)),
                    words=tuple(w for w in b.words if w not in spelled)))


# codes that are not their names' initials: the US states' postal codes, and two countries' (with the words for their
# people: "a US citizen" is "an American citizen", "a UK winter" "a British winter")
_CODE_NAMES = {code: tuple(tuple(name.split()) for name in names.split("/")) for code, names in {
    "al": "alabama", "ak": "alaska", "az": "arizona", "ar": "arkansas", "ca": "california", "co": "colorado",
    "ct": "connecticut", "de": "delaware", "dc": "district of columbia/washington dc", "fl": "florida", "ga": "georgia",
    "hi": "hawaii", "id": "idaho", "il": "illinois", "in": "indiana", "ia": "iowa", "ks": "kansas", "ky": "kentucky",
    "la": "louisiana/los angeles", "me": "maine", "md": "maryland", "ma": "massachusetts", "mi": "michigan",
    "mn": "minnesota", "ms": "mississippi", "mo": "missouri", "mt": "montana", "ne": "nebraska", "nv": "nevada",
    "nh": "new hampshire", "nj": "new jersey", "nm": "new mexico", "ny": "new york", "nc": "north carolina",
    "nd": "north dakota", "oh": "ohio", "ok": "oklahoma", "or": "oregon", "pa": "pennsylvania", "ri": "rhode island",
    "sc": "south carolina", "sd": "south dakota", "tn": "tennessee", "tx": "texas", "ut": "utah", "vt": "vermont",
    "va": "virginia", "wa": "washington", "wv": "west virginia", "wi": "wisconsin", "wy": "wyoming",
    "uk": "united kingdom/britain/great britain/british/brits", "usa": "united states/america/american/americans",
    "us": "united states/america/american/americans",
}.items()}


def _named_run(code: str, spelled: tuple[str, ...]) -> tuple[str, ...]:
    """The words in `spelled` that name the place `code` stands for ("TX", "Texas"; "NV", "Nevada"; "UK", "United
    Kingdom"), else ()."""
    for name in _CODE_NAMES.get(code, ()):
        for start in range(len(spelled) - len(name) + 1):
            if spelled[start:start + len(name)] == name:
                return name
    return ()


def _initials_run(letters: str, spelled: tuple[str, ...], names: set[str]) -> tuple[str, ...]:
    """The first run of consecutive words in `spelled` whose initials are `letters` (words that are in
    _SKIPPED_IN_ACRONYMS may be skipped, but not at either end, and the last is no function word unless every word
    before it is one of `names`: "Getting Things Done" spells "GTD"), else ()."""
    for start in range(len(spelled)):
        k, j = 0, start
        while j < len(spelled) and k < len(letters) and spelled[j]:
            if spelled[j][0] == letters[k]:
                k, j = k + 1, j + 1
            elif spelled[j] in _SKIPPED_IN_ACRONYMS and k > 0:
                j += 1
            else:
                break
        if k == len(letters) and spelled[start][0] == letters[0] and (
                spelled[j - 1] not in FUNCTION_WORDS or names.issuperset(spelled[start:j - 1])):
            return spelled[start:j]  # (not ending in a function word: "players can" spells no "PC")
    return ()


def _season_by_word(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a`'s season whose name is also a verb or a thing ("in spring", "during the fall"), where `b` writes that name
    as a template word and names no date ("season spring", "spring"): read in `b` as that season."""
    if any(f.kind == "date" for f in b.facts):
        return a, b
    dates = {f.value for f in a.facts if f.kind == "date"}
    said = [w for w in b.words if w in SEASON_VERBS and date_value(w) in dates]
    if not said:
        return a, b
    facts = b.facts + tuple(Fact("date", "", date_value(w)) for w in said)
    return a, replace(b, facts=sorted_facts(facts), words=tuple(w for w in b.words if w not in said))


_BARE_OPERATORS = frozenset("= - +".split())
_OPERATOR_SIGNS = re.compile(r"[=+*/^<>]|\d-(?!\w)")  # and a minus after a number: "a 4- boat"


def _bare_operators(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without its operators that stand between no two numbers ("p = 0.03", "no legal moves + in check =
    stalemate?", "returning #N/A - why?") where `b` writes no operator, nor an operator's sign anywhere ("=" and "=="
    in JavaScript, a "4+" and a "4-" boat): punctuation there, not a figure."""
    if (any(f.kind == "op" for f in b.facts) or _OPERATOR_SIGNS.search(b.text)
            or not any(f.kind == "op" and f.value in _BARE_OPERATORS for f in a.facts)):
        return a, b
    return replace(a, facts=tuple(f for f in a.facts if not (f.kind == "op" and f.value in _BARE_OPERATORS))), b


_MULTIPLIER = "time"  # the reader's unit for "x" after a number ("2x speed", "a 4x boat"), as for "2 times"


def _bare_amounts(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` with its figures written without a unit given the one `b` writes them with, where `b` writes that figure
    once, with a currency or a unit of measure, and `a` writes it only bare: "a 90k salary" for "a $90,000 salary",
    "a 500k estate" for "a 500,000 pound estate", "10k" for "10 kilometers", "5'10" for "5 feet 10 inches"; and so
    an age ("my son is 11", "my 11-year-old son"); and a product of such figures ("an 8x12 greenhouse", "an 8x12 ft
    greenhouse"). Not a multiplier: "a 4x boat" is a crew, not "4 times" of a boat."""
    mine = [f for f in a.facts if f.kind == "num"]
    with_unit = {f.value for f in mine if f.unit}
    theirs: dict[str, list[Fact]] = {}
    for f in b.facts:
        if f.kind == "num":
            theirs.setdefault(f.value, []).append(f)

    def unit_given(fact: Fact) -> str:
        if fact.unit or fact.value in with_unit:
            return ""
        same = theirs.get(fact.value, ())
        if len(same) != 1:
            return ""
        unit = same[0].unit
        return unit if (is_measure(unit) and unit != _MULTIPLIER) or (unit == "year" and same[0].label == "old") else ""

    given = {fact: unit for fact in mine if (unit := unit_given(fact))}
    if not given:
        return a, b
    # a product of those figures is a product of lengths, as `b` writes it ("an 8x12 greenhouse", "8x12 ft"): where
    # `b` multiplies and its figures in that unit are the product's own, no more ("8x12 with a 10 ft path" is not)
    products = any(f.kind == "op" and f.value == "*" for f in b.facts)

    def product(fact: Fact) -> bool:
        operands = set(fact.value.split("*"))
        units = {given.get(f, "") for f in mine if f.value in operands}
        return (products and fact.kind == "op" and len(units) == 1 and "" not in units
                and {f.value for f in b.facts if f.kind == "num" and f.unit in units} == operands)

    return replace(a, facts=sorted_facts(
        replace(f, unit=given[f]) if f in given else replace(f, value="*") if product(f) else f for f in a.facts)), b


# units whose word leaves open which of them it means: "pound" a weight or sterling, "degrees" Celsius or Fahrenheit
_LOOSE_UNITS = {"lb": frozenset(("gbp",)), "deg": frozenset(("c", "f"))}
_EXACT_WEIGHT = frozenset(("lb", "lbs"))  # "100 lb" is a weight however the other side writes it


def _loose_units(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s figure in a unit its word leaves open ("a 100 pound donation", "at 30 degrees"), read in the unit `a`
    writes that figure in, where that is one the word may mean ("100 GBP", "30 C"): not "100 lb" for "100 GBP"."""
    exact = {(f.value, f.unit) for f in a.facts if f.kind == "num"}
    facts, changed = list(b.facts), False
    for k, fact in enumerate(facts):
        meant = [u for u in _LOOSE_UNITS.get(fact.unit, ()) if (fact.value, u) in exact]
        if fact.kind == "num" and len(meant) == 1 and (fact.value, fact.unit) not in exact and not (
                fact.unit == "lb" and not _EXACT_WEIGHT.isdisjoint(b.said)):
            facts[k], changed = replace(fact, unit=meant[0]), True
    return (a, replace(b, facts=sorted_facts(facts))) if changed else (a, b)


def _months_for_years(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s months that are `a`'s years, written as `a` writes them: "18 months" is "a year and a half", "24 months"
    "2 years" (the reader keeps the two apart: a month has no fixed length in days, but a year has twelve)."""
    years = {f.value for f in a.facts if f.kind == "num" and f.unit == "year"}
    if not years:
        return a, b
    facts, changed = list(b.facts), False
    for k, fact in enumerate(facts):
        if fact.kind != "num" or fact.unit != "month" or not fact.value.isdigit():
            continue
        value = format((Decimal(fact.value) / 12).normalize(), "f")  # 18 months: "1.5"; 24: "2"; 10: no year's
        if value in years:
            facts[k], changed = replace(fact, value=value, unit="year"), True
    return (a, replace(b, facts=sorted_facts(facts))) if changed else (a, b)


_KIND_NUMBERED = re.compile(r"\b([A-Za-z]+?)s?\s*(?:#|no\.?\s)?\s*(\d+)\b")  # a kind's name before a number, any case


def _numbered_for_id(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s number after a kind's name written as `a`'s identifier of that kind, where the identifier is the name's
    initial and that number ("feeder 21", "feeder #21" for "feeder F21"; "gate 12" for "gate G12"): the letter only
    abbreviates the kind (`_id_labels`). The kind's name may be capitalised, which the reader takes for a name and
    so no label ("config for Feeder 21"): the number then has to stand right after it."""
    ids = {(f.value[1:], lemma(f.label)): f for f in a.facts
           if f.kind == "id" and f.label.isalpha() and f.value[:1] == f.label[:1] and f.value[1:].isdigit()}
    if not ids:
        return a, b

    written = {(m[2], lemma(m[1].lower())) for m in _KIND_NUMBERED.finditer(b.text)}

    def numbered(fact: Fact) -> Fact:
        if (found := ids.get((fact.value, lemma(fact.label)))) is not None:
            return found
        unlabelled = not fact.label or fact.label in PREPOSITIONS
        return next((f for key, f in ids.items() if unlabelled and key[0] == fact.value and key in written), fact)

    facts = [numbered(f) if f.kind == "num" and not f.unit else f for f in b.facts]
    return (a, replace(b, facts=sorted_facts(facts))) if facts != list(b.facts) else (a, b)


_GLUED_ID = re.compile(r"([a-z]+)(\d+)")


def _written_alike(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s number that `a` reads with a trailing zero of its own where both texts write that zero ("Python 3.10",
    "py3.10"; "python 3.10, 3.11"): the reader keeps a version's zero only where a name or a word says it is one,
    and the two texts write the same figure, so `b` reads it as `a` does (not "3.1" against "3.10": two figures)."""
    zeroed = [f for f in a.facts if f.kind == "num" and "." in f.value and f.value.endswith("0")
              and f.value.lstrip("<>=").replace(".", "", 1).isdigit()]
    if not zeroed:
        return a, b
    facts, changed = list(b.facts), False
    for mine in zeroed:
        if any(f.kind == "num" and f.value == mine.value for f in facts):
            continue
        written = re.compile(rf"(?<![\d.]){re.escape(mine.value.lstrip('<>='))}(?![\d])")
        k = next((k for k, f in enumerate(facts) if f.kind == "num" and f.unit == mine.unit and f.value != mine.value
                  and f.value.rstrip("0") == mine.value.rstrip("0")), None)
        if k is None or not written.search(b.text) or re.search(
                rf"(?<![\d.]){re.escape(facts[k].value.lstrip('<>='))}(?![\d.])", b.text):
            continue
        facts[k] = replace(facts[k], value=mine.value)
        changed = True
    return (a, replace(b, facts=sorted_facts(facts))) if changed else (a, b)


def _glued_for_spaced(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s identifier of letters and digits that `a` writes apart, as a word and a number ("pH8", "pH 8.0";
    "ender-3", "Ender 3"; "mini3", "DJI Mini 3"), read as `a` reads it: its number, with the word that names it."""
    mine = [f for f in a.facts if f.kind == "num" and not f.unit]
    if not mine:
        return a, b
    facts, gone = list(b.facts), set()
    for k, fact in enumerate(facts):
        glued = _GLUED_ID.fullmatch(fact.value) if fact.kind == "id" else None
        if glued is None:
            continue
        letters, digits = glued.groups()
        number = next((f for f in mine if f.value == str(int(digits)) and re.search(
            rf"\b{letters}[\s-]*{digits}(?:\.0+)?\b", a.text, re.IGNORECASE)), None)
        if number is not None:
            facts[k] = number
            mine.remove(number)
            gone.add(letters)
    if not gone:
        return a, b
    return (replace(a, facts=tuple(f for f in a.facts if not (f.kind == "name" and f.value in gone)),
                    words=tuple(w for w in a.words if w not in gone)), replace(b, facts=sorted_facts(facts)))


_TIME_ASKED = frozenset(("when", "how long"))


def _framing(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without the periods that only frame what it asks ("how many times a day should a puppy eat") where `b`
    asks the same and names no period ("how often should I feed a puppy"); and without a bare period where `b` asks
    when or how long and `a` does not, which the period only measures ("how much sleep, in hours", "how many hours of
    sleep"; "the rainiest month in London", "which month gets the most rain in London"; not "when is the best time of
    day", which narrows "when")."""
    if any(f.kind == "window" for f in b.facts):
        return a, b
    framing = [f for f in a.facts if f.kind == "window" and (f.label and f.label in b.asks or (
        not f.label and f.value == "period" and not _TIME_ASKED.isdisjoint(b.asks) and _TIME_ASKED.isdisjoint(a.asks)))]
    return (replace(a, facts=tuple(f for f in a.facts if f not in framing)) if framing else a), b


_CHOICE_JOINS = _VERSUS | {"or"}  # "white rice or brown rice", "brown rice vs white rice"


def _choice_for_than(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without what it compares against ("is brown rice healthier than white rice") where `b` asks the choice
    between the two ("which is healthier, white rice or brown rice", "brown rice vs white rice, which is healthier"):
    either answer says which one is. Its words are compared as usual ("which is cheaper" is not "healthier")."""
    if any(f.kind == "than" for f in b.facts) or _CHOICE_JOINS.isdisjoint(b.said):
        return a, b
    than = [f for f in a.facts if f.kind == "than" and f.value in b.said]
    return (replace(a, facts=tuple(f for f in a.facts if f not in than)) if than else a), b


def _instead_for_than(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without what it compares against where `b` writes that thing after "instead of" ("a kestrel rather than a
    Harris hawk", "a kestrel instead of a Harris hawk"; "the median a better choice than the mean", "the median instead
    of the mean"), `a`'s "rather" read as `b`'s "instead". The thing stays a word of both."""
    if any(f.kind == "than" for f in b.facts) or "instead" not in b.words:
        return a, b
    after = _after_instead(b.spelled)
    than = [f for f in a.facts if f.kind == "than" and f.value.split()[0] in after]
    if not than:
        return a, b
    words = tuple(sorted({"instead" if w == "rather" else w for w in a.words}))
    return replace(a, facts=tuple(f for f in a.facts if f not in than), words=words), b


def _after_instead(spelled: tuple[str, ...]) -> set[str]:
    """The lemmas of the words of each "instead of" phrase, up to the clause's end."""
    found: set[str] = set()
    for k in range(len(spelled) - 2):
        if spelled[k] == "instead" and spelled[k + 1] == "of":
            for word in spelled[k + 2:]:
                if not word:
                    break
                found.add(lemma(word))
    return found


def _than_by_other_words(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """One thing compared against on each side, in other words ("safer than a traditional deadbolt", "safer than a
    normal deadbolt"; "higher than usual", "more than normal"): both left to the template words, which weigh the two
    words by meaning. Not a swap: where either side says the other's thing elsewhere ("brown rice healthier than white
    rice", "white rice less healthy than brown rice"), the roles differ."""
    mine, theirs = [f for f in a.facts if f.kind == "than"], [f for f in b.facts if f.kind == "than"]
    if len(mine) != 1 or len(theirs) != 1 or mine[0].value == theirs[0].value:
        return a, b
    said_a, said_b = {lemma(w) for w in a.said}, {lemma(w) for w in b.said}
    if any(w in said_b for w in mine[0].value.split() if w != "of") or any(
            w in said_a for w in theirs[0].value.split() if w != "of"):
        return a, b
    return replace(a, facts=tuple(f for f in a.facts if f not in mine)), replace(
        b, facts=tuple(f for f in b.facts if f not in theirs))


def _shortened_counts(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`b`'s count of a noun it shortens ("a 2 bed flat", "a 2br flat", "20 cigs") read as `a`'s count of that noun in
    full ("a 2 bedroom flat", "20 cigarettes"), where `a` writes that figure once and the noun is the one word of `a`
    the short form can stand for: it begins with the noun's first letter and keeps the rest of its letters in order.
    Units the reader knows ("2 m", "2 mi") are no short form."""
    mine = [f for f in a.facts if f.kind == "num"]
    facts, words, changed = list(b.facts), set(a.words), False
    for k, fact in enumerate(facts):
        short = fact.unit
        if fact.kind != "num" or len(short) < 2 or not short.isalpha() or is_measure(short) or short in a.words:
            continue
        same = [f for f in mine if f.value == fact.value]
        nouns = {w for w in words | {f.unit for f in same} if w not in b.words and _abbreviates(short, w)}
        if len(same) == 1 and len(nouns) == 1 and not is_measure(noun := nouns.pop()):
            facts[k], changed = same[0], True
            words.discard(noun)
    if not changed:
        return a, b
    return replace(a, words=tuple(w for w in a.words if w in words)), replace(b, facts=sorted_facts(facts))


def _stem_of_term(a: str, b: str) -> bool:
    """`b` is a term whose final "s" is no plural and `a` the word without it: "http" and "https" name two protocols
    (not a slip of one letter, nor one and many)."""
    return b in NOT_PLURALS and a == b[:-1]


def _abbreviates(short: str, word: str) -> bool:
    """`short` begins as `word` does and keeps the rest of its letters in order, two or more letters fewer ("br",
    "bed": "bedroom"; not "AA" for "AAA", another grade)."""
    if len(short) > len(word) - 2 or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(c in rest for c in short[1:])


_ONE = frozenset(("a", "an", "single"))


def _one_for_a(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without a count of one ("1 mile", "one cup", "one large egg") where `b` writes "a", "an" or "single" before
    the same unit ("a mile": the word leaves `b`'s template words, as the unit left `a`'s), or before a word of
    `a`'s ("a large egg"), and counts nothing as one."""
    if any(f.kind == "num" and f.value == "1" for f in b.facts):
        return a, b
    spelled = b.spelled
    after_a = {spelled[j] for i, w in enumerate(spelled) if w in _ONE for j in range(i + 1, min(i + 3, len(spelled)))}
    after_a.discard("")
    units = set()
    ones = []
    for fact in a.facts:
        if fact.kind != "num":
            continue
        if not fact.unit:
            if fact.value == "1" and not after_a.isdisjoint(a.words):
                ones.append(fact)
            continue
        # "a kilometre" is one_of("kilometre"), as "1 km" is read: ("1000", "m")
        same = {w for w in after_a if one_of(w) == (fact.value, fact.unit) or (fact.value == "1" and (
            w == fact.unit or lemma(w) == fact.unit or same_unit(w, fact.unit)))}
        if same:
            ones.append(fact)
            units |= same
    if not ones:
        return a, b
    return (replace(a, facts=tuple(f for f in a.facts if f not in ones)),
            replace(b, words=tuple(w for w in b.words if w not in units)))


# words that say what "first" says of a time in an order ("the first symptoms", "the early symptoms"; "pay off debt
# first", "before investing"; "first time skiing", "as a beginner"), and words that pick another place in an order
_EARLY = frozenset("early earliest earlier before initial initially beginner beginners".split())
_LATER = (_SELECTORS - {"first", "earliest"}) | {"second", "third", "later"}
_FIRST = re.compile(r"\bfirst\b", re.IGNORECASE)  # (the reader takes ordinals out of a reading's words)
_ONE_WRITTEN = re.compile(r"\b(?:one|1|1st)\b", re.IGNORECASE)


def _first_for_early(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` without the one its "first" is read as (an ordinal: ("num", "1")) where `b` says it with a word of being
    early (`_EARLY`: the word leaves `b`'s template words), and `b` writes no "first", no count of one and no word
    that picks another place in an order ("the first train" is not "the last train", nor "the next")."""
    if not _FIRST.search(a.text) or _ONE_WRITTEN.search(a.text):
        return a, b
    firsts = [f for f in a.facts if f.kind == "num" and f.value == "1"]
    early = _EARLY.intersection(b.said)
    if (len(firsts) != 1 or not early or _FIRST.search(b.text) or not _LATER.isdisjoint(b.said)
            or any(f.kind == "num" and f.value == "1" for f in b.facts)):
        return a, b
    return (replace(a, facts=tuple(f for f in a.facts if f is not firsts[0])),
            replace(b, words=tuple(w for w in b.words if w not in early)))


def _next_noun(reading: Reading, label: str, noun: str) -> bool:
    """`noun` is not after the number labelled `label` with another template word between ("two grant proposals to
    the same foundation" counts proposals; "a thriller of 300 pages", "tiles ... only 5 left" count pages and tiles)."""
    spelled = reading.spelled
    if noun not in spelled:
        return True
    end = spelled.index(noun)
    start = max((k for k, w in enumerate(spelled[:end]) if w == label), default=None)
    return start is None or not any(w in reading.words for w in spelled[start + 1:end])


def _counted_noun(unit: str) -> bool:
    """A number's unit that is a noun it counts ("payment", "adult", "kid"), not a unit of measure or a currency."""
    return len(unit) >= 3 and unit.isalpha() and not is_measure(unit)  # (currencies are measures)


def _none_for_zero(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` says "no" before a plural noun `b` counts 0 of ("no payments in the last hour", "0 payments"), or one or
    two words before another plural noun where `b` counts 0 of something ("no card payments", "no purchases"): the
    count, not a negation, whose noun the count rules weigh as they weigh "5 purchases" and "5 payments" ("without
    witnesses" and "no witnesses" stay negations where neither side counts). So too "no" right before the label of a
    quantity `b` measures as 0 ("no solar", "solar 0 MW"): none of it, in any unit."""
    zeros = {f.unit for f in b.facts if f.kind == "num" and f.value == "0" and f.unit}
    if not zeros or not any(f.kind == "not" for f in a.facts) or "no" not in a.said:
        return a, b
    spelled = a.spelled
    already = {f.label for f in a.facts if f.kind == "num"}
    measured = {f.label: f for f in b.facts if f.kind == "num" and f.value == "0" and f.label and is_measure(f.unit)
                and f.label not in already}
    if none := next((measured[w] for i, w in enumerate(spelled[1:], 1) if spelled[i - 1] == "no" and w in measured),
                    None):
        left = _one_negation_less(a)
        return replace(left, facts=sorted_facts((*left.facts, none))), b
    counted = next((w for i, w in enumerate(spelled[1:], 1) if spelled[i - 1] == "no" and lemma(w) in zeros), None)
    if counted is None:
        counted = next((w for i, w in enumerate(spelled) if "no" in spelled[max(0, i - 2):i] and w.endswith("s")
                        and lemma(w) != w and w in a.words), None)
    if counted is None:
        return a, b
    left = _one_negation_less(a)
    return replace(left, facts=sorted_facts((*left.facts, Fact("num", "", "0", lemma(counted)))),
                   words=tuple(w for w in a.words if w != counted)), b


def _rate_for_period(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` binds a period to a figure ("99.9% per month" read as one rate where written against it: "99.9% monthly"),
    `b` writes the figure and the period apart ("an uptime of 99.9% ... per month"): `b`'s figure takes the period
    where it is `b`'s only figure in a unit of measure, which nothing else could take it for ("$10,000 a year at 7%"
    is not "$10,000 at 7%, annual")."""
    rates = [f for f in a.facts if f.kind == "num" and "/" in f.unit and f not in b.facts]
    measures = [f for f in b.facts if f.kind == "num" and f.unit and "/" not in f.unit and is_measure(f.unit)
                and not is_period(f.unit)]
    if len(rates) != 1 or len(measures) != 1:
        return a, b
    (rate,), (figure,) = rates, measures
    unit, period = rate.unit.split("/", 1)
    window = next((f for f in b.facts if f.kind == "window" and f.value == "period" and f.unit == period
                   and f.label in ("", "per") and f not in a.facts), None)
    if window is None or figure.value != rate.value or figure.unit != unit:
        return a, b
    facts = [f for f in b.facts if f is not figure and f is not window] + [replace(figure, unit=rate.unit)]
    return a, replace(b, facts=sorted_facts(facts))


def _one_period_for_window(a: Reading, b: Reading) -> tuple[Reading, Reading]:
    """`a` names one of a period ("how far can a pigeon fly in one day", "for a day": read as `one_of` the period, 86400
    seconds), `b` the period as a window ("in a day", "in a single day"): one day either way, where that window is the
    only one of `b` that `a` does not write too, and `a` writes no other figure of it."""
    windows = [f for f in b.facts if f.kind == "window" and f.value == "period" and f.label in ("", "per")
               and f not in a.facts]
    if len(windows) != 1 or not is_period(windows[0].unit):
        return a, b
    one = one_of(windows[0].unit)
    ones = [f for f in a.facts if f.kind == "num" and (f.value, f.unit) == one and f not in b.facts]
    if len(ones) != 1:
        return a, b
    return replace(a, facts=sorted_facts([f for f in a.facts if f is not ones[0]] + [windows[0]])), b


@functools.cache
def shared_guard() -> Guard:
    from edgenode.cache.embed import shared_word_vectors
    from edgenode.cache.paraphrase import shared_paraphrase

    return Guard(shared_word_vectors(), lexicon=shared_lexicon(), paraphrase=shared_paraphrase())


__all__ = ["Guard", "Judge", "Verdict", "WordVectorSource", "opposite", "shared_guard"]
