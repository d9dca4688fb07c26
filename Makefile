# `make` sets everything up, puts the deckgen command on your PATH and builds every output under
# output/; `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Where `make` links the deckgen command: the folder pipx and pip --user put commands in, on the
# PATH of most systems. `make BINDIR=/some/dir` links it elsewhere, `make BINDIR=` nowhere.
BINDIR ?= $(HOME)/.local/bin

.PHONY: all build link test bench clean

all: build

# The modules setup.py compiles are built into the source tree: an edit to one rebuilds them.
COMPILED := $(shell find deckgen/games -name "[!_]*.py")

$(STAMP): pyproject.toml setup.py $(COMPILED)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

build: link
	$(BIN)/deckgen build

link: $(STAMP)
ifneq ($(BINDIR),)
	@mkdir -p "$(BINDIR)"
	@ln -sfn "$(abspath $(BIN))/deckgen" "$(BINDIR)/deckgen"
	@case ":$$PATH:" in *":$(BINDIR):"*) echo "deckgen is linked into $(BINDIR), on your PATH";; \
	  *) echo "deckgen is linked into $(BINDIR), which is not on your PATH: add it (e.g. in ~/.profile:" \
	     "export PATH=\"$(BINDIR):\$$PATH\") or run . $(abspath $(BIN))/activate in each new shell";; esac
endif

test: $(STAMP)
	$(BIN)/python -m pytest -q

# Speed figures next to their targets: rendering (with a plain reportlab script as the floor),
# simulation (with RLCard's UNO measured as a peer in the same run) and described engines
# (with their hand-written twins and OpenSpiel's crazy_eights as peers).
bench: $(STAMP)
	$(BIN)/pip install --quiet rlcard open_spiel
	$(BIN)/python benchmarks/render_bench
	$(BIN)/python benchmarks/sim_bench
	$(BIN)/python benchmarks/described_bench

clean:
	rm -rf output $(VENV) build
	find deckgen -name '*.so' -delete
