"""The semantic cache's parts on the real embedding table and the real hnswlib index (no fakes)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from bench.cacheeval import Pair, design, evaluate
from controlplane.kernel.config import DEFAULT_CACHE_THRESHOLD, CacheSettings, ModelCache
from controlplane.kernel.prompts import Fact, Reading, exact_key, lemma, read
from controlplane.wire.stream import read_response
from edgenode.cache.edge import BYPASS, CACHE_HEADER, HIT, MISS_MARK, EdgeCache, mark_stream, mark_unary
from edgenode.cache.embed import StaticEmbedder, WordVectors, shared_embedder, shared_word_vectors
from edgenode.cache.guard import Guard, Verdict, opposite, shared_guard
from edgenode.cache.store import EXACT, GUARD, MISS, SEARCH_K, SEMANTIC, UNENCODED, SemanticCache
from edgenode.lm.corpus import examples
from proto import service_pb2


@pytest.fixture(scope="module")
def embedder() -> StaticEmbedder:
    return shared_embedder()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def guard() -> Guard:
    return shared_guard()


FRAUD = "card 1234 paid 1500 MAD at 16:00 in Casablanca, home Lagos, 3 payments last hour. fraud?"
GRID = "feeder F12 load 30 MW peak 46 MW solar 10 MW. config?"
CROP = "soil clay pH 6.5 rain 300 mm region Souss season winter. crop?"


def test_what_is_asked_is_read_where_an_interrogative_opens_a_clause():
    assert read("why does my code fail when I call the API?").asks == {"why"}
    assert read("so, how long should I rest between sets when lifting?").asks == {"how long"}
    assert read("who wrote Dracula and in what year was it published?").asks == {"who", "when"}
    assert read("back pain that gets worse when lying down").asks == frozenset()
    assert read("how long is the drive?").fact_key == read("the drive?").fact_key  # asks leave routing alone
    # what a thing is for asks why, however "what is" is written; a verb's own "for" does not
    for text in ("What is the overflow hole for?", "What's the overflow hole for?", "whats the overflow hole for"):
        assert read(text).asks == {"why"} and read(text).spelled[:3] == ("why", "is", "the"), text
    assert read("What does NASA stand for?").asks == frozenset()


def test_facts_are_bound_to_their_roles():
    facts = {(f.kind, f.label, f.value, f.unit) for f in read(FRAUD).facts}
    assert {("num", "card", "1234", ""), ("num", "paid", "1500", "mad"), ("time", "at", "16:00", ""),
            ("name", "in", "casablanca", ""), ("name", "home", "lagos", ""), ("num", "", "3", "payment"),
            ("window", "", "past", ""), ("num", "", "3600", "second")} == facts  # "last hour": the past 3,600 seconds
    # a metric prefix is taken into the value, so one quantity is one fact however it is written
    assert ("num", "load", "-30000000", "w") in {(f.kind, f.label, f.value, f.unit) for f in read("load -30 MW").facts}


@pytest.mark.parametrize(("a", "b", "same"), [
    # the same fact written another way
    ("balance $1,300?", "balance 1300 USD?", True),
    ("balance EUR 1,910?", "balance 1,910 EUR?", True),
    ("a 780k AUD mortgage over 30 years", "a 780,000 AUD mortgage over 30 years", True),
    ("check-out until 2 pm?", "check-out until 14:00?", True),
    ("train after 5:30 p.m. on Thursday", "train after 17:30 on Thursday", True),
    ("on June 28th, 2019", "on 28 June 2019", True),
    ("a cake that serves twelve people", "a cake that serves 12 people", True),
    ("roast at 190 degrees Celsius", "roast at 190 C", True),
    ("what's the fee", "what is the fee", True),
    ("50 gigabytes of data", "50 GB of data", True),
    ("how many grams is 5 cups of cheese?", "5 cups of cheese is how many grams?", True),
    ("buy a laptop for under 750 CAD", "buy a laptop for below 750 CAD", True),
    # a currency code written against its number, a product against its numbers, a short month, a dotted clock
    ("a premium membership at GBP 49.99 a month", "a premium membership at GBP49.99 a month", True),
    ("a premium membership at GBP 49.99 a month", "a premium membership at GBP59.99 a month", False),
    ("artwork resolution for a 60 x 90 cm poster", "artwork resolution for a 60x90cm poster", True),
    ("artwork resolution for a 60 x 90 cm poster", "artwork resolution for a 60x80cm poster", False),
    ("refund for the 14 August show", "refund for the 14 aug show", True),
    ("refund for the 14 August show", "refund for the 14 oct show", False),
    ("doors open at 7:30 pm", "doors open at 7.30pm", True),
    ("doors open at 7:30 pm", "doors open at 7.30am", False),
    # a fact changed: bound, sign of an operation, what is compared against, counted noun, role of a code
    ("buy a laptop for under 750 CAD", "buy a laptop for over 750 CAD", False),
    ("stay at least 3 nights", "stay at most 3 nights", False),
    ("solve 2x - 7 = 32 for x", "solve 2x + 7 = 32 for x", False),
    ("is a fixed tariff cheaper than a green tariff?", "is a green tariff cheaper than a fixed tariff?", False),
    ("is an atom of gold heavier than an atom of lead?", "is an atom of lead heavier than an atom of gold?", False),
    ("is an atom of gold heavier than an atom of lead?", "is a gold atom heavier than an atom of lead?", True),
    # an acronym spelled out on the other side is the same thing; spelled otherwise, it is another
    ("what is an ETF?", "what is an exchange-traded fund?", True),
    ("does the NYC subway run 24 hours?", "does the New York City subway run 24 hours?", True),
    ("name some countries that fought in WWI", "name some countries that fought in World War I", True),
    ("what is an ETF?", "what is an exchange-traded note?", False),
    ("does the NYC subway run 24 hours?", "does the New York subway run 24 hours?", False),
    # an amount does not answer how often; "can" is not "should"; a word narrowing a shared one is refused first
    ("how often should I feed a kitten?", "how much should I feed a kitten?", False),
    ("how many push-ups should a beginner do?", "how often should a beginner do push-ups?", False),
    ("how often should I feed a kitten?", "how frequently should I feed a kitten?", True),
    ("how many fins does a thruster surfboard have?", "why does a thruster surfboard have that many fins?", False),
    ("how many seats are there in the stadium?", "where are the seats in the stadium?", False),
    ("how early should I arrive at the airport?", "how early can I arrive at the airport?", False),
    # advised is not required (the thirteenth split's author labels "should I book" and "must I book" two questions)
    ("how early should I arrive at the airport?", "how early must I arrive at the airport?", False),
    ("how early should I arrive at the airport?", "how early is it advisable to arrive at the airport?", True),
    ("how do I find my tax refund status?", "how do I find my state tax refund status?", False),
    ("do I pay tax on money I receive as a gift?", "do I pay tax on money I give as a gift?", False),
    # a period that only frames "how often" says nothing more; one it does not frame, or another period, does
    ("how often should I feed a puppy?", "how many times a day should I feed a puppy?", True),
    ("how many times a day should I feed a puppy?", "how many times a week should I feed a puppy?", False),
    ("how often should I feed a puppy?", "how often should I feed a puppy during the day?", False),
    ("how much protein should I eat?", "how much protein should I eat a day?", False),
    # "what time of year", "which months": when
    ("when is monsoon season in India?", "what time of year is monsoon season in India?", True),
    ("when is hurricane season in the Atlantic?", "which months is the Atlantic hurricane season?", True),
    ("when is the best time of year to visit Iceland?", "when is the best time of day to visit Iceland?", False),
    # "a mile" is one mile; two miles are not
    ("how many calories does running a mile burn?", "calories burned running 1 mile", True),
    ("how much protein is in a large egg?", "protein in one large egg", True),
    ("how many calories does running a mile burn?", "calories burned running 2 miles", False),
    ("how many grams are in a cup of flour?", "how many grams are in one cup of sugar?", False),
    # "+" between words is "and"; "Wi-Fi" is one word
    ("is it safe to mix bleach and vinegar?", "bleach + vinegar safe to mix?", True),
    ("why is my Wi-Fi slow at night?", "why is my wifi slow at night?", True),
    ("solve 2x - 7 = 32 for x", "solve 2x + 7 = 32 for x", False),
    # "US" is a code; "how do I know if" asks for the signs; "or not" closing a question negates nothing
    ("what is a US size 8 in UK dress sizes?", "what is a UK size 8 in US dress sizes?", False),
    ("who was the first president of the United States?", "who was the first US president?", True),
    ("how do I know if my baby has a fever?", "signs my baby has a fever", True),
    ("how do I know if my baby has a fever?", "what should I do if my baby has a fever?", False),
    ("is hyaluronic acid good for oily skin?", "hyaluronic acid for oily skin, good or not?", True),
    ("is hyaluronic acid good for oily skin?", "is hyaluronic acid not good for oily skin?", False),
    ("should I prewash my fabric if it's a red batik?", "prewash red batik fabric - yes or no?", True),
    ("should I preheat cast iron before welding it?", "cast iron - preheat before welding or no?", True),
    ("should I preheat cast iron before welding it?", "should I not preheat cast iron before welding it?", False),
    ("can I work in the US on an F-1 visa?", "can I work in the US on an F1 visa?", True),
    # "at what age" is "when" unless the past is asked; "how regularly" is "how often"
    ("when can babies start eating solid food?", "at what age can babies start eating solid food?", True),
    ("when did Mozart write his first symphony?", "at what age did Mozart write his first symphony?", False),
    ("how often should I clean my solar panels?", "how regularly should I clean my solar panels?", True),
    # "in", "at" and "on" give a name one role, "to" and "into" another
    ("do all trains from Paris to Hamburg stop in Milan?", "do all trains from Paris to Hamburg stop at Milan?", True),
    ("how much are hotels in Milan?", "how much are flights to Milan?", False),
    ("how much is a train ticket to Milan?", "how much is a train ticket in Milan?", False),
    # "without" a word is its opposite said plainly
    ("how do I undo the last git commit but keep the changes?",
     "how can I undo my last commit in git without losing the changes?", True),
    ("how do I undo the last git commit but keep the changes?",
     "how can I undo my last commit in git without keeping the changes?", False),
    # names in lower case: a keyword query has no roles to keep; a difference asked has no order
    ("how do I fix stuttering in Elden Ring on PC?", "elden ring pc stutter fix", True),
    ("what is the difference between GDP and GNP?", "gdp vs gnp", True),
    ("what is the difference between GDP and GNP?", "gdp vs gni", False),
    ("how long is the flight from Paris to Lyon?", "flight time lyon paris", False),
    # a word quoted on one side may be written unquoted on the other
    ("should there be a comma before 'and' in a list?", "comma before and in a list?", True),
    ("should there be a comma before 'and' in a list?", "comma before or in a list?", False),
    ("a room for 2 adults", "a room for 2 children", False),
    ("cost to call the US from the UK", "cost to call the UK from the US", False),
    ("check-out until 2 pm?", "check-out until 2 am?", False),
    # what is asked
    ("when does the first train leave Rabat?", "at what time does the first train leave Rabat?", True),
    ("how often should I water a cactus?", "how frequently should I water a cactus?", True),
    ("when does the first train leave Rabat?", "where does the first train leave Rabat?", False),
    ("how long is the drive to Fes?", "how far is the drive to Fes?", False),
    ("how long does cooked rice keep in the fridge?", "how many days does cooked rice keep in the fridge?", True),
    ("how often should I water a cactus?", "how many times should I water a cactus?", True),
    # an interrogative asks where it opens its clause; later it only joins clauses
    ("why does my code raise a KeyError when I call the API?",
     "why does my code raise a KeyError whenever I call the API?", True),
    ("who wrote Dracula and in what year was it first published?",
     "in what year was Dracula first published, and who wrote it?", True),
    ("who wrote Dracula and in what year was it first published?", "who wrote Dracula and where was it published?",
     False),
    # light verbs and modality carry nothing of their own
    ("can I cancel my booking for free 14 days before arrival?",
     "is it possible to cancel my booking for free 14 days before arrival?", True),
    ("how long would it take to run 10 km at 4 min per km?", "how much time would I need to run 10 km at 4 min per km?",
     True),
    # labels after their value, or before a colon
    ("feeder F12 load 30 MW peak 46 MW solar 10 MW. config?", "feeder F12: 30 MW load, 46 MW peak, 10 MW solar. config?",
     True),
    ("soil clay pH 6.5 rain 300 mm. crop?", "soil: clay, pH: 6.5, rain: 300 mm. best crop?", True),
    ("feeder F12 load 30 MW peak 46 MW. config?", "feeder F12: 46 MW load, 30 MW peak. config?", False),
    # one quantity with another metric prefix; not another quantity, nor another unit
    ("How long will a 1 kg spool of PLA last?", "How long will a 1000 g spool of PLA last?", True),
    ("move a plant into a pot from a 15 cm pot", "move a plant into a pot from a 150 mm pot", True),
    ("is 0.5 l of water enough?", "is 500 ml of water enough?", True),
    ("How long will a 1 kg spool of PLA last?", "How long will a 100 g spool of PLA last?", False),
    ("is 0.5 l of water enough?", "is 0.5 gal of water enough?", False),
    # a name or a unit typed with a slip, which WordNet knows; not a code, where one letter makes another
    ("Do I get paid on jury duty in California?", "Do I get paid on jury duty in Califronia?", True),
    ("What if we do not escape within the 60 minutes?", "What if we do not escape within the 60 mintues?", True),
    ("Do I get paid on jury duty in California?", "Do I get paid on jury duty in Carolina?", False),
    ("What is BATNA in negotiation?", "What is WATNA in negotiation?", False),
    # a unit's name typed with a slip is that unit, its metric prefix taken in; not another unit's name
    ("feeder F21 load 12 MW peak 31 MW. config?", "f21 has load of 12 megaawatts, peak: 31 mw - which config?", True),
    ("rain 150 mm. crop?", "RAIN: 150 MILLIETRES -> CROP?", True),
    ("feeder F21 load 12 MW peak 31 MW. config?", "f21 has load of 12 kilowats, peak: 31 mw - which config?", False),
    # a season whose name is also a verb or a thing, a date on one side and a bare word on the other
    ("soil sand pH 7.5 rain 450 mm region Meknes season spring. crop?",
     "rain 450 mm, ph 7.5, soil: sand, in spring, meknes area. crop?", True),
    ("soil sand pH 7.5 rain 450 mm region Meknes season spring. crop?",
     "rain 450 mm, ph 7.5, soil: sand, in autumn, meknes area. crop?", False),
    ("best time to visit the hot spring", "best time to visit in spring", False),
    # an operator between no two numbers is punctuation where the other side writes no operator's sign
    ("Is it stalemate if I have no legal moves and I am in check?", "no legal moves + in check = stalemate?", True),
    ("How many people are in a 4+ boat?", "How many people are in a 4- boat?", False),
    ("What is the difference between == and === in JavaScript?", "What is the difference between = and == in JavaScript?",
     False),
    # a sign in words; a bound said by a comparative
    ("Can I cold crash my beer at -2 C?", "Is it OK to cold crash my beer at minus 2 C?", True),
    ("Can I cold crash my beer at -2 C?", "Can I cold crash my beer at 2 C?", False),
    ("Must I tell ATC before launching a rocket heavier than 1.5 kg?", "Must I tell ATC before launching a rocket over 1.5 kg?", True),
    ("Must I tell ATC before launching a rocket heavier than 1.5 kg?", "Must I tell ATC before launching a rocket lighter than 1.5 kg?", False),
    # "legal" asks what "can" and "allowed" ask; "last", "keep" and "stay" say how long a thing lasts, unless one side
    # asks something else of it
    ("Can I serve above my waist in doubles?", "Is it legal to serve above the waist in doubles?", True),
    ("Must I serve below my waist in doubles?", "Is it legal to serve below the waist in doubles?", False),
    ("How long do home-canned peaches last on the shelf?", "How long will home-canned peaches keep on the shelf?", True),
    ("How long is someone with the flu contagious?", "How long does the flu last?", False),
    # a wait asked ("how long before") is no amount of a thing, though "how much" of one that lasts may be how long
    ("How long before a meal should I inject Humalog?", "How much Humalog should I inject before a meal?", False),
    ("How long after a workout should I drink Gatorade?", "How much Gatorade should I drink after a workout?", False),
    ("How long should a toddler nap?", "How much nap time does a toddler need?", True),
    # an age said bare meets the same age said in years, and not another
    ("My son is 11. Is he old enough to join a water polo club?", "Is my 11-year-old son old enough to join a water polo club?", True),
    ("My son is 11. Is he old enough to join a water polo club?", "Is my 12-year-old son old enough to join a water polo club?", False),
    # a figure said bare meets the same figure said in a unit of measure, and not another figure; a multiplier is
    # no unit a bare figure means
    ("How much inheritance tax is due on a 500,000 pound estate?", "How much inheritance tax is due on a 500k estate?", True),
    ("How much inheritance tax is due on a 500,000 pound estate?", "How much inheritance tax is due on a 600k estate?", False),
    ("What is 5 feet 10 inches in centimeters?", "5'10 in cm", True),
    ("How many miles is 10 kilometers?", "10k is how many miles", True),
    ("How many people are in a 4+ boat?", "How many people are in a 4x boat?", False),
    # a figure and a period written apart are the figure per period, where nothing else could take the period
    ("How much downtime per month does an uptime of 99.9% allow?", "99.9 percent monthly uptime how much downtime?",
     True),
    ("What is the net pay for a gross salary of 3,000 EUR a month?", "net pay on 3,000 euros gross per month?", True),
    ("What will $10,000 a year at 7% be worth?", "What will $10,000 at 7%, annual, be worth?", False),
    ("What is an uptime of 99.9% per month?", "What is an uptime of 99.9% in the last month?", False),
    # a count of a noun written short meets the count of the noun in full; not another count, nor a grade one letter on
    ("What size storage unit do I need for a 2 bedroom flat?", "storage unit size for 2 bed flat", True),
    ("What size storage unit do I need for a 2 bedroom flat?", "storage unit size for a 2br flat", True),
    ("What size storage unit do I need for a 2 bedroom flat?", "storage unit size for 3 bed flat", False),
    ("What is the minimum contrast ratio for normal text under WCAG 2.1 AA?",
     "What is the minimum contrast ratio for normal text under WCAG 2.1 AAA?", False),
    # a US state's postal code is its name, and "UK" the United Kingdom; another state's code is another place
    ("Is it legal to trim my neighbour's branches in Texas?", "is it legal to trim my neighbour's branches in TX?", True),
    ("Is it legal to trim my neighbour's branches in Texas?", "is it legal to trim my neighbour's branches in NV?", False),
    ("How many bird species have been recorded in the UK?", "How many bird species have been recorded in the United Kingdom?", True),
    # a version, an address or a dotted date is a code, its every digit its own; a quantity's trailing zero is not
    ("What is new in Python 3.10?", "What is new in Python 3.1?", False),
    ("Should I upgrade to version 1.2.1?", "Should I upgrade to version 1.2.3?", False),
    ("Why can't I ping 192.168.1.1?", "Why can't I ping 192.168.1.2?", False),
    ("What happened on 12.03.2024?", "What happened on 12.04.2024?", False),
    ("Is $2.50 enough for a bus ticket?", "is $2.5 enough for a bus ticket", True),
    ("Is a 1.50 kg bag of flour enough?", "is a 1.5 kg bag of flour enough", True),
])
def test_facts_written_another_way(guard, a, b, same):
    assert guard.same_text(a, b) is same


@pytest.mark.parametrize(("text", "facts"), [
    ("the value 0x1F", (("id", "x1f", ""), ("num", "0", ""))),  # hexadecimal is no product
    ("costs 7.30 USD", (("num", "7.3", "usd"),)),  # a dotted number without am or pm is no clock
    ("at 7.75pm", (("num", "7.75", "pm"),)),  # nor one past 59 minutes
])
def test_what_the_new_readings_leave_alone(text, facts):
    assert read(text).fact_key == facts


@pytest.mark.parametrize(("asked", "same"), [
    # order, spacing, thousands separators, attached units, windows said another way
    ("feeder F12: peak 46 MW, solar 10 MW, load 30 MW. config?", True),
    ("feeder F12 load 30MW peak 46MW solar 10MW. config?", True),
    ("feeder F12 load 30 megawatts peak 46 MW solar 10 MW. config?", True),
    ("feeder F12 load +30.0 MW peak 46 MW solar 10 MW. config?", True),
    # a sign, a unit, a value, two values swapped between their labels
    ("feeder F12 load -30 MW peak 46 MW solar 10 MW. config?", False),
    ("feeder F12 load 30 kW peak 46 MW solar 10 MW. config?", False),
    ("feeder F12 load 30000 kW peak 46 MW solar 10 MW. config?", True),  # one quantity in another unit
    ("feeder F12 load 30,000 kW peak 46,000 kW solar 10 MW. config?", True),
    ("feeder F12 load 3000 kW peak 46 MW solar 10 MW. config?", False),
    ("feeder F12 load 3.0 MW peak 46 MW solar 10 MW. config?", False),
    ("feeder F12 load 46 MW peak 30 MW solar 10 MW. config?", False),
    ("feeder F13 load 30 MW peak 46 MW solar 10 MW. config?", False),
])
def test_grid_facts(guard, asked, same):
    assert guard.same_text(GRID, asked) is same


@pytest.mark.parametrize(("asked", "same"), [
    ("Card 1234 paid 1,500 MAD at 16:00 in Casablanca, home Lagos, 3 payments within the last hour. Fraud?", True),
    ("fraud? card 1234 paid 1500 MAD at 16:00 in Casablanca, 3 payments last hour, home Lagos.", True),
    ("card 1234 made a payment of 1500 MAD at 16:00 in Casablanca, home Lagos, 3 payments last hour. fraud?", True),
    ("card 1234 paid 1500 EUR at 16:00 in Casablanca, home Lagos, 3 payments last hour. fraud?", False),  # currency
    ("card 1234 paid 1500 MAD at 16:00 in Casablanca, home Lagos, 3 payments last day. fraud?", False),  # window
    ("card 1234 paid 1500 MAD at 16:00 in Casablanca, home Lagos, 3 payments next hour. fraud?", False),
    ("card 1234 paid 1500 MAD at 16:00 in Lagos, home Casablanca, 3 payments last hour. fraud?", False),  # swapped
    ("card 1234 paid 1500 MAD at 16:00 in Casablanca, home Lagos, 3 payments last hour. not fraud?", False),
    ("card 1234 paid 1500 MAD after 16:00 in Casablanca, home Lagos, 3 payments last hour. fraud?", False),
])
def test_fraud_facts(guard, asked, same):
    assert guard.same_text(FRAUD, asked) is same


@pytest.mark.parametrize(("stored", "asked", "same"), [
    # template words compared by meaning: synonyms meet, words that change the action or answer do not
    (CROP, "soil clay pH 6.5 rainfall 300 mm region Souss season winter. crop?", True),
    (CROP, "soil clay, pH 6.5, rain 300 mm, region Souss, season winter. which crop should I plant?", True),
    (GRID, "feeder F12 load 30 MW peak 46 MW solar 10 MW. configuration?", True),
    (GRID, "feeder F12 load 30 MW peak 46 MW solar 10 MW. which settings?", True),
    (FRAUD, FRAUD.replace("paid", "spent"), True),
    (FRAUD, FRAUD.replace("paid", "declined"), False),
    (FRAUD, FRAUD.replace("paid", "refunded"), False),
    (CROP, CROP.replace("crop?", "which crop should I avoid?"), False),
    (CROP, CROP.replace("winter", "summer"), False),
    (CROP, CROP.replace("winter", "autumn"), False),  # seasons are values: their vectors sit at 0.65
    (GRID, GRID.replace("config?", "config offline?"), False),
    ("is port 6379 open on host db1?", "is port 6379 not open on host db1?", False),
    ("is port 6379 open on host db1?", "port 6379 isn't open on host db1?", False),
    ("is port 6379 open on host db1?", "is port 6379 closed on host db1?", False),
    ("cheapest flight from Dakar to Lagos on 18 March?", "cheapest flight on 18 March from Dakar to Lagos?", True),
    ("cheapest flight from Dakar to Lagos on 18 March?", "cheapest flight from Lagos to Dakar on 18 March?", False),
    ("cheapest flight from Dakar to Lagos on 18 March?", "cheapest flight from Dakar to Lagos on 18 April?", False),
    # two units are two answers; two words that end in one word with something else in front name two kinds of it
    ("What size tank does a gecko need in gallons?", "What size tank does a gecko need in litres?", False),
    ("What size tank does a gecko need in gallons?", "What size tank does a gecko need in gal?", True),
    ("Can I borrow ebooks from my library on a Kindle?", "Can I borrow audiobooks from my library on a Kindle?", False),
    ("Does grapefruit juice interact with atorvastatin?", "Does grapefruit juice interact with rosuvastatin?", False),
    ("Does grapefruit juice interact with atorvastatin?", "Does grapfruit juice interact with atorvastatin?", True),
    # a thing sent one way is not sent the other; "from" before a doing is no direction
    ("How do I copy a file to a server?", "How do I copy a file from a server?", False),
    ("What should I wear under a wetsuit?", "What should I wear over a wetsuit?", False),
    ("How do I stop my dog from pulling on the leash?", "How can I get my dog to stop pulling on the leash?", True),
    # words the reader otherwise takes to carry nothing: giving is not getting, another person is not the asker, "and"
    # is not "or", "here" is not "there", the past is not the present, needed is not possible
    ("How much should I give as a wedding gift?", "How much should I get as a wedding gift?", False),
    ("Can you give me a recipe for pancakes?", "Can I get a recipe for pancakes?", True),
    ("Do I need a visa for Japan?", "Do they need a visa for Japan?", False),
    ("Do I need a visa for Japan?", "Do you need a visa for Japan?", True),
    ("Can I take ibuprofen and paracetamol?", "Can I take ibuprofen or paracetamol?", False),
    ("Can I take ibuprofen and paracetamol?", "Can I take paracetamol and ibuprofen?", True),
    ("Can I park here overnight?", "Can I park there overnight?", False),
    ("Is there parking here overnight?", "Can I park here overnight?", True),
    ("Was Pluto a planet?", "Is Pluto a planet?", False),
    ("Is it necessary to water succulents daily?", "Is it possible to water succulents daily?", False),
    ("Is it necessary to water succulents daily?", "Should I water succulents daily?", True),
    # a number bound from above on one side and from below on the other; a milliwatt is no megawatt
    ("Can I return shoes within 30 days?", "Can I return shoes after 30 days?", False),
    ("Can I return shoes within 30 days?", "Can I return shoes over 30 days?", False),
    ("Can I return shoes within 30 days?", "Is it possible to return shoes within 30 days?", True),
    ("Is a 5 mW laser pointer safe?", "Is a 5 MW laser pointer safe?", False),
    ("Is a 5 mW laser pointer safe?", "Is a 5 milliwatt laser pointer safe?", True),
    ("Is a 30 MW plant big?", "Is a 30 mw plant big?", True),
    # signs and symbols written against a letter or a number are part of the fact
    ("How do I reverse a string in C#?", "How do I reverse a string in C++?", False),
    ("How do I reverse a string in C?", "How do I reverse a string in C++?", False),
    ("How do I reverse a string in C#?", "reverse a string C#", True),
    ("Can O+ blood be given to A- patients?", "Can O- blood be given to A+ patients?", False),
    ("Is it safe to run at \u22125 \u00b0C?", "Is it safe to run at 5 \u00b0C?", False),
    ("Is it safe to run at \u20135 \u00b0C?", "Is it safe to run at -5 \u00b0C?", True),
    ("How long is a 3\u20135 day trek?", "How long is a 3-5 day trek?", True),
    ("Alert when disk usage > 85%", "Alert when disk usage < 85%", False),
    ("Alert when disk usage > 85%", "Alert when disk usage is above 85%", True),
    ("Is 3 \u2265 2?", "Is 3 >= 2?", True),
    # a yes-or-no question is not one that asks why, when or how long of it; a reason is asked only where both ask one
    ("Does a ramp need handrails under the ADA?", "Why does a ramp need handrails under the ADA?", False),
    ("In the NYT crossword, is Monday the easiest?", "In the NYT crossword, why is Monday the easiest?", False),
    ("Does the New York bar accept a UBE score?", "How long does the New York bar accept a UBE score?", False),
    ("What is the maximum number of overs in a 50 over match?", "Why is there a maximum number of overs in a 50 over match?", False),
    ("Why is my tortoise not eating after hibernation?", "tortoise wont eat after hibernation", True),
    ("Does a ramp need handrails under the ADA?", "Could you tell me if a ramp needs handrails under the ADA?", True),
    # nor is a word replaced by one WordNet opposes only through what one is a kind of ("sit", "stay"); its own
    # opposites still are
    ("How long can cooked pasta sit out at room temperature?", "how long can cooked pasta stay out", True),
    ("Why is my laptop slow at night?", "Why is my laptop fast at night?", False),
    ("Why is my laptop slow at night?", "Why is my laptop slow in the morning?", False),
    # a word only one side has is no opposite of one the other side has through WordNet's senses and hypernyms
    ("Will a VPN slow down my gaming speed?", "does a vpn slow my gaming", True),
    ("Will a VPN slow down my gaming speed?", "will a vpn speed up my gaming", False),
    ("Do I need a permit to hold a garage sale in Leeds?", "garage sale permit needed in Leeds?", True),
    ("Do I need a permit to hold a garage sale in Leeds?", "Do I need a permit to cancel a garage sale in Leeds?", False),
    # asking what a thing is for asks why there is one; a verb's own "for" asks no reason
    ("Why does a sink have an overflow hole?", "What is the overflow hole in a sink for?", True),
    ("Why does a sink have an overflow hole?", "whats the overflow hole in a sink for", True),
    ("Why does a sink have an overflow hole?", "What's the overflow hole in a sink for?", True),
    ("What is the overflow hole in a sink for?", "How big is the overflow hole in a sink?", False),
    ("What does NASA stand for?", "Why was NASA founded?", False),
    # a counted noun of three letters is counted as a longer one is
    ("How much is a ticket for 2 adults and 3 kids at the aquarium?", "how much is a ticket for two adults and three children at the aquarium", True),
    ("How much is a ticket for 2 adults and 3 kids at the aquarium?", "How much is a ticket for 2 adults and 3 dogs at the aquarium?", False),
    # the thing asked for named by a kind of it is the judge's; by another thing, not
    ("What is the story of Icarus?", "could you tell me the myth of Icarus?", True),
    ("What is the story of Icarus?", "What is the lesson of Icarus?", False),
    # two prepositions "or" joins govern one phrase, which "or" may also repeat after the second
    ("Is it better to water tomatoes before or after sunset?", "Is it better to water tomatoes before sunset or after it?", True),
    ("Is it better to water tomatoes before or after sunset?", "Is it better to water tomatoes after sunset?", False),
    # how long ago a thing happened asks when it did; "can anyone tell me" is a request, as "can you tell me" is
    ("How long ago did the Romans leave Britain?", "When did the Romans leave Britain?", True),
    ("How long ago did the Romans leave Britain?", "How long did the Romans stay in Britain?", False),
    ("Can anyone tell me how you reseed a lawn?", "How do I reseed a lawn?", True),
    ("Could someone tell me how you reseed a lawn?", "Could someone reseed my lawn?", False),
    # a modal opens a yes-or-no question after a clause as it does at the start
    ("My son is 12 and weighs 40 kg; can he ride in the front seat?", "My son is 12 and weighs 40 kg; when can he ride in the front seat?", False),
    # facts that only their places tell apart trade places; a moved clause or a choice's order keeps them
    ("Can I put a 15 amp microwave on a 20 amp circuit?", "Can I put a 20 amp microwave on a 15 amp circuit?", False),
    ("What does (3,4) after a cryptic clue mean?", "What does (4,3) after a cryptic clue mean?", False),
    ("Can I get a refund in EUR if I paid in GBP?", "Can I get a refund in GBP if I paid in EUR?", False),
    ("Can I get a refund in EUR if I paid in GBP?", "If I paid in GBP, can I get a refund in EUR?", True),
    ("Is Claritin or Zyrtec less likely to make me drowsy?", "Which is less likely to make me drowsy, Zyrtec or Claritin?", True),
    # the asker and someone both name trade places before one verb; a thing made the subject is no such swap
    ("Can I paint my walls without my landlord's permission?", "Can my landlord paint my walls without my permission?", False),
    ("What should I bring to a notary appointment?", "What should a notary bring to my appointment?", False),
    ("Should I move the mic away from my mouth on loud notes?", "Should the mic be moved away from my mouth on loud notes?", True),
    # a comparison with "than" is not one with "as ... as"; an adjective compared without "than" may be either
    ("Is a 7-10 split harder to pick up than a 4-6 split?", "Is a 7-10 split as hard to pick up as a 4-6 split?", False),
    ("Why does my sunscreen leave a white cast on darker skin?", "why does my sunscreen leave white cast on dark skin", True),
    ("In KaraFun, does a key of -2 make the song lower?", "In KaraFun, how much lower does a key of -2 make the song?", False),
    # "need to" and "have to" say needed, as "must" does; one of several picked; "May" written as a month is one
    ("Does Portra 400 need to be overexposed by 1 stop?", "Can Portra 400 be overexposed by 1 stop?", False),
    ("Can you give me a simple recipe for risotto?", "I need a simple recipe for risotto", True),
    ("Which opera did Verdi write after Aida?", "Which opera did Verdi write last, after Aida?", False),
    ("How long does a metal roof last?", "What is the lifespan of a metal roof?", True),
    ("Must I wear a life jacket between November and May?", "Must I wear a life jacket between May and November?", False),
    ("May I park here overnight?", "Can I park here overnight?", True),
    # "then" typed for "than" after a comparison; a period held is not one reached; "during" is not "between"
    ("Is the CPA exam harder than the bar exam?", "is the cpa exam harder then the bar exam", True),
    ("Should I boil the water then add the pasta?", "Should I boil the water and then add the pasta?", True),
    ("Must a compost pile reach 131 F for 3 days?", "Must a compost pile reach 131 F in 3 days?", False),
    ("What is the payment on a $320000 mortgage at 3.5% over 25 years?",
     "What is the payment on a $320000 mortgage at 3.5% for 25 years?", True),
    ("Can my coach talk to me during a round?", "Can my coach talk to me between rounds?", False),
    ("In epee, is a hit under 40 milliseconds apart a double?", "In epee, is a hit under 40 ms apart a double?", True),
    # a clause of the asker against one of someone else; required against recommended; another particle
    ("Can my baby sleep on her stomach if she rolls over?", "Can my baby sleep on her stomach if I roll her over?", False),
    ("Can my baby sleep on her stomach if she rolls over?", "If she rolls over, can my baby sleep on her stomach?", True),
    ("How long before it expires should I book the exam?", "How long before it expires must I book the exam?", False),
    ("Is it necessary to water succulents daily?", "Must I water succulents daily?", True),
    ("Should I breathe out when I roll up in Pilates?", "Should I breathe out when I roll over in Pilates?", False),
    ("How do I turn off the child lock on a Bosch dishwasher?", "How do you turn the child lock off on a Bosch dishwasher?", True),
    # alike word for word but one: another person, "and" for "or", "if" for "unless"; "unless" against "if"
    ("I weigh 90 kg and my son 40 kg; should I sit in the stern?", "I weigh 90 kg and my son 40 kg; should he sit in the stern?", False),
    ("I have a pacemaker; is electroacupuncture safe for me?", "I have a pacemaker; is electroacupuncture safe for him?", False),
    ("Can I kitesurf if the wind is offshore and there's a rescue boat?", "Can I kitesurf if the wind is offshore or there's a rescue boat?", False),
    ("Should I water my orchid if the roots are silver?", "Should I water my orchid unless the roots are silver?", False),
    ("Should I water my orchid unless the roots are silver?", "Unless the roots are silver, should I water my orchid?", True),
    ("Do I need a visa for Japan?", "Do you need a visa for Japan?", True),
    # alike word for word but one asker for several, a helper of the past for one of the present, or a person and
    # the helper that agrees with it
    ("Can I make a vase in a 2 hour glassblowing class?", "Can we make a vase in a 2 hour glassblowing class?", False),
    ("I have a pacemaker; is electroacupuncture safe for me?", "I had a pacemaker; is electroacupuncture safe for me?", False),
    ("My tank is 60 cm; how much aquasoil do I need?", "My tank is 60 cm; how much aquasoil does she need?", False),
    ("My tank is 60 cm; how much aquasoil do I need?", "My tank is 60 cm; how much aquasoil will I need?", True),
    # two compared against the most of all
    ("Does diluting the dye 1:3 give a lighter shade?", "Does diluting the dye 1:3 give the lightest shade?", False),
    ("Which is more expensive to run, a heat pump or a boiler?", "Which is the most expensive to run, a heat pump or a boiler?", False),
    # which one, against whether or why
    ("Do I have to use bread flour in my bread maker?", "Which bread flour do I have to use in my bread maker?", False),
    ("Which leathers can't be tooled?", "Why can't some leathers be tooled?", False),
    ("How many merit badges are required for the Eagle Scout rank?", "Which merit badges are required for the Eagle Scout rank?", False),
    ("Which streaming service has The Office?", "Where can I stream The Office?", True),
    # in, on, or out of it
    ("Can I put compost on my garden?", "Can I put compost in my garden?", False),
    ("Can I bring food into the cinema?", "Can I bring food out of the cinema?", False),
    ("Can I put compost in my garden?", "Can I put compost into my garden?", True),
    ("Do all trains from Paris to Hamburg stop in Milan?", "Do all trains from Paris to Hamburg stop at Milan?", True),
    # two short spans that trade places; not a list's order, a question turned round, or keywords reordered
    ("I'm a green belt and my friend is a brown belt; which of us is senior?", "I'm a brown belt and my friend is a green belt; which of us is senior?", False),
    ("Can I learn to juggle clubs before I can juggle 3 balls?", "Can I learn to juggle 3 balls before I can juggle clubs?", False),
    ("Which is cheaper to run, a heat pump or a boiler?", "Which is cheaper to run, a boiler or a heat pump?", True),
    ("how many grams is 2 cups of butter?", "2 cups of butter is how many grams?", True),
    # the preposition beside a number: a target, a change, a share, an excess; a period held for or over so long
    ("Can I lay bricks if it'll drop to 2 C overnight?", "Can I lay bricks if it'll drop by 2 C overnight?", False),
    ("Do I get the money if my project reaches 90% of its goal?", "Do I get the money if my project reaches 90% over its goal?", False),
    ("What are the monthly payments on a $320000 mortgage at 3.5% over 25 years?", "What are the monthly payments on a $320000 mortgage at 3.5% for 25 years?", True),
    # word for word with a condition or a phrase added: a narrower question
    ("How often should I hone a knife I use every day?", "How often should I hone a knife I use every day if the blade is ceramic?", False),
    ("Can I plug a 4-prong dryer cord into a 3-prong outlet?", "Can I plug a 4-prong dryer cord into a 3-prong outlet with an adapter?", False),
    ("What country has the most time zones?", "What country has the most time zones on its mainland?", False),
    ("Can I skate on a pond if the ice is 4 inches thick?", "4 inches of ice on a pond, can I skate on it?", True),
    # numbers whose labels are one word in two forms trade places; a bound sign before a clock time
    ("I weigh 90 kg and my son weighs 40 kg; should I sit in the stern?", "I weigh 40 kg and my son weighs 90 kg; should I sit in the stern?", False),
    ("Is a 2k erg time < 7:00 good for a lightweight man?", "Is a 2k erg time > 7:00 good for a lightweight man?", False),
    ("Is a 2k erg time < 7:00 good for a lightweight man?", "is a 2k erg time under 7:00 good for a lightweight man", True),
    # a modifier that names the default case narrows nothing when dropped; another modifier still does
    ("How many yards of fabric do I need to reupholster a standard wingback chair?", "yards of fabric to reupholster wingback chair", True),
    ("How many yards of fabric do I need to reupholster a wingback chair?", "yards of fabric to reupholster a large wingback chair", False),
    ("How long do brake pads usually last?", "how long do brake pads last", True),
    # word for word with a word of degree added, or a pronoun made someone named
    ("Can dogs see colors?", "Can dogs see some colors?", False),
    ("How much does a full groom cost for a dog > 25 kg?", "How much more does a full groom cost for a dog > 25 kg?", False),
    ("Do I need a medical certificate for a Channel solo?", "Do I need a medical certificate for each Channel solo?", False),
    ("Do I get a shido if I step out of the contest area?", "Does my opponent get a shido if I step out of the contest area?", False),
    ("Do I get a shido if I step out of the contest area?", "Do you get a shido if you step out of the contest area?", True),
    # what the thing is, against why it is so
    ("What's the minimum calibre for shooting deer in England?", "Why is there a minimum calibre for shooting deer in England?", False),
    # "both" said on one side only, not of a pair it names
    ("My son is 8; which scale should I buy for him?", "My son is 8; which scale should I buy for both of us?", False),
    ("How do I center a div horizontally and vertically with CSS?", "Using CSS, how can I center a div both vertically and horizontally?", True),
    # no word and no fact in common: nothing for the paraphrase judge to weigh
    ("what is love", "xq", False),
    (" ".join(["word"] * 600), "ab", False),
    # a count of one against "a" before the unit, whatever the unit is read in; "take" is what a giver's receiver does
    ("How far is it to walk 1 km?", "How far is it to walk a kilometre?", True),
    ("How much ibuprofen should I give my child?", "How much ibuprofen should my child take?", True),
    # a way asked is not an amount, unless the way finds the amount
    ("How do I tell a client that I am raising my rates?", "How much should I raise my rates for a client?", False),
    ("How do I count the lines in a file in bash?", "bash command to count how many lines a file has", True),
    ("How do I burn calories at work?", "How many calories do I burn at work?", False),
    # a noun one kind of another: an abstract one may be the same thing named loosely, a physical thing is another
    ("What are the benefits of a road diet?", "What are the advantages of a road diet?", True),
    ("How much is a night in a hotel in Rabat?", "How much is a night in a hostel in Rabat?", False),
])
def test_template_words_by_meaning(guard, stored, asked, same):
    assert guard.same_text(stored, asked) is same


@pytest.mark.parametrize(("stored", "asked", "same"), [
    # a name written in lower case meets it in the same role, not in another
    ("how long is the train journey from Lyon to London?", "how long is the train journey from lyon to london?", True),
    ("how long is the train journey from Lyon to London?", "how long is the train journey from london to lyon?", False),
    ("is a sore arm normal after the COVID vaccine?", "is a sore arm normal after the covid vaccine?", True),
    # one of several names labelled on one side only: by a free word of the other side, not another name's label
    ("Who won the Tour de France in 1998?", "1998 Tour de France winner?", True),
    ("Did Spain beat Italy in the 2012 final?", "Did Italy beat Spain in the 2012 final?", False),
    # a label is not taken from the number's own currency
    ("my balance is 1,850 EUR, what is left after a card payment of 1,910 EUR?",
     "my balance is 1,850 EUR, what is left after a card payment of EUR 1,910?", True),
    # the verb that opens a request, and question phrases said another way
    ("What is photosynthesis?", "Could you explain what photosynthesis is?", True),
    ("Should there be a comma before 'and' in a list?", "Should there be a comma before 'and' in a sentence?", False),
    ("Why did my bread not rise?", "What are the reasons my bread didn't rise?", True),
    ("How do I reverse a list in Python?", "What's the way to reverse a list in Python?", True),
    # "how much is" asks a price, and a yes or a no answers no amount; an amount of a thing is still its words
    ("How long is the ferry from Tangier to Tarifa?", "How much is the ferry from Tangier to Tarifa?", False),
    ("Is coffee bad for dogs?", "How much coffee is bad for dogs?", False),
    ("Do I need a visa for Japan?", "How much is a visa for Japan?", False),
    ("How much is a visa for Japan?", "what does a Japan visa cost", True),
    ("Can you tell me how much a visa for Japan costs?", "how much does a visa for japan cost", True),
    ("Should I tip movers, and how much?", "how much to tip movers", True),
    ("How much rest should I take between sets?", "How long should I rest between sets?", True),
    # what "what is the" or "what are the" asks for is no extra word; a cause names what "why" asks
    ("How do I know if my dog is dehydrated?", "What should I do if my dog is dehydrated?", False),
    ("What is the minimum age to rent a car?", "How old do I have to be to rent a car?", True),
    ("Why is the sky blue?", "reason the sky is blue", True),
    ("Should I rent or buy a house?", "Is it better to buy or rent a house?", True),
    ("What is the difference between mitosis and meiosis?", "How does meiosis differ from mitosis?", True),
    # a way asked is not a person asked; roles a preposition gives, swapped
    ("Who built the Great Pyramid of Giza?", "How was the Great Pyramid of Giza built?", False),
    ("How do I convert a string to an integer in C#?", "How do I convert an integer to a string in C#?", False),
    # the only name on both sides meets it whatever its label, unless the other side puts another word in its role
    ("How do I sort a list in Python?", "How can I sort a Python list?", True),
    ("when was the GBP at its highest against the yen?", "when was the yen at its highest against the GBP?", False),
    # causes asked are why; "allowed to" is can; "least expensive" is cheapest; "the best time to" is when
    ("Why does my laptop fan keep running?", "What causes my laptop fan to keep running?", True),
    ("Can a tenant sublet the flat?", "Is a tenant allowed to sublet the flat?", True),
    ("What is the cheapest way to ship a parcel to Spain?", "What's the least expensive way to ship a parcel to Spain?",
     True),
    ("When should I visit Morocco?", "What is the best time to visit Morocco?", True),
    # a statement then its question: its "when" asks nothing
    ("Why does the car pull left when I brake?", "When I brake the car pulls left. Why?", True),
    # arithmetic written another way, and its operands swapped
    ("What is 3 to the power of 4?", "What is 3^4?", True),
    ("What is 2 to the power of 8?", "What is 8 to the power of 2?", False),
    ("What is 13 times 19?", "Multiply 13 by 19.", True),
    ("Can I retire at 55 with 2 million dollars?", "Can I retire at 55 with $2,000,000?", True),
    ("What time is 4pm CET in Tokyo?", "What time is 4 p.m. CET in Tokyo?", True),
    # a quoted word is compared as written; one more item of a list; a word with more in front is another thing
    ("When should I use 'whom'?", "When should I use 'who'?", False),
    ("Can I grow tomatoes and peppers in pots?", "Can I grow tomatoes in pots?", False),
    ("What is the volume of a sphere with a radius of 3 cm?", "What is the volume of a hemisphere with a radius of 3 cm?",
     False),
    # a dimension asked as a noun; the only number on both sides, whatever its label; an equation spaced otherwise;
    # "close to" is near; a unit's word and its symbol; "is used" and "use"
    ("How tall is the Eiffel Tower?", "What is the height of the Eiffel Tower?", True),
    ("How tall is the Eiffel Tower?", "What is the age of the Eiffel Tower?", False),
    ("Is 97 a prime number?", "Is the number 97 prime?", True),
    ("How do I solve 3x + 4 = 19 for x?", "How do I solve 3x+4=19 for x?", True),
    ("How do I solve 3x + 4 = 19 for x?", "How do I solve 3x + 19 = 4 for x?", False),
    ("Is there a pharmacy near the Louvre?", "Is there a pharmacy close to the Louvre?", True),
    ("How many calories are in an avocado?", "How many kcal are in an avocado?", True),
    ("What fuel is used in jet engines?", "What fuel do jet engines use?", True),
    # ordinals written in words
    ("Is a first class rail ticket refundable?", "Is a 1st class rail ticket refundable?", True),
    ("Who was the first president of Kenya?", "Who was the third president of Kenya?", False),
    # a yes/no question's modal; a negation's scope swapped; a difference asked has no order
    ("Can I claim my daughter as a dependent?", "Must I claim my daughter as a dependent?", False),
    ("Can I claim my daughter as a dependent?", "Could I claim my daughter as a dependent?", True),
    ("Which cafes sell vegan cake but not gluten-free bread?", "Which cafes sell gluten-free bread but not vegan cake?",
     False),
    ("Why did my bread not rise?", "Why didn't my bread rise?", True),
    ("What's the difference between TCP and UDP?", "How does UDP differ from TCP?", True),
    # "when" opening a clause that leads into the question; "No. 5"; "counts as"; "supposed to"; "a good way to"
    ("How much notice should I give when I resign in Germany?",
     "When I resign in Germany, how much notice should I give?", True),
    ("What key is Beethoven's Fifth Symphony in?", "Beethoven Symphony No. 5 - what key is it in?", True),
    ("Is a tomato a fruit?", "Does a tomato count as a fruit?", True),
    ("How much sleep should a teenager get?", "How much sleep is a teenager supposed to get?", True),
    ("How do I remove rust from a bike chain?", "What's a good way to remove rust from a bike chain?", True),
    # who does what to whom: words trading places around a verb, also "I" and "me"; a passive, a moved clause or
    # a list's order trades no places
    ("Why do cats chase mice?", "Why do mice chase cats?", False),
    ("Does smoking cause lung cancer?", "Does lung cancer cause smoking?", False),
    ("Does smoking cause cancer?", "Is cancer caused by smoking?", True),
    ("Can I list my sister as a beneficiary?", "Can my sister list me as a beneficiary?", False),
    ("What happens if I miss a credit card payment?", "If I miss a payment on my credit card, what happens?", True),
    ("How often should I change the oil in my car?", "how often should car oil be changed", True),
    # the phrase after any preposition is a role, plurals and all
    ("Can I use honey for sugar in tea?", "Can I use sugar for honey in tea?", False),
    ("How many pints are in a gallon?", "How many gallons are in a pint?", False),
    ("Can I tile over linoleum?", "Can I linoleum over tile?", False),
    # tense asked past against future; an opposite the other side says with a word that carries no topic
    ("When did the volcano erupt?", "When will the volcano erupt?", False),
    ("When did the volcano erupt?", "When was the volcano's eruption?", True),
    ("Do I keep left on a roundabout in France?", "Do I keep right on a roundabout in France?", False),
    # a money or rate figure per period is its own figure; a dose per day is no weight per day
    ("If I save $500 a month at 4%, how much will I have in 10 years?",
     "If I save $500 at 4% a month, how much will I have in 10 years?", False),
    ("If I save $500 a month at 4%, how much will I have in 10 years?",
     "If I save $500 per month at 4%, how much will I have in 10 years?", True),
    ("max ibuprofen dose for a child weighing 20 kg per day?", "max ibuprofen dose per day for a child weighing 20kg?",
     True),
    # typing: one letter off a word WordNet does not know, contractions without apostrophes; "A vs B" asks a difference
    ("What is the capital of Mongolia?", "whats the captial of mongolia", True),
    ("Which is bigger, Sweden or Norway?", "wich is bigger, sweden or norway", True),
    ("How do I trim a hedge?", "How do I trim an edge?", False),
    ("How do I bake bread?", "How do I bake beard?", False),
    # a rare word WordNet knows, one letter off a common one, is a slip of it; two common words are words of their own
    ("What should a company do after discovering a data breach?",
     "What should a company do after discovering a data breech?", True),
    ("Are theme park tickets cheaper if bought online?", "Are theme park tickets cheeper if bought online?", True),
    ("Why is it colder at higher altitudes?", "Why is it colder at higher latitudes?", False),
    # letters doubled and undoubled are a slip where WordNet does not know the typed word; two words it knows differ
    ("What is a good first bonsai for a beginner?", "what is a good first bonsai for a begginer", True),
    ("Can you recommend a hotel near the station?", "can you recomend a hotel near the station", True),
    # a code's subsections in brackets are the code written without them; a modal that opens a request asks nothing
    ("How much can I contribute to a 401(k) in 2024?", "2024 401k contribution limit?", True),
    ("How much can I contribute to a 401(k) in 2024?", "How much can I contribute to a 403(b) in 2024?", False),
    ("What temperature should milk chocolate be tempered to?",
     "Could you tell me the right tempering temperature for milk chocolate?", True),
    ("How early should I arrive at the airport?", "How early can I arrive at the airport?", False),
    ("How early should you arrive at the airport?", "How early can you arrive at the airport?", False),
    # a Roman numeral after a word that numbers ("phase II"), "WW2", "what were the causes of"
    ("What is the difference between phase 2 and phase 3 clinical trials?",
     "whats the diff between phase II and phase III clinical trials", True),
    ("What is the difference between phase 2 and phase 3 clinical trials?",
     "What is the difference between phase I and phase III clinical trials?", False),
    ("When did World War II end?", "when did ww2 end", True),
    ("When did World War II end?", "When did World War I end?", False),
    ("What caused World War I?", "What were the causes of WWI?", True),
    # "is A healthier than B" asks the choice "which is healthier, A or B" or "A vs B" asks; not another comparison
    ("Is brown rice healthier than white rice?", "Which is healthier, white rice or brown rice?", True),
    ("Is brown rice healthier than white rice?", "brown rice vs white rice which is healthier", True),
    ("Is brown rice healthier than white rice?", "Which is cheaper, white rice or brown rice?", False),
    ("Is brown rice healthier than white rice?", "Is white rice healthier than brown rice?", False),
    ("What's the difference between a crocodile and an alligator?", "crocodile vs alligator", True),
    # a word only one side has that WordNet puts above a word of the other says nothing more
    ("Which parrot lives the longest?", "Which parrot bird lives the longest?", True),
    # a word WordNet does not know meets another by the vectors alone only as another spelling of it, or as the
    # short form of a common word WordNet weighs; siblings the vectors put as close ("earbuds") go to the judge
    ("Which wireless headphones are best for running?", "Which wireless earbuds are best for running?", False),
    ("How much does an ebook cost to publish?", "How much does a paperback cost to publish?", False),
    ("How do I sort a dict by key in Python?", "How do I sort a dictionary by key in Python?", True),
    ("Where is the nginx config file?", "Where is the nginx settings file?", True),
    ("When should I repot a snake plant?", "when to repotting a snake plant", True),
    ("Is it worth it to remortgage in 2025?", "is remortgaging worth it in 2025", True),
    # the only name written in lower case meets it in any role but a direction; "one" that counts nothing; "w/o"
    ("Does it rain much in Lisbon in spring?", "does lisbon get much rain in spring", True),
    ("Is there a night train to Vienna?", "is there a night train from vienna", False),
    ("Which cable is live, brown or blue?", "brown or blue cable, which one is live?", True),
    ("Can I drive without insurance in Spain?", "can i drive w/o insurance in spain", True),
    # text-speak: "w/", "u", "thru"
    ("How do I take a bearing from the map with a baseplate compass?", "how to take bearing from map w/ baseplate compass", True),
    ("Can I take my formula milk through security?", "can u take formula milk thru security", True),
    ("How many flight hours do I need for a PPL in the US?", "How many flight hours do I need for a private pilot licence in the US?", True),
    # "A to B" starts at A; a year names no unit; a bare figure meets the one currency the other writes it with
    ("What is the exchange rate from NOK to EUR today?", "NOK to EUR exchange rate today?", True),
    ("What is the exchange rate from NOK to EUR today?", "EUR to NOK exchange rate today?", False),
    ("Which team won the 2006 NBA Finals?", "Which team won the NBA Finals in 2006?", True),
    ("Is a $45,000 salary enough to live in Denver?", "is a 45k salary enough to live in Denver?", True),
    ("Is a $45,000 salary enough to live in Denver?", "is a 45k EUR salary enough to live in Denver?", False),
    # a noun naming what the other side asks says nothing more; another noun still does
    ("How long should I steam broccoli?", "broccoli steaming time?", True),
    ("How often should I descale a kettle?", "kettle descaling frequency?", True),
    ("How do I descale a kettle?", "steps to descale a kettle?", True),
    ("How much is a ferry ticket from Tarifa to Tangier?", "ferry ticket price from Tarifa to Tangier?", True),
    ("What is a leap year?", "What does leap year mean?", True),
    ("How long should I steam broccoli?", "broccoli steaming temperature?", False),
    ("How often should I descale a kettle?", "kettle descaling cost?", False),
    # "go" is a light verb, as "put" and "get" are
    ("Can a wool sweater go in the dryer?", "Can I put a wool sweater in the dryer?", True),
    ("Is it going to snow in Oslo on Friday?", "Will it snow in Oslo on Friday?", True),
    ("Can a wool sweater go in the dryer?", "Can a wool sweater go in the washer?", False),
    # "X explained" asks what X is; a word the other side writes as two is that word
    ("What is the Monty Hall problem?", "monty hall problem explained", True),
    ("What is inflation?", "inflation explained for kids", False),
    ("how do I set up a home network?", "how do I setup a home network?", True),
    ("how many ounces are in a cup?", "how many cups are in an ounce?", False),
])
def test_rewordings_of_a_question_and_their_near_misses(guard, stored, asked, same):
    assert guard.same_text(stored, asked) is same


def test_what_is_compared_against_is_a_role_written_in_other_words_too(guard):
    # "rather than X" is "instead of X"; the thing keeps its role: a swap differs
    assert _verdict(guard, "Should a beginner start with a kestrel rather than a Harris hawk?",
                    "Should beginners start with a kestrel instead of a Harris hawk?") is Verdict.AGREE
    assert _verdict(guard, "Should I use the median rather than the mean?",
                    "Should I use the mean instead of the median?") is Verdict.DIFFER
    # one thing compared against on each side, in other words: the template words weigh them (the judge, here)
    assert _verdict(guard, "Is a smart lock safer than a traditional deadbolt?",
                    "is a smart lock safer than a normal deadbolt") is Verdict.UNSURE
    assert _verdict(guard, "Is brown rice healthier than white rice?", "is white rice less healthy than brown rice") is (
        Verdict.DIFFER)  # the other side says the thing elsewhere: the roles are swapped


def test_a_word_written_twice_on_one_side_stands_where_the_other_side_names_another_thing(guard):
    # the words compared as sets, "wood to wood" kept every word of "metal to wood" and "metal" looked implied
    for stored, asked in (("best screws for fixing metal to wood", "best screws for fixing wood to wood"),
                          ("how to glue leather to fabric", "how to glue fabric to fabric")):
        for a, b in ((stored, asked), (asked, stored)):
            assert _verdict(guard, a, b) is not Verdict.AGREE
            assert not guard.same_text(a, b)
    # the copy meets its counterpart in another form: the same question
    assert _verdict(guard, "If I ride goofy, which foot leads when I ride switch?",
                    "Which foot leads when I ride switch if I'm a goofy rider?") is Verdict.AGREE
    # a copy the other side writes as "ones" is the judge's, as before
    assert guard.same_text("Are steel pans better than cast iron pans for searing?",
                           "For searing, are steel pans better than cast iron ones?")


def test_how_much_money_is_not_how_long(guard):
    # "charge" may cost, so "cost" looked implied; one asks a price, the other a time
    charge = "how long does it take to charge an electric car at home"
    for asked in ("how much does it cost to charge an electric car at home",
                  "how much do I pay to charge an electric car at home"):
        assert _verdict(guard, charge, asked) is Verdict.DIFFER
        assert _verdict(guard, asked, charge) is Verdict.DIFFER
    # the reader reads a price asked as it reads "how much is the train"; how much time is how long
    assert read("how much does a private balloon flight for two over the valley cost?").asks == {"how much"}
    assert read("how much time does it take to charge an electric car at home").asks == {"how long"}
    assert _verdict(guard, charge, "how much time does it take to charge an electric car at home") is Verdict.AGREE
    assert _verdict(guard, "how long must I pay into a pension to get the full amount",
                    "how much time must I pay into a pension to get the full amount") is Verdict.AGREE


def test_a_lead_time_asked_in_advance_is_asked_how_early(guard):
    for text in ("How far in advance should I send invitations for a child's birthday party?",
                 "how many weeks ahead should I send invitations for a child's birthday party",
                 "how long in advance of the party should I send invitations"):
        assert read(text).asks == {"how early"}, text
    assert read("how far ahead can you see with binoculars").asks == {"how far"}  # a distance
    assert _verdict(guard, "How far in advance should I send invitations for a child's birthday party?",
                    "how early to send kids birthday party invites") is Verdict.AGREE
    assert _verdict(guard, "How far in advance should I send invitations for a child's birthday party?",
                    "how late can I send invitations for a child's birthday party") is Verdict.DIFFER


def test_a_preposition_governs_both_things_joined_by_and_or_or(guard):
    for stored, asked in (("What is the difference between eczema and psoriasis?",
                           "What's the difference between psoriasis and eczema?"),
                          ("Should I water my lawn in the morning or evening?",
                           "Is it better to water the lawn in the evening or the morning?")):
        for a, b in ((stored, asked), (asked, stored)):
            assert _verdict(guard, a, b) is Verdict.AGREE
    assert read("Should I water my lawn in the morning or evening?").phrases == (("in", ("morning", "evening")),)
    # a thing moved into or out of the phrase is still a role swapped
    assert _verdict(guard, "how do I mix flour with water and salt for bread",
                    "how do I mix water with flour and salt for bread") is Verdict.DIFFER
    # "and" that opens a clause joins nothing to the phrase before it
    assert read("my orchid is on a south window and mine is on a north window").phrases == (
        ("on", ("north", "window")), ("on", ("south", "window")))


def test_what_a_thing_is_does_not_ask_a_measure_of_it_nor_its_material(guard):
    for a, b in (("what is a sliotar", "how heavy is a sliotar"), ("what is a kilt", "how old is the kilt"),
                 ("What is the Eiffel Tower made of?", "How tall is the Eiffel Tower?")):
        assert _verdict(guard, a, b) is Verdict.DIFFER
        assert _verdict(guard, b, a) is Verdict.DIFFER
    # "what" with the measure's noun asks it
    assert _verdict(guard, "what weight is a sliotar", "how heavy is a sliotar") is Verdict.AGREE
    assert _verdict(guard, "What temperature should the basking spot be for a bearded dragon?",
                    "how hot should a bearded dragon's basking spot be") is Verdict.AGREE
    # what a thing is made of asks its material: not what the thing is
    assert "material" in read("What is the sliotar made of?").words
    assert _verdict(guard, "What is the sliotar made of?", "what is a sliotar") is not Verdict.AGREE
    assert _verdict(guard, "what is a hurley made out of", "what material is a hurley made from") is Verdict.AGREE


def test_one_of_a_period_is_the_period_as_a_window(guard):
    # "in one day" reads as a duration, "in a day" as a period: one day either way
    for a, b in (("How far can a racing pigeon fly in one day?", "how far can a racing pigeon fly in a day"),
                 ("how many calories should I eat in one day", "how many calories should I eat per day")):
        assert _verdict(guard, a, b) is Verdict.AGREE
        assert _verdict(guard, b, a) is Verdict.AGREE
    assert _verdict(guard, "how many calories should I eat in one week",
                    "how many calories should I eat per day") is Verdict.DIFFER
    assert _verdict(guard, "How far can a racing pigeon fly in one day?",
                    "how far can a racing pigeon fly in a week") is Verdict.DIFFER


def test_how_come_and_the_point_of_a_thing_ask_why(guard):
    for text in ("How come my water softener uses so much water?", "What's the point of acid-free mats?",
                 "what is the purpose of a sump pump"):
        assert read(text).asks == {"why"}, text
    assert _verdict(guard, "Why do lighthouses use Fresnel lenses?",
                    "What is the point of a Fresnel lens in a lighthouse?") is Verdict.AGREE
    assert _verdict(guard, "How come my water softener uses so much water?",
                    "How much water does my water softener use?") is Verdict.DIFFER


def test_away_says_nothing_more_of_how_far(guard):
    assert _verdict(guard, "How far away are the targets in biathlon?",
                    "What's the distance to the targets in biathlon shooting?") is Verdict.AGREE
    assert _verdict(guard, "How far away are the targets in biathlon?",
                    "How big are the targets in biathlon?") is Verdict.DIFFER


def test_a_place_s_code_meets_the_word_for_its_people(guard):
    us = "As a US citizen, do I need a visa to visit Japan?"
    for a, b in ((us, "As an American citizen, do I need a visa to visit Japan?"),
                 ("How deep must a koi pond be to survive a UK winter?",
                  "For koi to survive a British winter, how deep must the pond be?")):
        assert _verdict(guard, a, b) is Verdict.AGREE
        assert _verdict(guard, b, a) is Verdict.AGREE
    assert _verdict(guard, us, "As an Indian citizen, do I need a visa to visit Japan?") is Verdict.DIFFER
    assert _verdict(guard, "Who was the UK prime minister during most of WW2?",
                    "Who was the American president during most of WW2?") is Verdict.DIFFER


def test_keeping_a_thing_from_happening_is_not_making_it_happen(guard):
    for stored, asked in (("how to stop my dog from barking at night", "how to make my dog bark at night"),
                          ("how to keep my cat from scratching the sofa", "how to get my cat to scratch the sofa"),
                          ("how to keep bread from going stale", "how to make bread go stale")):
        for a, b in ((stored, asked), (asked, stored)):
            assert _verdict(guard, a, b) is Verdict.DIFFER
    # the other side keeps it from happening too, or asks to be rid of it: the rule does not say
    assert _verdict(guard, "how to stop my dog from barking at night",
                    "how do I get my dog to stop barking at night") is Verdict.AGREE
    assert _verdict(guard, "How do I stop my fridge from smelling?",
                    "How can I get rid of the bad smell in my fridge?") is Verdict.UNSURE
    # "keep running" goes on running
    assert _verdict(guard, "how to keep running when I am tired", "how to make myself run when I am tired") is (
        Verdict.UNSURE)


def test_a_noun_of_a_kind_of_place_says_nothing_beside_its_name(guard):
    crop = "soil sand pH 6.0 rain 250 mm region Meknes season winter. crop?"
    for asked in ("sand / pH 6.0 / 250 mm of rain / Meknes / winter / crop?",  # the name left bare
                  "soil sand pH 6.0 rain 250 mm Meknes area season winter. crop?"):  # another such noun beside it
        for a, b in ((crop, asked), (asked, crop)):
            assert _verdict(guard, a, b) is Verdict.AGREE
    assert _verdict(guard, crop, "sand / pH 6.0 / 250 mm of rain / Kano / winter / crop?") is Verdict.DIFFER
    # a city and the region around it may differ: the judge's, as before
    assert _verdict(guard, "is it safe to drink tap water in Lisbon?",
                    "is it safe to drink tap water in the Lisbon region?") is Verdict.UNSURE


def test_a_name_in_lower_case_meets_the_name_with_a_slip_in_its_role(guard):
    fraud = "card 9702 paid 1500 MAD at 05:00 in Accra, home Nairobi, 2 payments last hour. fraud?"
    assert _verdict(guard, fraud, "card 9702 paid 1500 dh at 05:00 in accra, home naiorbi, 2 payments last hour. fraud?") is (
        Verdict.AGREE)
    assert _verdict(guard, fraud, "card 9702 paid 1500 dh at 05:00 in naiorbi, home accra, 2 payments last hour. fraud?") is (
        Verdict.DIFFER)  # the slip keeps its role
    assert _verdict(guard, "why do lighthouses use Fresnel lenses?", "lighthouse frenel lens - why use one?") is Verdict.AGREE


def test_two_codes_that_name_one_country_are_one_code(guard):
    fee = "what is the fee to send EUR 5,000 from the USA to France by bank transfer?"
    assert _verdict(guard, fee, "what is the fee to send EUR 5,000 from the US to France by bank transfer?") is Verdict.AGREE
    assert _verdict(guard, fee, "what is the fee to send EUR 5,000 from the UK to France by bank transfer?") is Verdict.DIFFER
    photographer = "What is the average cost of a wedding photographer in the US?"
    assert _verdict(guard, photographer, "avg wedding photographer price usa") is Verdict.AGREE  # in lower case
    assert _verdict(guard, photographer, "avg wedding photographer price uk") is Verdict.DIFFER


def test_a_short_form_is_completed_only_to_common_words_wordnet_knows(guard):
    assert "configuration" in guard._completed("config")
    assert guard._completed("configuration") == []  # WordNet knows it: nothing to complete
    assert guard._completed("cf") == [] and guard._completed("pre") == []  # too short to say which word it begins
    plain = guard.without_lexicon()  # without WordNet every word is unknown to it: the vectors alone decide
    assert plain._score("headphones", "earbuds") == pytest.approx(plain._similarity("headphones", "earbuds"))
    assert guard._score("headphones", "earbuds") < guard.word_threshold <= plain._score("headphones", "earbuds")


def test_lemma_strips_es_only_after_a_hiss():
    assert [lemma(w) for w in ("boxes", "matches", "dishes", "classes", "ounces", "dates", "houses", "cities")] == [
        "box", "match", "dish", "class", "ounce", "date", "house", "city"]


def test_letters_doubled_are_a_slip_only_of_a_word_wordnet_does_not_know(guard):
    assert guard._slip("begginer", "beginner") and guard._slip("accomodation", "accommodation")
    assert not guard._slip("planing", "planning") and not guard._slip("taping", "tapping")  # words of their own


def test_a_lone_w_between_words_reads_as_with():
    assert "with" in read("is tai chi good for seniors w knee arthritis").said
    assert "with" not in read("how do i type w on a keyboard").said  # the letter itself
    assert read("a 60 W bulb").facts == read("a 60W bulb").facts  # watts


def test_text_speak_is_read_as_the_words_it_stands_for():
    assert read("can u take formula milk thru security w/ a baby b4 abt 9").spelled == (
        "can", "you", "take", "formula", "milk", "through", "security", "with", "a", "baby", "before", "about")
    # a "u" after a number, or after "how many", counts units: "10 u of insulin"
    assert [(f.value, f.unit) for f in read("10 u of insulin").facts] == [("10", "u")]
    assert read("how many u of insulin").spelled[:3] == ("how", "many", "u")
    # abbreviations in lower case; in capitals a code ("a PPL" is a pilot's licence, "the AMT" a tax)
    assert read("my acct | amt: 50 MAD | 2 txns | 4 ppl | avg temp approx 20 C").spelled == read(
        "my account | amount: 50 MAD | 2 transactions | 4 people | average temp approximately 20 C").spelled
    assert Fact("id", "", "ppl") in read("how many flight hours for a PPL").facts
    assert read("is the AMT due").facts == (Fact("id", "", "amt"),)


def test_a_code_with_bracketed_subsections_reads_as_the_code_written_without():
    assert read("is a 501(c)(3) exempt").facts == read("is a 501c3 exempt").facts
    assert read("my 401(k) match").facts == read("my 401k match").facts
    assert read("my 401(k) match").facts != read("my 403(b) match").facts
    assert read("what is f(x) if x = 2").facts == read("what is f ( x ) if x = 2").facts  # a letter's brackets stay
    assert read("what is 2(3)").facts != read("what is 23").facts  # arithmetic, not a code


def test_roman_numerals_number_only_after_a_word_that_numbers():
    assert read("type I diabetes").facts == read("type 1 diabetes").facts
    assert read("stage iv cancer").facts == read("stage 4 cancer").facts
    assert read("chapter XIV summary").facts == read("chapter 14 summary").facts
    assert not any(f.kind == "num" for f in read("an IV drip").facts)  # alone: a word of its own
    assert read("what type i need").spelled == ("what", "type", "i", "need")  # one letter only in capitals


def test_durations_scales_and_dashes_are_read_as_written():
    def numbers(text: str) -> list[tuple[str, str]]:
        return [(f.value, f.unit) for f in read(text).facts if f.kind == "num"]

    assert numbers("the payment on a loan at 6% over 30 years") == [("30", "year"), ("6", "percent")]
    assert numbers("a fever for over 3 days") == [(">259200", "second")] and numbers("people over 65 years old") == [
        (">65", "year")]
    assert numbers("a budget of 1.5 million euros") == [("1500000", "eur")]
    assert [f for f in read("my battery light came on - what does it mean?").facts if f.kind == "op"] == []
    assert [f.value for f in read("solve 2x - 7 = 32").facts if f.kind == "op"] == ["-", "7=32"]
    # units written against their number or shortened; a letter that names no period
    assert numbers("120 mi in 2 h") == numbers("120 miles in 2 hours") == [("120", "mi"), ("7200", "second")]
    assert numbers("a bit for a 1/4in anchor") == numbers("a bit for a 1/4 inch anchor")
    assert numbers("1 tbsp olive oil") == numbers("1 tablespoon olive oil") == [("1", "tbsp")]
    assert read("what is vitamin h?").facts == () and numbers("which one is the hot wire?") == []
    # a money or percentage figure per period is that period's figure; a weight is not
    assert numbers("invest $500 a month at 4% a year") == [("4", "percent/year"), ("500", "usd/month")]
    assert numbers("a child weighing 20 kg per day") == [("20000", "g")]
    # a period's adjective right after the figure binds as "a" period does; a speed or a flow however written
    assert numbers("7% annual return") == numbers("7% a year") == [("7", "percent/year")]
    assert numbers("at 15 mph") == numbers("at fifteen miles per hour") == [("15", "mi/hour")]
    assert numbers("at 10 km/h") == numbers("at 10 kph") == numbers("at 10 km an hour") == [("10000", "m/hour")]
    assert numbers("at 27 m/s") == numbers("at 27 meters per second") == [("27", "m/second")]
    assert numbers("peak flow 450 L/min") == numbers("peak flow 450 litres per minute") == [("450", "l/minute")]
    assert numbers("GBP49.99/month") == numbers("49.99 GBP a month") == [("49.99", "gbp/month")]
    assert numbers("run 10 km") != numbers("run at 10 km/h") and numbers("5 mg/day") == [("0.005", "g")]
    # weeks, days and hours are a number of minutes; months and years are no fixed number of days
    assert numbers("free cancellation up to 48 hours before") == numbers("free cancellation up to 2 days before")
    assert numbers("a visa for two weeks") == numbers("a 14 day visa") and numbers("for 12 months") != numbers("a year")
    # a duration of one, not a rate nor a word a period names
    assert numbers("cycling for an hour") == numbers("cycling for 1 hour") == [("3600", "second")]
    assert numbers("keep it for a week?") == numbers("keep it for 7 days?")
    assert numbers("enough for a month?") == numbers("enough for one month?") == [("1", "month")]
    assert numbers("twice a day") == numbers("for a day hike") == numbers("calories in a day") == []
    # areas and ages however written
    assert numbers("a 2,000 sq ft roof") == numbers("a 2000 square foot roof") == [("2000", "sqft")]
    assert numbers("a 30 square metre room") == numbers("a 30 m2 room") == numbers("30 sqm") == [("30", "sqm")]
    assert numbers("a 42-year-old man") == numbers("a man aged forty-two") == numbers("a 42 yo man") == [("42", "year")]
    assert numbers("cheese aged 18 months") == [("18", "month")] and read("the M2 chip").fact_key == (("id", "m2", ""),)
    # a month shortened after a number; a short code in capitals is no period ("in MO" is Missouri, "HR" a rate)
    # a fraction of a unit, in figures or in words, is its decimal; a fraction of nothing measured is not
    assert numbers("a quarter cup") == numbers("1/4 cup") == numbers("0.25 cups") == [("0.25", "cup")]
    assert numbers("a quarter inch anchor") == numbers("a 1/4in anchor") == [("0.25", "inch")]
    assert numbers("half an hour") == numbers("30 minutes") and numbers("three quarters of an hour") == [("2700", "second")]
    assert numbers("odds of 5/1") == [("1", ""), ("5", "")] and numbers("half the time") == []
    # an hour with the part of the day it falls in is a time of day; a bare count in the morning is not
    def times(text: str) -> list[str]:
        return [f.value for f in read(text).facts if f.kind == "time"]

    assert times("waking up at three in the morning") == times("waking up at 3am") == ["3:00"]
    assert times("I work ten at night to six in the morning") == times("I work 10pm to 6am") == ["22:00", "6:00"]
    assert times("meet at 4 in the afternoon") == ["16:00"] and times("take 2 in the morning") == []
    assert numbers("a knee replacement 6 mo ago") == numbers("6 mths ago") == numbers("6 months ago") == [("6", "month")]
    assert not any(f.kind == "window" for f in read("gas prices in MO").facts + read("normal resting HR").facts)
    # "min" alone is a minimum; a minute after a number, a unit, "per" or a direction
    assert not any(f.kind == "window" for f in read("min age for gymnasts").facts + read("min tank size").facts)
    assert ("window", "period", "minute") in read("10 per min").fact_key
    assert read("1 payment in the last min").fact_key == read("1 payment in the last 60 seconds").fact_key  # the past minute
    assert numbers("450 L/min") == [("450", "l/minute")]
    assert numbers("Age 42 and pregnant") == numbers("my son is 42 yo") == numbers("42yo") == [("42", "year")]
    assert ("year" not in {u for _, u in numbers("toys for kids aged 3-5")} | {u for _, u in numbers("2 yo-yo tricks")}
            and ("id", "m2", "") in read("the 2022 M2 MacBook Air").fact_key)
    # a power of a unit is an area or a volume, whose prefix is not folded as a length's
    assert numbers("a 20 cm\u00b2 cell") == [("20", "sqcm")] and numbers("1 cm\u00b3 of gold") == [("1", "cbcm")]
    assert numbers("a 2 m\u00b2 room") == numbers("a 2 sqm room")
    # exact however long the number; a bare "t" (tonne, tesla, teaspoon) is left as written
    assert numbers("123456789012345678901234567890 kg") != numbers("123456789012345678901234567891 kg")
    assert numbers("a 3 T MRI") == [("3", "t")]
    # a year takes only a unit it names; a second written "s", ohms and watt-hours are units
    assert numbers("the 2014 FIFA World Cup") == [("2014", "")] and numbers("in 2000 km") == [("2000000", "m")]
    assert numbers("from 0 to 27 m/s in 9 s") == numbers("from 0 to 27 m/s in 9 seconds")
    assert numbers("a 4 ohm and a 6 ohms resistor")[0][1] == "ohm" and numbers("over 100Wh") == numbers("over 100 Wh")


def test_words_that_are_dates_only_when_written_as_dates():
    def dates(text: str) -> list[str]:
        return [f.value for f in read(text).facts if f.kind == "date"]

    assert dates("when did the Berlin Wall fall?") == []
    assert dates("what to plant in the fall?") == dates("what to plant in autumn?") == ["aut"]  # one season
    assert dates("how far is the sun?") == [] and dates("is the museum open on Sun?") == ["sun"]
    assert dates("a hot spring near Tunis") == [] and dates("spring 2024 timetable") == ["spr"]
    # a day's short name after "the" or "my" is a thing, and before how long a verb: "light from the Sun", "the SAT
    # exam", "the mower sat 6 months"; "open Sat 14 June" is the day
    assert dates("How long does light from the Sun take to reach Earth?") == []
    assert dates("is the ti 84 allowed on the SAT") == [] and dates("the mower sat 6 months in the shed") == []
    assert dates("is the shop open Sat 14 June?") == ["14 sat", "jun"] and dates("open Sun 10 to 4") == ["10 sun"]
    assert dates("Is the Jan 15 deadline firm?") == dates("Is the 15 Jan deadline firm?")
    assert dates("Can I move my Fri appointment?") == ["fri"] and dates("is parking free on a Sun?") == ["sun"]
    # the router's affinity key does not depend on how a name is written
    assert read("trains from Lyon to London").affinity == read("trains from lyon to london").affinity
    assert read("on a $90,000 salary").affinity == read("on a 90k salary").affinity


def test_opposites_never_count_as_synonyms():
    assert opposite("online", "offline") and opposite("paid", "unpaid") and opposite("buy", "sell")
    assert not opposite("rain", "rainfall")


def test_exact_key_ignores_case_and_spacing_but_not_namespace():
    assert exact_key("ns", "Feeder F1  load 3") == exact_key("ns", "feeder f1 load 3 ")
    assert exact_key("ns", "feeder f1") != exact_key("other", "feeder f1")


def test_embedder_matches_words_and_separates_topics(embedder):
    a = embedder.encode("which crop for clay soil in winter")
    b = embedder.encode("crop for clay soil in winter?")
    c = embedder.encode("feeder load and solar output in megawatts")
    assert a.shape == (embedder.dim,) and abs(float(np.linalg.norm(a)) - 1) < 1e-5
    assert float(a @ b) > 0.95 > float(a @ c)


def test_token_ids_memoised_by_chunk_are_the_tokenizers(embedder, monkeypatch):
    """The embedder memoises each whitespace-separated chunk's ids and joins them: the same ids as the
    tokenizer on the whole text, including punctuation, numbers, odd spacing and text it must pass whole
    (non-ASCII, control characters), and after its memo starts again."""
    from bench.cacheeval import design

    texts = [t for pair in design.pairs() for t in (pair.stored, pair.asked)] + [
        "a\x1cb c", "café au lait", "  lead  spaces\t\ttabs\n", "", "   ", "x" * 150, "price:$5,000.50!!",
        "naïve résumé", "日本 test", "a\u00a0b", "don't stop-me now...", "e-mail@x.com (2)", "30MW, -30 MW; 1,500",
    ]
    whole = [embedder.tokenizer.encode(t, add_special_tokens=False).ids for t in texts]
    assert [embedder.ids(t) for t in texts] == whole
    assert [embedder.ids(t) for t in texts] == whole  # from the memo
    monkeypatch.setattr("edgenode.cache.embed._MAX_CHUNKS", 6)
    embedder._pieces.clear()
    embedder._older_pieces.clear()
    assert [embedder.ids(t) for t in texts] == whole  # generations turned over many times along the way
    most = max(len(set(t.split())) for t in texts)
    assert len(embedder._pieces) + len(embedder._older_pieces) <= 6 + 2 * most


def test_word_vectors_read_whole_words_from_the_table_and_batch_the_rest(embedder):
    """The guard's word vectors are the encoder's on the word alone: one-token words from the table the
    distillation kept, other words through the encoder, all of a lookup's in one call."""
    from edgenode.cache.embed import MiniLM, WordVectors
    from edgenode.cache.lexicon import shared_lexicon

    model = MiniLM()
    vectors = WordVectors.load()
    common, rare = ["rain", "paid", "soil", "declined"], ["loamy", "cucumbers", "dehumidifier"]
    for word, vector in zip(common + rare, vectors.many(common + rare), strict=True):
        assert float(vector @ model.encode([word])[0]) > 0.9999, word
    assert vectors.encoder_calls == 1  # the three rare words in one batch, the common ones from the table
    vectors.many(rare + common)
    assert vectors.encoder_calls == 1  # memoised

    fresh = WordVectors.load()
    cache = SemanticCache(embedder, guard=Guard(fresh, lexicon=shared_lexicon()))
    cache.store("ns", "how long to roast cucumbers and aubergines in a dehumidifier oven", (b"a",), ttl_s=60)
    found = cache.lookup("ns", "how long should I roast zucchinis and aubergines in a dehumidifier oven",
                         DEFAULT_CACHE_THRESHOLD)
    assert found.outcome == GUARD  # compared, and refused: zucchinis are not cucumbers
    assert fresh.encoder_calls == 1


