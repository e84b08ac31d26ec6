"""The routing policy: rules as examples, and properties over random snapshots (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controlplane.kernel.config import OutlierDetection, PolicyKind, WhenFull
from controlplane.kernel.ledger import LoadLedger
from controlplane.kernel.policy import (
    FALLBACK,
    NEAREST,
    NEAREST_FULL,
    NO_NODE,
    OVERFLOW,
    SHED,
    NodeState,
    RequestFacts,
    Snapshot,
    affinity_key,
    choose,
    nearest_node,
)
from controlplane.kernel.prompts import read

NOW = 1_000_000.0


def node(hub: str, n: int = 1, depth: int = 0, age_s: float = 0.1, models=("simple",)) -> NodeState:
    return NodeState(hub, f"{hub}-{n}", f"10.0.0.{n}:1", frozenset(models), depth, 0, NOW - age_s)


def snapshot(config, *nodes: NodeState) -> Snapshot:
    return Snapshot.build(config, {n.key: n for n in nodes})


def decide(snap, region="nairobi", **kwargs):
    return choose(snap, RequestFacts(region, "simple"), now=NOW, rng=random.Random(1), **kwargs)


def with_policy(config, **changes):
    return config.model_copy(update={"policy": config.policy.model_copy(update=changes)})


@pytest.fixture
def overflow_config(shipped_config):
    """The queue-threshold policy (nearest-overflow), which these rules describe."""
    return with_policy(shipped_config, kind=PolicyKind.nearest_overflow)


def test_nearest_when_it_has_headroom(shipped_config):
    d = decide(snapshot(shipped_config, node("tangier"), node("dakar"), node("dakhla")))
    assert (d.decision, d.hub) == (NEAREST, "tangier")


def test_overflow_within_budget_only(overflow_config):
    # Nairobi: tangier 218, dakar 224 (+6, within 8), dakhla 245 (+27, beyond)
    full = overflow_config.policy.queue_depth_threshold
    d = decide(snapshot(overflow_config, node("tangier", depth=full), node("dakar"), node("dakhla")))
    assert (d.decision, d.hub) == (OVERFLOW, "dakar")
    d = decide(snapshot(overflow_config, node("tangier", depth=full), node("dakar", depth=full), node("dakhla")))
    assert (d.decision, d.hub) == (NEAREST_FULL, "tangier")
    assert all(c.hub != "dakhla" for c in d.candidates)


def test_shed_when_configured(overflow_config):
    config = with_policy(overflow_config, when_full=WhenFull.shed)
    full = config.policy.queue_depth_threshold
    d = decide(snapshot(config, node("tangier", depth=full), node("dakar", depth=full), node("dakhla")))
    assert d.decision == SHED and d.retry_after_ms == config.policy.retry_after_ms and not d.candidates


def test_fallback_only_when_allowed_and_all_within_budget_dead(overflow_config):
    snap = snapshot(overflow_config, node("dakhla"))
    assert decide(snap).decision == NO_NODE
    allowed = snapshot(with_policy(overflow_config, wide_fallback=True), node("dakhla"))
    assert (decide(allowed).decision, decide(allowed).hub) == (FALLBACK, "dakhla")
    alive = snapshot(with_policy(overflow_config, wide_fallback=True), node("dakhla"), node("dakar", depth=99))
    assert decide(alive).hub == "dakar"


def test_stale_report_is_not_headroom(overflow_config):
    stale = overflow_config.policy.report_staleness_ms / 1000 + 1
    d = decide(snapshot(overflow_config, node("tangier", age_s=stale), node("dakar")))
    assert (d.decision, d.hub) == (OVERFLOW, "dakar")
    assert "no fresh report" in d.explain()
    explained = choose(snapshot(overflow_config, node("tangier")), RequestFacts("nairobi", "simple"), now=NOW,
                       rng=random.Random(1), explain=True).explain()
    assert "dakhla" in explained and "beyond overflow budget" in explained


def test_ejected_nodes_are_skipped(shipped_config):
    snap = snapshot(shipped_config, node("tangier"), node("dakar"))
    d = decide(snap, ejected=frozenset({"tangier/tangier-1"}))
    assert d.hub == "dakar"


def test_unreported_arrivals_count_as_load(overflow_config):
    snap = snapshot(overflow_config, node("tangier", depth=2), node("dakar"))
    threshold = overflow_config.policy.queue_depth_threshold
    d = decide(snap, unreported=lambda key, by: threshold - 2 if key == "tangier/tangier-1" else 0)
    assert d.hub == "dakar"


def test_power_of_two_choices_prefers_less_loaded(overflow_config):
    snap = snapshot(overflow_config, node("tangier", 1, depth=5), node("tangier", 2, depth=0))
    picks = {decide(snap).node.node_id for _ in range(1)}
    rng = random.Random(3)
    picks = [choose(snap, RequestFacts("nairobi", "simple"), now=NOW, rng=rng).node.node_id for _ in range(50)]
    assert set(picks) == {"tangier-2"}  # with two nodes both are always sampled


def test_expected_latency_policy(overflow_config):
    config = with_policy(overflow_config, kind=PolicyKind.expected_latency)
    # tangier 218 + 3*5 = 233 vs dakar 224 + 0 = 224: dakar, still within budget
    d = decide(snapshot(config, node("tangier", depth=3), node("dakar")))
    assert (d.decision, d.hub) == (OVERFLOW, "dakar")
    d = decide(snapshot(config, node("tangier", depth=3), node("dakhla")))
    assert d.hub == "tangier"


def test_failover_candidates_stay_within_budget(shipped_config):
    snap = snapshot(shipped_config, node("tangier", 1), node("tangier", 2), node("dakar"), node("dakhla"))
    d = decide(snap)
    assert [c.hub for c in d.candidates][:2] == ["tangier", "tangier"]
    assert {c.hub for c in d.candidates} == {"tangier", "dakar"}


def test_unknown_model_has_no_node(shipped_config):
    snap = snapshot(shipped_config, node("tangier", models=("other",)))
    assert decide(snap).decision == NO_NODE
    assert nearest_node(snap, "dakar").hub == "tangier"


HUBS = ("tangier", "dakar", "dakhla")
REGIONS = ("casablanca", "dakar", "tunis", "lagos", "nairobi", "johannesburg", "abidjan", "accra", "madrid", "marseille")
node_strategy = st.builds(
    lambda hub, n, depth, age: node(hub, n, depth, age),
    st.sampled_from(HUBS), st.integers(1, 3), st.integers(0, 20), st.floats(0, 10),
)


@settings(max_examples=400, deadline=None)
@given(nodes=st.lists(node_strategy, max_size=9), region=st.sampled_from(REGIONS), seed=st.integers(0, 2**32),
       budget=st.sampled_from([0.0, 8.0, 30.0]), fallback=st.booleans(), shed=st.booleans(),
       kind=st.sampled_from(list(PolicyKind)))
def test_properties(shipped_config, nodes, region, seed, budget, fallback, shed, kind):
    config = with_policy(shipped_config, overflow_budget_ms=budget, wide_fallback=fallback, kind=kind,
                         when_full=WhenFull.shed if shed else WhenFull.queue_nearest)
    snap = snapshot(config, *{n.key: n for n in nodes}.values())
    facts = RequestFacts(region, "simple")
    d = choose(snap, facts, now=NOW, rng=random.Random(seed))
    order = config.hubs_by_rtt[region]
    nearest_rtt = config.rtt(region, order[0])
    within = {h for h in order if config.rtt(region, h) - nearest_rtt <= budget}
    alive = {n.hub for n in snap.nodes.values()}
    policy = config.policy

    def headroom(n):
        return NOW - n.reported_at <= policy.report_staleness_ms / 1000 and n.queue_depth < policy.queue_depth_threshold

    # budget never exceeded while a hub within it is alive, by the choice or any failover candidate
    if within & alive:
        assert all(c.hub in within for c in d.candidates)
    # nearest chosen whenever it has headroom (nearest-overflow policy)
    if kind is PolicyKind.nearest_overflow and any(headroom(n) for n in snap.nodes.values() if n.hub == order[0]):
        assert (d.decision, d.hub) == (NEAREST, order[0])
    # stale reports never count; full ones neither, under the queue-threshold kinds
    if d.decision in (NEAREST, OVERFLOW):
        if kind is PolicyKind.spill_in_time:
            assert NOW - d.node.reported_at <= policy.report_staleness_ms / 1000
        else:
            assert headroom(d.node)
    if d.decision == FALLBACK:
        assert fallback and not (within & alive)
    # deterministic for a seeded RNG
    assert choose(snap, facts, now=NOW, rng=random.Random(seed)) == d


def test_a_node_that_leaves_the_registry_loses_its_ejection():
    ledger = LoadLedger(OutlierDetection(consecutive_failures=2, ejection_s=30), clock=lambda: 100.0)
    node = NodeState("dakar", "dakar-a", "127.0.0.1:1", frozenset({"simple"}), 0, 0, 1.0)
    ledger.on_registry({node.key: node})
    ledger.failed(node)
    ledger.failed(node)
    assert ledger.ejected() == {node.key}
    ledger.on_registry({node.key: node})  # still registered: still ejected
    assert ledger.ejected() == {node.key}
    ledger.on_registry({})  # deregistered (its Triton died, say) ...
    back = NodeState("dakar", "dakar-a", "127.0.0.1:1", frozenset({"simple"}), 0, 0, 2.0)
    ledger.on_registry({back.key: back})  # ... and registered again: a fresh instance
    assert ledger.ejected() == frozenset()
    ledger.failed(back)
    assert ledger.ejected() == frozenset()  # its failure count started again too


def test_cache_affinity_sends_a_prompt_to_one_node_of_the_hub_and_a_hot_key_spreads(shipped_config):
    """Cache-aware choice within a hub: the same affinity picks the same node whatever the router's rng
    (so several routers agree); distinct affinities spread; when that node has a wait the next in its
    rendezvous order takes the call (bounded load)."""
    hub = [node("tangier", n) for n in (1, 2, 3)]
    snap = snapshot(shipped_config, *hub)

    def pick(affinity: int, snap=snap, seed: int = 0, **kwargs) -> str:
        decision = choose(snap, RequestFacts("casablanca", "simple", affinity=affinity), now=NOW,
                          rng=random.Random(seed), **kwargs)
        assert decision.hub == "tangier"
        return decision.node.node_id

    key = affinity_key("simple", read("feeder F12 load 30 MW peak 46 MW. config?").affinity)
    assert key == affinity_key("simple", read("feeder F12: peak 46MW, load 30MW. which settings?").affinity)
    home = pick(key)
    assert {pick(key, seed=s) for s in range(20)} == {home}
    assert len({pick(affinity_key("simple", (("num", str(v), "mw"),))) for v in range(30)}) == 3
    # the home node now has a wait: the hot key goes to the next node, always the same one
    busy = {n.key: 40 if n.node_id == home else 0 for n in hub}
    overflow = {pick(key, seed=s, unreported=lambda k, by: busy[k]) for s in range(20)}
    assert len(overflow) == 1 and overflow != {home}
    # without affinity: power of two choices, any node
    assert len({pick(0, seed=s) for s in range(40)}) == 3
