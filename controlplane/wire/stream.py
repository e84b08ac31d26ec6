"""Per-request facts of ModelStreamInfer traffic, read from the wire without decoding tensors.

Triton marks every stream response with the parameter `triton_final_response`. A backend that flags its
last data response final (TensorRT-LLM, any non-decoupled model) needs nothing more; a backend that sends
the final flag on its own (PyTriton's decoupled models) produces an empty final response only when the
request carries `triton_enable_empty_final_response=true`. A proxy that must see where each request ends
therefore asks for it on every request (`ask_final`) and drops the empty final responses the client did
not ask for itself (`StreamResponse.drop_for`).
"""

from __future__ import annotations

from dataclasses import dataclass

from controlplane.wire.fields import _LEN, _VARINT, WireError, encode_len_field, iter_fields

ENABLE_EMPTY_FINAL = "triton_enable_empty_final_response"
FINAL_RESPONSE = "triton_final_response"
_REQ_ID, _REQ_PARAMS, _RESP_ID, _RESP_PARAMS, _RESP_OUTPUTS, _RESP_RAW = 3, 4, 3, 4, 5, 6
_STREAM_ERROR, _STREAM_RESPONSE = 1, 2
# one map entry {key: ENABLE_EMPTY_FINAL, value: InferParameter{bool_param: true}}; appended last, it wins
_ASK_FINAL_ENTRY = encode_len_field(
    _REQ_PARAMS, encode_len_field(1, ENABLE_EMPTY_FINAL.encode()) + encode_len_field(2, b"\x08\x01")
)


@dataclass(frozen=True, slots=True)
class StreamRequest:
    request_id: str
    asked_final: bool  # the client asked for empty final responses itself


@dataclass(frozen=True, slots=True)
class StreamResponse:
    request_id: str
    final: bool
    error: str
    empty: bool  # carries no output tensor

    def drop_for(self, request: StreamRequest | None) -> bool:
        """An empty final response the proxy asked for on the client's behalf: not the client's to see."""
        return self.final and self.empty and not self.error and request is not None and not request.asked_final


def _bool_parameter(entry: bytes) -> tuple[str, bool | None]:
    key, value = "", None
    for number, wire_type, field in iter_fields(entry):
        if number == 1 and wire_type == _LEN:
            key = bytes(field).decode("utf-8", "replace")
        elif number == 2 and wire_type == _LEN:
            for inner, inner_type, flag in iter_fields(field):
                if inner == 1 and inner_type == _VARINT:
                    value = bool(flag)
    return key, value


def read_request(raw: bytes) -> StreamRequest:
    """The id and empty-final wish of a ModelInferRequest. Raises WireError on malformed bytes."""
    request_id, asked = "", False
    for number, wire_type, value in iter_fields(raw):
        if number == _REQ_ID and wire_type == _LEN:
            request_id = bytes(value).decode("utf-8", "replace")
        elif number == _REQ_PARAMS and wire_type == _LEN:
            key, flag = _bool_parameter(value)
            if key == ENABLE_EMPTY_FINAL:
                asked = bool(flag)
        elif number > _REQ_PARAMS:
            break  # inputs and raw tensor bytes follow; nothing more to read
    return StreamRequest(request_id, asked)


def ask_final(raw: bytes, request: StreamRequest) -> bytes:
    """The request with empty final responses enabled (unchanged when the client enabled them)."""
    return raw if request.asked_final else raw + _ASK_FINAL_ENTRY


def read_response(raw: bytes) -> StreamResponse:
    """Id, final flag, error and emptiness of a ModelStreamInferResponse. Raises WireError on malformed bytes.

    A response with an error message ends its request: Triton sends nothing more for it.
    """
    error, parts = "", []
    for number, wire_type, value in iter_fields(raw):
        if number == _STREAM_ERROR and wire_type == _LEN:
            error = bytes(value).decode("utf-8", "replace")
        elif number == _STREAM_RESPONSE and wire_type == _LEN:
            parts.append(bytes(value))  # a message field seen twice is merged: its bytes concatenated
    infer = parts[0] if len(parts) == 1 else b"".join(parts)
    request_id, final, empty = "", bool(error), True
    for number, wire_type, value in iter_fields(infer):
        if number == _RESP_ID and wire_type == _LEN:
            request_id = bytes(value).decode("utf-8", "replace")
        elif number == _RESP_PARAMS and wire_type == _LEN:
            key, flag = _bool_parameter(value)
            if key == FINAL_RESPONSE and flag:
                final = True
        elif number in (_RESP_OUTPUTS, _RESP_RAW):
            empty = False
            break
    return StreamResponse(request_id, final, error, empty)


__all__ = ["StreamRequest", "StreamResponse", "WireError", "ask_final", "read_request", "read_response"]