def test_a_lookup_that_may_not_encode_now_names_the_rare_words_and_encodes_them_on_another_thread(embedder):
    """encode_now=False (the edge): the rare words come back to encode off the event loop; then the same answer."""
    from edgenode.cache.lexicon import shared_lexicon

    fresh = WordVectors.load()
    cache = SemanticCache(embedder, guard=Guard(fresh, lexicon=shared_lexicon()))
    cache.store("ns", "how long to roast cucumbers and aubergines in a dehumidifier oven", (b"a",), ttl_s=60)
    asked = "how long should I roast zucchinis and aubergines in a dehumidifier oven"
    waiting = cache.lookup("ns", asked, DEFAULT_CACHE_THRESHOLD, encode_now=False)
    assert waiting.outcome == UNENCODED and fresh.encoder_calls == 0
    assert set(waiting.pending) >= {"cucumbers", "zucchinis"} and fresh.unencoded(waiting.pending)
    worker = threading.Thread(target=waiting.encode)
    worker.start()
    worker.join()
    assert fresh.encoder_calls == 1 and fresh.unencoded(waiting.pending) == []
    found = cache.lookup("ns", asked, DEFAULT_CACHE_THRESHOLD, encode_now=False, vector=waiting.vector)
    assert found.outcome == GUARD and fresh.encoder_calls == 1


