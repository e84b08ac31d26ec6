"""The edge node's gRPC front: speaks Triton's protocol and forwards to its Triton without decoding tensors.

This is where admission control and the semantic cache sit; calls are forwarded as raw bytes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable

import grpc
import grpc.aio

from proto import CHANNEL_OPTIONS, SERVICE_NAME, method_path, service_pb2
from proto.relay import forwardable_metadata, remaining_timeout

LOG = logging.getLogger(__name__)

_SERVICE = service_pb2.DESCRIPTOR.services_by_name["GRPCInferenceService"]
UNARY_METHODS = tuple(m.name for m in _SERVICE.methods if not m.client_streaming and not m.server_streaming)
STREAM_METHODS = tuple(m.name for m in _SERVICE.methods if m.client_streaming and m.server_streaming)
STREAM_OUTBOX = 64  # responses buffered toward a slow client before Triton's side waits


class EdgeFront:
    """Forwards every Triton RPC to one Triton; counts calls in flight for the load report."""

    def __init__(self, triton_target: str, node_label: str) -> None:
        self._channel = grpc.aio.insecure_channel(triton_target, options=CHANNEL_OPTIONS)
        self._label = node_label
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
            if counted:
                self.in_flight += 1
                self.load_changed.set()
            try:
                return await upstream(
                    request, timeout=remaining_timeout(context), metadata=forwardable_metadata(context.invocation_metadata())
                )
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
