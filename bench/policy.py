"""The routing policy against its baselines on the scenarios that exercise it, in one run.

python -m bench.policy [--report]
Every policy sees the same arrivals, RTT samples and service times (common random numbers). Scenarios
(simulator/scenarios/): calm (ten cities, every hub far below capacity), hot-hub (a flash crowd at 2x
Tangier's capacity), brownout (Tangier's service times x3 for two minutes), four-routers (steady
overload, four routers on the same stale reports). Targets (issue 11):
- calm: overflow share <= 0.5% for every city; p99 at most 1% worse than nearest-only for every city;
- hot-hub, brownout: p99 of every affected city >= 2x better than nearest-only, no worse than
  expected-latency; no request beyond the budget;
- four-routers: Nairobi's overflow share per 1 s window within +-10 points of its mean.
--report also writes docs/policy-report.md and its plots under docs/policy/.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench.common import machine, write_results
from controlplane.kernel.config import budget_report, load_config
from simulator import run
from simulator.report import Row, summarize, table
from simulator.scenario import load_scenario
from tests.conftest import REGIONS_YAML

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "simulator" / "scenarios"
AFFECTED = ("casablanca", "nairobi")  # the hot hub's cities: one with an alternative in budget, one without
ROUTER = "router"


def _rows(name: str) -> tuple[list[Row], object, float]:
    config = load_config(REGIONS_YAML)
    path = SCENARIOS / f"{name}.yaml"
    scenario = load_scenario(path)
    scenario.check_against(config, str(path))
    started = time.perf_counter()
    simulation = run(config, scenario, SCENARIOS)
    wall = time.perf_counter() - started
    rows = [r for result in simulation.results
            for r in summarize(config, simulation.arrivals, result, dict(scenario.p95_target_ms))]
    return rows, simulation, wall


def _get(rows: list[Row], policy: str, city: str) -> Row:
    for row in rows:
        if row.city == city and (row.policy == policy or (policy == ROUTER and row.policy.startswith("router ("))):
            return row
    raise KeyError((policy, city))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", action="store_true", help="also write docs/policy-report.md and its plots")
    args = parser.parse_args()
    figures: dict[str, float | int] = {}
    report: list[str] = []
    print(f"policy on {machine()}; regions.yaml as shipped")

    rows, simulation, wall = _rows("calm")
    cities = simulation.arrivals.cities
    worst_overflow = max(_get(rows, ROUTER, c).overflow_share for c in cities)
    worst_p99_ratio = max(_get(rows, ROUTER, c).p99_ms / _get(rows, "nearest-only", c).p99_ms for c in cities)
    figures |= {
        "calm_requests": len(simulation.arrivals),
        "calm_max_city_overflow_share": worst_overflow,
        "calm_max_p99_ratio_vs_nearest_only": worst_p99_ratio,
        "calm_nairobi_overflow_share_nearest_overflow": _get(rows, "nearest-overflow", "nairobi").overflow_share,
        "calm_nairobi_overflow_share_expected_latency": _get(rows, "expected-latency", "nairobi").overflow_share,
    }
    report.append(_section("calm", rows, simulation, wall))
    print(f"\ncalm ({len(simulation.arrivals)} requests, {wall:.1f} s): worst city overflow share {worst_overflow:.2%} "
          f"(target <= 0.5%: {'met' if worst_overflow <= 0.005 else 'MISSED'}); worst p99 / nearest-only "
          f"{worst_p99_ratio:.4f} (target <= 1.01: {'met' if worst_p99_ratio <= 1.01 else 'MISSED'})")

    for name in ("hot-hub", "brownout"):
        rows, simulation, wall = _rows(name)
        key = name.replace("-", "_")
        met = True
        for city in AFFECTED:
            mine, near, expected = (_get(rows, p, city) for p in (ROUTER, "nearest-only", "expected-latency"))
            better = near.p99_ms / mine.p99_ms
            versus_expected = expected.p99_ms / mine.p99_ms
            figures |= {
                f"{key}_{city}_p99_ms": mine.p99_ms, f"{key}_{city}_p99_ms_nearest_only": near.p99_ms,
                f"{key}_{city}_p99_ms_expected_latency": expected.p99_ms,
                f"{key}_{city}_p99_speedup_vs_nearest_only": better,
                f"{key}_{city}_p99_ratio_expected_latency_over_policy": versus_expected,
                f"{key}_{city}_overflow_share": mine.overflow_share,
            }
            met &= better >= 2.0 and versus_expected >= 1.0
            print(f"{name} {city}: p99 {mine.p99_ms:.0f} ms; nearest-only {near.p99_ms:.0f} ms ({better:.1f}x better); "
                  f"expected-latency {expected.p99_ms:.0f} ms ({versus_expected:.2f}x); overflow {mine.overflow_share:.1%}")
        violations = _get(rows, ROUTER, "(all)").budget_violations
        figures[f"{key}_budget_violations"] = violations
        print(f"{name}: {len(simulation.arrivals)} requests; requests beyond the budget: {violations}; targets "
              f"{'met' if met and violations == 0 else 'MISSED'}")
        report.append(_section(name, rows, simulation, wall))

    rows, simulation, wall = _rows("four-routers")
    mine = _get(rows, ROUTER, "nairobi")
    figures |= {
        "four_routers_nairobi_overflow_share": mine.overflow_share,
        "four_routers_window_max_dev_pts": mine.overflow_window_max_dev,
        "four_routers_window_p95_dev_pts": mine.overflow_window_p95_dev,
        "four_routers_window_max_dev_pts_expected_latency": _get(rows, "expected-latency", "nairobi").overflow_window_max_dev,
        "four_routers_window_max_dev_pts_nearest_overflow": _get(rows, "nearest-overflow", "nairobi").overflow_window_max_dev,
        "four_routers_nairobi_p99_ms": mine.p99_ms,
        "four_routers_nairobi_p99_ms_expected_latency": _get(rows, "expected-latency", "nairobi").p99_ms,
    }
    print(f"four-routers nairobi: overflow {mine.overflow_share:.1%}; 1 s windows after warm-up: largest distance "
          f"from the mean {mine.overflow_window_max_dev:.1f} pts, p95 {mine.overflow_window_p95_dev:.1f} pts "
          f"(target <= 10: {'met' if mine.overflow_window_max_dev <= 10 else 'MISSED'}); expected-latency "
          f"{figures['four_routers_window_max_dev_pts_expected_latency']:.1f}, nearest-overflow "
          f"{figures['four_routers_window_max_dev_pts_nearest_overflow']:.1f}")
    report.append(_section("four-routers", rows, simulation, wall))

    print(f"wrote {write_results('policy', figures)}")
    if args.report:
        path = ROOT / "docs" / "policy-report.md"
        path.write_text(_REPORT_HEAD + "\n".join(report))
        print(f"wrote {path}")


def _section(name: str, rows: list[Row], simulation: object, wall: float) -> str:
    from simulator.plots import write_plots

    out = ROOT / "docs" / "policy"
    written = write_plots(out / name, simulation, rows)  # type: ignore[arg-type]
    config = load_config(REGIONS_YAML)
    lines = [f"## {name}", "", f"`edgeroute simulate --scenario simulator/scenarios/{name}.yaml` "
             f"({len(simulation.arrivals)} requests, {wall:.1f} s of wall time for all policies)", "", "```",  # type: ignore[attr-defined]
             table(rows), "```", "", "Overflow budget:", ""]
    lines += [f"- {line}" for line in budget_report(config, list(simulation.arrivals.cities))]  # type: ignore[attr-defined]
    lines += [""] + [f"![{p.stem}]({p.relative_to(ROOT / 'docs')})" for p in written] + [""]
    return "\n".join(lines)


_REPORT_HEAD = """# The routing policy against its baselines

Made by `python -m bench.policy --report` (the figures also go to bench/results/policy.json). Every
policy of a scenario sees the same arrivals, RTT samples and service times. `router (spill-in-time)` is
the shipped policy; `nearest-only` is the same policy with a zero budget; `nearest-overflow` is the
queue-threshold policy this project shipped before; `expected-latency` prices hubs by RTT + queue x the
configured service time; `least-loaded` and `round-robin` ignore distance. `in goal`: share served
within the city's p95 goal; `flap pts`: largest distance of a 1 s window's overflow share from the run's
(after a 10 s warm-up, windows of at least 20 requests).

"""


if __name__ == "__main__":
    main()
