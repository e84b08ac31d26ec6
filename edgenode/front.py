"""The edge node's gRPC front: speaks Triton's protocol and forwards to its Triton without decoding tensors.

This is where admission control and the semantic cache sit; calls are forwarded as raw bytes. Two
exceptions: a model with a validator (the `ensemble` language model) has its request checked here, so a
bad one gets INVALID_ARGUMENT naming the tensor; and a unary ModelInfer to a decoupled model (Triton
refuses those) is carried over a stream and answered with the model's single response.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable

import grpc
import grpc.aio

from proto import CHANNEL_OPTIONS, SERVICE_NAME, length_delimited_fields, method_path, service_pb2
from proto.relay import RETRY_AFTER_HEADER, forwardable_metadata, remaining_timeout
from proto.wire import WireError

# model name -> check(request bytes) returning an error message, or None when the request is fine
Validator = Callable[[bytes], "str | None"]

LOG = logging.getLogger(__name__)

_SERVICE = service_pb2.DESCRIPTOR.services_by_name["GRPCInferenceService"]
UNARY_METHODS = tuple(m.name for m in _SERVICE.methods if not m.client_streaming and not m.server_streaming)
STREAM_METHODS = tuple(m.name for m in _SERVICE.methods if m.client_streaming and m.server_streaming)
ADMISSION_RETRY_AFTER_MS = 100
STREAM_OUTBOX = 64  # responses buffered toward a slow client before Triton's side waits


class EdgeFront:
    """Forwards every Triton RPC to one Triton; counts calls in flight for the load report."""

    def __init__(
        self, triton_target: str, node_label: str, validators: dict[str, Validator] | None = None,
        max_queue_depth: int = 0,
    ) -> None:
        self._channel = grpc.aio.insecure_channel(triton_target, options=CHANNEL_OPTIONS)
        self._max_queue_depth = max_queue_depth
        self._label = node_label
        self._validators = dict(validators or {})
        self._decoupled: dict[str, bool] = {}
        self._unary = {
            name: self._channel.unary_unary(method_path(name), request_serializer=None, response_deserializer=None)
            for name in UNARY_METHODS
        }
        self._stream = self._channel.stream_stream(
            method_path("ModelStreamInfer"), request_serializer=None, response_deserializer=None
        )
        self.in_flight = 0
        self.load_changed = asyncio.Event()

    def _forward_unary(self, name: str) -> Callable[[bytes, grpc.aio.ServicerContext], object]:
        upstream = self._unary[name]
        counted = name == "ModelInfer"

        async def handle(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            if counted and self._full():
                await context.send_initial_metadata(((RETRY_AFTER_HEADER, str(ADMISSION_RETRY_AFTER_MS)),))
                await context.abort(
                    grpc.StatusCode.RESOURCE_EXHAUSTED,
                    f"edge node {self._label} is full ({self.in_flight} calls in flight, limit {self._max_queue_depth}); "
                    f"retry after {ADMISSION_RETRY_AFTER_MS} ms or on another node",
                )
            if counted:
                self.in_flight += 1
                self.load_changed.set()
            try:
                metadata = forwardable_metadata(context.invocation_metadata())
                if counted:
                    model = _model_name(request)
                    problem = self._check(model, request)
                    if problem:
                        await context.abort(grpc.StatusCode.INVALID_ARGUMENT, problem)
                    if await self._is_decoupled(model):
                        return await self._unary_over_stream(request, context, metadata)
                return await upstream(request, timeout=remaining_timeout(context), metadata=metadata)
            except grpc.aio.AioRpcError as exc:
                details = exc.details() or ""
                if exc.code() == grpc.StatusCode.UNAVAILABLE:
                    details = f"edge node {self._label}: its Triton is unreachable ({details})"
                await context.abort(exc.code(), details)
            finally:
                if counted:
                    self.in_flight -= 1
                    self.load_changed.set()
            raise AssertionError("unreachable")

        return handle

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
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, errors[0])
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
        2.51 with a decoupled Python-backend model aborted on that: gRPC's `!byte_buffer->Valid()`)."""
        metadata = forwardable_metadata(context.invocation_metadata())
        outbox: asyncio.Queue[bytes | grpc.aio.AioRpcError | None] = asyncio.Queue(maxsize=STREAM_OUTBOX)
        running: set[asyncio.Task[None]] = set()

        async def one(request: bytes) -> None:
            self.in_flight += 1
            self.load_changed.set()
            call = self._stream(timeout=remaining_timeout(context), metadata=metadata)
            try:
                problem = self._check(_model_name(request), request)
                if problem:  # a stream carries a request's error as a response, not as the call's status
                    await outbox.put(_stream_error(request, problem))
                    return
                await call.write(request)
                await call.done_writing()
                async for response in call:
                    await outbox.put(response)
            except grpc.aio.AioRpcError as exc:
                await outbox.put(exc)
            finally:
                call.cancel()
                self.in_flight -= 1
                self.load_changed.set()

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
                    details = item.details() or ""
                    if item.code() == grpc.StatusCode.UNAVAILABLE:
                        details = f"edge node {self._label}: its Triton is unreachable ({details})"
                    await context.abort(item.code(), details)
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


def _model_name(request: bytes) -> str:
    try:
        return length_delimited_fields(request, frozenset({1})).get(1, b"").decode("utf-8", "replace")
    except WireError:
        return ""


def _stream_error(request: bytes, message: str) -> bytes:
    response = service_pb2.ModelStreamInferResponse(error_message=message)
    try:
        parsed = service_pb2.ModelInferRequest.FromString(request)
        response.infer_response.model_name, response.infer_response.id = parsed.model_name, parsed.id
    except Exception:  # noqa: BLE001 (malformed: the message alone)
        pass
    response.infer_response.parameters["triton_final_response"].bool_param = True
    return response.SerializeToString()
