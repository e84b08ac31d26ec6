"""The edge's embedded language models: a small causal transformer (target) and a much smaller draft,
trained by scripts/train_lm.py on the corpus of edgenode.lm.corpus, served with numpy and a KV cache."""
