"""The router's ledger of one ModelStreamInfer call: which requests are still open, and whether they can
be replayed on another node.

A request is open from the moment the router takes it from the client until a response that ends it
(flagged final, or carrying an error) comes back. Responses are matched to requests by id; a response
with no id (or an id shared by several open requests) is matched to the oldest such request, and then
every request sharing that id counts as answered, so an ambiguous stream is never replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from controlplane.wire.stream import StreamRequest, StreamResponse, WireError, ask_final, read_request, read_response


@dataclass(slots=True)
class OpenRequest:
    forwarded: bytes  # the bytes sent upstream, ready to be sent again
    request: StreamRequest
    started: float
    answered: bool = False  # some response reached the client: replaying it would repeat output


@dataclass(slots=True)
class Outcome:
    forward: bool  # pass this response to the client
    ended: OpenRequest | None = None  # the request this response completed
    first: OpenRequest | None = None  # the request this is the first response of
    response: StreamResponse | None = None


@dataclass
class StreamLedger:
    open: list[OpenRequest] = field(default_factory=list)
    client_done: bool = False  # the client half-closed: nothing more will be added

    def add(self, raw: bytes, now: float) -> bytes:
        """Record a request taken from the client; returns the bytes to send upstream."""
        try:
            request = read_request(raw)
        except WireError:
            # the node will reject it; forward it untouched and let its error end it
            request = StreamRequest("", asked_final=True)
            forwarded = raw
        else:
            forwarded = ask_final(raw, request)
        self.open.append(OpenRequest(forwarded, request, now))
        return forwarded

    def on_response(self, raw: bytes) -> Outcome:
        try:
            response = read_response(raw)
        except WireError:
            return Outcome(forward=True)
        matches = [r for r in self.open if r.request.request_id == response.request_id]
        if not matches:
            matches = self.open[:1] if not response.request_id else []
        if not matches:
            return Outcome(forward=True, response=response)  # an id this stream never sent: pass it on
        target = matches[0]
        outcome = Outcome(forward=not response.drop_for(target.request), response=response)
        if outcome.forward and not target.answered:
            outcome.first = target
            for other in matches:
                other.answered = True
        if response.final:
            self.open.remove(target)
            outcome.ended = target
        return outcome

    def replayable(self) -> bool:
        """Every open request can go to another node: none of them has shown the client any output."""
        return not any(r.answered for r in self.open)

    def __len__(self) -> int:
        return len(self.open)
