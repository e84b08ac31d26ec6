"""The edge node's gRPC front: speaks Triton's protocol and forwards to its Triton without decoding tensors.

This is where the hop check, the semantic cache and admission control sit, in that order: a call must
come through a router (when the node has the hop secret); a cached answer is served even when the node is
full; only then is a call refused for want of room. Calls are forwarded as raw bytes. Two exceptions:
a model with a validator (the `ensemble` language model) has its request checked here, so a bad one
gets INVALID_ARGUMENT naming the tensor; and a unary ModelInfer to a decoupled model (Triton
refuses those) is carried over a stream and answered with the model's single response.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import grpc
import grpc.aio

from controlplane import metrics
from controlplane.auth import AuthError, verify_hop
from controlplane.kernel.errors import bounded, triton_status
from controlplane.tls import ROUTER_NAME, is_router
from controlplane.wire.fields import WireError, length_delimited_fields
from controlplane.wire.relay import RETRY_AFTER_HEADER, forwardable_metadata, remaining_timeout
from controlplane.wire.stream import read_response
from edgenode.cache.edge import BYPASS, CACHE_HEADER, HIT, MISS_MARK, CacheKey, EdgeCache, mark_stream, mark_unary
from edgenode.cache.store import Lookup
from proto import CHANNEL_OPTIONS, MAX_MESSAGE_BYTES, SERVICE_NAME, method_path, service_pb2

# model name -> check(request bytes) returning an error message, or None when the request is fine
Validator = Callable[[bytes], "str | None"]

LOG = logging.getLogger(__name__)

_SERVICE = service_pb2.DESCRIPTOR.services_by_name["GRPCInferenceService"]
UNARY_METHODS = tuple(m.name for m in _SERVICE.methods if not m.client_streaming and not m.server_streaming)
STREAM_METHODS = tuple(m.name for m in _SERVICE.methods if m.client_streaming and m.server_streaming)
ADMISSION_RETRY_AFTER_MS = 100
STREAM_OUTBOX = 64  # responses buffered toward a slow client before Triton's side waits
RECONNECT_GRACE_S = 5.0  # how long a call on a replaced channel to Triton may still take


# Triton quotes names whole in its errors: a request with a 10 KB tensor name comes back with 10 KB of
# grpc-message, past grpc's 8 KB metadata soft limit (refused at random between 8 and 16 KB as "Stream
# removed"). The edge takes Triton's error whole and cuts it (controlplane.kernel.errors.bounded) before
# it travels on.
_TRITON_CHANNEL_OPTIONS = (*CHANNEL_OPTIONS, ("grpc.max_metadata_size", MAX_MESSAGE_BYTES),
                           ("grpc.absolute_max_metadata_size", MAX_MESSAGE_BYTES))

class EdgeFront:
    """Forwards every Triton RPC to one Triton; counts calls in flight for the load report."""

    def __init__(
        self, triton_target: str, node_label: str, validators: dict[str, Validator] | None = None,
        max_queue_depth: int = 0, cache: EdgeCache | None = None, hop_secret: bytes | None = None,
        require_router_cert: bool = False,
    ) -> None:
        self._max_queue_depth = max_queue_depth
        self._label = node_label
        self._validators = dict(validators or {})
        self._decoupled: dict[str, bool] = {}
        self.cache = cache
        self._hop_secret = hop_secret
        # under mutual TLS: only a caller holding a router certificate, whose tenant metadata is then trusted
        self._require_router_cert = require_router_cert
        self._lost_channels = 0  # channels `abandon_triton` gave up: a call admitted before one must not go on
        self._open(triton_target)
        self.in_flight = 0
        self.received = 0  # calls taken in since start: the reporter turns it into an arrival rate
        self.load_changed = asyncio.Event()
        # why new calls are refused (draining, Triton restarting), or None while the node serves
        self.not_serving: str | None = None
        self.triton_trouble = asyncio.Event()  # a call found Triton unreachable: the supervisor looks at once

    async def connect(self, triton_target: str, grace_s: float | None = RECONNECT_GRACE_S) -> None:
        """Point the front at its Triton anew, e.g. after a restart on new ports. The replaced channel is closed:
        a call still on it has `grace_s` to end, then is cancelled (after a restart none is: the node refused calls
        while Triton was away)."""
        if (replaced := self._open(triton_target)) is not None:
            await replaced.close(grace=grace_s)

    def _open(self, triton_target: str) -> grpc.aio.Channel | None:
        """Open a channel to `triton_target` for the calls from now on; returns the one it replaces."""
        replaced = getattr(self, "_channel", None)
        self.triton_target = triton_target
        self._channel = grpc.aio.insecure_channel(triton_target, options=_TRITON_CHANNEL_OPTIONS)
        self._unary = {
            name: self._channel.unary_unary(method_path(name), request_serializer=None, response_deserializer=None)
            for name in UNARY_METHODS
        }
        self._stream = self._channel.stream_stream(
            method_path("ModelStreamInfer"), request_serializer=None, response_deserializer=None
        )
        return replaced

    async def abandon_triton(self) -> int:
        """Fail the calls in flight at this Triton at once, UNAVAILABLE (`_lost`), so that routers retry them on
        another node: the supervisor found it not answering, and a frozen process keeps its connections open, so
        they would otherwise wait out their deadlines. Its channel is closed (which cancels them) and a fresh one
        opened to the same address. Returns how many calls were in flight."""
        in_flight = self.in_flight
        self._lost_channels += 1
        await self.connect(self.triton_target, grace_s=None)
        return in_flight

    def _lost(self) -> str:
        """The message of a call failed by `abandon_triton`, or admitted before it and not yet sent: it would go to
        the same Triton, and an external one nobody restarts may stay frozen."""
        metrics.EDGE_TRITON_LOST_CALLS.inc()
        return f"edge node {self._label} lost its Triton while the call was in flight; retry on another node"

    def _count(self, delta: int) -> None:
        if delta > 0:
            self.received += delta
        self.in_flight += delta
        metrics.EDGE_IN_FLIGHT.set(self.in_flight)
        self.load_changed.set()

    async def _admit(self, context: grpc.aio.ServicerContext) -> str:
        """The tenant the router vouched for; aborts UNAUTHENTICATED on an unsigned hop and UNAVAILABLE
        while the node is not serving (the router retries on another node)."""
        if self._require_router_cert and not is_router(context.auth_context):
            metrics.EDGE_UNAUTHENTICATED.inc()
            await context.abort(grpc.StatusCode.UNAUTHENTICATED,
                                f"this edge node takes calls only from an edgeroute router (a client certificate named "
                                f"{ROUTER_NAME}); send the call to the router")
        try:
            tenant = verify_hop(self._hop_secret, context.invocation_metadata() or ())
        except AuthError as exc:
            metrics.EDGE_UNAUTHENTICATED.inc()
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, exc.message)
        if self.not_serving is not None:
            await context.abort(grpc.StatusCode.UNAVAILABLE, f"edge node {self._label} {self.not_serving}; retry on another node")
        return tenant

    async def _lookup(
        self, request: bytes, tenant: str, context: grpc.aio.ServicerContext, kind: str
    ) -> tuple[CacheKey | None, Lookup | None, str]:
        """The request's cache key, its lookup, and the mark its answer gets (bypass when not cacheable)."""
        if self.cache is None:
            return None, None, BYPASS
        for key, value in context.invocation_metadata() or ():
            if key == CACHE_HEADER and value == BYPASS:
                metrics.EDGE_CACHE_BYPASS.labels("asked").inc()
                return None, None, BYPASS
        key = self.cache.key(request, tenant, kind)
        if key is None:
            metrics.EDGE_CACHE_BYPASS.labels("not-cacheable").inc()
            return None, None, BYPASS
        found = await self.cache.lookup(key)
        return key, found, HIT if found.hit else MISS_MARK

    def _cached_model(self, model: str) -> bool:
        return self.cache is not None and self.cache.settings.for_model(model) is not None

    def _refusal(self) -> str:
        metrics.EDGE_ADMISSION_REJECTIONS.inc()
        return (
            f"edge node {self._label} is full ({self.in_flight} calls in flight, limit {self._max_queue_depth}); "
            f"retry after {ADMISSION_RETRY_AFTER_MS} ms or on another node"
        )

    def _unreachable(self, exc: grpc.aio.AioRpcError) -> tuple[grpc.StatusCode, str]:
        details = bounded(exc.details() or "")  # Triton quotes names whole: a 1 MB name must not travel back
        if exc.code() == grpc.StatusCode.UNAVAILABLE:
            self.triton_trouble.set()
            details = f"edge node {self._label}: its Triton is unreachable ({details})"
        return exc.code(), details

    def _forward_unary(self, name: str) -> Callable[[bytes, grpc.aio.ServicerContext], object]:
        if name == "ModelInfer":
            return self._model_infer

        async def handle(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            await self._admit(context)
            try:
                # looked up per call: a Triton restart replaces the channel
                return await self._unary[name](
                    request, timeout=remaining_timeout(context), metadata=forwardable_metadata(context.invocation_metadata())
                )
            except grpc.aio.AioRpcError as exc:
                await context.abort(*self._unreachable(exc))
            except asyncio.CancelledError:
                if _cancelled_from_outside():
                    raise
                await context.abort(grpc.StatusCode.UNAVAILABLE, self._lost())
            raise AssertionError("unreachable")

        return handle

    async def _model_infer(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        tenant = await self._admit(context)
        lost_before = self._lost_channels
        model, request_id = _name_and_id(request)
        problem = self._check(model, request)
        if problem:
            metrics.EDGE_REQUESTS.labels("ModelInfer", model, "invalid").inc()
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, problem)
        key, found, mark = await self._lookup(request, tenant, context, "unary")
        checked = None  # a semantic hit answered fresh to check it (cache.error_bound)
        if found is not None and found.entry is not None and key is not None and self.cache.should_check(found):
            checked, mark = found, MISS_MARK
        elif found is not None and found.entry is not None:
            metrics.EDGE_REQUESTS.labels("ModelInfer", model, "cache_hit").inc()
            await context.send_initial_metadata(((CACHE_HEADER, HIT),))
            return mark_unary(found.entry.responses[0], HIT, request_id)
        if self._full():
            metrics.EDGE_REQUESTS.labels("ModelInfer", model, "refused").inc()
            message = self._refusal()
            await context.send_initial_metadata(
                ((RETRY_AFTER_HEADER, str(ADMISSION_RETRY_AFTER_MS)), (CACHE_HEADER, mark))
            )
            await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, message)
        self._count(+1)
        started = time.perf_counter()
        try:
            metadata = forwardable_metadata(context.invocation_metadata())
            decoupled = await self._is_decoupled(model)
            if self._lost_channels != lost_before:  # Triton was found not answering since the call came in: the
                raise _TritonLost                   # fresh channel goes to the same Triton (nothing awaits from here)
            if decoupled:
                response = await self._unary_over_stream(request, context, metadata)
            else:
                response = await self._unary["ModelInfer"](request, timeout=remaining_timeout(context), metadata=metadata)
        except grpc.aio.AioRpcError as exc:
            metrics.EDGE_REQUESTS.labels("ModelInfer", model, "error").inc()
            await context.abort(*self._unreachable(exc))
        except (asyncio.CancelledError, _TritonLost) as exc:
            if isinstance(exc, asyncio.CancelledError) and _cancelled_from_outside():
                raise
            metrics.EDGE_REQUESTS.labels("ModelInfer", model, "error").inc()
            await context.abort(grpc.StatusCode.UNAVAILABLE, self._lost())
        finally:
            self._count(-1)
        if key is not None and found is not None:
            assert self.cache is not None
            if checked is not None:
                self.cache.record_check(key, checked, response, time.perf_counter() - started)
            else:
                self.cache.store(key, found, (response,), time.perf_counter() - started)
        metrics.EDGE_REQUESTS.labels("ModelInfer", model, "ok").inc()
        await context.send_initial_metadata(((CACHE_HEADER, mark),))
        return mark_unary(response, mark) if self._cached_model(model) else response

    def _full(self) -> bool:
        """Admission control: refuse at once rather than queue past the configured depth."""
        return 0 < self._max_queue_depth <= self.in_flight

    def _check(self, model: str, request: bytes) -> str | None:
        validator = self._validators.get(model)
        return validator(request) if validator is not None else None

    async def learn_models(self, models: frozenset[str]) -> None:
        for model in models:
            await self._is_decoupled(model)

    async def _is_decoupled(self, model: str) -> bool:
        known = self._decoupled.get(model)
        if known is None:
            try:
                raw = await self._unary["ModelConfig"](
                    service_pb2.ModelConfigRequest(name=model).SerializeToString(), timeout=5
                )
            except grpc.aio.AioRpcError:
                return False  # unknown model: let Triton answer the call itself
            known = self._decoupled[model] = service_pb2.ModelConfigResponse.FromString(
                raw
            ).config.model_transaction_policy.decoupled
        return known

    async def _unary_over_stream(
        self, request: bytes, context: grpc.aio.ServicerContext, metadata: tuple
    ) -> bytes:
        call = self._stream(timeout=remaining_timeout(context), metadata=metadata)
        try:
            await call.write(request)
            await call.done_writing()
            answers = [service_pb2.ModelStreamInferResponse.FromString(raw) async for raw in call]
        finally:
            call.cancel()
        errors = [a.error_message for a in answers if a.error_message]
        if errors:
            await context.abort(getattr(grpc.StatusCode, triton_status(errors[0])), bounded(errors[0]))
        data = [a.infer_response for a in answers if a.infer_response.outputs]
        if len(data) != 1:
            await context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"the model answered with {len(data)} responses; a streamed generation (stream=true) needs "
                "ModelStreamInfer",
            )
        return data[0].SerializeToString()

    async def _forward_stream(
        self, requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext
    ) -> AsyncIterator[bytes]:
        """Each request of the client's stream goes to Triton on a stream of its own; responses are merged back.

        One Triton stream per request keeps a request's responses in order and, unlike one shared stream,
        never has Triton write the responses of two requests onto the same stream from two threads (Triton
        2.51 with a decoupled Python-backend model aborted on that: gRPC's `!byte_buffer->Valid()`).

        A cached answer is sent as the stored response sequence. A request that finds the node full ends the
        whole stream with RESOURCE_EXHAUSTED if nothing has been sent on it yet (the router then replays the
        stream on another hub); later, it gets an error response of its own and the stream goes on."""
        tenant = await self._admit(context)
        metadata = forwardable_metadata(context.invocation_metadata())
        outbox: asyncio.Queue[bytes | grpc.aio.AioRpcError | _Refused | _Lost | None] = asyncio.Queue(
            maxsize=STREAM_OUTBOX)
        running: set[asyncio.Task[None]] = set()
        sent_any = [False]

        async def one(request: bytes) -> None:
            lost_before = self._lost_channels
            model, request_id = _name_and_id(request)
            problem = self._check(model, request)
            if problem:  # a stream carries a request's error as a response, not as the call's status
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "invalid").inc()
                await outbox.put(_stream_error(request, problem))
                return
            marked = self._cached_model(model)
            key, found, mark = await self._lookup(request, tenant, context, "stream")
            if found is not None and found.entry is not None:
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "cache_hit").inc()
                for response in found.entry.responses:
                    await outbox.put(mark_stream(response, HIT, request_id))
                return
            if self._full():
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "refused").inc()
                message = self._refusal()
                if not sent_any[0]:
                    await outbox.put(_Refused(message))
                else:
                    await outbox.put(_stream_error(request, f"RESOURCE_EXHAUSTED: {message}"))
                return
            if self._lost_channels != lost_before:  # Triton was found not answering since the request came in
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "error").inc()
                await outbox.put(_Lost(self._lost()))
                return
            self._count(+1)
            started = time.perf_counter()
            kept: list[bytes] = []  # Triton's responses, kept for the cache: stored only if all came through
            ended = failed = False
            call = self._stream(timeout=remaining_timeout(context), metadata=metadata)
            try:
                await call.write(request)
                await call.done_writing()
                async for response in call:
                    if key is not None:
                        kept.append(response)
                        seen = read_response(response)
                        failed, ended = failed or bool(seen.error), seen.final
                    await outbox.put(mark_stream(response, mark) if marked else response)
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "ok").inc()
            except grpc.aio.AioRpcError as exc:
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "error").inc()
                await outbox.put(exc)
                failed = True
            except asyncio.CancelledError:
                if _cancelled_from_outside():
                    raise
                metrics.EDGE_REQUESTS.labels("ModelStreamInfer", model, "error").inc()
                await outbox.put(_Lost(self._lost()))
                failed = True
            finally:
                call.cancel()
                self._count(-1)
            if key is not None and found is not None and ended and not failed:
                assert self.cache is not None
                self.cache.store(key, found, tuple(kept), time.perf_counter() - started)

        async def read() -> None:
            async for request in requests:
                task = asyncio.create_task(one(request), name="edge-stream-request")
                running.add(task)
                task.add_done_callback(running.discard)
            while running:
                await asyncio.gather(*running, return_exceptions=True)
            await outbox.put(None)

        reader = asyncio.create_task(read(), name="edge-stream-reader")
        try:
            while (item := await outbox.get()) is not None:
                if isinstance(item, grpc.aio.AioRpcError):
                    await context.abort(*self._unreachable(item))
                if isinstance(item, _Lost):
                    await context.abort(grpc.StatusCode.UNAVAILABLE, item.message)
                if isinstance(item, _Refused):
                    await context.send_initial_metadata(((RETRY_AFTER_HEADER, str(ADMISSION_RETRY_AFTER_MS)),))
                    await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, item.message)
                sent_any[0] = True
                yield item
            await reader
        finally:
            for task in (reader, *running):
                task.cancel()
            await asyncio.gather(reader, *running, return_exceptions=True)

    def handler(self) -> grpc.GenericRpcHandler:
        methods: dict[str, grpc.RpcMethodHandler] = {
            name: grpc.unary_unary_rpc_method_handler(self._forward_unary(name)) for name in UNARY_METHODS
        }
        methods["ModelStreamInfer"] = grpc.stream_stream_rpc_method_handler(self._forward_stream)
        return grpc.method_handlers_generic_handler(SERVICE_NAME, methods)

    async def triton_ready(self, timeout_s: float = 2.0) -> bool:
        try:
            raw = await self._unary["ServerReady"](
                service_pb2.ServerReadyRequest().SerializeToString(), timeout=timeout_s
            )
        except grpc.aio.AioRpcError:
            return False
        return service_pb2.ServerReadyResponse.FromString(raw).ready

    async def aclose(self) -> None:
        await self._channel.close()


