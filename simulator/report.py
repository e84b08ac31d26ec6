"""Per-city and overall figures of a run, the physics check, the table and the per-request CSV."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from controlplane.kernel.config import RegionsConfig
from controlplane.kernel.policy import OVERFLOW
from simulator.arrivals import Arrivals
from simulator.engine import CLIENT_EDGE, FAILED_HUB, SHED_HUB, RunResult
from simulator.scenario import Scenario

ALL = "(all)"


@dataclass(frozen=True)
class Row:
    policy: str
    city: str
    requests: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    nearest_share: float
    overflow_share: float
    client_cache_share: float
    shed_share: float
    failed_share: float
    budget_violations: int
    within_goal_share: float  # share of requests served within the city's p95 goal (NaN: no goal)
    overflow_window_max_dev: float  # largest |overflow share of a 1 s window - the run's share|, in points
    overflow_window_p95_dev: float  # 95th percentile of the same


WINDOW_S = 1.0
MIN_WINDOW_REQUESTS = 20  # windows with fewer requests say more about sampling than about flapping
WARMUP_S = 10.0  # the first seconds of a run: nodes have not measured their service time yet


def overflow_windows(times: np.ndarray, overflowed: np.ndarray) -> np.ndarray:
    """Overflow share of each 1 s window after the warm-up with at least MIN_WINDOW_REQUESTS requests."""
    if not len(times):
        return np.zeros(0)
    window = (times // WINDOW_S).astype(np.int64)
    counts = np.bincount(window)
    spilled = np.bincount(window, weights=overflowed.astype(float), minlength=len(counts))
    keep = counts >= MIN_WINDOW_REQUESTS
    keep[: int(WARMUP_S / WINDOW_S)] = False
    return spilled[keep] / counts[keep]


def summarize(config: RegionsConfig, arrivals: Arrivals, result: RunResult, goals: dict[str, float] | None = None) -> list[Row]:
    goals = goals or {}
    hub_names = result.hubs
    overflow = result.decisions.index(OVERFLOW) if OVERFLOW in result.decisions else -1
    nearest_hub = np.array([hub_names.index(config.hubs_by_rtt[c][0]) for c in arrivals.cities])[arrivals.city]
    served = result.served_hub
    # extra RTT (regions.yaml figures) of the hub that served each request over its city's nearest hub
    extra = np.zeros(len(served))
    for ci, city in enumerate(arrivals.cities):
        row = config.rtt_table[city]
        nearest_rtt = row[config.hubs_by_rtt[city][0]][0]
        for hi, hub in enumerate(hub_names):
            extra[(arrivals.city == ci) & (served == hi)] = row[hub][0] - nearest_rtt
    rows = []
    for label, mask in [(c, arrivals.city == i) for i, c in enumerate(arrivals.cities)] + [(ALL, slice(None))]:
        lat = result.latency_ms[mask]
        lat = lat[~np.isnan(lat)]
        total = int(np.count_nonzero(np.ones(len(served))[mask]))
        p50, p95, p99 = np.percentile(lat, [50, 95, 99]) if len(lat) else (np.nan, np.nan, np.nan)

        def share(flags: np.ndarray, total: int = total) -> float:
            return float(np.count_nonzero(flags)) / total if total else 0.0

        budget = (max(config.policy.budget_for(c) for c in arrivals.cities) if label == ALL
                  else config.policy.budget_for(label))
        goal = goals.get(label)
        if goal is not None:
            served_latency = result.latency_ms[mask]
            within_goal = share(np.nan_to_num(served_latency, nan=np.inf) <= goal)
        else:
            within_goal = float("nan")
        spilled = result.decision[mask] == overflow
        shares = overflow_windows(arrivals.time_s[mask], spilled)
        deviation = np.abs(shares - share(spilled)) * 100.0 if len(shares) else np.zeros(1)
        rows.append(Row(
            result.policy, label, total, float(p50), float(p95), float(p99),
            share(served[mask] == nearest_hub[mask]), share(spilled),
            share(served[mask] == CLIENT_EDGE), share(served[mask] == SHED_HUB), share(served[mask] == FAILED_HUB),
            int(np.count_nonzero((served[mask] >= 0) & (extra[mask] > budget + 1e-9))),
            within_goal, float(deviation.max()), float(np.percentile(deviation, 95)),
        ))
    return rows


def physics(config: RegionsConfig, scenario: Scenario, arrivals: Arrivals) -> list[str]:
    """Per city: the fibre floor to its nearest hub, and every p95 goal no hub can meet uncached."""
    lines = []
    for city in arrivals.cities:
        nearest = config.hubs_by_rtt[city][0]
        best_hub = min(config.hub_by_name, key=lambda h: config.floor_ms(city, h))
        floor = config.floor_ms(city, best_hub)
        service = min(_min_service_ms(scenario, h) for h in config.hub_by_name)
        line = (f"{city}: fibre floor to nearest hub {nearest} {config.floor_ms(city, nearest):.1f} ms "
                f"(configured RTT {config.rtt(city, nearest):.1f} ms); lowest floor {best_hub} {floor:.1f} ms")
        goal = scenario.p95_target_ms.get(city)
        if goal is not None:
            if goal < floor + service:
                line += (f"; p95 goal {goal:g} ms CANNOT be met by an uncached request from any hub "
                         f"(floor {floor:.1f} + service {service:.1f} ms); only a cache hit at the client's own edge can")
            else:
                line += f"; p95 goal {goal:g} ms is physically possible"
        lines.append(line)
    return lines


def _min_service_ms(scenario: Scenario, hub: str) -> float:
    service = scenario.capacity(hub).service
    if service.kind.value == "llm":
        return service.prefill_ms_per_token + service.decode_step_ms
    return 0.0 if service.kind.value == "exponential" else service.mean_ms


def table(rows: list[Row]) -> str:
    head = (f"{'policy':<28} {'city':<13} {'requests':>9} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
            f"{'nearest':>8} {'overflow':>8} {'cl.cache':>8} {'shed':>6} {'failed':>6} {'>budget':>8} "
            f"{'in goal':>8} {'flap pts':>8}")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r.policy:<28} {r.city:<13} {r.requests:>9} {r.p50_ms:>8.1f} {r.p95_ms:>8.1f} {r.p99_ms:>8.1f} "
            f"{r.nearest_share:>8.1%} {r.overflow_share:>8.1%} {r.client_cache_share:>8.1%} "
            f"{r.shed_share:>6.1%} {r.failed_share:>6.1%} "
            f"{r.budget_violations:>8} "
            + (f"{r.within_goal_share:>8.1%}" if r.within_goal_share == r.within_goal_share else f"{'-':>8}")
            + f" {r.overflow_window_max_dev:>8.1f}"
        )
    return "\n".join(lines)


AGREEMENT_RELATIVE, AGREEMENT_FLOOR_MS = 0.10, 2.0  # live and simulated agree within max(10%, 2 ms)


@dataclass(frozen=True)
class Agreement:
    city: str
    figure: str  # "p50" or "p95"
    measured_ms: float
    simulated_ms: float
    uncalibrated_ms: float

    @property
    def tolerance_ms(self) -> float:
        return max(AGREEMENT_RELATIVE * self.measured_ms, AGREEMENT_FLOOR_MS)

    @property
    def within(self) -> bool:
        return abs(self.simulated_ms - self.measured_ms) <= self.tolerance_ms


def agreement(rows: list[Row], measured: str, simulated: str, uncalibrated: str) -> list[Agreement]:
    """Per city (and all): measured p50/p95 against the simulated ones, with and without the stack cost."""
    by = {(r.policy, r.city): r for r in rows}
    out = []
    for (policy, city), row in by.items():
        if policy != measured:
            continue
        for figure in ("p50", "p95"):
            out.append(Agreement(city, figure, getattr(row, f"{figure}_ms"), getattr(by[simulated, city], f"{figure}_ms"),
                                 getattr(by[uncalibrated, city], f"{figure}_ms")))
    return out


def agreement_table(items: list[Agreement]) -> str:
    head = f"{'city':<13} {'figure':<6} {'measured':>9} {'simulated':>9} {'diff':>7} {'allowed':>7}  {'':<6} {'no stack cost':>13}"
    lines = [head, "-" * len(head)]
    for a in items:
        lines.append(
            f"{a.city:<13} {a.figure:<6} {a.measured_ms:>9.1f} {a.simulated_ms:>9.1f} "
            f"{a.simulated_ms - a.measured_ms:>+7.1f} {a.tolerance_ms:>7.1f}  {'ok' if a.within else 'MISS':<6} "
            f"{a.uncalibrated_ms:>13.1f}"
        )
    return "\n".join(lines)


def write_requests_csv(path: Path, arrivals: Arrivals, results: list[RunResult]) -> None:
    """One line per request per policy: when, from where, which hub, decision, latency, attempts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["policy", "request", "time_s", "city", "cache_hit", "hub", "decision", "latency_ms", "attempts"])
        for result in results:
            hubs = {i: h for i, h in enumerate(result.hubs)} | {
                SHED_HUB: "(shed)", FAILED_HUB: "(failed)", CLIENT_EDGE: "(client edge)"
            }
            for i in range(len(arrivals)):
                latency = result.latency_ms[i]
                writer.writerow([
                    result.policy, i, f"{arrivals.time_s[i]:.6f}", arrivals.cities[arrivals.city[i]],
                    int(arrivals.cache_hit[i]), hubs[int(result.served_hub[i])], result.decisions[result.decision[i]],
                    "" if np.isnan(latency) else f"{latency:.3f}", int(result.attempts[i]),
                ])
