"""Live against simulated: does the simulator, calibrated with the stack's own cost, predict the live stack?

python -m bench.live_agreement
Runs `edgeroute simulate --live` on simulator/scenarios/three-cities.yaml (20 s, about 25 requests/s in
all: real etcd, one edge node with a real Triton per hub, one router per city behind RTT-replaying
relays). Calibration first measures the stack's cost per request on this machine; the simulator then
replays the same arrivals with it. Baseline, same run: the simulator without the stack cost.
Target (issue 11): per-city p50 and p95 within max(10%, 2 ms) of the measured figure.
"""

from __future__ import annotations

from bench.common import machine, write_results
from controlplane.kernel.config import load_config
from simulator.live import MEASURED, SIMULATED, UNCALIBRATED, run_live
from simulator.report import agreement, agreement_table, summarize
from simulator.scenario import load_scenario
from tests.conftest import REGIONS_YAML, ROOT

SCENARIO = ROOT / "simulator" / "scenarios" / "three-cities.yaml"
SECONDS, RATE_PER_S = 20.0, 25.0


def main() -> None:
    config = load_config(REGIONS_YAML)
    scenario = load_scenario(SCENARIO)
    total = sum(c.arrival.rate_per_s for c in scenario.cities.values())
    scale = RATE_PER_S / total
    print(f"live_agreement on {machine()}: {SCENARIO.name}, {SECONDS:g} s at {scale:.4g} x its rates", flush=True)
    live = run_live(config, str(REGIONS_YAML), scenario, SCENARIO.parent, SECONDS, scale)
    rows = [r for result in (*live.simulation.results, live.uncalibrated)
            for r in summarize(config, live.simulation.arrivals, result)]
    items = agreement(rows, MEASURED, SIMULATED, UNCALIBRATED)
    print(agreement_table(items))
    figures: dict[str, float | int] = {
        "requests": len(live.simulation.arrivals), "seconds": SECONDS,
        "stack_cost_p50_ms": live.stack.quantile(0.5), "stack_cost_p95_ms": live.stack.quantile(0.95),
    }
    for a in items:
        key = f"{a.city.strip('()')}_{a.figure}"
        figures[f"{key}_measured_ms"] = a.measured_ms
        figures[f"{key}_simulated_ms"] = a.simulated_ms
        figures[f"{key}_uncalibrated_ms"] = a.uncalibrated_ms
        figures[f"{key}_within"] = int(a.within)
        figures[f"{key}_uncalibrated_within"] = int(abs(a.uncalibrated_ms - a.measured_ms) <= a.tolerance_ms)
    cities = [a for a in items if a.city != "(all)"]
    figures["cities_within"] = sum(a.within for a in cities)
    figures["cities_figures"] = len(cities)
    figures["uncalibrated_within"] = sum(abs(a.uncalibrated_ms - a.measured_ms) <= a.tolerance_ms for a in cities)
    print(f"\nstack cost p50 {figures['stack_cost_p50_ms']:.1f} ms, p95 {figures['stack_cost_p95_ms']:.1f} ms; "
          f"per-city p50/p95 within max(10%, 2 ms): calibrated {figures['cities_within']}/{len(cities)}, "
          f"without the stack cost {figures['uncalibrated_within']}/{len(cities)}")
    print(f"wrote {write_results('live_agreement', figures)}")


if __name__ == "__main__":
    main()