class _AlwaysSame(Guard):
    """A guard that takes every candidate (cosine alone): the same interface as the real one."""

    def __init__(self) -> None:
        super().__init__(shared_word_vectors())

    def verdict(self, a, b) -> Verdict:  # noqa: ANN001
        return Verdict.AGREE


def test_a_near_miss_answered_from_a_third_prompt_is_counted_apart_and_in_the_worst_case(embedder):
    """No pair labels an answer from a third stored prompt's entry: the evaluation counts it beside the false hits
    instead of letting it pass as a refusal; a near miss that is a stored prompt word for word is the exact tier's."""
    egg, france = "how long should I boil an egg for a runny yolk?", "what is the capital city of France?"
    pairs = [Pair("f", "rewording:a", egg, "how long do I boil an egg for a runny yolk?", True),
             Pair("f", "near-miss:b", france, "how long do I boil an egg for a hard yolk?", False),
             Pair("f", "near-miss:c", france, egg, False)]
    score, outcomes = evaluate(pairs, SemanticCache(embedder, guard=_AlwaysSame()), 0.5)
    assert [served for _, served in outcomes] == [True, False, False]
    assert (score.hits, score.false_hits, score.answered_other, score.near_misses) == (1, 0, 1, 2)
    assert score.false_hit_rate == 0.0 and score.worst_false_hit_rate == 0.5
    assert score.worst_false_hit_interval[1] > score.false_hit_interval[1]
    assert "+1 answered from a third prompt's entry" in score.line()


def test_two_stored_prompts_one_exact_key_apart_are_one_prompt_to_the_evaluation(embedder):
    """The later store replaces the earlier's entry (same exact key): a pair of the earlier spelling is served by it."""
    upper, lower = "How long should I boil an egg for a runny yolk?", "how long should I boil an egg for a runny yolk?"
    pairs = [Pair("f", "rewording:a", upper, "how long do I boil an egg for a runny yolk?", True),
             Pair("f", "rewording:b", lower, "how long must I boil an egg for a runny yolk?", True),
             Pair("f", "near-miss:c", upper, "how long should I boil an egg for a hard yolk?", False)]
    score, outcomes = evaluate(pairs, SemanticCache(embedder, guard=_AlwaysSame()), 0.5)
    assert [served for _, served in outcomes] == [True, True, True]
    assert (score.hits, score.false_hits, score.answered_other) == (2, 1, 0)


def test_the_design_split_through_the_store_at_the_default_threshold(embedder):
    """The split the rules were shaped on (bench.cacheeval.design): a regression check, not a claim; the
    held-out figures are bench.cache_e2e's."""
    pairs = design.pairs(n_questions=30, n_free=10)
    score, outcomes = evaluate(pairs, SemanticCache(embedder, max_entries=10_000), CacheSettings().threshold)
    assert score.false_hits == 0, [p for p, served in outcomes if served and not p.should_hit][:3]
    assert score.hit_rate >= 0.95


def test_a_stored_reading_is_packed_reads_back_equal_and_leaves_the_collectors_walk(embedder):
    """A store keeps each reading packed into plain tuples (Reading.packed): it reads back equal, every field and
    the text, on every prompt of two design splits; and each entry as one plain tuple, so the cyclic collector walks
    none of them, where an entry object and its reading's objects made about ten: a full collection over 100,000
    entries held the edge's loop for 0.6 s, and 64 ms with the entry objects alone (bench.cache_lookup measures
    it)."""
    import gc

    from bench.cacheeval import design_hand

    pairs = design.pairs(n_questions=40, n_free=20) + design_hand.pairs()
    for prompt in {p.stored for p in pairs} | {p.asked for p in pairs}:
        reading = read(prompt)
        back = Reading.unpacked(reading.packed())
        assert back == reading and back.text == reading.text and back.facts == reading.facts, prompt

    cache = SemanticCache(embedder)
    prompts = [e.question + f" ticket {i}" for i, e in enumerate(examples(1001, seed=3))]
    cache.store("ns", prompts[0], (b"a",), ttl_s=60)
    for _ in range(3):  # nested tuples leave the collector's walk one level per collection
        gc.collect()
    before = len(gc.get_objects())
    labels = [cache.store("ns", prompt, (b"a",), ttl_s=60).label for prompt in prompts[1:]]
    for _ in range(3):
        gc.collect()
    assert (len(gc.get_objects()) - before) / len(labels) <= 0.1  # 1,000 entries more, none of them walked
    assert not gc.is_tracked(cache.entry(labels[0]).packed)
    assert cache.lookup("ns", prompts[5].replace(" ticket", ", ticket"), 0.6).entry.label == labels[4]


def test_namespaces_never_share_an_entry(embedder):
    cache = SemanticCache(embedder)
    cache.store("a/ensemble", "feeder F3 load 20 MW peak 30 MW solar 5 MW. config?", (b"A",), ttl_s=60)
    assert cache.lookup("a/ensemble", "feeder F3 load 20 MW peak 30 MW solar 5 MW. config?", 0.98).hit
    assert cache.lookup("b/ensemble", "feeder F3 load 20 MW peak 30 MW solar 5 MW. config?", 0.98).outcome == MISS


def test_ttl_expiry_removes_entries_from_the_index(embedder):
    clock = Clock()
    reasons: list[str] = []
    cache = SemanticCache(embedder, clock=clock, on_evict=reasons.append)
    short = cache.store("ns", "soil clay pH 6.0 rain 600 mm region Kano season winter. crop?", (b"x",), ttl_s=5)
    long = cache.store("ns", "soil sand pH 7.0 rain 150 mm region Souss season summer. crop?", (b"y",), ttl_s=50)
    assert cache.contains_label(short.label) and cache.indexed() == 2
    clock.now += 6
    assert cache.lookup("ns", short.prompt, 0.98).outcome == MISS
    assert not cache.contains_label(short.label) and cache.contains_label(long.label)
    assert len(cache) == 1 and cache.indexed() == 1 and reasons == ["ttl"]
    clock.now += 50
    assert cache.expire() == 1 and len(cache) == 0 and cache.indexed() == 0 and cache.namespaces() == 0


def test_lru_eviction_removes_the_least_recently_used_from_the_index(embedder):
    reasons: list[str] = []
    cache = SemanticCache(embedder, max_entries=3, on_evict=reasons.append)
    prompts = [f"feeder F{i} load {10 + i} MW peak 40 MW solar 3 MW. config?" for i in range(1, 5)]
    entries = [cache.store("ns", p, (p.encode(),), ttl_s=60) for p in prompts[:3]]
    assert cache.lookup("ns", prompts[0], 0.98).hit  # F1 is now the most recently used
    fourth = cache.store("ns", prompts[3], (b"4",), ttl_s=60)
    assert reasons == ["lru"] and len(cache) == 3
    assert not cache.contains_label(entries[1].label)  # F2 went, not F1
    assert all(cache.contains_label(e.label) for e in (entries[0], entries[2], fourth))
    assert cache.lookup("ns", prompts[1], 0.98).outcome in (MISS, GUARD)


def test_deleted_slots_are_reused_and_a_shrunk_graph_is_rebuilt(embedder):
    cache = SemanticCache(embedder, max_entries=10_000)
    stored = [cache.store("ns", f"card {1000 + i} paid 50 MAD at 10:00 in Rabat, home Rabat, 0 payments last hour. fraud?",
                          (b"a",), ttl_s=60) for i in range(300)]
    for entry in stored[:250]:
        cache.remove(entry.label)
    assert cache.indexed() == 50
    survivor = stored[-1]
    assert cache.lookup("ns", survivor.prompt.upper(), 0.98).entry.label == survivor.label  # exact tier
    assert cache.lookup("ns", survivor.prompt.replace("fraud?", "fraud ?"), 0.98).entry.label == survivor.label  # semantic


def test_the_search_width_reaches_every_graph_old_new_and_rebuilt(embedder):
    cache = SemanticCache(embedder, max_entries=10_000, ef=SEARCH_K)
    stored = [cache.store("ns", f"card {1000 + i} paid 50 MAD at 10:00 in Rabat. fraud?", (b"a",), ttl_s=60)
              for i in range(200)]
    assert cache._partitions["ns"].index.ef == SEARCH_K
    cache.set_ef(48)
    cache.store("ns2", "feeder F9 load 30 MW peak 35 MW. config?", (b"c",), ttl_s=60)
    for entry in stored[:150]:  # more deleted than live: the graph is rebuilt
        cache.remove(entry.label)
    assert {p.index.ef for p in cache._partitions.values()} == {48}
    assert cache.lookup("ns", stored[-1].prompt.replace("fraud?", "fraud ?"), 0.98).entry.label == stored[-1].label
    with pytest.raises(ValueError, match=f"at least {SEARCH_K}"):
        cache.set_ef(SEARCH_K - 1)
    with pytest.raises(ValueError, match=f"at least {SEARCH_K}"):
        SemanticCache(embedder, ef=2)


