# `make` sets everything up, puts the deckgen command on your PATH and builds every output under
# output/; `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Where `make` links the deckgen command: the folder pipx and pip --user put commands in, on the
# PATH of most systems. `make BINDIR=/some/dir` links it elsewhere, `make BINDIR=` nowhere.
BINDIR ?= $(HOME)/.local/bin
# C compilers run at once when the engines are compiled (one per core).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all build documents link compiled test bench clean

# Python keeps each module's compiled bytecode (__pycache__/*.pyc) the first time it imports
# it, unless PYTHONDONTWRITEBYTECODE is set, as in some containers; uv writes none at install
# (pip did). Then every process compiled the same libraries and deckgen's modules again from
# source: importing the build's modules took 5.3-6.0 CPU-s instead of 2.6, and the documents
# build 28.4 CPU-s instead of 24.3. make's commands keep the bytecode in .venv and beside
# deckgen's sources (git ignores __pycache__), and every later command reads it, set or not.
unexport PYTHONDONTWRITEBYTECODE

all: build

# The package sources pip is set up with (a mirror, a folder of wheels), handed to uv, which
# reads no pip configuration (asked of $(PYTHON)'s pip: make expands a recipe before its venv
# exists); where a package is on several, the newest wins, as with pip.
UV_SOURCES = --index-strategy unsafe-best-match \
  $(foreach url,$(shell $(PYTHON) -m pip config get global.index-url 2>/dev/null),--index-url $(url)) \
  $(foreach url,$(shell $(PYTHON) -m pip config get global.extra-index-url 2>/dev/null),--extra-index-url $(url)) \
  $(foreach url,$(sort $(PIP_FIND_LINKS) $(shell $(PYTHON) -m pip config get global.find-links 2>/dev/null)),--find-links $(url))

# The dependencies: installed again only when pyproject.toml or setup.py change, by uv (some 60
# wheels in a few CPU seconds, where pip took over a minute of CPU). The engines are not
# compiled here (DECKGEN_PURE_PYTHON=1) but by the rule below, which an engine edit reruns.
# The install is editable in setuptools' compat mode: a .pth file puts the checkout on sys.path.
# The default mode imports a finder (pathlib, re, urllib.parse: some 10 ms) at the start of
# every Python process in the venv, deckgen's commands, the tests' and any other.
# The venv gets no pip of its own (ensurepip took 7 CPU-s, half the install): $(PYTHON)'s pip
# puts uv in it, or, where that pip cannot (none, or older than 22.3), the venv's own pip.
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv --without-pip $(VENV)
	test -x $(BIN)/uv || $(PYTHON) -m pip --python $(BIN)/python install --quiet uv \
	  || { $(PYTHON) -m venv $(VENV) && $(BIN)/pip install --quiet uv; }
	DECKGEN_PURE_PYTHON=1 $(BIN)/uv pip install --quiet --python $(BIN)/python $(UV_SOURCES) \
	  -C editable_mode=compat -e '.[test,compile]'
	touch $(STAMP)

# The compiled engines, a cache of deckgen/games/ (deckgen/compiled.py): after an edit only the
# libraries whose code changed are compiled again, several at once. An edited engine runs from
# its source until then, so a failed compile (no C compiler) leaves deckgen working, slower.
ENGINES := $(shell find deckgen/games -name "*.py" -not -path "*/__compiled__/*")
COMPILED := $(VENV)/.compiled

$(COMPILED): $(STAMP) $(ENGINES)
	$(BIN)/python setup.py --quiet build_ext --inplace --parallel $(JOBS)
	touch $(COMPILED)

compiled: $(COMPILED)

# The first build's documents (card sheets, booklets, player aids) play no game: they are made
# while the engines compile, whose type-checking phase leaves a core idle, and the build after
# finds them unchanged and plays only the fairness simulations, on the compiled engines.
build: link
	@$(MAKE) --no-print-directory -j$(JOBS) $(COMPILED) documents
	$(BIN)/deckgen build

documents: $(STAMP)
	$(BIN)/deckgen build --sim-games 0 --quiet

link: $(STAMP)
ifneq ($(BINDIR),)
	@mkdir -p "$(BINDIR)"
	@ln -sfn "$(abspath $(BIN))/deckgen" "$(BINDIR)/deckgen"
	@case ":$$PATH:" in *":$(BINDIR):"*) echo "deckgen is linked into $(BINDIR), on your PATH";; \
	  *) echo "deckgen is linked into $(BINDIR), which is not on your PATH: add it (e.g. in ~/.profile:" \
	     "export PATH=\"$(BINDIR):\$$PATH\") or run . $(abspath $(BIN))/activate in each new shell";; esac
endif

test: $(COMPILED)
	$(BIN)/python -m pytest -q

# Speed figures next to their targets: rendering (with a plain reportlab script as the floor),
# simulation (with RLCard's UNO measured as a peer in the same run) and described engines
# (with their hand-written twins and OpenSpiel's crazy_eights as peers).
bench: $(COMPILED)
	$(BIN)/uv pip install --quiet --python $(BIN)/python $(UV_SOURCES) rlcard open_spiel
	$(BIN)/python benchmarks/render_bench
	$(BIN)/python benchmarks/sim_bench
	$(BIN)/python benchmarks/described_bench

clean:
	rm -rf output $(VENV) build deckgen/games/__compiled__
	find deckgen -name '*.so' -delete
