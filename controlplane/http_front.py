"""KServe v2 HTTP/REST and an OpenAI-compatible API at the router, on one aiohttp port.

Both are translations onto the router's own calls. Each HTTP request becomes the message a gRPC client
would send (ModelInferRequest, ModelMetadataRequest, ...) and goes through `Router.routed_unary` or
`Router.model_stream_infer` with an `HttpCallContext` (the part of grpc's ServicerContext the router reads:
the caller's metadata and address, the deadline, headers out, abort). So an HTTP call is located,
authenticated, routed, retried, cached and counted exactly as a gRPC call, with the same headers in
(x-forwarded-for, x-client-region, authorization) and the decision headers out.

KServe v2 (what `tritonclient.http` speaks): GET /v2/health/live|ready, GET /v2 (server metadata),
GET /v2/models/M[/versions/V] (model metadata), .../ready, .../config, .../stats and /v2/models/stats,
POST .../infer with JSON tensors or the binary tensor extension (Inference-Header-Content-Length).
Errors: Triton's HTTP shape {"error": "..."} and status (404 unknown model, 400 bad request, ...).

OpenAI (what the `openai` SDK speaks): GET /v1/models, POST /v1/completions and /v1/chat/completions
with `stream: true` as server-sent events, mapped onto the TensorRT-LLM ensemble tensors as Triton's own
OpenAI frontend maps them (prompt -> text_input, max_tokens, temperature, top_p, stop -> stop_words,
seed, echo -> exclude_input_in_output = not echo, usage from num_input_tokens/num_output_tokens). A chat
is answered by the model from its last user message (the CPU model answers one question; it has no chat
template). Errors: OpenAI's {"error": {"message", "type", "param", "code"}} with 400, 401, 404, 429
(with Retry-After) and 503.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import ssl
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
import numpy as np
from aiohttp import web
from google.protobuf import descriptor, json_format
from google.protobuf.message import DecodeError
from tritonclient.utils import deserialize_bytes_tensor, serialize_byte_tensor, triton_to_np_dtype

from controlplane.kernel.errors import RoutingRejected, quoted
from controlplane.router import Router
from controlplane.wire.relay import RETRY_AFTER_HEADER
from proto import service_pb2

LOG = logging.getLogger(__name__)

MAX_BODY_BYTES = 64 * 1024 * 1024  # a request body above this is refused with 413
HEADER_LENGTH = "Inference-Header-Content-Length"
_HOP_BY_HOP = frozenset({
    "host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer",
    "content-length", "content-type", "content-encoding", "accept", "accept-encoding", "user-agent",
    HEADER_LENGTH.lower(),
})
_METADATA_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,127}")
_HTTP_STATUS = {
    grpc.StatusCode.INVALID_ARGUMENT: 400, grpc.StatusCode.NOT_FOUND: 404, grpc.StatusCode.UNAUTHENTICATED: 401,
    grpc.StatusCode.PERMISSION_DENIED: 403, grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
    grpc.StatusCode.UNAVAILABLE: 503, grpc.StatusCode.UNIMPLEMENTED: 501, grpc.StatusCode.DEADLINE_EXCEEDED: 504,
    grpc.StatusCode.FAILED_PRECONDITION: 400, grpc.StatusCode.OUT_OF_RANGE: 400, grpc.StatusCode.ALREADY_EXISTS: 400,
}


def _bad(message: str) -> RoutingRejected:
    """A malformed HTTP request: answered 400 before anything is routed."""
    return RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, message)


class HttpCallContext:
    """What `Router` reads of a grpc.aio.ServicerContext, for a call that came over HTTP."""

    def __init__(self, request: web.Request) -> None:
        self._metadata = _metadata(request)
        host = request.remote or ""
        self._peer = f"ipv6:[{host}]:0" if ":" in host else f"ipv4:{host}:0"
        self.headers: list[tuple[str, str]] = []

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata

    def peer(self) -> str:
        return self._peer

    def time_remaining(self) -> float | None:
        return None  # HTTP callers set no deadline: the hop to the node has none either, as for gRPC without one

    async def send_initial_metadata(self, metadata: tuple[tuple[str, str | bytes], ...]) -> None:
        self.headers.extend((k, v.decode() if isinstance(v, bytes) else str(v)) for k, v in metadata)

    async def abort(self, code: grpc.StatusCode, details: str) -> None:
        raise RoutingRejected(code, details)

    def response_headers(self) -> dict[str, str]:
        out = dict(self.headers)
        retry_ms = out.get(RETRY_AFTER_HEADER)
        if retry_ms is not None and retry_ms.isdigit():
            out["Retry-After"] = str(max(1, math.ceil(int(retry_ms) / 1000)))
        return out


def _metadata(request: web.Request) -> tuple[tuple[str, str], ...]:
    """The HTTP headers a gRPC caller would have sent as metadata (names lower-case, ASCII values)."""
    kept = []
    for name, value in request.headers.items():
        key = name.lower()
        if key in _HOP_BY_HOP or key.startswith("grpc-") or not _METADATA_NAME.fullmatch(key) or not value.isascii():
            continue
        kept.append((key, value))
    return tuple(kept)


# ---- tensors -------------------------------------------------------------------------------------

def _flatten(data: Any) -> list:
    if isinstance(data, list):
        return [v for item in data for v in _flatten(item)]
    return [data]


def _raw_from_json(name: str, datatype: str, shape: list[int], data: Any) -> bytes:
    values = _flatten(data)
    count = math.prod(shape)
    if len(values) != count:
        raise _bad(f"input {quoted(name)}: 'data' holds {len(values)} values; shape {shape} needs {count}")
    if datatype == "BYTES":
        if not all(isinstance(v, str) for v in values):
            raise _bad(f"input {quoted(name)}: BYTES data must be strings")
        return serialize_byte_tensor(np.array([v.encode() for v in values], dtype=object)).item()
    dtype = triton_to_np_dtype(datatype)
    if dtype is None:
        raise _bad(f"input {quoted(name)}: {quoted(datatype)} is not a Triton datatype (BOOL, INT8-64, "
                         "UINT8-64, FP16, BF16, FP32, FP64, BYTES)")
    if any(isinstance(v, (str, list, dict)) or v is None for v in values):
        raise _bad(f"input {quoted(name)}: {datatype} data must be numbers")
    try:
        return np.asarray(values, dtype=dtype).tobytes()
    except (OverflowError, ValueError, TypeError) as exc:
        raise _bad(f"input {quoted(name)}: data does not fit {datatype} ({exc})") from exc


def _json_from_raw(datatype: str, raw: bytes) -> list:
    if datatype == "BYTES":
        return [v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v) for v in deserialize_bytes_tensor(raw)]
    dtype = triton_to_np_dtype(datatype)
    if dtype is None:
        raise _bad(f"output datatype {quoted(datatype)} cannot be returned as JSON: ask for it as binary data")
    return np.frombuffer(raw, dtype=dtype).astype(np.float32 if datatype == "BF16" else dtype).tolist()


def _document(raw: bytes, what: str) -> dict:
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise _bad(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc
    except UnicodeDecodeError as exc:
        raise _bad(f"{what} is not UTF-8 text: {exc.reason} at byte {exc.start}") from exc
    if not isinstance(doc, dict):
        raise _bad(f"{what} must be a JSON object, not {type(doc).__name__}")
    return doc


def _no_unknown(doc: dict, known: frozenset[str], where: str) -> None:
    unknown = sorted(set(doc) - known)
    if unknown:
        raise _bad(f"{where}: unknown field {quoted(unknown[0])} (known: {', '.join(sorted(known))})")


def _shape(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in value):
        raise _bad(f"input {quoted(name)}: 'shape' must be a list of non-negative integers")
    return value


def _parameter(value: Any, where: str) -> service_pb2.InferParameter:
    if isinstance(value, bool):
        return service_pb2.InferParameter(bool_param=value)
    if isinstance(value, int):
        return service_pb2.InferParameter(int64_param=value)
    if isinstance(value, str):
        return service_pb2.InferParameter(string_param=value)
    if isinstance(value, float):
        return service_pb2.InferParameter(double_param=value)
    raise _bad(f"{where}: parameters must be booleans, integers, numbers or strings")


_REQUEST_FIELDS = frozenset({"id", "parameters", "inputs", "outputs"})
_INPUT_FIELDS = frozenset({"name", "shape", "datatype", "parameters", "data"})
_OUTPUT_FIELDS = frozenset({"name", "parameters"})


def infer_request(model: str, version: str, body: bytes, header_length: str | None) -> tuple[service_pb2.ModelInferRequest, set[str], bool]:
    """The ModelInferRequest a KServe v2 HTTP infer body stands for, the outputs asked for as binary, and
    whether every output is binary."""
    if header_length is not None:
        if not header_length.isdigit() or int(header_length) > len(body):
            raise _bad(f"{HEADER_LENGTH} must be the JSON header's length in bytes, at most the body's "
                             f"{len(body)}; got {quoted(header_length)}")
        split = int(header_length)
    else:
        split = len(body)
    doc = _document(body[:split], "the infer request")
    binary = body[split:]
    _no_unknown(doc, _REQUEST_FIELDS, "the infer request")
    request = service_pb2.ModelInferRequest(model_name=model, model_version=version)
    if "id" in doc:
        if not isinstance(doc["id"], str):
            raise _bad("'id' must be a string")
        request.id = doc["id"]
    parameters = doc.get("parameters") or {}
    if not isinstance(parameters, dict):
        raise _bad("'parameters' must be an object")
    all_binary = bool(parameters.get("binary_data_output", False))
    for key, value in parameters.items():
        if key != "binary_data_output":
            request.parameters[key].CopyFrom(_parameter(value, f"parameters.{key}"))
    inputs = doc.get("inputs")
    if not isinstance(inputs, list) or not inputs:
        raise _bad("'inputs' must be a non-empty list of tensors ({name, shape, datatype, data})")
    offset = 0
    for index, item in enumerate(inputs):
        if not isinstance(item, dict):
            raise _bad(f"inputs[{index}] must be an object")
        _no_unknown(item, _INPUT_FIELDS, f"inputs[{index}]")
        name, datatype = item.get("name"), item.get("datatype")
        if not isinstance(name, str) or not isinstance(datatype, str):
            raise _bad(f"inputs[{index}]: 'name' and 'datatype' must be strings")
        shape = _shape(item.get("shape"), name)
        tensor_parameters = item.get("parameters") or {}
        if not isinstance(tensor_parameters, dict):
            raise _bad(f"input {quoted(name)}: 'parameters' must be an object")
        size = tensor_parameters.get("binary_data_size")
        if size is not None:
            if not isinstance(size, int) or size < 0 or offset + size > len(binary):
                raise _bad(f"input {quoted(name)}: binary_data_size {quoted(size)} runs past the "
                                 f"{len(binary)} bytes after the JSON header")
            raw = binary[offset:offset + size]
            offset += size
        elif "data" in item:
            raw = _raw_from_json(name, datatype, shape, item["data"])
        else:
            raise _bad(f"input {quoted(name)}: give 'data' or parameters.binary_data_size")
        request.inputs.add(name=name, datatype=datatype, shape=shape)
        request.raw_input_contents.append(raw)
    if offset != len(binary):
        raise _bad(f"{len(binary) - offset} bytes after the JSON header belong to no input")
    wanted_binary: set[str] = set()
    outputs = doc.get("outputs") or []
    if not isinstance(outputs, list):
        raise _bad("'outputs' must be a list")
    for index, item in enumerate(outputs):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise _bad(f"outputs[{index}] must be an object with a string 'name'")
        _no_unknown(item, _OUTPUT_FIELDS, f"outputs[{index}]")
        request.outputs.add(name=item["name"])
        if (item.get("parameters") or {}).get("binary_data"):
            wanted_binary.add(item["name"])
    return request, wanted_binary, all_binary


def infer_response(response: service_pb2.ModelInferResponse, wanted_binary: set[str], all_binary: bool) -> tuple[bytes, int | None]:
    """The KServe v2 HTTP body of a ModelInferResponse, and the JSON header's length when binary follows."""
    outputs, blobs = [], []
    for index, tensor in enumerate(response.outputs):
        raw = response.raw_output_contents[index] if index < len(response.raw_output_contents) else b""
        entry: dict[str, Any] = {"name": tensor.name, "datatype": tensor.datatype, "shape": list(tensor.shape)}
        if all_binary or tensor.name in wanted_binary:
            entry["parameters"] = {"binary_data_size": len(raw)}
            blobs.append(raw)
        else:
            entry["data"] = _json_from_raw(tensor.datatype, raw)
        outputs.append(entry)
    doc: dict[str, Any] = {"model_name": response.model_name, "model_version": response.model_version, "outputs": outputs}
    if response.id:
        doc["id"] = response.id
    header = json.dumps(doc, separators=(",", ":")).encode()
    if not blobs:
        return header, None
    return header + b"".join(blobs), len(header)


