"""The edge node as a supervisor: its Triton killed and frozen under load, a drain on SIGTERM under load, SIGTERMs
during a restart; and the router's per-try timeout against two busy nodes.

Two nodes in Dakar serve Lagos (Dakhla is beyond the 8 ms budget), so every call has exactly one other
node to go to, and any call lost by the node under test shows up as a client failure."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import time
from pathlib import Path

import grpc
import httpx
import numpy as np
import pytest
import tritonclient.grpc as tc
from prometheus_client.parser import text_string_to_metric_families

from controlplane.loadgen import ClosedLoopLoad
from controlplane.processes import OWNED_PREFIX
from controlplane.requests import hold_request, simple_request
from controlplane.stack import Stack
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import LAGOS, registered, wait_for_nodes, wait_until

pytestmark = pytest.mark.integration
LEASE_TTL_S = 30  # long: a node that leaves the registry quickly left it itself, not by lease expiry


def tritonservers_under(pid: int) -> list[int]:
    """tritonserver processes descended from `pid`."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            names[int(entry.name)] = (entry / "cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found = []
    for child, name in names.items():
        if not name.endswith("tritonserver"):
            continue
        ancestor = child
        while ancestor in parents and ancestor not in (0, 1):
            ancestor = parents[ancestor]
            if ancestor == pid:
                found.append(child)
                break
    return found


def tritonservers_of_workspace(owner_pid: int) -> list[int]:
    """tritonserver processes, anyone's child, whose command line names a workspace of `owner_pid`."""
    mark = f"{OWNED_PREFIX}triton-{owner_pid}-".encode()
    found = []
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if entry.name.isdigit() and argv[0].endswith(b"tritonserver") and any(mark in arg for arg in argv):
            found.append(int(entry.name))
    return found


def pending_at_triton(edge_pid: int, model: str) -> float:
    """Triton's own count of `model`'s requests waiting in its queue (its metrics port, read from the command line
    of the node's tritonserver): unlike the node's load report, it counts no other model's calls."""
    (triton,) = tritonservers_under(edge_pid)
    argv = (Path("/proc") / str(triton) / "cmdline").read_bytes().decode().split("\0")
    port = argv[argv.index("--metrics-port") + 1]
    page = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5).text
    return sum(sample.value for family in text_string_to_metric_families(page)
               if family.name == "nv_inference_pending_request_count"
               for sample in family.samples if sample.labels.get("model") == model)


def edge_counters(edge) -> dict[str, float]:  # noqa: ANN001
    """The edge node's unlabelled metrics, by sample name."""
    return {sample.name: sample.value for family in text_string_to_metric_families(
        httpx.get(edge.metrics_url, timeout=5).text) for sample in family.samples if not sample.labels}


def direct_answer(address: str) -> str:
    """What the edge node at `address` says to a ServerLive call of its own (deadline 5 s, room for a loaded
    machine): "live", or the status it refused with."""
    client = tc.InferenceServerClient(address)
    try:
        return "live" if client.is_server_live(client_timeout=5) else "not live"
    except tc.InferenceServerException as exc:
        return str(exc.status()).removeprefix("StatusCode.")
    finally:
        client.close()


@pytest.fixture(scope="module")
def dakar_pair():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("dakar", "dakar-a"), ("dakar", "dakar-b")], models="simple,hold", lease_ttl=LEASE_TTL_S,
                          extra_args=["--metrics-port", "0"])
        stack.start_router()
        yield stack


