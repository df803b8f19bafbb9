# The two set-up commands of the README:
#   make demo   installs what is missing, builds (release) and runs the main job
#   make test   installs what is missing (also unicode-data, tmux, libfribidi-bin, python3,
#               librsvg2-bin, gettext, ncurses-term, nano, dialog, mc, emacs-nox, vim, fzf, whiptail,
#               asciinema, rpm), builds (the package, failing on any warning of the library's
#               sources: Scripts/build-tests.sh; and the examples with every Swift example of the
#               docs: Scripts/doc-examples.py), checks the docs' figures that can drift
#               (Scripts/doc-figures.py), runs a short smoke of each fuzz target, then every test,
#               then builds the .deb, installs it and runs it with the toolchain out of reach, then
#               the portable tarball and the .rpm from the same build, run from a root holding only
#               the C library
SWIFT ?= swift
BIN = .build/release/rtl-tui
# Swift warnings are errors in the examples' build (the library's targets, Yams, the examples).
EXAMPLES_WERROR = -Xswiftc -warnings-as-errors

.PHONY: demo test build deps test-deps sample clean doc-examples doc-figures

deps:
	@Scripts/install-deps.sh

test-deps:
	@Scripts/install-deps.sh --test

# rtl-tui (the front, which renders plain text itself) and rtl-tui-full (every command), which
# the front starts in its place from the same directory.
build: deps
	$(SWIFT) build -c release --product rtl-tui
	$(SWIFT) build -c release --product rtl-tui-full

# The main job: the interactive demo in this terminal (or, without one, the rendered sample).
demo: build
	@if [ -t 0 ] && [ -t 1 ]; then $(BIN) demo; else echo "(not a terminal: rendering the sample instead of the interactive demo)"; $(MAKE) --no-print-directory sample; fi

# Arabic and Hebrew text rendered for a terminal that does no bidi of its own.
sample:
	@printf '%s\n' \
	  'مرحبا بالعالم! هذا نص عربي فيه (أقواس) وأرقام 2024 واسم GitHub.' \
	  'שלום עולם! התקשרו ל-03-1234567 (שלוחה 12) או בקרו ב-example.com.' \
	  'السلام عليكم — كَتَبَ الطالبُ الدرسَ.' \
	  | $(BIN) render --width 48

# The package's build fails on a warning of the library's sources (which every user's build would
# print), at no extra cost (Scripts/build-tests.sh reads the build's own output); `make examples`
# builds the examples with warnings as errors too.
test: test-deps
	SWIFT=$(SWIFT) Scripts/build-tests.sh
	SWIFT=$(SWIFT) Scripts/doc-examples.py
	Scripts/doc-figures.py
	Scripts/fuzz.sh all $(FUZZ_SMOKE_LIMIT) -seed=1 -runs=$(FUZZ_SMOKE_RUNS)
	$(SWIFT) test --skip-build --disable-swift-testing
	$(MAKE) --no-print-directory test-deb
	$(MAKE) --no-print-directory test-dist

clean:
	rm -rf .build

# The performance benchmark (BENCHMARKS.md): rtl-tui render against ICU alone (a C loop) and GNU
# FriBidi on the installed catalogs, pathological inputs, peak memory; rtl-tui run against tmux and
# script through a pty (throughput, echo latency, memory, bytes per changed row). Release build.
.PHONY: bench
bench:
	@Scripts/bench.sh

# Fuzzing (libFuzzer + AddressSanitizer, Fuzz/): `make fuzz` runs each target (engine, catalog,
# screen, emulator) for FUZZ_SECONDS seconds from a random seed, to find new bugs; `make fuzz-smoke`,
# as `make test` (and so CI) does, runs each target's seed corpus and then FUZZ_SMOKE_RUNS inputs in
# all from seed 1: the same inputs on every machine, so that CI's verdict does not depend on luck
# (FUZZ_SMOKE_LIMIT seconds at most per target). Crashes are saved under .build-fuzz/artifacts/. See
# Scripts/fuzz.sh.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_RUNS ?= 1000
FUZZ_SMOKE_LIMIT ?= 300
.PHONY: fuzz fuzz-smoke
fuzz:
	Scripts/fuzz.sh all $(FUZZ_SECONDS)

fuzz-smoke:
	Scripts/fuzz.sh all $(FUZZ_SMOKE_LIMIT) -seed=1 -runs=$(FUZZ_SMOKE_RUNS)

# Installing where it is used (Scripts/package.sh; Docs/guide/installing.md). One portable
# build (`make static`, .build-static/): the Swift runtime, ICU with its data, ncursesw, libvterm
# and libxml2 linked statically, so the programs load nothing but the C library (glibc 2.34 or
# later). From it: `make install PREFIX=/usr/local` installs PREFIX/bin/rtl-tui,
# PREFIX/libexec/rtl-tui/rtl-tui-full, the man pages, the bash, zsh and fish completions and the
# licence texts; `make dist` builds rtl-tui-VERSION-linux-ARCH.tar.gz (that tree and INSTALL);
# `make deb` rtl-tui_VERSION_ARCH.deb (Depends: libc6 alone); `make rpm` rtl-tui-VERSION-1.ARCH.rpm
# (rpmbuild); `make test-deb` installs the .deb and runs it with the toolchain hidden; `make
# test-dist` unpacks the tarball and runs every command from a root that holds only the C library,
# and installs the .rpm into a temporary root to compare its files with the tarball's.
PREFIX ?= /usr/local
.PHONY: static install deb test-deb dist rpm test-dist examples
static: deps
	Scripts/package.sh build

install: static
	Scripts/package.sh stage "$(DESTDIR)" "$(PREFIX)"

deb: static
	Scripts/package.sh deb

test-deb: deb
	Scripts/package.sh test-deb

dist: static
	Scripts/package.sh dist

rpm: static
	@command -v rpmbuild >/dev/null || Scripts/install-deps.sh --test
	Scripts/package.sh rpm

test-dist: dist rpm
	Scripts/test-dist.sh "$$(Scripts/package.sh dist-name).tar.gz" "$$(ls -t rtl-tui-*.rpm | head -1)"

# The two example programs built against the library products only (Examples/Package.swift).
examples: deps
	cd Examples && $(SWIFT) build --manifest-cache none $(EXAMPLES_WERROR)

# Every Swift example of README.md, Docs/, the DocC catalogs and the library's `///` comments,
# compiled against the library products as programs of the Examples package, and run when it shows
# its output (`// Prints:`) or asserts (Scripts/doc-examples.py, which says how blocks are read).
doc-examples: deps
	SWIFT=$(SWIFT) Scripts/doc-examples.py

# The figures of the docs that depend on this machine's installed catalogs (what `rtl-tui check`
# prints on them), compared with what the debug build prints now (Scripts/doc-figures.py).
doc-figures:
	Scripts/doc-figures.py

# The DocC documentation of the BidiTerm and BidiTermTerminal products (their catalogs in
# Sources/*/*.docc), built with no warnings and every public symbol documented (Scripts/docs.sh).
.PHONY: docs
docs:
	@Scripts/docs.sh
