# The two set-up commands for a fresh machine are `make demo` and `make test`.
# Both build the Rust extension (native/, with maturin, in release mode) into .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NATIVE := $(VENV)/.native
DEV    := $(VENV)/.dev-installed
DOCS   := $(VENV)/.docs-installed
NATIVE_SOURCES := $(shell find native/src -name '*.rs') native/Cargo.toml native/Cargo.lock

.PHONY: demo test test-slow lint lint-rust format docs bench bench-peers install wheel clean

# the virtual environment with cgtkit's dependencies and the build tool
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet 'maturin>=1.9,<2'
	$(BIN)/python -m pip install --quiet --no-build-isolation -e '.[test]'
	touch $(STAMP) $(NATIVE)

# rebuild the extension (release) whenever a Rust source changes
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	rm -f src/cgtkit/_native*.so  # an extension of another name (an older ABI tag) would shadow the new one
	$(BIN)/python -m pip install --quiet --no-build-isolation --no-deps -e .
	touch $(NATIVE)

install: $(NATIVE)

demo: $(NATIVE)
	$(BIN)/cgtkit demo

test: $(NATIVE)
	$(BIN)/python -m pytest --durations=25

# one extra of pyproject.toml, installed alone (cgtkit itself is already there, so
# nothing is rebuilt): $(call install_extra,NAME)
install_extra = $(BIN)/python -c "import sys, tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies'][sys.argv[1]]))" $(1) > $(VENV)/$(1)-requirements.txt && $(BIN)/python -m pip install --quiet -r $(VENV)/$(1)-requirements.txt

# the development tools: the dev extra
$(DEV): $(STAMP) pyproject.toml
	$(call install_extra,dev)
	touch $(DEV)

# the documentation site (mkdocs.yml: MkDocs Material, the API reference by mkdocstrings,
# the notebooks executed by mkdocs-jupyter) built into site/, every warning an error
$(DOCS): $(STAMP) pyproject.toml
	$(call install_extra,docs)
	touch $(DOCS)

docs: $(NATIVE) $(DOCS)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# the layers (pyproject.toml's [tool.importlinter]: no import points up), ruff's
# format check and linter, and mypy, strict on the modules listed in [tool.mypy];
# `make format` rewrites the tree in ruff's format
lint: $(DEV)
	$(BIN)/lint-imports
	$(BIN)/ruff format --check src tests bench .ci
	$(BIN)/ruff check src tests bench .ci
	$(BIN)/mypy

# the Rust crate: rustfmt's check (native/rustfmt.toml), clippy with every warning an
# error, and the crate's own unit tests (cargo test builds without the extension-module
# feature, so the test binary links libpython like any program embedding Python; CI runs
# it: .ci/run)
lint-rust:
	cd native && cargo fmt --check
	cd native && cargo clippy --all-targets -- -D warnings
	cd native && cargo test

format: $(DEV)
	$(BIN)/ruff format src tests bench .ci

test-slow: $(NATIVE)
	$(BIN)/python -m pytest -m slow

# every bench/bench_*.py (fast path vs its baseline, same run); ARGS=--quick for a short run
bench: $(NATIVE)
	$(BIN)/python bench/run.py $(ARGS)

# cgtkit against pycgt and cgt-py (installed into bench/.peers/); ARGS=--quick for a short run;
# ARGS="--mcgs-only --mcgs PATH" (or CGTKIT_MCGS=PATH) for who wins against MCGS's binary
bench-peers: $(NATIVE)
	$(BIN)/python bench/peers.py $(ARGS)

# a release wheel (and the sdist) in dist/
wheel: $(STAMP)
	$(BIN)/maturin build --release --sdist --out dist

clean:
	rm -rf $(VENV) build dist site .cache native/target src/cgtkit/_native*.so .pytest_cache .hypothesis
