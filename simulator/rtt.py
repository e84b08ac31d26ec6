"""RTT per (client city, hub) over time: fixed from regions.yaml, generated from the replay model of
../shared/reference/network-facts.md, or replayed from CSV traces (time_s,rtt_ms).

A pair's RTT is a piecewise-constant base (route regimes) plus per-request noise drawn once per request
(access-network jitter, queueing, spikes), so every policy compared in one run sees the same network.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from controlplane.kernel.config import RegionsConfig
from controlplane.kernel.errors import ConfigError
from simulator.scenario import CableCut, RttModel, Scenario


@dataclass(frozen=True)
class PairSeries:
    """Base RTT of one pair: value[i] holds from times[i] until times[i + 1]."""

    times: np.ndarray
    values: np.ndarray

    def at(self, t: float) -> float:
        index = int(np.searchsorted(self.times, t, side="right")) - 1
        return float(self.values[max(index, 0)])


def generate_base(rng: np.random.Generator, base_ms: float, duration_s: float, model: RttModel) -> PairSeries:
    """Sticky two-regime chain: the usual route, and rare long detours (a cable cut, traffic via Europe)."""
    times, values = [0.0], [base_ms]
    t, rate_per_s = 0.0, model.detour_p_per_hour / 3600.0
    while rate_per_s > 0:
        t += rng.exponential(1.0 / rate_per_s)
        if t >= duration_s:
            break
        extra = rng.uniform(*model.detour_extra_ms)
        times.append(t)
        values.append(base_ms + extra)
        t += rng.exponential(model.detour_mean_s)
        if t >= duration_s:
            break
        times.append(t)
        values.append(base_ms)
    return PairSeries(np.asarray(times), np.asarray(values))


def request_noise(rng: np.random.Generator, n: int, model: RttModel) -> tuple[np.ndarray, np.ndarray]:
    """Per request: additive jitter in ms (access + spikes) and a queueing factor (mean 1) scaling the base."""
    access = np.zeros(n)
    if model.access_median_ms > 0:
        access = rng.lognormal(np.log(model.access_median_ms), model.access_sigma, n)
    spikes = np.where(rng.random(n) < model.spike_p, rng.uniform(*model.spike_ms, n), 0.0)
    queueing = rng.gamma(2.0, 0.5, n) * model.queueing_mean_fraction
    return access + spikes, queueing


def read_trace(path: Path) -> PairSeries:
    """CSV with a header `time_s,rtt_ms`; times ascending, RTTs positive."""
    times, values = [], []
    try:
        with path.open(newline="", encoding="utf-8") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            if header is None or [h.strip() for h in header[:2]] != ["time_s", "rtt_ms"]:
                raise ConfigError(str(path), [f"line 1: expected the header 'time_s,rtt_ms', got {header!r}"])
            for line_number, row in enumerate(reader, start=2):
                try:
                    t, ms = float(row[0]), float(row[1])
                except (ValueError, IndexError):
                    raise ConfigError(str(path), [f"line {line_number}: expected two numbers time_s,rtt_ms, got {row!r}"]) from None
                if ms <= 0 or (times and t < times[-1]):
                    raise ConfigError(str(path), [f"line {line_number}: times must ascend and RTTs be positive, got {row!r}"])
                times.append(t)
                values.append(ms)
    except OSError as exc:
        raise ConfigError(str(path), [f"cannot read RTT trace: {exc.strerror}"]) from exc
    if not times:
        raise ConfigError(str(path), ["no samples after the header"])
    return PairSeries(np.asarray(times), np.asarray(values))


def write_trace(path: Path, samples: Iterable[tuple[float, float]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["time_s", "rtt_ms"])
        writer.writerows((f"{t:.3f}", f"{ms:.3f}") for t, ms in samples)


class Network:
    """RTT lookups for the engine: base series per pair, per-request noise, cable-cut faults."""

    def __init__(self, config: RegionsConfig, scenario: Scenario, n_requests: int, seed: int, base_dir: Path) -> None:
        rng = np.random.default_rng([seed, 7])
        source = scenario.rtt
        self.series: dict[tuple[str, str], PairSeries] = {}
        for city in scenario.cities:
            for hub in config.hub_by_name:
                base = config.rtt(city, hub)
                if source.kind == "traces":
                    path = base_dir / source.traces_dir / f"{city}__{hub}.csv"
                    self.series[(city, hub)] = read_trace(path) if path.exists() else PairSeries(np.zeros(1), np.array([base]))
                elif source.kind == "model":
                    self.series[(city, hub)] = generate_base(rng, base, scenario.duration_s, source.model)
                else:
                    self.series[(city, hub)] = PairSeries(np.zeros(1), np.array([base]))
        if source.kind == "model":
            self.jitter, self.queueing = request_noise(rng, n_requests, source.model)
        else:
            self.jitter, self.queueing = np.zeros(n_requests), np.zeros(n_requests)
        self.cuts = [f for f in scenario.faults if isinstance(f, CableCut)]
        # a pair with one regime and no cut is a constant: skip the search
        self._constant = {pair: float(s.values[0]) for pair, s in self.series.items() if len(s.values) == 1}

    def rtt_ms(self, city: str, hub: str, t: float, request: int) -> float:
        pair = (city, hub)
        base = self._constant.get(pair)
        if base is None:
            base = self.series[pair].at(t)
        for cut in self.cuts:
            if cut.city == city and cut.hub == hub and cut.from_s <= t < cut.to_s:
                base += cut.extra_ms
        return base * (1.0 + self.queueing[request]) + self.jitter[request]
