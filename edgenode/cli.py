"""The edge node's commands for `edgeroute` (controlplane.cli finds `register` through the `edgeroute.commands`
entry point): `edge` runs a node, `trtllm-repo` writes a TensorRT-LLM model repository for a GPU hub."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DRAIN_GRACE_S = 10.0  # seconds calls in flight get to finish after SIGTERM, by default


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`edge`'s flags: declared here, so building `edgeroute`'s parser does not import the node (Triton, the model)."""
    from controlplane.kernel.config import ETCD_HELP
    from controlplane.registry import DEFAULT_LEASE_TTL_S

    parser.add_argument("--hub", required=True, help="hub this node belongs to (a hub name in regions.yaml)")
    parser.add_argument("--node-id", default=None, help="unique within the hub (default: hub-hostname-port)")
    parser.add_argument("--etcd", required=True, help=ETCD_HELP)
    parser.add_argument("--tls-dir", default=None,
                        help="certificates (edgeroute certs init): serve mutual TLS, taking calls only from a router "
                             "certificate, and reach etcd over TLS with edge.crt")
    parser.add_argument("--listen", default="127.0.0.1:0", help="front address HOST:PORT (port 0 picks one)")
    parser.add_argument("--advertise-host", default=None, help="host to register (default: the listen host)")
    parser.add_argument("--triton-url", default=None, help="front an already-running Triton (grpc HOST:PORT)")
    parser.add_argument("--triton-metrics-url", default=None, help="its metrics URL (default HOST:8002/metrics)")
    parser.add_argument("--models", default=None, help="models served, comma-separated (default: all bound)")
    parser.add_argument("--lease-ttl", type=int, default=DEFAULT_LEASE_TTL_S, help="registry lease TTL in seconds")
    parser.add_argument("--slots", type=int, default=1,
                        help="requests Triton executes at once (model instances x in-flight batch); routers turn "
                             "the queue into an expected wait with it and the measured service time")
    parser.add_argument("--max-queue-depth", type=int, default=0,
                        help="admission control: with this many calls in flight here, answer RESOURCE_EXHAUSTED at "
                             "once (with retry-after-ms) so the router tries another hub; 0 turns it off")
    parser.add_argument("--config", default=None,
                        help="regions.yaml, for its cache section (default: the built-in cache settings)")
    parser.add_argument("--no-cache", action="store_true", help="turn the semantic cache off")
    parser.add_argument("--hop-secret-file", default=None,
                        help="secret shared with the routers; calls without the router's signature are refused "
                             "(default: $EDGEROUTE_HOP_SECRET; unset: any caller is accepted)")
    parser.add_argument("--metrics-port", type=int, default=None,
                        help="serve the node's Prometheus metrics on this port (0 picks one)")
    parser.add_argument("--health-port", type=int, default=None,
                        help="also serve grpc.health.v1 alone, in plaintext, on this port of the --listen host "
                             "(Kubernetes grpc probes do not speak TLS; 0: any free port)")
    parser.add_argument("--drain-grace", type=float, default=DRAIN_GRACE_S,
                        help="seconds calls in flight get to finish after SIGTERM")


def _edge(args: argparse.Namespace) -> int:
    from edgenode.node import run

    return run(args)


def _trtllm_repo(args: argparse.Namespace) -> int:
    from edgenode.trtllm_repo import RepoError, RepoOptions, write_repository

    window, ngram, verification = args.lookahead
    options = RepoOptions(
        engine_dir=args.engine_dir, tokenizer_dir=args.tokenizer_dir, draft_engine_dir=args.draft_engine_dir or "",
        speculative=args.speculative, quantization=args.quantization, kv_cache_fp8=args.kv_cache_fp8,
        batching_window_us=args.batching_window_us, max_batch_size=args.max_batch_size,
        kv_cache_reuse=not args.no_kv_cache_reuse, decoupled=not args.no_streaming,
        num_draft_tokens=args.num_draft_tokens, medusa_choices=args.medusa_choices or "",
        eagle_choices=args.eagle_choices or "", lookahead=(window, ngram, verification),
        hf_model_dir=args.hf_model_dir, draft_hf_model_dir=args.draft_hf_model_dir,
    )
    try:
        written = write_repository(Path(args.out), options)
    except RepoError as exc:
        print(f"trtllm-repo: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    print(f"next: run {Path(args.out) / 'build.sh'} on the GPU host, start Triton on {args.out}, then "
          "edgeroute edge --triton-url grpc://GPU_HOST:8001 --models ensemble,tensorrt_llm_bls")
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    edge = commands.add_parser("edge", help="run an edge node (Triton + gRPC front + registration)")
    add_arguments(edge)
    edge.set_defaults(func=_edge)

    repo = commands.add_parser("trtllm-repo", help="write a TensorRT-LLM Triton model repository for a GPU hub")
    repo.add_argument("--out", required=True, help="repository folder to write")
    repo.add_argument("--engine-dir", required=True, help="target engine folder on the GPU host")
    repo.add_argument("--tokenizer-dir", required=True, help="Hugging Face tokenizer folder on the GPU host")
    repo.add_argument("--draft-engine-dir", help="draft engine folder (draft-target)")
    repo.add_argument("--speculative", default="none", help="none, draft-target, eagle, medusa or lookahead")
    repo.add_argument("--quantization", default="none", help="none, fp8, int8-sq, int8-wo, int4-wo or int4-awq")
    repo.add_argument("--kv-cache-fp8", action="store_true", help="FP8 KV cache")
    repo.add_argument("--batching-window-us", type=int, default=2000, help="Triton's dynamic batching window")
    repo.add_argument("--max-batch-size", type=int, default=64)
    repo.add_argument("--no-kv-cache-reuse", action="store_true", help="do not reuse KV blocks of shared prefixes")
    repo.add_argument("--no-streaming", action="store_true", help="not decoupled: one response per request")
    repo.add_argument("--num-draft-tokens", type=int, default=4)
    repo.add_argument("--medusa-choices", help="Medusa tree, e.g. '[[0], [0, 0], [1], [0, 1]]'")
    repo.add_argument("--eagle-choices", help="EAGLE tree (default: the engine's)")
    repo.add_argument("--lookahead", type=int, nargs=3, default=(4, 4, 4), metavar=("WINDOW", "NGRAM", "VERIFY"))
    repo.add_argument("--hf-model-dir", default="/models/target-hf", help="checkpoint build.sh quantizes")
    repo.add_argument("--draft-hf-model-dir", default="/models/draft-hf")
    repo.set_defaults(func=_trtllm_repo)
