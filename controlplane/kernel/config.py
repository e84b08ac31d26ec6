"""The regions.yaml model: hubs, client regions, the RTT matrix and routing policy.

Parsed once into frozen pydantic models; every error names the file, the key
path and what was expected. This is the only config model in the codebase:
the router, the edge node, the simulator and the CLI all import it.
"""

from __future__ import annotations

import enum
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from controlplane.kernel.errors import ConfigError
from controlplane.kernel.geo import estimated_rtt_ms, fibre_floor_rtt_ms, great_circle_km

DEFAULT_CONFIG = "regions.yaml"  # what every command reads unless --config names another
DEFAULT_OVERFLOW_BUDGET_MS = 8.0
DEFAULT_QUEUE_DEPTH_THRESHOLD = 8
DEFAULT_REPORT_STALENESS_MS = 3000.0
DEFAULT_RETRY_AFTER_MS = 250
DEFAULT_MAX_ATTEMPTS = 3
DEFAULT_SERVICE_TIME_MS = 5.0
# the --etcd flag of every command that reaches the registry
ETCD_HELP = "etcd endpoint HOST:PORT, or a cluster's members HOST:PORT,HOST:PORT,... (failover between them)"
DEFAULT_CACHE_THRESHOLD = 0.6  # the embedding only gathers candidates: the guard decides (edgenode.cache.guard)
DEFAULT_MAX_WAIT_MS = 2000.0

Name = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,62}$", description="lower-case identifier")]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Location(_Frozen):
    lat: float = Field(ge=-90.0, le=90.0, description="latitude in degrees")
    lon: float = Field(ge=-180.0, le=180.0, description="longitude in degrees")


class Hub(_Frozen):
    name: Name = Field(description="hub identifier used in the registry and metrics")
    display_name: str = Field(default="", description="human-readable name")
    location: Location = Field(description="where the hub's data centre is")
    service_time_ms: float = Field(
        default=DEFAULT_SERVICE_TIME_MS,
        gt=0.0,
        description="mean service time per request, used until the hub's nodes report their own measurement",
    )


class ClientRegion(_Frozen):
    name: Name = Field(description="region identifier; also accepted in x-client-region metadata")
    display_name: str = Field(default="", description="human-readable name, matched against Geo-IP city names")
    location: Location = Field(description="population centre of the region")


class RttKind(enum.StrEnum):
    measured = "measured"
    estimated = "estimated"


class RttFigure(_Frozen):
    ms: float = Field(gt=0.0, le=2000.0, description="round-trip time in milliseconds")
    kind: RttKind = Field(description="measured (cite the measurement) or estimated")
    note: str = Field(min_length=1, description="where the figure comes from")


class PolicyKind(enum.StrEnum):
    spill_in_time = "spill-in-time"  # nearest hub unless its expected wait exceeds an alternative's extra RTT + wait
    nearest_overflow = "nearest-overflow"  # nearest hub with a node under the queue-depth threshold
    expected_latency = "expected-latency"  # least RTT + queue x the hub's configured service time


class WhenFull(enum.StrEnum):
    queue_nearest = "queue-nearest"
    shed = "shed"


class OutlierDetection(_Frozen):
    consecutive_failures: int = Field(default=3, ge=1, le=100, description="failures in a row that eject a node")
    ejection_s: float = Field(default=10.0, gt=0.0, le=3600.0, description="how long an ejected node is skipped")


