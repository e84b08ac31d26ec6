"""The paraphrase judge: asked only where the guard's words are UNSURE, never over a rule that says they differ."""

from __future__ import annotations

import json

import numpy as np
import pytest

from controlplane.kernel.prompts import read
from edgenode.cache.embed import shared_encoder
from edgenode.cache.guard import Guard, Verdict, shared_guard
from edgenode.cache.paraphrase import FEATURES, MODEL_PATH, Paraphrase, features, shared_paraphrase


class _Judge:
    """A judge with the real one's interface, (stored, asked) -> bool, that records what it was asked."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str]] = []

    def __call__(self, stored: str, asked: str) -> bool:
        self.asked.append((stored, asked))
        return self.answer


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
                                        "design_sixth", "design_seventh", "design_eighth"}
    assert 0.5 < model["threshold"] < 1.0
    judge = shared_paraphrase()
    assert judge.score("What wine pairs well with salmon?", "best wine to go with salmon") >= judge.threshold
    calls = judge.encoder_calls
    judge.score("What wine pairs well with salmon?", "best wine to go with salmon")
    assert judge.encoder_calls == calls  # token vectors memoised


def test_a_model_file_with_the_wrong_number_of_weights_says_what_it_needs():
    with pytest.raises(ValueError, match="needs 8 weights per field"):
        Paraphrase(shared_encoder(), {"mean": [0.0], "scale": [1.0], "coef": [0.0], "intercept": 0.0, "threshold": 0.9})
