"""The router's attempt loop against a fake Transport: failover on retryable codes, what the ledger learns from
each failure (outlier ejection, refused calls not kept as load), the max_attempts bound, deadlines, and the
node's cache header. No sockets: the fake hands back awaitable calls and raises grpc.aio.AioRpcError as a real
channel does."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import grpc
import grpc.aio
import pytest

from controlplane.kernel.config import OutlierDetection, RegionsConfig
from controlplane.kernel.errors import RoutingRejected
from controlplane.kernel.ledger import LoadLedger
from controlplane.kernel.policy import NEAREST, OVERFLOW, NodeState
from controlplane.metrics import REGISTRY
from controlplane.router import RETRYABLE, Router, _Only, build_state
from controlplane.transport import Transport
from controlplane.wire.relay import CACHE_HEADER, RETRY_AFTER_HEADER

NOW = 1_000_000.0
MODEL = "simple"
REGION = "nairobi"  # tangier 218 ms, dakar 224 ms (+6, within budget)
METADATA = (("x-client-region", REGION), ("x-request-id", "abc"))


# ---- fakes -------------------------------------------------------------------------------------------------


def rpc_error(code: grpc.StatusCode, details: str, headers: tuple[tuple[str, str], ...] = ()) -> grpc.aio.AioRpcError:
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(*headers), grpc.aio.Metadata(), details=details)


@dataclass(frozen=True)
class Reply:
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


class FakeCall:
    """A grpc.aio unary call: awaited for the response (or its error); its initial metadata on request."""

    def __init__(self, outcome: Reply | grpc.aio.AioRpcError) -> None:
        self._outcome = outcome

    def __await__(self):  # noqa: ANN204
        return self._result().__await__()

    async def _result(self) -> bytes:
        if isinstance(self._outcome, grpc.aio.AioRpcError):
            raise self._outcome
        return self._outcome.body

    async def initial_metadata(self) -> grpc.aio.Metadata:
        headers = self._outcome.headers if isinstance(self._outcome, Reply) else ()
        return grpc.aio.Metadata(*headers)


@dataclass
class Sent:
    node: str
    method: str
    request: bytes
    timeout: float | None
    metadata: Any


@dataclass
class FakeTransport:
    """Answers each node with its scripted outcome (a Reply or an AioRpcError); unscripted nodes answer
    b"ok <key>". Records every call made."""

    outcomes: dict[str, Reply | grpc.aio.AioRpcError] = field(default_factory=dict)
    sent: list[Sent] = field(default_factory=list)

    def unary(self, node: NodeState, method: str):  # noqa: ANN201
        def invoke(request: bytes, timeout: float | None = None, metadata: Any = None) -> FakeCall:
            self.sent.append(Sent(node.key, method, request, timeout, metadata))
            return FakeCall(self.outcomes.get(node.key, Reply(f"ok {node.key}".encode())))

        return invoke

    def stream(self, node: NodeState):  # noqa: ANN201
        raise NotImplementedError("unary tests only")

    def on_registry(self, nodes: Mapping[str, NodeState]) -> None:
        pass

    def reload_credentials(self) -> bool:
        return False  # no certificates here

    async def aclose(self) -> None:
        pass

    @property
    def nodes(self) -> list[str]:
        return [s.node for s in self.sent]


class FixedRegion:
    """A Locator that places every caller in one region."""

    def __init__(self, region: str) -> None:
        self.region = region

    def locate(self, metadata: object, peer: str) -> SimpleNamespace:
        return SimpleNamespace(region=self.region, address=None, how="header")

    def close(self) -> None:
        pass


class Context:
    """The part of grpc.aio.ServicerContext the router reads before the response."""

    def __init__(self, remaining: float | None = None) -> None:
        self.remaining = remaining

    def time_remaining(self) -> float | None:
        return self.remaining

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return METADATA

    def peer(self) -> str:
        return "ipv4:127.0.0.1:50000"


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def node(hub: str, n: int = 1) -> NodeState:
    return NodeState(hub, f"{hub}-{n}", f"10.0.{n}.1:8001", frozenset({MODEL}), 0, 0, NOW - 0.1)


def with_policy(config: RegionsConfig, **changes: object) -> RegionsConfig:
    return config.model_copy(update={"policy": config.policy.model_copy(update=changes)})


def make_router(
    config: RegionsConfig, nodes: list[NodeState], transport: FakeTransport, outlier: OutlierDetection | None = None,
    ejected: list[NodeState] | None = None, ledger_clock: Clock | None = None,
) -> Router:
    ledger = LoadLedger(outlier or config.policy.outlier_detection, clock=ledger_clock or Clock(500.0),
                        on_eject=None if ejected is None else ejected.append)
    state = build_state(config, FixedRegion(REGION), {n.key: n for n in nodes}, 0)
    ledger.on_registry(state.snapshot.nodes)
    return Router(state, ledger, transport, rng=random.Random(1), clock=lambda: NOW)


def retries(reason: str) -> float:
    """The router's retry counter for one reason (the registry is the process's own: read it as a difference)."""
    return REGISTRY.get_sample_value("edgeroute_router_retries_total", {"reason": reason}) or 0.0


def test_the_fake_is_a_transport():
    """The fake has every member of the Transport protocol the router may use (so the tests exercise the seam
    the real GrpcTransport plugs into)."""
    members = {name for name in vars(Transport) if not name.startswith("_")}
    assert members == {"unary", "stream", "on_registry", "reload_credentials", "aclose"}
    assert all(callable(getattr(FakeTransport(), name)) for name in members)
    assert RETRYABLE == {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED}


# ---- failover ----------------------------------------------------------------------------------------------


async def test_unavailable_fails_over_to_the_next_candidate(shipped_config):
    """UNAVAILABLE from the chosen node: the same request (bytes and metadata) goes to the next candidate and its
    answer is returned; the first node gets a failure in the ledger (one failure ejects here) and the refused
    call is not kept as its load, while the served call counts from when it reaches its node (half the RTT)."""
    transport = FakeTransport()
    router = make_router(shipped_config, [node("tangier", 1), node("tangier", 2)], transport,
                         outlier=OutlierDetection(consecutive_failures=1, ejection_s=10.0))
    decision = router.decide(MODEL, Context())
    first, second = decision.candidates[:2]
    assert decision.first is first and {first.hub, second.hub} == {"tangier"}
    transport.outcomes[first.key] = rpc_error(grpc.StatusCode.UNAVAILABLE, "connection refused")

    response, served, cache = await router._attempts("ModelInfer", b"req", decision, Context(), metadata=METADATA)

    assert (response, served, cache) == (f"ok {second.key}".encode(), second, "")
    assert transport.nodes == [first.key, second.key]
    assert all((s.method, s.request, s.metadata) == ("ModelInfer", b"req", METADATA) for s in transport.sent)
    assert router.ledger.ejected() == {first.key}  # the failure was recorded
    assert router.ledger.unreported(first.key, math.inf) == 0  # cancelled: not the node's load
    reaches_at = NOW + shipped_config.rtt(REGION, "tangier") / 2000.0
    assert router.ledger.unreported(second.key, reaches_at - 0.001) == 0
    assert router.ledger.unreported(second.key, reaches_at) == 1


async def test_resource_exhausted_fails_over_without_counting_a_failure(shipped_config):
    """RESOURCE_EXHAUSTED means the node is full, not broken: the call is retried elsewhere and not kept as the
    full node's load, but the node is not counted as failed (one failure would eject it here)."""
    transport = FakeTransport()
    router = make_router(shipped_config, [node("tangier", 1), node("dakar", 1)], transport,
                         outlier=OutlierDetection(consecutive_failures=1, ejection_s=10.0))
    decision = router.decide(MODEL, Context())
    assert (decision.decision, decision.first.key) == (NEAREST, "tangier/tangier-1")
    transport.outcomes["tangier/tangier-1"] = rpc_error(grpc.StatusCode.RESOURCE_EXHAUSTED, "queue full")

    response, served, _cache = await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())

    assert (response, served.key) == (b"ok dakar/dakar-1", "dakar/dakar-1")
    assert transport.nodes == ["tangier/tangier-1", "dakar/dakar-1"]
    assert router.ledger.ejected() == frozenset()
    assert router.ledger.unreported("tangier/tangier-1", math.inf) == 0


