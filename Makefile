# `make run` starts the bot; `make test` runs the linter and every test. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean

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
	$(BIN)/python -m pytest

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/interactions.py
	$(BIN)/python bench/cosmic_roll.py

clean:
	rm -rf $(VENV)
