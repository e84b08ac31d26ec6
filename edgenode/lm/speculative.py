"""Draft-target speculative decoding (Leviathan et al. 2023; Chen et al. 2023), and the target alone.

Each round the draft proposes k tokens one at a time; the target scores all of them in one forward pass;
token i is kept with probability min(1, p_i(x) / q_i(x)); the first rejected one is replaced by a sample
from norm(max(0, p_i - q_i)); if all k are kept, one more token is sampled from the target's next
distribution. The result is distributed exactly as sampling from the target alone. With temperature 0
both distributions are one-hot at the argmax, so the output equals the target's greedy output.

One token per round (the last one committed) is in neither KV cache yet: it is fed first in the next
round, so each round costs exactly one target forward pass.

Logit processing (TensorRT-LLM's sampling options) is applied to the draft's and the target's logits
alike, at every position with that position's own history, so speculation stays exact for the processed
target distribution: repetition_penalty (a token seen in the prompt or the output has a positive logit
divided, a negative one multiplied), presence_penalty and frequency_penalty (subtracted once, and once
per occurrence, for tokens already in the output), min_tokens (the end id is impossible before), and
bad words (a token that would complete a banned token sequence is impossible).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from edgenode.lm.model import NumpyLM
from edgenode.lm.tokenizer import EOS


@dataclass(frozen=True)
class Sampling:
    temperature: float = 0.0  # 0: greedy
    top_p: float = 1.0
    top_k: int = 0  # 0: no limit
    seed: int | None = None
    repetition_penalty: float = 1.0
    presence_penalty: float = 0.0
    frequency_penalty: float = 0.0
    min_tokens: int = 0
    bad_words: tuple[tuple[int, ...], ...] = ()  # token sequences that must not be generated

    @property
    def greedy(self) -> bool:
        return self.temperature <= 0.0

    @property
    def processes(self) -> bool:
        return (self.repetition_penalty != 1.0 or self.presence_penalty != 0.0 or self.frequency_penalty != 0.0
                or self.min_tokens > 0 or bool(self.bad_words))


def process(logits: np.ndarray, sampling: Sampling, prompt: list[int], generated: list[int], end_id: int) -> np.ndarray:
    """The logits after the penalties, min_tokens and bad words, for the position after prompt + generated."""
    out = np.array(logits, dtype=np.float64)
    if sampling.repetition_penalty != 1.0:
        seen = np.unique(np.asarray(prompt + generated, dtype=np.int64))
        values = out[seen]
        out[seen] = np.where(values > 0, values / sampling.repetition_penalty, values * sampling.repetition_penalty)
    if generated and (sampling.presence_penalty or sampling.frequency_penalty):
        ids, counts = np.unique(np.asarray(generated, dtype=np.int64), return_counts=True)
        out[ids] -= sampling.presence_penalty + sampling.frequency_penalty * counts
    if len(generated) < sampling.min_tokens and 0 <= end_id < len(out):
        out[end_id] = -np.inf
    if sampling.bad_words:
        history = prompt + generated
        for word in sampling.bad_words:
            head = list(word[:-1])
            if not head or history[len(history) - len(head):] == head:
                out[word[-1]] = -np.inf
    return out


@dataclass
class Stats:
    draft_tokens: int = 0
    accepted_draft_tokens: int = 0
    target_passes: int = 0
    tokens: int = 0
    # recorded only when set to a list by the caller (TensorRT-LLM's return_log_probs / return_*_logits):
    log_probs: list[float] | None = None  # per output token, under the target's processed distribution
    generation_logits: list[np.ndarray] | None = None  # the target's logits for each output token
    context_logits: list[np.ndarray] | None = None  # the target's logits at each prompt position

    @property
    def acceptance_rate(self) -> float:
        return self.accepted_draft_tokens / self.draft_tokens if self.draft_tokens else 0.0

    @property
    def tokens_per_step(self) -> float:
        return self.tokens / self.target_passes if self.target_passes else 0.0


def distribution(logits: np.ndarray, sampling: Sampling) -> np.ndarray:
    """The probabilities a token is drawn from: one-hot at the argmax when greedy, else softmax of
    logits / temperature restricted to the top-k and the top-p nucleus."""
    logits = logits.astype(np.float64)
    if sampling.greedy:
        out = np.zeros_like(logits)
        out[int(np.argmax(logits))] = 1.0
        return out
    z = logits / sampling.temperature
    if 0 < sampling.top_k < len(z):
        cut = np.partition(z, -sampling.top_k)[-sampling.top_k]
        z = np.where(z < cut, -np.inf, z)
    p = np.exp(z - z.max())
    p /= p.sum()
    if sampling.top_p < 1.0:
        order = np.argsort(-p)
        cumulative = np.cumsum(p[order])
        keep = order[: int(np.searchsorted(cumulative, sampling.top_p) + 1)]
        nucleus = np.zeros_like(p)
        nucleus[keep] = p[keep]
        p = nucleus / nucleus.sum()
    return p


def _draw(p: np.ndarray, rng: np.random.Generator) -> int:
    return int(np.searchsorted(np.cumsum(p), rng.random() * p.sum(), side="right").clip(0, len(p) - 1))


class Generator:
    def __init__(self, target: NumpyLM, draft: NumpyLM | None = None) -> None:
        self.target = target
        self.draft = draft

    def generate(
        self, prompt: list[int], max_tokens: int, sampling: Sampling = Sampling(), k: int = 4,
        end_id: int = EOS, stats: Stats | None = None,
    ) -> Iterator[list[int]]:
        """Yield newly committed tokens after each target pass (a streaming client sends each chunk).
        k = 0, or no draft model, decodes with the target alone."""
        stats = stats if stats is not None else Stats()
        rng = np.random.default_rng(sampling.seed)
        context = self.target.config.context
        if not prompt or len(prompt) + 1 > context:
            raise ValueError(f"prompt of {len(prompt)} tokens must hold 1 to {context - 1}")
        max_tokens = min(max_tokens, context - len(prompt))
        t_cache = self.target.new_cache()
        if len(prompt) > 1:
            context_rows = self.target.forward(prompt[:-1], t_cache)
            if stats.context_logits is not None:
                stats.context_logits.extend(np.array(context_rows, dtype=np.float32))
        use_draft = self.draft is not None and k > 0
        d_cache = self.draft.new_cache() if use_draft else None
        if use_draft and len(prompt) > 1:
            self.draft.forward(prompt[:-1], d_cache)
        processing = sampling.processes
        generated: list[int] = []  # committed output tokens, the history the logit processing reads
        pending = prompt[-1]  # committed, in neither cache yet
        backlog = [pending]  # committed, not yet in the draft's cache
        produced = 0
        while produced < max_tokens:
            room = context - t_cache.length - 1  # the target pass takes the pending token and the proposals
            proposals: list[int] = []
            q_rows: list[np.ndarray] = []
            if use_draft and room > 0:
                steps = min(k, room, max_tokens - produced)
                d_logits = self.draft.forward(backlog, d_cache)[-1]
                backlog = []
                d_base = d_cache.length
                for i in range(steps):
                    if processing:
                        d_logits = process(d_logits, sampling, prompt, generated + proposals, end_id)
                    if sampling.greedy:  # the one-hot distribution is never needed: compare argmaxes
                        token = int(np.argmax(d_logits))
                    else:
                        q = distribution(d_logits, sampling)
                        token = _draw(q, rng)
                        q_rows.append(q)
                    proposals.append(token)
                    if i + 1 < steps:
                        d_logits = self.draft.forward([token], d_cache)[-1]
                stats.draft_tokens += len(proposals)
            t_base = t_cache.length
            p_rows = self.target.forward([pending, *proposals], t_cache)
            raw_rows = p_rows
            if stats.context_logits is not None and t_base == len(prompt) - 1:  # the last prompt position
                stats.context_logits.append(np.array(raw_rows[0], dtype=np.float32))
            if processing:
                p_rows = np.stack([process(row, sampling, prompt, generated + proposals[:i], end_id)
                                   for i, row in enumerate(p_rows)])
            stats.target_passes += 1
            committed: list[int] = []
            rejected = False
            for i, token in enumerate(proposals):
                if sampling.greedy:
                    best = int(np.argmax(p_rows[i]))
                    if token == best:
                        committed.append(token)
                        stats.accepted_draft_tokens += 1
                        continue
                    committed.append(best)
                    rejected = True
                    break
                p, q = distribution(p_rows[i], sampling), q_rows[i]
                if q[token] > 0 and rng.random() < min(1.0, p[token] / q[token]):
                    committed.append(token)
                    stats.accepted_draft_tokens += 1
                    continue
                residual = np.maximum(p - q, 0.0)
                committed.append(int(np.argmax(p)) if residual.sum() <= 0 else _draw(residual, rng))
                rejected = True
                break
            if not rejected:  # every proposal kept (or none made): one more from the target
                last = p_rows[len(proposals)]
                committed.append(int(np.argmax(last)) if sampling.greedy else _draw(distribution(last, sampling), rng))
            # caches keep the pending token and the kept proposals; the last committed token is the new pending
            kept = len(committed) - 1
            t_cache.length = t_base + 1 + kept
            if use_draft and proposals:
                # the draft fed the pending backlog then proposals[:-1]; keep what was accepted
                d_cache.length = d_base + min(kept, len(proposals) - 1)
                backlog = committed[min(kept, len(proposals) - 1) :]
            elif use_draft:
                backlog = [*backlog, *committed]
            pending = committed[-1]
            generated.extend(committed)
            if end_id in committed:
                committed = committed[: committed.index(end_id) + 1]
            committed = committed[: max_tokens - produced]
            for m, token in enumerate(committed):  # committed[m] was scored by row m of this target pass
                if stats.log_probs is not None:
                    z = p_rows[m] / sampling.temperature if sampling.temperature > 0 else p_rows[m]
                    z = z - z.max()
                    stats.log_probs.append(float(z[token] - np.log(np.exp(z).sum())))
                if stats.generation_logits is not None:
                    stats.generation_logits.append(np.array(raw_rows[m], dtype=np.float32))
            produced += len(committed)
            stats.tokens += len(committed)
            yield committed
            if committed and committed[-1] == end_id:
                return
            if t_cache.length + 1 > context:
                return