@pytest.mark.parametrize("code", [grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.DEADLINE_EXCEEDED,
                                  grpc.StatusCode.INTERNAL])
async def test_a_non_retryable_error_is_raised_at_once(shipped_config, code):
    """A code outside RETRYABLE may come after the node did work (or is the caller's fault): it goes back to the
    caller as it is, with no second attempt and no failure counted against the node."""
    transport = FakeTransport()
    router = make_router(shipped_config, [node("tangier", 1), node("tangier", 2), node("dakar")], transport,
                         outlier=OutlierDetection(consecutive_failures=1, ejection_s=10.0))
    decision = router.decide(MODEL, Context())
    error = rpc_error(code, "bad tensor")
    transport.outcomes[decision.first.key] = error

    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())

    assert raised.value is error
    assert transport.nodes == [decision.first.key]
    assert router.ledger.ejected() == frozenset()


# ---- outlier ejection ---------------------------------------------------------------------------------------


async def test_consecutive_unavailable_calls_eject_the_node(shipped_config):
    """consecutive_failures (3, shipped) UNAVAILABLE calls in a row eject the node: every call is still served
    (by dakar, after the failover), on_eject fires once, and the next decisions skip the node until the
    ejection runs out (then it gets a probe call)."""
    failures = shipped_config.policy.outlier_detection.consecutive_failures
    assert failures == 3
    transport = FakeTransport({"tangier/tangier-1": rpc_error(grpc.StatusCode.UNAVAILABLE, "no route to host")})
    ejected: list[NodeState] = []
    ledger_clock = Clock(500.0)
    router = make_router(shipped_config, [node("tangier"), node("dakar")], transport, ejected=ejected,
                         ledger_clock=ledger_clock)

    for attempt in range(failures):
        assert router.ledger.ejected() == frozenset()
        decision = router.decide(MODEL, Context())
        assert (decision.decision, decision.first.key) == (NEAREST, "tangier/tangier-1"), attempt
        _response, served, _cache = await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())
        assert served.key == "dakar/dakar-1"

    assert router.ledger.ejected() == {"tangier/tangier-1"}
    assert [n.key for n in ejected] == ["tangier/tangier-1"]
    decision = router.decide(MODEL, Context())
    assert (decision.decision, decision.first.key) == (OVERFLOW, "dakar/dakar-1")
    assert [c.key for c in decision.candidates] == ["dakar/dakar-1"]
    sent_before = len(transport.sent)
    await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())
    assert transport.nodes[sent_before:] == ["dakar/dakar-1"]  # the ejected node gets no call

    ledger_clock.now += shipped_config.policy.outlier_detection.ejection_s
    decision = router.decide(MODEL, Context())
    assert decision.first.key == "tangier/tangier-1"  # ejection over: the next call probes it


