"""Decode the input tensors of a ModelInferRequest into numpy (for the few calls the edge must inspect)."""

from __future__ import annotations

import struct

import numpy as np
from tritonclient.utils import deserialize_bytes_tensor, triton_to_np_dtype

from controlplane.kernel.errors import TensorError
from proto import service_pb2


def request_tensors(request: service_pb2.ModelInferRequest) -> dict[str, np.ndarray]:
    """name -> array for every input, from raw_input_contents or the typed contents field."""
    tensors: dict[str, np.ndarray] = {}
    raw = list(request.raw_input_contents)
    for index, tensor in enumerate(request.inputs):
        shape = [int(d) for d in tensor.shape]
        if tensor.datatype == "BYTES":
            if raw:
                try:
                    array = deserialize_bytes_tensor(raw[index])
                except (struct.error, IndexError, ValueError) as exc:
                    raise TensorError(
                        f"input {tensor.name!r}: BYTES content must be 4-byte little-endian lengths, each followed by "
                        f"that many bytes ({exc})"
                    ) from exc
            else:
                array = np.array(list(tensor.contents.bytes_contents), dtype=np.object_)
        elif index >= len(raw) and raw:
            raise TensorError(f"input {tensor.name!r} has no raw_input_contents entry")
        else:
            dtype = triton_to_np_dtype(tensor.datatype)
            if dtype is None:
                raise TensorError(f"input {tensor.name!r}: unknown datatype {tensor.datatype!r}")
            if raw:
                array = np.frombuffer(raw[index], dtype=dtype)
            else:
                field = {"BOOL": "bool_contents", "FP32": "fp32_contents", "FP64": "fp64_contents",
                         "UINT64": "uint64_contents", "INT64": "int64_contents"}.get(tensor.datatype, "int_contents")
                array = np.array(list(getattr(tensor.contents, field)), dtype=dtype)
        try:
            tensors[tensor.name] = array.reshape(shape)
        except ValueError as exc:
            raise TensorError(f"input {tensor.name!r}: {array.size} values do not fill shape {shape}") from exc
    return tensors


def request_text(raw: bytes, name: str) -> str | None:
    """The single string of BYTES input `name` of a serialized ModelInferRequest, or None (absent, not one
    string, malformed): what the router reads for its cache-aware choice, without decoding other tensors."""
    try:
        request = service_pb2.ModelInferRequest.FromString(raw)
    except Exception:  # noqa: BLE001 (protobuf's DecodeError: the node will answer it)
        return None
    for index, tensor in enumerate(request.inputs):
        if tensor.name != name or tensor.datatype != "BYTES":
            continue
        if request.raw_input_contents:
            if index >= len(request.raw_input_contents):
                return None
            content = request.raw_input_contents[index]
            if len(content) < 4 or struct.unpack_from("<I", content)[0] != len(content) - 4:
                return None
            value = content[4:]
        elif len(tensor.contents.bytes_contents) == 1:
            value = tensor.contents.bytes_contents[0]
        else:
            return None
        return value.decode("utf-8", "replace")
    return None