def test_snapshot_round_trip_keeps_answers_and_remaining_ttl(embedder, tmp_path):
    cache = SemanticCache(embedder)
    entry = cache.store("ns", "feeder F9 load 30 MW peak 35 MW solar 2 MW. config?", (b"r1", b"r2"), ttl_s=600)
    cache.store("ns2", "soil silt pH 5.5 rain 800 mm region Rift season autumn. crop?", (b"c",), ttl_s=600)
    path = tmp_path / "cache.npz"
    assert cache.snapshot(path) == 2
    again = SemanticCache(embedder)
    assert again.load(path) == 2
    found = again.lookup("ns", entry.prompt.replace(".", " ."), 0.98)
    assert found.hit and found.entry.responses == (b"r1", b"r2") and 590 < found.entry.expires_at - again._clock() <= 600
    (tmp_path / "bad.npz").write_bytes(b"not a snapshot")
    with pytest.raises(ValueError, match="delete it to start empty"):
        again.load(tmp_path / "bad.npz")
    assert SemanticCache(embedder).load(tmp_path / "missing.npz") == 0


def _answer(text: bytes) -> bytes:
    """A serialized ModelInferResponse whose text_output is `text`."""
    response = service_pb2.ModelInferResponse(model_name="ensemble")
    response.outputs.add(name="text_output", datatype="BYTES", shape=[1])
    response.raw_output_contents.append(text)
    return response.SerializeToString()


def _request(text: str, max_tokens: int = 40, temperature: float | None = None, seed: int | None = None,
             model: str = "ensemble", request_id: str = "r1", echo: bool | None = None) -> bytes:
    request = service_pb2.ModelInferRequest(model_name=model, id=request_id)

    def add(name: str, datatype: str, raw: bytes) -> None:
        request.inputs.add(name=name, datatype=datatype, shape=[1, 1])
        request.raw_input_contents.append(raw)

    encoded = text.encode()
    add("text_input", "BYTES", len(encoded).to_bytes(4, "little") + encoded)
    add("max_tokens", "INT32", np.array([max_tokens], dtype=np.int32).tobytes())
    if temperature is not None:
        add("temperature", "FP32", np.array([temperature], dtype=np.float32).tobytes())
    if seed is not None:
        add("seed", "UINT64", np.array([seed], dtype=np.uint64).tobytes())
    if echo is not None:  # TensorRT-LLM's exclude_input_in_output = not echo
        add("exclude_input_in_output", "BOOL", np.array([not echo]).tobytes())
    return request.SerializeToString()


def test_namespace_covers_tenant_model_and_every_decoding_parameter(embedder):
    edge = EdgeCache(CacheSettings(), SemanticCache(embedder))
    base = edge.key(_request("feeder F1 load 10 MW peak 20 MW solar 1 MW. config?"), "acme")
    assert base is not None and base.prompt.startswith("feeder F1") and base.settings.threshold == DEFAULT_CACHE_THRESHOLD
    assert base.namespace == edge.key(_request("something else", request_id="other"), "acme").namespace
    assert base.namespace != edge.key(_request("x"), "globex").namespace
    assert base.namespace != edge.key(_request("x"), "acme", "stream").namespace  # other response messages
    assert base.namespace != edge.key(_request("x", max_tokens=41), "acme").namespace
    assert base.namespace != edge.key(_request("x", temperature=0.0), "acme").namespace
    assert edge.key(_request("x", temperature=0.7), "acme") is None  # sampled: not cached by default
    assert edge.key(_request("x", temperature=0.7, seed=3), "acme").namespace != edge.key(
        _request("x", temperature=0.7, seed=4), "acme").namespace
    assert edge.key(_request("x", model="simple"), "acme") is None  # not a cached model
    assert edge.key(b"\xff\xff", "acme") is None
    sampled = EdgeCache(CacheSettings(models={"ensemble": ModelCache(deterministic_only=False)}), SemanticCache(embedder))
    assert sampled.key(_request("x", temperature=0.7), "acme") is not None


async def test_an_answer_that_repeats_its_prompt_is_shared_only_with_the_same_prompt(embedder):
    """exclude_input_in_output false: the answer starts with the prompt, so a rewording must not get it
    (exact tier only, no embedding), while the same prompt still hits."""
    edge = EdgeCache(CacheSettings(), SemanticCache(embedder))
    stored = "card 2951 paid 1500 MAD at 16:00 in Rabat. fraud?"
    reworded = "please, card 2951 paid 1500 MAD at 16:00 in Rabat, fraud?"
    for echo, reworded_hits in ((True, False), (False, True)):
        key = edge.key(_request(stored, echo=echo), "acme")
        assert key.exact_only is echo
        edge.store(key, await edge.lookup(key), (b"answer",), cost_s=0.1)
        assert (await edge.lookup(edge.key(_request(stored, echo=echo), "acme"))).outcome == EXACT
        again = await edge.lookup(edge.key(_request(reworded, echo=echo), "acme"))
        assert again.hit is reworded_hits and (again.vector is None) is echo


async def test_a_failed_check_raises_the_entrys_own_threshold_in_the_store(embedder):
    """cache.error_bound: a semantic hit answered fresh and found different raises the stored entry's own threshold
    (the store keeps it; the Entry a lookup hands out is a snapshot), and the fresh answer is kept under its prompt."""
    edge = EdgeCache(CacheSettings(error_bound=0.05), SemanticCache(embedder))
    stored = "card 2951 paid 1500 MAD at 16:00 in Rabat. fraud?"
    edge.store(key := edge.key(_request(stored), "acme"), await edge.lookup(key), (_answer(b"no"),), cost_s=0.1)
    asked = "please, card 2951 paid 1500 MAD at 16:00 in Rabat, fraud?"
    found = await edge.lookup(key := edge.key(_request(asked), "acme"))
    assert found.outcome == SEMANTIC and found.entry.min_similarity == 0.0 and found.similarity < 0.999
    assert edge.record_check(key, found, _answer(b"no"), cost_s=0.1)  # the same answer: nothing raised
    assert edge.cache.entry(found.entry.label).min_similarity == 0.0
    assert not edge.record_check(key, found, _answer(b"yes"), cost_s=0.1)
    assert edge.cache.entry(found.entry.label).min_similarity > found.similarity
    again = edge.cache.lookup(key.namespace, asked.upper(), 0.6)
    assert again.outcome == EXACT and again.entry.responses == (_answer(b"yes"),)


async def test_a_fault_in_the_cache_answers_the_call_uncached(embedder, monkeypatch, caplog):
    """A lookup that raises (a bug in the reader or the guard on some prompt) is a miss whose answer is not kept, and
    a store that raises keeps nothing: neither reaches the call, which the model answers."""
    from controlplane import metrics

    edge = EdgeCache(CacheSettings(), SemanticCache(embedder, guard=Guard(WordVectors.load())))
    stored = "card 2951 paid 1500 MAD at 16:00 in Rabat. fraud?"
    edge.store(key := edge.key(_request(stored), "acme"), await edge.lookup(key), (b"a",), cost_s=0.1)
    faults = metrics.EDGE_CACHE_FAULTS.labels("lookup")
    before = faults._value.get()

    def broken(self, a, b):  # noqa: ANN001, ANN202
        raise ValueError("a reader bug")

    monkeypatch.setattr(Guard, "verdict", broken)
    asked = "please, card 2951 paid 1500 MAD at 16:00 in Rabat, fraud?"
    found = await edge.lookup(key := edge.key(_request(asked), "acme"))
    assert not found.hit and found.unstorable and faults._value.get() == before + 1
    assert "cache lookup failed" in caplog.text and "a reader bug" in caplog.text
    edge.store(key, found, (b"b",), cost_s=0.1)  # not kept: the next lookup would meet the same fault
    monkeypatch.undo()
    assert edge.cache.lookup(key.namespace, asked, None).entry is None
    monkeypatch.setattr(edge.cache, "store", lambda *a, **k: (_ for _ in ()).throw(MemoryError("full")))
    edge.store(key, await edge.lookup(key), (b"c",), cost_s=0.1)  # raises nothing
    assert "cache store failed" in caplog.text


async def test_a_missed_prompt_is_read_once_through_its_rounds_and_its_store(embedder, monkeypatch):
    """The edge's lookup may take the store's lookup two or three times (the guard's rare words encoded between) and
    then stores the answer: the asked prompt is read once, its reading passed on with its vector."""
    import edgenode.cache.store as store_module
    from edgenode.cache.lexicon import shared_lexicon

    edge = EdgeCache(CacheSettings(), SemanticCache(embedder, guard=Guard(WordVectors.load(), lexicon=shared_lexicon())))
    stored = "how long to roast cucumbers and aubergines in a dehumidifier oven"
    edge.store(key := edge.key(_request(stored), "acme"), await edge.lookup(key), (b"a",), cost_s=0.1)
    asked = "how long should I roast zucchinis and aubergines in a dehumidifier oven"
    calls: list[str] = []
    monkeypatch.setattr(store_module, "read", lambda text: calls.append(text) or read(text))
    rounds: list[str] = []
    lookup = edge.cache.lookup
    monkeypatch.setattr(edge.cache, "lookup", lambda *a, **k: (found := lookup(*a, **k), rounds.append(found.outcome))[0])
    found = await edge.lookup(key := edge.key(_request(asked), "acme"))
    assert rounds == [UNENCODED, GUARD]  # it waited for the rare words: two rounds
    assert found.outcome == GUARD and found.reading == read(asked)
    edge.store(key, found, (b"b",), cost_s=0.1)
    assert calls == [asked]
    entry = edge.cache.lookup(key.namespace, asked, None).entry
    assert entry is not None and entry.reading == read(asked)


async def test_a_prompt_longer_than_the_semantic_bound_is_kept_for_exact_repeats_only(embedder, tmp_path):
    """cache.max_semantic_chars: a longer prompt is neither read nor embedded (the guard's time grows faster than
    the prompt, on the event loop); its exact repeat hits, a rewording of it misses, a snapshot keeps it so, and a
    prompt within the bound is searched as before."""
    edge = EdgeCache(CacheSettings(max_semantic_chars=60), SemanticCache(embedder))
    short = "card 2951 paid 1500 MAD at 16:00 in Rabat. fraud?"
    long = short + " Home Lagos, 3 payments in the last hour, card used abroad."
    key = edge.key(_request(long), "acme")
    assert key.exact_only and not edge.key(_request(short), "acme").exact_only
    found = await edge.lookup(key)
    assert found.outcome == MISS and found.vector is None
    edge.store(key, found, (b"answer",), cost_s=0.1)
    entry = edge.cache.entries()[0]
    assert edge.cache.indexed() == 0 and entry.packed == ()
    assert (await edge.lookup(edge.key(_request(long.upper()), "acme"))).outcome == EXACT
    assert (await edge.lookup(edge.key(_request(long.replace("fraud?", "fraud ?")), "acme"))).outcome == MISS

    with pytest.raises(ValueError, match="exact repeats only"):
        entry.reading  # noqa: B018 (the property is what is tested)

    short_key = edge.key(_request(short), "acme")
    edge.store(short_key, await edge.lookup(short_key), (b"short",), cost_s=0.1)
    assert edge.cache.indexed() == 1
    assert (await edge.lookup(edge.key(_request(short.replace("fraud?", "fraud ?")), "acme"))).outcome == SEMANTIC

    path = tmp_path / "cache.npz"  # both kinds in one snapshot, in one namespace
    assert edge.cache.snapshot(path) == 2
    again = SemanticCache(embedder)
    assert again.load(path) == 2 and again.indexed() == 1
    assert again.lookup(key.namespace, long, 0.6).outcome == EXACT
    assert again.lookup(key.namespace, short.replace("fraud?", "fraud ?"), 0.6).outcome == SEMANTIC
    narrower = SemanticCache(embedder)  # a bound lowered since the snapshot was written: it holds
    assert narrower.load(path, max_semantic_chars=20) == 2 and narrower.indexed() == 0

    # the same exact key kept for exact repeats, then searched, then kept for repeats again; expiry and LRU as before
    cache = SemanticCache(embedder, max_entries=2, clock=(clock := Clock()))
    first = cache.store("ns", short, (b"1",), ttl_s=60, semantic=False)
    assert cache.indexed() == 0 and cache.lookup("ns", short, 0.6).entry.label == first.label
    second = cache.store("ns", short, (b"2",), ttl_s=60)
    assert len(cache) == 1 and cache.indexed() == 1 and cache.lookup("ns", short.upper(), 0.6).entry.label == second.label
    third = cache.store("ns", short, (b"3",), ttl_s=30, semantic=False)
    assert len(cache) == 1 and cache.indexed() == 0 and cache.lookup("ns", short, 0.6).entry.label == third.label
    cache.store("ns", long, (b"4",), ttl_s=60)
    cache.store("ns", long + " again", (b"5",), ttl_s=60)  # the least recently used, the exact-only one, goes
    assert len(cache) == 2 and cache.lookup("ns", short, None).outcome == MISS and cache.indexed() == 2
    cache.store("ns", short, (b"6",), ttl_s=1, semantic=False)
    clock.now += 2
    assert cache.expire() == 1 and cache.indexed() == 1 and len(cache) == 1


def test_served_answers_carry_the_new_id_and_the_cache_mark():
    response = service_pb2.ModelInferResponse(model_name="ensemble", id="first")
    response.parameters["other"].bool_param = True
    raw = response.SerializeToString()
    again = service_pb2.ModelInferResponse.FromString(mark_unary(raw, HIT, "second"))
    assert again.id == "second" and again.parameters[CACHE_HEADER].string_param == HIT
    assert again.parameters["other"].bool_param and again.model_name == "ensemble"
    assert service_pb2.ModelInferResponse.FromString(mark_unary(raw, MISS_MARK)).id == "first"

    stream = service_pb2.ModelStreamInferResponse()
    stream.infer_response.id = "first"
    stream.infer_response.parameters["triton_final_response"].bool_param = True
    marked = mark_stream(stream.SerializeToString(), BYPASS, "third")
    parsed = service_pb2.ModelStreamInferResponse.FromString(marked)
    assert parsed.infer_response.id == "third" and parsed.infer_response.parameters[CACHE_HEADER].string_param == BYPASS
    assert parsed.infer_response.parameters["triton_final_response"].bool_param
    seen = read_response(marked)  # the router's wire reader merges the two occurrences the same way
    assert seen.request_id == "third" and seen.final and seen.empty


@pytest.mark.parametrize(("wrong_rate", "bound"), [(0.01, 0.05), (0.2, 0.05), (0.03, 0.02)])
def test_the_error_bound_holds_on_a_seeded_run(wrong_rate, bound):
    """vCache's promise: of the semantic hits served without a check, at most `bound` are wrong, whatever the
    true rate; when the true rate is within the bound most hits are served."""
    import random

    from edgenode.cache.store import Lookup
    from edgenode.cache.verify import SERVE, Verifier

    world = random.Random(42)
    edge = EdgeCache(CacheSettings(error_bound=bound), SemanticCache(shared_embedder()))
    verifier = edge.verifier = Verifier(bound, check_rate=0.05, rng=random.Random(7))  # seeded
    key = edge.key(_request("p"), "acme")  # the prompt a hit answered; the entry that answered it is another's
    served = served_wrong = 0
    for _ in range(20_000):
        entry = edge.cache.store(key.namespace, "q", (_answer(b"a"),), ttl_s=60, semantic=False)  # fresh each time
        wrong = world.random() < wrong_rate
        if verifier.decide() == SERVE:
            served += 1
            served_wrong += wrong
        else:
            assert edge.record_check(key, Lookup(SEMANTIC, entry, 0.9), _answer(b"b" if wrong else b"a"), 0.0) is not wrong
            assert (edge.cache.entry(entry.label).min_similarity > 0.9) is wrong  # a failed check raises its threshold
    assert served_wrong <= bound * max(served, 1)
    if wrong_rate < bound / 2:
        assert served > 15_000


def _verdict(guard: Guard, stored: str, asked: str) -> Verdict:
    return guard.verdict(read(stored), read(asked))


def _key(text: str) -> tuple:
    return read(text).fact_key


def test_times_of_day_written_with_an_h_or_as_military_time_are_clock_times():
    assert _key("paid at 18h") == _key("paid at 18h00") == _key("paid at 6 pm") == _key("time: 1800 hrs")
    assert _key("at 0900 hrs") == _key("at 9:00") == _key("09h00")
    assert _key("paid at midday") == _key("paid at 12:00")
    assert _key("done in 18h") == _key("done in 18 hours") != _key("done at 18:00")  # a duration
    assert _key("1500 hours of practice") != _key("at 15:00")


def test_a_prompt_in_capitals_reads_as_its_words():
    assert _key("CARD 5133 PAID 3000 MAD AT 14:00 IN ABIDJAN, HOME CASABLANCA. FRAUD?") == _key(
        "card 5133 paid 3000 mad at 14:00 in abidjan, home casablanca. fraud?")
    assert ("id", "eur", "") in _key("Is the EUR weaker than last year?")  # a code in an ordinary prompt


def test_lists_written_with_slashes_bars_and_arrows():
    assert _key("F7 load/peak/solar 51/65/9 MW config?") == _key("F7 load 51 MW, peak 65 MW, solar 9 MW. config?")
    assert _key("card 1142 / 8000 MAD / 10:00 / Dakar / home Lagos") == _key("card 1142, 8000 MAD, 10:00, Dakar, home Lagos")
    assert _key("card: 4860 | amt: 900 MAD | time: 16:00 => fraud?") == _key("card 4860, 900 MAD at 16:00. fraud?")
    assert ("op", "12/4", "") in _key("what is 12 / 4")  # a division stays one
    assert read("where: Rabat").asks == frozenset()  # a field's name, not a question


def test_spelled_numbers_with_hundreds_and_several_scales():
    assert _key("one hundred twenty MAD") == _key("120 MAD")
    assert _key("fifteen hundred dh") == _key("one thousand five hundred dirhams") == _key("1,500 MAD")
    assert _key("2 million 300 thousand people") == _key("2300000 people")
    assert _key("5 thousand -3") != _key("4997")  # a sign is no spelled part


def test_units_with_a_plural_s_and_glued_labels():
    assert _key("peak 48 MWs") == _key("peak 48 MW") and _key("2 kWs") == _key("2 kW")
    assert _key("ph7.5 soil") == _key("pH 7.5 soil") and ("id", "f7", "") in _key("feeder F7")


def test_a_window_of_one_period_is_that_many_minutes():
    assert _key("3 payments in the last hour") == _key("3 payments in the past 60 min")
    assert _key("data used in the past week") == _key("data used in the last 7 days")
    assert _key("3 payments in the last hour") != _key("3 payments in the last day")


def test_a_count_in_a_fields_name_counts_what_it_names():
    assert _key("payments last hour: 2") == _key("2 payments last hour")
    assert ("num", "3", "") in _key("note: 3")  # a field that names nothing counted


def test_a_sentence_starts_after_an_interjection():
    assert not any(f.kind == "name" for f in read("pls Check card 5184 for fraud").facts)
    assert not any(f.kind == "name" for f in read("hey, Is it fraud?").facts)
    assert ("name", "paris", "") in _key("quick question: is Paris big")


def test_no_things_meets_zero_things_and_stays_a_negation_otherwise(guard):
    stored = "card 4860 paid 900 MAD at 16:00 in Rabat, home Tunis, 0 payments last hour. fraud?"
    assert guard.same_text(stored, "card 4860 paid 900 MAD at 16:00 in Rabat, home Tunis, no payments last hour. fraud?")
    assert not guard.same_text(stored.replace("0 payments", "2 payments"),
                               "card 4860 paid 900 MAD at 16:00 in Rabat, home Tunis, no payments last hour. fraud?")
    assert guard.same_text("How do I unclog a bathroom sink without chemicals?", "unclog bathroom sink no chemicals")


def test_counted_nouns_meet_as_labels_or_synonyms_only(guard):
    assert guard.same_text("Are crossword answers with 2 words written without a space in the grid?",
                           "In the grid, are 2 word crossword answers written without a space?")
    assert not guard.same_text("Summarize the plot of Hamlet in three sentences.",
                               "Summarize the plot of Hamlet in three paragraphs.")
    assert not guard.same_text("I have 3 alpacas and my neighbour has 1; does she need to get another?",
                               "I have 1 alpaca and my neighbour has 3; does she need to get another?")
    assert not guard.same_text("Can I submit the same grant proposal to two foundations at once?",
                               "Can I submit two grant proposals to the same foundation at once?")


def test_where_a_name_is_may_be_said_on_one_side_only(guard):
    stored = "card 4860 paid 900 MAD at 16:00 in Rabat, home Tunis, 2 payments last hour. fraud?"
    fields = "card: 4860 | paid: 900 MAD | time: 16:00 | where: {} | home: {} | payments last hour: 2 => fraud?"
    assert guard.same_text(stored, fields.format("Rabat", "Tunis"))
    assert not guard.same_text(stored, fields.format("Tunis", "Rabat"))  # the roles traded
    assert not guard.same_text(stored, "card 4860 paid 900 MAD at 16:00, Rabat, home in Tunis, 2 payments last hour")


def test_two_letters_swapped_or_doubled_in_a_word_wordnet_does_not_know_is_a_slip(guard):
    assert guard._misspelt("conifg", "config") and guard._misspelt("connfig", "config")
    assert not guard._misspelt("getattr", "setattr")  # a letter changed: another word


def test_a_function_word_typed_with_a_slip_is_read_as_that_word(guard):
    grid = "feeder F20 load 15 MW peak 16 MW solar 17 MW. config?"
    # "shouuld" is a template word the other side lacks until it is read as "should"
    assert guard.verdict(read(grid), read("F20 load/peak/solar 15/16/17 MW how shouuld it be configured?")) is (
        Verdict.AGREE)
    fields = "card: 4860 | paid: 900 MAD | time: 16:00 | whhere: {} | home: {} | payments last hour: 2 => fraud?"
    stored = "card 4860 paid 900 MAD at 16:00 in Rabat, home Tunis, 2 payments last hour. fraud?"
    assert guard.same_text(stored, fields.format("Rabat", "Tunis"))
    assert not guard.same_text(stored, fields.format("Tunis", "Rabat"))
    # the likeliest slip: a letter doubled or two swapped before one added, dropped or changed ("wrth": "worth" and
    # "wrath" before "with", so not respelled); never a common word ("hers"), nor a slip of a word the other side says
    assert guard._meant("whhere") == "where" and guard._meant("waht") == "what" and guard._meant("wrth") == ""
    assert "wrth" in guard._respelled(read("is a bag wrth it"), read("x")).words
    assert guard._respelled(read("blood is takne"), read("blood is taken")).words == ("blood", "takne")
    assert guard._respelled(read("mine and hers"), read("x")).words == read("mine and hers").words


def test_a_negation_typed_with_a_slip_is_read_as_a_negation_even_where_the_other_side_writes_it(guard):
    # the words' own rules meet "wtihout" and "without", but only the respelled word gives the negation its fact
    stored = "How do I clean seashells without damaging them?"
    assert guard.verdict(read(stored), read("How do I clean seashells wtihout damaging them?")) is Verdict.AGREE
    assert guard._respelled(read("wtihout damaging them"), read("without damaging them")).facts == (
        read("without damaging them").facts)
    assert guard.verdict(read(stored), read("How do I clean seashells wtih damaging them?")) is Verdict.DIFFER


def test_a_makers_name_left_out_says_nothing_more_unless_it_is_an_english_word(guard):
    rules = guard.without_paraphrase()
    galaxy = "How do I factory reset a Samsung Galaxy S23?"
    assert rules.verdict(read(galaxy), read("what's the way to factory reset my galaxy s23")) is Verdict.AGREE
    assert rules.verdict(read(galaxy), read("How do I factory reset a Galaxy S22?")) is Verdict.DIFFER
    # another maker's name in its place: each side names something the other does not, so neither is left out
    assert rules.verdict(read(galaxy), read("How do I factory reset a Xiaomi Galaxy S23?")) is Verdict.DIFFER
    assert rules.verdict(read("What is the minimum age to compete at the Youth Olympics?"),
                         read("What is the minimum age to compete at the Olympics?")) is Verdict.DIFFER


def test_a_word_with_non_in_front_is_that_word_negated(guard):
    rules = guard.without_paraphrase()
    assert rules.verdict(read("Is the ticket not refundable?"), read("Is the ticket non-refundable?")) is Verdict.AGREE
    assert rules.verdict(read("dog barking non stop 3 hrs a day"), read("dog barking nonstop 3 hrs a day")) is (
        Verdict.AGREE)
    # (a regression check: neither side has a negation here, so the negating prefix decides it, as before)
    assert rules.verdict(read("Is the ticket non-refundable?"), read("Is the ticket refundable?")) is Verdict.DIFFER
    # one negation more on one side, of another word: still another question
    assert rules.verdict(read("Is the ticket not transferable?"), read("Is the ticket non-refundable?")) is (
        Verdict.DIFFER)


def test_first_said_with_a_word_of_being_early_is_the_same_and_another_place_in_an_order_is_not(guard):
    rules = guard.without_paraphrase()
    train = "When does the first train from Zurich to Lyon leave on Sunday?"
    assert _verdict(rules, train, "When does the earliest train from Zurich to Lyon leave on Sunday?") is Verdict.AGREE
    assert _verdict(rules, "pay off credit cards first or invest?",
                    "Should I pay off credit card debt before investing?") is Verdict.AGREE
    for other in ("last", "next", "second"):
        assert _verdict(rules, train, train.replace("first", other)) is Verdict.DIFFER
    # "first" said where the other side names no time in an order at all: still another question
    assert _verdict(rules, "Who invented the telephone first?", "Who invented the telephone?") is Verdict.DIFFER


def test_a_temperature_scale_meets_its_letter_and_not_another_scales(guard):
    rules = guard.without_paraphrase()
    ethanol = "What is the boiling point of ethanol in Celsius?"
    assert _verdict(rules, ethanol, "ethanol boiling point C") is Verdict.AGREE
    assert _verdict(rules, "What is the surface temperature of Venus in Celsius?",
                    "Venus surface temp in °C?") is Verdict.AGREE
    assert _verdict(rules, ethanol, "ethanol boiling point in F") is Verdict.DIFFER


def test_a_name_with_a_plural_s_meets_the_name_but_an_s_in_capitals_is_no_plural(guard):
    rules = guard.without_paraphrase()
    assert _verdict(rules, "Do LED bulbs really save money compared to incandescent?",
                    "Compared with incandescent bulbs, do LEDs actually save money?") is Verdict.AGREE
    assert _verdict(rules, "What port does HTTPS use?", "What port does HTTP use?") is Verdict.DIFFER


def test_once_and_twice_are_counts_of_times(guard):
    rules = guard.without_paraphrase()
    assert _verdict(rules, "Why does my useEffect run twice in React 18?",
                    "In React 18, why is my useEffect running two times?") is Verdict.AGREE
    assert _verdict(rules, "take it once a day", "take it one time a day") is Verdict.AGREE
    # the vectors put "once" and "twice" at 0.73 and WordNet relates them in no way: that pair was served
    assert _verdict(guard, "water the plant twice a week", "water the plant once a week") is Verdict.DIFFER
    assert _verdict(rules, "take it twice a day", "take it 3 times a day") is Verdict.DIFFER


def test_an_identifiers_kind_and_a_fields_broader_name_say_nothing_more(guard):
    grid = "feeder F30 load 12 MW peak 17 MW solar 23 MW. config?"
    assert guard.same_text(grid, "F30 load 12 MW peak 17 MW solar 23 MW. conifg?")
    assert not guard.same_text("how do I upgrade my EE phone plan online?", "how do I pause my EE phone plan online?")
    assert not guard.same_text("Do I have to carry a reserve parachute in the UK?",
                               "Do I have to carry a reserve parachute outside the UK?")
    crop = "soil sand pH 7.5 rain 600 mm region Kano season spring. crop?"
    assert guard.verdict(read(crop), read("sand pH 7.5 rain 600 mm region Kano season spring. crop?")) is Verdict.AGREE


def test_a_request_verb_that_opens_the_prompt_asks_nothing_more(guard):
    crop = "soil sand pH 6.5 rain 450 mm region Souss season summer. crop?"
    assert guard.same_text(crop, "Recommend a crop: soil sand, pH 6.5, rain 450 mm, region Souss, season summer. ty")
    # not where it opens no request (what "you" recommend asks which: `test_asking_what_one_recommends_asks_which`)
    assert "recommend" in read("which crop did the agronomist recommend for sand?").words
    fraud = "card 8735 paid 500 MAD at 22:00 in Dakar, home Abidjan, 6 payments last hour. fraud?"
    checked = "please check: card 8735 paid 500 MAD at 22:00 in Dakar, home Abidjan, 6 payments last hour. fraud?"
    assert "check" not in read(checked).words and guard.verdict(read(fraud), read(checked)) is Verdict.AGREE
    assert "check" in read("how often should I check my tyre pressure?").words


def test_a_name_typed_with_a_slip_is_that_name_unless_wordnet_knows_both(guard):
    crop = "soil sand pH 6.5 rain 450 mm region Souss season summer. crop?"
    for slip in ("Sosus", "Souuss", "Suoss"):
        assert guard.verdict(read(crop), read(crop.replace("Souss", slip))) is Verdict.AGREE, slip
    fraud = "card 9514 paid 120 MAD at 00:00 in Abidjan, home Lagos, 3 payments last hour. fraud?"
    assert guard.verdict(read(fraud), read(fraud.replace("Abidjan", "Abijan"))) is Verdict.AGREE
    assert guard.verdict(read(fraud), read(fraud.replace("Lagos", "Laos"))) is Verdict.DIFFER
    assert guard.verdict(read(fraud), read(fraud.replace("Lagos", "Accra"))) is Verdict.DIFFER
    assert not guard.same_text("What is the capital of Iran?", "What is the capital of Iraq?")


def test_a_number_after_no_nr_or_number_is_that_number():
    for marked in ("card no. 8735", "card nr 8735", "card nr. 8735", "card number 8735", "card #8735"):
        assert read(marked).fact_key == read("card 8735").fact_key and read(marked).words == ("card",), marked
    assert "number" in read("what number comes after 5?").words


def test_a_facts_field_or_paying_verb_says_nothing_where_the_other_side_gives_the_fact_bare(guard):
    fraud = "card 8735 paid 500 MAD at 22:00 in Dakar, home Abidjan, 6 payments last hour. fraud?"
    bare = "card 8735: 500 MAD at 22:00 in Dakar, home Abidjan, 6 payments last hour. fraud?"
    assert guard.verdict(read(fraud), read(bare)) is Verdict.AGREE
    # another deed is no field, and a label the other side gives still meets as a word
    assert guard.verdict(read(fraud.replace("paid", "refunded")), read(bare)) is not Verdict.AGREE
    assert guard.verdict(read(fraud), read(bare.replace("8735:", "8735 refused"))) is not Verdict.AGREE
    assert not guard.same_text("What is the VAT rate in Germany?", "What is the reduced VAT rate in Germany?")


