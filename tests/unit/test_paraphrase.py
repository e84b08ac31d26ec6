"""The paraphrase judge: asked only where the guard's words are UNSURE, never over a rule that says they differ."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterable

import numpy as np
import pytest

from controlplane.kernel.config import CacheSettings
from controlplane.kernel.prompts import read
from edgenode.cache.edge import CacheKey, EdgeCache
from edgenode.cache.embed import shared_embedder, shared_encoder
from edgenode.cache.guard import Guard, Verdict, shared_guard
from edgenode.cache.paraphrase import FEATURES, MODEL_PATH, Paraphrase, features, shared_paraphrase
from edgenode.cache.store import GUARD, SEMANTIC, UNENCODED, SemanticCache


class _Judge:
    """A judge with the real one's interface (edgenode.cache.guard.Judge) that records what it was asked and which
    thread encoded; it answers only prompts it has encoded, as the real one must encode them first."""

    def __init__(self, answer: bool, encode_s: float = 0.0) -> None:
        self.answer = answer
        self.encode_s = encode_s
        self.asked: list[tuple[str, str]] = []
        self.encoded: set[str] = set()
        self.encoding_threads: list[int] = []

    def __call__(self, stored: str, asked: str) -> bool:
        self.asked.append((stored, asked))
        self.encode((stored, asked))
        return self.answer

    def unencoded(self, texts: Iterable[str]) -> list[str]:
        return [t for t in dict.fromkeys(texts) if t not in self.encoded]

    def encode(self, texts: Iterable[str]) -> None:
        if missing := self.unencoded(texts):
            self.encoding_threads.append(threading.get_ident())
            time.sleep(self.encode_s)
            self.encoded.update(missing)


def _judged(judge: _Judge) -> Guard:
    guard = shared_guard().without_paraphrase()
    guard.paraphrase = judge
    return guard


@pytest.fixture(scope="module")
def rules() -> Guard:
    return shared_guard().without_paraphrase()


@pytest.mark.parametrize(("stored", "asked"), [
    ("What wine pairs well with salmon?", "best wine to go with salmon"),
    ("Why did my sourdough bread come out dense?", "sourdough loaf too dense, why?"),
    ("How do I descale a Keurig coffee maker?", "keurig descaling instructions"),
])
def test_rewordings_the_words_cannot_pair_are_unsure_and_the_judge_takes_them(rules, stored, asked):
    assert rules.verdict(read(stored), read(asked)) is Verdict.UNSURE
    assert not rules.same_text(stored, asked)  # without the judge: refused
    assert shared_guard().same_text(stored, asked)  # the shipped judge: a rewording


@pytest.mark.parametrize(("stored", "asked"), [
    ("paid 500 MAD at 16:00", "declined 500 MAD at 16:00"),  # an opposite
    ("load 30 MW peak 46 MW", "load 46 MW peak 30 MW"),  # values swapped between labels
    ("How many players can play Minecraft split screen on Xbox?", "How many players can play Minecraft split screen on PC?"),
    ("Can I feed my dog grapes?", "Can I not feed my dog grapes?"),  # a negation
    ("when did the Berlin wall fall", "when will the Berlin wall fall"),  # tense
    ("which crop should I plant", "which crop should I avoid"),
    ("What is inflation?", "inflation explained for kids"),  # a phrase after a preposition narrows it
])
def test_a_judge_that_always_agrees_never_overrules_a_rule(rules, stored, asked):
    judge = _Judge(True)
    guard = _judged(judge)
    assert rules.verdict(read(stored), read(asked)) is Verdict.DIFFER
    assert not guard.same_text(stored, asked)
    assert judge.asked == []


def test_the_judge_is_asked_only_when_unsure_and_decides_then(rules):
    stored, asked = "What wine pairs well with salmon?", "best wine to go with salmon"
    for answer in (True, False):
        judge = _Judge(answer)
        guard = _judged(judge)
        assert guard.same_text(stored, asked) is answer
        assert judge.asked == [(stored, asked)]  # stored first, as the cache asks
    judge = _Judge(False)
    guard = _judged(judge)
    assert guard.same_text("Is a 144Hz monitor worth it for casual gaming?", "144hz monitor worth it for casual gamers?")
    assert judge.asked == []  # the rules agree: no judge


def test_features_of_a_prompt_against_itself_and_their_order():
    rng = np.random.default_rng(7)
    stored, asked = rng.normal(size=(6, 384)), rng.normal(size=(4, 384))
    same = features(stored, stored)
    assert same.shape == (len(FEATURES),)
    np.testing.assert_allclose(same[[0, 1, 2, 3, 4, 5, 6, 7]], 1.0, atol=1e-9)
    f, g = features(stored, asked), features(asked, stored)
    np.testing.assert_allclose(f[[0, 2, 4]], g[[1, 3, 5]])  # the stored side's numbers are the asked side's mirrored
    assert f[7] == pytest.approx(6 / 4) and g[7] == pytest.approx(4 / 6)


def test_the_shipped_model_was_trained_on_design_splits_only_and_loads():
    model = json.loads(MODEL_PATH.read_text())
    assert model["features"] == list(FEATURES)
    assert set(model["trained_on"]) <= {"design", "design_free", "design_hand", "design_fourth", "design_fifth",
                                        "design_sixth", "design_seventh", "design_eighth", "design_ninth"}
    assert 0.5 < model["threshold"] < 1.0
    judge = shared_paraphrase()
    assert judge.score("What wine pairs well with salmon?", "best wine to go with salmon") >= judge.threshold
    calls = judge.encoder_calls
    judge.score("What wine pairs well with salmon?", "best wine to go with salmon")
    assert judge.encoder_calls == calls  # token vectors memoised
    fresh = "a prompt this judge has never met, 7f3a"
    assert judge.unencoded([fresh, "best wine to go with salmon"]) == [fresh]
    worker = threading.Thread(target=judge.encode, args=([fresh],))
    worker.start()
    worker.join()
    assert judge.unencoded([fresh]) == [] and judge.encoder_calls == calls + 1


def test_another_question_less_alike_than_any_training_rewording_is_refused_whatever_its_score():
    # a cache meets these at cosine 0.6; the regression alone scores them rewordings (its weights have both signs)
    judge = shared_paraphrase()
    for stored, asked in (("What's the difference between a major and a minor scale?", "Which ocean is the smallest?"),
                          ("When is the best time to treat a beehive for varroa mites with oxalic acid?",
                           "What is the ideal pH for betta fish?")):
        assert judge.score(stored, asked) >= judge.threshold
        assert (features(*judge.tokens([stored, asked])) < judge.floor).any() and not judge(stored, asked)
    assert judge(*_WINE) and judge.floor[FEATURES.index("length_ratio")] == 0.0


def test_a_prompt_longer_than_the_models_positions_is_cut_to_them_not_refused():
    long = "why does my code fail " * 150  # 750 tokens, past the encoder's 512 positions
    states = shared_encoder().token_states([long, "why does my code fail"])
    assert len(states[0]) == 512 and len(states[1]) == 7
    assert 0.0 <= shared_paraphrase().score(long, "why does my code fail") <= 1.0


def test_a_model_file_with_the_wrong_number_of_weights_says_what_it_needs():
    with pytest.raises(ValueError, match="needs 8 weights per field"):
        Paraphrase(shared_encoder(), {"mean": [0.0], "scale": [1.0], "coef": [0.0], "intercept": 0.0, "threshold": 0.9})


_WINE = ("What wine pairs well with salmon?", "best wine to go with salmon")  # UNSURE words: the judge decides


@pytest.mark.parametrize("answer", [True, False])
def test_a_lookup_that_may_not_judge_now_names_the_prompts_to_encode_then_answers_as_the_inline_one(answer):
    judge = _Judge(answer)
    cache = SemanticCache(shared_embedder(), guard=_judged(judge))
    cache.store("ns", _WINE[0], (b"red",), ttl_s=60, cost_s=1.0)
    waiting = cache.lookup("ns", _WINE[1], 0.6, encode_now=False)
    assert waiting.outcome == UNENCODED and waiting.entry is None
    assert set(waiting.pending) == set(_WINE) and judge.asked == [] and not judge.encoded  # nothing done yet
    waiting.encode()
    assert judge.encoded == set(_WINE)
    assert cache.lookup("ns", _WINE[1], 0.6, encode_now=False).outcome == (SEMANTIC if answer else GUARD)
    assert judge.asked == [_WINE]
    inline = SemanticCache(shared_embedder(), guard=_judged(_Judge(answer)))
    inline.store("ns", _WINE[0], (b"red",), ttl_s=60, cost_s=1.0)
    assert inline.lookup("ns", _WINE[1], 0.6).outcome == (SEMANTIC if answer else GUARD)


class _Placed:
    """An embedder with the real one's interface that puts each prompt where the test says (pure store logic)."""

    dim = 3

    def __init__(self, vectors: dict[str, tuple[float, ...]]) -> None:
        self.vectors = {text: np.asarray(v, dtype=np.float32) / np.linalg.norm(v) for text, v in vectors.items()}

    def encode(self, text: str) -> np.ndarray:
        return self.vectors[text]