# ---- the attempts bound -------------------------------------------------------------------------------------


@pytest.mark.parametrize("max_attempts", [1, 2, 3])
async def test_max_attempts_bounds_the_attempts(shipped_config, max_attempts):
    """With every node failing, exactly max_attempts nodes are tried, in candidate order, and RoutingRejected
    carries the last error's code and details and how many attempts were made."""
    config = with_policy(shipped_config, max_attempts=max_attempts)
    nodes = [node("tangier", n) for n in (1, 2, 3)] + [node("dakar", n) for n in (1, 2)]
    transport = FakeTransport({n.key: rpc_error(grpc.StatusCode.UNAVAILABLE, f"{n.key} is down") for n in nodes})
    router = make_router(config, nodes, transport)
    decision = router.decide(MODEL, Context())
    assert len(decision.candidates) == 5

    retries_before = retries("UNAVAILABLE")
    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())

    tried = [c.key for c in decision.candidates[:max_attempts]]
    assert transport.nodes == tried
    assert retries("UNAVAILABLE") - retries_before == max_attempts - 1  # the last failed try is not a retry
    assert raised.value.code == grpc.StatusCode.UNAVAILABLE
    assert raised.value.message == f"{max_attempts} attempt(s) failed; last: {tried[-1]} is down"
    assert raised.value.metadata == ()


async def test_fewer_candidates_than_max_attempts(shipped_config):
    """When the budget holds fewer live nodes than max_attempts, each is tried once and no node twice."""
    nodes = [node("tangier"), node("dakar"), node("dakhla")]  # dakhla is beyond nairobi's budget
    transport = FakeTransport({n.key: rpc_error(grpc.StatusCode.UNAVAILABLE, f"{n.key} is down") for n in nodes})
    router = make_router(shipped_config, nodes, transport)
    decision = router.decide(MODEL, Context())

    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())

    assert transport.nodes == ["tangier/tangier-1", "dakar/dakar-1"]
    assert raised.value.message == "2 attempt(s) failed; last: dakar/dakar-1 is down"


