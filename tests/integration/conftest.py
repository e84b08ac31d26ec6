"""Real servers on loopback: etcd, edge nodes with real Triton, routers. Every one is stopped at the end."""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import Callable

import pytest

from controlplane.geoip import city_addresses
from controlplane.kernel.policy import NodeState
from controlplane.loadgen import ClosedLoopLoad
from controlplane.processes import free_port
from controlplane.registry import read_registry
from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML

pytestmark = pytest.mark.integration
LAGOS = (("x-forwarded-for", city_addresses()["Lagos"]),)  # a client in Lagos, as the router's geo lookup reads it


def registered(endpoint: str) -> set[str]:
    """The "hub/node" keys in the registry at `endpoint` now."""
    return set(asyncio.run(read_registry(endpoint)).nodes)


def report(endpoint: str, key: str) -> NodeState | None:
    """The latest load report of node `key` ("hub/node_id") in the registry at `endpoint`, or None."""
    return asyncio.run(read_registry(endpoint)).nodes.get(key)


def wait_until(predicate: Callable[[], bool], timeout_s: float, what: str,
               detail: Callable[[], str] | None = None) -> float:
    """Poll `predicate` until it holds, failing after `timeout_s` (with `detail()`, such as a process's last output
    lines, in the message); the seconds it took."""
    started = time.monotonic()
    while not predicate():
        assert time.monotonic() - started < timeout_s, f"{what} not within {timeout_s:g} s" + (
            f"; its last output:\n{detail()}" if detail is not None else "")
        time.sleep(0.05)
    return time.monotonic() - started


def wait_for_report(
    endpoint: str, key: str, wanted: Callable[[NodeState], bool], what: str, timeout_s: float = 10.0,
) -> None:
    """Poll until node `key`'s report satisfies `wanted(node)`: the node publishes a change within about 50 ms,
    but etcd writes can lag on a loaded machine."""
    wait_until(lambda: (node := report(endpoint, key)) is not None and wanted(node), timeout_s, what)


def wait_for_nodes(load: ClosedLoopLoad, nodes: set[str], timeout_s: float = 10.0) -> None:
    """Wait, at most `timeout_s`, until `load` has calls answered by each of `nodes`: its first calls can take
    seconds to come back on a loaded machine. The caller asserts what it saw."""
    deadline = time.monotonic() + timeout_s
    while not nodes <= {r.node for r in list(load.records)} and time.monotonic() < deadline:
        time.sleep(0.05)


def leftover_processes() -> list[str]:
    """Our servers still running anywhere on this machine (tritonserver, etcd, edge nodes, routers)."""
    out = subprocess.run(["ps", "-ww", "-eo", "pid=,stat=,args="], capture_output=True, text=True, check=True).stdout
    mine = ("tritonserver", "bin/etcd ", "controlplane.cli edge", "controlplane.cli router", "controlplane.cli up")
    running = []
    for line in out.splitlines():
        pid, stat, args = (line.split(None, 2) + ["", ""])[:3]
        # a zombie has exited already; it only waits for its new parent (init) to reap it
        if not stat.startswith("Z") and any(m in args for m in mine) and "ps -ww -eo" not in args:
            running.append(f"{pid} {args}")
    return running


@pytest.fixture(scope="session")
def stack():
    """etcd + one edge node per hub (real Triton each) + one router, shared by the end-to-end tests."""
    with Stack(REGIONS_YAML) as s:
        s.start_etcd()
        s.start_edges([("tangier", "tangier-1"), ("dakhla", "dakhla-1"), ("dakar", "dakar-1")])
        s.start_router(metrics_port=free_port())
        yield s


@pytest.fixture(scope="session")
def router_address(stack) -> str:
    return stack.routers[0].address
