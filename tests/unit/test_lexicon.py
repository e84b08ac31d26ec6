"""WordNet as the guard's first word-meaning source (edgenode.cache.lexicon), on the shipped table."""

from __future__ import annotations

import pytest

from edgenode.cache.guard import shared_guard
from edgenode.cache.lexicon import Lexicon, Relation, base_forms, shared_lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return shared_lexicon()


@pytest.mark.parametrize(("a", "b", "relation"), [
    ("paid", "pay", Relation.SAME),  # an irregular form (lemminflect's table)
    ("payments", "payment", Relation.SAME),  # WordNet's detachment rules
    ("rainfall", "rain", Relation.SYNONYM),
    ("purchase", "buy", Relation.SYNONYM),
    ("automobile", "car", Relation.SYNONYM),
    ("payment", "pay", Relation.SYNONYM),  # derivationally related
    ("cheap", "expensive", Relation.OPPOSITE),
    ("buy", "sell", Relation.OPPOSITE),
    ("depart", "arrive", Relation.OPPOSITE),  # depart is a kind of leave, the opposite of arrive
    ("wheat", "maize", Relation.KIN),
    ("train", "bus", Relation.KIN),
    ("monday", "tuesday", Relation.KIN),
    ("cat", "dog", Relation.KIN),  # one grandparent: carnivore
    ("spent", "paid", Relation.UNRELATED),  # one action a kind of the other: the vectors decide
    ("hostel", "hotel", Relation.NARROWER),  # one thing a kind of the other: only near-identical vectors agree
    ("fridge", "refrigerator", Relation.NARROWER),
    ("config", "configuration", Relation.UNKNOWN),
])
def test_relations(lexicon, a, b, relation):
    assert lexicon.relation(a, b) is relation
    assert lexicon.relation(b, a) is relation


def test_verdicts():
    assert Relation.SYNONYM.agrees and Relation.SAME.agrees
    assert Relation.OPPOSITE.agrees is False and Relation.KIN.agrees is False
    assert Relation.UNKNOWN.agrees is None and Relation.UNRELATED.agrees is None and Relation.NARROWER.agrees is None


def test_a_broader_noun_is_one_or_two_levels_up(lexicon):
    assert lexicon.broader("fruit", "apple") and lexicon.broader("bird", "parrots")
    assert not lexicon.broader("apple", "fruit") and not lexicon.broader("apple", "apples")
    assert not lexicon.broader("wheat", "maize") and not lexicon.broader("qwzx", "apple")


def test_antonyms_are_a_words_own_opposites_not_those_of_what_it_is_a_kind_of(lexicon):
    assert lexicon.antonyms("slow", "fast") and lexicon.antonyms("worse", "better")
    assert lexicon.relation("sit", "stay") is Relation.OPPOSITE and not lexicon.antonyms("sit", "stay")


def test_physical_things_are_below_physical_entity(lexicon):
    assert all(lexicon.physical(w) for w in ("sink", "drain", "tornadoes", "mattress", "windshield"))
    assert not any(lexicon.physical(w) for w in ("fee", "cost", "payment", "qwzx", "quickly"))


def test_places_are_nouns_most_of_whose_senses_are_locations(lexicon):
    assert all(lexicon.place(w) for w in ("city", "location", "town", "village", "cities"))
    assert not any(lexicon.place(w) for w in ("home", "card", "amount", "season", "where"))


def test_languages_are_nouns_below_the_means_of_communicating(lexicon):
    assert all(lexicon.language(w) for w in ("spanish", "swahili", "german", "fortran", "java"))
    assert not any(lexicon.language(w) for w in ("spain", "japan", "paris", "card", "word"))


