"""The semantic cache's storage: an exact tier, one HNSW graph per namespace, TTL, LRU bound, snapshot.

- Exact tier: a hash of namespace and normalised prompt -> entry; answers verbatim repeats without
  embedding anything.
- Semantic tier: hnswlib (cosine, M=16, ef_construction=128, ef=64), one graph per namespace, so a search
  walks only entries that may share an answer and a namespace's size, not the whole cache's, sets its cost.
  ef=32 searches in about 0.6x the time (bench.cache_lookup measures both) but misses more of a reworded
  prompt's nearest entries: through the store it served 7 fewer of the second held-out split's 2,122 rewordings
  and 9 fewer of the design splits' 9,411. `SemanticCache(ef=...)` or `set_ef` choose otherwise.
  Removal marks the label deleted and its slot is reused by the next insert (allow_replace_deleted); a
  graph whose deleted labels outnumber its live ones is rebuilt, since HNSW still walks deleted nodes.
- A candidate at or above the threshold is served only if the near-miss guard (edgenode.cache.guard)
  reads the same question in both: the same facts bound to the same roles, template words of the same
  meaning; otherwise the lookup is a guard rejection.
- Each entry has a TTL (per model) and the cache holds at most `max_entries`: the least recently used go.
- Each entry is kept as one plain tuple of plain values, its prompt's reading packed into nested tuples
  (Reading.packed) and unpacked once per lookup that reads it as a candidate: Python's cyclic collector stops
  tracking such tuples once collections have met them, so a full collection, which holds the event loop, walks none
  of the entries (bench.cache_lookup measures it). Callers get `Entry` objects built from them: a snapshot; a change
  (a raised threshold) goes through the store.

Everything runs on the caller's thread (the edge's event loop): a lookup is tens of microseconds, cheaper
than a hop to a worker thread. The slow steps, the guard running the whole encoder on a rare word or on a prompt its
judge has not met (milliseconds), can be taken out: `lookup(..., encode_now=False)` answers UNENCODED instead, the
caller runs its `encode` on a worker thread, then looks up again.
"""

from __future__ import annotations

import base64
import functools
import heapq
import json
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Protocol

import hnswlib
import numpy as np

from controlplane.kernel.prompts import Reading, exact_key, read
from edgenode.cache.guard import Guard, Verdict

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 128
HNSW_EF = 64  # the search's candidate list (>= SEARCH_K); SemanticCache(ef=...) sets another
SEARCH_K = 8  # candidates read per search: the most similar one that passes the guard wins
_FIRST_CAPACITY = 256
_SNAPSHOT_VERSION = 1

EXACT, SEMANTIC, MISS, GUARD = "exact", "semantic", "miss", "guard"
UNENCODED = "unencoded"  # encode_now=False: run `Lookup.encode` (a worker thread may), then look up again


class Embedder(Protocol):  # what StaticEmbedder provides
    dim: int

    def encode(self, text: str) -> np.ndarray: ...


@dataclass(frozen=True, slots=True)
class Entry:
    """A stored entry as the store handed it out (its fields in the order of the store's row: `Entry(*row)`)."""

    label: int
    namespace: str
    key: bytes
    prompt: str
    packed: tuple = field(repr=False)  # its Reading, packed (Reading.packed): the collector does not walk it; ()
    # for an entry kept for exact repeats only (store(semantic=False)), which no search meets
    responses: tuple[bytes, ...]
    expires_at: float
    cost_s: float
    min_similarity: float = 0.0  # raised by a failed check (raise_threshold, after edgenode.cache.verify): this
    # entry's own threshold

    @property
    def searched(self) -> bool:
        """Whether searches meet it (its prompt was read and embedded), or it is kept for exact repeats only."""
        return bool(self.packed)

    @property
    def reading(self) -> Reading:
        """The prompt's reading, unpacked (a few microseconds: read it once per lookup)."""
        if not self.searched:
            raise ValueError(f"cache entry {self.label} is kept for exact repeats only: its prompt was never read")
        return Reading.unpacked(self.packed)

    @property
    def size_bytes(self) -> int:
        return sum(len(r) for r in self.responses) + len(self.prompt)


# a row's fields (the store keeps `Entry`'s fields as one plain tuple, which the collector stops tracking)
_NAMESPACE, _KEY, _PACKED, _EXPIRES_AT, _MIN_SIMILARITY = (
    [f.name for f in fields(Entry)].index(name) for name in ("namespace", "key", "packed", "expires_at", "min_similarity"))


