"""The cache across a hub's nodes and across a restart, on real routers, edge nodes and Triton:
- cache-aware routing: a 3-node hub; each question and its rewordings go to the node that holds its answer
  (the router hashes the prompt's facts), so repeats hit; distinct questions spread over the nodes;
- a node restarted with `cache.snapshot` set serves its old entries.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import grpc
import pytest

from bench.cacheeval import design
from controlplane.registry import read_registry
from controlplane.requests import generation_request
from controlplane.router import NODE_HEADER
from controlplane.stack import Stack
from edgenode.cache.edge import CACHE_HEADER
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML, config_with
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration
REGION = (("x-client-region", "casablanca"),)
TOKENS = 24


def ask(router: str, text: str) -> tuple[str, str, bytes]:
    """(node, cache mark, text_output bytes) of one unary `ensemble` call through the router."""
    with grpc.insecure_channel(router, options=CHANNEL_OPTIONS) as channel:
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        response, call = stub.ModelInfer.with_call(generation_request(text, TOKENS), metadata=REGION, timeout=60)
    headers = dict(call.initial_metadata())
    return headers[NODE_HEADER], headers.get(CACHE_HEADER, ""), response.raw_output_contents[0]


class Hub:
    """Asks through the router one call at a time, each once the tangier nodes report the previous one over.
    Back to back, the router can still hold a report made with the previous call in flight, count the next
    call as waiting there and rightly send it to the next node in rendezvous order instead of its home."""

    def __init__(self, router: str, endpoint: str) -> None:
        self.router, self.endpoint = router, endpoint
        self.previous: tuple[str, float] | None = None  # (node, wall-clock time before it) of a call run on Triton

    def ask(self, text: str) -> tuple[str, str, bytes]:
        wait_until(self._idle, 10, f"the tangier nodes reporting idle after {self.previous}")
        started = time.time()  # the nodes stamp their reports with the wall clock
        node, mark, answer = ask(self.router, text)
        # a call that ran on Triton was in flight at its node, which reports its end within about 50 ms; a
        # cache hit never is, and the node makes no report for it
        self.previous = (node, started) if mark != "hit" else None
        return node, mark, answer

    def _idle(self) -> bool:
        """Every tangier node reports nothing in flight or queued, the last miss's node in a report made after
        that call was sent (a report made before it ended would show it in flight)."""
        nodes = [n for n in asyncio.run(read_registry(self.endpoint)).nodes.values() if n.hub == "tangier"]
        if len(nodes) != 3 or any(n.in_flight or n.queue_depth for n in nodes):
            return False
        return self.previous is None or any(
            n.node_id == self.previous[0] and n.reported_at > self.previous[1] for n in nodes)


@pytest.fixture(scope="module")
def hub():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", f"tangier-{n}") for n in "abc"], models="ensemble")
        yield Hub(stack.start_router().address, stack.endpoint)


def test_repeats_and_rewordings_meet_the_node_that_holds_their_answer(hub):
    pairs = [p for p in design.pairs(seed=5, n_questions=9, n_free=1) if p.should_hit]
    by_question: dict[str, list[str]] = {}
    for pair in pairs:
        by_question.setdefault(pair.stored, []).append(pair.asked)
    homes = {}
    for question in by_question:
        node, mark, answer = hub.ask(question)
        assert mark == "miss", question
        homes[question] = (node, answer)
    hits = 0
    for question, rewordings in by_question.items():
        home, answer = homes[question]
        for text in (question, *rewordings):
            node, mark, again = hub.ask(text)
            assert node == home, (text, node, home)  # the router sends it where the answer is
            if mark == "hit":
                hits += 1
                assert again == answer
    assert hits == len(by_question) + len(pairs)  # every repeat and every rewording answered from the cache
    assert len(Counter(node for node, _ in homes.values())) > 1, homes  # distinct questions spread


def test_a_node_restarted_with_a_snapshot_serves_its_old_entries(tmp_path):
    snapshot = tmp_path / "cache.npz"
    config = config_with(tmp_path, cache={"enabled": True, "snapshot": str(snapshot),
                                          "models": {"ensemble": {"text_input": "text_input"}}})
    question = "feeder F21 load 33 MW peak 48 MW solar 6 MW. config?"
    with Stack(config) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", "tangier-s")], models="ensemble")
        router = stack.start_router().address
        node, mark, answer = ask(router, question)
        assert (node, mark) == ("tangier-s", "miss")
        assert ask(router, question)[1] == "hit"
        stack.edges[0].process.stop(grace_s=20)  # SIGTERM: drain, save the snapshot
        stack.edges.clear()
        assert snapshot.exists()
        stack.start_edges([("tangier", "tangier-s")], models="ensemble")
        node, mark, again = ask(router, question)
        assert (node, mark, again) == ("tangier-s", "hit", answer)
        # a rewording reaches the restored entry's semantic tier too
        assert ask(router, "feeder F21: load 33MW, peak 48MW, solar 6MW. config?")[1:] == ("hit", answer)