_INT64 = (descriptor.FieldDescriptor.TYPE_INT64, descriptor.FieldDescriptor.TYPE_UINT64,
          descriptor.FieldDescriptor.TYPE_SINT64, descriptor.FieldDescriptor.TYPE_FIXED64,
          descriptor.FieldDescriptor.TYPE_SFIXED64)


def message_json(message: Any) -> dict:
    """A protobuf message as Triton's HTTP JSON: proto field names, 64-bit integers as numbers."""
    return _numbers(message.DESCRIPTOR, json_format.MessageToDict(message, preserving_proto_field_name=True))


def _numbers(desc: descriptor.Descriptor, doc: Any) -> Any:
    if not isinstance(doc, dict):
        return doc
    for key, value in doc.items():
        field = desc.fields_by_name.get(key)
        if field is None:
            continue
        if field.message_type is not None:
            if field.message_type.GetOptions().map_entry:
                value_field = field.message_type.fields_by_name["value"]
                if value_field.message_type is not None:
                    doc[key] = {k: _numbers(value_field.message_type, v) for k, v in value.items()}
            elif isinstance(value, list):
                doc[key] = [_numbers(field.message_type, v) for v in value]
            else:
                doc[key] = _numbers(field.message_type, value)
        elif field.type in _INT64:
            doc[key] = [int(v) for v in value] if isinstance(value, list) else int(value)
    return doc