class Policy(_Frozen):
    kind: PolicyKind = Field(default=PolicyKind.spill_in_time, description="routing policy")
    overflow_budget_ms: float = Field(
        default=DEFAULT_OVERFLOW_BUDGET_MS, ge=0.0, le=1000.0, description="max extra RTT over the nearest hub"
    )
    region_budgets_ms: dict[str, Annotated[float, Field(ge=0.0, le=1000.0)]] = Field(
        default_factory=dict, description="client region -> its own overflow budget (overrides overflow_budget_ms)"
    )
    max_wait_ms: float = Field(
        default=DEFAULT_MAX_WAIT_MS, gt=0.0, le=600_000.0,
        description="spill-in-time with when_full: shed refuses a call whose best expected wait exceeds this",
    )
    queue_depth_threshold: int = Field(
        default=DEFAULT_QUEUE_DEPTH_THRESHOLD, ge=1, le=100_000, description="a node has headroom below this depth"
    )
    report_staleness_ms: float = Field(
        default=DEFAULT_REPORT_STALENESS_MS, gt=0.0, le=600_000.0, description="older load reports are not trusted"
    )
    when_full: WhenFull = Field(default=WhenFull.queue_nearest, description="what to do when no hub has headroom")
    wide_fallback: bool = Field(
        default=False, description="allow hubs beyond the budget when every hub within it is dead"
    )
    retry_after_ms: int = Field(default=DEFAULT_RETRY_AFTER_MS, ge=0, le=600_000, description="hint when shedding")
    max_attempts: int = Field(default=DEFAULT_MAX_ATTEMPTS, ge=1, le=10, description="attempts per call")
    per_try_timeout_ms: float | None = Field(
        default=None, gt=0.0, le=600_000.0,
        description="Envoy's per_try_timeout: a unary attempt not answered within this, or a stream's attempt with no "
                    "first response, is cancelled and the call tried on the next candidate, within the caller's "
                    "deadline and max_attempts (a node hung with its connections alive); unset: an attempt may take "
                    "the caller's whole deadline",
    )
    outlier_detection: OutlierDetection = Field(default_factory=OutlierDetection)

    def budget_for(self, region: str) -> float:
        return self.region_budgets_ms.get(region, self.overflow_budget_ms)


class GeoIpSettings(_Frozen):
    database: str = Field(description="path to a GeoIP2/GeoLite2 City .mmdb, relative to regions.yaml")
    xff_num_trusted_hops: int = Field(
        default=0, ge=0, le=16,
        description="proxies in front of the router that append to x-forwarded-for (Envoy's xff_num_trusted_hops): the "
                    "caller is the address this many places from the right of x-forwarded-for plus the peer; 0: the peer",
    )
    trust_forwarded_for: bool | None = Field(
        default=None, description="deprecated: true means xff_num_trusted_hops: 1, false means 0",
    )
    default_region: Name = Field(description="region for addresses with no match")
    max_region_distance_km: float = Field(
        default=1500.0, gt=0.0, description="a located address farther than this from every region is unmatched"
    )

    @model_validator(mode="after")
    def _one_way_to_trust(self) -> GeoIpSettings:
        if self.trust_forwarded_for is not None and "xff_num_trusted_hops" in self.model_fields_set:
            raise ValueError("set xff_num_trusted_hops only: trust_forwarded_for is its deprecated form")
        return self

    @property
    def trusted_hops(self) -> int:
        if "xff_num_trusted_hops" not in self.model_fields_set and self.trust_forwarded_for is not None:
            return int(self.trust_forwarded_for)
        return self.xff_num_trusted_hops


class ModelCache(_Frozen):
    text_input: str = Field(default="text_input", min_length=1, description="the BYTES input tensor to embed")
    threshold: float | None = Field(default=None, gt=0.0, le=1.0, description="cosine for a hit (default: cache.threshold)")
    ttl_s: float | None = Field(default=None, gt=0.0, description="seconds an answer is kept (default: cache.ttl_s)")
    deterministic_only: bool | None = Field(
        default=None, description="cache only temperature-0 or fixed-seed requests (default: cache.deterministic_only)"
    )


class CacheSettings(_Frozen):
    enabled: bool = Field(default=True, description="the edge nodes' semantic cache")
    threshold: float = Field(default=DEFAULT_CACHE_THRESHOLD, gt=0.0, le=1.0, description="cosine that gathers candidates for the near-miss guard")
    ttl_s: float = Field(default=3600.0, gt=0.0, description="seconds an answer is kept")
    max_entries: int = Field(default=100_000, ge=1, le=100_000_000, description="entries per node; LRU beyond")
    max_semantic_chars: int = Field(
        default=2000, ge=1, le=16_000,
        description="a longer prompt is cached for exact repeats only, and the router sends its repeats by a hash of "
                    "it, unread: reading a prompt and comparing it takes time that grows faster than its length, on "
                    "the event loop (16,000 characters: about 0.3 s a lookup at the edge)")
    deterministic_only: bool = Field(default=True, description="cache only temperature-0 or fixed-seed requests")
    snapshot: str | None = Field(default=None, description="file to save the cache to on stop and load on start")
    error_bound: float | None = Field(
        default=None, gt=0.0, lt=1.0,
        description="check semantic hits against the model so that served ones are wrong at most this often "
                    "(95% upper bound; edgenode.cache.verify); off when unset")
    check_rate: float = Field(default=0.05, gt=0.0, le=1.0, description="share of semantic hits checked once within the bound")
    models: dict[str, ModelCache] = Field(
        default_factory=lambda: {"ensemble": ModelCache()}, description="model name -> its cache settings; others bypass"
    )

    def for_model(self, model: str) -> ModelCache | None:
        """The model's settings with the defaults filled in, or None when the model is not cached (asked on every
        call by routers and edges: resolved once per config)."""
        return self._resolved.get(model) if self.enabled else None

    @cached_property
    def _resolved(self) -> dict[str, ModelCache]:
        return {model: ModelCache(
            text_input=own.text_input,
            threshold=self.threshold if own.threshold is None else own.threshold,
            ttl_s=self.ttl_s if own.ttl_s is None else own.ttl_s,
            deterministic_only=self.deterministic_only if own.deterministic_only is None else own.deterministic_only,
        ) for model, own in self.models.items()}


Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$", description="hex SHA-256 of an API key")]