@dataclass(frozen=True, slots=True)
class _Refused:
    message: str


@dataclass(frozen=True, slots=True)
class _Lost:
    message: str


class _TritonLost(Exception):
    """A call admitted before `abandon_triton` gave its Triton up, not yet sent: it is not to be sent there."""


def _cancelled_from_outside() -> bool:
    """The running task itself is being cancelled (the caller went away, the server stops), rather than a call to
    Triton it awaited: grpc.aio raises CancelledError from a call whose channel `abandon_triton` closed."""
    task = asyncio.current_task()
    return task is None or task.cancelling() > 0


_NAME_AND_ID = frozenset({1, 3})


def _name_and_id(request: bytes) -> tuple[str, str]:
    try:
        fields = length_delimited_fields(request, _NAME_AND_ID)
    except WireError:
        return "", ""
    return fields.get(1, b"").decode("utf-8", "replace"), fields.get(3, b"").decode("utf-8", "replace")


def _stream_error(request: bytes, message: str) -> bytes:
    response = service_pb2.ModelStreamInferResponse(error_message=message)
    try:
        parsed = service_pb2.ModelInferRequest.FromString(request)
        response.infer_response.model_name, response.infer_response.id = parsed.model_name, parsed.id
    except Exception:  # noqa: BLE001 (malformed: the message alone)
        pass
    response.infer_response.parameters["triton_final_response"].bool_param = True
    return response.SerializeToString()
