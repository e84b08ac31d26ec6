"""Load-signal freshness: from a queue-depth change at a node to the router's registry view showing it.

python -m bench.load_freshness   (starts its own etcd and one edge node with a real Triton)
Target (issue 3): p95 <= 100 ms. The view is kept by controlplane.registry.RegistryWatcher, the class the
router runs. The clock starts when the load is sent (before Triton queues it), so figures err high.
Baseline in the same run: an etcd put of a node key to the watcher seeing it (the floor any report pays).
"""

from __future__ import annotations

import asyncio
import time

import numpy as np
import tritonclient.grpc.aio as tca

from bench.common import machine, percentiles_ms, write_results
from controlplane.kernel.policy import NodeState
from controlplane.registry import EtcdClient, RegistryState, RegistryWatcher, encode_status, node_key
from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML

SAMPLES, HOLD_CALLS, HOLD_MS = 40, 3, 120
NODE, PROBE = "tangier/tangier-f", "bench/probe"


class View:
    """What the watcher has shown, with the time it showed it."""

    def __init__(self) -> None:
        self.depth: list[tuple[float, int]] = [(0.0, 0)]
        self.probe: list[tuple[float, int]] = []
        self.changed = asyncio.Event()

    def on_change(self, state: RegistryState) -> None:
        now = time.monotonic()
        if NODE in state.nodes and state.nodes[NODE].queue_depth != self.depth[-1][1]:
            self.depth.append((now, state.nodes[NODE].queue_depth))
        if PROBE in state.nodes:
            self.probe.append((now, state.nodes[PROBE].queue_depth))
        self.changed.set()

    async def until(self, test, timeout_s: float = 5.0) -> float:  # noqa: ANN001
        deadline = time.monotonic() + timeout_s
        while (found := test()) is None:
            self.changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the watcher never showed the change")
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except TimeoutError:
                pass
        return found


async def measure(endpoint: str, edge_address: str) -> tuple[list[float], list[float]]:
    view = View()
    watcher = RegistryWatcher(endpoint, view.on_change)
    await watcher.start()
    await asyncio.wait_for(watcher.ready.wait(), 10)
    client = tca.InferenceServerClient(edge_address)
    hold = tca.InferInput("HOLD_MS", [1, 1], "INT32")
    hold.set_data_from_numpy(np.array([[HOLD_MS]], dtype=np.int32))
    freshness: list[float] = []
    try:
        for _ in range(SAMPLES):
            await view.until(lambda: True if view.depth[-1][1] == 0 else None)
            await asyncio.sleep(0.05)
            sent = time.monotonic()
            calls = [asyncio.create_task(client.infer("hold", [hold])) for _ in range(HOLD_CALLS)]
            seen = await view.until(lambda sent=sent: next((t for t, d in view.depth if t > sent and d > 0), None))
            freshness.append(seen - sent)
            await asyncio.gather(*calls)

        floor: list[float] = []
        etcd = EtcdClient(endpoint)
        hub, node_id = PROBE.split("/")
        for i in range(1, SAMPLES + 1):
            probe = NodeState(hub, node_id, "127.0.0.1:1", frozenset(), i, 0, time.time())
            put = time.monotonic()
            await etcd.call("put", node_key(hub, node_id), encode_status(probe))
            seen = await view.until(lambda i=i: next((t for t, d in view.probe if d == i), None))
            floor.append(seen - put)
            await asyncio.sleep(0.02)
        await etcd.call("delete", node_key(hub, node_id))
        await etcd.close()
    finally:
        await client.close()
        await watcher.aclose()
    return freshness, floor


def main() -> None:
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        (edge,) = stack.start_edges([("tangier", "tangier-f")], models="hold")
        freshness, floor = asyncio.run(measure(stack.endpoint, edge.address))
    fresh, base = percentiles_ms(freshness), percentiles_ms(floor)
    figures = {
        "freshness_p50_ms": fresh["p50"], "freshness_p95_ms": fresh["p95"], "freshness_p99_ms": fresh["p99"],
        "etcd_floor_p50_ms": base["p50"], "etcd_floor_p95_ms": base["p95"], "samples": len(freshness),
    }
    print(f"load_freshness on {machine()}: {len(freshness)} queue-depth rises at one edge node")
    print(f"{'path':<46} {'p50':>7} {'p95':>7} {'p99':>7}")
    print(f"{'load sent -> router view shows queue depth':<46} {fresh['p50']:7.2f} {fresh['p95']:7.2f} {fresh['p99']:7.2f}")
    print(f"{'baseline: etcd put -> watcher sees it':<46} {base['p50']:7.2f} {base['p95']:7.2f} {base['p99']:7.2f}")
    print(f"freshness p95 {fresh['p95']:.1f} ms (target <= 100); {fresh['p95'] / base['p95']:.1f}x the etcd floor")
    print(f"wrote {write_results('load_freshness', figures)}")


if __name__ == "__main__":
    main()
