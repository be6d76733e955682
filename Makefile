# The two set-up commands for a fresh machine are `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-slow bench bench-peers install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/cgtkit demo

test: $(STAMP)
	$(BIN)/python -m pytest

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

# every bench/bench_*.py (fast path vs its baseline, same run); ARGS=--quick for a short run
bench: $(STAMP)
	$(BIN)/python bench/run.py $(ARGS)

# cgtkit against pycgt and cgt-py (installed into bench/.peers/); ARGS=--quick for a short run
bench-peers: $(STAMP)
	$(BIN)/python bench/peers.py $(ARGS)

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
