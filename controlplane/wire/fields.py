"""Read length-delimited fields from serialized protobuf bytes without parsing the whole message."""

from __future__ import annotations

from controlplane.kernel.errors import WireError

_VARINT, _I64, _LEN, _I32 = 0, 1, 2, 5


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise WireError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise WireError("varint too long")


def length_delimited_fields(buf: bytes, wanted: frozenset[int]) -> dict[int, bytes]:
    """The last occurrence of each wanted length-delimited field (strings, bytes, sub-messages).

    Stops as soon as every wanted field has been seen once; serializers write fields in number
    order, so asking for low-numbered fields (model_name = 1, id = 3) reads only a few bytes.
    """
    found: dict[int, bytes] = {}
    pos, end = 0, len(buf)
    while pos < end:
        tag, pos = _varint(buf, pos)
        number, wire_type = tag >> 3, tag & 7
        if wire_type == _LEN:
            size, pos = _varint(buf, pos)
            if pos + size > end:
                raise WireError(f"field {number} runs past the end of the message")
            if number in wanted:
                found[number] = buf[pos : pos + size]
                if len(found) == len(wanted):
                    return found
            pos += size
        elif wire_type == _VARINT:
            _, pos = _varint(buf, pos)
        elif wire_type == _I64:
            pos += 8
        elif wire_type == _I32:
            pos += 4
        else:
            raise WireError(f"unsupported wire type {wire_type} for field {number}")
        if number == 0:
            raise WireError("field number 0")
    if pos != end:
        raise WireError("truncated message")
    return found


def iter_fields(buf: bytes):  # noqa: ANN201 (a generator of (number, wire type, value))
    """Every field of a message in order: length-delimited values as bytes, varints as ints, fixed as bytes."""
    pos, end = 0, len(buf)
    while pos < end:
        tag, pos = _varint(buf, pos)
        number, wire_type = tag >> 3, tag & 7
        if number == 0:
            raise WireError("field number 0")
        if wire_type == _LEN:
            size, pos = _varint(buf, pos)
            if pos + size > end:
                raise WireError(f"field {number} runs past the end of the message")
            yield number, wire_type, buf[pos : pos + size]
            pos += size
        elif wire_type == _VARINT:
            value, pos = _varint(buf, pos)
            yield number, wire_type, value
        elif wire_type in (_I64, _I32):
            width = 8 if wire_type == _I64 else 4
            if pos + width > end:
                raise WireError(f"field {number} runs past the end of the message")
            yield number, wire_type, buf[pos : pos + width]
            pos += width
        else:
            raise WireError(f"unsupported wire type {wire_type} for field {number}")


def encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def encode_len_field(number: int, value: bytes) -> bytes:
    return encode_varint(number << 3 | _LEN) + encode_varint(len(value)) + value