def test_triton_killed_under_load_node_deregisters_comes_back_and_no_call_is_lost(dakar_pair):
    stack = dakar_pair
    victim = stack.edge("dakar-a")
    (triton,) = tritonservers_under(victim.process.pid)
    with ClosedLoopLoad(stack.routers[0].address, simple_request, LAGOS, workers=6) as load:
        wait_for_nodes(load, {"dakar-a", "dakar-b"})
        assert {r.node for r in load.records} == {"dakar-a", "dakar-b"}
        os.kill(triton, signal.SIGKILL)
        killed_at = time.monotonic()
        # the supervisor notices within a probe or two (0.5 s apart, 1 s timeout); 10 s leaves room for a loaded
        # 2-core machine and is still a third of the lease: leaving this soon, the node left by itself
        gone = wait_until(lambda: "dakar/dakar-a" not in registered(stack.endpoint), 10, "deregistration",
                          victim.process.tail)
        # while Triton comes back the node still answers at once: a call that reaches it (a router whose view
        # lags) is refused with UNAVAILABLE, which the router retries elsewhere, and is not held to its deadline
        assert direct_answer(victim.address) in ("live", "UNAVAILABLE")
        back = wait_until(lambda: "dakar/dakar-a" in registered(stack.endpoint), 90, "re-registration",
                          victim.process.tail)
        time.sleep(1.5)
    records = load.stop()
    assert victim.process.alive(), "the edge node died with its Triton"
    assert load.failures() == [], f"{len(load.failures())} client calls failed while Triton was restarted"
    after = [r for r in records if r.started > killed_at + gone + back + 0.5]
    assert "dakar-a" in {r.node for r in after}, "the node came back to the registry but got no traffic"
    assert len(tritonservers_under(victim.process.pid)) == 1
    page = httpx.get(victim.metrics_url, timeout=5).text
    assert "edgeroute_edge_triton_restarts_total 1.0" in page


def test_triton_frozen_under_load_calls_in_flight_are_retried_elsewhere_and_it_is_replaced(dakar_pair):
    # a frozen Triton (SIGSTOP here; a deadlock, a swap storm) keeps its connections open: nothing fails by itself
    stack = dakar_pair
    victim = stack.edge("dakar-a")
    (triton,) = tritonservers_under(victim.process.pid)
    restarts_before = edge_counters(victim)["edgeroute_edge_triton_restarts_total"]
    with ClosedLoopLoad(stack.routers[0].address, simple_request, LAGOS, workers=6) as load:
        wait_for_nodes(load, {"dakar-a", "dakar-b"})
        os.kill(triton, signal.SIGSTOP)
        try:
            wait_until(lambda: "dakar/dakar-a" not in registered(stack.endpoint), 10, "deregistration",
                       victim.process.tail)
            # it stopped answering, so it is not asked to stop (a frozen process never acts on the SIGINT PyTriton
            # sends, and PyTriton waits 30 s before it kills): gone at once
            wait_until(lambda: not Path(f"/proc/{triton}").exists(), 10, "the end of the frozen Triton",
                       victim.process.tail)
        finally:
            if Path(f"/proc/{triton}").exists():
                os.kill(triton, signal.SIGKILL)
        wait_until(lambda: "dakar/dakar-a" in registered(stack.endpoint), 90, "re-registration", victim.process.tail)
    # the calls in flight at the frozen Triton were failed UNAVAILABLE as soon as it was found not answering, and
    # the router retried them on dakar-b, well within their 10 s deadline
    assert load.failures() == [], f"{len(load.failures())} client calls failed while the frozen Triton was replaced"
    counters = edge_counters(victim)
    assert counters["edgeroute_edge_triton_lost_calls_total"] >= 1
    assert counters["edgeroute_edge_triton_restarts_total"] == restarts_before + 1
    assert len(tritonservers_under(victim.process.pid)) == 1


