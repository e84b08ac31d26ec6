"""Evaluation of the semantic cache's matching rule on labelled prompt pairs, apart from the rule's code.

`design`, `design_free`, `design_hand`, `design_fourth`, `design_fifth`, `design_sixth`, `design_seventh`,
`design_eighth`, `design_ninth`, `design_tenth`, `design_eleventh`, `design_twelfth`, `design_thirteenth`,
`design_fourteenth` and `design_fifteenth` (the smallest edits that change the answer), `design_sixteenth` (what
real users type, one detail changed), `design_seventeenth` and `design_eighteenth` (both; each scored fresh first,
and a few reader mends were taken from the seventeenth's misses after), `design_nineteenth` (both; scored fresh
first, the witness of a learned pair model that was tried and dropped), `design_twentieth` (both; scored fresh
first, then counted only, to witness the rules written in its session), `design_twentyfirst` (a generator like
`heldout_second`'s, workload rewordings in volume; scored fresh first, then read), `design_twentysecond`,
`design_twentythird`, `design_twentyfourth`, `design_twentyfifth`, `design_twentysixth`, `design_twentyseventh`,
`design_twentyeighth`, `design_twentyninth`, `design_thirtieth`, `design_thirtyfirst`, `design_thirtythird`,
`design_thirtyfourth`, `design_thirtyfifth`, `design_thirtysixth` and `design_thirtyseventh` (free
text in thirty new domains each by an author who read no cache code, the twenty-sixth with concrete facts in most
questions, the twenty-seventh about named things and requests, the twenty-eighth about questions with a constraint or a
personal context, the twenty-ninth about everyday questions as typed into a chat box, the thirtieth about rewordings in
other words, the thirty-first about instructions with parameters, the thirty-third about questions with concrete
details, the thirty-fourth about questions typed in a hurry, the thirty-fifth about questions and requests
reworded in every way a user types, the thirty-sixth about questions typed in English by users whose first language
is another, the thirty-seventh about developers' questions; scored fresh first, then read), `design_thirtysecond` (the three workloads reworded by an author who read no
cache code; scored fresh first, then read) are the splits the rule was shaped on (the paraphrase
judge is trained on the first nine; the tenth validated it, the eleventh a judge trained on ten), and
`design_probes` the near misses the rules' author wrote while designing them;
`heldout` was written by someone who did not read the guard, and its kinds were not looked at while designing it:
its figures are the ones to believe, with `third_author`'s (a third author's, scored by a guard that never met it),
`heldout_second`'s (a generator like `heldout`'s by another author who read no cache code, written late and
scored as totals only) and `fourth_author`'s (hand-written free text by an author who read no cache code, written
last and scored as totals only).
`evaluate` puts every stored prompt of a split into one
SemanticCache (one namespace, as one model's traffic shares one) and asks each pair's other prompt: a pair that
should hit counts when the lookup serves its stored prompt's entry; a near miss counts as a false hit when it does. A
lookup the semantic tier answers from another stored prompt's entry is in no pair's label: a near miss answered so
is counted apart (`answered_other`), and `worst_false_hit_rate` counts every one of them as a false hit (a rewording
answered so is a miss).
"""

from __future__ import annotations

from dataclasses import dataclass

from controlplane.kernel.prompts import exact_key
from edgenode.cache.store import SEMANTIC
from edgenode.cache.verify import wilson


@dataclass(frozen=True)
class Pair:
    family: str  # "fraud-check" | "crop-advice" | "grid-config" | "free-text:<domain>"
    kind: str  # "rewording:<how>" or "near-miss:<what changed>"
    stored: str
    asked: str
    should_hit: bool


