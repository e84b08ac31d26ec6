"""`edgeroute router`: a Triton-protocol gRPC server that sends each call to a node of the chosen hub.

The request path reads the current RouterState (replaced whole when etcd or the config changes),
calls the policy, and forwards the call's bytes; it never waits on etcd and never decodes tensors.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import grpc
import grpc.aio

from controlplane import metrics
from controlplane.config import RegionsConfig
from controlplane.geoip import Locator, UnknownRegion
from controlplane.nodes import NodeChannels
from controlplane.policy import NO_NODE, SHED, NodeState, RequestFacts, RouteDecision, Snapshot, choose, nearest_node
from proto import SERVER_OPTIONS, SERVICE_NAME, length_delimited_fields, service_pb2
from proto.relay import forwardable_metadata, remaining_timeout
from proto.wire import WireError

LOG = logging.getLogger(__name__)

HUB_HEADER, NODE_HEADER, DECISION_HEADER = "x-edgeroute-hub", "x-edgeroute-node", "x-edgeroute-decision"
RETRY_AFTER_HEADER = "retry-after-ms"
# failures that happen before the node produced any response: safe to try the next candidate
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED})
_MODEL_FIELD = frozenset({1})
_MODEL_CALLS = ("ModelReady", "ModelMetadata", "ModelConfig", "ModelStatistics")
_SERVER_CALLS = frozenset({"ServerMetadata", "ModelStatistics"})  # may name no model: go to the nearest hub


@dataclass(frozen=True)
class RouterState:
    """Everything one call reads, swapped atomically: a call keeps the state it started with."""

    snapshot: Snapshot
    locator: Locator


class RoutingRejected(Exception):
    def __init__(self, code: grpc.StatusCode, message: str, metadata: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.code, self.message, self.metadata = code, message, metadata


class Router:
    def __init__(self, state: RouterState, channels: NodeChannels, rng: random.Random | None = None) -> None:
        self.state = state
        self.channels = channels
        self._rng = rng or random.Random()

    # ---- decisions ---------------------------------------------------------------------------
    def decide(self, model: str, context: grpc.aio.ServicerContext) -> RouteDecision:
        started = time.perf_counter()
        state = self.state
        region = self._region(state, context)
        snapshot = state.snapshot
        if not snapshot.serves(model):
            if not snapshot.nodes:
                raise RoutingRejected(grpc.StatusCode.UNAVAILABLE, "no live edge node in the registry; retry later")
            served = sorted({m for n in snapshot.nodes.values() for m in n.models})
            raise RoutingRejected(
                grpc.StatusCode.NOT_FOUND, f"model {model!r} is not served by any live edge node (served: {', '.join(served)})"
            )
        decision = choose(
            snapshot, RequestFacts(region, model), now=time.time(), rng=self._rng,
            sent_since_report=self.channels.sent_since_report, ejected=self.channels.ejected(),
        )
        metrics.DECISION_TIME.observe(time.perf_counter() - started)
        if decision.decision == SHED:
            raise RoutingRejected(
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                f"every hub within {snapshot.config.policy.overflow_budget_ms:g} ms of {region} is full; "
                f"retry after {decision.retry_after_ms} ms",
                ((RETRY_AFTER_HEADER, str(decision.retry_after_ms)),),
            )
        if decision.decision == NO_NODE:
            raise RoutingRejected(
                grpc.StatusCode.UNAVAILABLE,
                f"no live node serves {model!r} within the overflow budget of {region}; retry later",
            )
        return decision

    # ---- unary -------------------------------------------------------------------------------
    async def model_infer(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return await self._routed_unary("ModelInfer", request, context)

    async def _routed_unary(self, method: str, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        started = time.perf_counter()
        hub, decision_name, code = "", "", grpc.StatusCode.OK
        try:
            try:
                model = length_delimited_fields(request, _MODEL_FIELD).get(1, b"").decode()
            except (WireError, UnicodeDecodeError) as exc:
                raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, f"malformed {method} request: {exc}") from exc
            if not model and method not in _SERVER_CALLS:
                raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, f"{method}: model name is empty")
            if model:
                decision = self.decide(model, context)
                candidates, decision_name = decision.candidates, decision.decision
            else:
                node = self._nearest(context)
                candidates, decision_name = (node,), "nearest"
            response, node = await self._attempts(method, request, candidates, context)
            hub = node.hub
            await context.send_initial_metadata(
                ((HUB_HEADER, node.hub), (NODE_HEADER, node.node_id), (DECISION_HEADER, decision_name))
            )
            return response
        except RoutingRejected as exc:
            code = exc.code
            if exc.metadata:
                await context.send_initial_metadata(exc.metadata)
            await context.abort(exc.code, exc.message)
        except grpc.aio.AioRpcError as exc:
            code = exc.code()
            await context.abort(exc.code(), exc.details() or "")
        finally:
            metrics.REQUESTS.labels(method, hub, decision_name, code.name).inc()
            metrics.LATENCY.labels(method).observe(time.perf_counter() - started)
        raise AssertionError("unreachable")

    async def _attempts(
        self, method: str, request: bytes, candidates: tuple[NodeState, ...], context: grpc.aio.ServicerContext
    ) -> tuple[bytes, NodeState]:
        """Try candidates in order; move on only when the node failed before answering."""
        max_attempts = self.state.snapshot.config.policy.max_attempts
        metadata = forwardable_metadata(context.invocation_metadata())
        last: grpc.aio.AioRpcError | None = None
        for attempt, node in enumerate(candidates[:max_attempts]):
            timeout = remaining_timeout(context)
            if attempt and timeout is not None and timeout < 0.002:
                break
            self.channels.sent(node)
            try:
                response = await self.channels.unary(node, method)(request, timeout=timeout, metadata=metadata)
            except grpc.aio.AioRpcError as exc:
                if exc.code() not in RETRYABLE:
                    raise
                self.channels.failed(node)
                metrics.RETRIES.labels(exc.code().name).inc()
                last = exc
                continue
            finally:
                self.channels.done(node)
            self.channels.succeeded(node)
            return response, node
        if last is None:
            raise RoutingRejected(grpc.StatusCode.UNAVAILABLE, "no node to try")
        raise RoutingRejected(
            last.code(), f"{len(candidates[:max_attempts])} attempt(s) failed; last: {last.details()}"
        )

    @staticmethod
    def _region(state: RouterState, context: grpc.aio.ServicerContext) -> str:
        try:
            return state.locator.locate(context.invocation_metadata() or (), context.peer()).region
        except UnknownRegion as exc:
            raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, str(exc)) from exc

    def _nearest(self, context: grpc.aio.ServicerContext) -> NodeState:
        state = self.state
        node = nearest_node(state.snapshot, self._region(state, context), self.channels.ejected())
        if node is None:
            raise RoutingRejected(grpc.StatusCode.UNAVAILABLE, "no live edge node in the registry; retry later")
        return node

    def _model_call(self, method: str):  # noqa: ANN202
        async def handle(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            return await self._routed_unary(method, request, context)

        return handle

    async def server_metadata(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return await self._routed_unary("ServerMetadata", request, context)

    async def server_live(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return service_pb2.ServerLiveResponse(live=True).SerializeToString()

    async def server_ready(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return service_pb2.ServerReadyResponse(ready=bool(self.state.snapshot.nodes)).SerializeToString()

    # ---- streaming ---------------------------------------------------------------------------
    async def model_stream_infer(
        self, requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext
    ) -> AsyncIterator[bytes]:
        """Bidirectional pass-through. The stream is routed by its first request; retried only before the
        first response reached the client."""
        started = time.perf_counter()
        iterator = requests.__aiter__()
        try:
            first = await iterator.__anext__()
        except StopAsyncIteration:
            return
        hub, decision_name, code = "", "", grpc.StatusCode.OK
        try:
            try:
                model = length_delimited_fields(first, _MODEL_FIELD).get(1, b"").decode()
            except (WireError, UnicodeDecodeError) as exc:
                raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, f"malformed ModelStreamInfer request: {exc}") from exc
            decision = self.decide(model, context)
            decision_name = decision.decision
            async for item in self._stream_attempts(first, iterator, decision, context, started):
                if isinstance(item, NodeState):
                    hub = item.hub
                    await context.send_initial_metadata(
                        ((HUB_HEADER, item.hub), (NODE_HEADER, item.node_id), (DECISION_HEADER, decision_name))
                    )
                else:
                    yield item
        except RoutingRejected as exc:
            code = exc.code
            await context.abort(exc.code, exc.message)
        except grpc.aio.AioRpcError as exc:
            code = exc.code()
            await context.abort(exc.code(), exc.details() or "")
        finally:
            metrics.REQUESTS.labels("ModelStreamInfer", hub, decision_name, code.name).inc()
            metrics.LATENCY.labels("ModelStreamInfer").observe(time.perf_counter() - started)

    async def _stream_attempts(
        self,
        first: bytes,
        rest: AsyncIterator[bytes],
        decision: RouteDecision,
        context: grpc.aio.ServicerContext,
        started: float,
    ) -> AsyncIterator[bytes | NodeState]:
        metadata = forwardable_metadata(context.invocation_metadata())
        max_attempts = self.state.snapshot.config.policy.max_attempts
        candidates = decision.candidates[:max_attempts]
        for attempt, node in enumerate(candidates):
            call = self.channels.stream(node)(timeout=remaining_timeout(context), metadata=metadata)
            self.channels.sent(node)
            writer: asyncio.Task[None] | None = None
            responded = False
            pulled = [0]  # requests after the first taken from the client: they cannot be replayed
            try:
                await call.write(first)
                writer = asyncio.create_task(_pump(rest, call, pulled), name="router-stream-writer")
                async for response in call:
                    if not responded:
                        responded = True
                        metrics.FIRST_RESPONSE.labels("ModelStreamInfer").observe(time.perf_counter() - started)
                        yield node
                    yield response
                await writer
                self.channels.succeeded(node)
                return
            except grpc.aio.AioRpcError as exc:
                replayable = not responded and pulled[0] == 0 and attempt + 1 < len(candidates)
                if exc.code() in RETRYABLE and replayable:
                    self.channels.failed(node)
                    metrics.RETRIES.labels(exc.code().name).inc()
                    continue
                raise
            finally:
                self.channels.done(node)
                if writer is not None:
                    writer.cancel()
                    await asyncio.gather(writer, return_exceptions=True)
                call.cancel()

    def handler(self) -> grpc.GenericRpcHandler:
        unary = grpc.unary_unary_rpc_method_handler
        methods: dict[str, grpc.RpcMethodHandler] = {
            "ModelInfer": unary(self.model_infer),
            "ServerLive": unary(self.server_live),
            "ServerReady": unary(self.server_ready),
            "ServerMetadata": unary(self.server_metadata),
            "ModelStreamInfer": grpc.stream_stream_rpc_method_handler(self.model_stream_infer),
        }
        for method in _MODEL_CALLS:
            methods[method] = unary(self._model_call(method))
        return grpc.method_handlers_generic_handler(SERVICE_NAME, methods)


async def _pump(requests: AsyncIterator[bytes], call: grpc.aio.StreamStreamCall, pulled: list[int]) -> None:
    async for request in requests:
        pulled[0] += 1
        await call.write(request)
    await call.done_writing()


def make_server(router: Router) -> grpc.aio.Server:
    server = grpc.aio.server(options=SERVER_OPTIONS)
    server.add_generic_rpc_handlers((router.handler(),))
    return server


def build_state(config: RegionsConfig, locator: Locator, nodes: dict[str, NodeState], revision: int) -> RouterState:
    return RouterState(Snapshot.build(config, nodes, revision), locator)