async def test_the_last_full_nodes_retry_after_hint_goes_back(shipped_config):
    """When every node tried is full, the caller gets RESOURCE_EXHAUSTED with the last node's retry-after-ms
    hint (and only that header)."""
    nodes = [node("tangier"), node("dakar")]
    transport = FakeTransport({
        "tangier/tangier-1": rpc_error(grpc.StatusCode.RESOURCE_EXHAUSTED, "full", ((RETRY_AFTER_HEADER, "100"),)),
        "dakar/dakar-1": rpc_error(grpc.StatusCode.RESOURCE_EXHAUSTED, "full too",
                                   ((RETRY_AFTER_HEADER, "300"), ("x-other", "no"))),
    })
    router = make_router(shipped_config, nodes, transport)
    decision = router.decide(MODEL, Context())

    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())

    assert raised.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert raised.value.metadata == ((RETRY_AFTER_HEADER, "300"),)


async def test_a_call_for_one_node_is_not_retried(shipped_config):
    """_Only (server calls sent to the nearest node) has no alternative: one attempt, then RoutingRejected."""
    nodes = [node("tangier", 1), node("tangier", 2)]
    transport = FakeTransport({n.key: rpc_error(grpc.StatusCode.UNAVAILABLE, "down") for n in nodes})
    router = make_router(shipped_config, nodes, transport)

    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ServerMetadata", b"", _Only(nodes[0], REGION), Context(), metadata=())

    assert transport.nodes == [nodes[0].key]
    assert raised.value.message == "1 attempt(s) failed; last: down"


# ---- deadlines ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("remaining", "passed_on"), [(None, None), (2.5, 2.5), (1e9, None), (-1.0, 0.001)])
async def test_the_callers_deadline_is_passed_on(shipped_config, remaining, passed_on):
    """Each attempt gets what is left of the caller's deadline as its timeout (none when the caller set none;
    at least 1 ms when it has run out)."""
    transport = FakeTransport()
    router = make_router(shipped_config, [node("tangier")], transport)
    decision = router.decide(MODEL, Context())
    await router._attempts("ModelInfer", b"req", decision, Context(remaining), metadata=())
    assert [s.timeout for s in transport.sent] == [passed_on]


async def test_no_retry_when_the_deadline_is_nearly_spent(shipped_config):
    """With under 2 ms left after a failed first attempt there is no time for another: no second call, and
    the caller gets RoutingRejected with the first attempt's error."""
    transport = FakeTransport({"tangier/tangier-1": rpc_error(grpc.StatusCode.UNAVAILABLE, "down")})
    router = make_router(shipped_config, [node("tangier"), node("dakar")], transport)
    decision = router.decide(MODEL, Context())

    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(0.0015), metadata=())

    assert transport.nodes == ["tangier/tangier-1"]
    assert raised.value.code == grpc.StatusCode.UNAVAILABLE
    assert raised.value.message.endswith("last: down")


async def test_the_attempt_count_skips_the_attempt_the_deadline_prevented(shipped_config):
    """The count in the rejection message is the number of calls actually made."""
    transport = FakeTransport({"tangier/tangier-1": rpc_error(grpc.StatusCode.UNAVAILABLE, "down")})
    router = make_router(shipped_config, [node("tangier"), node("dakar")], transport)
    decision = router.decide(MODEL, Context())

    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(0.0015), metadata=())

    assert len(transport.sent) == 1
    assert raised.value.message == "1 attempt(s) failed; last: down"


# ---- the node's cache header --------------------------------------------------------------------------------


@pytest.mark.parametrize(("headers", "expected"), [
    (((CACHE_HEADER, "hit"), ("x-other", "1")), "hit"),
    ((("x-other", "1"), (CACHE_HEADER, "miss")), "miss"),
    ((), ""),
])
async def test_the_nodes_cache_header_is_returned(shipped_config, headers, expected):
    """x-edgeroute-cache from the serving node's initial metadata comes back with the response ("" when the
    node sent none), for the router to pass on to the caller."""
    transport = FakeTransport({"tangier/tangier-1": Reply(b"answer", headers)})
    router = make_router(shipped_config, [node("tangier")], transport)
    decision = router.decide(MODEL, Context())
    assert await router._attempts("ModelInfer", b"req", decision, Context(), metadata=()) == (
        b"answer", decision.first, expected)


