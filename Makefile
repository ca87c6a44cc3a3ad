# `make run` starts the bot; `make test` runs the linter, the type checker (mypy; files and settings in
# pyproject.toml) and every test (spread over the machine's cores by pytest-xdist). Each sets up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test typecheck lint bench bench-uno bench-chroma bench-ginjontan bench-chaosjan clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python bot.py

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
	$(BENCH_VENV)/bin/pip install --quiet -r requirements.txt -r bench/requirements-uno.txt
	touch $@

bench-uno: $(BENCH_VENV)/.installed-uno
	$(BENCH_VENV)/bin/python bench/uno.py

clean:
	rm -rf $(VENV) .venv-bench
