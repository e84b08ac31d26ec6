"""The edge front's answer to a Triton found not answering (EdgeFront.abandon_triton): the calls in flight there fail
UNAVAILABLE at once, so that a router retries them elsewhere; a call its own caller cancels is not counted as lost;
and pointing the front at a restarted Triton (EdgeFront.connect) closes the channel it replaces.

The Triton here is a fake on loopback that speaks Triton's gRPC service (GRPCInferenceService) and never answers a
ModelInfer: a frozen Triton, whose connections stay open. The front is the real one, served by a real grpc.aio
server, and called with the generated Triton stub."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import grpc
import grpc.aio
import pytest

from controlplane import metrics
from controlplane.requests import simple_request
from edgenode.front import EdgeFront
from proto import SERVICE_NAME, service_pb2_grpc

_ARRIVED: list[bytes] = []  # the ModelInfer calls the fake Triton received


async def _never(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    _ARRIVED.append(request)
    await asyncio.Event().wait()  # frozen: holds the call until it is cancelled
    raise AssertionError("unreachable")


@contextlib.asynccontextmanager
async def _front_of_a_frozen_triton() -> AsyncIterator[tuple[EdgeFront, grpc.aio.Channel]]:
    """The real front, served on loopback before the fake frozen Triton, and a client channel to it; all closed
    after."""
    triton = grpc.aio.server()
    triton.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
        SERVICE_NAME, {"ModelInfer": grpc.unary_unary_rpc_method_handler(_never)}),))
    triton_port = triton.add_insecure_port("127.0.0.1:0")
    await triton.start()
    front = EdgeFront(f"127.0.0.1:{triton_port}", node_label="dakar/dakar-a")
    edge = grpc.aio.server()
    edge.add_generic_rpc_handlers((front.handler(),))
    edge_port = edge.add_insecure_port("127.0.0.1:0")
    try:
        await edge.start()
        async with grpc.aio.insecure_channel(f"127.0.0.1:{edge_port}") as channel:
            yield front, channel
    finally:
        await edge.stop(None)
        await front.aclose()
        await triton.stop(None)


async def _until(predicate, what: str) -> None:  # noqa: ANN001
    for _ in range(500):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} not within 5 s")


def _lost_calls() -> float:
    return metrics.REGISTRY.get_sample_value("edgeroute_edge_triton_lost_calls_total") or 0.0


async def test_abandoning_a_frozen_triton_fails_the_calls_in_flight_unavailable_at_once():
    async with _front_of_a_frozen_triton() as (front, channel):
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        calls = [stub.ModelInfer(simple_request(seed), timeout=30) for seed in range(3)]
        await _until(lambda: front.in_flight == 3, "three calls in flight at the frozen Triton")
        lost_before = _lost_calls()
        assert await front.abandon_triton() == 3
        for call in calls:
            with pytest.raises(grpc.aio.AioRpcError) as failed:
                await asyncio.wait_for(call, 5)
            assert failed.value.code() == grpc.StatusCode.UNAVAILABLE
            assert failed.value.details() == ("edge node dakar/dakar-a lost its Triton while the call was in "
                                              "flight; retry on another node")
        assert _lost_calls() == lost_before + 3
        # (the caller may hear the status before the handler's own count is back down: same loop, either order)
        await _until(lambda: front.in_flight == 0, "the failed calls' end at the front")


async def test_a_call_its_caller_cancels_is_not_counted_lost_and_the_front_serves_on():
    async with _front_of_a_frozen_triton() as (front, channel):
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        call = stub.ModelInfer(simple_request(0), timeout=30)
        await _until(lambda: front.in_flight == 1, "the call in flight at the frozen Triton")
        lost_before = _lost_calls()
        call.cancel()
        await _until(lambda: front.in_flight == 0, "the cancelled call's end at the front")
        assert _lost_calls() == lost_before
        # the front still forwards: a new call reaches the (still frozen) Triton
        second = stub.ModelInfer(simple_request(1), timeout=30)
        await _until(lambda: front.in_flight == 1, "a new call in flight")
        second.cancel()


async def test_a_call_admitted_before_triton_was_given_up_and_not_yet_sent_is_not_sent_there():
    # the call is past admission, its model's transaction policy still being asked (here held on purpose), when the
    # front gives its Triton up: the fresh channel leads to the same frozen Triton, so the call must not go on
    async with _front_of_a_frozen_triton() as (front, channel):
        asked, release = asyncio.Event(), asyncio.Event()

        async def held_policy(model: str) -> bool:
            asked.set()
            await release.wait()
            return False

        front._is_decoupled = held_policy  # type: ignore[method-assign]
        arrived_before = len(_ARRIVED)
        call = service_pb2_grpc.GRPCInferenceServiceStub(channel).ModelInfer(simple_request(0), timeout=30)
        await asyncio.wait_for(asked.wait(), 5)
        await front.abandon_triton()
        release.set()
        with pytest.raises(grpc.aio.AioRpcError) as failed:
            await asyncio.wait_for(call, 5)
        assert failed.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "lost its Triton" in failed.value.details()
        assert len(_ARRIVED) == arrived_before
        await _until(lambda: front.in_flight == 0, "the refused call's end at the front")


async def test_pointing_the_front_at_a_restarted_triton_closes_the_channel_it_replaces():
    # one channel per Triton restart used to stay open until the node stopped; a call still on the replaced channel
    # has the grace to end, then is failed like any call whose Triton was lost
    async with _front_of_a_frozen_triton() as (front, channel):
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        old = front._channel
        stale = stub.ModelInfer(simple_request(0), timeout=30)
        await _until(lambda: front.in_flight == 1, "a call in flight on the channel to be replaced")
        await asyncio.wait_for(front.connect(front.triton_target, grace_s=0.2), 5)
        assert old.get_state() == grpc.ChannelConnectivity.SHUTDOWN
        assert front._channel is not old
        with pytest.raises(grpc.aio.AioRpcError) as failed:
            await asyncio.wait_for(stale, 5)
        assert failed.value.code() == grpc.StatusCode.UNAVAILABLE
        arrived_before = len(_ARRIVED)
        fresh = stub.ModelInfer(simple_request(1), timeout=30)
        await _until(lambda: len(_ARRIVED) == arrived_before + 1, "a new call at Triton through the new channel")
        fresh.cancel()