def test_a_label_of_two_words_meets_either_word_where_each_is_written_once(guard):
    grid = "feeder F35 load 44 MW peak 51 MW solar 9 MW. config?"
    # the facts meet; "gen" only says the number measures "solar" (`_measure_labels`); another word only one side
    # has is the judge's to weigh
    assert guard.verdict(read(grid), read("feeder F35 load 44 MW peak 51 MW solar gen 9 MW. config?")) is Verdict.AGREE
    assert guard.verdict(read(grid), read("feeder F35 load 44 MW peak 51 MW solar farm 9 MW. config?")) is Verdict.UNSURE
    assert not guard.same_text("feeder F6 load 24 MW peak 36 MW solar 1 MW. config?",
                               "feeder F6 36 mw load peak load 24 MW 1 megawatts of solar. config?")
    assert not guard.same_text("Is a 240 Hz monitor worth it over a 144 Hz monitor for Valorant?",
                               "Is a 144 Hz monitor worth it over a 240 Hz monitor for Valorant?")


def test_counted_nouns_that_are_only_close_leave_the_verdict_to_the_judge(guard):
    # a noun WordNet files as a kind of the other, close by the vectors, meets it as a template word would
    # ("transactions" for "payments"); one it does not relate is only close ("purchases"), the judge's; one the vectors
    # put apart is another count ("refunds")
    fraud = "card 4860 paid 900 MAD at 16:00 in Rabat, home Tunis, 5 payments last hour. fraud?"
    for other, verdict in (("transactions", Verdict.AGREE), ("purchases", Verdict.UNSURE), ("refunds", Verdict.DIFFER)):
        assert guard.verdict(read(fraud), read(fraud.replace("payments", other))) is verdict, other
        assert guard.verdict(read(fraud.replace("payments", other)), read(fraud)) is verdict, other  # either side
    assert guard.verdict(read("I have 2 adults and a dog"), read("I have 2 children and a dog")) is Verdict.DIFFER
    one = fraud.replace("5 payments", "1 payments")  # a count of one writes its noun in the singular: the number's label
    assert guard.verdict(read(one), read(one.replace("1 payments", "1 transaction"))) is Verdict.AGREE
    assert guard.verdict(read(one), read(one.replace("1 payments", "1 refund"))) is Verdict.DIFFER
    # a narrower physical thing is another unless near-identical, as for template words; a person's kind is no person
    # the vectors put apart
    assert _verdict(guard, "Can I fit 3 tables in a 20 m2 room?", "Can I fit 3 desks in a 20 m2 room?") is Verdict.DIFFER
    assert _verdict(guard, "Ticket price for 2 people at the zoo?", "Ticket price for 2 children at the zoo?") \
        is Verdict.DIFFER
    assert _verdict(guard, "Summarize Hamlet in 3 sentences.", "Summarize Hamlet in 3 paragraphs.") is Verdict.UNSURE


def test_a_season_or_month_typed_with_a_slip_is_that_date(guard):
    crop = "soil sand pH 5.5 rain 450 mm region Kairouan season summer. crop?"
    assert guard.verdict(read(crop), read(crop.replace("summer", "summmer"))) is Verdict.AGREE
    assert guard.verdict(read(crop), read(crop.replace("summer", "wnter"))) is Verdict.DIFFER  # another season


def test_noon_a_capital_measure_and_a_dash_before_a_code():
    assert _key("card 5389 paid 300 dh noon in Accra") == _key("card 5389 paid 300 MAD at 12:00 in Accra")
    assert _key("loamy soil (PH 6.0), rain 350 mm") == _key("loamy soil, pH 6, rain 350 mm")
    assert _key("hello - F37 load 41 MW") == _key("hello, F37 load 41 MW")
    assert ("num", "3.10", "") in _key("is it in Python 3.10 or not")  # a version keeps its digits


def test_a_lead_in_before_the_question_carries_nothing():
    assert read("random q: number of players per side in kabaddi").words == read(
        "number of players per side in kabaddi").words
    assert read("um i'm trapped in a lift").words == ("lift", "trapped")
    assert "umbrella" in read("umbrella policy cost").words


def test_the_asker_and_someone_else_trading_places_differ(guard):
    assert _verdict(guard, "My landlord damaged my car in the car park. Who pays?",
                           "I damaged my landlord's car in the car park. Who pays?") is Verdict.DIFFER
    assert _verdict(guard, "Can I claim for a painting my sister made of me?",
                           "Can I claim for a painting I made of my sister?") is Verdict.DIFFER
    # a pronoun of someone else stands for them; a thing before the deed is no person
    assert _verdict(guard, "My brother has asthma and I don't; which pet suits him?",
                           "Which pet suits my brother? He has asthma and I don't.") is not Verdict.DIFFER
    assert _verdict(guard, "Can I use red dye on brown hair?", "Can I use red dye if my hair is brown?") is not Verdict.DIFFER
    assert not guard.without_lexicon()._doers_traded(read("my brother hit my car"), read("I hit my brother's car"))


def test_a_kin_word_among_several_replaced_words_is_the_judges(guard):
    # one word replaced by its kin: another question
    assert guard.verdict(read("How long does a sheep live?"), read("How long does a goat live?")) is Verdict.DIFFER
    # several replaced, and the kin pair is not each other's closest counterpart: the words cannot say
    assert guard._counterparts("period", "ewe", ["gestation", "period", "sheep"], ["ewe", "pregnant"]) is False
    assert guard._counterparts("sheep", "ewe", ["gestation", "period", "sheep"], ["ewe", "pregnant"]) is True


def test_a_name_written_in_lower_case_with_no_preposition_before_it_meets_the_name(guard):
    stored = "How much is a drinks package on a Royal Caribbean cruise from Miami?"
    assert guard.verdict(read(stored), read("drinks package price royal caribbean cruise from miami")) is Verdict.AGREE
    # a direction still needs its preposition: "to miami" is not "from Miami"
    assert guard.verdict(read(stored), read("drinks package price royal caribbean cruise to miami")) is Verdict.DIFFER
    # the prompt's only name, where the other side writes it after no preposition at all: "kenya trip"
    trip = "Which vaccines do I need for a 2-week trip to Kenya in August?"
    assert guard.verdict(read(trip), read("vaccines needed kenya trip 2 wks aug")) is Verdict.AGREE
    assert guard.verdict(read(trip), read("vaccines needed from kenya trip 2 wks aug")) is Verdict.DIFFER
    # "vs" joins the things compared and gives them no role: "RAW or JPEG", "raw vs jpeg"
    assert guard.verdict(read("Should I shoot in RAW or JPEG?"), read("raw vs jpeg which to shoot")) is Verdict.AGREE
    assert guard.verdict(read("Is N gauge cheaper than OO gauge per loco?"),
                         read("n gauge vs oo gauge - is n cheaper per loco")) is Verdict.AGREE


def test_two_people_opposed_only_through_what_one_is_a_kind_of_are_still_two_people(guard):
    """"adult" and "child" (a child is a juvenile, the opposite of an adult) are refused by the rules, not left to
    the judge, as two people WordNet files as kin are."""
    assert guard.verdict(read("How much sleep does an adult need?"), read("How much sleep does a child need?")) \
        is Verdict.DIFFER
    assert guard.verdict(read("How many hours can a kid work in the UK?"),
                         read("How many hours can an adult work in the UK?")) is Verdict.DIFFER


def test_a_person_named_by_a_kind_of_that_person_is_the_judges(guard):
    """"a woman" and "a female" (WordNet: a woman is a kind of female person) are the judge's to weigh, not refused
    by the rules; two people of one kind ("landlord", "tenant") still are."""
    assert guard.verdict(read("Can a woman referee a men's rugby match?"),
                         read("Can a female referee a men's rugby match?")) is Verdict.UNSURE
    assert guard.verdict(read("Can a landlord enter my flat without notice?"),
                         read("Can a tenant enter my flat without notice?")) is Verdict.DIFFER


def test_a_bare_number_counts_the_noun_the_prompt_names_elsewhere(guard):
    stored = "I keep 4 goats and my neighbour keeps 2; does she need a licence?"
    assert guard.verdict(read(stored), read("Does my neighbour need a licence for a goat? She keeps 2 and I keep 4.")) \
        is not Verdict.DIFFER
    # another noun between the number and the one named: "3 garden sheds on the same plot" counts sheds
    assert guard.verdict(read("Can I build the same shed on 3 plots?"),
                         read("Can I build 3 garden sheds on the same plot?")) is Verdict.DIFFER
    # a number that stands for a person is an age, not a count: "my kid is 2" is not "2 kids"
    assert guard.verdict(read("What should I pack for 2 kids on a plane?"),
                         read("What should I pack for my kid on a plane? My kid is 2")) is Verdict.DIFFER
    assert guard.verdict(read("What should I pack for 2 children on a plane?"),
                         read("What should I pack for my child on a plane? My child is 2")) is Verdict.DIFFER
    # a count a person labels stays a count: "a five-developer team"
    assert guard.verdict(read("How should a five-developer team split sprints?"),
                         read("How should a team of 5 developers split sprints?")) is Verdict.AGREE
    # one noun named once counts one bare number, not two ("a 4-4 fit": it was taken out of the words twice)
    fits = ("With a 4-4 fit in spades and a 5-3 fit in hearts, which should we choose as trumps?",
            "4-4 spade fit vs 5-3 heart fit, which one for trumps")
    assert guard.verdict(read(fits[0]), read(fits[1])) in Verdict
    assert guard.verdict(read(fits[1]), read(fits[0])) in Verdict


def test_a_currency_code_between_two_numbers_is_the_second_ones():
    assert _key("card 2622 EUR 500 20:00 Lagos") == _key("card 2622 paid 500 EUR at 20:00 in Lagos")
    assert ("num", "20", "time") in _key("paid 500 EUR 20 times")  # 20 counts times


def test_local_currencies_and_spaced_thousands_read_as_the_sum_they_write(guard):
    # the shilling, the naira, the rand, the cedi and the CFA franc as their users write them
    assert _key("send KSh 1,200") == _key("send Kshs. 1200") == _key("send 1200 bob") == _key("send 1,200 shillings")
    assert _key("a N450,000 fee") == _key("a 450k naira fee") and _key("a N1m loan") == _key("a 1,000,000 naira loan")
    assert _key("buy R500 of power") == _key("buy 500 rand of power")
    assert _key("pay GHS50") == _key("pay 50 cedis") and ("num", "50", "ghs") in _key("pay GH\u00a2 50")
    assert _key("50 000 FCFA") == _key("50000 francs CFA") == _key("50,000 CFA francs") == _key("50 000 F CFA")
    # a letter before a model's number or apart from a figure is no sum, nor "bob" a name; figures side by side
    # without a currency, or before one in the singular (two 500-euro cards), are two
    assert not {("num", "95", "ngn"), ("num", "35", "zar")} & set(_key("an N95 mask and R35 fuel"))
    assert ("num", "470", "ohm") in _key("an R 470 ohm resistor") and ("num", "100", "ngn") not in _key(
        "drive N 100 km") and ("num", "10", "kes") not in _key("Top 10 Bob Marley songs")
    assert ("num", "8", "") in _key("soil pH 8 150 mm rain") and ("num", "2000", "mad") in _key("2 000 dirhams")
    assert ("num", "2500", "eur") not in _key("2 500 euro gift cards") and ("num", "1000", "usd") in _key(
        "1 000 dollars")
    stored = "Is it legal for a public school in Dakar to charge 30 000 FCFA in registration fees?"
    assert _verdict(guard, stored, "Can a Dakar public school legally charge thirty thousand FCFA for registration?") \
        is Verdict.AGREE
    assert _verdict(guard, stored, "Is it legal for a public school in Dakar to charge 3 000 FCFA in registration fees?") \
        is Verdict.DIFFER


def test_a_purpose_said_with_not_meets_a_word_that_prevents(guard):
    # "so ... don't", "without" and "to not" say a purpose, as "avoid", "stop" and "keep ... from" do
    assert _verdict(guard, "How long should an online customer survey be to avoid people dropping out?",
                    "How long should an online customer survey be so people don't drop out?") is Verdict.AGREE
    assert _verdict(guard, "How do I cut a deep inside curve in stained glass without it cracking?",
                    "Cutting a deep inside curve in stained glass - how do I stop it cracking?") is Verdict.AGREE
    assert _verdict(guard, "How can a left-handed child avoid smudging when writing?",
                    "How can a left-handed child write without smudging?") is Verdict.AGREE
    # a condition is no purpose, nor is a word the prevention does not name
    assert _verdict(guard, "How can I avoid razor bumps after shaving?",
                    "What should I do if I don't get razor bumps after shaving?") is Verdict.DIFFER
    # nor an infinitive: never doing a thing is not ceasing to
    assert _verdict(guard, "Is it normal for a toddler not to talk at 2?",
                    "Is it normal for a toddler to stop talking at 2?") is Verdict.DIFFER
    assert _verdict(guard, "Is it safe not to take statins?", "Is it safe to stop taking statins?") is Verdict.DIFFER
    assert _verdict(guard, "How long should a customer survey be to avoid people dropping out?",
                    "How long should a customer survey be so people don't skip questions?") is not Verdict.AGREE
    # and a word that prevents, said on one side only, is implied by no other word ("stops paying"): the judge weighs it
    assert _verdict(guard, "If a member of our group collects N100,000 first and then stops paying, what can we do?",
                    "How can we prevent a member of our group from collecting N100,000 first and then stopping "
                    "payments?") is Verdict.UNSURE


def test_what_is_not_why_where_who_or_how_long_unless_a_word_says_so(guard):
    assert _verdict(guard, "What permit do I need for a backyard pond?", "Why do I need a permit for a backyard pond?") \
        is Verdict.DIFFER
    assert _verdict(guard, "What should I stretch before a run?", "How long should I stretch before a run?") is Verdict.DIFFER
    assert _verdict(guard, "What is the oldest lighthouse in Spain?", "Where is the oldest lighthouse in Spain?") \
        is Verdict.DIFFER
    # "what makes" asks why; "what is" asks how much of a sum; "what time" asks when
    assert _verdict(guard, "Why does my bread collapse?", "What makes my bread collapse?") is not Verdict.DIFFER
    assert _verdict(guard, "How much is 5% of 1,820?", "What is 5% of 1,820?") is not Verdict.DIFFER


def test_asked_need_is_not_may_and_in_is_not_outside(guard):
    assert _verdict(guard, "Do I need a permit to fly a kite at the beach?", "Can I get a permit to fly a kite at the beach?") \
        is Verdict.DIFFER
    assert _verdict(guard, "How many lessons will I need to pass?", "How many lessons can I take to pass?") is Verdict.DIFFER
    assert _verdict(guard, "Do I need a permit to fly a kite at the beach?",
                           "Is a permit necessary to fly a kite at the beach?") is not Verdict.DIFFER
    assert _verdict(guard, "Can I smoke in a rented flat?", "Can I smoke outside a rented flat?") is Verdict.DIFFER


def test_a_conjunct_after_a_determiner_or_light_verb_is_one_more_of_a_list(guard):
    assert ("buck", "doe") in read("Can I shoot a roe buck and a roe doe in May?").coordinated
    assert ("condenser", "dynamic") in read("Is a dynamic or condenser microphone better?").coordinated
    assert guard.verdict(read("Can I park a van on my drive?"), read("Can I park a van and a trailer on my drive?")) \
        is Verdict.DIFFER
    assert guard.verdict(read("How much is the fee to file online?"),
                         read("How much is the fee to file online and get a hearing?")) is Verdict.DIFFER


def test_done_by_and_done_to_the_subject_and_should_have_done_differ(guard):
    assert _verdict(guard, "Can my landlord evict me if I can report him?", "Can my landlord evict me if I can be reported?") \
        is Verdict.DIFFER
    assert _verdict(guard, "Should I reseed my lawn in autumn?", "Should I have reseeded my lawn in autumn?") is Verdict.DIFFER
    # a passive that names its doer, or another subject, is the same question; "have to" is no perfect
    assert _verdict(guard, "Can a dog eat grapes?", "Can grapes be eaten by a dog?") is not Verdict.DIFFER
    assert _verdict(guard, "Should I change the oil every year?", "Should I have to change the oil every year?") \
        is not Verdict.DIFFER


def test_a_number_takes_no_label_from_across_a_conjunction():
    facts = {f.value: f.label for f in read("I'm 40 and my son is 9 - what hoop height should he use?").facts}
    assert facts["40"] == "" and facts["9"] == "son"
    assert {f.value: f.label for f in read("I am 40 kg heavier than my son").facts}["40000"] == "heavier"


def test_a_number_said_of_he_or_she_is_theirs_whom_the_asker_named(guard):
    # "He is 11" after "my son" is the son's age, as "my son is 11" says; with two named, nobody's
    facts = {f.value: f.label for f in read("Can my son ride in front? He is 11 and I'm 40.").facts}
    assert facts == {"11": "son", "40": "", "can": ""}
    assert {f.value: f.label for f in read("my son and my daughter: she is 8").facts}["8"] == ""
    asked = "Which scale should I buy for my son? He is 8 and I'm 45."
    assert _verdict(guard, "My son is 8 and I'm 45; which scale should I buy for him?", asked) is not Verdict.DIFFER
    assert _verdict(guard, "My son is 45 and I'm 8; which scale should I buy for him?", asked) is Verdict.DIFFER


def test_a_number_after_with_is_labelled_by_what_follows_it(guard):
    # "together with 500mg amoxicillin": the drug names the dose, not "together"; "a payment with 3 cards" keeps its
    # label, nothing coming after the count
    facts = {f.value: f.label for f in read("Can I take 400mg ibuprofen together with 500mg amoxicillin?").facts}
    assert facts["0.4"] == "ibuprofen" and facts["0.5"] == "amoxicillin"
    assert {f.value: f.label for f in read("a payment with 3 cards").facts} == {"3": "payment"}
    assert _verdict(guard, "Is a 3-minute round with 1-minute rest standard in boxing?",
                    "3 min rounds, 1 min rest - standard in boxing?") is not Verdict.DIFFER
    assert _verdict(guard, "Is a 3-minute round with 1-minute rest standard in boxing?",
                    "1 min rounds, 3 min rest - standard in boxing?") is Verdict.DIFFER


def test_a_code_or_name_one_side_leaves_out_is_the_judges_to_weigh(guard):
    # "an EV battery" may be "a battery for an electric car" or another battery: the judge weighs it, as it weighs
    # "5 purchases" for "5 payments"; never better than UNSURE. A code against another code, or a name, differs;
    # a place named on one side only says where the answer holds, and an English word naming which of a name's kind
    # ("Youth Olympics", "PADI Advanced Open Water") says which one: both differ
    xbox = "How many players can play Minecraft split screen on Xbox?"
    assert _verdict(guard, xbox, "How many players can play Minecraft split screen?") is Verdict.UNSURE
    assert not guard.same_text(xbox, "How many players can play Minecraft split screen?")
    assert _verdict(guard.without_lexicon(), xbox, "How many players can play Minecraft split screen?") \
        is Verdict.DIFFER  # without WordNet, codes only
    assert _verdict(guard, "Is it legal to drive barefoot?", "Is it legal to drive barefoot in Texas?") is Verdict.DIFFER
    assert _verdict(guard, "What is the PADI Advanced Open Water depth limit?",
                    "What is the PADI Open Water depth limit?") is Verdict.DIFFER
    ev = "How much does it cost to replace an EV battery?"
    assert _verdict(guard, ev, "What's the price of a new battery for an electric car?") is Verdict.UNSURE
    assert guard.same_text(ev, "What's the price of a new battery for an electric car?")
    assert _verdict(guard, "Is it legal to drive barefoot?", "Is it legal to drive barefoot in the UK?") is Verdict.UNSURE
    assert not guard.same_text("Is it legal to drive barefoot?", "Is it legal to drive barefoot in the UK?")
    assert _verdict(guard, "Is it legal to drive barefoot in the US?", "Is it legal to drive barefoot in the UK?") \
        is Verdict.DIFFER
    assert _verdict(guard, "Do I pay tax when I swap Bitcoin for Ethereum?", "Do I pay tax when I swap BTC for ETH?") \
        is Verdict.DIFFER


def test_a_negation_of_words_the_other_side_leaves_out_is_the_judges_to_weigh(guard):
    # "without chemicals" may be said as "naturally": the judge weighs it, never better than UNSURE; a negation of a
    # word both write turns the question round and differs, and so does "no" before a noun
    sink = "How do I unclog a bathroom sink without chemicals?"
    assert _verdict(guard, sink, "unclog bathroom sink naturally") is Verdict.UNSURE
    assert _verdict(guard, "unclog bathroom sink naturally", sink) is Verdict.UNSURE
    assert _verdict(guard, "Is it rude not to tip in Japan?", "Is it rude to tip in Japan?") is Verdict.DIFFER
    assert _verdict(guard, "Which leathers can't be tooled?", "Which leathers can be tooled?") is Verdict.DIFFER
    assert _verdict(guard, "Can I freeze chanterelles without cooking them first?",
                    "Can I freeze chanterelles after cooking them first?") is Verdict.DIFFER
    assert _verdict(guard, "What should I do if my burglar alarm keeps going off for no reason?",
                    "How do I reset my burglar alarm after it has gone off?") is Verdict.DIFFER


def test_a_bare_number_with_a_counts_label_is_that_count_for_the_judge(guard):
    # "tonight" is said, never counted; "a table for four" is "a table for 4 people" as far as the judge can tell
    assert all(f.unit != "tonight" for f in read("table for four tonight at 8pm?").facts if f.kind == "num")
    table = "Do you have a table for 4 people tonight at 20:00?"
    assert _verdict(guard, table, "table for four tonight at 8pm?") is Verdict.UNSURE
    assert _verdict(guard, table, "table for five tonight at 8pm?") is Verdict.DIFFER


def test_a_name_cut_short_in_lower_case_is_that_name(guard):
    stored = "card 6208 paid 50 MAD at 15:00 in Casablanca, home Tunis, 0 payments last hour. fraud?"
    assert _verdict(guard, stored, "card 6208 paid 50 MAD at 15:00 in casa, home Tunis, 0 payments last hour. fraud?") \
        is Verdict.AGREE
    assert _verdict(guard, stored, "card 6208 paid 50 MAD at 15:00 in Tunis, home casa, 0 payments last hour. fraud?") \
        is Verdict.DIFFER  # the role stays
    nairobi = "card 6208 paid 50 MAD at 15:00 in Nairobi, home Tunis, 0 payments last hour. fraud?"
    assert _verdict(guard, nairobi, "card 6208 paid 50 MAD at 15:00 in Tunis, home naiorbi, 0 payments last hour. fraud?") \
        is Verdict.DIFFER  # so does a slip's after "home"
    assert _verdict(guard, nairobi, "card 6208 paid 50 MAD at 15:00 in naiorbi, home Tunis, 0 payments last hour. fraud?") \
        is Verdict.AGREE
    # a word WordNet knows is no name cut short: "cali" may be California, or not
    assert not guard._shortened("cali", "california") and guard._shortened("casa", "casablanca")


def test_an_acronym_is_spelled_out_by_words_that_end_in_a_content_word(guard):
    # "players can" spells no "PC" (so "on PC" against "on Xbox" stays two names, not one left out); "with the grain"
    # and "over the counter" still spell "WTG" and "OTC"
    rules = guard.without_paraphrase()
    xbox = "How many players can play Minecraft split screen on Xbox?"
    assert rules.verdict(read(xbox), read("How many players can play Minecraft split screen on PC?")) is Verdict.DIFFER
    assert rules.verdict(read("Can I buy over-the-counter hearing aids if I am under 18?"),
                         read("Can I buy OTC hearing aids if I am under 18?")) is Verdict.AGREE


def test_where_someone_lives_is_their_home():
    fraud = read("card 3494 paid 300 MAD at 08:00 in Casablanca, home Tunis, 2 payments last hour. fraud?")
    lives = read("card 3494 paid 300 MAD at 08:00 in Casablanca, lives in Tunis, 2 payments last hour. fraud?")
    assert fraud.fact_key == lives.fact_key and "lives" not in lives.words
    assert {f.value: f.label for f in lives.facts if f.kind == "name"} == {"casablanca": "in", "tunis": "home"}
    assert {f.value: f.label for f in read("a hotel in Tunis").facts} == {"tunis": "in"}


def test_no_before_a_number_and_a_fields_name_before_a_colon_are_no_negation_and_no_period():
    fields = read("card no: 4351 | sum: 500 MAD | hour: 13:00 | location: Rabat. fraud?")
    assert not any(f.kind in ("not", "window") for f in fields.facts)
    assert {f.value for f in fields.facts if f.kind in ("num", "time")} == {"4351", "500", "13:00"}
    assert any(f.kind == "not" for f in read("no payments last hour").facts)
    assert any(f.kind == "window" for f in read("best hour: 9 or 10?").facts)  # the colon ends no field name here


def test_a_number_after_a_kinds_name_meets_its_identifier_of_that_initial(guard):
    grid = "feeder F21 load 12 MW peak 31 MW solar 9 MW. config?"
    assert guard.verdict(read(grid), read("feeder 21 load 12 MW peak 31 MW solar 9 MW. config?")) is Verdict.AGREE
    assert guard.verdict(read(grid), read("config for feeder #21: load 12 MW, peak 31 MW, solar 9 MW?")) is Verdict.AGREE
    assert guard.verdict(read(grid), read("feeder 12 load 12 MW peak 31 MW solar 9 MW. config?")) is Verdict.DIFFER
    assert guard.verdict(read("gate G12 to gate 14: how far?"), read("gate 12 to gate 14: how far?")) is Verdict.AGREE


def test_a_name_written_before_to_in_lower_case_or_opening_the_prompt_is_where_the_trip_starts(guard):
    stored = "What is the last train from Munich to Vienna on Sunday?"
    assert guard.same_text(stored, "last train munich to vienna sunday")
    assert guard.same_text("How long is the train journey from Brussels to Cologne?", "Brussels to Cologne by train, how long?")
    assert not guard.same_text(stored, "last train vienna to munich sunday")
    assert not guard.same_text("How long is the train journey to Brussels from Cologne?", "Brussels to Cologne by train, how long?")


def test_a_home_said_with_a_verb_meets_home_said_with_the_word_in_either_case(guard):
    fraud = "card 9512 paid 900 MAD at 07:00 in Lagos, home Tunis, 0 payments last hour. fraud?"
    for asked in ("card 9512 paid 900 MAD at 07:00 in Lagos, cardholder lives in Tunis, 0 payments last hour. fraud?",
                  "card 9512 paid 900 mad at 07:00 in lagos, based in tunis, 0 payments last hour. fraud?",
                  "card 9512 paid 900 mad at 07:00 in lagos, home tunis, 0 payments last hour. fraud?"):
        assert _verdict(guard, fraud, asked) is Verdict.AGREE, asked
    for swapped in ("card 9512 paid 900 mad at 07:00 in tunis, lives in lagos, 0 payments last hour. fraud?",
                    "card 9512 paid 900 MAD at 07:00 in Tunis, lives in Lagos, 0 payments last hour. fraud?",
                    "card 9512 paid 900 mad at 07:00 in tunis, home lagos, 0 payments last hour. fraud?"):
        assert _verdict(guard, fraud, swapped) is Verdict.DIFFER, swapped
    # one city in both roles, written in lower case: each of its places meets one of the name's
    same = "card 7518 paid 3000 MAD at 21:00 in Lagos, home Lagos, 4 payments last hour. fraud?"
    assert _verdict(guard, same, same.lower()) is Verdict.AGREE
    assert read("she lives in lagos").placed == (("lagos", "home"),)
    assert read("a hotel in lagos").placed == (("lagos", "in"),)


def test_a_label_written_twice_is_told_apart_by_the_word_qualifying_it(guard):
    grid = "feeder F11 load 46 MW peak 48 MW solar 2 MW. config?"
    assert _verdict(guard, grid, "f11: peak load 48 MW, solar 2 MW, load 46 MW. config?") is Verdict.AGREE
    assert _verdict(guard, grid, "feeder F11 load 46 MW, peak load 48 MW, solar 2 MW. config?") is Verdict.AGREE
    assert _verdict(guard, grid, "feeder F11 load 48 MW, peak load 46 MW, solar 2 MW. config?") is Verdict.DIFFER
    assert {f.value: f.label for f in read("46 MW load, peak load 48 MW").facts} == {"46000000": "load", "48000000": "peak"}
    assert {f.label for f in read("peak load 48 MW").facts} == {"load"}  # written once: its own label


def test_a_field_naming_a_place_says_where_a_name_is(guard):
    fraud = "card 4638 paid 8000 MAD at 01:00 in Tunis, home Casablanca, 3 payments last hour. fraud?"
    fields = "card: 4638; amount: 8000 MAD; time: 1:00; {}: Tunis; home: Casablanca; payments last hour: 3. fraud?"
    assert _verdict(guard, fraud, fields.format("city")) is not Verdict.DIFFER  # the field names are the judge's
    assert _verdict(guard, fraud, fields.format("location")) is not Verdict.DIFFER
    assert _verdict(guard, fraud, fields.format("card")) is Verdict.DIFFER  # not a place
    assert _verdict(guard, "sleep on the street in Los Angeles?", "sleep on the street outside Los Angeles?") \
        is Verdict.DIFFER  # a preposition, however WordNet files it


def test_a_bare_period_only_measures_a_time_the_other_side_asks(guard):
    assert _verdict(guard, "What's the rainiest month in London?", "In London, which month gets the most rain?") \
        is not Verdict.DIFFER
    assert _verdict(guard, "How many hours of sleep does an adult need?", "recommended sleep hours for adults") \
        is not Verdict.DIFFER
    # a period after "a" or "per" is a rate, which the time asked does not say
    assert _verdict(guard, "How long is a typical open mic set for a new comedian?",
                    "How many open mic sets a week should a new comedian do?") is Verdict.DIFFER


def test_a_spaced_dash_after_a_numbers_unit_separates_clauses():
    assert _key("my drone is under 250 g - do I have to register it?") == _key("my drone is under 250 g, do I have to register it?")
    assert ("op", "-", "") in _key("what is 5 g - 3 g")  # between two numbers: a subtraction


def test_numbers_of_one_unit_with_other_labels_meet_unless_the_labels_swap(guard):
    stored = "Should wall ties be spaced 900 mm apart horizontally and 450 mm vertically?"
    assert _verdict(guard, stored, "Should the wall ties be 900 mm apart horizontally and 450 mm vertically?") \
        is not Verdict.DIFFER  # 900 labelled "spaced" and "ties": no other number of b's is "spaced"
    grid = "feeder F11 load 30 MW peak 46 MW solar 2 MW. config?"
    assert _verdict(guard, grid, "feeder F11 peak 30 MW load 46 MW solar 2 MW. config?") is Verdict.DIFFER


