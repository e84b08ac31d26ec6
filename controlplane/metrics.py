"""The project's one Prometheus registry and every metric the router and the edge node export."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

REGISTRY = CollectorRegistry(auto_describe=True)

_LATENCY_BUCKETS_S = (0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)
_DECISION_BUCKETS_S = (1e-6, 2.5e-6, 5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 1e-3)

REQUESTS = Counter(
    "edgeroute_router_requests", "Calls handled by the router", ["method", "hub", "decision", "code"], registry=REGISTRY
)
LATENCY = Histogram(
    "edgeroute_router_latency_seconds", "End-to-end call latency at the router", ["method"],
    buckets=_LATENCY_BUCKETS_S, registry=REGISTRY,
)
FIRST_RESPONSE = Histogram(
    "edgeroute_router_first_response_seconds", "Time from a streamed request to its first response", ["method"],
    buckets=_LATENCY_BUCKETS_S, registry=REGISTRY,
)
STREAM_REQUESTS = Counter(
    "edgeroute_router_stream_requests", "Requests inside ModelStreamInfer streams, by where they ended",
    ["hub", "result"], registry=REGISTRY,
)
STREAM_REQUEST_LATENCY = Histogram(
    "edgeroute_router_stream_request_seconds", "Time from a streamed request to its final response",
    buckets=_LATENCY_BUCKETS_S, registry=REGISTRY,
)
DECISION_TIME = Histogram(
    "edgeroute_router_decision_seconds", "Time to locate the caller and choose a node",
    buckets=_DECISION_BUCKETS_S, registry=REGISTRY,
)
ATTEMPTS = Counter(
    "edgeroute_router_attempts", "Calls the router sent to each node, by result", ["hub", "node", "code"],
    registry=REGISTRY,
)
RETRIES = Counter("edgeroute_router_retries", "Attempts retried on another node", ["reason"], registry=REGISTRY)
EJECTIONS = Counter("edgeroute_router_ejections", "Nodes ejected by outlier detection", ["hub"], registry=REGISTRY)
CONFIG_RELOADS = Counter(
    "edgeroute_router_config_reloads", "regions.yaml reloads by source and result", ["source", "result"],
    registry=REGISTRY,
)
SNAPSHOT_AGE = Gauge(
    "edgeroute_router_snapshot_age_seconds", "Seconds since the registry view last changed", registry=REGISTRY
)
HUB_QUEUE_DEPTH = Gauge(
    "edgeroute_router_hub_queue_depth", "Reported queue depth summed over a hub's nodes", ["hub"], registry=REGISTRY
)
HUB_NODES = Gauge("edgeroute_router_hub_nodes", "Live nodes per hub as seen by the router", ["hub"], registry=REGISTRY)


# ---- the edge node's own metrics (an edge process exports these next to its Triton's) --------------
_LOOKUP_BUCKETS_S = (1e-6, 5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 5e-3, 0.01, 0.025, 0.05)
EDGE_REQUESTS = Counter(
    "edgeroute_edge_requests", "Inference requests at the edge node, by how they were answered",
    ["method", "model", "result"], registry=REGISTRY,
)
EDGE_IN_FLIGHT = Gauge("edgeroute_edge_in_flight", "Requests the edge node has in flight to Triton", registry=REGISTRY)
EDGE_ADMISSION_REJECTIONS = Counter(
    "edgeroute_edge_admission_rejections", "Requests refused with RESOURCE_EXHAUSTED because the node was full",
    registry=REGISTRY,
)
EDGE_CACHE_LOOKUPS = Counter(
    "edgeroute_edge_cache_lookups", "Semantic cache lookups by outcome", ["outcome"], registry=REGISTRY
)
EDGE_CACHE_FAULTS = Counter(
    "edgeroute_edge_cache_faults", "Cache lookups or stores that raised, answered or kept uncached (a bug: see the log)",
    ["stage"], registry=REGISTRY,
)
EDGE_CACHE_BYPASS = Counter(
    "edgeroute_edge_cache_bypass", "Requests that skipped the cache, by reason", ["reason"], registry=REGISTRY
)
EDGE_CACHE_GUARD_REJECTIONS = Counter(
    "edgeroute_edge_cache_guard_rejections",
    "Semantic matches above the threshold refused by the near-miss guard (numbers, names, negations differ)",
    registry=REGISTRY,
)
EDGE_CACHE_LOOKUP_TIME = Histogram(
    "edgeroute_edge_cache_lookup_seconds", "Cache lookup time by stage (exact hash, embedding, vector search, the guard's encoder on a worker thread)",
    ["stage"], buckets=_LOOKUP_BUCKETS_S, registry=REGISTRY,
)
EDGE_CACHE_CHECKS = Counter(
    "edgeroute_edge_cache_checks_total", "Semantic hits checked against a fresh generation (cache.error_bound)",
    ["result"], registry=REGISTRY,
)
EDGE_CACHE_ENTRIES = Gauge("edgeroute_edge_cache_entries", "Answers held in the semantic cache", registry=REGISTRY)
EDGE_CACHE_EVICTIONS = Counter(
    "edgeroute_edge_cache_evictions", "Entries removed from the cache, by reason (ttl, lru)", ["reason"],
    registry=REGISTRY,
)
EDGE_TRITON_RESTARTS = Counter(
    "edgeroute_edge_triton_restarts", "Times the node found its Triton dead and brought it back", registry=REGISTRY
)
EDGE_TRITON_LOST_CALLS = Counter(
    "edgeroute_edge_triton_lost_calls", "Requests in flight at a Triton found not answering (a stream counts each of "
    "its requests), failed UNAVAILABLE at once so that routers retry them elsewhere", registry=REGISTRY
)
EDGE_UNAUTHENTICATED = Counter(
    "edgeroute_edge_unauthenticated", "Calls refused because the router-to-edge hop was not authenticated",
    registry=REGISTRY,
)


def serve_metrics(port: int, addr: str = "127.0.0.1") -> int:
    """Expose REGISTRY over HTTP; returns the bound port (port 0 picks one)."""
    server, _thread = start_http_server(port, addr=addr, registry=REGISTRY)
    return int(server.server_address[1])