async def test_the_cache_header_is_the_serving_nodes(shipped_config):
    """After a failover the header comes from the node that answered, not from the one that failed."""
    transport = FakeTransport({
        "tangier/tangier-1": rpc_error(grpc.StatusCode.UNAVAILABLE, "down", ((CACHE_HEADER, "hit"),)),
        "dakar/dakar-1": Reply(b"answer", ((CACHE_HEADER, "miss"),)),
    })
    router = make_router(shipped_config, [node("tangier"), node("dakar")], transport)
    decision = router.decide(MODEL, Context())
    _response, served, cache = await router._attempts("ModelInfer", b"req", decision, Context(), metadata=())
    assert (served.key, cache) == ("dakar/dakar-1", "miss")


# ---- per-try timeout ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("remaining", "passed_on"), [(None, 0.25), (10.0, 0.25), (0.1, 0.1)])
async def test_the_per_try_timeout_bounds_each_attempt_within_the_callers_deadline(shipped_config, remaining,
                                                                                   passed_on):
    """With policy.per_try_timeout_ms each attempt gets that timeout, or what is left of the caller's deadline if
    that is less."""
    transport = FakeTransport()
    router = make_router(with_policy(shipped_config, per_try_timeout_ms=250), [node("tangier")], transport)
    decision = router.decide(MODEL, Context())
    await router._attempts("ModelInfer", b"req", decision, Context(remaining), metadata=())
    assert [s.timeout for s in transport.sent] == [passed_on]


async def test_an_attempt_past_its_per_try_timeout_is_tried_on_the_next_candidate(shipped_config):
    """A node hung with its connection alive: the channel ends the attempt DEADLINE_EXCEEDED at the per-try
    timeout, the next candidate answers, and the hung node's failure counts towards its ejection."""
    transport = FakeTransport({"tangier/tangier-1": rpc_error(grpc.StatusCode.DEADLINE_EXCEEDED, "Deadline Exceeded")})
    config = with_policy(shipped_config, per_try_timeout_ms=250)
    router = make_router(config, [node("tangier"), node("dakar")], transport,
                         outlier=OutlierDetection(consecutive_failures=1, ejection_s=10))
    decision = router.decide(MODEL, Context())
    response, served_by, _ = await router._attempts("ModelInfer", b"req", decision, Context(10.0), metadata=())
    assert transport.nodes == ["tangier/tangier-1", "dakar/dakar-1"] and response == b"ok dakar/dakar-1"
    assert served_by.key == "dakar/dakar-1"
    assert router.ledger.ejected() == {"tangier/tangier-1"}
    # the hung node did get the call: it stays on the books until a report covers it (a refused call would not)
    assert router.ledger.unreported("tangier/tangier-1", by=math.inf) == 1


async def test_without_a_per_try_timeout_a_deadline_exceeded_is_the_callers_and_is_not_retried(shipped_config):
    transport = FakeTransport({"tangier/tangier-1": rpc_error(grpc.StatusCode.DEADLINE_EXCEEDED, "Deadline Exceeded")})
    router = make_router(shipped_config, [node("tangier"), node("dakar")], transport)
    decision = router.decide(MODEL, Context())
    with pytest.raises(grpc.aio.AioRpcError):
        await router._attempts("ModelInfer", b"req", decision, Context(10.0), metadata=())
    assert transport.nodes == ["tangier/tangier-1"]


async def test_a_deadline_exceeded_when_the_callers_deadline_was_the_bound_is_not_retried(shipped_config):
    """The caller's own deadline ran out, not the per-try timeout: no time is left for another attempt."""
    transport = FakeTransport({"tangier/tangier-1": rpc_error(grpc.StatusCode.DEADLINE_EXCEEDED, "Deadline Exceeded")})
    router = make_router(with_policy(shipped_config, per_try_timeout_ms=250), [node("tangier"), node("dakar")],
                         transport)
    decision = router.decide(MODEL, Context())
    with pytest.raises(grpc.aio.AioRpcError):
        await router._attempts("ModelInfer", b"req", decision, Context(0.1), metadata=())
    assert transport.nodes == ["tangier/tangier-1"]