def hand_written(rows, family: str, ascii_only: bool = False) -> list[Pair]:  # noqa: ANN001
    """Pairs from a hand-written split's rows (domain, kind, stored, asked, should_hit), family "FAMILY:domain",
    checked: printable (ASCII too where `ascii_only`), at most 160 characters, asked != stored, no duplicate pair,
    the kind's prefix matches the label, and no asked prompt is itself a stored prompt (the exact tier would serve
    it)."""
    stored_prompts = {stored for _, _, stored, _, _ in rows}
    seen: set[tuple[str, str]] = set()
    out: list[Pair] = []
    for domain, kind, stored, asked, should_hit in rows:
        for text in (stored, asked):
            assert len(text) <= 160, text
            assert text.isprintable() and (text.isascii() or not ascii_only), text
        assert asked != stored, asked
        assert asked not in stored_prompts, asked
        assert kind.startswith("rewording:" if should_hit else "near-miss:"), (kind, stored, asked)
        assert (stored, asked) not in seen, (stored, asked)
        seen.add((stored, asked))
        out.append(Pair(f"{family}:{domain}", kind, stored, asked, should_hit))
    return out


@dataclass(frozen=True)
class Score:
    hits: int
    rewordings: int
    false_hits: int
    near_misses: int
    answered_other: int = 0  # near misses the semantic tier answered from a third prompt's entry: unlabelled

    @property
    def hit_rate(self) -> float:
        return self.hits / self.rewordings if self.rewordings else 0.0

    @property
    def false_hit_rate(self) -> float:
        return self.false_hits / self.near_misses if self.near_misses else 0.0

    @property
    def worst_false_hit_rate(self) -> float:
        """The false-hit rate if every unlabelled answer from a third prompt's entry was wrong."""
        return (self.false_hits + self.answered_other) / self.near_misses if self.near_misses else 0.0

    @property
    def worst_false_hit_interval(self) -> tuple[float, float]:
        return wilson(self.false_hits + self.answered_other, self.near_misses)

    @property
    def hit_interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.rewordings)

    @property
    def false_hit_interval(self) -> tuple[float, float]:
        return wilson(self.false_hits, self.near_misses)

    def line(self) -> str:
        (lo, hi), (flo, fhi) = self.hit_interval, self.false_hit_interval
        return (f"hit rate {self.hit_rate:.3f} [{lo:.3f}, {hi:.3f}] on {self.rewordings} rewordings, false-hit rate "
                f"{self.false_hit_rate:.4f} [{flo:.4f}, {fhi:.4f}] on {self.near_misses} near misses"
                + (f" (+{self.answered_other} answered from a third prompt's entry)" if self.answered_other else ""))


def evaluate(pairs: list[Pair], cache, threshold: float | None, namespace: str = "eval") -> tuple[Score, list[tuple[Pair, bool]]]:  # noqa: ANN001
    """Score a split through `cache` (an empty edgenode.cache.store.SemanticCache; threshold None: the exact
    tier alone). Returns the score and each pair with whether it was served the stored prompt's answer. A near miss
    that is itself a stored prompt, word for word, is the exact tier's to answer and is not counted apart."""
    for stored in dict.fromkeys(p.stored for p in pairs):
        cache.store(namespace, stored, (stored.encode(),), ttl_s=3600.0)
    outcomes = []
    answered_other = 0
    for pair in pairs:
        found = cache.lookup(namespace, pair.asked, threshold)
        # the stored prompt's entry: two stored prompts one exact key apart ("How long..." and "how long...") are one
        # prompt to the cache, and the later one's store replaced the earlier's entry
        served = found.entry is not None and found.entry.key == exact_key(namespace, pair.stored)
        outcomes.append((pair, served))
        if found.entry is not None and not served and found.outcome == SEMANTIC:
            answered_other += not pair.should_hit
    hits = sum(served for p, served in outcomes if p.should_hit)
    false_hits = sum(served for p, served in outcomes if not p.should_hit)
    rewordings = sum(p.should_hit for p in pairs)
    return Score(hits, rewordings, false_hits, len(pairs) - rewordings, answered_other), outcomes
