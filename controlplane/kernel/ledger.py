"""The router's own bookkeeping of each node between its load reports: calls that reached the node and
no report covers yet, and outlier ejection. Pure: the clock is injected and nothing here does I/O, so the
router and the simulator keep the same books.

Why calls are counted from their arrival, not their send: a report stamped `reported_at` already shows
every call that reached the node by then (queued, being served, or finished). What the router must add
is what reached the node after that stamp. A call is entered with the time it reaches the node (send time
plus half the configured RTT of its region to the hub) and leaves the books when a report stamped at or
after that time arrives. A call still on the wire to the node is never counted as load at `now`, and a
call whose answer is on its way back is covered by the report that followed its arrival, so a long path
carrying many calls adds no phantom queue.
"""

from __future__ import annotations

import time
from bisect import bisect_right, insort
from collections.abc import Callable, Iterable, Mapping

from controlplane.kernel.config import OutlierDetection
from controlplane.kernel.policy import NodeState

_EMPTY: list[float] = []


class LoadLedger:
    """Per-node books for one router: unreported arrivals and outlier ejection."""

    def __init__(
        self, outlier: OutlierDetection, clock: Callable[[], float] = time.monotonic,
        on_eject: Callable[[NodeState], None] | None = None,
    ) -> None:
        self._outlier = outlier
        self._clock = clock  # for ejection timing only; arrival times are given by the caller
        self._on_eject = on_eject
        self._arrivals: dict[str, list[float]] = {}  # node key -> sorted times calls reach it, not yet reported
        self._reported_at: dict[str, float] = {}
        self._failures: dict[str, int] = {}
        self._ejected_until: dict[str, float] = {}
        self._ejected_view: frozenset[str] = frozenset()

    def configure(self, outlier: OutlierDetection) -> None:
        self._outlier = outlier

    # ---- load between reports ----------------------------------------------------------------
    def sent(self, node: NodeState, reaches_at: float) -> float:
        """A call to `node` that reaches it at `reaches_at` (the reports' clock). Returns the token to
        pass to `cancel` if the node refuses it."""
        times = self._arrivals.get(node.key)
        if times is None:
            times = self._arrivals[node.key] = []
        if not times or reaches_at >= times[-1]:
            times.append(reaches_at)
        else:
            insort(times, reaches_at)
        return reaches_at

    def cancel(self, node: NodeState, token: float) -> None:
        """The node refused or never got the call (connection failed, admission said no): not its load."""
        times = self._arrivals.get(node.key)
        if times:
            index = bisect_right(times, token) - 1
            if index >= 0 and times[index] == token:
                del times[index]

    def unreported(self, key: str, by: float) -> int:
        """Calls that reach node `key` by time `by` and that no report received so far covers."""
        times = self._arrivals.get(key, _EMPTY)
        if not times:
            return 0
        if times[-1] <= by:
            return len(times)
        return bisect_right(times, by)

    def on_registry(self, nodes: Mapping[str, NodeState]) -> None:
        """A new registry view: drop what each node's report now covers; forget departed nodes.

        A departed node also loses its outlier state: if it registers again (after its Triton came back,
        say) it is a fresh instance, as a host removed from and re-added to an Envoy cluster is."""
        for key, node in nodes.items():
            if self._reported_at.get(key) == node.reported_at:
                continue
            self._reported_at[key] = node.reported_at
            times = self._arrivals.get(key)
            if times:
                covered = bisect_right(times, node.reported_at)
                if covered:
                    del times[:covered]
        self._forget(k for k in (*self._arrivals, *self._reported_at, *self._failures, *self._ejected_until)
                     if k not in nodes)

    def _forget(self, keys: Iterable[str]) -> None:
        changed = False
        for key in set(keys):
            self._arrivals.pop(key, None)
            self._reported_at.pop(key, None)
            self._failures.pop(key, None)
            changed |= self._ejected_until.pop(key, None) is not None
        if changed:
            self._ejected_view = frozenset(self._ejected_until)

    # ---- outlier detection -------------------------------------------------------------------
    def failed(self, node: NodeState) -> None:
        count = self._failures.get(node.key, 0) + 1
        self._failures[node.key] = count
        if count >= self._outlier.consecutive_failures and node.key not in self._ejected_until:
            self._ejected_until[node.key] = self._clock() + self._outlier.ejection_s
            self._ejected_view = frozenset(self._ejected_until)
            if self._on_eject is not None:
                self._on_eject(node)

    def succeeded(self, node: NodeState) -> None:
        if self._failures.get(node.key):
            self._failures[node.key] = 0

    def ejected(self) -> frozenset[str]:
        """Nodes to skip now. An ejection that has run its time is lifted: the node's next call is its probe,
        and one more failure ejects it again."""
        if self._ejected_until:
            now = self._clock()
            expired = [k for k, until in self._ejected_until.items() if until <= now]
            if expired:
                for key in expired:
                    del self._ejected_until[key]
                    self._failures[key] = self._outlier.consecutive_failures - 1
                self._ejected_view = frozenset(self._ejected_until)
        return self._ejected_view
