"""Simulator speed: one million requests of the 3-hub, 10-city scenario through the router's policy.

python -m bench.simulator_speed
Target (issue 4): >= 1,000,000 simulated requests in <= 10 s of wall time on one core; peak RSS reported.
Baseline in the same run: the same engine with a trivial router (first node of the nearest hub, no
policy call), which shows what the real policy function costs per request.
"""

from __future__ import annotations

import resource
import time
from pathlib import Path

from bench.common import machine, write_results
from controlplane.kernel.config import load_config
from simulator.arrivals import generate
from simulator.baselines import Pick, Runner
from simulator.engine import service_times_ms, simulate
from simulator.rtt import Network
from simulator.scenario import load_scenario
from tests.conftest import REGIONS_YAML

SCENARIO = Path(__file__).resolve().parent.parent / "simulator" / "scenarios" / "ten-cities.yaml"


class FirstNearest(Runner):
    """Not a policy anyone should run: the cheapest possible decision, for the baseline."""

    def route(self, snapshot, facts, now, rng, ledger):  # noqa: ANN001, ANN201
        for hub in snapshot.config.hubs_by_rtt[facts.region]:
            nodes = snapshot.nodes_for(hub, facts.model)
            if nodes:
                return Pick("nearest", nodes[:1])
        return Pick("no-node", ())


def main() -> None:
    config = load_config(REGIONS_YAML)
    scenario = load_scenario(SCENARIO)
    started = time.perf_counter()
    arrivals = generate(scenario, SCENARIO.parent)
    network = Network(config, scenario, len(arrivals), scenario.seed, SCENARIO.parent)
    service = service_times_ms(scenario, tuple(config.hub_by_name), arrivals)
    setup_s = time.perf_counter() - started

    started = time.perf_counter()
    simulate(config, scenario, arrivals, network, Runner("router", config), service)
    wall_s = time.perf_counter() - started
    started = time.perf_counter()
    simulate(config, scenario, arrivals, network, FirstNearest("first-nearest", config), service)
    baseline_s = time.perf_counter() - started
    peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0

    n = len(arrivals)
    figures = {
        "requests": n, "wall_s": wall_s, "requests_per_s": n / wall_s, "setup_s": setup_s,
        "baseline_wall_s": baseline_s, "baseline_requests_per_s": n / baseline_s, "peak_rss_mb": peak_rss_mb,
        "policy_us_per_request": (wall_s - baseline_s) / n * 1e6,
    }
    print(f"simulator_speed on {machine()}: {SCENARIO.name}, {n} requests, 10 cities, 3 hubs, one process")
    print(f"{'engine with':<40} {'wall s':>8} {'requests/s':>12}")
    print(f"{'the router policy (controlplane.choose)':<40} {wall_s:8.2f} {n / wall_s:12.0f}")
    print(f"{'baseline: first node of the nearest hub':<40} {baseline_s:8.2f} {n / baseline_s:12.0f}")
    print(f"ratio {wall_s / baseline_s:.2f}x; the policy costs {figures['policy_us_per_request']:.1f} us per request; "
          f"arrivals, RTTs and service times drawn in {setup_s:.2f} s")
    print(f"target: >= 1,000,000 requests in <= 10 s: {'met' if n >= 1_000_000 and wall_s <= 10 else 'MISSED'}; "
          f"peak RSS {peak_rss_mb:.0f} MB")
    print(f"wrote {write_results('simulator_speed', figures)}")


if __name__ == "__main__":
    main()