def test_square_and_cubic_metres_are_one_unit_however_written():
    assert read("lime per square metre").words == read("lime per m2").words
    assert _key("12 cubic metres of water") == _key("12 m3 of water") == (("num", "12", "cbm"),)
    assert ("id", "m2", "") in _key("my m2 macbook")  # a chip, not an area


def test_second_before_a_noun_numbers_it_and_is_no_period():
    assert _key("after my second knockout") == _key("after my 2nd knockout")
    assert _key("Newton's second law") == _key("Newton's 2nd law")
    for period in ("wait a second", "frames per second", "a ten second clip", "takes a second to load"):
        assert any(f.kind == "window" or f.unit == "second" for f in read(period).facts), period


def test_a_ranges_unit_is_both_its_ends_and_irregular_plurals_are_counted():
    assert _key("the manual says 2-3 cm") == _key("the manual says 20-30 mm")
    assert _key("went from 28 to 34 lb") == _key("went from 28lb to 34lb")
    assert _key("between 5 and 10 kg") == _key("between 5 kg and 10 kg")
    # and a choice's: "5 or 7 points" counts points both times
    assert _key("should a Likert scale have 5 or 7 points?") == _key("5 points or 7 points for a Likert scale?")
    assert all(not unit for kind, _, unit in _key("score 3-2") if kind == "num")  # no unit: no range to read
    assert ("num", "3", "child") in _key("2 adults and 3 children")
    assert ("num", "2", "woman") in _key("3 men and 2 women")


def test_a_pound_or_a_degree_is_the_currency_or_the_scale_the_other_side_writes(guard):
    gift = "How much does Gift Aid add to a 100 GBP donation?"
    assert _verdict(guard, gift, "How much does Gift Aid add to a 100 pound donation?") is Verdict.AGREE
    assert _verdict(guard, gift, "How much does Gift Aid add to a 100 lb donation?") is Verdict.DIFFER  # a weight
    assert _verdict(guard, gift, "How much does Gift Aid add to a 200 pound donation?") is Verdict.DIFFER
    wash = "Can I machine wash it at 30C?"
    assert _verdict(guard, wash, "Can I machine wash it at 30 degrees?") is Verdict.AGREE
    assert _verdict(guard, wash, "Can I machine wash it at 30F?") is Verdict.DIFFER
    assert _verdict(guard, wash, "Can I machine wash it at 40 degrees?") is Verdict.DIFFER


def test_an_identifier_of_a_word_and_a_number_written_together_meets_them_written_apart(guard):
    crop = "soil clay pH 8.0 rain 150 mm region Kairouan season winter. crop?"
    assert guard.verdict(read(crop), read("crop? winter, region Kairouan, pH8, clay soil, rain 150 mm")) is Verdict.AGREE
    assert guard.verdict(read(crop), read("crop? winter, region Kairouan, pH7, clay soil, rain 150 mm")) is Verdict.DIFFER
    assert guard.verdict(read("Mini 3 battery life?"), read("mini3 battery life?")) is Verdict.AGREE


def test_a_season_typed_as_an_inflection_of_another_word_is_still_that_season(guard):
    crop = "soil loam pH 5.5 rain 600 mm region Kairouan season winter. crop?"
    assert guard.verdict(read(crop), read(crop.replace("winter", "winer"))) is Verdict.AGREE  # "winer": "wine" + "r"
    assert guard.verdict(read(crop), read(crop.replace("winter", "winner"))) is Verdict.DIFFER  # a word of its own


def test_a_word_narrowing_a_shared_word_is_the_judges_unless_it_says_how_often_or_who(guard):
    rules = guard.without_paraphrase()
    oven = (read("What oven temperature should chicken breasts be baked at?"),
            read("At what temperature should I bake chicken breasts?"))
    assert rules.verdict(*oven) is Verdict.UNSURE and guard.decide(*oven, Verdict.UNSURE)  # the judge: a rewording
    assert rules.verdict(read("Is a 9 ft table harder than a 7 ft table?"),
                         read("Is a 9 ft table always harder than a 7 ft table?")) is Verdict.DIFFER
    assert rules.verdict(read("Is a Udemy course I bought still mine if the instructor deletes it?"),
                         read("Is a Udemy course I bought still mine if I delete it?")) is Verdict.DIFFER
    assert rules.verdict(read("Is a recipe's list of ingredients protected by copyright?"),
                         read("Is a list of recipes protected by copyright?")) is Verdict.DIFFER


def test_words_only_guessed_apart_are_the_judges_and_words_said_apart_differ(guard):
    rules = guard.without_paraphrase()
    # two physical things WordNet does not relate: the vectors and WordNet's categories only guess them apart
    tattoo = (read("How do I care for a new tattoo?"), read("How do I care for a new piercing?"))
    assert rules.verdict(*tattoo) is Verdict.UNSURE and not guard.decide(*tattoo, Verdict.UNSURE)
    pulse = (read("What is a normal resting heart rate for a teenager?"), read("normal resting pulse for a teenager?"))
    assert rules.verdict(*pulse) is Verdict.UNSURE and guard.decide(*pulse, Verdict.UNSURE)
    # said apart: two persons WordNet files as of one kind, an opposite from the list; or the thing one question
    # asks for
    for stored, asked in (
        ("How much notice must a landlord give in Scotland?", "How much notice must a tenant give in Scotland?"),
        ("How many hours of sleep does a teenager need?", "How many hours of sleep does a toddler need?"),
        ("Can the goalkeeper stand in front of the line?", "Can the goalkeeper stand behind the line?"),
        ("Is it safe to use expired mascara?", "How can I tell if my mascara has expired?"),
    ):
        assert rules.verdict(read(stored), read(asked)) is Verdict.DIFFER, asked


def test_other_things_of_one_kind_are_the_judges(guard):
    # WordNet files many a rewording's words as other things of one kind or one a kind of the other ("highest",
    # "tallest"; "symptoms", "signs"; "luggage", "bag"), and many a near miss's ("egg", "food"; "kitten", "puppy"):
    # the rules leave them to the judge of whole sentences, which tells these apart
    rules = guard.without_paraphrase()
    for stored, asked, same in (
        ("What is the highest mountain in Europe?", "tallest mountain in europe", True),
        ("What are the early symptoms of type 2 diabetes?", "early signs of type 2 diabetes?", True),
        ("Can I bring a power bank in checked luggage?", "power bank in checked bag allowed?", True),
        ("How long do I boil an egg?", "How long do I boil food?", False),
        ("What vaccines does a kitten need?", "What vaccines does a puppy need?", False),
        ("At what temperature should I serve white wine?", "At what temperature should I serve red wine?", False),
    ):
        pair = (read(stored), read(asked))
        assert rules.verdict(*pair) is Verdict.UNSURE, asked
        guard.prepare(pair[1], [pair[0]])
        assert guard.decide(*pair, Verdict.UNSURE) is same, asked


def test_a_word_in_a_phrase_after_a_preposition_is_the_judges_unless_it_names_who_it_is_for(guard):
    rules = guard.without_paraphrase()
    # narrowing a word both sides have, after "in", "for", "with", ...: the judge weighs it ("the world's oceans" is
    # "the ocean"; "a cold garage" is not "a garage"); after "of" it says what a thing is of ("a list of
    # ingredients", above); "another" picks another one of a kind, as "next" or "last" do
    assert rules.verdict(read("What is the tallest tree in the forest?"),
                         read("Which tree is the tallest in the world's forests?")) is Verdict.UNSURE
    assert rules.verdict(read("How long does paint take to dry in a cold garage?"),
                         read("How long does paint take to dry in a garage?")) is Verdict.UNSURE
    assert rules.verdict(read("Can my dog sleep in another room?"), read("Can my dog sleep in my room?")) is Verdict.DIFFER
    assert rules.verdict(read("What does 'carpe diem' mean?"), read("carpe diem - what does it mean in english")) is (
        Verdict.UNSURE)
    assert rules.verdict(read("What is inflation?"), read("inflation explained for kids")) is Verdict.DIFFER
    assert rules.verdict(read("Can foster parents take a foster child on vacation out of state?"),
                         read("Can foster parents take a foster child on vacation within the state?")) is Verdict.DIFFER


def test_a_prompts_only_place_meets_the_word_wordnet_derives_from_it_elsewhere(guard):
    assert guard.verdict(read("What is the average salary in Germany?"), read("average German salary?")) is Verdict.AGREE
    assert guard.verdict(read("What is the longest river in Africa?"), read("longest african river")) is Verdict.AGREE
    assert guard.verdict(read("What is the average salary in Germany?"), read("average French salary?")) is Verdict.DIFFER
    assert guard.verdict(read("Do US citizens need a visa to visit Japan?"),
                         read("Do Japanese citizens need a visa to visit the US?")) is Verdict.DIFFER
    # the language a thing is said in, with "in", "into" or "to"; a place is where one goes, or is
    assert guard.verdict(read("Translate 'good morning' into Spanish."),
                         read("How do you say 'good morning' in Spanish?")) is not Verdict.DIFFER
    assert guard.verdict(read("Translate 'good morning' into Spanish."),
                         read("Translate 'good morning' from Spanish.")) is Verdict.DIFFER
    assert guard.verdict(read("How much are flights to Japan?"), read("How much are flights in Japan?")) is Verdict.DIFFER
    # a code that names no place leaves the name the only place ("VAT"; "US" names one, above)
    assert guard.verdict(read("What is the VAT rate in Germany?"), read("German VAT rate?")) is Verdict.AGREE
    assert guard.verdict(read("What is the VAT rate in Germany?"), read("French VAT rate?")) is Verdict.DIFFER


def test_season_names_the_kind_of_a_season_the_other_side_gives_bare(guard):
    rules = guard.without_paraphrase()
    crop = "soil sand pH 7.5 rain 450 mm region Kairouan season autumn. crop?"
    asked = "recommend a crop for soil sand, ph 7.5, 450 millimeters of rainfall, region kairouan, during autumn."
    assert rules.verdict(read(crop), read(asked)) is Verdict.AGREE
    assert rules.verdict(read(crop), read(asked.replace("autumn", "spring"))) is Verdict.DIFFER
    # "season" typed with a slip still meets "season" as a word
    assert rules.verdict(read(crop), read(crop.replace("season", "sason"))) is Verdict.AGREE
    # "season" where no season is named ("the rainy season") is no field's name
    assert guard._season_named(read("When is the rainy season in Kenya?"), read("When does it rain in Kenya?")) == set()
    assert guard._season_named(read(crop), read(asked)) == {"season"}


def test_an_abbreviation_or_a_letter_dropped_inside_meets_a_word_wordnet_does_not_know(guard):
    assert guard._abbreviates("cfg", "config") and guard._abbreviates("amt", "amount")
    assert not guard._abbreviates("msg", "message")  # a word WordNet knows ("MSG"): not taken for another
    assert not guard._abbreviates("cfig", "config") and not guard._abbreviates("cfg", "cafe")  # a vowel; not in order
    assert guard._unknown_slip("cnfig", "config") and guard._unknown_slip("cofig", "config")
    assert not guard._unknown_slip("confi", "config")  # a letter dropped at an end: another word ("http", "https")
    rules = guard.without_paraphrase()
    assert rules.verdict(read(GRID), read(GRID.replace("config", "cfg"))) is Verdict.AGREE
    assert rules.verdict(read(GRID), read(GRID.replace("config", "cnfig"))) is Verdict.AGREE
    assert rules.verdict(read(GRID), read(GRID.replace("config", "cfg").replace("30 MW", "31 MW"))) is Verdict.DIFFER


def test_asking_what_one_recommends_asks_which(guard):
    assert read("what crop do you recommend?").words == read("what crop?").words
    assert read("which wine would you suggest for salmon?").words == read("which wine for salmon?").words
    assert read("crop recommendation?").words == read("crop?").words
    assert read("laptop suggestions for students?").words == read("laptop for students?").words
    assert "recommendation" in read("is a recommendation letter needed?").words  # one named, not asked for
    # whether one recommends a thing, or advises against it, is asked of the verb
    assert "recommend" in read("do you recommend planting maize?").said
    assert "advise" in read("what would you advise against?").said
    rules = guard.without_paraphrase()
    crop = "soil silt pH 8.0 rain 450 mm region Thies season winter. crop?"
    asked = "season: winter, region Thies, rain 450 mm, pH 8.0, soil: silt. what crop do you recommend? thanks"
    assert rules.verdict(read(crop), read(asked)) is Verdict.AGREE
    assert rules.verdict(read(crop), read(asked.replace("450", "350"))) is Verdict.DIFFER


def test_too_against_enough_and_then_against_or_and_which_against_a_modal_yes_or_no(guard):
    rules = guard.without_paraphrase()
    carpet = "Is 80 C too hot for steam cleaning a wool carpet?"
    assert rules.verdict(read(carpet), read(carpet.replace("too hot", "hot enough"))) is Verdict.DIFFER
    assert rules.verdict(read(carpet), read(carpet.replace("too hot", "excessively hot"))) is not Verdict.DIFFER
    strain = "Should I use ice or heat on a back strain?"
    assert rules.verdict(read(strain), read(strain.replace("or", "and then"))) is Verdict.DIFFER
    assert rules.verdict(read(strain), read(strain.replace("ice or heat", "heat or ice"))) is not Verdict.DIFFER
    inks = "Which inks should I not use in a celluloid pen?"
    assert rules.verdict(read(inks), read("Should I not use any inks in a celluloid pen?")) is Verdict.DIFFER
    # a request opened by a modal asks which all the same
    asked = "Could you tell me which inks I should not use in a celluloid pen?"
    assert rules.verdict(read(inks), read(asked)) is not Verdict.DIFFER


def test_a_noun_that_only_says_a_number_measures_the_word_before_it_says_nothing_more(guard):
    rules = guard.without_paraphrase()
    grid = "feeder F11 load 46 MW peak 48 MW solar 2 MW. config?"
    assert rules.verdict(read(grid), read("f11: peak load 48 mw, solar gen 2 mw, load 46 mw. config?")) is Verdict.AGREE
    assert rules.verdict(read(grid), read(grid.replace("solar 2 MW", "solar output 2 MW"))) is Verdict.AGREE
    # another noun says more; another word before it is another fact; the number still counts
    assert rules.verdict(read(grid), read(grid.replace("solar 2 MW", "solar capacity 2 MW"))) is not Verdict.AGREE
    assert rules.verdict(read(grid), read(grid.replace("solar 2 MW", "wind output 2 MW"))) is not Verdict.AGREE
    assert rules.verdict(read(grid), read(grid.replace("solar 2 MW", "solar output 3 MW"))) is Verdict.DIFFER
    farm = "milk 20 l a day from 5 cows: is that good?"
    assert rules.verdict(read(farm), read(farm.replace("milk 20 l", "milk production 20 l"))) is Verdict.AGREE


def test_words_written_as_code_are_compared_verbatim(guard):
    regex = "What does the regex ^[0-9]{3}-[0-9]{4}$ match?"
    assert read(regex).code == ("^[0-9]{3}-[0-9]{4}$",)
    assert read("use `len()`.").code == ("len()",) and read("git push --force").code == ("--force",)
    # field separators and prices are no code
    assert read("feeder: F30 | load: 12MW -> config?").code == () and read("is $100 enough?").code == ()
    rules = guard.without_paraphrase()
    assert rules.verdict(read(regex), read(regex.replace("^", "").replace("$", ""))) is Verdict.DIFFER
    assert rules.verdict(read(regex), read("Which strings would ^[0-9]{3}-[0-9]{4}$ match?")) is not Verdict.DIFFER
    # an expression with a power or an equation is one word however its operators are spaced
    assert read("Solve x^2 - 5x + 6 = 0.").code == read("solve x^2-5x+6=0").code == ("x^2-5x+6=0",)
    assert read("h = -5t^2 + 20t").code == ("h=-5t^2+20t",) and read("x^2 - 5x + 6 = 0").code != read(
        "x^2 - 6x + 5 = 0").code
    assert read("x^2 = 4 - what is x?").code == ("x^2=4",)  # prose is no term
    assert guard.verdict(read("Solve x^2 - 5x + 6 = 0 using the quadratic formula."),
                         read("Please can you solve x^2-5x+6=0 by the quadratic formula?")) is Verdict.AGREE
    # its operators are one however often the reader reads each; another operator elsewhere still counts
    assert guard.verdict(read("How do I complete the square for x^2 + 6x + 2?"),
                         read("completing the square of x^2+6x+2, how to do it?")) is Verdict.AGREE
    assert guard.verdict(read("Solve x^2 + 1 = 0 and add 3 + 4"), read("Solve x^2 + 1 = 0 and add 3 - 4")) \
        is Verdict.DIFFER


def test_how_many_of_a_thing_that_is_no_measure_does_not_ask_how_long(guard):
    rules = guard.without_paraphrase()
    cake = "How many eggs do I need for a cake?"
    assert rules.verdict(read(cake), read(cake.replace("eggs", "minutes"))) is Verdict.DIFFER
    assert rules.verdict(read(cake.replace("eggs", "minutes")), read(cake)) is Verdict.DIFFER
    # a count of a measure asks how long a thing is; "how many extra minutes" how long it takes
    assert rules.verdict(read("How long is a marathon?"), read("How many miles is a marathon?")) is not Verdict.DIFFER
    jam = "how long should I add to the water-bath time for jam at 6000 ft?"
    assert rules.verdict(read(jam), read(jam.replace("how long", "how many extra minutes"))) is not Verdict.DIFFER
    # "how much" of a thing that lasts may ask how long
    assert rules.verdict(read("How long should I rest between sets?"),
                         read("How much rest should I take between sets?")) is not Verdict.DIFFER


def test_a_term_whose_final_s_is_no_plural_is_not_its_stem(guard):
    assert lemma("https") == "https" and lemma("ftps") == "ftps" and lemma("urls") == "url"
    assert not guard.same_word("http", "https") and not guard.same_word("ftps", "ftp")
    rules = guard.without_paraphrase()
    port = "what port does http use"
    assert rules.verdict(read(port), read(port.replace("http", "https"))) is not Verdict.AGREE
    assert guard.verdict(read(port), read(port.replace("http", "https"))) is not Verdict.AGREE
    # a plural of an acronym still meets it
    assert rules.verdict(read("how to merge pdfs"), read("how to merge pdf")) is Verdict.AGREE


def test_a_field_name_as_a_label_meets_a_label_of_its_kind_or_a_name_before_the_value(guard):
    rules = guard.without_paraphrase()
    fraud = "card 4342 paid 50 MAD at 18:00 in Abidjan, home Dakar, 5 payments last hour. fraud?"
    fields = "card: 4342 / amt: 50 MAD / time: 18:00 / where: Abidjan / home city: Dakar / payments last hour: 5. fraud?"
    assert rules.verdict(read(fraud), read(fields)) is Verdict.AGREE  # "paid" and "amt"; "home city" and "home"
    assert rules.verdict(read(fraud), read(fields.replace("50 MAD", "500 MAD"))) is Verdict.DIFFER
    assert rules.verdict(read(fraud), read(fields.replace("home city: Dakar", "city: Dakar"))) is not Verdict.AGREE
    named = "card#4342, home Dakar: 50 dh in Abidjan @ 18:00, 5 payments last hour. fraud?"
    assert rules.verdict(read(fraud), read(named)) is Verdict.AGREE  # "Dakar: 50 dh": a field's value, no label
    # a label that says what happened to the money stays a word to meet
    assert rules.verdict(read(fraud), read(fraud.replace("paid", "refunded"))) is Verdict.DIFFER


def test_work_out_opening_a_request_asks_for_the_answer_and_a_kind_named_says_no_more(guard):
    assert read("Could you work out the break-even point for a cafe?").words == read(
        "What is the break-even point for a cafe?").words
    assert "work" in read("how often should I work out?").words  # the exercise, not a request
    rules = guard.without_paraphrase()
    assert rules.verdict(read("soil silt pH 5.5 rain 150 mm region Thies season summer. crop?"),
                         read("soil type silt, pH 5.5, rain 150 mm, region Thies, season summer. crop?")) is Verdict.AGREE
    assert rules.verdict(read("Which leathers can't be tooled?"), read("Which types of leather cannot be tooled?")) is (
        Verdict.AGREE)
    assert rules.verdict(read("Which leathers can't be tooled?"), read("Which types of leather can be tooled?")) is (
        Verdict.DIFFER)


def test_an_opposite_both_sides_say_is_no_opposite_of_a_word_one_side_adds(guard):
    rules = guard.without_paraphrase()
    # "after" is said on both sides: the "before" one side adds is not the opposite of the other's "after"
    assert rules.verdict(read("How long after shocking the pool can we swim?"),
                         read("After shocking the pool, how long before we can swim?")) is Verdict.AGREE
    # "before" against an "after" only the other side says still differs
    assert rules.verdict(read("How long should I wait after eating to swim?"),
                         read("How long should I wait before eating to swim?")) is Verdict.DIFFER


def test_no_one_is_nobody_not_a_count_of_one():
    assert read("if no one answers").facts == read("if nobody answers").facts
    assert not any(f.kind == "num" for f in read("auction over after 3 passes if no-one opened yet?").facts if
                   f.value == "1")
    assert any(f.kind == "num" and f.value == "1" for f in read("no one-way tickets").facts)  # "one-way" stays a count


def test_would_you_call_this_asks_whether_it_is(guard):
    assert read("would you call this fraud: card 1403 paid 50 MAD?").words == read(
        "is this fraud: card 1403 paid 50 MAD?").words
    assert "call" in read("would you call me tomorrow?").words  # a call asked for, not a judgement
    rules = guard.without_paraphrase()
    asked = "Would you call this fraud: card 1234 paid 1500 MAD at 16:00 in Casablanca, home Lagos, 3 payments last hour?"
    assert rules.verdict(read(FRAUD), read(asked)) is Verdict.AGREE
    assert rules.verdict(read(FRAUD), read(asked.replace("1500 MAD", "150 MAD"))) is Verdict.DIFFER


def test_a_colour_temperature_is_kelvin_and_one_before_a_particle_is_a_thing_named_before():
    # "2700K" is no 2,700,000 ("780k" still is 780,000); "sets one up" counts nothing, "one out of ten" still does
    assert {(f.value, f.unit) for f in read("2700K or 5000K for a bedroom?").facts} == {
        ("2700", "kelvin"), ("5000", "kelvin")}
    assert {(f.value, f.unit) for f in read("is 2700 kelvin warm").facts} == {("2700", "kelvin")}
    assert {f.value for f in read("a 780k AUD mortgage").facts} == {"780000"}
    assert not [f for f in read("explain bujo and how a beginner sets one up").facts if f.kind == "num"]
    assert {f.value for f in read("one out of ten").facts if f.kind == "num"} == {"1", "10"}


def test_two_known_words_of_one_stem_that_wordnet_does_not_relate_are_other_words(guard):
    # "astrology" and "astronomy" (vectors 0.70) are other fields; "burgler" for "burglar" is a slip, which WordNet
    # reads as a form of "burgle"; a word with an ending WordNet relates ("photographer", "photography") still meets
    assert guard._score("astrology", "astronomy") == -1.0
    assert not guard.same_text("What does Mercury retrograde mean in astrology?",
                               "What does Mercury retrograde mean in astronomy?")
    assert guard.same_word("burgler", "burglar")
    assert guard.same_word("photographer", "photography")


def test_how_soon_asks_when(guard):
    # "how soon" is read as how long ("how soon will I see results"), and how soon after a thing is when after it;
    # "how long" itself still differs from "when"
    assert guard.same_text("When can you take a pregnancy test after sex?", "how soon after sex can i take a pregnancy test")
    assert _verdict(guard, "When does the ferry leave?", "How long does the ferry take?") is Verdict.DIFFER
    assert _verdict(guard, "When should I text after a first date?",
                    "How soon should I call after a first date?") is not Verdict.AGREE


def test_a_thing_or_no_thing_asks_whether_and_negates_nothing(guard):
    # "poles or no poles?" asks whether poles, as "poles, yes or no?" does; "no poles" still negates
    assert not [f for f in read("flat trail snowshoeing, poles or no poles?").facts if f.kind == "not"]
    assert [f.kind for f in read("snowshoeing with no poles").facts] == ["not"]
    assert _verdict(guard, "Do I need poles for snowshoeing on flat trails?",
                    "flat trail snowshoeing, poles or no poles?") is not Verdict.DIFFER


def test_a_conjuncts_head_the_other_side_leaves_off_is_the_judges_to_weigh(guard):
    # "the copper foil method and lead came" against "copper foil vs lead came": the first conjunct's head left off,
    # which the judge weighs; one more of a list still differs
    assert _verdict(guard, "What is the difference between the copper foil method and lead came in stained glass?",
                    "copper foil vs lead came stained glass differences") is Verdict.UNSURE
    assert _verdict(guard, "Can I mix bleach and vinegar to clean a shower?",
                    "Can I mix vinegar to clean a shower?") is Verdict.DIFFER
    assert _verdict(guard, "Can I shoot a roe buck in England in May?",
                    "Can I shoot a roe buck and a roe doe in England in May?") is Verdict.DIFFER


def test_no_before_a_counted_noun_with_a_word_between_is_a_count_of_zero(guard):
    # "no card payments" is "0 payments", as "no payments" already was; "no purchases" a count of 0 the judge weighs
    # against "0 payments", as it weighs "5 purchases" against "5 payments"; "no" where nothing is counted stays
    stored = "card 3337 paid 120 MAD at 03:00 in Rabat, home Casablanca, 0 payments last hour. fraud?"
    assert _verdict(guard, stored, "card 3337 paid 120 mad at 03h00 in rabat, home casablanca, no card payments "
                                   "within the last hour. fraud?") is Verdict.AGREE
    assert _verdict(guard, stored, "card 3337 paid 120 mad at 03h00 in rabat, home casablanca, no purchases "
                                   "within the last hour. fraud?") is Verdict.UNSURE
    assert _verdict(guard, stored, "card 3337 paid 120 mad at 03h00 in rabat, home casablanca, 2 card payments "
                                   "within the last hour. fraud?") is Verdict.DIFFER


def test_spelled_tens_ordinals_and_hundreds_read_as_one_number(guard):
    # "twenty-fifth" is the 25th (it read 20 - 5), "twenty five people" 25 people (it read 20 and 5), "two hundred
    # and fifty grams" 250 g (it read 200 and 50); "a dumb one but" counts nothing
    def numbers(text):
        return sorted((f.value, f.unit) for f in read(text).facts if f.kind in ("num", "op", "date"))

    assert numbers("the twenty-fifth wedding anniversary") == numbers("the 25th wedding anniversary") == [("25", "")]
    assert numbers("her fiftieth birthday") == numbers("her 50th birthday")
    assert numbers("twenty five people") == numbers("twenty-five people") == numbers("25 people") == [("25", "person")]
    assert numbers("the thirty first of May") == numbers("31 May")
    assert numbers("aged forty two") == numbers("aged 42")
    assert numbers("two hundred and fifty grams") == numbers("250 g") == [("250", "g")]
    assert numbers("not one but two") == [("2", "")]
    assert not numbers("sorry if this is a dumb one but how do I switch windows")
    assert _verdict(guard, "What is the traditional gift for a 25th wedding anniversary?",
                    "What is the traditional gift for a twenty-fifth wedding anniversary?") is Verdict.AGREE
    assert _verdict(guard, "What is the traditional gift for a 25th wedding anniversary?",
                    "What is the traditional gift for a twenty-fourth wedding anniversary?") is Verdict.DIFFER


def test_an_acronym_ends_in_a_function_word_where_names_come_before_it(guard):
    # "Getting Things Done" spells "GTD" ("done" is a function word; "players can" still spells no "PC", as the test
    # above holds); a code the words do not spell stays a name of its own
    stored = "What is the two-minute rule in Getting Things Done?"
    assert _verdict(guard, stored, "GTD 2 minute rule") is Verdict.AGREE
    assert _verdict(guard, stored, "GTA 2 minute rule") is Verdict.DIFFER
    assert _verdict(guard, stored, "GTD 5 minute rule") is Verdict.DIFFER
    assert _verdict(guard, "Can I cancel a power of attorney?", "can i cancel a POA") is not Verdict.DIFFER


def test_not_setting_a_thing_aside_is_rather_than_or_instead_of_it(guard):
    # "the modern gift, not the traditional one" sets the traditional one aside, as "rather than" and "instead of"
    # do; the two swapped still differ, and so does a negation of the verb ("is not the traditional one")
    stored = "What is the modern gift for a 10th anniversary, not the traditional one?"
    assert _verdict(guard, stored, "For a tenth anniversary, what's the modern gift rather than the traditional "
                                   "one?") is Verdict.AGREE
    assert _verdict(guard, stored, "What is the modern gift instead of the traditional one for a 10th "
                                   "anniversary?") is not Verdict.DIFFER
    assert _verdict(guard, stored, "For a tenth anniversary, what's the traditional gift rather than the modern "
                                   "one?") is Verdict.DIFFER
    assert _verdict(guard, "Why is the modern gift for a 10th anniversary not the traditional one?",
                    "Why is the modern gift for a 10th anniversary rather than the traditional one?") is Verdict.DIFFER


def test_what_is_put_in_whose_place_is_read_however_it_is_said(guard):
    # "substitute A for B", "replace B with A", "swap B for A", "A instead of B", "A in place of B" all put A in B's
    # place: the same way round they meet, the other way round they differ
    stored = "Can I substitute maple syrup for sugar in baking?"
    assert _verdict(guard, stored, "Can I use sugar instead of maple syrup in a recipe?") is Verdict.DIFFER
    assert _verdict(guard, "can I replace butter with oil in brownies",
                    "can I use butter instead of oil in brownies") is Verdict.DIFFER
    assert _verdict(guard, "can I replace butter with oil in brownies",
                    "can I use oil instead of butter in brownies") is Verdict.AGREE
    assert _verdict(guard, "Can I substitute baking soda for baking powder?",
                    "is it possible to use baking soda in place of baking powder") is Verdict.AGREE
    assert _verdict(guard, "swap white rice for cauliflower rice in fried rice",
                    "use white rice instead of cauliflower rice in fried rice") is Verdict.DIFFER


def test_a_quoted_name_is_no_slip_and_a_three_letter_word_may_be_one(guard):
    # "'Mika'" is written as meant, not a slip of "'Mike'" (unquoted, a name one letter off is still read as a slip);
    # "a ful house" and "garage dor" are slips of "full" and "door", as longer words' doubled letters were
    spell = "How do I spell my name 'Mike' in the phonetic alphabet?"
    assert _verdict(guard, spell, "How do I spell my name 'Mika' in the phonetic alphabet?") is Verdict.DIFFER
    assert _verdict(guard, "Is it cold in Califronia in May?", "Is it cold in California in May?") is Verdict.AGREE
    assert guard._slip("ful", "full") and guard._slip("dor", "door")
    assert not guard._slip("fun", "full") and not guard._slip("tin", "tint")
    assert _verdict(guard, "How do you win a full house in bingo?", "how do you win a ful house in bingo") is (
        Verdict.AGREE)


