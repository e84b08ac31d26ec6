"""Request arrivals per city: Poisson, diurnal (thinned Poisson), or a replayed trace in a public schema
(Azure LLM inference CSV, BurstGPT CSV, Mooncake JSONL)."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import numpy as np

from controlplane.kernel.errors import ConfigError
from simulator.scenario import Diurnal, Poisson, Scenario, Trace, TraceFormat


@dataclass(frozen=True)
class Arrivals:
    """Every request of the run, in arrival order."""

    time_s: np.ndarray
    city: np.ndarray  # index into cities
    workload: np.ndarray  # index into scenario.workloads
    prompt_tokens: np.ndarray
    output_tokens: np.ndarray
    cache_hit: np.ndarray  # bool
    cities: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.time_s)

    def subset(self, mask: np.ndarray) -> Arrivals:
        """The requests where mask is true, in the same order."""
        return Arrivals(self.time_s[mask], self.city[mask], self.workload[mask], self.prompt_tokens[mask],
                        self.output_tokens[mask], self.cache_hit[mask], self.cities)

    def router(self, count: int) -> np.ndarray:
        """Which of `count` routers each request meets (uniform, fixed by the arrivals: every policy sees the same)."""
        if count == 1:
            return np.zeros(len(self.time_s), dtype=np.int32)
        return np.random.default_rng([len(self.time_s), count, 5]).integers(0, count, len(self.time_s)).astype(np.int32)


@dataclass(frozen=True)
class TraceRows:
    time_s: np.ndarray
    prompt_tokens: np.ndarray
    output_tokens: np.ndarray


def _poisson(rng: np.random.Generator, rate: float, duration: float) -> np.ndarray:
    return np.sort(rng.uniform(0.0, duration, rng.poisson(rate * duration)))


def _diurnal(rng: np.random.Generator, spec: Diurnal, duration: float) -> np.ndarray:
    # rate(t) = mean * (1 + a cos(2 pi (t - peak) / period)), a from the peak-to-trough ratio; thinning
    amplitude = (spec.peak_to_trough - 1.0) / (spec.peak_to_trough + 1.0)
    peak_rate = spec.mean_rate_per_s * (1.0 + amplitude)
    candidates = _poisson(rng, peak_rate, duration)
    rate = spec.mean_rate_per_s * (1.0 + amplitude * np.cos(2 * np.pi * (candidates - spec.peak_at_s) / spec.period_s))
    return candidates[rng.random(len(candidates)) < rate / peak_rate]


def _fail(path: Path, line: int, expected: str, got: object) -> ConfigError:
    return ConfigError(str(path), [f"line {line}: expected {expected}, got {got!r}"])


def _timestamp(value: str) -> float:
    try:
        return float(value)
    except ValueError:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00")).timestamp()


def read_arrival_trace(path: Path, fmt: TraceFormat) -> TraceRows:
    """Rows of a trace file, times made relative to the first request."""
    times: list[float] = []
    prompts: list[int] = []
    outputs: list[int] = []
    try:
        with path.open(newline="", encoding="utf-8") as handle:
            if fmt == TraceFormat.mooncake:
                for line_number, line in enumerate(handle, start=1):
                    if not line.strip():
                        continue
                    try:
                        row = json.loads(line)
                        times.append(float(row["timestamp"]) / 1000.0)
                        prompts.append(int(row["input_length"]))
                        outputs.append(int(row["output_length"]))
                    except (ValueError, KeyError, TypeError):
                        raise _fail(path, line_number, "a JSON object with timestamp, input_length, output_length", line.strip()) from None
            else:
                columns = {
                    TraceFormat.azure: ("TIMESTAMP", "ContextTokens", "GeneratedTokens"),
                    TraceFormat.burstgpt: ("Timestamp", "Request tokens", "Response tokens"),
                }[fmt]
                reader = csv.DictReader(handle)
                missing = [c for c in columns if c not in (reader.fieldnames or [])]
                if missing:
                    raise _fail(path, 1, f"a {fmt.value} header with {', '.join(columns)}", reader.fieldnames)
                for line_number, row in enumerate(reader, start=2):
                    try:
                        times.append(_timestamp(row[columns[0]]))
                        prompts.append(int(float(row[columns[1]])))
                        outputs.append(int(float(row[columns[2]])))
                    except (ValueError, TypeError):
                        raise _fail(path, line_number, f"a timestamp and two token counts in {', '.join(columns)}", row) from None
    except OSError as exc:
        raise ConfigError(str(path), [f"cannot read arrival trace: {exc.strerror}"]) from exc
    if not times:
        raise ConfigError(str(path), ["no requests in the trace"])
    order = np.argsort(times, kind="stable")
    t = np.asarray(times)[order]
    return TraceRows(t - t[0], np.maximum(np.asarray(prompts)[order], 1), np.maximum(np.asarray(outputs)[order], 1))


def generate(scenario: Scenario, base_dir: Path) -> Arrivals:
    rng = np.random.default_rng([scenario.seed, 1])
    workloads = scenario.workloads
    names = [w.name for w in workloads]
    parts = []
    cities = tuple(scenario.cities)
    for index, city in enumerate(cities):
        spec = scenario.cities[city]
        allowed = [names.index(n) for n in spec.workloads] if spec.workloads else list(range(len(workloads)))
        weights = np.array([workloads[i].weight for i in allowed])
        trace_rows = None
        if isinstance(spec.arrival, Poisson):
            times = _poisson(rng, spec.arrival.rate_per_s, scenario.duration_s)
            for surge in spec.arrival.surges:  # the extra arrivals of a flash crowd, on top of the base rate
                start, stop = surge.from_s, min(surge.to_s, scenario.duration_s)
                if stop > start:
                    extra = rng.poisson(spec.arrival.rate_per_s * (surge.factor - 1.0) * (stop - start))
                    times = np.sort(np.concatenate([times, rng.uniform(start, stop, extra)]))
        elif isinstance(spec.arrival, Diurnal):
            times = _diurnal(rng, spec.arrival, scenario.duration_s)
        else:
            assert isinstance(spec.arrival, Trace)
            trace_rows = read_arrival_trace(base_dir / spec.arrival.file, spec.arrival.format)
            keep = trace_rows.time_s * spec.arrival.time_scale < scenario.duration_s
            times = trace_rows.time_s[keep] * spec.arrival.time_scale
        n = len(times)
        chosen = np.asarray(allowed)[rng.choice(len(allowed), size=n, p=weights / weights.sum())]
        prompt = np.array([workloads[i].prompt_tokens for i in range(len(workloads))])[chosen]
        output = np.array([workloads[i].output_tokens for i in range(len(workloads))])[chosen]
        if trace_rows is not None:
            prompt, output = trace_rows.prompt_tokens[keep], trace_rows.output_tokens[keep]
        hit_p = np.array([w.cache_hit_p for w in workloads])[chosen]
        parts.append((times, np.full(n, index), chosen, prompt, output, rng.random(n) < hit_p))
    time_s = np.concatenate([p[0] for p in parts])
    order = np.argsort(time_s, kind="stable")
    return Arrivals(
        time_s=time_s[order],
        city=np.concatenate([p[1] for p in parts])[order].astype(np.int32),
        workload=np.concatenate([p[2] for p in parts])[order].astype(np.int32),
        prompt_tokens=np.concatenate([p[3] for p in parts])[order].astype(np.int64),
        output_tokens=np.concatenate([p[4] for p in parts])[order].astype(np.int64),
        cache_hit=np.concatenate([p[5] for p in parts])[order].astype(bool),
        cities=cities,
    )