async def test_every_attempt_past_its_per_try_timeout_is_a_clear_deadline_exceeded(shipped_config):
    hung = rpc_error(grpc.StatusCode.DEADLINE_EXCEEDED, "Deadline Exceeded")
    transport = FakeTransport({"tangier/tangier-1": hung, "dakar/dakar-1": hung})
    router = make_router(with_policy(shipped_config, per_try_timeout_ms=250), [node("tangier"), node("dakar")],
                         transport)
    decision = router.decide(MODEL, Context())
    retries_before = retries("PER_TRY_TIMEOUT")
    with pytest.raises(RoutingRejected) as raised:
        await router._attempts("ModelInfer", b"req", decision, Context(10.0), metadata=())
    assert retries("PER_TRY_TIMEOUT") - retries_before == 1  # one retry: tangier's expiry; dakar's is the last
    assert raised.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
    assert raised.value.message == ("2 attempt(s) failed; last: dakar/dakar-1 did not answer within the per-try "
                                    "timeout of 250 ms (policy.per_try_timeout_ms)")


def _infer_text(text: str) -> bytes:
    """A serialised ModelInferRequest for the ensemble carrying one BYTES prompt."""
    import struct

    from proto import service_pb2

    request = service_pb2.ModelInferRequest(model_name="ensemble")
    request.inputs.add(name="text_input", datatype="BYTES", shape=[1, 1])
    request.raw_input_contents.append(struct.pack("<I", len(text.encode())) + text.encode())
    return request.SerializeToString()


def _two_node_hub() -> list[NodeState]:
    return [NodeState("tangier", f"tangier-{n}", f"10.0.{n}.1:8001", frozenset({"ensemble"}), 0, 0, NOW - 0.1)
            for n in (1, 2)]


def test_a_prompt_longer_than_the_caches_semantic_bound_is_sent_by_a_hash_of_it_unread(shipped_config):
    """cache.max_semantic_chars: the edge caches a longer prompt for exact repeats only, so the router does not read
    it either (its loop stays bounded): its repeats, case and spacing aside, go to one node by a hash of it."""
    from controlplane.kernel.policy import affinity_key
    from controlplane.kernel.prompts import exact_key, read

    nodes = _two_node_hub()  # the choice within a hub is cache-aware
    short = _infer_text("card 1234 paid 1500 MAD at 16:00 in Rabat. fraud?")
    long = _infer_text("card 1234 paid 1500 MAD at 16:00 in Rabat. fraud? " + "and more " * 250)
    router = make_router(shipped_config, nodes, FakeTransport())
    assert shipped_config.cache.max_semantic_chars == 2000
    by_facts = router.affinity("ensemble", short)
    assert by_facts == affinity_key("ensemble", read("card 1234 paid 1500 MAD at 16:00 in Rabat. fraud?").affinity)
    by_hash = router.affinity("ensemble", long)  # past the bound: its exact repeats go to one node, the prompt unread
    long_text = "card 1234 paid 1500 MAD at 16:00 in Rabat. fraud? " + "and more " * 250
    assert by_hash == affinity_key("ensemble", (exact_key("", long_text),)) != 0
    assert router.affinity("ensemble", _infer_text(long_text.upper().replace(" ", "  "))) == by_hash  # case, spacing
    assert router.affinity("ensemble", _infer_text(long_text.replace("1500", "1600"))) != by_hash
    narrow = shipped_config.model_copy(update={"cache": shipped_config.cache.model_copy(update={"max_semantic_chars": 20})})
    assert make_router(narrow, nodes, FakeTransport()).affinity("ensemble", short) not in (0, by_facts)


def test_a_prompt_within_a_raised_semantic_bound_is_read_once_and_its_memo_keeps_no_text(shipped_config, monkeypatch):
    """With cache.max_semantic_chars raised, a long prompt is read for its affinity like any other, once for its
    repeats: the memo is keyed by a digest, so its size does not grow with the prompts'."""
    import controlplane.router as router_module
    from controlplane.kernel.policy import affinity_key
    from controlplane.kernel.prompts import read

    nodes = _two_node_hub()
    wide = shipped_config.model_copy(update={"cache": shipped_config.cache.model_copy(update={"max_semantic_chars": 16000})})
    router = make_router(wide, nodes, FakeTransport())
    text = "card 4321 paid 900 MAD at 09:00 in Tunis. fraud? " + "and then some more words " * 200  # 5,000+ characters
    calls: list[str] = []
    monkeypatch.setattr(router_module, "read", lambda t: calls.append(t) or read(t))
    first = router.affinity("ensemble", _infer_text(text))
    assert first == affinity_key("ensemble", read(text).affinity) != 0
    assert router.affinity("ensemble", _infer_text(text)) == first and len(calls) == 1  # the repeat met the memo
    assert all(len(key) == 16 for key in router_module._AFFINITY_MEMO)
