# SPDX-License-Identifier: GPL-3.0-or-later
# Makefile -- builds cotuong (hand-written GNU make; autoconf only writes config.mk/config.h).
# Targets: all run check check-sanitize sanitize fuzz bench lint install uninstall dist distcheck
#          clean distclean maintainer-clean
# Variables: BUILD=dir  WERROR=0  DEBUG=1  ARGS="..."  FUZZ_SECONDS=n  prefix DESTDIR bindir datadir mandir
#            CFLAGS CPPFLAGS LDFLAGS (from the environment, the command line or ./configure)
#            CORE_OPTFLAGS (the core's extra optimisation, -O3; empty: the same as the rest)

.DEFAULT_GOAL := all
SHELL := /bin/sh

BUILD ?= build
FUZZ_BUILD ?= build-fuzz
SAN_BUILD ?= build-san
FUZZ_SECONDS ?= 60
WERROR ?= 1
DEBUG ?= 0
# A build directory named like the sanitizer one is a sanitizer build.
ifeq ($(BUILD),$(SAN_BUILD))
SANITIZE ?= 1
endif
SANITIZE ?= 0

# ---------------------------------------------------------------- configuration
# config.mk comes from ./configure, which comes from configure.ac.  In a fresh
# clone "make" generates both (GNU make remakes an included makefile, then restarts).
CLEAN_GOALS := clean distclean maintainer-clean
ifneq ($(MAKECMDGOALS),)
ifeq ($(filter-out $(CLEAN_GOALS),$(MAKECMDGOALS)),)
NO_CONFIG := 1
endif
endif

ifndef NO_CONFIG
include config.mk
endif

configure: configure.ac
	@command -v autoconf >/dev/null 2>&1 || { \
	  echo "autoconf not found: install the Debian package autoconf (scripts/install-deps)" >&2; exit 1; }
	autoconf
	autoheader
	@touch $@

config.mk: config.mk.in configure
	@if [ -x config.status ]; then \
	  echo "./config.status --recheck"; ./config.status --recheck && ./config.status; \
	else \
	  echo "./configure $(CONFIGURE_FLAGS)"; ./configure $(CONFIGURE_FLAGS); \
	fi

config.h: config.mk
	@test -f $@ || ./config.status

# Check (or clang) may have been installed after the last configure run: re-check once
# (MAKE_RESTARTS is set by GNU make after it remade config.mk, so this cannot loop).
ifndef NO_CONFIG
ifeq ($(MAKE_RESTARTS),)
ifneq ($(filter check check-sanitize sanitize,$(MAKECMDGOALS)),)
ifneq ($(HAVE_CHECK),yes)
config.mk: FORCE
endif
endif
ifneq ($(filter fuzz,$(MAKECMDGOALS)),)
ifeq ($(CLANG),)
config.mk: FORCE
endif
endif
endif
endif

.PHONY: reconfigure
reconfigure:
	@if [ -x config.status ]; then ./config.status --recheck && ./config.status; else ./configure; fi

# ---------------------------------------------------------------- flags
WARNFLAGS := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifneq ($(WERROR),0)
WARNFLAGS += -Werror
endif
STDFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE

ifeq ($(SANITIZE),1)
OPTFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1 -DCT_DEBUG
SAN_LDFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all
else ifeq ($(DEBUG),1)
OPTFLAGS := -g -O0 -DCT_DEBUG
else
OPTFLAGS := -O2 -g
# The core is where the AI spends its time: -O3 searches the same tree about 5% faster
# (docs/eval.md, sixteenth session).  The rest gains nothing from it, and -O3 there warns
# about a chat line that snprintf cuts short on purpose.
CORE_OPTFLAGS ?= -O3
endif

# The user's CPPFLAGS, CFLAGS and LDFLAGS come last so that they win (config.mk takes them from
# the environment, else from what ./configure was given: dpkg-buildflags' hardening reaches
# every compile and link line that way).  -ffile-prefix-map keeps the build directory out of
# the objects (debug info, __FILE__), so two builds in two places give the same bytes.
REPRO_FLAGS := -ffile-prefix-map=$(CURDIR)=.
CFLAGS_ALL = $(STDFLAGS) $(WARNFLAGS) $(OPTFLAGS) $(REPRO_FLAGS) -MMD -MP $(CPPFLAGS) $(CFLAGS)
CORE_CFLAGS_ALL = $(STDFLAGS) $(WARNFLAGS) $(OPTFLAGS) $(CORE_OPTFLAGS) $(REPRO_FLAGS) -MMD -MP \
                  $(CPPFLAGS) $(CFLAGS)
