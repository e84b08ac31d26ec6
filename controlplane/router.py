"""`edgeroute router`: a Triton-protocol gRPC server that sends each call to a node of the chosen hub.

The request path reads the current RouterState (replaced whole when etcd or the config changes),
calls the policy, and forwards the call's bytes; it never waits on etcd and never decodes tensors.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import grpc
import grpc.aio

from controlplane import metrics
from controlplane.auth import AUTH_HEADER, HOP_ONLY_HEADERS, Authenticator, AuthError, hop_headers
from controlplane.geoip import Locator, UnknownRegion
from controlplane.kernel.config import RegionsConfig
from controlplane.kernel.errors import MAX_RELAYED_CHARS, RoutingRejected, bounded, quoted, unknown_model
from controlplane.kernel.ledger import LoadLedger
from controlplane.kernel.policy import (
    NO_NODE,
    SHED,
    NodeState,
    RequestFacts,
    RouteDecision,
    Snapshot,
    affinity_key,
    choose,
    nearest_node,
)
from controlplane.kernel.prompts import exact_key, read
from controlplane.streams import StreamLedger
from controlplane.transport import Transport
from controlplane.wire.fields import WireError, length_delimited_fields
from controlplane.wire.relay import CACHE_HEADER, RETRY_AFTER_HEADER, forwardable_metadata, remaining_timeout
from controlplane.wire.tensors import request_text
from proto import SERVER_OPTIONS, SERVICE_NAME, service_pb2

LOG = logging.getLogger(__name__)

HUB_HEADER, NODE_HEADER, DECISION_HEADER = "x-edgeroute-hub", "x-edgeroute-node", "x-edgeroute-decision"
# failures that happen before the node produced any response: safe to try the next candidate
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED})
_MODEL_FIELD = frozenset({1})
_MODEL_CALLS = ("ModelReady", "ModelMetadata", "ModelConfig", "ModelStatistics")
STREAM_INBOX = 64  # client requests read ahead of the node
_SERVER_CALLS = frozenset({"ServerMetadata", "ModelStatistics"})  # may name no model: go to the nearest hub


@dataclass(frozen=True)
class RouterState:
    """Everything one call reads, swapped atomically: a call keeps the state it started with."""

    snapshot: Snapshot
    locator: Locator


_NOT_FORWARDED = HOP_ONLY_HEADERS | {AUTH_HEADER}  # the client's key stays here; the hop headers are ours


class Router:
    def __init__(
        self, state: RouterState, ledger: LoadLedger, transport: Transport, rng: random.Random | None = None,
        hop_secret: bytes | None = None, clock: Callable[[], float] = time.time,
    ) -> None:
        self.state = state
        self.ledger = ledger
        self.transport = transport
        self._clock = clock  # the reports' clock (wall time): when a call reaches a node
        self._rng = rng or random.Random()
        self.auth = Authenticator(state.snapshot.config.auth)
        self._hop_secret = hop_secret

    def _hop_metadata(self, context: grpc.aio.ServicerContext) -> tuple[tuple[str, str | bytes], ...]:
        """Authenticate the caller (when auth is on), spend a token of its tenant, and build the metadata the
        node gets: the client's, minus its key and any hop header it made up, plus the signed tenant."""
        incoming = context.invocation_metadata() or ()
        try:
            tenant = self.auth.tenant(incoming)
        except AuthError as exc:
            hint = ((RETRY_AFTER_HEADER, str(exc.retry_after_ms)),) if exc.retry_after_ms is not None else ()
            raise RoutingRejected(grpc.StatusCode[exc.code], exc.message, hint) from exc
        kept = tuple((k, v) for k, v in incoming if k not in _NOT_FORWARDED)
        return forwardable_metadata(kept, hop_headers(self._hop_secret, tenant.name if tenant else ""))

    # ---- decisions ---------------------------------------------------------------------------
    def affinity(self, model: str, request: bytes) -> int:
        """The request's cache affinity (controlplane.kernel.policy.affinity_key), or 0 when its model is not
        cached, no hub has two nodes of it, or it carries no single prompt."""
        snapshot = self.state.snapshot
        config = snapshot.config
        settings = config.cache.for_model(model)
        if settings is None or not any(len(snapshot.nodes_for(hub.name, model)) > 1 for hub in config.hubs):
            return 0
        text = request_text(request, settings.text_input)
        if text is None:
            return 0
        if len(text) > config.cache.max_semantic_chars:
            # the edge keeps it for exact repeats only: the same prompt (case and spacing aside) goes to the same
            # node, by a hash of it, unread (reading it would hold this loop as long as the edge's)
            return affinity_key(model, (exact_key("", text),))
        return _affinity_of(model, text)

    def decide(self, model: str, context: grpc.aio.ServicerContext, affinity: int = 0) -> RouteDecision:
        started = time.perf_counter()
        state = self.state
        region = self._region(state, context)
        snapshot = state.snapshot
        if not snapshot.serves(model):
            if not snapshot.nodes:
                raise RoutingRejected(grpc.StatusCode.UNAVAILABLE, "no live edge node in the registry; retry later")
            served = sorted({m for n in snapshot.nodes.values() for m in n.models})
            raise RoutingRejected(
                grpc.StatusCode.NOT_FOUND,
                f"{unknown_model(model)}; edgeroute: no live edge node serves it (served: {', '.join(served)})",
            )
        decision = choose(
            snapshot, RequestFacts(region, model, affinity=affinity), now=self._clock(), rng=self._rng,
            unreported=self.ledger.unreported, ejected=self.ledger.ejected(),
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
                f"no live node serves {quoted(model)} within the overflow budget of {region}; retry later",
            )
        return decision

    # ---- unary -------------------------------------------------------------------------------
    async def model_infer(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return await self.routed_unary("ModelInfer", request, context)

    async def routed_unary(self, method: str, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        """One unary KServe call (ModelInfer, ModelMetadata, ...) routed like any other: what the gRPC
        servicer and the HTTP front (controlplane.http_front, with its own context) both call."""
        started = time.perf_counter()
        hub, decision_name, code = "", "", grpc.StatusCode.OK
        try:
            try:
                model = length_delimited_fields(request, _MODEL_FIELD).get(1, b"").decode()
            except (WireError, UnicodeDecodeError) as exc:
                raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, f"malformed {method} request: {exc}") from exc
            if not model and method not in _SERVER_CALLS:
                raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, f"{method}: model name is empty")
            metadata = self._hop_metadata(context)
            if method == "ModelReady" and model and not self.state.snapshot.serves(model):
                # Triton answers readiness of a model it does not have with ready=false, not an error
                return service_pb2.ModelReadyResponse(ready=False).SerializeToString()
            if model:
                affinity = self.affinity(model, request) if method == "ModelInfer" else 0
                decision = self.decide(model, context, affinity)
                response, node, cache = await self._attempts(method, request, decision, context, metadata)
                decision_name = decision.decision
            else:
                region = self._region(self.state, context)
                nearest = self._nearest(region)
                response, node, cache = await self._attempts(method, request, _Only(nearest, region), context, metadata)
                decision_name = "nearest"
            hub = node.hub
            headers = ((HUB_HEADER, node.hub), (NODE_HEADER, node.node_id), (DECISION_HEADER, decision_name))
            await context.send_initial_metadata(headers + (((CACHE_HEADER, cache),) if cache else ()))
            return response
        except RoutingRejected as exc:
            code = exc.code
            if exc.metadata:
                await context.send_initial_metadata(exc.metadata)
            await context.abort(exc.code, exc.message)
        except grpc.aio.AioRpcError as exc:
            code = exc.code()
            await context.abort(exc.code(), bounded(exc.details() or ""))
        finally:
            metrics.REQUESTS.labels(method, hub, decision_name, code.name).inc()
            metrics.LATENCY.labels(method).observe(time.perf_counter() - started)
        raise AssertionError("unreachable")

    async def _attempts(
        self, method: str, request: bytes, decision: RouteDecision | _Only, context: grpc.aio.ServicerContext,
        metadata: tuple[tuple[str, str | bytes], ...],
    ) -> tuple[bytes, NodeState, str]:
        """Try the chosen node, then the failover candidates in order (ranked only if the first fails);
        move on only when a node failed before answering, or did not answer within `policy.per_try_timeout_ms`
        (the attempt is then cancelled). Returns the response, the node and the node's
        x-edgeroute-cache header ("" when it sent none)."""
        policy = self.state.snapshot.config.policy
        max_attempts = policy.max_attempts
        per_try_s = None if policy.per_try_timeout_ms is None else policy.per_try_timeout_ms / 1000.0
        last: grpc.aio.AioRpcError | None = None
        last_node: NodeState | None = None
        expired = False  # the last attempt ran out of its per-try timeout
        tried = 0
        for attempt in range(max_attempts):
            if attempt == 0:
                node = decision.first
            else:
                if attempt >= len(decision.candidates):
                    break
                node = decision.candidates[attempt]
            if node is None:
                break
            timeout = remaining_timeout(context)
            if attempt and not _time_for_a_try(timeout):
                break
            if last is not None:  # a retry: counted when it is made, so a last failed try counts none
                metrics.RETRIES.labels("PER_TRY_TIMEOUT" if expired else last.code().name).inc()
            tried += 1
            per_try = per_try_s is not None and (timeout is None or per_try_s < timeout)  # the try's own bound
            token = self.ledger.sent(node, self._reaches_at(decision.region, node))
            try:
                call = self.transport.unary(node, method)(request, timeout=per_try_s if per_try else timeout,
                                                          metadata=metadata)
                response = await call
                cache = next((v for k, v in (await call.initial_metadata() or ()) if k == CACHE_HEADER), "")
            except grpc.aio.AioRpcError as exc:
                metrics.ATTEMPTS.labels(node.hub, node.node_id, exc.code().name).inc()
                expired = per_try and exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED
                if exc.code() not in RETRYABLE and not expired:
                    raise
                if not expired:  # refused before any work: not the node's load (a call past its per-try timeout
                    self.ledger.cancel(node, token)  # reached the node: it stays on the books until a report covers it)
                if exc.code() == grpc.StatusCode.UNAVAILABLE or expired:  # a full node (RESOURCE_EXHAUSTED) is healthy
                    self.ledger.failed(node)
                last, last_node = exc, node
                continue
            metrics.ATTEMPTS.labels(node.hub, node.node_id, "OK").inc()
            self.ledger.succeeded(node)
            return response, node, str(cache)
        if last is None:
            raise RoutingRejected(grpc.StatusCode.UNAVAILABLE, "no node to try")
        if expired and last_node is not None:
            raise _per_try_expired(tried, last_node, "did not answer", policy.per_try_timeout_ms)
        hint = tuple((k, v) for k, v in (last.initial_metadata() or ()) if k == RETRY_AFTER_HEADER)
        raise RoutingRejected(last.code(), f"{tried} attempt(s) failed; last: {last.details()}", hint)

    def _reaches_at(self, region: str, node: NodeState) -> float:
        """When a call sent now reaches `node`: half the region's configured RTT to the node's hub."""
        config = self.state.snapshot.config
        row = config.rtt_table.get(region)
        one_way_s = row[node.hub][0] / 2000.0 if row is not None and node.hub in row else 0.0
        return self._clock() + one_way_s

    @staticmethod
    def _region(state: RouterState, context: grpc.aio.ServicerContext) -> str:
        try:
            return state.locator.locate(context.invocation_metadata() or (), context.peer()).region
        except UnknownRegion as exc:
            raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, str(exc)) from exc

    def _nearest(self, region: str) -> NodeState:
        node = nearest_node(self.state.snapshot, region, self.ledger.ejected())
        if node is None:
            raise RoutingRejected(grpc.StatusCode.UNAVAILABLE, "no live edge node in the registry; retry later")
        return node

    def _model_call(self, method: str):  # noqa: ANN202
        async def handle(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            return await self.routed_unary(method, request, context)

        return handle

    async def server_metadata(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return await self.routed_unary("ServerMetadata", request, context)

    async def server_live(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return service_pb2.ServerLiveResponse(live=True).SerializeToString()

    async def server_ready(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return service_pb2.ServerReadyResponse(ready=bool(self.state.snapshot.nodes)).SerializeToString()

    # ---- streaming ---------------------------------------------------------------------------
    async def model_stream_infer(
        self, requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext
    ) -> AsyncIterator[bytes]:
        """Bidirectional pass-through with many requests per stream, routed by the first request.

        The ledger tracks where each request ends. If the node fails while no open request has shown the
        client any output, the open requests are replayed on the next candidate and the stream goes on."""
        started = time.perf_counter()
        iterator = requests.__aiter__()
        try:
            first = await iterator.__anext__()
        except StopAsyncIteration:
            return
        hub, decision_name, code = "", "", grpc.StatusCode.OK
        inbox: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=STREAM_INBOX)
        reader = asyncio.create_task(_read_client(iterator, inbox), name="router-stream-reader")
        try:
            try:
                model = length_delimited_fields(first, _MODEL_FIELD).get(1, b"").decode()
            except (WireError, UnicodeDecodeError) as exc:
                raise RoutingRejected(grpc.StatusCode.INVALID_ARGUMENT, f"malformed ModelStreamInfer request: {exc}") from exc
            metadata = self._hop_metadata(context)
            decision = self.decide(model, context, self.affinity(model, first))
            decision_name = decision.decision
            ledger = StreamLedger()
            ledger.add(first, time.perf_counter())
            async for item in self._stream_attempts(ledger, inbox, decision, context, metadata):
                if isinstance(item, NodeState):
                    hub = item.hub
                    await context.send_initial_metadata(
                        ((HUB_HEADER, item.hub), (NODE_HEADER, item.node_id), (DECISION_HEADER, decision_name))
                    )
                else:
                    yield item
        except RoutingRejected as exc:
            code = exc.code
            if exc.metadata:
                await context.send_initial_metadata(exc.metadata)
            await context.abort(exc.code, exc.message)
        except grpc.aio.AioRpcError as exc:
            code = exc.code()
            await context.abort(exc.code(), bounded(exc.details() or ""))
        finally:
            reader.cancel()
            await asyncio.gather(reader, return_exceptions=True)
            metrics.REQUESTS.labels("ModelStreamInfer", hub, decision_name, code.name).inc()
            metrics.LATENCY.labels("ModelStreamInfer").observe(time.perf_counter() - started)

    async def _stream_attempts(
        self,
        ledger: StreamLedger,
        inbox: asyncio.Queue[bytes | None],
        decision: RouteDecision,
        context: grpc.aio.ServicerContext,
        metadata: tuple[tuple[str, str | bytes], ...],
    ) -> AsyncIterator[bytes | NodeState]:
        policy = self.state.snapshot.config.policy
        candidates = decision.candidates[: policy.max_attempts]
        per_try_s = None if policy.per_try_timeout_ms is None else policy.per_try_timeout_ms / 1000.0
        announced = False
        for attempt, node in enumerate(candidates):
            timeout = remaining_timeout(context)
            # the per-try timeout bounds a try's wait for its first response while nothing has been shown to the
            # client (so the stream can still be replayed elsewhere); a generation's later pieces are not bounded
            first_within = per_try_s if per_try_s is not None and (timeout is None or per_try_s < timeout) else None
            call = self.transport.stream(node)(timeout=timeout, metadata=metadata)
            writer = asyncio.create_task(
                self._stream_writer(call, ledger, inbox, node, decision.region), name="router-stream-writer"
            )
            try:
                async for response in _FirstWithin(call, first_within if ledger.replayable() else None):
                    outcome = ledger.on_response(response)
                    now = time.perf_counter()
                    if outcome.first is not None:
                        metrics.FIRST_RESPONSE.labels("ModelStreamInfer").observe(now - outcome.first.started)
                    if outcome.ended is not None:
                        failed = bool(outcome.response and outcome.response.error)
                        metrics.STREAM_REQUESTS.labels(node.hub, "error" if failed else "ok").inc()
                        metrics.STREAM_REQUEST_LATENCY.observe(now - outcome.ended.started)
                    if outcome.forward:
                        if outcome.response and len(outcome.response.error) > MAX_RELAYED_CHARS:
                            response = _bounded_stream_error(response)
                        if not announced:
                            announced = True
                            yield node
                        yield response
                await writer
                metrics.ATTEMPTS.labels(node.hub, node.node_id, "OK").inc()
                self.ledger.succeeded(node)
                return
            except grpc.aio.AioRpcError as exc:
                metrics.ATTEMPTS.labels(node.hub, node.node_id, exc.code().name).inc()
                timeout = remaining_timeout(context)
                replayable = ledger.replayable() and attempt + 1 < len(candidates) and _time_for_a_try(timeout)
                if exc.code() in RETRYABLE and replayable:
                    if exc.code() == grpc.StatusCode.UNAVAILABLE:
                        self.ledger.failed(node)
                    metrics.RETRIES.labels(exc.code().name).inc()
                    continue
                raise
            except _NoFirstResponse:
                metrics.ATTEMPTS.labels(node.hub, node.node_id, "DEADLINE_EXCEEDED").inc()
                self.ledger.failed(node)
                timeout = remaining_timeout(context)
                if attempt + 1 < len(candidates) and _time_for_a_try(timeout):
                    metrics.RETRIES.labels("PER_TRY_TIMEOUT").inc()
                    continue
                raise _per_try_expired(attempt + 1, node, "sent no response", policy.per_try_timeout_ms) from None
            finally:
                writer.cancel()
                await asyncio.gather(writer, return_exceptions=True)
                call.cancel()

    async def _stream_writer(
        self,
        call: grpc.aio.StreamStreamCall,
        ledger: StreamLedger,
        inbox: asyncio.Queue[bytes | None],
        node: NodeState,
        region: str,
    ) -> None:
        """Send the open requests (a replay after a failover), then whatever the client sends next."""
        for entry in list(ledger.open):
            self.ledger.sent(node, self._reaches_at(region, node))
            await call.write(entry.forwarded)
        while not ledger.client_done:
            raw = await inbox.get()
            if raw is None:
                ledger.client_done = True
                break
            forwarded = ledger.add(raw, time.perf_counter())
            self.ledger.sent(node, self._reaches_at(region, node))
            await call.write(forwarded)
        await call.done_writing()

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


MIN_TRY_S = 0.002  # with less of the caller's deadline left, no further try is made


def _time_for_a_try(timeout: float | None) -> bool:
    """Whether the caller's remaining deadline (None: none) leaves room for another try."""
    return timeout is None or timeout >= MIN_TRY_S


def _per_try_expired(tried: int, node: NodeState, what: str, per_try_ms: float | None) -> RoutingRejected:
    """What the caller gets when its last try ran out of policy.per_try_timeout_ms."""
    return RoutingRejected(
        grpc.StatusCode.DEADLINE_EXCEEDED,
        f"{tried} attempt(s) failed; last: {node.key} {what} within the per-try timeout of {per_try_ms:g} ms "
        "(policy.per_try_timeout_ms)")


class _NoFirstResponse(Exception):
    """A stream's try sent nothing within the per-try timeout."""


class _FirstWithin:
    """A stream call's responses, the first of which must come within `seconds` (None: no bound), else
    _NoFirstResponse."""

    def __init__(self, call: AsyncIterator[bytes], seconds: float | None) -> None:
        self._responses = call.__aiter__()
        self._seconds = seconds

    def __aiter__(self) -> _FirstWithin:
        return self

    async def __anext__(self) -> bytes:
        seconds, self._seconds = self._seconds, None
        if seconds is None:
            return await self._responses.__anext__()
        try:
            async with asyncio.timeout(seconds):
                return await self._responses.__anext__()
        except TimeoutError:
            raise _NoFirstResponse from None


@dataclass(frozen=True)
class _Only:
    """One node and no alternatives, shaped like a RouteDecision for the attempt loop."""

    first: NodeState
    region: str

    @property
    def candidates(self) -> tuple[NodeState, ...]:
        return (self.first,)


async def _read_client(requests: AsyncIterator[bytes], inbox: asyncio.Queue[bytes | None]) -> None:
    """Take the client's requests as they come (one reader for the whole stream, whichever node serves it)."""
    async for request in requests:
        await inbox.put(request)
    await inbox.put(None)


def make_server(router: Router) -> grpc.aio.Server:
    server = grpc.aio.server(options=SERVER_OPTIONS)
    server.add_generic_rpc_handlers((router.handler(),))
    return server


def build_state(config: RegionsConfig, locator: Locator, nodes: dict[str, NodeState], revision: int) -> RouterState:
    return RouterState(Snapshot.build(config, nodes, revision), locator)


_AFFINITY_MEMO: OrderedDict[bytes, int] = OrderedDict()  # a digest of (model, prompt) -> its affinity, LRU first
_AFFINITY_MEMO_SIZE = 8192  # keyed by a 16-byte digest, not the prompt: a few hundred KB whatever the prompts' length


def _affinity_of(model: str, text: str) -> int:
    """The prompt's affinity by its reading, memoised: repeats are what a cache-aware choice is for."""
    digest = hashlib.blake2b(f"{model}\x00{text}".encode(), digest_size=16).digest()
    affinity = _AFFINITY_MEMO.get(digest)
    if affinity is None:
        affinity = _AFFINITY_MEMO[digest] = affinity_key(model, read(text).affinity)
        if len(_AFFINITY_MEMO) > _AFFINITY_MEMO_SIZE:
            _AFFINITY_MEMO.popitem(last=False)
    else:
        _AFFINITY_MEMO.move_to_end(digest)
    return affinity


def _bounded_stream_error(raw: bytes) -> bytes:
    """A node's stream error that quotes user input at length (Triton quotes names whole), cut to a bound."""
    response = service_pb2.ModelStreamInferResponse.FromString(raw)
    response.error_message = bounded(response.error_message)
    return response.SerializeToString()
