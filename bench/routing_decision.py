"""Routing decision time: controlplane.kernel.policy.choose on the shipped 3-hub config and on 100 hubs x 10 nodes.

python -m bench.routing_decision
Targets (issue 3): p50 <= 10 us for 3 hubs; p50 <= 50 us for 100 hubs x 10 nodes.
Baseline in the same run: a naive nearest-hub lookup (sort every hub by RTT, take the first live node).
"""

from __future__ import annotations

import random
import time

from bench.common import machine, write_results
from controlplane.kernel.config import RegionsConfig, load_config
from controlplane.kernel.policy import NodeState, RequestFacts, Snapshot, choose
from tests.conftest import REGIONS_YAML

CALLS = 20_000
NOW = 1_000_000.0


def _nodes(hubs: list[str], per_hub: int, rng: random.Random) -> dict[str, NodeState]:
    nodes = {}
    for hub in hubs:
        for n in range(per_hub):
            node = NodeState(hub, f"{hub}-{n}", f"10.0.{n}.1:8001", frozenset({"simple"}), rng.randrange(0, 12), 0, NOW - 0.2)
            nodes[node.key] = node
    return nodes


def big_config(shipped: RegionsConfig, hubs: int) -> RegionsConfig:
    """100 hubs on a grid over Africa and Europe; RTTs left out, so they are estimated from distance."""
    grid = [{"name": f"hub{i:03d}", "location": {"lat": -30 + (i // 10) * 7.0, "lon": -15 + (i % 10) * 5.0}} for i in range(hubs)]
    raw = shipped.model_dump(mode="json")
    raw.update(hubs=grid, rtt_ms={})
    raw["policy"]["overflow_budget_ms"] = 8.0
    return RegionsConfig.model_validate(raw)


def time_calls(fn) -> list[float]:
    samples = []
    for _ in range(CALLS):
        started = time.perf_counter_ns()
        fn()
        samples.append((time.perf_counter_ns() - started) / 1000.0)
    samples.sort()
    return samples


def pct(samples: list[float], q: float) -> float:
    return samples[min(len(samples) - 1, int(q / 100 * len(samples)))]


def naive(snapshot: Snapshot, facts: RequestFacts) -> NodeState:
    config = snapshot.config
    hubs = sorted(config.hubs, key=lambda h: config.rtt(facts.region, h.name))
    for hub in hubs:
        nodes = [n for n in snapshot.nodes.values() if n.hub == hub.name and facts.model in n.models]
        if nodes:
            return nodes[0]
    raise LookupError


def _cycling(fn, facts: list[RequestFacts]):
    """A no-argument call that feeds fn the next request's facts, round robin."""
    counter = iter(range(10**9))
    return lambda: fn(facts[next(counter) % len(facts)])


def main() -> None:
    rng = random.Random(7)
    shipped = load_config(REGIONS_YAML)
    cases = {
        "3hubs": Snapshot.build(shipped, _nodes([h.name for h in shipped.hubs], 1, rng)),
        "1000nodes": Snapshot.build(big := big_config(shipped, 100), _nodes([h.name for h in big.hubs], 10, rng)),
    }
    figures: dict[str, float] = {}
    print(f"routing_decision on {machine()}: {CALLS} decisions per case")
    print(f"{'case':<12} {'choose p50 us':>14} {'p99 us':>8} {'naive p50 us':>13} {'ratio':>6}")
    for name, snapshot in cases.items():
        regions = [r.name for r in snapshot.config.client_regions]
        facts = [RequestFacts(regions[i % len(regions)], "simple") for i in range(64)]
        chosen = time_calls(_cycling(lambda f, s=snapshot, r=random.Random(1): choose(s, f, now=NOW, rng=r), facts))
        baseline = time_calls(_cycling(lambda f, s=snapshot: naive(s, f), facts))
        figures[f"decision_p50_us_{name}"] = pct(chosen, 50)
        figures[f"decision_p99_us_{name}"] = pct(chosen, 99)
        figures[f"naive_p50_us_{name}"] = pct(baseline, 50)
        print(f"{name:<12} {pct(chosen, 50):14.2f} {pct(chosen, 99):8.2f} {pct(baseline, 50):13.2f} "
              f"{pct(chosen, 50) / pct(baseline, 50):6.2f}")
    print("targets: p50 <= 10 us (3hubs), <= 50 us (1000nodes)")
    print(f"wrote {write_results('routing_decision', figures)}")


if __name__ == "__main__":
    main()