def test_base_forms_follow_the_detachment_rules():
    known = {"box", "church", "boil", "take", "large"}
    assert base_forms("boxes", known) == {"box"}
    assert base_forms("churches", known) == {"church"}
    assert base_forms("boiling", known) == {"boil"}
    assert base_forms("taking", known) == {"take"}
    assert base_forms("larger", known) == {"large"}
    assert base_forms("took", known) == frozenset()
    assert base_forms("took", known, {"took": ["take"]}) == {"take"}


def test_a_term_whose_final_s_is_no_plural_has_no_base_form_without_it(lexicon):
    assert lexicon.lemmas("https") == frozenset() and lexicon.lemmas("http") == {"http"}
    assert lexicon.relation("http", "https") is not Relation.SAME
    assert lexicon.lemmas("urls") == {"url"}


@pytest.mark.parametrize(("stored", "asked", "same"), [
    ("best time to plant wheat in Meknes?", "best time to plant maize in Meknes?", False),
    ("train ticket price from Rabat to Fes?", "bus ticket price from Rabat to Fes?", False),
    ("is the pharmacy open on Monday?", "is the pharmacy open on Tuesday?", False),
    ("how much to buy a used car in Dakar?", "how much to buy a used automobile in Dakar?", True),
    ("how much to buy a used car in Dakar?", "how much to purchase a used car in Dakar?", True),
    ("how much to buy a used car in Dakar?", "how much to sell a used car in Dakar?", False),
    ("average rainfall in Tunis in 2023?", "average rain in Tunis in 2023?", True),
    ("how long does cooked rice keep in the fridge?", "how long does cooked rice keep in the refrigerator?", True),
    ("how long does cooked rice keep in the fridge?", "how long does cooked rice keep in the freezer?", False),
    ("can I cancel my hotel booking for free?", "can I cancel my hostel booking for free?", False),
    ("how long does cooked rice keep in the fridge?", "hi, how long does cooked rice keep in the fridge? thanks!", True),
    ("average rent for a 2-bedroom apartment in Lisbon?", "average rent for a 2-bedroom furnished apartment in Lisbon?",
     False),  # a word only one side has narrows a word both have
    ("what does the tyre pressure warning light mean?", "what does the flashing tire pressure warning light mean?",
     False),  # ... also one that met its counterpart in another spelling
    ("what does the tyre pressure warning light mean?", "what does the tire pressure warning light mean?", True),
    ("price of wheat in Meknes?", "price of wheat and maize in Meknes?", False),  # kin does not imply kin
    # two physical things WordNet relates in no way are two things, however close their vectors (0.62-0.72)
    ("how often should I rotate the tires on my bike?", "how often should I rotate the wheels on my bike?", False),
    ("how do I clean soot from a chimney?", "how do I clean soot from a fireplace?", False),
    ("how often should I replace my bed?", "how often should I replace my mattress?", False),
    ("how do I get a crack out of my window?", "how do I get a crack out of my windshield?", False),
    ("what is the usual fee for a plumber call-out?", "what does a plumber call-out usually cost?", True),  # abstract
])
def test_the_guard_asks_wordnet_first(stored, asked, same):
    assert shared_guard().same_text(stored, asked) is same


def test_a_word_that_says_without_is_no_synonym_of_what_it_lacks(lexicon):
    # WordNet derives "cordless" from "cord", which read "corded blinds" and "cordless blinds" as one meaning
    assert lexicon.relation("corded", "cordless") is Relation.OPPOSITE
    assert lexicon.relation("wireless", "wired") is Relation.OPPOSITE
    assert lexicon.privative("sugarless", "sugar") and not lexicon.privative("unless", "un")
    assert not lexicon.privative("cordless", "wireless")
    # WordNet does not know "tankless": its stem still says what it lacks
    assert lexicon.relation("tank", "tankless") is Relation.OPPOSITE
    assert lexicon.relation("tankless", "tanks") is Relation.OPPOSITE
    assert lexicon.relation("brushless", "brush") is Relation.OPPOSITE
    assert lexicon.relation("tankless", "boiler") is Relation.UNKNOWN