LDFLAGS_ALL = $(SAN_LDFLAGS) $(LDFLAGS)

TEST_DATA_DIR := $(CURDIR)/tests/data
# The core sees only its own headers and config.h -- never curses or libunistring.
CORE_CPPFLAGS = -Iinclude -I$(BUILD) -I.
APP_CPPFLAGS = $(CORE_CPPFLAGS) -Isrc $(NCURSES_CFLAGS) \
	-DDATADIR='"$(datadir)/cotuong"' -DLOCALEDIR='"$(localedir)"'
TEST_CPPFLAGS = $(APP_CPPFLAGS) $(CHECK_CFLAGS) -DTEST_DATA_DIR='"$(TEST_DATA_DIR)"'
LIBS_ALL = $(NCURSES_LIBS) $(UNISTRING_LIBS) $(LIBS) -lm -pthread

# ---------------------------------------------------------------- sources (wildcards)
CORE_SRC := $(sort $(wildcard src/core/*.c))
# The layers above the core, bottom to top (scripts/lint holds which may include which).
APP_DIRS := sys game ui tui cli
MAIN_SRC := $(wildcard src/cli/main.c)
APP_SRC := $(sort $(filter-out src/cli/main.c,$(foreach d,$(APP_DIRS),$(wildcard src/$(d)/*.c))))
TEST_SRC := $(sort $(wildcard tests/check_*.c))
E2E_SCRIPTS := $(sort $(wildcard tests/e2e_*.sh))
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
PO_FILES := $(sort $(wildcard po/*.po))
ASSETS := $(sort $(wildcard assets/*))

CORE_OBJ := $(CORE_SRC:src/%.c=$(BUILD)/%.o)
APP_OBJ := $(APP_SRC:src/%.c=$(BUILD)/%.o)
MAIN_OBJ := $(MAIN_SRC:src/%.c=$(BUILD)/%.o)
TEST_OBJ := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

LIBCORE := $(BUILD)/libcotuong.a
LIBAPP := $(BUILD)/libcotuong-app.a
PROGRAM := $(BUILD)/cotuong
ifneq ($(MSGFMT),)
MO_FILES := $(PO_FILES:po/%.po=$(BUILD)/po/%.mo)
# The same catalogues in a locale tree, so the program finds them when run from the build.
LOCALE_MO := $(PO_FILES:po/%.po=$(BUILD)/locale/%/LC_MESSAGES/cotuong.mo)
endif

# Every object depends on this file; it changes only when the flags change,
# so switching WERROR/DEBUG/prefix/CFLAGS rebuilds what it must.
FLAGS_STAMP := $(BUILD)/.flags

# ---------------------------------------------------------------- main targets
.PHONY: all run check check-sanitize sanitize fuzz bench lint install uninstall \
	clean distclean tests FORCE

ifneq ($(MAIN_SRC),)
all: $(LIBCORE) $(LIBAPP) $(PROGRAM) $(MO_FILES) $(LOCALE_MO)
else
all: $(LIBCORE) $(LIBAPP) $(MO_FILES)
	@echo "note: src/cli/main.c does not exist yet; $(PROGRAM) not built"
endif

$(BUILD):
	@mkdir -p $@

run: all
	$(PROGRAM) $(ARGS)

$(FLAGS_STAMP): FORCE | $(BUILD)
	$(file >$@.new,$(CC) $(CFLAGS_ALL) | $(CORE_CFLAGS_ALL) | $(APP_CPPFLAGS) | $(TEST_CPPFLAGS) | $(LDFLAGS_ALL) | $(LIBS_ALL))
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(BUILD)/core/%.o: src/core/%.c $(FLAGS_STAMP) | config.h
	@mkdir -p $(@D)
	$(CC) $(CORE_CPPFLAGS) $(CORE_CFLAGS_ALL) -c -o $@ $<

define app-object-rule
$$(BUILD)/$(1)/%.o: src/$(1)/%.c $$(FLAGS_STAMP) | config.h
	@mkdir -p $$(@D)
	$$(CC) $$(APP_CPPFLAGS) $$(CFLAGS_ALL) -c -o $$@ $$<
endef
$(foreach d,$(APP_DIRS),$(eval $(call app-object-rule,$(d))))

$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP) | config.h
	@mkdir -p $(@D)
	$(CC) $(TEST_CPPFLAGS) $(CFLAGS_ALL) -c -o $@ $<

# An empty archive is valid, so the libraries exist even before any source does.
# D: deterministic (no timestamps, uids or modes in the archive).
define make-archive
	@mkdir -p $(@D)
	@rm -f $@
	$(if $^,$(AR) rcsD $@ $^,printf '!<arch>\n' >$@)
endef

$(LIBCORE): $(CORE_OBJ)
	$(make-archive)

$(LIBAPP): $(APP_OBJ)
	$(make-archive)

$(PROGRAM): $(MAIN_OBJ) $(LIBAPP) $(LIBCORE)
	$(CC) $(LDFLAGS_ALL) -o $@ $(MAIN_OBJ) $(LIBAPP) $(LIBCORE) $(LIBS_ALL)

$(BUILD)/tests/check_%: $(BUILD)/tests/check_%.o $(LIBAPP) $(LIBCORE)
	$(CC) $(CHECK_CFLAGS) $(LDFLAGS_ALL) -o $@ $< $(LIBAPP) $(LIBCORE) $(CHECK_LIBS) $(LIBS_ALL)

# check_typed_move counts the calls into the move generator from the other modules.
$(BUILD)/tests/check_typed_move: LDFLAGS_ALL += -Wl,--wrap=ct_has_legal_move \
	-Wl,--wrap=ct_gen_legal -Wl,--wrap=ct_gen_pseudo -Wl,--wrap=ct_is_legal -Wl,--wrap=ct_is_pseudo

# Keep test objects (make would delete them as intermediates of a pattern chain).
.SECONDARY: $(TEST_OBJ)

$(BUILD)/po/%.mo: po/%.po
	@mkdir -p $(@D)
	$(MSGFMT) --check -o $@ $<

$(BUILD)/locale/%/LC_MESSAGES/cotuong.mo: $(BUILD)/po/%.mo
	@mkdir -p $(@D)
	cp $< $@

# po/cotuong.pot from the sources (xgettext, Debian package gettext).
.PHONY: pot
pot:
	xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --add-comments=TRANSLATORS \
	  --package-name=cotuong --package-version='$(PACKAGE_VERSION)' -o po/cotuong.pot \
	  $(sort $(foreach d,$(APP_DIRS),$(wildcard src/$(d)/*.c src/$(d)/*.h)))

-include $(CORE_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

# ---------------------------------------------------------------- tests
ifeq ($(HAVE_CHECK),yes)
# tools/mkindex too: e2e_explorer builds an index of its own games.
tests: all $(TEST_BIN) $(BUILD)/tools/mkindex
else
tests:
	@echo "error: the Check unit test framework is missing: install the Debian package check" >&2
	@echo "       (scripts/install-deps --tests), then run make check again" >&2
	@exit 1
endif

check: tests
	@COTUONG='$(abspath $(PROGRAM))' TEST_DATA_DIR='$(TEST_DATA_DIR)' BUILD='$(BUILD)' \
	 FAIRY_STOCKFISH='$(FAIRY_STOCKFISH)' SJAAKII='$(SJAAKII)' MAXQI='$(MAXQI)' \
	 LSAN_OPTIONS="$${LSAN_OPTIONS:-suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0}" \
	 UBSAN_OPTIONS="$${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
	 sh scripts/run-tests $(TEST_BIN) $(E2E_SCRIPTS)

check-sanitize sanitize:
	@$(MAKE) --no-print-directory BUILD=$(SAN_BUILD) SANITIZE=1 check

# ---------------------------------------------------------------- fuzzing (clang, libFuzzer)
FUZZ_CC = $(or $(CLANG),clang)
FUZZ_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-g -O1 -DCT_DEBUG -DCT_SEARCH_MAX_HASH_MB=64
FUZZ_CFLAGS = $(STDFLAGS) $(WARNFLAGS) $(FUZZ_FLAGS) -MMD -MP -Iinclude -Isrc -I$(FUZZ_BUILD) -I.
FUZZ_CORE_OBJ := $(CORE_SRC:src/%.c=$(FUZZ_BUILD)/%.o)
FUZZ_BIN := $(FUZZ_SRC:fuzz/%.c=$(FUZZ_BUILD)/%)

fuzz:
	@if [ -z "$(FUZZ_SRC)" ]; then echo "fuzz: no fuzz/fuzz_*.c targets yet"; exit 0; fi; \
	if [ -z "$(CLANG)" ] && ! command -v clang >/dev/null 2>&1; then \
	  echo "error: make fuzz needs clang: install the Debian packages clang libclang-rt-14-dev" >&2; \
	  echo "       (scripts/install-deps --all)" >&2; exit 1; fi
	@$(if $(FUZZ_SRC),$(MAKE) --no-print-directory $(FUZZ_BIN) && \
	 FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_BUILD='$(FUZZ_BUILD)' sh scripts/run-fuzz $(FUZZ_BIN),:)

$(FUZZ_BUILD)/core/%.o: src/core/%.c | config.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/libcotuong.a: $(FUZZ_CORE_OBJ)
	$(make-archive)

# A target of a module above the core lists the objects it needs besides the core
# (FUZZ_OBJ_name; pure modules only) and depends on them.
FZ := $(FUZZ_BUILD)
FUZZ_OBJ_proto := $(FZ)/game/proto.o $(FZ)/sys/sanitize.o $(FZ)/sys/xmalloc.o
FUZZ_OBJ_engine_line := $(FZ)/sys/engine_proc.o $(FZ)/sys/sanitize.o $(FZ)/sys/xmalloc.o \
	$(FZ)/sys/systime.o
FUZZ_OBJ_settings := $(FZ)/sys/settings.o $(FZ)/sys/sanitize.o $(FZ)/sys/savefile.o \
	$(FZ)/sys/xmalloc.o
FUZZ_OBJ_resume := $(FZ)/sys/resume.o $(FZ)/sys/sanitize.o $(FZ)/sys/savefile.o $(FZ)/sys/xmalloc.o
FUZZ_OBJ_input := $(FZ)/ui/input.o $(FZ)/ui/keymap.o
FUZZ_OBJ_uci := $(FZ)/cli/cmd_uci.o $(FZ)/cli/options.o $(FZ)/sys/player.o $(FZ)/sys/readall.o \
	$(FZ)/sys/sanitize.o $(FZ)/sys/engine_proc.o $(FZ)/sys/xmalloc.o $(FZ)/sys/systime.o \
	$(FZ)/sys/datafile.o $(FZ)/sys/savefile.o $(FZ)/sys/i18n.o
FUZZ_TARGETS_ABOVE_CORE := proto engine_line settings resume input uci
FUZZ_APP_OBJ := $(sort $(foreach t,$(FUZZ_TARGETS_ABOVE_CORE),$(FUZZ_OBJ_$(t))))
$(foreach t,$(FUZZ_TARGETS_ABOVE_CORE),$(eval $(FZ)/fuzz_$(t): $(FUZZ_OBJ_$(t))))
FUZZ_APP_FLAGS = $(NCURSES_CFLAGS) -DDATADIR='"$(datadir)/cotuong"' -DLOCALEDIR='"$(localedir)"'
FUZZ_LIBS = $(UNISTRING_LIBS) $(NCURSES_LIBS) -lm -pthread

define fuzz-app-object-rule
$$(FZ)/$(1)/%.o: src/$(1)/%.c | config.h
	@mkdir -p $$(@D)
	$$(FUZZ_CC) $$(FUZZ_CFLAGS) $$(FUZZ_APP_FLAGS) -fsanitize=fuzzer-no-link -c -o $$@ $$<
endef
$(foreach d,$(APP_DIRS),$(eval $(call fuzz-app-object-rule,$(d))))

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_BUILD)/libcotuong.a | config.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_APP_FLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ_$*) \
	  $(FUZZ_BUILD)/libcotuong.a $(FUZZ_LIBS)

-include $(FUZZ_CORE_OBJ:.o=.d) $(FUZZ_APP_OBJ:.o=.d) $(FUZZ_BIN:=.d)

# ---------------------------------------------------------------- the master-games index
# "make index" rebuilds assets/ccpd-masters.idx from the CCPD archive (CC BY 4.0, see
# assets/README); the archive is unpacked under $(BUILD)/ccpd. The same archive always
# gives the same bytes.
# Default: the archive beside the clone (../shared, or ../../shared from a worktree).
CCPD ?= $(firstword $(wildcard ../shared/data/ccpd/ccpd-games.tar.xz \
	../../shared/data/ccpd/ccpd-games.tar.xz) ccpd-games.tar.xz)
MKINDEX := $(BUILD)/tools/mkindex
# What the archive tools share (the .pgn files of a folder in order, a file read whole).
TOOLS_SHARED := tools/pgnfiles.c tools/pgnfiles.h

$(MKINDEX): tools/mkindex.c $(TOOLS_SHARED) $(LIBCORE)
	@mkdir -p $(@D)
	$(CC) $(CORE_CPPFLAGS) $(CFLAGS_ALL) -o $@ $< tools/pgnfiles.c $(LIBCORE) $(LDFLAGS_ALL) -lm

$(BUILD)/ccpd/.unpacked: $(CCPD)
	@test -f '$(CCPD)' || { echo "index: the CCPD archive is missing: make index CCPD=path/ccpd-games.tar.xz" >&2; exit 1; }
	rm -rf $(BUILD)/ccpd
	mkdir -p $(BUILD)/ccpd
	tar -xJf $(CCPD) -C $(BUILD)/ccpd
	@touch $@

.PHONY: index index-holdout
index: $(MKINDEX) $(BUILD)/ccpd/.unpacked
	$(MKINDEX) $(BUILD)/ccpd/ccpd/Dataset assets/ccpd-masters.idx

# The ECCO classifier measured on games left out of the index (1 in 10, by move list);
# FOLD=1..9 leaves out another tenth (for tuning; the figure reported is FOLD=0's).
FOLD ?= 0
index-holdout: $(MKINDEX) $(BUILD)/ccpd/.unpacked
	$(MKINDEX) --holdout 10 --fold $(FOLD) $(BUILD)/ccpd/ccpd/Dataset

# ---------------------------------------------------------------- evaluation tuning
# "make tune" builds the texel-style tuning tool; "make tune-masters" writes the quiet
# positions of the unique CCPD master games with their results ($(BUILD)/tune/masters.txt)
# and fits the evaluation weights to them (docs/eval.md says how the weights were chosen).
TUNE := $(BUILD)/tools/tune
TUNE_EVERY ?= 4
TUNE_ITER ?= 500
TUNE_LAMBDA ?= 0.0001

$(TUNE): tools/tune.c $(TOOLS_SHARED) $(LIBCORE)
	@mkdir -p $(@D)
	$(CC) $(CORE_CPPFLAGS) $(CFLAGS_ALL) -o $@ $< tools/pgnfiles.c $(LIBCORE) $(LDFLAGS_ALL) -lm -pthread

$(BUILD)/tune/masters.txt: $(TUNE) $(BUILD)/ccpd/.unpacked
	@mkdir -p $(@D)
	$(TUNE) masters $(BUILD)/ccpd/ccpd/Dataset $(TUNE_EVERY) > $@.tmp && mv $@.tmp $@

.PHONY: tune tune-masters
tune: $(TUNE)
tune-masters: $(BUILD)/tune/masters.txt
	$(TUNE) fit $(BUILD)/tune/masters.txt $(TUNE_ITER) $(TUNE_LAMBDA)

# ---------------------------------------------------------------- the correction network
# "make net" trains the correction network (cotuong/net.h) and writes
# src/core/net_weights.h from three sets of positions, each labelled by the engine's own
# search of NET_NODES nodes (two processes each), then fitted (docs/eval.md):
# - two rounds of self-play: the engine's games from a random line of assets/book.txt and
#   one to three random plies, NET_SELFPLAY_NODES nodes a move (`tune gen`; round one seeds
#   5801 and 5802, round two 5803 and 5804, the games counted as the kept runs' were), one
#   quiet position in two from ply 10;
# - the masters: every position from ply 10 of the unique master games, each the quiet
#   leaf of a capture search.
# The fit holds out the last tenth of the file, the last master games. Labelling took 44
# minutes of the two cores for the masters and about 37 for each round of self-play
# (docs/eval.md); it runs with the engine as it stands. The kept weights were made in
# steps: the masters labelled by the hand-written evaluation's engine, round one by the
# network of the masters alone, round two by the network of round one.
NETTRAIN := $(BUILD)/tools/nettrain
NET_NODES ?= 4000
NET_SELFPLAY_NODES ?= 1500
NET_SELFPLAY_GAMES_0 ?= 11222
NET_SELFPLAY_GAMES_1 ?= 11173
NET_HIDDEN ?= 16
NET_EPOCHS ?= 4
NET_LR ?= 0.003
NET_LAMBDA ?= 1

$(NETTRAIN): tools/nettrain.c $(LIBCORE)
	@mkdir -p $(@D)
	$(CC) $(CORE_CPPFLAGS) $(CFLAGS_ALL) -O3 -o $@ $< $(LIBCORE) $(LDFLAGS_ALL) -lm -pthread

$(BUILD)/net/masters.txt: $(TUNE) $(BUILD)/ccpd/.unpacked
	@mkdir -p $(@D)
	$(TUNE) masters $(BUILD)/ccpd/ccpd/Dataset 1 > $@.tmp && mv $@.tmp $@

$(BUILD)/net/labelled.txt: $(NETTRAIN) $(BUILD)/net/masters.txt
	$(NETTRAIN) label $(BUILD)/net/masters.txt $(NET_NODES) 0 2 > $@.0 & \
	$(NETTRAIN) label $(BUILD)/net/masters.txt $(NET_NODES) 1 2 > $@.1; wait
	paste -d '\n' $@.0 $@.1 | sed '/^$$/d' > $@ && rm -f $@.0 $@.1

NET_SEEDS_1 := 5801 5802
NET_SEEDS_2 := 5803 5804

$(BUILD)/net/selfplay%.txt: $(TUNE) $(NETTRAIN)
	@mkdir -p $(@D)
	{ $(TUNE) gen $(NET_SELFPLAY_GAMES_0) $(NET_SELFPLAY_NODES) $(word 1,$(NET_SEEDS_$*)) \
		assets/book.txt > $@.g0 2> $@.log0 && $(NETTRAIN) label $@.g0 $(NET_NODES) 0 1 > $@.0; } & \
	{ $(TUNE) gen $(NET_SELFPLAY_GAMES_1) $(NET_SELFPLAY_NODES) $(word 2,$(NET_SEEDS_$*)) \
		assets/book.txt > $@.g1 2> $@.log1 && $(NETTRAIN) label $@.g1 $(NET_NODES) 0 1 > $@.1; }; wait
	paste -d '\n' $@.0 $@.1 | sed '/^$$/d' > $@ && rm -f $@.0 $@.1 $@.g0 $@.g1

.PHONY: net
# The newest round first, the masters last (the held-out tenth), the order the kept fit read.
NET_FILES := $(BUILD)/net/selfplay2.txt $(BUILD)/net/selfplay1.txt $(BUILD)/net/labelled.txt
net: $(NETTRAIN) $(NET_FILES)
	cat $(NET_FILES) > $(BUILD)/net/all.txt
	$(NETTRAIN) fit $(BUILD)/net/all.txt $(NET_HIDDEN) $(NET_EPOCHS) $(NET_LR) \
		$(NET_LAMBDA) src/core/net_weights.h

# ---------------------------------------------------------------- the trainer's exercises
# "make exercises" rebuilds assets/ccpd-exercises.txt from the same archive: every exercise
# validated by the engine on one thread with fixed node budgets (the same archive gives the
# same bytes). It takes long: run it under nice. EXERCISES_MAX=K validates all the mating
# exercises and only the first K files of the other folders (all when empty).
MKEXERCISES := $(BUILD)/tools/mkexercises
EXERCISES_MAX ?= 240

$(MKEXERCISES): tools/mkexercises.c $(TOOLS_SHARED) $(LIBCORE)
	@mkdir -p $(@D)
	$(CC) $(CORE_CPPFLAGS) $(CFLAGS_ALL) -o $@ $< tools/pgnfiles.c $(LIBCORE) $(LDFLAGS_ALL) -lm

.PHONY: exercises
exercises: $(MKEXERCISES) $(BUILD)/ccpd/.unpacked
	$(MKEXERCISES) $(if $(EXERCISES_MAX),--max $(EXERCISES_MAX)) $(BUILD)/ccpd/ccpd/Dataset \
	  assets/ccpd-exercises.txt

# ---------------------------------------------------------------- bench, lint
bench: all
	@if [ -x scripts/bench ]; then \
	  COTUONG='$(abspath $(PROGRAM))' scripts/bench; \
	else echo "bench: scripts/bench does not exist yet; nothing to run"; fi
	@COTUONG='$(abspath $(PROGRAM))' scripts/bench-load

lint:
	@sh scripts/lint

# ---------------------------------------------------------------- install
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644
man6dir = $(mandir)/man6
pkgdatadir = $(datadir)/cotuong

install: all
	$(INSTALL) -d '$(DESTDIR)$(bindir)' '$(DESTDIR)$(man6dir)'
	$(INSTALL_PROGRAM) $(PROGRAM) '$(DESTDIR)$(bindir)/cotuong'
	$(INSTALL_DATA) man/cotuong.6 '$(DESTDIR)$(man6dir)/cotuong.6'
ifneq ($(ASSETS),)
	$(INSTALL) -d '$(DESTDIR)$(pkgdatadir)'
	cp -R $(ASSETS) '$(DESTDIR)$(pkgdatadir)/'
	chmod -R u+rwX,go+rX,go-w '$(DESTDIR)$(pkgdatadir)'
endif
ifneq ($(PO_FILES),)
ifeq ($(MSGFMT),)
	@echo "warning: msgfmt not found, translations NOT installed: install the Debian package gettext" >&2
else
	@set -e; for mo in $(MO_FILES); do \
	  lang=$$(basename $$mo .mo); \
	  echo "install $$mo -> $(localedir)/$$lang/LC_MESSAGES/cotuong.mo"; \
	  $(INSTALL) -d "$(DESTDIR)$(localedir)/$$lang/LC_MESSAGES"; \
	  $(INSTALL_DATA) $$mo "$(DESTDIR)$(localedir)/$$lang/LC_MESSAGES/cotuong.mo"; \
	done
endif
endif

uninstall:
	rm -f '$(DESTDIR)$(bindir)/cotuong' '$(DESTDIR)$(man6dir)/cotuong.6'
	@set -e; for a in $(notdir $(ASSETS)); do \
	  echo "rm -rf $(DESTDIR)$(pkgdatadir)/$$a"; rm -rf "$(DESTDIR)$(pkgdatadir)/$$a"; \
	done
	-@rmdir '$(DESTDIR)$(pkgdatadir)' 2>/dev/null
	@for po in $(PO_FILES); do \
	  lang=$$(basename $$po .po); \
	  rm -f "$(DESTDIR)$(localedir)/$$lang/LC_MESSAGES/cotuong.mo"; \
	done

# ---------------------------------------------------------------- release tarball
# make dist: cotuong-VERSION.tar.gz = the files git tracks (their working-tree content), less
# the CI scripts and git's own files, plus ./configure and config.h.in already generated, so
# building from it needs no autoconf.  The bytes depend only on the contents: names sorted,
# owner 0, every mtime SOURCE_DATE_EPOCH (default: the last commit's time), gzip -n.
# make distcheck: unpacks it, builds with autoconf made unavailable, runs make check with the
# objects in a separate BUILD directory, installs into a scratch DESTDIR and uninstalls again
# (fails if a file is left), runs make distclean and fails if the tree then differs from the
# tarball (a build that writes into the sources).  Not VPATH: see README, "Release tarball".
DIST_NAME = cotuong-$(PACKAGE_VERSION)
DIST_TAR = $(DIST_NAME).tar.gz
DIST_TMP = $(DIST_NAME).dist-tmp
DIST_CHECK = $(DIST_NAME).distcheck
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)

.PHONY: dist distcheck maintainer-clean
dist: configure config.h
	@git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { \
	  echo "make dist: needs a git checkout (it packs the files git tracks)" >&2; exit 1; }
	@test -n '$(SOURCE_DATE_EPOCH)' || { echo "make dist: set SOURCE_DATE_EPOCH" >&2; exit 1; }
	@git diff --quiet HEAD -- 2>/dev/null || \
	  echo "make dist: warning: uncommitted changes go into $(DIST_TAR)" >&2
	rm -rf '$(DIST_TMP)' && mkdir -p '$(DIST_TMP)/$(DIST_NAME)'
	@set -e; files=$$(git ls-files | grep -v -e '^\.ci/' -e '^\.gitignore$$' -e '^\.gitattributes$$'); \
	  for f in $$files configure config.h.in; do \
	    test -e "$$f" || continue; \
	    mkdir -p "$(DIST_TMP)/$(DIST_NAME)/$$(dirname "$$f")"; \
	    cp -p "$$f" "$(DIST_TMP)/$(DIST_NAME)/$$f"; \
	  done
	chmod -R u+rwX,go+rX,go-w '$(DIST_TMP)'
	LC_ALL=C tar --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
	  --mtime='@$(SOURCE_DATE_EPOCH)' -C '$(DIST_TMP)' -cf - '$(DIST_NAME)' | gzip -9n >'$(DIST_TAR).new'
	mv -f '$(DIST_TAR).new' '$(DIST_TAR)'
	rm -rf '$(DIST_TMP)'
	@echo "$(DIST_TAR): $$(tar -tzf $(DIST_TAR) | grep -vc '/$$') files, $$(wc -c <$(DIST_TAR)) bytes"

distcheck: dist
	rm -rf '$(DIST_CHECK)' && mkdir -p '$(DIST_CHECK)/nobin'
	printf '#!/bin/sh\necho "distcheck: $$0 must not be needed" >&2\nexit 1\n' >'$(DIST_CHECK)/nobin/autoconf'
	cp '$(DIST_CHECK)/nobin/autoconf' '$(DIST_CHECK)/nobin/autoheader'
	chmod +x '$(DIST_CHECK)/nobin/autoconf' '$(DIST_CHECK)/nobin/autoheader'
	tar -xzf '$(DIST_TAR)' -C '$(DIST_CHECK)'
	tar -tzf '$(DIST_TAR)' | grep -v '/$$' | sort >'$(DIST_CHECK)/files.tar'
	@set -e; top=$$(cd '$(DIST_CHECK)' && pwd); src=$$top/$(DIST_NAME); \
	  export PATH="$$top/nobin:$$PATH"; unset MAKEFLAGS MAKELEVEL; \
	  jobs='$(filter -j%,$(MAKEFLAGS))'; \
	  set -x; cd "$$src"; \
	  ./configure --prefix=/usr; \
	  $(MAKE) $$jobs BUILD="$$top/_build" all; \
	  $(MAKE) $$jobs BUILD="$$top/_build" check; \
	  $(MAKE) BUILD="$$top/_build" DESTDIR="$$top/_inst" install; \
	  test -x "$$top/_inst/usr/bin/cotuong"; \
	  "$$top/_inst/usr/bin/cotuong" --version | head -n 1; \
	  $(MAKE) BUILD="$$top/_build" DESTDIR="$$top/_inst" uninstall; \
	  left=$$(cd "$$top/_inst" && find . ! -type d); \
	  if [ -n "$$left" ]; then echo "distcheck: left after uninstall:"; echo "$$left"; exit 1; fi; \
	  $(MAKE) BUILD="$$top/_build" distclean; \
	  (cd "$$src" && find . ! -type d | sed 's|^\./|$(DIST_NAME)/|' | sort) >"$$top/files.after"; \
	  if ! cmp -s "$$top/files.tar" "$$top/files.after"; then \
	    echo "distcheck: the tree after distclean differs from the tarball (+ left behind, - removed):"; \
	    diff "$$top/files.tar" "$$top/files.after" | sed -n 's/^> /+ /p; s/^< /- /p'; exit 1; fi
	rm -rf '$(DIST_CHECK)'
	@echo "distcheck: $(DIST_TAR) is ready for distribution"

# ---------------------------------------------------------------- cleaning
# "make BUILD=dir clean" removes only that directory (others may be building in theirs).
ifeq ($(origin BUILD),command line)
clean:
	rm -rf $(BUILD)
else
clean:
	rm -rf build $(SAN_BUILD) $(FUZZ_BUILD) build-debug
endif

# distclean: what ./configure and the builds wrote (a release tarball then is as unpacked);
# maintainer-clean: also what autoconf wrote (./configure, config.h.in), as in a git clone.
distclean:
	rm -rf build build-*/ $(if $(filter command line,$(origin BUILD)),$(BUILD))
	rm -f config.h config.h.in~ config.mk config.status config.log configure~

maintainer-clean: distclean
	rm -rf autom4te.cache cotuong-*.dist-tmp cotuong-*.distcheck
	rm -f config.h.in configure aclocal.m4 cotuong-*.tar.gz

FORCE:
