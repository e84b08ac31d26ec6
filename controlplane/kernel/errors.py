"""The one exception tree of edgeroute. Every package raises these; foreign errors (grpc, etcd, numpy,
the OS) are converted at the seam with `raise X(...) from exc`.

EdgerouteError
├── ConfigError            regions.yaml, a pushed copy or a scenario is invalid; lists every problem
├── RegistryError          etcd could not be reached or returned something unusable
├── RequestError           a caller's request cannot be served as sent (carries a gRPC status name)
│   ├── WireError          the bytes are not a well-formed protobuf message          (also ValueError)
│   ├── TensorError        a tensor's name, type, shape or contents are wrong        (also ValueError)
│   ├── GenerationError    the language model cannot serve these parameters          (also ValueError)
│   ├── UnknownRegion      x-client-region names a region the config does not have   (also ValueError)
│   ├── AuthError          no key, an unknown key, or a tenant over its rate
│   └── RoutingRejected    the router cannot place the call (no node, shed, malformed)
├── ProcessFailed          an owned child process did not start or died             (also RuntimeError)
├── EmbeddingUnavailable   the cache's embedding table is missing                   (also RuntimeError)
└── RepoError              a TensorRT-LLM repository cannot be written as asked     (also ValueError)

Only gRPC servicers turn RequestError into a status (its `code`) with `context.abort`.
"""

from __future__ import annotations

# user input quoted in a message is cut to this many characters (a 1 MB model name must not travel back)
MAX_QUOTED_CHARS = 200


MAX_RELAYED_CHARS = 1000  # an error relayed from a node (Triton quotes names whole) is cut to this


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit} more characters)"


def bounded(text: str, limit: int = MAX_RELAYED_CHARS) -> str:
    """A message that may quote user input without a bound (a node's, Triton's), cut to `limit` characters."""
    return _cut(text, limit)


def quoted(value: object, limit: int = MAX_QUOTED_CHARS) -> str:
    """repr() of user input, cut to `limit` characters with a note of how much was left out."""
    return _cut(repr(value), limit)


# ---- Triton's own wording (tritonserver 2.51, core r24.10), for the conditions Triton itself reports.
# Clients match on it (Triton's examples check that an unknown model's error starts with "Request for
# unknown model"), so the router's and the edge's messages start with Triton's text, names quoted as Triton
# quotes them ('name') but cut to a bounded length, and edgeroute's context follows after "; ".

def triton_name(name: str, limit: int = MAX_QUOTED_CHARS) -> str:
    return f"'{_cut(name, limit)}'"


def unknown_model(model: str) -> str:
    """NOT_FOUND: a model no server has."""
    return f"Request for unknown model: {triton_name(model)} is not found"


def unexpected_input(name: str, model: str) -> str:
    """INVALID_ARGUMENT: an input tensor the model does not declare."""
    return f"unexpected inference input {triton_name(name)} for model {triton_name(model)}"


def unexpected_output(name: str, model: str) -> str:
    """INVALID_ARGUMENT: a requested output the model does not declare."""
    return f"unexpected inference output {triton_name(name)} for model {triton_name(model)}"


def input_datatype(name: str, got: str, model: str, expected: str) -> str:
    """INVALID_ARGUMENT: an input of the wrong datatype (Triton's protocol names: INT32, FP32, BYTES ...)."""
    return (f"[request id: <id_unknown>] inference input {triton_name(name)} data-type is {triton_name(got, 16)}, "
            f"but model {triton_name(model)} expects '{expected}'")


def input_count(model: str, required: int, declared: int, got: list[str], missing: list[str]) -> str:
    """INVALID_ARGUMENT: required inputs missing (Triton counts inputs first)."""
    names = ",".join(triton_name(n, 64) for n in got[:16]) + (",..." if len(got) > 16 else "")
    lacking = ",".join(triton_name(n, 64) for n in missing)
    expected = f"{required} inputs" if required == declared else f"number of inputs between {required} and {declared}"
    return (f"[request id: <id_unknown>] expected {expected} but got {len(got)} inputs for model "
            f"{triton_name(model)}. Got input(s) [{names}], but missing required input(s) [{lacking}]. "
            "Please provide all required input(s).")


def triton_status(message: str) -> str:
    """The gRPC status name Triton answers a unary call with, for an error it sent on a stream as text only
    (ModelStreamInferResponse.error_message has no code): core r24.10's wording decides."""
    if message.startswith("Request for unknown model"):
        return "UNAVAILABLE" if message.endswith("is not at ready state") else "NOT_FOUND"
    if message.startswith("Server not ready"):
        return "UNAVAILABLE"
    if "doesn't support models with decoupled" in message:
        return "UNIMPLEMENTED"
    if message.startswith(("Failed to process the request", "Executor failed")) or "Model execute error" in message:
        return "INTERNAL"
    return "INVALID_ARGUMENT"  # request validation: counts, names, shapes, datatypes, the model's own checks


class EdgerouteError(Exception):
    """Base of every error edgeroute raises."""


class ConfigError(EdgerouteError):
    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))

    def report(self) -> str:
        head = f"{self.source}: {len(self.problems)} problem(s)"
        return "\n".join([head, *(f"  {self.source}: {p}" for p in self.problems)])


class RegistryError(EdgerouteError):
    pass


class TlsError(EdgerouteError):
    """A --tls-dir that cannot be used, or certificates that cannot be made."""


class RequestError(EdgerouteError):
    """A request that cannot be served as sent. `code` is the name of the gRPC status to answer with."""

    code = "INVALID_ARGUMENT"


class WireError(RequestError, ValueError):
    """The bytes are not a well-formed protobuf message."""


class TensorError(RequestError, ValueError):
    pass


class GenerationError(RequestError, ValueError):
    """A request the model cannot serve; the message names the tensor and the limit."""


class UnknownRegion(RequestError, ValueError):
    """x-client-region names a region the config does not have."""


class AuthError(RequestError):
    """Refused at the door: `code` is a grpc.StatusCode name, `retry_after_ms` a hint when there is one."""

    def __init__(self, code: str, message: str, retry_after_ms: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.retry_after_ms = code, message, retry_after_ms


class RoutingRejected(RequestError):
    """The router cannot place the call. `code` is a grpc.StatusCode; `metadata` goes back to the caller."""

    def __init__(self, code: object, message: str, metadata: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.code, self.message, self.metadata = code, message, metadata  # type: ignore[assignment]


class ProcessFailed(EdgerouteError, RuntimeError):
    pass


class TritonStuck(ProcessFailed):
    """A Triton start that did not end when the node stopped: its processes were killed, its thread left behind."""


class EmbeddingUnavailable(EdgerouteError, RuntimeError):
    pass


class RepoError(EdgerouteError, ValueError):
    pass