@pytest.mark.parametrize("answer", [True, False])
def test_a_candidate_the_rules_accept_waits_behind_a_more_similar_one_the_judge_must_decide(answer):
    """The most similar candidate that passes wins, as inline: an AGREE behind an unjudged UNSURE is not served
    before the judge has spoken."""
    agreeing = "which wine goes best with salmon"  # the rules agree with the asked prompt
    embedder = _Placed({_WINE[1]: (1.0, 0.0, 0.0), _WINE[0]: (0.95, 0.31, 0.0), agreeing: (0.9, 0.0, 0.44)})
    assert shared_guard().without_paraphrase().verdict(read(agreeing), read(_WINE[1])) is Verdict.AGREE
    judge = _Judge(answer)
    cache = SemanticCache(embedder, guard=_judged(judge))
    for prompt in (_WINE[0], agreeing):
        cache.store("ns", prompt, (prompt.encode(),), ttl_s=60, cost_s=1.0)
    waiting = cache.lookup("ns", _WINE[1], 0.6, encode_now=False)
    assert waiting.outcome == UNENCODED and set(waiting.pending) == set(_WINE)
    waiting.encode()
    found = cache.lookup("ns", _WINE[1], 0.6, encode_now=False, vector=waiting.vector)
    assert found.outcome == SEMANTIC and found.entry.prompt == (_WINE[0] if answer else agreeing)


async def test_the_edge_encodes_for_the_judge_on_a_worker_thread_while_the_event_loop_runs_on():
    judge = _Judge(True, encode_s=0.3)
    edge = EdgeCache(CacheSettings(), SemanticCache(shared_embedder(), guard=_judged(judge)))
    settings = CacheSettings().for_model("ensemble")
    edge.cache.store("ns", _WINE[0], (b"red",), ttl_s=60, cost_s=1.0)
    ticks = 0

    async def ticking() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    ticker = asyncio.create_task(ticking())
    try:
        found = await edge.lookup(CacheKey("ns", _WINE[1], settings))
    finally:
        ticker.cancel()
    assert found.outcome == SEMANTIC and found.entry.responses == (b"red",)
    assert judge.encoding_threads and threading.get_ident() not in judge.encoding_threads
    assert ticks >= 5  # the loop ran other work during the 0.3 s encode
    assert judge.asked == [_WINE]
