# The two set-up commands of the README:
#   make demo   installs what is missing, builds (release) and runs the main job
#   make test   installs what is missing (also unicode-data and tmux), builds and runs every test
SWIFT ?= swift
BIN = .build/release/rtl-tui

.PHONY: demo test build deps test-deps sample clean

deps:
	@Scripts/install-deps.sh

test-deps:
	@Scripts/install-deps.sh --test

build: deps
	$(SWIFT) build -c release --product rtl-tui

demo: build sample

# The main job: Arabic and Hebrew text rendered for a terminal that does no bidi of its own.
sample:
	@printf '%s\n' \
	  'مرحبا بالعالم! هذا نص عربي فيه (أقواس) وأرقام 2024 واسم GitHub.' \
	  'שלום עולם! התקשרו ל-03-1234567 (שלוחה 12) או בקרו ב-example.com.' \
	  'السلام عليكم — كَتَبَ الطالبُ الدرسَ.' \
	  | $(BIN) render --width 48

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
