# `make run` starts the bot; `make test` runs the linter, the type checker (mypy; files and settings in
# pyproject.toml) and every test (spread over the machine's cores by pytest-xdist). Each sets up .venv first.
# `make install` only sets up .venv for the bot (for a service manager that starts .venv/bin/python bot.py itself);
# `make lock` remakes requirements.txt and requirements-dev.txt from requirements.in and requirements-dev.in.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run install test lock typecheck bench bench-uno bench-chroma bench-ginjontan bench-chaosjan clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.txt
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python bot.py

install: $(VENV)/.installed

test: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/storage_log.py
	$(BIN)/python bench/interactions.py
	$(BIN)/python bench/cosmic_roll.py
	$(BIN)/python bench/chroma.py
	$(BIN)/python bench/ginjontan.py
	$(BIN)/python bench/chaosjan.py
	$(BIN)/python bench/pictures.py
	$(BIN)/python bench/many_games.py
	$(BIN)/python bench/load.py
	$(BIN)/python bench/live_panel.py

bench-chroma: $(VENV)/.installed-dev
	$(BIN)/python bench/chroma.py

bench-ginjontan: $(VENV)/.installed-dev
	$(BIN)/python bench/ginjontan.py

bench-chaosjan: $(VENV)/.installed-dev
	$(BIN)/python bench/chaosjan.py
	$(BIN)/python bench/many_games.py

# Uno self-play against rlcard: rlcard lives only in its own venv, never in requirements*.txt.
BENCH_VENV := .venv-bench

$(BENCH_VENV)/.installed-uno: requirements.txt bench/requirements-uno.txt
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet --require-hashes -r requirements.txt
	$(BENCH_VENV)/bin/pip install --quiet -r bench/requirements-uno.txt
	touch $@

bench-uno: $(BENCH_VENV)/.installed-uno
	$(BENCH_VENV)/bin/python bench/uno.py

# The lock: every package pinned with the hashes of all its files on PyPI, so an install takes exactly the files
# locked. uv lives only in its own venv, never in requirements*.txt. One lock serves every Python from LOCK_PYTHON
# (pyproject.toml's requires-python) and every platform: what only some need carries a marker (uvloop: not on
# Windows; audioop-lts: Python 3.13 on). The dev lock is constrained by requirements.txt, so the versions agree.
# A pin already in a lock is kept while its .in file allows it.
LOCK_VENV := .venv-lock
LOCK_PYTHON := 3.11
UV_COMPILE := $(LOCK_VENV)/bin/uv pip compile --quiet --no-config --universal --python-version $(LOCK_PYTHON) \
	--generate-hashes --default-index https://pypi.org/simple --no-emit-index-url --custom-compile-command "make lock"

$(LOCK_VENV)/.installed:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet uv==0.13.8
	touch $@

lock: $(LOCK_VENV)/.installed
	$(UV_COMPILE) --output-file requirements.txt requirements.in
	printf '%s\n' '# Runtime dependencies: everything `make run` and the Dockerfile install, each pinned with its hashes.' \
		'# Made from requirements.in by `make lock`: edit that file, not this one.' | cat - requirements.txt > $(LOCK_VENV)/lock.tmp
	mv $(LOCK_VENV)/lock.tmp requirements.txt
	$(UV_COMPILE) --output-file requirements-dev.txt requirements-dev.in
	printf '%s\n' '# Test and lint tools with the runtime dependencies: everything `make test` installs, each pinned with its' \
		'# hashes. Made from requirements-dev.in by `make lock`: edit that file, not this one.' \
		| cat - requirements-dev.txt > $(LOCK_VENV)/lock.tmp
	mv $(LOCK_VENV)/lock.tmp requirements-dev.txt

clean:
	rm -rf $(VENV) $(BENCH_VENV) $(LOCK_VENV)