def test_a_call_waiting_at_busy_nodes_past_the_per_try_timeout_is_tried_on_each_then_refused_clearly(dakar_pair,
                                                                                                      tmp_path):
    # policy.per_try_timeout_ms (Envoy's per_try_timeout) on a second router: both nodes' one `hold` instance is busy
    # for 6 s, so the routed call waits behind it wherever it goes: each try is cancelled after 1 s and the next
    # node tried, and the caller gets a clear DEADLINE_EXCEEDED instead of waiting (its own deadline is 30 s); the
    # same for a stream whose tries send no first response
    stack = dakar_pair
    config = tmp_path / "regions.yaml"
    text = REGIONS_YAML.read_text()
    for old, new in (("  max_attempts: 3\n", "  max_attempts: 3\n  per_try_timeout_ms: 1000\n"),
                     ("database: data/geoip/", f"database: {REGIONS_YAML.parent / 'data' / 'geoip'}/")):
        assert old in text
        text = text.replace(old, new, 1)
    config.write_text(text)
    router = stack.start_router(config_path=str(config))
    held: queue.Queue = queue.Queue()
    hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
    hold.set_data_from_numpy(np.array([[6000]], dtype=np.int32))
    directs = [tc.InferenceServerClient(stack.edge(name).address) for name in ("dakar-a", "dakar-b")]
    try:
        for client in directs:
            for _ in range(2):  # one running, one waiting in Triton's queue
                client.async_infer("hold", [hold], callback=lambda result, error: held.put(error))
        for name in ("dakar-a", "dakar-b"):
            edge = stack.edge(name)
            wait_until(lambda edge=edge: pending_at_triton(edge.process.pid, "hold") >= 1, 20,
                       f"the hold calls at {name}", edge.process.tail)
        with grpc.insecure_channel(router.address, options=CHANNEL_OPTIONS) as channel:
            with pytest.raises(grpc.RpcError) as refused:
                service_pb2_grpc.GRPCInferenceServiceStub(channel).ModelInfer(
                    hold_request(100), metadata=LAGOS, timeout=30)
        assert refused.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED, refused.value.details()
        assert refused.value.details().startswith("2 attempt(s) failed; last: dakar/dakar-")
        assert refused.value.details().endswith(
            "did not answer within the per-try timeout of 1000 ms (policy.per_try_timeout_ms)")
        # a stream's try is bounded until its first response (nothing shown yet, so it can be replayed elsewhere)
        with grpc.insecure_channel(router.address, options=CHANNEL_OPTIONS) as channel:
            with pytest.raises(grpc.RpcError) as refused:
                list(service_pb2_grpc.GRPCInferenceServiceStub(channel).ModelStreamInfer(
                    iter([hold_request(100)]), metadata=LAGOS, timeout=30))
        assert refused.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED, refused.value.details()
        assert refused.value.details().startswith("2 attempt(s) failed; last: dakar/dakar-")
        assert refused.value.details().endswith(
            "sent no response within the per-try timeout of 1000 ms (policy.per_try_timeout_ms)")
        # the direct calls were not disturbed by the cancelled tries
        assert [held.get(timeout=30) for _ in range(4)] == [None] * 4
    finally:
        for client in directs:
            client.close()
        stack.routers.remove(router)  # this test's own router stops with it, not with the module's stack
        router.process.stop(grace_s=10)


