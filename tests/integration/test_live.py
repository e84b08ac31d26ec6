"""`simulate --live`: the reduced scenario on a real stack (etcd, edge nodes with Triton, one router per
city dialling every hub through an RTT-replaying relay), beside the simulator's figures."""

from __future__ import annotations

import numpy as np
import pytest

from controlplane.kernel.config import load_config
from simulator.engine import FAILED_HUB
from simulator.live import MEASURED, SIMULATED, UNCALIBRATED, run_live
from simulator.report import ALL, summarize
from simulator.rtt import read_trace
from simulator.scenario import parse_scenario
from tests.conftest import REGIONS_YAML, ROOT
from tests.integration.conftest import leftover_processes

pytestmark = pytest.mark.integration

SCENARIO = f"""
duration_s: 100
seed: 9
cities:
  casablanca: {{arrival: {{kind: poisson, rate_per_s: 8}}}}
  lagos: {{arrival: {{kind: poisson, rate_per_s: 6}}}}
workloads: [{{name: fraud, prompt_tokens: 64, output_tokens: 16, cache_hit_p: 0.5}}]
rtt: {{kind: traces, traces_dir: {ROOT / "data" / "rtt"}}}
"""


def test_live_run_measures_what_the_simulator_predicts():
    config = load_config(REGIONS_YAML)
    before = {line.split()[0] for line in leftover_processes()}
    live = run_live(config, str(REGIONS_YAML), parse_scenario(SCENARIO), ROOT, seconds=4.0, scale=1.0)
    simulation = live.simulation
    simulated, measured = simulation.results
    assert (simulated.policy, measured.policy) == (SIMULATED, MEASURED)
    arrivals = simulation.arrivals
    assert len(arrivals) > 20
    assert not np.any(measured.served_hub == FAILED_HUB), "a live request failed"
    # both runs send every request to the same hub: the nearest, at this load
    np.testing.assert_array_equal(measured.served_hub, simulated.served_hub)
    hubs = measured.hubs
    for index, city in enumerate(arrivals.cities):
        mask = arrivals.city == index
        assert set(measured.served_hub[mask]) == {hubs.index(config.hubs_by_rtt[city][0])}
        # the relays replay the RTT: no measured latency beats the pair's trace minimum
        trace = read_trace(ROOT / "data" / "rtt" / f"{city}__{config.hubs_by_rtt[city][0]}.csv")
        floor = float(trace.values[trace.times < 10.0].min())
        assert np.nanmin(measured.latency_ms[mask]) >= floor
    rows = {(r.policy, r.city): r for result in (*simulation.results, live.uncalibrated)
            for r in summarize(config, arrivals, result)}
    # the stack's cost was measured (a real stack costs something) and the simulator, given it, predicts
    # the live run better than without it
    assert 0.5 < live.stack.quantiles_ms[10] < 200.0
    for city in (*arrivals.cities, ALL):
        measured_p50 = rows[(MEASURED, city)].p50_ms
        assert abs(rows[(SIMULATED, city)].p50_ms - measured_p50) < abs(rows[(UNCALIBRATED, city)].p50_ms - measured_p50), city
    left = [line for line in leftover_processes() if line.split()[0] not in before]
    assert left == []
