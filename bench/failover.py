"""Failover: SIGKILL one node of a hub under steady load through the router.

python -m bench.failover   (starts its own etcd, two edge nodes of one hub with real Triton, and a router)
Target (issue 3): 0 failed client calls; prints the time until the router sends no more calls to the dead
node (`reroute_s`, from the router's per-node attempt counter) beside the baseline of waiting for its
lease to expire and its key to leave etcd (`deregistered_s`), measured in the same run.
"""

from __future__ import annotations

import asyncio
import time

import httpx
from prometheus_client.parser import text_string_to_metric_families

from bench.common import machine, percentiles_ms, write_results
from controlplane.geoip import city_addresses
from controlplane.loadgen import ClosedLoopLoad
from controlplane.processes import free_port
from controlplane.registry import read_registry
from controlplane.requests import simple_request
from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML

WORKERS, WARM_S, AFTER_S, LEASE_TTL_S = 8, 2.0, 6.0, 3
VICTIM = "dakar-a"


def attempts_to(metrics_url: str, node: str) -> float:
    text = httpx.get(metrics_url, timeout=2).text
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        if family.name == "edgeroute_router_attempts"
        for sample in family.samples
        if sample.name.endswith("_total") and sample.labels.get("node") == node
    )


def registered(endpoint: str) -> set[str]:
    return set(asyncio.run(read_registry(endpoint)).nodes)


def main() -> None:
    metrics_port = free_port()
    metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("dakar", VICTIM), ("dakar", "dakar-b")], models="simple", lease_ttl=LEASE_TTL_S)
        router = stack.start_router(metrics_port=metrics_port)
        lagos = (("x-forwarded-for", city_addresses()["Lagos"]),)
        with ClosedLoopLoad(router.address, simple_request, lagos, workers=WORKERS) as load:
            time.sleep(WARM_S)
            stack.edge(VICTIM).process.kill_hard()
            killed = time.monotonic()
            last_count, last_change, deregistered = attempts_to(metrics_url, VICTIM), killed, None
            while time.monotonic() - killed < AFTER_S:
                count = attempts_to(metrics_url, VICTIM)
                if count != last_count:
                    last_count, last_change = count, time.monotonic()
                if deregistered is None and f"dakar/{VICTIM}" not in registered(stack.endpoint):
                    deregistered = time.monotonic() - killed
                time.sleep(0.01)
        records = load.stop()
    before = [r for r in records if r.started < killed]
    after = [r for r in records if r.started >= killed]
    failed = [r for r in records if r.code != "OK"]
    reroute_s = last_change - killed
    lat_before = percentiles_ms([r.ended - r.started for r in before])
    lat_after = percentiles_ms([r.ended - r.started for r in after if r.started < killed + 1.0])
    figures = {
        "failed_calls": len(failed), "calls": len(records), "calls_after_kill": len(after),
        "reroute_s": reroute_s, "deregistered_s": deregistered if deregistered is not None else -1.0,
        "p99_ms_before": lat_before["p99"], "p99_ms_first_second_after": lat_after["p99"],
        "workers": WORKERS, "lease_ttl_s": LEASE_TTL_S,
    }
    print(f"failover on {machine()}: {WORKERS} closed-loop workers Lagos -> dakar, SIGKILL {VICTIM} of 2 nodes")
    print(f"calls {len(records)} ({len(after)} after the kill), failed {len(failed)} (target 0)")
    print(f"reroute_s {reroute_s:.3f} (last call sent to the dead node) vs deregistered_s "
          f"{figures['deregistered_s']:.3f} (lease expiry, baseline): "
          f"{reroute_s / max(figures['deregistered_s'], 1e-9):.2f}x")
    print(f"p99 latency before {lat_before['p99']:.2f} ms, first second after the kill {lat_after['p99']:.2f} ms")
    print(f"wrote {write_results('failover', figures)}")


if __name__ == "__main__":
    main()
