"""SCENARIO.yaml: what the simulator replays. Parsed into frozen pydantic models; every error names the
file and key path and what was expected (the same reporting as regions.yaml)."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from controlplane.kernel.config import RegionsConfig, describe_errors, read_text, yaml_mapping
from controlplane.kernel.errors import ConfigError


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Surge(_Frozen):
    from_s: float = Field(ge=0.0, description="start of the surge")
    to_s: float = Field(gt=0.0, description="end of the surge")
    factor: float = Field(gt=1.0, le=1000.0, description="the rate is multiplied by this during the surge")


class Poisson(_Frozen):
    kind: Literal["poisson"]
    rate_per_s: float = Field(gt=0.0, le=1e6, description="mean arrivals per second")
    surges: list[Surge] = Field(default_factory=list, description="windows of a higher rate (a flash crowd)")


class Diurnal(_Frozen):
    kind: Literal["diurnal"]
    mean_rate_per_s: float = Field(gt=0.0, le=1e6, description="mean arrivals per second over a period")
    peak_to_trough: float = Field(default=3.0, ge=1.0, le=100.0, description="peak rate / trough rate")
    period_s: float = Field(default=86_400.0, gt=0.0, description="length of one day (shorten to compress it)")
    peak_at_s: float = Field(default=0.0, ge=0.0, description="time of the peak within the period")


class TraceFormat(enum.StrEnum):
    azure = "azure"  # CSV TIMESTAMP, ContextTokens, GeneratedTokens
    burstgpt = "burstgpt"  # CSV Timestamp, Model, Request tokens, Response tokens, Total tokens, Log Type
    mooncake = "mooncake"  # JSONL timestamp (ms), input_length, output_length, hash_ids


class Trace(_Frozen):
    kind: Literal["trace"]
    file: str = Field(description="arrival trace, relative to the scenario file")
    format: TraceFormat
    time_scale: float = Field(default=1.0, gt=0.0, description="multiply trace times by this")


Arrival = Annotated[Poisson | Diurnal | Trace, Field(discriminator="kind")]


class Workload(_Frozen):
    name: str = Field(min_length=1)
    weight: float = Field(default=1.0, gt=0.0, description="share of arrivals, relative to the other workloads")
    model: str = Field(default="ensemble", min_length=1, description="model name the requests carry")
    prompt_tokens: int = Field(default=64, ge=1, le=1_000_000)
    output_tokens: int = Field(default=32, ge=1, le=1_000_000)
    cache_hit_p: float = Field(default=0.0, ge=0.0, le=1.0, description="probability the edge cache answers")


class City(_Frozen):
    arrival: Arrival
    workloads: list[str] | None = Field(default=None, description="workload names (default: all)")


class ServiceKind(enum.StrEnum):
    llm = "llm"  # prefill + decode, decode steps divided by accepted tokens per speculative step
    exponential = "exponential"  # M/M/c checks against queueing theory
    deterministic = "deterministic"


class ServiceModel(_Frozen):
    kind: ServiceKind = ServiceKind.llm
    mean_ms: float = Field(default=5.0, gt=0.0, description="mean service time (exponential, deterministic)")
    prefill_ms_per_token: float = Field(default=0.02, ge=0.0)
    decode_step_ms: float = Field(default=0.4, ge=0.0, description="one target forward pass while decoding")
    accepted_tokens_per_step: float = Field(
        default=1.0, ge=1.0, le=64.0, description="mean tokens accepted per speculative step (1: no speculation)"
    )
    cache_hit_ms: float = Field(default=0.3, ge=0.0, description="answering from the edge's semantic cache")


class HubCapacity(_Frozen):
    nodes: int = Field(default=1, ge=1, le=10_000)
    slots_per_node: int = Field(default=1, ge=1, le=1_000, description="requests a node serves at once")
    service: ServiceModel = Field(default_factory=ServiceModel)


class RttModel(_Frozen):
    """The replay model of network-facts.md: base regime (sticky Markov chain, rare cable cuts) + access
    jitter (shifted log-normal) + queueing (gamma) + spikes."""

    detour_p_per_hour: float = Field(default=0.02, ge=0.0, le=60.0, description="entering a detour regime")
    detour_extra_ms: tuple[float, float] = Field(default=(60.0, 150.0), description="detour adds this range")
    detour_mean_s: float = Field(default=1800.0, gt=0.0, description="mean time in a detour")
    access_median_ms: float = Field(default=0.0, ge=0.0, description="end-user access median (0: DC paths)")
    access_sigma: float = Field(default=0.9, ge=0.0, le=3.0)
    queueing_mean_fraction: float = Field(default=0.01, ge=0.0, le=1.0, description="mean queueing / base")
    spike_p: float = Field(default=0.01, ge=0.0, le=1.0)
    spike_ms: tuple[float, float] = Field(default=(30.0, 60.0))


class RttSource(_Frozen):
    kind: Literal["config", "model", "traces"] = Field(
        default="model", description="config: regions.yaml figures, fixed; model: generated; traces: CSV files"
    )
    traces_dir: str = Field(default="", description="CSV time_s,rtt_ms per pair: <city>__<hub>.csv")
    model: RttModel = Field(default_factory=RttModel)


class HubDown(_Frozen):
    kind: Literal["hub_down"]
    hub: str
    from_s: float = Field(ge=0.0)
    to_s: float = Field(gt=0.0)


class CableCut(_Frozen):
    kind: Literal["cable_cut"]
    city: str
    hub: str
    from_s: float = Field(ge=0.0)
    to_s: float = Field(gt=0.0)
    extra_ms: float = Field(gt=0.0, le=2000.0, description="the detour's added RTT")


class Brownout(_Frozen):
    kind: Literal["brownout"]
    hub: str
    from_s: float = Field(ge=0.0)
    to_s: float = Field(gt=0.0)
    factor: float = Field(default=3.0, gt=1.0, le=100.0, description="service times at the hub are multiplied by this")


Fault = Annotated[HubDown | CableCut | Brownout, Field(discriminator="kind")]


class StackCost(_Frozen):
    """The serving stack's own time per request on the machine that runs it (router, edge front, Triton,
    relays): added to every request's latency. `edgeroute simulate --live` measures it (what calls with
    holds of 0 ms take beyond the RTT their relays replay) and prints it as this section."""

    quantiles_ms: list[float] = Field(
        default_factory=list, max_length=1001,
        description="evenly spaced quantiles of the cost, from the minimum to the maximum (empty: no cost)",
    )

    @model_validator(mode="after")
    def _ordered(self) -> StackCost:
        q = self.quantiles_ms
        if len(q) == 1:
            raise ValueError("stack.quantiles_ms: give at least two quantiles (the minimum and the maximum), or none")
        if any(v < 0.0 for v in q) or any(b < a for a, b in zip(q, q[1:], strict=False)):
            raise ValueError("stack.quantiles_ms: quantiles must be non-negative and non-decreasing")
        return self

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """n draws by inverse transform (linear between the quantiles); zeros when no cost is given."""
        if not self.quantiles_ms:
            return np.zeros(n)
        return np.interp(rng.random(n) * (len(self.quantiles_ms) - 1), np.arange(len(self.quantiles_ms)), self.quantiles_ms)

    def quantile(self, q: float) -> float:
        """The cost at quantile q (0 to 1), linear between the given quantiles; 0 when no cost is given."""
        if not self.quantiles_ms:
            return 0.0
        return float(np.interp(q * (len(self.quantiles_ms) - 1), np.arange(len(self.quantiles_ms)), self.quantiles_ms))

    @classmethod
    def measured(cls, costs_ms: np.ndarray, points: int = 21) -> StackCost:
        return cls(quantiles_ms=[round(float(v), 3) for v in np.quantile(costs_ms, np.linspace(0.0, 1.0, points))])


class Reporting(_Frozen):
    interval_ms: float = Field(default=100.0, gt=0.0, description="nodes report queue depth this often")
    propagation_ms: float = Field(default=20.0, ge=0.0, description="report -> router view")
    failure_detection_ms: float = Field(default=3000.0, ge=0.0, description="a dead node leaves the view (lease)")


class Scenario(_Frozen):
    version: Literal[1] = 1
    duration_s: float = Field(gt=0.0, le=10_000_000.0)
    seed: int = 1
    cities: dict[str, City] = Field(min_length=1, description="client region -> arrival process")
    workloads: list[Workload] = Field(default_factory=lambda: [Workload(name="default")])
    hubs: dict[str, HubCapacity] = Field(default_factory=dict, description="hub -> capacity (default 1 node)")
    rtt: RttSource = Field(default_factory=RttSource)
    faults: list[Fault] = Field(default_factory=list)
    reporting: Reporting = Field(default_factory=Reporting)
    stack: StackCost = Field(default_factory=StackCost)
    p95_target_ms: dict[str, float] = Field(default_factory=dict, description="city -> p95 goal to check")
    cache_at: Literal["hub", "client-edge"] = Field(
        default="hub", description="where a cache hit is answered: the routed hub, or an edge in the client's own city"
    )
    client_edge_rtt_ms: float = Field(default=1.0, gt=0.0, le=100.0, description="RTT to a client-city edge")
    routers: int = Field(default=1, ge=1, le=64, description="routers acting on the same reports; each request meets one at random")
    baselines: list[Literal["nearest-only", "nearest-overflow", "least-loaded", "round-robin", "expected-latency"]] = Field(
        default_factory=lambda: ["nearest-only", "nearest-overflow", "expected-latency", "least-loaded", "round-robin"]
    )

    @model_validator(mode="after")
    def _names(self) -> Scenario:
        names = [w.name for w in self.workloads]
        problems = [f"workloads: name {n!r} appears twice" for n in sorted({n for n in names if names.count(n) > 1})]
        for city, spec in self.cities.items():
            for name in spec.workloads or ():
                if name not in names:
                    problems.append(f"cities.{city}.workloads: unknown workload {name!r} (known: {', '.join(names)})")
        for index, fault in enumerate(self.faults):
            if fault.to_s <= fault.from_s:
                problems.append(f"faults[{index}]: to_s must be after from_s")
        for city, spec in self.cities.items():
            for index, surge in enumerate(getattr(spec.arrival, "surges", ())):
                if surge.to_s <= surge.from_s:
                    problems.append(f"cities.{city}.arrival.surges[{index}]: to_s must be after from_s")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def check_against(self, config: RegionsConfig, source: str) -> None:
        """Cities and hubs must exist in regions.yaml."""
        problems = []
        for city in self.cities:
            if city not in config.region_by_name:
                problems.append(f"cities.{city}: not a client region of regions.yaml ({', '.join(config.region_by_name)})")
        for hub in self.hubs:
            if hub not in config.hub_by_name:
                problems.append(f"hubs.{hub}: not a hub of regions.yaml ({', '.join(config.hub_by_name)})")
        for index, fault in enumerate(self.faults):
            if fault.hub not in config.hub_by_name:
                problems.append(f"faults[{index}].hub: unknown hub {fault.hub!r}")
            if isinstance(fault, CableCut) and fault.city not in config.region_by_name:
                problems.append(f"faults[{index}].city: unknown client region {fault.city!r}")
        if problems:
            raise ConfigError(source, problems)

    def capacity(self, hub: str) -> HubCapacity:
        return self.hubs.get(hub) or HubCapacity()


def parse_scenario(text: str, source: str = "scenario.yaml") -> Scenario:
    raw = yaml_mapping(text, source, "duration_s and cities")
    try:
        return Scenario.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(source, describe_errors(exc.errors())) from exc  # type: ignore[arg-type]


def load_scenario(path: str | Path) -> Scenario:
    return parse_scenario(read_text(path), str(path))
