"""Router hop: tritonclient -> router -> edge -> Triton vs tritonclient -> edge -> Triton vs -> Triton, and the
same router path with TLS on every hop (client TLS, router -> edge mutual TLS) against it, in the same run.

python -m bench.router_hop   (starts two stacks side by side, plaintext and --tls-dir: etcd, one edge node with a
real Triton and a router each; the paths are interleaved in blocks)
Targets (issue 3): the router hop adds p50 <= 0.25 ms and p99 <= 1 ms at concurrency 1 and 64;
throughput through the router at c64 >= 80% of calling the edge node directly.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import tritonclient.grpc as tc
import tritonclient.grpc.aio as tca

from bench.common import closed_loop, interleaved, machine, percentiles_ms, simple_inputs, write_results
from controlplane.stack import Stack
from controlplane.tls import init_certs
from tests.conftest import REGIONS_YAML

C1_CALLS, C1_BLOCK = 3000, 100
C64_CALLS, CONCURRENCY = 4000, 64
HEADERS = {"x-client-region": "casablanca"}


TLS_PATHS: dict[str, str] = {}  # path name -> the CA file its client trusts (the TLS paths only)


def _ssl(name: str) -> dict[str, object]:
    return {"ssl": True, "root_certificates": TLS_PATHS[name]} if name in TLS_PATHS else {}


def concurrency_1(targets: dict[str, str]) -> dict[str, list[float]]:
    clients = {name: tc.InferenceServerClient(url, **_ssl(name)) for name, url in targets.items()}
    inputs = simple_inputs(tc.InferInput)
    try:
        return interleaved({name: (lambda c=c: c.infer("simple", inputs, headers=HEADERS)) for name, c in clients.items()},
                           C1_CALLS, C1_BLOCK)
    finally:
        for client in clients.values():
            client.close()


async def _concurrent(name: str, url: str) -> tuple[list[float], float]:
    client = tca.InferenceServerClient(url, **_ssl(name))
    inputs = simple_inputs(tca.InferInput)
    try:
        return await closed_loop(lambda: client.infer("simple", inputs, headers=HEADERS), C64_CALLS, CONCURRENCY)
    finally:
        await client.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as certs:
        init_certs(Path(certs))
        TLS_PATHS["router_tls"] = str(Path(certs) / "ca.crt")
        with Stack(REGIONS_YAML) as stack, Stack(REGIONS_YAML, tls_dir=certs) as secure:
            stack.start_etcd()
            secure.start_etcd()
            (edge,) = stack.start_edges([("tangier", "tangier-1")], models="simple")
            secure.start_edges([("tangier", "tangier-1")], models="simple")
            router = stack.start_router()
            targets = {"router": router.address, "router_tls": secure.start_router().address, "edge": edge.address,
                       "triton": edge.triton}
            c1 = {name: percentiles_ms(s) for name, s in concurrency_1(targets).items()}
            c64: dict[str, dict[str, float]] = {}
            for name, url in targets.items():
                samples, throughput = asyncio.run(_concurrent(name, url))
                c64[name] = {**percentiles_ms(samples), "rps": throughput}

    figures: dict[str, float] = {}
    for name in targets:
        for q in ("p50", "p95", "p99"):
            figures[f"{name}_{q}_ms"] = c1[name][q]
            figures[f"{name}_{q}_ms_c64"] = c64[name][q]
        figures[f"{name}_rps_c64"] = c64[name]["rps"]
    for q in ("p50", "p95", "p99"):
        figures[f"added_{q}_ms"] = c1["router"][q] - c1["edge"][q]
        figures[f"added_{q}_ms_c64"] = c64["router"][q] - c64["edge"][q]
        figures[f"stack_added_{q}_ms"] = c1["router"][q] - c1["triton"][q]
        figures[f"tls_added_{q}_ms"] = c1["router_tls"][q] - c1["router"][q]
        figures[f"tls_added_{q}_ms_c64"] = c64["router_tls"][q] - c64["router"][q]
    figures["throughput_ratio_c64"] = c64["router"]["rps"] / c64["edge"]["rps"]
    figures["tls_throughput_ratio_c64"] = c64["router_tls"]["rps"] / c64["router"]["rps"]
    figures["calls_c1"] = C1_CALLS
    figures["calls_c64"] = C64_CALLS

    print(f"router_hop on {machine()}: 'simple' INT32[1,16], {C1_CALLS} calls per path at c1, {C64_CALLS} at c{CONCURRENCY}")
    print(f"{'path':<34} {'p50':>7} {'p95':>7} {'p99':>7} | {'p50 c64':>8} {'p99 c64':>8} {'rps c64':>8}")
    labels = {"router": "client -> router -> edge -> Triton", "router_tls": "the same, TLS on every hop",
              "edge": "client -> edge -> Triton", "triton": "client -> Triton"}
    for name, label in labels.items():
        print(f"{label:<34} {c1[name]['p50']:7.3f} {c1[name]['p95']:7.3f} {c1[name]['p99']:7.3f} | "
              f"{c64[name]['p50']:8.3f} {c64[name]['p99']:8.3f} {c64[name]['rps']:8.0f}")
    print(f"router hop added: p50 {figures['added_p50_ms']:+.3f} ms, p95 {figures['added_p95_ms']:+.3f}, "
          f"p99 {figures['added_p99_ms']:+.3f} (target p50 <= 0.25, p99 <= 1.0); "
          f"ratio p50 {c1['router']['p50'] / c1['edge']['p50']:.2f}x")
    print(f"router hop added at c64: p50 {figures['added_p50_ms_c64']:+.3f} ms, p99 {figures['added_p99_ms_c64']:+.3f}")
    print(f"whole stack added over Triton direct: p50 {figures['stack_added_p50_ms']:+.3f} ms, "
          f"p99 {figures['stack_added_p99_ms']:+.3f}; ratio p50 {c1['router']['p50'] / c1['triton']['p50']:.2f}x")
    print(f"throughput through router / edge direct at c64: {figures['throughput_ratio_c64']:.2f} (target >= 0.80)")
    print(f"TLS on every hop against plaintext: p50 {figures['tls_added_p50_ms']:+.3f} ms, p99 "
          f"{figures['tls_added_p99_ms']:+.3f} at c1 (ratio p50 {c1['router_tls']['p50'] / c1['router']['p50']:.2f}x); "
          f"c64 p50 {figures['tls_added_p50_ms_c64']:+.3f} ms; throughput ratio {figures['tls_throughput_ratio_c64']:.2f}")
    print(f"wrote {write_results('router_hop', figures)}")


if __name__ == "__main__":
    main()