class Tenant(_Frozen):
    name: Name = Field(description="tenant identifier, passed to the edge and used to partition its cache")
    key_sha256: list[Sha256] = Field(min_length=1, description="SHA-256 (hex) of each API key of the tenant")
    rate_per_s: float = Field(default=100.0, gt=0.0, description="token-bucket refill: calls per second")
    burst: int = Field(default=200, ge=1, description="token-bucket size: calls allowed at once")


class AuthSettings(_Frozen):
    enabled: bool = Field(default=False, description="require `authorization: Bearer <key>` at the router")
    tenants: list[Tenant] = Field(default_factory=list, description="who may call, with hashed keys")

    @model_validator(mode="after")
    def _tenants(self) -> AuthSettings:
        if self.enabled and not self.tenants:
            raise ValueError("auth is enabled but no tenant is listed: add tenants or set enabled: false")
        seen: dict[str, str] = {}
        for tenant in self.tenants:
            for digest in tenant.key_sha256:
                if digest in seen:
                    raise ValueError(f"a key hash is listed for both {seen[digest]!r} and {tenant.name!r}")
                seen[digest] = tenant.name
        return self

    @cached_property
    def tenant_by_key_hash(self) -> dict[str, Tenant]:
        return {digest: t for t in self.tenants for digest in t.key_sha256}


class RegionsConfig(_Frozen):
    version: Literal[1] = Field(default=1, description="schema version")
    hubs: list[Hub] = Field(min_length=1, description="hubs that run edge nodes")
    client_regions: list[ClientRegion] = Field(min_length=1, description="where clients are")
    rtt_ms: dict[str, dict[str, RttFigure]] = Field(
        default_factory=dict, description="client region -> hub -> RTT figure"
    )
    policy: Policy = Field(default_factory=Policy)
    geoip: GeoIpSettings
    cache: CacheSettings = Field(default_factory=CacheSettings)
    auth: AuthSettings = Field(default_factory=AuthSettings)

    @model_validator(mode="after")
    def _cross_references(self) -> RegionsConfig:
        problems = cross_reference_problems(self.model_dump(mode="json"))
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def model_copy(self, *, update: dict[str, object] | None = None, deep: bool = False) -> RegionsConfig:
        """A copy with changes (tests, simulator baselines); derived tables are computed again for it."""
        copied = super().model_copy(update=update, deep=deep)
        for name in ("hub_by_name", "region_by_name", "rtt_table", "hubs_by_rtt", "budget_table"):
            copied.__dict__.pop(name, None)
        return copied

    @cached_property
    def hub_by_name(self) -> dict[str, Hub]:
        return {h.name: h for h in self.hubs}

    @cached_property
    def region_by_name(self) -> dict[str, ClientRegion]:
        return {r.name: r for r in self.client_regions}

    @cached_property
    def rtt_table(self) -> dict[str, dict[str, tuple[float, bool]]]:
        """region -> hub -> (rtt ms, estimated from distance?) for every pair."""
        table: dict[str, dict[str, tuple[float, bool]]] = {}
        for region in self.client_regions:
            row: dict[str, tuple[float, bool]] = {}
            given = self.rtt_ms.get(region.name, {})
            for hub in self.hubs:
                if hub.name in given:
                    row[hub.name] = (given[hub.name].ms, False)
                else:
                    row[hub.name] = (estimated_rtt_ms(region.location, hub.location), True)
            table[region.name] = row
        return table

    @cached_property
    def hubs_by_rtt(self) -> dict[str, tuple[str, ...]]:
        """region -> hub names ordered by RTT (ties broken by name, so the order is stable)."""
        return {
            region: tuple(sorted(row, key=lambda hub: (row[hub][0], hub)))
            for region, row in self.rtt_table.items()
        }

    @cached_property
    def budget_table(self) -> dict[str, tuple[tuple[tuple[str, float, float], ...], tuple[tuple[str, float], ...]]]:
        """region -> ((hub, rtt, extra rtt) within its budget, nearest first; (hub, rtt) beyond it)."""
        table = {}
        for region, order in self.hubs_by_rtt.items():
            row = self.rtt_table[region]
            nearest = row[order[0]][0]
            budget = self.policy.budget_for(region)
            inside = tuple((h, row[h][0], row[h][0] - nearest) for h in order if row[h][0] - nearest <= budget)
            table[region] = (inside, tuple((h, row[h][0]) for h in order[len(inside):]))
        return table

    def within_budget(self, region: str) -> list[tuple[str, float]]:
        """Hubs other than the nearest that the region may overflow to: (hub, extra RTT ms), nearest first."""
        return [(hub, extra) for hub, _rtt, extra in self.budget_table[region][0][1:]]

    def rtt(self, region: str, hub: str) -> float:
        return self.rtt_table[region][hub][0]

    def missing_rtts(self) -> list[tuple[str, str, float]]:
        return [
            (region, hub, ms)
            for region, row in self.rtt_table.items()
            for hub, (ms, estimated) in row.items()
            if estimated
        ]

    def floor_ms(self, region: str, hub: str) -> float:
        return fibre_floor_rtt_ms(self.region_by_name[region].location, self.hub_by_name[hub].location)

    def distance_km(self, region: str, hub: str) -> float:
        return great_circle_km(self.region_by_name[region].location, self.hub_by_name[hub].location)


