"""Where each request of a stream ends, read from the wire; the router's ledger of open requests."""

from __future__ import annotations

import pytest

from controlplane.streams import StreamLedger
from controlplane.wire.stream import ask_final, read_request, read_response
from proto import service_pb2


def request(request_id: str, asked: bool | None = None) -> bytes:
    message = service_pb2.ModelInferRequest(model_name="count", id=request_id)
    if asked is not None:
        message.parameters["triton_enable_empty_final_response"].bool_param = asked
    message.inputs.add(name="COUNT", datatype="INT32", shape=[1])
    message.raw_input_contents.append(b"\x02\x00\x00\x00")
    return message.SerializeToString()


def response(request_id: str, *, final: bool, data: bool = True, error: str = "") -> bytes:
    message = service_pb2.ModelStreamInferResponse(error_message=error)
    if not error:
        infer = message.infer_response
        infer.id = request_id
        infer.parameters["triton_final_response"].bool_param = final
        if data:
            infer.outputs.add(name="INDEX", datatype="INT32", shape=[1])
            infer.raw_output_contents.append(b"\x00\x00\x00\x00")
    return message.SerializeToString()


@pytest.mark.parametrize("asked", [None, False, True])
def test_ask_final_turns_the_flag_on_and_keeps_the_rest(asked):
    raw = request("r1", asked)
    facts = read_request(raw)
    assert facts.request_id == "r1" and facts.asked_final is bool(asked)
    rewritten = service_pb2.ModelInferRequest.FromString(ask_final(raw, facts))
    assert rewritten.parameters["triton_enable_empty_final_response"].bool_param is True
    original = service_pb2.ModelInferRequest.FromString(raw)
    assert rewritten.raw_input_contents == original.raw_input_contents and rewritten.inputs == original.inputs
    assert (ask_final(raw, facts) == raw) is bool(asked)


def test_read_response_both_final_styles_and_errors():
    last_data = read_response(response("a", final=True))  # TensorRT-LLM: the last data response is final
    assert last_data.final and not last_data.empty and last_data.request_id == "a"
    empty = read_response(response("a", final=True, data=False))  # PyTriton: an empty final follows
    assert empty.final and empty.empty
    middle = read_response(response("a", final=False))
    assert not middle.final
    failed = read_response(response("", final=False, error="boom"))
    assert failed.final and failed.error == "boom"


def test_ledger_hides_the_empty_final_only_from_clients_that_did_not_ask():
    ledger = StreamLedger()
    ledger.add(request("quiet"), 0.0)
    ledger.add(request("asks", True), 0.0)
    first = ledger.on_response(response("quiet", final=False))
    assert first.forward and first.first is not None and first.ended is None
    hidden = ledger.on_response(response("quiet", final=True, data=False))
    assert not hidden.forward and hidden.ended is not None and hidden.ended.request.request_id == "quiet"
    shown = ledger.on_response(response("asks", final=True, data=False))
    assert shown.forward and shown.ended is not None
    assert len(ledger) == 0


def test_ledger_replays_only_requests_that_showed_nothing():
    ledger = StreamLedger()
    ledger.add(request("a"), 0.0)
    ledger.add(request("b"), 0.0)
    assert ledger.replayable()
    ledger.on_response(response("a", final=True))  # a is over: it is not replayed
    assert ledger.replayable() and [r.request.request_id for r in ledger.open] == ["b"]
    ledger.on_response(response("b", final=False))
    assert not ledger.replayable()  # b has shown output: a replay would repeat it


def test_ledger_without_ids_is_conservative():
    ledger = StreamLedger()
    for _ in range(3):
        ledger.add(request(""), 0.0)
    ledger.on_response(response("", final=False))
    ledger.on_response(response("", final=True))
    assert len(ledger) == 2 and not ledger.replayable()  # which one answered is unknown: never replay


def test_ledger_matches_an_error_without_id_to_the_oldest_and_survives_garbage():
    ledger = StreamLedger()
    ledger.add(request("x"), 0.0)
    ledger.add(request("y"), 0.0)
    outcome = ledger.on_response(response("", final=False, error="bad input"))
    assert outcome.forward and outcome.ended is not None and outcome.ended.request.request_id == "x"
    assert ledger.add(b"\x0f\xff\xff", 0.0) == b"\x0f\xff\xff"  # malformed: forwarded untouched
    assert ledger.on_response(b"\xff\xff").forward
    assert [r.request.request_id for r in ledger.open] == ["y", ""]