def test_drain_on_sigterm_under_load_finishes_in_flight_calls_and_loses_nothing(dakar_pair):
    stack = dakar_pair
    victim = stack.edge("dakar-b")
    direct = tc.InferenceServerClient(victim.address)
    held: queue.Queue = queue.Queue()
    hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
    hold.set_data_from_numpy(np.array([[1500]], dtype=np.int32))
    with ClosedLoopLoad(stack.routers[0].address, simple_request, LAGOS, workers=6) as load:
        time.sleep(0.5)
        for _ in range(3):  # accepted calls that are still running when the signal comes
            direct.async_infer("hold", [hold], callback=lambda result, error: held.put((result, error)))
        # all three accepted: one running on the one `hold` instance, two queued behind it in Triton. (Not the node's
        # load report: on a loaded machine the router's `simple` calls alone can fill its in-flight and queue counts,
        # and a signal sent before the holds arrive has them refused as they should be, "is draining")
        wait_until(lambda: pending_at_triton(victim.process.pid, "hold") >= 2, 20, "the three hold calls at dakar-b",
                   victim.process.tail)
        os.kill(victim.process.pid, signal.SIGTERM)  # the node only, as an orchestrator would
        signalled = time.monotonic()
        # 10 s: room for a loaded machine, still a third of the lease: the node deleted its own key
        wait_until(lambda: "dakar/dakar-b" not in registered(stack.endpoint), 10, "deregistration on SIGTERM")
        assert victim.process.process.wait(timeout=20) == 0
        stopped = time.monotonic() - signalled
        time.sleep(0.5)
    records = load.stop()
    direct.close()
    outcomes = [held.get(timeout=5) for _ in range(3)]
    lost = [str(error) for _, error in outcomes if error is not None]  # (the exception's repr is empty: its str says)
    assert lost == [], f"a call in flight at SIGTERM was lost: {lost}\n{victim.process.tail()}"
    assert all(int(result.as_numpy("HELD_MS").reshape(-1)[0]) == 1500 for result, _ in outcomes)
    assert 1.0 < stopped, "the node stopped before its in-flight calls could finish"
    assert load.failures() == [], f"{len(load.failures())} client calls failed during the drain"
    assert {r.node for r in records if r.started > signalled + 1.0} == {"dakar-a"}
    assert tritonservers_under(victim.process.pid) == []


def test_sigterm_while_triton_is_being_restarted_stops_the_new_triton_and_removes_its_folder(dakar_pair):
    stack = dakar_pair
    victim = stack.edge("dakar-a")  # after the first test, its Triton is one the supervisor's thread started
    pid = victim.process.pid
    (triton,) = tritonservers_under(pid)
    assert tritonservers_of_workspace(pid) == [triton]
    os.kill(triton, signal.SIGKILL)
    wait_until(lambda: "dakar/dakar-a" not in registered(stack.endpoint), 10, "deregistration")
    os.kill(pid, signal.SIGTERM)  # while the supervisor's thread starts a new Triton
    assert victim.process.process.wait(timeout=60) == 0
    wait_until(lambda: tritonservers_of_workspace(pid) == [], 10, "the exit of the Triton that the restart started")
    folders = [p for root in (Path(stack.temp_dir), Path("/tmp")) for p in root.glob(f"{OWNED_PREFIX}triton-{pid}-*")]
    assert folders == [], "the restarted Triton's workspace was left on disk"


def test_sigterm_to_the_node_group_as_its_new_triton_starts_still_stops_the_node_and_leaves_nothing(dakar_pair):
    # what `up` and an orchestrator send: SIGTERM to the node's whole process group, which holds its Triton too. A
    # new Triton killed as it starts leaves PyTriton waiting minutes for it on the supervisor's thread, with its lock
    # held; the node used to wait for that thread and outlive its owner
    stack = dakar_pair
    stack.start_edges([("dakar", "dakar-c")], models="simple", lease_ttl=LEASE_TTL_S)
    victim = stack.edge("dakar-c")
    pid = victim.process.pid
    (first,) = tritonservers_under(pid)
    os.kill(first, signal.SIGKILL)
    wait_until(lambda: "dakar/dakar-c" not in registered(stack.endpoint), 10, "deregistration", victim.process.tail)
    wait_until(lambda: set(tritonservers_of_workspace(pid)) - {first}, 20, "the restart's new tritonserver",
               victim.process.tail)
    os.killpg(pid, signal.SIGTERM)  # the new tritonserver has started and is not ready yet (its models load for ~2 s)
    try:
        code = victim.process.process.wait(timeout=40)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the edge node did not exit within 40 s of a SIGTERM to its group:\n{victim.process.tail()}")
    assert code == 0
    assert tritonservers_of_workspace(pid) == []
    folders = [p for root in (Path(stack.temp_dir), Path("/tmp")) for p in root.glob(f"{OWNED_PREFIX}triton-{pid}-*")]
    assert folders == [], "the restarted Triton's workspace was left on disk"