def test_second_hand_is_a_word_and_third_party_a_party_no_word_labels(guard):
    # "second-hand" is WordNet's "secondhand" ("used"), not a period of a second; "third-party" names which party,
    # and no word beside it labels it ("block third-party cookies", "third-party cookies blocked")
    assert not [f for f in read("dusty second-hand LEGO").facts if f.kind in ("num", "window")]
    assert read("2nd hand car").words == read("second-hand car").words == read("secondhand car").words
    assert {(f.value, f.unit) for f in read("3rd party apps").facts} == {
        (f.value, f.unit) for f in read("third-party apps").facts} == {("3", "party")}
    assert _verdict(guard, "How much does it cost to buy a used vending machine?",
                    "price of a second-hand vending machine?") is Verdict.AGREE
    assert _verdict(guard, "How much does it cost to buy a new vending machine?",
                    "price of a second-hand vending machine?") is Verdict.DIFFER
    cookies = "Does Firefox block third-party cookies by default in 2024?"
    assert _verdict(guard, cookies, "In 2024, are third-party cookies blocked by default in Firefox?") is Verdict.AGREE
    assert _verdict(guard, cookies, "Does Firefox block first-party cookies by default in 2024?") is Verdict.DIFFER


def test_refuses_unable_and_fails_say_not_of_the_verb_after_them(guard):
    # "refuses to fix" is "won't fix", "unable to whistle" "can't whistle"; another verb after it still differs, and
    # "to avoid razor bumps" is no "if I don't get razor bumps"
    assert _verdict(guard, "Why can't some people whistle?", "why are some people unable to whistle?") is Verdict.AGREE
    assert _verdict(guard, "Why can't some people whistle?", "why are some people able to whistle?") is Verdict.DIFFER
    rent = "Do I have to pay rent if my landlord won't fix the heating?"
    assert _verdict(guard, rent, "If my landlord refuses to fix the heating, do I still have to pay rent?") is not (
        Verdict.DIFFER)
    assert _verdict(guard, rent, "If my landlord refuses to pay for the heating, do I still have to pay rent?") is (
        Verdict.DIFFER)
    assert _verdict(guard, "Should I shave with the grain or against it on my neck to avoid razor bumps?",
                    "Should I shave with the grain or against it on my neck if I don't get razor bumps?") is (
        Verdict.DIFFER)


def test_a_conjunct_ends_before_a_comparison(guard):
    # "a badger brush or a synthetic brush better for lather": the second conjunct is "brush", not "better", so
    # "badger vs synthetic brush" leaves off no list's member ("a roe buck and a roe doe" still joins "doe")
    assert read("Is a badger brush or a synthetic brush better for lathering shaving soap?").coordinated == (
        ("brush", "brush"),)
    assert _verdict(guard, "Is a badger brush or a synthetic brush better for lathering shaving soap?",
                    "badger vs synthetic brush for soap lather") is not Verdict.DIFFER
    assert _verdict(guard, "Can I shoot a roe buck in England in May?",
                    "Can I shoot a roe buck and a roe doe in England in May?") is Verdict.DIFFER


def test_a_word_alone_after_and_before_a_figure_is_a_verb_no_conjunct(guard):
    # "ate 50 g of dark chocolate and weighs 10 kg": "weighs" takes the figure, no member of a list of foods
    assert not read("My dog ate 50 g of dark chocolate and weighs 10 kg, is this dangerous?").coordinated
    assert _verdict(guard, "My dog ate 50 g of dark chocolate and weighs 10 kg, is this dangerous?",
                    "My 10 kg dog has eaten 50 g of dark chocolate, is that dangerous?") is not Verdict.DIFFER
    assert read("can my dog eat chocolate and grapes").coordinated == (("chocolate", "grapes"),)


def test_without_governs_the_word_past_a_verb_of_becoming(guard):
    # "without it getting bulky" says "bulky" is not wanted, which "keeping the album slim" says with its opposite
    stored = "How can I scrapbook a family vacation with 200 photos without it getting bulky?"
    assert _verdict(guard, stored, "scrapbooking a trip with 200 pics but keeping the album slim, how") is not (
        Verdict.DIFFER)
    assert _verdict(guard, stored, "How can I scrapbook a family vacation with 200 photos and make it bulky?") is (
        Verdict.DIFFER)


def test_a_short_month_in_lower_case_after_a_word_that_places_a_time_is_a_date(guard):
    # "surfing cornwall in oct" is October; "jan said" and "my dec" stay words, "mar" a verb
    assert [(f.kind, f.value) for f in read("surfing in oct").facts] == [("date", "oct")]
    assert [(f.kind, f.value) for f in read("by sept").facts] == [("date", "sep")]
    assert not read("jan said hi").facts and not read("the sun in mar").facts
    assert _verdict(guard, "What thickness wetsuit do I need for surfing in Cornwall in October?",
                    "wetsuit thickness for surfing cornwall in oct?") is Verdict.AGREE
    assert _verdict(guard, "What thickness wetsuit do I need for surfing in Cornwall in October?",
                    "wetsuit thickness for surfing cornwall in dec?") is Verdict.DIFFER


def test_forgetting_to_do_a_thing_is_not_doing_it(guard):
    # "if you forget to say Uno" is "if you don't say Uno"; forgetting another verb still differs
    stored = "What happens if you forget to say Uno?"
    assert _verdict(guard, stored, "what if u dont say uno") is not Verdict.DIFFER
    assert _verdict(guard, stored, "what if u dont play uno") is Verdict.DIFFER


def test_right_handed_informal_and_a_negation_split_by_a_verb_differ(guard):
    # "right" in "right-handed" is a word of its own (elsewhere it is a function word: "is it right to tip");
    # "informal" is no "in" + "formal" written apart; "without a laminator using an iron" uses the iron, which
    # "without a laminator or an iron" does not
    assert "right" in read("Do right-handed people need a left-handed boomerang?").words
    assert _verdict(guard, "Do left-handed people need a left-handed boomerang?",
                    "Do right-handed people need a left-handed boomerang?") is Verdict.DIFFER
    assert _verdict(guard, "Is it okay to use a contraction like don't in a formal letter?",
                    "Is it okay to use a contraction like don't in an informal letter?") is Verdict.DIFFER
    assert _verdict(guard, "how do I change timezones on my phone", "how do I change time zones on my phone") is (
        Verdict.AGREE)
    assert read("Can I laminate without a laminator using an iron?").negated == ("laminator",)
    assert read("clean it without a steam cleaning machine").negated == ("cleaning", "machine", "steam")
    assert _verdict(guard, "Can I laminate without a laminator using an iron?",
                    "Can I laminate without a laminator or an iron?") is Verdict.DIFFER


def test_not_a_word_is_its_opposite(guard):
    # "is it not dangerous" asks "is it safe", "not banned" "legal", as "without losing my changes" asks to keep them;
    # the opposite itself still differs
    stored = "Is it safe to sleep with a hot water bottle all night?"
    assert _verdict(guard, stored, "Is it not dangerous to sleep with a hot water bottle all night?") is Verdict.AGREE
    assert _verdict(guard, stored, "Is it dangerous to sleep with a hot water bottle all night?") is Verdict.DIFFER
    assert _verdict(guard, stored, "Is it not safe to sleep with a hot water bottle all night?") is Verdict.DIFFER
    assert _verdict(guard, "Are sky lanterns legal in the UK?", "are sky lanterns not banned in the UK") is (
        Verdict.AGREE)


def test_a_hundred_and_a_bare_decimal_point_are_figures(guard):
    # "a hundred wedding guests" counts 100 (it counted nothing), ".4mm" is 0.4 mm (it read 4 mm)
    def numbers(text):
        return sorted((f.value, f.unit) for f in read(text).facts if f.kind == "num")

    assert numbers("for a hundred wedding guests") == numbers("for 100 wedding guests") == [("100", "")]
    assert numbers("a thousand times") == [("1000", "time")]
    assert numbers("layer height for .4mm nozzle") == numbers("layer height for a 0.4 mm nozzle")
    assert numbers("end. 5 people") == [("5", "person")]
    assert _verdict(guard, "What layer height should I use with a 0.4 mm nozzle?", "layer height for .4mm nozzle") is (
        Verdict.AGREE)


def test_a_title_before_a_name_is_one_word_however_written(guard):
    # "Dr. Smith", "Dr Smith" and "Doctor Smith"; "Mt. Fuji" and "Mount Fuji": the title's period ended the sentence, so
    # the name after it was read as a sentence's first word, no name, and "Dr. Smith" met "Dr. Brown" on words alone
    assert _values("name", "is Dr. Smith taking new patients") == _values(
        "name", "is Doctor Smith taking new patients") == ["dr", "smith"]
    assert _values("name", "when did Mt. Fuji erupt") == _values("name", "when did Mount Fuji erupt") == ["fuji", "mt"]
    # a street's period still ends its sentence
    assert _values("name", "I live on Main St. What is near me?") == ["main", "st"]
    assert "mount" in read("how to mount a TV on drywall").spelled  # a verb, no title
    assert _verdict(guard, "When did Mount St. Helens last erupt?", "when did mt st helens last erupt") is Verdict.AGREE
    assert _verdict(guard, "What is open on St. Patrick's Day?", "What is open on Saint Patrick's Day?") is (
        Verdict.AGREE)
    assert _verdict(guard, "Is Dr. Smith taking new patients?", "Is Dr. Brown taking new patients?") is Verdict.DIFFER


def _values(kind, text):
    """The values of `text`'s facts of one kind, sorted."""
    return sorted(f.value for f in read(text).facts if f.kind == kind)


def _figures(text):
    return sorted((f.label, f.value, f.unit) for f in read(text).facts if f.kind == "num")


def test_a_whole_and_a_half_is_one_figure():
    # "one and a half quarts" read 0.5 quarts (the whole was lost), "two and a half hours" 2 and 30 minutes
    assert [v for _, v, u in _figures("one and a half quarts")] == ["1.5"]
    assert _figures("two and a half hours") == _figures("2.5 hours") == _figures("150 minutes")
    assert _figures("half an hour") == _figures("30 minutes")
    # any whole written in words: "fourteen and a half inch" read 14 and 0.5 inch
    assert _figures("a fourteen and a half inch lamp") == _figures("a 14.5 inch lamp")
    assert [v for _, v, _ in _figures("twenty and a half miles")] == ["20.5"]


def test_a_bound_after_its_figure_is_the_bound(guard):
    # "30 grams of protein or more" is "at least 30 grams of protein"; "30 minutes or less" "at most 30 minutes"
    assert [v for _, v, _ in _figures("contain 30 grams of protein or more")] == [">=30"]
    assert [v for _, v, _ in _figures("thirty minutes or less")] == ["<=1800"]
    assert [v for _, v, _ in _figures("5 or more people")] == [">=5"]
    assert [v for _, v, _ in _figures("is 2 or 3 enough")] == ["2", "3"]
    stored = "Do Factor meals under 600 calories have at least 30 grams of protein?"
    assert _verdict(guard, stored, "Do Factor meals that are less than 600 calories contain 30 grams of protein or more?"
                    ) is not Verdict.DIFFER
    assert _verdict(guard, stored, "Do Factor meals that are less than 600 calories contain 30 grams of protein or less?"
                    ) is Verdict.DIFFER


def test_days_as_habits_cut_short_or_joined_are_days(guard):
    # "on Saturdays" is the day, "fri" a day in lower case, and "mon" where another day joins it; "I sat on the sun
    # lounger" names none
    assert _values("date", "open on Saturdays") == _values("date", "open on Saturday") == ["sat"]
    assert _values("date", "away fri to mon") == _values("date", "away from Friday to Monday") == ["fri", "mon"]
    assert _values("date", "I sat on the sun lounger") == [] and _values("date", "we wed in june") == ["jun"]
    assert _verdict(guard, "Should a house sitter stay overnight if I'm away from Friday to Monday?",
                    "away fri to mon - should house sitter stay overnight?") is Verdict.AGREE
    assert _verdict(guard, "Should a house sitter stay overnight if I'm away from Friday to Monday?",
                    "away fri to sun - should house sitter stay overnight?") is Verdict.DIFFER


def test_a_product_of_lengths_measures_one_thing_in_one_unit(guard):
    # "a 12x12 ft room" is 12 ft by 12 ft, as "4m x 5m" is; both figures label what the product measures
    assert _figures("a 12x12 ft bedroom") == [("bedroom", "12", "ft"), ("bedroom", "12", "ft")]
    assert _figures("a room 4 by 5 meters")[0][1:] == ("4", "m")
    assert _verdict(guard, "How much paint do I need for a 12 x 14 foot room?",
                    "How much paint is needed for a room that's 12 by 14 feet?") is Verdict.AGREE
    assert _verdict(guard, "What size notched trowel should I use for 600 x 600 mm porcelain floor tiles?",
                    "Which notch size trowel do I need for 60 x 60 cm porcelain floor tiles?") is Verdict.AGREE
    assert _verdict(guard, "How much paint do I need for a 12 x 14 foot room?",
                    "How much paint do I need for a 12 x 14 meter room?") is Verdict.DIFFER


def test_past_a_time_is_after_it_and_2x_is_two_times(guard):
    times = [(f.label, f.value) for f in read("will Deliveroo deliver past midnight").facts if f.kind == "time"]
    assert times == [("after", "0:00")]
    assert [(f.label, f.value) for f in read("half past 10pm").facts if f.kind == "time"][0][0] == ""
    assert [u for _, _, u in _figures("3x a week")] == [u for _, _, u in _figures("3 times a week")] == ["time"]
    assert _verdict(guard, "Is an ice bath 3 times a week safe for someone with high blood pressure?",
                    "3x/week ice bath, high BP - safe?") is Verdict.AGREE
    assert _verdict(guard, "Does Deliveroo deliver in Manchester after midnight on a Sunday?",
                    "On a Sunday, will Deliveroo deliver in Manchester past midnight?") is not Verdict.DIFFER


def test_cordless_is_no_corded(guard):
    stored = "Are corded blinds safe in a room with a 2 year old?"
    assert _verdict(guard, stored, "Are cordless blinds safe in a room with a 2 year old?") is Verdict.DIFFER
    assert _verdict(guard, "is a wired mouse better for gaming", "is a wireless mouse better for gaming") is (
        Verdict.DIFFER)
    assert _verdict(guard, "How long does a gas tank water heater typically last?",
                    "How long does a gas tankless water heater typically last?") is Verdict.DIFFER


def test_a_figure_labelled_on_one_side_only_keeps_its_role_where_none_could_swap(guard):
    # "the LCM of 4 and 6" labels neither figure, "the least common multiple of 4 and 6" labels 4 "multiple": the bare
    # side labels no figure, so nothing is swapped; a bare side that labels the other figure could swap them, and a
    # preposition is a role ("after the first week" is not "in the first week")
    assert _verdict(guard, "What is the least common multiple of 4 and 6?", "What's the LCM of 4 and 6?") is (
        Verdict.AGREE)
    assert _verdict(guard, "Which solder ratio is best for stained glass, 60/40 or 50/50?",
                    "For stained glass, is 50/50 or 60/40 solder the best ratio?") is Verdict.AGREE
    assert _verdict(guard, "load 30 MW, 46 MW: is that normal?", "30 MW, load 46 MW: is that normal?") is Verdict.DIFFER
    wear = "Should I wear my new hearing aids for more than 8 hours a day in the first week?"
    assert _verdict(guard, wear, "Should I wear my new hearing aids for more than 8 hours a day after the first week?"
                    ) is Verdict.DIFFER


def test_a_ratio_is_one_code_not_two_figures(guard):
    # "a 16:8 fast" read 16 and 8, each with a label of its own ("fast" took 8), so "16:8 fasting" met it nowhere
    assert [(f.kind, f.value) for f in read("on a 16:8 fast").facts] == [("id", "16:8")]
    assert [(f.kind, f.value) for f in read("mix sand and cement 3:1").facts] != [
        (f.kind, f.value) for f in read("mix sand and cement 1:3").facts]
    assert [f.kind for f in read("open at 5:30").facts] == ["time"]
    weight = "How much weight can I lose in 4 weeks doing 16:8 fasting at 90 kg?"
    assert _verdict(guard, weight, "expected weight loss in four weeks on 16:8 if I weigh 90kg") is not Verdict.DIFFER
    assert _verdict(guard, weight, "expected weight loss in four weeks on 18:6 if I weigh 90kg") is Verdict.DIFFER


def test_getting_a_thing_up_to_a_level_reaches_it(guard):
    # "get a pizza oven up to 900 F" reaches 900 F as "reach 900F" does; "holds up to 10 kg" still bounds
    assert [f.value for f in read("get a pizza oven up to 900 F").facts] == ["900"]
    assert [f.value for f in read("heat the water up to 80C").facts] == ["80"]
    assert [f.value for f in read("a bag that holds up to 10 kg").facts] == ["<=10000"]
    assert _verdict(guard, "What's the best wood for a pizza oven to reach 900F within 30 minutes?",
                    "Best wood to get a pizza oven up to 900 F within thirty minutes?") is not Verdict.DIFFER


def test_a_request_verb_opens_no_clause_so_the_interrogative_after_it_asks(guard):
    # "Explain why Facebook renamed itself Meta" asks why, as "why did Facebook rename itself Meta" does; it met "when
    # did Facebook rename itself Meta"
    assert [f.value for f in read("Explain why Facebook renamed itself Meta.").facts if f.kind == "ask"] == ["why"]
    assert [f.value for f in read("could you explain how a bill becomes law").facts if f.kind == "ask"] == ["how"]
    assert _verdict(guard, "Explain why Facebook renamed itself Meta.", "When did Facebook rename itself Meta?") is (
        Verdict.DIFFER)
    assert _verdict(guard, "How do I empty the black water tank into a dump station?",
                    "Could someone explain how I empty my black water tank into a dump station?") is Verdict.AGREE


def test_surviving_is_no_dying(guard):
    # the vectors put "survived" and "died" close (0.70) and WordNet relates them in no way
    assert _verdict(guard, "How many people survived the sinking of the Titanic?",
                    "How many people died in the sinking of the Titanic?") is Verdict.DIFFER
    assert _verdict(guard, "Is the cat alive after a week without water?",
                    "Is the cat dead after a week without water?") is Verdict.DIFFER
    # nor a marriage a divorce, which the rules served
    assert _verdict(guard, "How long does it take to update my name on a US passport after marriage?",
                    "How long does it take to update my name on a US passport after divorce?") is Verdict.DIFFER


def test_a_name_an_interrogative_asks_about_keeps_its_role(guard):
    # "who killed Mercutio" asks for his killer, "who did Mercutio kill" for his victim: every word and name alike
    assert _verdict(guard, "Who killed Mercutio in Romeo and Juliet?", "Who did Mercutio kill in Romeo and Juliet?") is (
        Verdict.DIFFER)
    assert _verdict(guard, "Who killed Mercutio in Romeo and Juliet?", "who killed mercutio in romeo & juliet") is (
        Verdict.AGREE)
    assert _verdict(guard, "Who did Caesar defeat at Pharsalus?", "At Pharsalus, who did Caesar defeat?") is (
        Verdict.AGREE)


def test_a_name_that_opens_a_sentence_is_a_name(guard):
    # "Grand Canyon North Rim: when..." read "Grand" as a sentence's first word, no name, and made it the label of
    # "Canyon"; a word that requests, asks or places stays what it is ("Summarize Plato's", "After Aida")
    assert _values("name", "Grand Canyon North Rim: what's the best time of year to visit?") == [
        "canyon", "grand", "north", "rim"]
    assert _values("name", "Yellowstone National Park is mostly in which U.S. state?") == [
        "national", "park", "yellowstone"]
    assert _values("name", "Summarize Plato's allegory of the cave.") == ["plato"]
    assert _values("name", "After Aida, which opera did Verdi write?") == ["aida", "verdi"]
    assert _values("name", "Compare Python and Java") == ["java", "python"]
    assert _verdict(guard, "When is the best time of year to visit Grand Canyon's North Rim?",
                    "Grand Canyon North Rim: what's the best time of year to visit?") is Verdict.AGREE
    assert _verdict(guard, "When is the best time of year to visit Grand Canyon's South Rim?",
                    "Grand Canyon North Rim: what's the best time of year to visit?") is Verdict.DIFFER


def test_initials_with_periods_are_the_code(guard):
    # "U.S." read "u" as a name and "s" as a word; "a.m.", "e.g." are left to the rules that read them
    assert _values("id", "Who was the 16th U.S. president?") == _values(
        "id", "Who was the 16th US president?") == ["us"]
    assert _values("id", "is the U.K. in the EU") == ["eu", "uk"]
    assert [f.value for f in read("open at 5 p.m. today").facts if f.kind == "time"] == ["17:00"]
    assert _verdict(guard, "Who was the 16th President of the United States?", "Who was the 16th U.S. president?") is (
        Verdict.AGREE)
    assert _verdict(guard, "Who was the 16th U.K. prime minister?", "Who was the 16th U.S. president?") is (
        Verdict.DIFFER)


def test_a_year_cut_to_two_digits_after_an_apostrophe_is_the_year(guard):
    # "the '39 World's Fair" is 1939, "class of '09" 2009; a quoted "'10 off'" is a quote
    assert _values("num", "from the '39 World's Fair") == _values("num", "from the 1939 World's Fair") == ["1939"]
    assert _values("num", "class of '09 reunion") == ["2009"]
    assert _values("num", "What does landing in '10 off' score in shuffleboard?") == ["10"]
    fair = "When is the Westinghouse time capsule from the 1939 World's Fair supposed to be opened?"
    assert _verdict(guard, fair, "When is the Westinghouse time capsule from the '39 World's Fair supposed to be opened?"
                    ) is Verdict.AGREE
    assert _verdict(guard, fair, "When is the Westinghouse time capsule from the '64 World's Fair supposed to be opened?"
                    ) is Verdict.DIFFER


def test_the_24_hour_clock_is_a_way_to_write_times_and_a_scale_is_a_ratio(guard):
    # "24 hour time" read 1440 minutes; "a 1:12 scale dollhouse" a time of day
    def facts(text):
        return sorted((f.kind, f.value) for f in read(text).facts if f.kind != "ask")

    assert facts("switch my phone to 24 hour time") == facts("set my phone to the 24-hour clock") == [("id", "clock24")]
    assert facts("bake for 24 hours time") == [("num", "86400")]
    assert facts("paint for a 1:12 scale dollhouse") == [("id", "1:12")]
    assert facts("open at 5:30") == [("time", "5:30")]
    assert _verdict(guard, "Is midnight 0000 or 2400 in military time?", "midnight 24 hour time 0000 or 2400") is (
        Verdict.AGREE)
    assert _verdict(guard, "How do I switch my phone to 24 hour time?", "how do I set my phone to the 12-hour clock") is (
        Verdict.DIFFER)


def test_a_decade_is_one_thing_however_written(guard):
    # "the 1980s" read 1980 seconds, "the 80s" 80 seconds
    def facts(text):
        return sorted((f.kind, f.value) for f in read(text).facts)

    assert facts("best music of the 1980s") == facts("best music of the '80s") == facts("best music of the eighties") == [
        ("id", "decade1980")]
    assert facts("sprint 80s then rest") == [("num", "80")]
    assert _verdict(guard, "What was the best-selling car of the 1980s?", "best selling car of the 80s?") is not (
        Verdict.DIFFER)
    assert _verdict(guard, "What was the best-selling car of the 1980s?", "best selling car of the 90s?") is (
        Verdict.DIFFER)


def test_a_time_said_from_the_hour_is_the_clock_time(guard):
    # "half past 10" read 10 with the label "past"; "quarter to 5 pm" 5 pm
    assert _values("time", "meet at half past 10") == _values("time", "meet at 10:30") == ["10:30"]
    assert _values("time", "meet at quarter to 5 pm") == _values("time", "meet at 4:45 pm") == ["16:45"]
    assert _values("time", "20 past 9") == ["9:20"]
    assert _values("time", "from 2 to 5 people") == [] and _values("time", "add 5 to 3") == []
    assert _verdict(guard, "Is the pharmacy open at half past 8 on Sunday?", "is the pharmacy open at 8:30 on sunday") is (
        Verdict.AGREE)


def test_noon_and_midnight_with_their_hour_are_one_time():
    # "@ 12 noon" read a figure 12 beside the time 12:00; "12 midnight" too
    assert _values("time", "paid 300 MAD @ 12 noon") == _values("time", "paid 300 MAD at noon") == ["12:00"]
    assert _figures("paid 300 MAD @ 12 noon") == _figures("paid 300 MAD at 12:00")
    assert _figures("open until 12 midnight") == [] and _values("time", "open until 12 midnight") == ["0:00"]
    assert _values("time", "at 3 in the afternoon") == ["15:00"]


def test_a_product_keeps_its_figures_when_a_counted_word_follows():
    # "10x42 binoculars" read the operator alone (42 counts binoculars), "10x42 mean" read 10*42
    assert _values("op", "10x42 binoculars meaning") == _values("op", "what does 10x42 mean") == ["10*42"]
    assert _values("op", "solve 2x - 7 = 3") == ["-", "7=3"]  # a glued letter is no figure's unit: not 2-7


def test_a_budget_is_a_bound_on_the_price(guard):
    # "budget $40" read 40 dollars labelled "budget", against "under $40"; "under $30" was apart from "$30 or less"
    assert _values("num", "on a budget of $30") == _values("num", "my budget is 30 dollars") == _values(
        "num", "on a $30 budget") == _values("num", "with thirty dollars to spend") == _values(
        "num", "school supplies, budget $30") == ["<=30"]
    assert _values("num", "under $30") == _values("num", "$30 or less") == ["<=30"]
    assert _values("num", "a film with a budget of $200") == _values("num", "its $200 budget") == ["200"]  # reported
    assert _values("num", "over $30") == [">=30"] and _values("num", "under 30 kg") == ["<30000"]  # a price only (grams)
    assert _verdict(guard, "Suggest a school supply list for a 3rd grader under $40.",
                    "What should a 3rd grade school supply list include if my budget is 40 dollars?") is not (
        Verdict.DIFFER)
    assert _verdict(guard, "Suggest a school supply list for a 3rd grader under $40.",
                    "Suggest a school supply list for a 3rd grader over $40.") is Verdict.DIFFER


def test_a_dimension_in_inches_and_a_unit_and_a_half():
    # "1/4 in thick" read 1, 4 and an operator; "a year and a half" read nothing
    assert _figures("earrings 1/4 in thick") == _figures("earrings 1/4 inch thick")
    assert _figures("a board 2 in wide") == _figures("a board 2 inches wide")
    assert _values("time", "at 2 in the morning") == ["2:00"]
    assert _figures("a year and a half") == _figures("1.5 years") and _figures("an hour and a half") == _figures(
        "90 minutes")


def test_months_that_are_years_are_those_years(guard):
    # "18 months" and "a year and a half" were two figures in two units
    assert _verdict(guard, "is it good for 2 years", "is it good for 24 months") is Verdict.AGREE
    assert _verdict(guard, "is it good for 2 years", "is it good for 18 months") is Verdict.DIFFER
    assert _verdict(guard, "Is 18 months too early to start potty training?",
                    "Is 1.5 years too early to start potty training?") is Verdict.AGREE


def test_a_second_grader_is_in_the_second_grade():
    # "25 second graders" read 25 seconds
    assert _figures("a class of 25 second graders") == _figures("a class of 25 2nd graders")
    assert _figures("25 second-graders") == _figures("25 2nd graders")
    assert _figures("a 30 second clip") == [("clip", "30", "second")]


def test_a_kind_asked_for_is_no_age_time_or_place(guard):
    # "at what age should I install baby gates" met "which type of baby gate should I install"
    assert _verdict(guard, "At what age should I install baby gates at the top of the stairs?",
                    "Which type of baby gate should I install at the top of the stairs?") is Verdict.DIFFER
    assert _verdict(guard, "Where should I install a baby gate?", "What kind of baby gate should I install?") is (
        Verdict.DIFFER)
    assert _verdict(guard, "Which type of baby gate should I install at the top of the stairs?",
                    "what type of baby gate should I install at the top of the stairs") is Verdict.AGREE


def test_a_family_of_four_counts_four_people(guard):
    # "a family of 4" read a bare 4 labelled "family", "feeds six" a bare 6, "the 4 of us" a bare 4
    def people(text):
        return [(f.value, f.unit) for f in read(text).facts if f.kind == "num"]

    assert people("for a family of 4") == people("for 4 people") == people("for the 4 of us") == [("4", "person")]
    assert people("a dinner that feeds six") == people("a tent that sleeps 6") == [("6", "person")]
    assert people("a pack of 20") == [("20", "")]  # a pack is no group of people
    assert _verdict(guard, "What size water softener do I need for a family of four?",
                    "What size water softener do I need for 4 people?") is not Verdict.DIFFER
    assert _verdict(guard, "What size water softener do I need for a family of four?",
                    "What size water softener do I need for 5 people?") is Verdict.DIFFER


def test_two_kinds_of_a_thing_both_name_differ(guard):
    # "soil loam" and "soil clay", "cheddar cheese" and "brie cheese" went to the judge as words WordNet calls kin
    assert _verdict(guard, "soil loam pH 5.5 rain 600 mm region Souss season summer. crop?",
                    "soil clay pH 5.5 rain 600 mm region Souss season summer. crop?") is Verdict.DIFFER
    assert _verdict(guard, "Can I freeze cheddar cheese?", "Can I freeze brie cheese?") is Verdict.DIFFER
    assert _verdict(guard, "How long does oil paint take to dry?", "How long does acrylic paint take to dry?") is (
        Verdict.DIFFER)
    # kin WordNet files under a word said elsewhere are the judge's: "match" and "game" under a sense of "score"
    assert _verdict(guard, "What was the final score of the Chelsea vs Real Madrid match on 10 December 2019?",
                    "What was the final score of the Chelsea vs Real Madrid game on 10 December 2019?") is (
        Verdict.UNSURE)


def test_what_asks_no_time_where_it_names_none(guard):
    # "what's the best route" met "what's the best time" (read "when"): "what" named no time
    assert _verdict(guard, "What's the best route to drive from Los Angeles to Las Vegas?",
                    "What's the best time to drive from Los Angeles to Las Vegas?") is Verdict.DIFFER
    assert _verdict(guard, "What is the wettest month in Seattle?", "which month gets the most rain in Seattle") is not (
        Verdict.DIFFER)  # "which month" asks when, and "month" is said


def test_an_interrogative_after_another_joins_its_clause():
    # "what should I do when my dog barks" asked when
    assert read("What should I do when my dog barks?").asks == frozenset()
    assert read("Could you tell me what to do when I find a baby bird?").asks == frozenset()
    assert read("who wrote it and in what year").asks == {"who", "when"}
    assert read("why does it fail when I call the API").asks == {"why"}