def _names(items: object) -> list[str]:
    if not isinstance(items, list):
        return []
    return [item.get("name") for item in items if isinstance(item, dict) and isinstance(item.get("name"), str)]


def cross_reference_problems(raw: dict[str, object]) -> list[str]:
    """Rules that span sections (unique names, known hubs and regions), checked on the raw mapping
    as well as the model, so they are reported alongside field errors."""
    problems: list[str] = []
    hub_names, region_names = _names(raw.get("hubs")), _names(raw.get("client_regions"))
    for label, names in (("hubs", hub_names), ("client_regions", region_names)):
        seen: set[str] = set()
        for index, name in enumerate(names):
            if name in seen:
                problems.append(f"{label}[{index}].name: duplicate name {name!r}")
            seen.add(name)
    rtt = raw.get("rtt_ms")
    if isinstance(rtt, dict):
        for region, row in rtt.items():
            if region_names and region not in region_names:
                problems.append(f"rtt_ms.{region}: unknown client region (known: {', '.join(sorted(region_names))})")
            for hub in row if isinstance(row, dict) else ():
                if hub_names and hub not in hub_names:
                    problems.append(f"rtt_ms.{region}.{hub}: unknown hub (known: {', '.join(sorted(hub_names))})")
    policy = raw.get("policy")
    budgets = policy.get("region_budgets_ms") if isinstance(policy, dict) else None
    if isinstance(budgets, dict) and region_names:
        for region in budgets:
            if region not in region_names:
                problems.append(
                    f"policy.region_budgets_ms.{region}: unknown client region (known: {', '.join(sorted(region_names))})"
                )
    geoip = raw.get("geoip")
    default_region = geoip.get("default_region") if isinstance(geoip, dict) else None
    if region_names and isinstance(default_region, str) and default_region not in region_names:
        problems.append(
            f"geoip.default_region: {default_region!r} is not a client region (known: {', '.join(sorted(region_names))})"
        )
    return problems