# ---- the server ----------------------------------------------------------------------------------

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class HttpFront:
    """KServe v2 and OpenAI over HTTP for one Router: start(host, port) -> port, then aclose()."""

    def __init__(self, router: Router) -> None:
        self.router = router
        self.created = int(time.time())
        self.app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[self._errors])
        routes = self.app.router
        routes.add_get("/v2/health/live", self.live)
        routes.add_get("/v2/health/ready", self.ready)
        routes.add_get("/v2", self.server_metadata)
        routes.add_get("/v2/models/stats", self.statistics)
        for prefix in ("/v2/models/{model}", "/v2/models/{model}/versions/{version}"):
            routes.add_get(prefix, self.model_metadata)
            routes.add_get(prefix + "/ready", self.model_ready)
            routes.add_get(prefix + "/config", self.model_config)
            routes.add_get(prefix + "/stats", self.statistics)
            routes.add_post(prefix + "/infer", self.infer)
        routes.add_get("/v1/models", self.openai_models)
        routes.add_post("/v1/completions", self.openai_completions)
        routes.add_post("/v1/chat/completions", self.openai_chat)
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None) -> int:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port, ssl_context=ssl_context).start()
        self.port = int(self._runner.addresses[0][1])
        return self.port

    async def aclose(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _errors(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every failure becomes a JSON answer in the front's shape; nothing a caller sends stops the server."""
        openai = request.path.startswith("/v1/")
        try:
            return await handler(request)
        except RoutingRejected as exc:
            return _error(openai, _HTTP_STATUS.get(exc.code, 500), exc.message, exc.code, dict(exc.metadata or ()))
        except web.HTTPRequestEntityTooLarge:
            return _error(openai, 413, f"the request body is larger than {MAX_BODY_BYTES} bytes", None)
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            return _error(openai, exc.status, f"{exc.reason}: {request.method} {quoted(request.path, 120)}", None)
        except Exception:  # noqa: BLE001 (a bug must cost one call, not the front)
            LOG.exception("HTTP front: %s %s failed", request.method, request.path[:120])
            return _error(openai, 500, "internal error in edgeroute's HTTP front; see the router's log", None)

    async def _unary(self, method: str, message: Any, request: web.Request,
                     response_type: Any) -> tuple[Any, HttpCallContext]:
        context = HttpCallContext(request)
        try:
            raw = await self.router.routed_unary(method, message.SerializeToString(), context)  # type: ignore[arg-type]
        except RoutingRejected as exc:
            raise RoutingRejected(exc.code, exc.message, tuple(context.headers)) from exc
        try:
            return response_type.FromString(raw), context
        except DecodeError as exc:
            raise RoutingRejected(grpc.StatusCode.INTERNAL, f"{method}: the edge node's answer did not parse") from exc

    # -- KServe v2 --
    async def live(self, request: web.Request) -> web.Response:
        return web.Response(status=200)

    async def ready(self, request: web.Request) -> web.Response:
        return web.Response(status=200 if self.router.state.snapshot.nodes else 400)

    async def server_metadata(self, request: web.Request) -> web.Response:
        response, context = await self._unary("ServerMetadata", service_pb2.ServerMetadataRequest(), request,
                                              service_pb2.ServerMetadataResponse)
        return web.json_response(message_json(response), headers=context.response_headers())

    async def model_metadata(self, request: web.Request) -> web.Response:
        message = service_pb2.ModelMetadataRequest(name=request.match_info["model"],
                                                   version=request.match_info.get("version", ""))
        response, context = await self._unary("ModelMetadata", message, request, service_pb2.ModelMetadataResponse)
        return web.json_response(message_json(response), headers=context.response_headers())

    async def model_ready(self, request: web.Request) -> web.Response:
        message = service_pb2.ModelReadyRequest(name=request.match_info["model"],
                                                version=request.match_info.get("version", ""))
        response, context = await self._unary("ModelReady", message, request, service_pb2.ModelReadyResponse)
        return web.Response(status=200 if response.ready else 400, headers=context.response_headers())

    async def model_config(self, request: web.Request) -> web.Response:
        message = service_pb2.ModelConfigRequest(name=request.match_info["model"],
                                                 version=request.match_info.get("version", ""))
        response, context = await self._unary("ModelConfig", message, request, service_pb2.ModelConfigResponse)
        return web.json_response(message_json(response.config), headers=context.response_headers())

    async def statistics(self, request: web.Request) -> web.Response:
        message = service_pb2.ModelStatisticsRequest(name=request.match_info.get("model", ""),
                                                     version=request.match_info.get("version", ""))
        response, context = await self._unary("ModelStatistics", message, request, service_pb2.ModelStatisticsResponse)
        return web.json_response(message_json(response), headers=context.response_headers())

    async def infer(self, request: web.Request) -> web.Response:
        body = await request.read()
        message, wanted_binary, all_binary = await _off_loop(
            len(body), infer_request, request.match_info["model"], request.match_info.get("version", ""), body,
            request.headers.get(HEADER_LENGTH),
        )
        response, context = await self._unary("ModelInfer", message, request, service_pb2.ModelInferResponse)
        payload, header_length = await _off_loop(response.ByteSize(), infer_response, response, wanted_binary, all_binary)
        headers = context.response_headers()
        if header_length is None:
            return web.Response(body=payload, content_type="application/json", headers=headers)
        headers[HEADER_LENGTH] = str(header_length)
        return web.Response(body=payload, content_type="application/octet-stream", headers=headers)

    # -- OpenAI --
    async def openai_models(self, request: web.Request) -> web.Response:
        snapshot = self.router.state.snapshot
        served = sorted({m for node in snapshot.nodes.values() for m in node.models})
        return web.json_response({"object": "list", "data": [
            {"id": m, "object": "model", "created": self.created, "owned_by": "edgeroute"} for m in served
        ]})

    async def openai_completions(self, request: web.Request) -> web.StreamResponse:
        doc = _document(await request.read(), "the request body")
        params = completion_parameters(doc, chat=False)
        return await self._generate(request, params, chat=False)

    async def openai_chat(self, request: web.Request) -> web.StreamResponse:
        doc = _document(await request.read(), "the request body")
        params = completion_parameters(doc, chat=True)
        return await self._generate(request, params, chat=True)

    async def _generate(self, request: web.Request, params: dict[str, Any], chat: bool) -> web.StreamResponse:
        message = ensemble_request(params)
        created, ident = int(time.time()), f"{'chatcmpl' if chat else 'cmpl'}-{uuid.uuid4().hex}"
        base = {"id": ident, "object": "chat.completion" if chat else "text_completion", "created": created,
                "model": params["model"]}
        if not params["stream"]:
            response, context = await self._unary("ModelInfer", message, request, service_pb2.ModelInferResponse)
            text, prompt_tokens, completion_tokens = _generated(response)
            finish = "length" if completion_tokens >= params["max_tokens"] else "stop"
            choice: dict[str, Any] = {"index": 0, "finish_reason": finish, "logprobs": None}
            choice.update({"message": {"role": "assistant", "content": text}} if chat else {"text": text})
            usage = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                     "total_tokens": prompt_tokens + completion_tokens}
            return web.json_response({**base, "choices": [choice], "usage": usage}, headers=context.response_headers())
        return await self._stream(request, message, params, base, chat)

    async def _stream(self, request: web.Request, message: service_pb2.ModelInferRequest, params: dict[str, Any],
                      base: dict[str, Any], chat: bool) -> web.StreamResponse:
        context = HttpCallContext(request)

        async def one() -> AsyncIterator[bytes]:
            yield message.SerializeToString()

        responses = self.router.model_stream_infer(one(), context)  # type: ignore[arg-type]
        try:
            first = await responses.__anext__()
        except StopAsyncIteration:
            first = None
        except RoutingRejected as exc:
            raise RoutingRejected(exc.code, exc.message, tuple(context.headers)) from exc
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                          **context.response_headers()})
        await out.prepare(request)
        chunk_object = "chat.completion.chunk" if chat else "text_completion"

        async def send(choices: list[dict[str, Any]], **extra: Any) -> None:
            doc = {**base, "object": chunk_object, "choices": choices, **extra}
            await out.write(f"data: {json.dumps(doc, separators=(',', ':'))}\n\n".encode())

        if chat:
            await send([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
        prompt_tokens = completion_tokens = 0
        try:
            item = first
            while item is not None:
                stream_response = service_pb2.ModelStreamInferResponse.FromString(item)
                if stream_response.error_message:
                    error = {"message": stream_response.error_message[:2000], "type": "invalid_request_error",
                             "param": None, "code": None}
                    await out.write(f"data: {json.dumps({'error': error})}\n\n".encode())
                    break
                if stream_response.infer_response.outputs:
                    text, prompt_tokens, completion_tokens = _generated(stream_response.infer_response)
                    if text:
                        delta = {"delta": {"content": text}} if chat else {"text": text, "logprobs": None}
                        await send([{"index": 0, **delta, "finish_reason": None}])
                item = await anext(responses, None)
            else:
                finish = "length" if completion_tokens >= params["max_tokens"] else "stop"
                last = {"delta": {}} if chat else {"text": "", "logprobs": None}
                await send([{"index": 0, **last, "finish_reason": finish}])
                if params.get("include_usage"):
                    await send([], usage={"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                                          "total_tokens": prompt_tokens + completion_tokens})
        except RoutingRejected as exc:  # the stream failed after it began: tell the client in the stream
            error = {"message": exc.message[:2000], "type": "api_error", "param": None, "code": None}
            await out.write(f"data: {json.dumps({'error': error})}\n\n".encode())
        finally:
            await responses.aclose()
        await out.write(b"data: [DONE]\n\n")
        await out.write_eof()
        return out


OFF_LOOP_BYTES = 256 * 1024  # translating a tensor body above this runs on a worker thread, not the router's loop


async def _off_loop(size: int, function: Callable[..., Any], *args: Any) -> Any:
    """function(*args), on a worker thread when the body is large: JSON tensors of megabytes take
    milliseconds to parse or write, and the router's event loop carries every other call meanwhile."""
    if size > OFF_LOOP_BYTES:
        return await asyncio.to_thread(function, *args)
    return function(*args)


def _generated(response: service_pb2.ModelInferResponse) -> tuple[str, int, int]:
    """text_output, num_input_tokens and num_output_tokens of an ensemble response."""
    values: dict[str, Any] = {}
    for index, tensor in enumerate(response.outputs):
        if index < len(response.raw_output_contents):
            values[tensor.name] = response.raw_output_contents[index]
    text = ""
    if "text_output" in values:
        pieces = deserialize_bytes_tensor(values["text_output"])
        text = pieces[0].decode("utf-8", "replace") if len(pieces) else ""

    def count(name: str) -> int:
        raw = values.get(name)
        return int(np.frombuffer(raw, dtype=np.int32)[0]) if raw and len(raw) >= 4 else 0

    return text, count("num_input_tokens"), count("num_output_tokens")


# ---- OpenAI parameters ---------------------------------------------------------------------------

_COMMON = frozenset({"model", "max_tokens", "temperature", "top_p", "n", "stream", "stop", "seed", "stream_options",
                     "user", "presence_penalty", "frequency_penalty", "logprobs", "logit_bias"})
_COMPLETION = _COMMON | {"prompt", "echo", "best_of", "suffix"}
_CHAT = _COMMON | {"messages", "max_completion_tokens", "top_logprobs", "response_format", "tools", "tool_choice",
                   "parallel_tool_calls"}
DEFAULT_MAX_TOKENS = 16  # OpenAI's default for completions (and Triton's frontend's)


def _number(doc: dict, key: str, default: float | None, low: float, high: float) -> float | None:
    value = doc.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise _bad(f"{key}: must be a number from {low:g} to {high:g}, got {quoted(value, 40)}")
    return float(value)


def _integer(doc: dict, key: str, default: int | None, low: int, high: int) -> int | None:
    value = doc.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"{key}: must be an integer from {low} to {high}, got {quoted(value, 40)}")
    return value


def _text_content(content: Any, where: str) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, dict) for p in content):
        texts = []
        for part in content:
            if part.get("type") != "text" or not isinstance(part.get("text"), str):
                raise _bad(f"{where}: only text content parts are supported, got {quoted(part.get('type'), 40)}")
            texts.append(part["text"])
        return "".join(texts)
    raise _bad(f"{where}: content must be a string or a list of text parts")


def completion_parameters(doc: dict, chat: bool) -> dict[str, Any]:
    """The request's parameters, checked: every problem is a 400 naming the field."""
    _no_unknown(doc, _CHAT if chat else _COMPLETION, "the request")
    model = doc.get("model")
    if not isinstance(model, str) or not model:
        raise _bad("model: required, the name of a model (GET /v1/models lists them)")
    if chat:
        messages = doc.get("messages")
        if not isinstance(messages, list) or not messages:
            raise _bad("messages: required, a non-empty list of {role, content}")
        user = [m for m in messages if isinstance(m, dict) and m.get("role") == "user"]
        for index, entry in enumerate(messages):
            if not isinstance(entry, dict) or entry.get("role") not in ("system", "developer", "user", "assistant", "tool"):
                raise _bad(f"messages[{index}]: must be an object whose role is system, developer, user, "
                                 "assistant or tool")
        if not user:
            raise _bad("messages: no user message to answer")
        prompt = _text_content(user[-1].get("content"), f"messages[{messages.index(user[-1])}].content")
        for key in ("tools", "tool_choice", "response_format", "top_logprobs", "parallel_tool_calls"):
            if doc.get(key) not in (None, [], {"type": "text"}):
                raise _bad(f"{key}: not supported by edgeroute's CPU model")
        max_tokens = _integer(doc, "max_completion_tokens", None, 1, 1_000_000)
        if max_tokens is None:
            max_tokens = _integer(doc, "max_tokens", DEFAULT_MAX_TOKENS, 1, 1_000_000)
        echo = False
    else:
        prompt = doc.get("prompt")
        if isinstance(prompt, list) and len(prompt) == 1:
            prompt = prompt[0]
        if not isinstance(prompt, str) or not prompt:
            raise _bad("prompt: required, one non-empty string")
        for key in ("suffix",):
            if doc.get(key) is not None:
                raise _bad(f"{key}: not supported")
        if _integer(doc, "best_of", 1, 1, 1) != 1:
            raise _bad("best_of: only 1 is supported")
        echo = doc.get("echo", False)
        if not isinstance(echo, bool):
            raise _bad("echo: must be true or false")
        max_tokens = _integer(doc, "max_tokens", DEFAULT_MAX_TOKENS, 1, 1_000_000)
    if _integer(doc, "n", 1, 1, 128) != 1:
        raise _bad("n: only n=1 is supported")
    if doc.get("logprobs") not in (None, False):
        raise _bad("logprobs: not supported by edgeroute's CPU model")
    if doc.get("logit_bias") not in (None, {}):
        raise _bad("logit_bias: not supported")
    stream = doc.get("stream", False)
    if not isinstance(stream, bool):
        raise _bad("stream: must be true or false")
    options = doc.get("stream_options")
    if options is not None and (not stream or not isinstance(options, dict)):
        raise _bad("stream_options: only with stream true, as an object such as {\"include_usage\": true}")
    stop = doc.get("stop")
    if isinstance(stop, str):
        stop = [stop]
    if stop is not None and (not isinstance(stop, list) or len(stop) > 4 or not all(isinstance(s, str) for s in stop)):
        raise _bad("stop: a string or a list of up to 4 strings")
    return {
        "model": model, "prompt": prompt, "max_tokens": max_tokens, "stream": stream, "echo": echo,
        "temperature": _number(doc, "temperature", 1.0, 0.0, 2.0), "top_p": _number(doc, "top_p", 1.0, 0.0, 1.0),
        "presence_penalty": _number(doc, "presence_penalty", None, -2.0, 2.0),
        "frequency_penalty": _number(doc, "frequency_penalty", None, -2.0, 2.0),
        "seed": _integer(doc, "seed", None, 0, 2**63 - 1), "stop": stop or [],
        "include_usage": bool((options or {}).get("include_usage", False)),
    }


def ensemble_request(params: dict[str, Any]) -> service_pb2.ModelInferRequest:
    """The TensorRT-LLM ensemble request for checked OpenAI parameters (Triton's frontend's mapping)."""
    request = service_pb2.ModelInferRequest(model_name=params["model"])

    def add(name: str, datatype: str, array: np.ndarray) -> None:
        request.inputs.add(name=name, datatype=datatype, shape=list(array.shape))
        raw = serialize_byte_tensor(array).item() if datatype == "BYTES" else array.tobytes()
        request.raw_input_contents.append(raw)

    add("text_input", "BYTES", np.array([[params["prompt"].encode()]], dtype=object))
    add("max_tokens", "INT32", np.array([[params["max_tokens"]]], dtype=np.int32))
    add("stream", "BOOL", np.array([[params["stream"]]], dtype=bool))
    add("exclude_input_in_output", "BOOL", np.array([[not params["echo"]]], dtype=bool))
    add("temperature", "FP32", np.array([[params["temperature"]]], dtype=np.float32))
    add("top_p", "FP32", np.array([[params["top_p"]]], dtype=np.float32))
    for key in ("presence_penalty", "frequency_penalty"):
        if params[key] is not None:
            add(key, "FP32", np.array([[params[key]]], dtype=np.float32))
    if params["seed"] is not None:
        add("seed", "UINT64", np.array([[params["seed"]]], dtype=np.uint64))
    if params["stop"]:
        add("stop_words", "BYTES", np.array([[s.encode() for s in params["stop"]]], dtype=object))
    add("return_num_input_tokens", "BOOL", np.array([[True]], dtype=bool))
    add("return_num_output_tokens", "BOOL", np.array([[True]], dtype=bool))
    return request


_OPENAI_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
                 404: "invalid_request_error", 413: "invalid_request_error", 429: "rate_limit_error"}


def _error(openai: bool, status: int, message: str, code: grpc.StatusCode | None,
           headers: dict[str, str] | None = None) -> web.Response:
    extra = {}
    retry_ms = (headers or {}).get(RETRY_AFTER_HEADER)
    if retry_ms is not None and str(retry_ms).isdigit():
        extra = {"Retry-After": str(max(1, math.ceil(int(retry_ms) / 1000))), RETRY_AFTER_HEADER: str(retry_ms)}
    if not openai:
        return web.json_response({"error": message}, status=status, headers=extra)
    kind = _OPENAI_TYPES.get(status, "api_error")
    error_code = "model_not_found" if status == 404 and code is grpc.StatusCode.NOT_FOUND else None
    return web.json_response({"error": {"message": message, "type": kind, "param": None, "code": error_code}},
                             status=status, headers=extra)


__all__ = ["HttpCallContext", "HttpFront", "completion_parameters", "ensemble_request", "infer_request",
           "infer_response", "message_json"]
