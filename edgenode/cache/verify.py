"""Error-bounded semantic hits, after vCache (Schroeder et al., "vCache: verified semantic prompt caching"):
a sample of the semantic tier's hits is checked against the model, and unchecked hits are served only while
the checks say the served error rate is within the operator's bound.

At temperature 0 the model's answer is exact, so a check is a fresh generation compared byte for byte with
the cached answer. `Verifier.decide` says, for one semantic hit, whether to serve it or check it:

- while the upper end of the 95% Wilson interval of the failure rate among checks so far is above
  `error_bound`, every semantic hit is checked (answered fresh, never unverified): a new cache starts so;
- otherwise a hit is checked with probability `check_rate`, so the checks stay a uniform sample of the
  hits and the estimate keeps describing what is served.

A failed check also raises that entry's own threshold above the similarity it failed at (vCache learns a
threshold per entry; the edge asks the store: `SemanticCache.raise_threshold`): the entry no longer answers
prompts that far from it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

SERVE, CHECK = "serve", "check"


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Verifier:
    error_bound: float
    check_rate: float = 0.05
    rng: random.Random = field(default_factory=random.Random)
    checks: int = 0
    failures: int = 0

    def __post_init__(self) -> None:
        if not 0.0 < self.error_bound < 1.0:
            raise ValueError(f"error_bound must be between 0 and 1 (exclusive), got {self.error_bound}")
        if not 0.0 < self.check_rate <= 1.0:
            raise ValueError(f"check_rate must be in (0, 1], got {self.check_rate}")

    @property
    def error_upper(self) -> float:
        return wilson(self.failures, self.checks)[1]

    def decide(self) -> str:
        if self.error_upper > self.error_bound:
            return CHECK
        return CHECK if self.rng.random() < self.check_rate else SERVE

    def record(self, ok: bool) -> None:
        """One check's outcome: the fresh answer was the cached one byte for byte, or not."""
        self.checks += 1
        if not ok:
            self.failures += 1