def _key_path(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path or "(top level)"


def describe_errors(errors: list[dict[str, object]]) -> list[str]:
    lines = []
    for error in errors:
        loc = tuple(p for p in error["loc"] if p not in ("function-after",))  # type: ignore[union-attr]
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "value_error" and not loc:
            lines.extend(message.split("; "))
            continue
        got = error.get("input")
        shown = "" if error["type"] in ("missing", "extra_forbidden") or isinstance(got, dict | list) else f" (got {got!r})"
        hint = " (remove it or check its spelling)" if error["type"] == "extra_forbidden" else ""
        lines.append(f"{_key_path(loc)}: {message}{shown}{hint}")
    return lines


def yaml_mapping(text: str, source: str, expected: str) -> dict[str, object]:
    """A YAML document that must be a mapping; ConfigError naming the line, or what the top level should be.
    Shared by every file format of the project (regions.yaml, simulator scenarios)."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ConfigError(source, [f"not valid YAML{where}: {getattr(exc, 'problem', exc)}"]) from exc
    if not isinstance(raw, dict):
        raise ConfigError(source, [f"(top level): expected a mapping with {expected}"])
    return raw


def read_text(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(str(path), [f"cannot read file: {exc.strerror}"]) from exc


def parse_config(text: str, source: str = "regions.yaml") -> RegionsConfig:
    """Parse regions.yaml text; raise ConfigError listing every problem with its key path."""
    raw = yaml_mapping(text, source, "hubs, client_regions, rtt_ms, policy, geoip")
    try:
        return RegionsConfig.model_validate(raw)
    except ValidationError as exc:
        problems = describe_errors(exc.errors())  # type: ignore[arg-type]
        problems += [p for p in cross_reference_problems(raw) if p not in problems]
        raise ConfigError(source, problems) from exc


def load_config(path: str | Path) -> RegionsConfig:
    return parse_config(read_text(path), str(path))


def resolve_database_path(config: RegionsConfig, config_path: str | Path) -> Path:
    """The Geo-IP database path, relative paths taken from the config file's folder."""
    database = Path(config.geoip.database)
    return database if database.is_absolute() else Path(config_path).resolve().parent / database


def budget_report(config: RegionsConfig, regions: list[str]) -> list[str]:
    """Per region: the hubs within its overflow budget with their extra RTT, or "none" and the next hub;
    then one WARNING line naming the regions with none (`config validate` and `simulate` print it)."""
    policy = config.policy
    lines, alone = [], []
    for region in regions:
        budget = policy.budget_for(region)
        own = " (own budget)" if region in policy.region_budgets_ms else ""
        within = config.within_budget(region)
        if within:
            cells = ", ".join(f"{hub} +{extra:.1f}" for hub, extra in within)
        else:
            alone.append(region)
            order = config.hubs_by_rtt[region]
            cells = "none" + (f"; next hub {order[1]} is +{config.rtt(region, order[1]) - config.rtt(region, order[0]):.1f}"
                              if len(order) > 1 else "")
        lines.append(f"{region:<13} budget {budget:g} ms{own}: {cells}")
    if alone:
        lines.append(f"WARNING: {len(alone)} region(s) have no hub within their overflow budget and can only queue or "
                     f"shed when their nearest hub is busy: {', '.join(alone)} (raise policy.region_budgets_ms to "
                     "allow overflow)")
    return lines


def summary(config: RegionsConfig) -> str:
    """One screen describing a valid config, for `edgeroute config validate`."""
    policy = config.policy
    lines = [
        f"{len(config.hubs)} hubs: " + ", ".join(h.name for h in config.hubs),
        f"{len(config.client_regions)} client regions: " + ", ".join(r.name for r in config.client_regions),
        f"policy: {policy.kind.value}, overflow budget {policy.overflow_budget_ms:g} ms, "
        f"queue-depth threshold {policy.queue_depth_threshold}, staleness {policy.report_staleness_ms:g} ms, "
        f"when full: {policy.when_full.value}, wide fallback: {'on' if policy.wide_fallback else 'off'}",
        f"geoip: {config.geoip.database} (trusted x-forwarded-for hops: {config.geoip.trusted_hops}, "
        f"default region {config.geoip.default_region})",
        (f"cache: threshold {config.cache.threshold:g}, ttl {config.cache.ttl_s:g} s, {config.cache.max_entries} entries, "
         f"models {', '.join(sorted(config.cache.models)) or 'none'}" if config.cache.enabled else "cache: off"),
        (f"auth: on, {len(config.auth.tenants)} tenant(s): " + ", ".join(t.name for t in config.auth.tenants)
         if config.auth.enabled else "auth: off"),
        "nearest hub per region (rtt ms):",
    ]
    for region, hubs in config.hubs_by_rtt.items():
        row = config.rtt_table[region]
        cells = ", ".join(f"{hub} {row[hub][0]:.1f}{'*' if row[hub][1] else ''}" for hub in hubs)
        lines.append(f"  {region:<13} {cells}")
    lines.append("overflow within budget per region (extra rtt ms):")
    lines += [line if line.startswith("WARNING") else f"  {line}" for line in budget_report(config, list(config.hubs_by_rtt))]
    missing = config.missing_rtts()
    if missing:
        lines.append(f"* {len(missing)} figure(s) missing from rtt_ms, estimated from great-circle distance")
    return "\n".join(lines)