def test_what_a_thing_is_best_asks_no_meaning(guard):
    # "what thread count is best" was read as asking what a thing is, which answers "what does thread count mean"
    assert _verdict(guard, "What does thread count mean for cotton sheets?",
                    "What thread count is best for cotton sheets?") is not Verdict.AGREE
    assert _verdict(guard, "What does wind chill mean?", "What is wind chill?") is Verdict.AGREE
    assert _verdict(guard, "Explain what the Rosetta Stone is.", "what does the rosetta stone mean") is Verdict.AGREE


def test_text_speak_and_short_units_read_as_spelled(guard):
    # "how many hrs a day" read a period the full word did not; "how 2 switch" a figure 2; "bad 4 u" a figure 4
    assert _verdict(guard, "How many hours a day is it safe to drive on a road trip?",
                    "how many hrs a day is safe to drive on road trip") is Verdict.AGREE
    assert read("how many yrs bad luck for breaking a mirror").asks == read("how many years of bad luck").asks
    assert _figures("how 2 switch my calculator to degrees") == [] and _figures("is it bad 4 u") == []
    assert _figures("stop 4 times") == [("stop", "4", "time")]  # a figure still
    # "84 plus" counts no pluses; "2 out of 5 goals" is "2 of 5 goals", "out of 12,000" too
    assert _figures("a ti 84 plus ce") == [("ti", "84", "")]
    assert _figures("missed two out of five goals") == _figures("missed 2 of 5 goals")
    assert _figures("3 out of 12,000 parts fail") == _figures("3 of 12000 parts fail")
    assert _figures("sold out of stock") == []


def test_an_age_group_is_one_code_however_written():
    # "under-12 games" read the code "under12", "U12" the code "u12", "the under 12s" twelve seconds
    assert _values("id", "korf height for under-12 games") == _values("id", "korf height in U12 games") == _values(
        "id", "korf height vs under 12s") == ["u12"]
    assert _values("id", "kids under 12 fly free") == [] and _values("num", "under 12 kg") == ["<12000"]


def test_a_state_code_names_its_state(guard):
    # "in CA" read the code "ca" against the name California; "in ny" and "nyc" likewise
    assert _values("name", "sick days in CA") == _values("name", "sick days in California") == ["california"]
    assert _values("name", "can I work past 10pm in ny") == _values("name", "in New York") == ["new", "york"]
    assert _values("name", "the ca 1900 photo") == [] and _values("id", "a 64 GB SD card") == ["sd"]
    assert _verdict(guard, "Can a 16-year-old work past 10 pm on a school night in New York?",
                    "can a 16 yr old work past 10pm on a school night in ny") is Verdict.AGREE
    assert _verdict(guard, "Can a 16-year-old work past 10 pm on a school night in New York?",
                    "can a 16 yr old work past 10pm on a school night in NJ") is Verdict.DIFFER


def test_a_sum_in_millions_keeps_its_scale(guard):
    # "$45 million" was read as $45 (the scale word was not applied after a currency symbol), and "$45M" as 45 metres
    assert _figures("revenue is $45 million") == _figures("revenue is $45M") == [("revenue", "45000000", "usd")]
    assert _figures("a $2bn deal") == [("deal", "2000000000", "usd")]
    assert _verdict(guard, "Our revenue is $45 million. How big a reserve?", "Our revenue is $45. How big a reserve?") \
        is Verdict.DIFFER


def test_a_share_is_said_of_the_word_after_it(guard):
    # "40% silt and 20% clay" labelled 20% "silt", the word before it; a list reordered then read other labels
    assert _figures("a sample with 40% sand, 40% silt and 20% clay") == [
        ("clay", "20", "percent"), ("sand", "40", "percent"), ("silt", "40", "percent")]
    assert _verdict(guard, "Determine the texture class for a sample with 40% sand, 40% silt and 20% clay.",
                    "A sample is 20% clay, 40% silt and 40% sand; what is its texture class?") is Verdict.AGREE
    assert _verdict(guard, "Total magnification of a microscope with a 10x eyepiece and a 40x objective?",
                    "With a 40x objective and a 10x eyepiece, what is the total magnification?") is Verdict.AGREE
    assert _verdict(guard, "A sample with 40% sand and 20% clay", "A sample with 20% sand and 40% clay") is Verdict.DIFFER


def test_a_count_of_ways_in_words_is_counted(guard):
    # "what are five ways to" lost its five (the way-question rewrite ate it) and its ways
    assert _figures("What are five ways to prevent cracking?") == _figures("What are 5 ways to prevent cracking?") == [
        ("prevent", "5", "way")]
    assert _verdict(guard, "List 5 ways to prevent cracking when bending aluminum sheet.",
                    "What are five ways to prevent cracking when bending aluminum sheet?") is Verdict.AGREE
    assert _verdict(guard, "What are 3 steps to fix it?", "What are 4 steps to fix it?") is Verdict.DIFFER


def test_up_to_after_a_figure_or_a_sum_bounds_nothing():
    # "from 5.5 up to 6.5" read 5.5 "up" (a unit) and at most 6.5; "adding up to 100 percent" at most 100 percent
    assert _figures("raise the pH from 5.5 up to 6.5") == _figures("raise the pH from 5.5 to 6.5")
    assert _values("num", "can I add up to 2 cups of sugar") == ["<=2"]  # a bound still
    assert _values("num", "loans of up to 500 dollars") == ["<=500"]


def test_areas_and_volumes_however_written():
    # "cm^3", "cm2", "square centimetres" and "cubic centimetres" were read as lengths, a bare power, or no unit
    assert _figures("a 500 cm^3 cavity") == _figures("a 500 cubic centimetre cavity") == [("cavity", "500", "cbcm")]
    assert _figures("a 200 cm2 area") == _figures("200 square centimetres of area") == _figures("200 sq cm area")
    assert _figures("3,000 mm^2 piston") == [("piston", "3000", "sqmm")]
    assert _figures("20 sq in") == _figures("20 square inches") and _figures("2 cu ft") == _figures("2 cubic feet")
    assert all(unit != "sqm" for _, _, unit in _figures("factor 4m^2 - 9"))  # algebra, not an area


def test_which_is_better_is_not_which_is_faster(guard):
    # the vectors put "better" and "faster" at 0.60, over the word threshold: the rules served "which is faster"
    assert guard._score("better", "faster") == guard._score("better", "cheaper") == -1.0
    assert _verdict(guard, "Which is better for beef stew, a stovetop pressure cooker or an electric one?",
                    "Which is faster for beef stew, a stovetop pressure cooker or an electric one?") is not Verdict.AGREE
    assert guard._score("bigger", "larger") == 1.0


def test_a_peoples_adjective_names_its_country_where_nothing_else_is_named(guard):
    # "Spanish or Italian olive oil" named no place "olive oil from Spain or from Italy" named
    assert _verdict(guard, "Is Spanish or Italian olive oil better for dipping bread?",
                    "For bread dipping, which is better: olive oil from Spain or from Italy?") is not Verdict.DIFFER
    assert _verdict(guard, "Is Spanish olive oil good for frying?", "Is olive oil from Italy good for frying?") \
        is Verdict.DIFFER
    assert _verdict(guard, "Is Dutch cheese good for fondue?", "Is cheese from the Netherlands good for fondue?") \
        is not Verdict.DIFFER
    # a role the adjective might trade stays apart
    assert _verdict(guard, "Do US citizens need a visa to visit Japan?",
                    "Do Japanese citizens need a visa to visit the US?") is Verdict.DIFFER


def test_amps_volts_fortnights_and_teams_read_as_their_units():
    # "32 amp" and "32A", "9 volt" and "9V" were other units (or none); "a fortnight" one fortnight, not 2 weeks
    assert _figures("a dedicated 32 amp circuit") == _figures("a dedicated 32A circuit")
    assert _figures("a 9 volt cable") == _figures("a 9V cable") == [("cable", "9", "v")]
    assert _figures("mould after a fortnight") == _figures("mould after 2 weeks")
    assert _figures("a team of 4") == [("team", "4", "person")]


def test_how_high_quick_and_large_ask_as_tall_fast_and_big():
    # "how quick is the ride" asked "how", "how high is the net" another question than "at what height"
    assert read("How quick is the ride on the zip wire?").asks == read("How fast is the ride on the zip wire?").asks
    assert read("How high is the net?").asks == read("At what height is the net set?").asks == frozenset({"how tall"})
    assert read("How large is the tank?").asks == frozenset({"how big"})
    assert read("How quickly can I learn it?").asks == frozenset({"how fast"})


def test_a_label_before_and_is_not_a_number_labelled_after_it(guard):
    # "a 50 mm face mill and a 1 mm depth of cut" labelled 1 mm "mill", across the "and"
    assert ("depth", "0.001", "m") in _figures("With a 50 mm face mill and a 1 mm depth of cut, face the block.")
    assert _verdict(guard, "Is it safe to kayak when the water is 50 F but the air is 70 F?",
                    "kayaking safe with 50 F water but 70 F air?") is Verdict.AGREE
    assert _verdict(guard, "Is it safe to kayak when the water is 50 F but the air is 70 F?",
                    "kayaking safe with 70 F water but 50 F air?") is Verdict.DIFFER
    assert _figures("I'm 90 kg and my partner is 70 kg") == [("", "90000", "g"), ("partner", "70000", "g")]


def test_one_name_of_several_words_is_the_only_name(guard):
    # "open my Instant Pot" and "remove the Instant Pot lid" labelled the name "open" and "remove": two names' words
    # counted as two names, so the labels had to agree; one name alone on both sides keeps no role apart
    assert _verdict(guard, "Which president signed the Civil Rights Act of 1964?",
                    "The Civil Rights Act of 1964 was signed by which president?") is Verdict.AGREE
    assert _verdict(guard, "Is it safe to open my Instant Pot right after it finishes cooking soup?",
                    "Is it safe to open the Instant Pot right after it finishes cooking soup?") is Verdict.AGREE
    # two names still keep their roles, and a name its preposition
    assert _verdict(guard, "sleep on the street in Los Angeles?", "sleep on the street outside Los Angeles?") \
        is Verdict.DIFFER
    assert _verdict(guard, "Did Real Madrid beat Manchester United?", "Did Manchester United beat Real Madrid?") \
        is Verdict.DIFFER
    assert _verdict(guard, "Can I fly from New York to Boston?", "Can I fly to New York from Boston?") is Verdict.DIFFER


def test_pv_before_a_figure_is_solar(guard):
    # "PV 22 MW" read a code "pv" and left 22 MW unlabelled against "solar 22 MW"
    assert _figures("feeder F31 load 13 MW peak 21 MW PV 22 MW") == _figures("feeder F31 load 13 MW peak 21 MW solar 22 MW")
    assert _verdict(guard, "feeder F31 load 13 MW peak 21 MW solar 22 MW. config?",
                    "feeder F31 load 13 MW peak 22 MW PV 21 MW. config?") is Verdict.DIFFER
    assert _figures("PV panels rated 400 W") == _figures("solar panels rated 400 W")
    assert _values("id", "What is the PV of an annuity?") == ["pv"]  # a present value
    assert _values("id", "Given PV = 1000 and r = 5%, find FV") == ["fv", "pv"]


def test_military_time_as_a_field_of_a_list_is_a_clock():
    # "/ 1400 hrs /" read 1400 hours (84,000 minutes), where "at 14:00" is a time of day
    assert _values("time", "card 3283 / fifty mad / 1400 hrs / nairobi") == ["14:00"]
    assert _values("time", "I logged 1500 hrs of practice") == [] and _values("time", "in 1400 hrs, is it") == []
    assert _values("time", "is 2000 hours/year full time?") == [] and _values("time", "I logged 1500 hrs; can I") == []


def test_a_question_with_its_other_answer_said_asks_whether(guard):
    # "fraud or legit?" was "fraud?" with one more of a list, and "legit" no opposite the rules knew
    stored = "card 9512 paid 900 MAD at 07:00 in Lagos, home Abidjan, 0 payments last hour. fraud?"
    assert _verdict(guard, stored, stored.replace("fraud?", "fraud or legit?")) is Verdict.AGREE
    assert _verdict(guard, "Is this bill fake?", "Is this bill fake or real?") is Verdict.AGREE
    assert _verdict(guard, "Is this bill fake?", "Is this bill real?") is Verdict.DIFFER
    assert _verdict(guard, "What happens if I win the appeal?", "What happens if I win or lose the appeal?") \
        is not Verdict.AGREE
    # two things named stay two things
    assert _verdict(guard, "Should I wash jeans in hot water?", "Should I wash jeans in hot or cold water?") \
        is Verdict.DIFFER


def test_a_meridiem_glued_with_dots_military_time_after_at_and_a_decimal_read_out(guard):
    # "9a.m." read 9 with a unit "a"; "@ 0100 Casablanca" and "at 2000 in casa" 100 and 2000; "five point five" 5 and 5
    assert _values("time", "paid at 9a.m. in Dakar") == _values("time", "paid at 9 a.m. in Dakar") == ["9:00"]
    assert _values("time", "5723: pd 3000dh Nairobi 6p.m., home Nairobi") == ["18:00"]
    assert _values("time", "card 9734 paid 500 MAD @ 0100 Casablanca") == ["1:00"]
    assert _values("time", "was used to pay 8000 dh @ 2000 in casa") == ["20:00"]
    assert _values("time", "at 1500 rpm") == _values("time", "at 2000 feet") == _values("time", "sold at 1250, ok") == []
    assert _values("time", "at 2000 Hz") == _values("time", "at 1000-1200 rpm") == _values("time", "at 0800-1000") == []
    assert _values("num", "sand, pH five point five, rain 800 mm") == _values("num", "sand, pH 5.5, rain 800 mm")
    assert _values("num", "a pH of eight point zero") == _values("num", "a pH of 8.0") == ["8"]
    assert _values("num", "at one point two players left") == ["1", "2"]
    crop = "soil silt pH 6.5 rain 350 mm region Kano season spring. crop?"
    assert _verdict(guard, crop, "silt, pH six point five, 350 mm of rain, in Kano, for spring. crop?") is (
        Verdict.AGREE)
    assert _verdict(guard, crop, "silt, pH six point zero, 350 mm of rain, in Kano, for spring. crop?") is (
        Verdict.DIFFER)


def test_a_capitalised_kind_before_a_number_is_the_identifier_of_that_kind(guard):
    # "Feeder 23" mid-sentence read as a name "Feeder" and a bare 23, which met no "feeder F23"
    grid = "feeder F23 load 17 MW peak 20 MW solar 5 MW. config?"
    assert _verdict(guard, grid, "config pls for Feeder 23: a 17 MW load, peak of 20 MW, solar 5 MW") is Verdict.AGREE
    assert _verdict(guard, grid, "config pls for Feeder 24: a 17 MW load, peak of 20 MW, solar 5 MW") is Verdict.DIFFER
    assert _verdict(guard, grid, "config pls for Feeder 5: a 17 MW load, peak of 20 MW, solar 23 MW") is Verdict.DIFFER


def test_no_before_a_quantity_the_other_side_measures_as_zero_is_that_zero(guard):
    # "no solar" read as a negation against "solar 0 MW"; "no PV" and "23 MW of PV" left "PV" unread as solar
    grid = "feeder F39 load 28 MW peak 43 MW solar 0 MW. config?"
    assert _verdict(guard, grid, "feeder F39 load 28 MW, peak 43 MW, no solar. config?") is Verdict.AGREE
    assert _verdict(guard, grid, "feeder F39 load 28 MW, peak 43 MW, no PV. config?") is Verdict.AGREE
    assert _verdict(guard, grid.replace("solar 0", "solar 2"), "feeder F39 load 28 MW, peak 43 MW, no solar. config?") \
        is Verdict.DIFFER
    assert _verdict(guard, grid, "feeder F39 load 28 MW, peak 43 MW, no load. config?") is Verdict.DIFFER
    assert _figures("23 MW of PV") == _figures("23 MW of solar")


def test_by_between_two_lengths_or_two_numbers_in_words_is_a_product(guard):
    # "42 feet by 54 feet" read two lengths and no product, "six by eight foot" 6 and 8 ft: neither met "42x54 ft"
    assert _values("op", "a floor 42 feet by 54 feet") == _values("op", "floor is 42x54 ft") == ["*"]
    assert _figures("a six by eight foot greenhouse") == _figures("a 6x8 foot greenhouse")
    assert [f[1:] for f in _figures("a 3 m by 4 m deck")] == [f[1:] for f in _figures("a 3x4 metre deck")]
    assert _values("op", "add them one by one in the list") == []
    assert _verdict(guard, "How many lumens do I need to light a 4 x 5 m living room?",
                    "How many lumens do I need to light a 4m by 5m living room?") is Verdict.AGREE
    assert _verdict(guard, "How many lumens do I need to light a 4 x 5 m living room?",
                    "How many lumens do I need to light a 4m by 6m living room?") is Verdict.DIFFER


def test_a_product_of_bare_figures_is_the_product_of_lengths_the_other_side_writes(guard):
    # "a 10x12 greenhouse" read one operation "10*12" against "10 ft by 12 ft" (two lengths and a product)
    stored = "How much does a 10x12 polycarbonate greenhouse cost in the UK?"
    assert _verdict(guard, stored, "In the UK, what is a 10 ft by 12 ft polycarbonate greenhouse going to cost?") \
        is Verdict.AGREE
    assert _verdict(guard, stored, "In the UK, what is a 10 ft by 14 ft polycarbonate greenhouse going to cost?") \
        is Verdict.DIFFER


def test_the_product_of_bare_figures_is_only_the_product_of_those_figures(guard):
    # "an 8x12 greenhouse" is no "8 ft by 10 ft" greenhouse because a 12 ft path is also named
    assert _verdict(guard, "How much gravel for an 8x12 greenhouse with a 10 ft path?",
                    "How much gravel for an 8 ft by 10 ft greenhouse with a 12 ft path?") is Verdict.DIFFER


def test_a_zero_after_no_is_not_taken_where_that_side_gives_the_label_a_figure(guard):
    grid = "feeder F39 load 28 MW peak 43 MW solar 0 MW. config?"
    assert _verdict(guard, grid, "feeder F39 load 28 MW, peak 43 MW, solar 5 MW, no solar. config?") is Verdict.DIFFER


def test_asking_for_an_answer_and_paying_out_say_nothing_more(guard):
    # "need an answer:" left the word "answer", and "paid out" the word "out", for the judge to weigh (it refused)
    stored = "soil loam pH 7.0 rain 150 mm region Rift season spring. crop?"
    assert _verdict(guard, stored, "need an answer: soil loam pH 7.0 rain 150 mm region Rift season spring. crop?") \
        is Verdict.AGREE
    assert read("need a quick reply: why is the sky blue?").words == read("why is the sky blue?").words
    fraud = "card 4845 paid 300 MAD at 12:00 in Dakar, home Abidjan, 6 payments last hour. fraud?"
    assert _verdict(guard, fraud, "card 4845 paid out 300 MAD at 12:00 in Dakar, home Abidjan, 6 payments last hour. "
                                  "fraud?") is Verdict.AGREE
    assert _verdict(guard, fraud, "card 4845 refunded 300 MAD at 12:00 in Dakar, home Abidjan, 6 payments last hour. "
                                  "fraud?") is Verdict.DIFFER
    assert "out" in read("Who paid out of pocket for the repair?").words  # what the payer spent himself
    assert "out" in read("Are paid out-of-pocket costs deductible?").words
    assert "paid" in read("card 4845 paid out 300 Dh").words and "out" not in read("card 4845 paid out 300 Dh").words
    # a response or a reply that is the thing asked for stays a word
    assert "response" in read("I need a response time under 100 ms").words
    assert "reply" in read("I need a reply to my landlord about rent").words


def test_a_counted_noun_typed_with_a_slip_is_the_noun_meant(guard):
    # "4 trasactions" was a unit of its own against "4 payments", which "4 transactions" meets
    fraud = "card 1682 paid 120 MAD at 05:00 in Casablanca, home Lagos, 4 payments last hour. fraud?"
    assert _verdict(guard, fraud, "card 1682 paid 120 MAD at 05:00 in Casablanca, home Lagos, 4 trasactions last "
                                  "hour. fraud?") is Verdict.AGREE
    assert _verdict(guard, fraud, "card 1682 paid 120 MAD at 05:00 in Casablanca, home Lagos, 5 trasactions last "
                                  "hour. fraud?") is Verdict.DIFFER
    # a slip of the other side's own noun meets it, though another common word is one letter nearer ("patent")
    assert _verdict(guard, fraud, "card 1682 paid 120 MAD at 05:00 in Casablanca, home Lagos, 4 patments last "
                                  "hour. fraud?") is Verdict.AGREE
    assert guard._counted_slip("ebook") == ""  # a word of the encoder's vocabulary is no slip
    # "pruchases" is purchases, which the judge weighs against payments: no longer refused outright
    assert _verdict(guard, fraud, "card 1682 paid 120 MAD at 05:00 in Casablanca, home Lagos, 4 pruchases last "
                                  "hour. fraud?") is Verdict.UNSURE


def test_a_field_naming_a_place_may_be_typed_with_a_slip(guard):
    # "lcation: Rabat" against "in Rabat": the slip of "location" named no place, so the name's role differed
    stored = "card 1904 paid 900 MAD at 06:00 in Rabat, home Tunis, 2 payments last hour. fraud?"
    assert _verdict(guard, stored, "card 1904, paid 900 MAD at 06:00, lcation: Rabat, home: Tunis, 2 payments last "
                                   "hour. fraud?") is not Verdict.DIFFER
    assert _verdict(guard, stored, "card 1904, paid 900 MAD at 06:00, lcation: Tunis, home: Rabat, 2 payments last "
                                   "hour. fraud?") is Verdict.DIFFER


def test_seconds_and_minutes_are_one_measure_of_time_and_centilitres_litres():
    # "1-minute rest" was 1 minute and "sixty seconds rest" 60 seconds; "70 cl" stayed centilitres against "700 ml"
    def measures(text):
        return sorted(f[1:] for f in _figures(text))

    assert measures("a 3-minute round with 1-minute rest") == measures("rounds of three minutes with sixty seconds rest")
    assert measures("90 sec") == measures("1.5 minutes") != measures("90 minutes")
    assert measures("a 70 cl bottle") == measures("a 700 ml bottle")
    assert measures("within 60 minutes") == measures("within 1 hour")


def test_a_period_typed_with_a_slip_is_still_that_period(guard):
    assert _verdict(guard, "What happens if we don't escape within the 60 minutes?",
                    "What happens if we dont escape within the 60 mintues?") is Verdict.AGREE


def test_a_word_said_after_another_preposition_trades_no_role(guard):
    # "for a website" said "on a website" moves no role: the other side never writes "on"; "convert a string to an
    # integer" against "an integer to a string" still trades them
    assert _verdict(guard, "What drill bit should I use for drilling into brick?", "which drill bit for brick") is (
        Verdict.AGREE)
    assert _verdict(guard, "What are the pros and cons of a childminder compared with a nursery?",
                    "Comparing a nursery with a childminder, what are the pros and cons?") is Verdict.AGREE
    assert _verdict(guard, "how do I convert a string to an integer in python",
                    "how do I convert an integer to a string in python") is Verdict.DIFFER
    assert _verdict(guard, "can I substitute baking soda for baking powder",
                    "can I substitute baking powder for baking soda") is Verdict.DIFFER
    assert _verdict(guard, "how do I copy a file from my laptop to a server",
                    "how do I copy a file from a server to my laptop") is Verdict.DIFFER
    # "with" names what takes another's place: "substitute for soda with powder" trades them
    assert _verdict(guard, "can I substitute baking soda for baking powder",
                    "can I substitute for baking soda with baking powder") is Verdict.DIFFER


def test_only_is_what_just_says(guard):
    # "only" picks one of several where the other side says nothing of it; "just" says it
    assert _verdict(guard, "Can I exchange tiles in Scrabble if there are only 5 tiles left in the bag?",
                    "If the bag has just five tiles left, am I allowed to exchange tiles in Scrabble?") is Verdict.AGREE
    assert _verdict(guard, "How do I take a screenshot of just part of the screen?",
                    "how do i take a screenshot of only part of the screen") is Verdict.AGREE
    assert _verdict(guard, "Can I exchange tiles in Scrabble if there are 5 tiles left in the bag?",
                    "Can I exchange tiles in Scrabble if there are only 5 tiles left in the bag?") is Verdict.DIFFER
    # (not where both sides say "just", of time)
    assert _verdict(guard, "I just got a puppy, what should I only feed it?",
                    "I just got a puppy, what should I feed it?") is Verdict.DIFFER


def test_text_speak_and_a_word_written_again_with_a_slip(guard):
    # "shld", "shud" for "should" and "r" after a question word for "are" ("R and Python" names the language)
    assert read("how big shld the option pool be").words == read("how big should the option pool be").words
    assert read("what r the 9 foia exemptions").words == read("what are the 9 foia exemptions").words
    # (capitals write a code)
    assert "r" in {f.value for f in read("which R packages are best for survival analysis").facts}
    assert "could" not in read("what is the treatment for CLD in premature babies").said
    assert _verdict(guard, "How many liters of water a day should I drink to prevent kidney stones?",
                    "to avoid kidney stones how many L of water per day shud i drink") is Verdict.AGREE
    # a word both sides write, written once more with a slip, is the same word; a slip of a word neither writes is not
    assert _verdict(guard, "What is the difference between major revisions and minor revisions in a journal decision?",
                    "What is the diference between major revisions and minor revisons in a journal decision?") is (
        Verdict.AGREE)
    assert _verdict(guard, "What is the difference between a squash fold and a petal fold?",
                    "What is the diffrence between a squash fold and a petal fodl?") is Verdict.AGREE
    # (a word WordNet knows is no slip: "lien" beside "line")
    assert _verdict(guard, "Does a credit line affect my house sale?",
                    "Does a lien on a credit line affect my house sale?") is not Verdict.AGREE
    assert _verdict(guard, "What is the difference between major revisions and minor revisions in a journal decision?",
                    "What is the difference between major revisions and minor edits in a journal decision?") is not (
        Verdict.AGREE)


def test_in_what_situations_asks_when_and_walk_me_through_asks_how(guard):
    assert read("in what situations do I need a certificate of occupancy").asks == (
        read("when do I need a certificate of occupancy").asks)
    assert _verdict(guard, "How do I write a FOIA request to get my own FBI file?",
                    "Could you walk me through writing a FOIA request to get my own FBI file?") is Verdict.AGREE
    assert _verdict(guard, "Why do I need a certificate of occupancy?",
                    "In what situations do I need a certificate of occupancy?") is Verdict.DIFFER
    # (not "in which case", a lawsuit, nor "walk me through why")
    assert read("In which case did the Supreme Court establish judicial review?").asks != read(
        "When did the Supreme Court establish judicial review?").asks
    assert "walk" in read("Can you walk me through why the sky is blue?").words


def test_a_clipping_reads_as_the_word_the_other_side_writes_whole(guard):
    from edgenode.cache.guard import _unclipped
    assert _verdict(guard, "How do I change the password of the postgres user in PostgreSQL?",
                    "change postgres user pw in pg") is Verdict.AGREE
    assert _verdict(guard, "How do I cache pip dependencies in GitHub Actions?",
                    "gh actions cache pip deps") is Verdict.AGREE
    assert _unclipped("merge 2 dfs on user_id", "merge two DataFrames on user_id") == "merge 2 DataFrames on user_id"
    # only where the other side writes the word whole and not the clipping; never inside a file name, an identifier
    # or after a figure ("15 min" is no minimum); a shouted prompt stays shouted
    assert _unclipped("edit pg_hba.conf in Node.js, py3", "PostgreSQL javascript python") == (
        "edit pg_hba.conf in Node.js, py3")
    assert _unclipped("What does df -h show?", "What does a DataFrame show?") == "What does df -h show?"
    # a clipping of two senses is left to the words: "min" (minutes, minimum), "golang" against the verb "go"
    assert _verdict(guard, "How many requests per min can I send to the OpenAI API?",
                    "What is the minimum number of requests I can send to the OpenAI API?") is not Verdict.AGREE
    assert _verdict(guard, "How do I read a file in golang?", "How do I read a file as I go?") is not Verdict.AGREE
    assert _unclipped("my db is slow", "my db is slow, the database") == "my db is slow"
    assert _unclipped("F16 LOAD 23 MW CFG?", "feeder F16 load 23 MW. config?") == "F16 LOAD 23 MW CONFIG?"
    # a clipping names another thing than the word the other side writes: still another question
    assert _verdict(guard, "How do I read a JSON file in JavaScript?", "how to read a json file in ts") is not (
        Verdict.AGREE)


def test_a_version_both_texts_write_with_its_trailing_zero_is_one_figure(guard):
    assert _verdict(guard, "How do I type hint a function in Python 3.10?",
                    "py3.10 how to type hint a function") is not Verdict.DIFFER
    assert _verdict(guard, "How do I type hint a function in Python 3.10?",
                    "how do i type hint a function in python 3.10") is Verdict.AGREE
    # (a figure written otherwise is another version)
    assert _verdict(guard, "How do I type hint a function in Python 3.10?",
                    "how do i type hint a function in python 3.1") is Verdict.DIFFER


def test_what_a_thing_is_in_meets_the_name_as_its_modifier(guard):
    assert _verdict(guard, "What is the GSA per diem for meals in New York City?", "GSA meal per diem NYC?") is (
        Verdict.AGREE)
    # (not where the other side places another name in something)
    assert _verdict(guard, "Which team won the Italy match in Spain?", "Which team won the Spain match in Italy?") is (
        Verdict.DIFFER)


def test_a_difference_asked_is_no_yes_or_no_question(guard):
    from edgenode.cache.guard import _difference_for_yes_no
    assert _verdict(guard, "What's the difference between a CNAME and an A record?",
                    "can i put a CNAME record on the root/apex domain") is Verdict.DIFFER
    # (a yes-or-no question that still compares, or chooses, or a thing that is only "different")
    for asked in ("Is there a difference between a CNAME and an A record?", "Are a CNAME and an A record the same?",
                  "Is a CNAME record better than an A record?", "should I use a CNAME or an A record?"):
        assert not _difference_for_yes_no(read("What's the difference between a CNAME and an A record?"), read(asked))
    assert not _difference_for_yes_no(read("Can I use a different comedian's joke?"),
                                      read("Can I use another comedian's joke?"))


def test_code_quoted_in_backticks_is_compared_verbatim(guard):
    from controlplane.kernel.prompts import quoted_code as _code_spans
    assert _verdict(guard, "What does the const placement mean in `const char *p` versus `char *const p` in C?",
                    "what does `const char *const p` mean in c") is Verdict.DIFFER
    # spaced alike, in any order; one side writing it unquoted leaves it to the words
    assert _code_spans("is `char *const p` the same as `const char *p`") == _code_spans(
        "`const char * p` vs `char * const p`")
    assert _code_spans("what does const char *p mean") == frozenset()
    # (backticks pair in order: one-word spans quote no prose between them)
    assert _code_spans("What's the difference between `let` and `const`?") == frozenset()
    assert _verdict(guard, "What's the difference between `let` and `const` in JavaScript?",
                    "`let` vs `const` in JavaScript?") is not Verdict.DIFFER