@dataclass(frozen=True, slots=True)
class Lookup:
    outcome: str  # EXACT | SEMANTIC | MISS | GUARD | UNENCODED
    entry: Entry | None
    similarity: float = 0.0
    embed_s: float = 0.0
    search_s: float = 0.0
    vector: np.ndarray | None = field(default=None, repr=False)  # reused by store() after a miss
    # the asked prompt's reading, where a candidate reached the threshold (read for the guard): reused by the next
    # round and by store()
    reading: Reading | None = field(default=None, repr=False)
    pending: tuple[str, ...] = ()  # UNENCODED: the words or prompts the guard must encode before it can compare
    encode: Callable[[], None] | None = field(default=None, repr=False)  # UNENCODED: encodes them, off the loop
    unstorable: bool = False  # the lookup raised (edgenode.cache.edge): the answer generated for it is not kept

    @property
    def hit(self) -> bool:
        return self.entry is not None


class _Partition:
    """One namespace's HNSW graph."""

    def __init__(self, dim: int, ef: int, capacity: int = _FIRST_CAPACITY) -> None:
        self.dim = dim
        self.index = hnswlib.Index(space="cosine", dim=dim)
        self.index.init_index(max_elements=capacity, ef_construction=HNSW_EF_CONSTRUCTION, M=HNSW_M,
                              allow_replace_deleted=True)
        self.index.set_ef(ef)
        self.live: set[int] = set()
        self.deleted = 0

    def add(self, label: int, vector: np.ndarray) -> None:
        if len(self.live) + self.deleted >= self.index.get_max_elements() and not self.deleted:
            self.index.resize_index(self.index.get_max_elements() * 2)
        self.index.add_items(vector[None, :], np.array([label]), replace_deleted=self.deleted > 0)
        if self.deleted:
            self.deleted -= 1  # the insert took a deleted slot
        self.live.add(label)

    def remove(self, label: int) -> None:
        if label in self.live:
            self.index.mark_deleted(label)
            self.live.discard(label)
            self.deleted += 1

    def needs_compaction(self) -> bool:
        return self.deleted > 64 and self.deleted > len(self.live)

    def compacted(self) -> _Partition:
        fresh = _Partition(self.dim, self.index.ef, max(_FIRST_CAPACITY, len(self.live) * 2))
        if self.live:
            labels = np.fromiter(self.live, dtype=np.int64)
            fresh.index.add_items(np.asarray(self.index.get_items(labels), dtype=np.float32), labels)
            fresh.live = set(self.live)
        return fresh

    def search(self, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        k = min(k, len(self.live))
        while k > 0:
            try:
                labels, distances = self.index.knn_query(vector[None, :], k=k)
            except RuntimeError:  # fewer reachable live nodes than k: ask for fewer
                k -= 1
                continue
            return [(int(label), 1.0 - float(d)) for label, d in zip(labels[0], distances[0], strict=True)]
        return []

    def vector(self, label: int) -> np.ndarray:
        return np.asarray(self.index.get_items(np.array([label])), dtype=np.float32)[0]


class SemanticCache:
    def __init__(
        self,
        embedder: Embedder,
        max_entries: int = 100_000,
        guard: Guard | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_evict: Callable[[str], None] | None = None,
        ef: int = HNSW_EF,
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.embedder = embedder
        self._guard = guard  # None: the shared one, loaded at the first semantic candidate
        self.max_entries = max_entries
        self._clock = clock
        self._on_evict = on_evict or (lambda reason: None)
        self._entries: OrderedDict[int, tuple] = OrderedDict()  # label -> row (Entry's fields), least recently used first
        self._exact: dict[bytes, int] = {}
        self._partitions: dict[str, _Partition] = {}
        self._expiry: list[tuple[float, int]] = []
        self._next_label = 0
        self.set_ef(ef)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def guard(self) -> Guard:
        if self._guard is None:
            from edgenode.cache.guard import shared_guard

            self._guard = shared_guard()
        return self._guard

    def namespaces(self) -> int:
        return len(self._partitions)

    def entry(self, label: int) -> Entry | None:
        """The entry under `label`, as it stands now (None where it is gone)."""
        row = self._entries.get(label)
        return Entry(*row) if row is not None else None

    def entries(self) -> list[Entry]:
        """Every entry, least recently used first."""
        return [Entry(*row) for row in self._entries.values()]

    def set_ef(self, ef: int) -> None:
        """The search's candidate list from now on, for every namespace (a wider one finds more, slower)."""
        if ef < SEARCH_K:
            raise ValueError(f"ef must be at least {SEARCH_K}, the candidates each search reads")
        self.ef = ef
        for partition in self._partitions.values():
            partition.index.set_ef(ef)

    # ---- lookup ----------------------------------------------------------------------------
    def lookup(self, namespace: str, prompt: str, threshold: float | None, *, encode_now: bool = True,
               vector: np.ndarray | None = None, reading: Reading | None = None) -> Lookup:
        """The exact tier, then (unless threshold is None: exact only) the semantic tier behind the guard.

        encode_now=False: where the guard would have to run the whole encoder first (a word that is not one
        vocabulary token, a prompt its judge has not met: milliseconds), the answer is UNENCODED instead; run its
        `encode` (on a worker thread: it touches only the guard's locked memos, never the store) and look up
        again, passing `vector` and `reading` back. Two rounds at most (the words, then the judge's prompts) give the
        answer encode_now=True gives. `vector` and `reading` are this prompt's, from an earlier round: the prompt is
        then neither embedded nor read again (reading a long prompt takes milliseconds)."""
        now = self._clock()
        self.expire(now)
        label = self._exact.get(exact_key(namespace, prompt))
        if label is not None:
            return Lookup(EXACT, self._touch(label), 1.0)
        if threshold is None:
            return Lookup(MISS, None)
        started = time.perf_counter()
        if vector is None:
            vector = self.embedder.encode(prompt)
        embedded = time.perf_counter()
        partition = self._partitions.get(namespace)
        found: list[tuple[int, float]] = partition.search(vector, SEARCH_K) if partition else []
        searched = time.perf_counter()
        # what every answer from here carries: the steps' times, and the prompt's vector (and reading, once read) for
        # the next round and store()
        carried = {"embed_s": embedded - started, "search_s": searched - embedded, "vector": vector}
        above = [(label, sim) for label, sim in found if sim >= threshold]
        if not above:
            return Lookup(MISS, None, found[0][1] if found else 0.0, **carried)
        wanted = reading if reading is not None else read(prompt)
        carried["reading"] = wanted
        guard = self.guard
        candidates = [(label, sim, row[_MIN_SIMILARITY], Reading.unpacked(row[_PACKED]))
                      for label, sim in above if (row := self._entries.get(label))]
        readings = [theirs for _, _, _, theirs in candidates]
        if not encode_now and (words := guard.unprepared(wanted, readings)):
            return Lookup(UNENCODED, None, above[0][1], **carried, pending=tuple(words),
                          encode=functools.partial(guard.encode_words, words))
        guard.prepare(wanted, readings)
        unjudged: list[str] = []  # prompts the judge must encode before an earlier candidate can be decided
        for label, sim, own_threshold, theirs in candidates:
            if sim < own_threshold:
                continue
            verdict = guard.verdict(theirs, wanted)
            if not encode_now and (waiting := guard.unjudged(theirs, wanted, verdict)):
                unjudged.extend(waiting)
            elif unjudged:
                if verdict is Verdict.AGREE:  # served unless a more similar candidate the judge must decide is
                    break
            elif guard.decide(theirs, wanted, verdict):
                return Lookup(SEMANTIC, self._touch(label), sim, **carried)
        if unjudged and guard.paraphrase is not None:
            texts = tuple(dict.fromkeys(unjudged))
            return Lookup(UNENCODED, None, above[0][1], **carried, pending=texts,
                          encode=functools.partial(guard.paraphrase.encode, texts))
        return Lookup(GUARD, None, above[0][1], **carried)

    def _touch(self, label: int) -> Entry:
        """Make the entry the most recently used."""
        self._entries.move_to_end(label)
        return Entry(*self._entries[label])

    def raise_threshold(self, label: int, similarity: float) -> None:
        """A check found the entry's answer wrong for a prompt this similar (edgenode.cache.verify): it answers only
        prompts more similar than that from now on (vCache's threshold per entry). Nothing where it is gone."""
        row = self._entries.get(label)
        if row is not None:
            raised = max(row[_MIN_SIMILARITY], min(1.0, similarity + 1e-6))
            self._entries[label] = (*row[:_MIN_SIMILARITY], raised, *row[_MIN_SIMILARITY + 1:])

    # ---- store / remove -----------------------------------------------------------------------
    def store(
        self, namespace: str, prompt: str, responses: tuple[bytes, ...], ttl_s: float, cost_s: float = 0.0,
        vector: np.ndarray | None = None, semantic: bool = True, reading: Reading | None = None,
    ) -> Entry:
        """Keep a complete answer; replaces an entry with the same exact key. semantic=False keeps it for exact
        repeats only: the prompt is neither read nor embedded, and no search meets it. `vector` and `reading`, where
        given, are the prompt's own (a missed lookup's), not computed again."""
        now = self._clock()
        key = exact_key(namespace, prompt)
        old = self._exact.get(key)
        if old is not None:
            self.remove(old)
        label = self._next_label
        self._next_label += 1
        packed = (reading if reading is not None else read(prompt)).packed() if semantic else ()
        row = (label, namespace, key, prompt, packed, tuple(responses), now + ttl_s, cost_s, 0.0)
        if semantic:
            if vector is None:
                vector = self.embedder.encode(prompt)
            partition = self._partitions.get(namespace)
            if partition is None:
                partition = self._partitions[namespace] = _Partition(self.embedder.dim, self.ef)
            partition.add(label, np.asarray(vector, dtype=np.float32))
        self._entries[label] = row
        self._exact[key] = label
        heapq.heappush(self._expiry, (row[_EXPIRES_AT], label))
        while len(self._entries) > self.max_entries:
            oldest = next(iter(self._entries))
            self.remove(oldest)
            self._on_evict("lru")
        return Entry(*row)

    def remove(self, label: int) -> bool:
        row = self._entries.pop(label, None)
        if row is None:
            return False
        if self._exact.get(row[_KEY]) == label:
            del self._exact[row[_KEY]]
        if not row[_PACKED]:  # kept for exact repeats only: never searched
            return True
        namespace = row[_NAMESPACE]
        partition = self._partitions[namespace]
        partition.remove(label)
        if not partition.live:
            del self._partitions[namespace]
        elif partition.needs_compaction():
            self._partitions[namespace] = partition.compacted()
        return True

    def expire(self, now: float | None = None) -> int:
        """Remove every entry past its TTL; returns how many went."""
        now = self._clock() if now is None else now
        gone = 0
        while self._expiry and self._expiry[0][0] <= now:
            expires_at, label = heapq.heappop(self._expiry)
            row = self._entries.get(label)
            if row is not None and row[_EXPIRES_AT] == expires_at and self.remove(label):
                gone += 1
                self._on_evict("ttl")
        return gone

    def contains_label(self, label: int) -> bool:
        """Whether the index (not just the table) still holds `label`: for tests of removal."""
        return any(label in p.live for p in self._partitions.values())

    def indexed(self) -> int:
        return sum(len(p.live) for p in self._partitions.values())

    # ---- snapshot ------------------------------------------------------------------------------
    def snapshot(self, path: Path) -> int:
        """Write every live entry (vectors, answers, remaining TTL) to `path` atomically."""
        now, wall = self._clock(), time.time()
        entries = [Entry(*row) for row in self._entries.values() if row[_EXPIRES_AT] > now]
        vectors = np.stack([self._partitions[e.namespace].vector(e.label) if e.searched
                            else np.zeros(self.embedder.dim, np.float32) for e in entries]) if entries else np.zeros(
            (0, self.embedder.dim), dtype=np.float32)
        meta = {
            "version": _SNAPSHOT_VERSION, "dim": self.embedder.dim, "saved_at": wall,
            "entries": [
                {"namespace": e.namespace, "prompt": e.prompt, "ttl_left_s": e.expires_at - now, "cost_s": e.cost_s,
                 "responses": [base64.b64encode(r).decode() for r in e.responses], "semantic": e.searched}
                for e in entries
            ],
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "wb") as out:
            np.savez(out, vectors=vectors, meta=np.array(json.dumps(meta)))
        os.replace(tmp, path)
        return len(entries)

    def load(self, path: Path, max_semantic_chars: int | None = None) -> int:
        """Add the unexpired entries of a snapshot; a missing file loads nothing, a bad one raises ValueError. A prompt
        longer than `max_semantic_chars` is kept for exact repeats only, whatever the snapshot says (it was written
        before the bound, or under a wider one)."""
        if not path.exists():
            return 0
        try:
            with np.load(path, allow_pickle=False) as data:
                vectors, meta = data["vectors"], json.loads(str(data["meta"]))
        except (OSError, ValueError, KeyError) as exc:
            raise ValueError(f"cache snapshot {path} is unreadable ({exc}); delete it to start empty") from exc
        if meta.get("version") != _SNAPSHOT_VERSION or meta.get("dim") != self.embedder.dim:
            raise ValueError(
                f"cache snapshot {path} was written for version {meta.get('version')} / {meta.get('dim')} dims, "
                f"this cache is version {_SNAPSHOT_VERSION} / {self.embedder.dim} dims; delete it to start empty"
            )
        aged = max(0.0, time.time() - float(meta["saved_at"]))
        loaded = 0
        for vector, item in zip(vectors, meta["entries"], strict=True):
            ttl = float(item["ttl_left_s"]) - aged
            if ttl <= 0:
                continue
            responses = tuple(base64.b64decode(r) for r in item["responses"])
            semantic = bool(item.get("semantic", True))  # snapshots written before it was kept: all were
            if max_semantic_chars is not None and len(item["prompt"]) > max_semantic_chars:
                semantic = False
            self.store(item["namespace"], item["prompt"], responses, ttl, float(item["cost_s"]), vector=vector,
                       semantic=semantic)
            loaded += 1
        return loaded
