"""The wire scanner reads model_name and id exactly as protobuf wrote them, and rejects garbage."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controlplane.wire.fields import WireError, length_delimited_fields
from proto import service_pb2


@given(name=st.text(max_size=40), request_id=st.text(max_size=20), payload=st.binary(max_size=300))
def test_reads_fields_of_real_messages(name, request_id, payload):
    request = service_pb2.ModelInferRequest(model_name=name, model_version="3", id=request_id, raw_input_contents=[payload])
    request.parameters["priority"].int64_param = 7
    fields = length_delimited_fields(request.SerializeToString(), frozenset({1, 3}))
    assert fields.get(1, b"").decode() == name
    assert fields.get(3, b"").decode() == request_id


def test_truncated_and_garbage_bytes_raise():
    data = service_pb2.ModelInferRequest(model_name="simple", raw_input_contents=[b"x" * 50]).SerializeToString()
    with pytest.raises(WireError):
        length_delimited_fields(data[:-3], frozenset({7}))
    with pytest.raises(WireError):
        length_delimited_fields(b"\x0f\xff", frozenset({1}))
