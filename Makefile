# Thin wrapper over CMake. `make` builds build/libstrata.{a,so} and build/strata.pc.
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
# STRATA_BLAS=off forces the built-in GEMM; STRATA_NATIVE=OFF builds without -march=native.
ifdef STRATA_BLAS
CMAKE_FLAGS += -DSTRATA_BLAS=$(STRATA_BLAS)
endif
# STRATA_LAPACK=off builds the linalg ops on their built-in kernels only.
ifdef STRATA_LAPACK
CMAKE_FLAGS += -DSTRATA_LAPACK=$(STRATA_LAPACK)
endif
ifdef STRATA_NATIVE
CMAKE_FLAGS += -DSTRATA_NATIVE=$(STRATA_NATIVE)
endif
BUILD ?= build
ASAN_BUILD ?= build-asan
# Contract smoke programs whose sections are implemented so far.
SMOKE ?= core autograd transforms custom

.PHONY: all test demo asan tsan valgrind install clean smoke coverage coverage-check fuzz oomtest

all:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The distributed tests (tests/dist/, strata_dist) run under mpirun with 2 and 3 ranks when
# MPI was found; without it strata_dist is not built and they are skipped, saying so. The suite
# runs a second time with compiled autograd on (as PyTorch runs its autograd tests under
# compiled_autograd.enable()): tests/main.c lists the ones that do not apply, with the reason.
test: all
	./$(BUILD)/strata_tests
	./$(BUILD)/strata_tests --compiled-autograd
	@$(MAKE) --no-print-directory disttest

.PHONY: disttest
disttest: all
	@if [ -x $(BUILD)/strata_dist_tests ]; then tests/dist/run $(BUILD)/strata_dist_tests; \
	else echo "strata_dist was not built (no MPI found): the distributed tests are skipped"; fi

demo: all
	./$(BUILD)/tour

# docs/COVERAGE.md is generated from the op table; coverage-check fails when it is stale.
coverage: all
	STRATA_MATRIX_SUMMARY=$(BUILD)/matrix.md ./$(BUILD)/strata_tests matrix_ops >/dev/null
	./$(BUILD)/strata_coverage $(BUILD)/matrix.md > docs/COVERAGE.md

coverage-check: all
	@STRATA_MATRIX_SUMMARY=$(BUILD)/matrix.md ./$(BUILD)/strata_tests matrix_ops >/dev/null
	@./$(BUILD)/strata_coverage $(BUILD)/matrix.md | diff -u docs/COVERAGE.md - \
	  || { echo "docs/COVERAGE.md is out of date: run make coverage"; exit 1; }

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer; leaks are fatal. The
# distributed tests too, under mpirun: OpenMPI's own never-freed allocations are suppressed
# (tests/dist/lsan.supp; full unwinding, and components kept loaded, so the stacks name them).
asan:
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTRATA_SANITIZE=address,undefined \
	  -DCMAKE_C_FLAGS="-O1 -g" $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ./$(ASAN_BUILD)/strata_tests
	@if [ -x $(ASAN_BUILD)/strata_dist_tests ]; then \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:fast_unwind_on_malloc=0 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/dist/lsan.supp OMPI_MCA_mca_base_component_disable_dlclose=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 tests/dist/run $(ASAN_BUILD)/strata_dist_tests; fi

# The allocation-failure sweep (SQLite's and Lua's): under ASan + UBSan, each test of OOM_TESTS
# runs with its n-th allocation failing, for every n until it completes (a test of more than
# 2000 allocations is sampled evenly; OOM_STEP=K tries every K-th), each test in a child process.
# Every run must leave no object alive and the thread's state as it was, and the test must pass
# again afterwards. tests/matrix/test_oom_ops.c sweeps every op's samples in every mode on its own.
# OOM_WORK=W bounds each test to about W allocations in all (runs x its allocations, at least 20
# runs spread over the whole test): CI's sampled sweep.
OOM_TESTS ?= autograd/ core/ transforms/ train/ conformance/ compile/ matrix/test_oom_ops
OOM_STEP ?=
OOM_WORK ?=
oomtest:
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTRATA_SANITIZE=address,undefined \
	  -DCMAKE_C_FLAGS="-O1 -g" $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target strata_tests
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ./$(ASAN_BUILD)/strata_tests --oom$(if $(OOM_STEP),=$(OOM_STEP)) $(if $(OOM_WORK),--oom-work=$(OOM_WORK)) \
	  $(OOM_TESTS)

# A subset of the suite under valgrind (no sanitizers, no caches): 0 bytes may be lost.
VALGRIND_BUILD ?= build-valgrind
VALGRIND_TESTS ?= transforms/ autograd/test_engine core/test_core
valgrind:
	@cmake -S . -B $(VALGRIND_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="-O1 -g -DSTRATA_NO_CACHE=1" \
	  -DSTRATA_BLAS=off -DSTRATA_NATIVE=OFF >/dev/null
	@cmake --build $(VALGRIND_BUILD) -j $(JOBS) --target strata_tests
	OMP_NUM_THREADS=1 valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
	  --error-exitcode=1 ./$(VALGRIND_BUILD)/strata_tests $(VALGRIND_TESTS)

# The autograd engine's tests under ThreadSanitizer, the library instrumented: test_engine and
# test_threads (2-8 threads sharing leaves and constants, concurrent accumulation), the latter
# for TSAN_ITERS iterations, and two threads calling one compiled function. One OpenMP thread: libgomp is not instrumented, and the engine's
# own threading is what is checked.
TSAN_ITERS ?= 100
TSAN_BUILD ?= build-tsan
tsan:
	@cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTRATA_SANITIZE=thread \
	  -DCMAKE_C_FLAGS="-O1 -g" $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(TSAN_BUILD) -j $(JOBS) --target strata_tests
	OMP_NUM_THREADS=1 STRATA_THREADS_ITERS=$(TSAN_ITERS) TSAN_OPTIONS=halt_on_error=1 \
	  ./$(TSAN_BUILD)/strata_tests test_engine test_threads compile_serves_several_threads \
	  compile_a_call_while_another_thread_runs_the_graph_runs_another_instance \
	  compiled_autograd_threads cgen_threads

# The contract smoke programs, built like an outside program through strata.pc (and, when
# strata_dist was built, tests/dist/outside/smoke_dist.c through strata-dist.pc, under mpirun): those of
# ../shared/contract where the checkout sits beside it (they are the source), else the copy in
# tests/contract (a checkout on its own, as CI's may be); a copy that differs from its source
# fails, so it is refreshed with `cp ../shared/contract/* tests/contract/`.
SMOKE_DIR ?= $(if $(wildcard ../shared/contract/smoke.h),../shared/contract,tests/contract)
smoke: all
	@if [ "$(SMOKE_DIR)" != tests/contract ] && ! diff -rq $(SMOKE_DIR) tests/contract >/dev/null; then \
	  echo "tests/contract differs from $(SMOKE_DIR): cp $(SMOKE_DIR)/* tests/contract/"; exit 1; fi
	@for f in $(foreach s,$(SMOKE),$(SMOKE_DIR)/smoke_$(s).c); do \
	  n=$$(basename $$f .c); \
	  cc -std=c11 -O1 -Wall -Wextra $$f -I$(SMOKE_DIR) -o $(BUILD)/$$n \
	    $$(PKG_CONFIG_PATH=$(BUILD) pkg-config --cflags --libs --static strata) && ./$(BUILD)/$$n || exit 1; \
	done
	@if [ -f $(BUILD)/strata-dist.pc ]; then \
	  cc -std=c11 -O1 -Wall -Wextra tests/dist/outside/smoke_dist.c -o $(BUILD)/smoke_dist \
	    $$(PKG_CONFIG_PATH=$(BUILD) pkg-config --cflags --libs --static strata-dist) && \
	  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader \
	    mpirun --oversubscribe -np 2 ./$(BUILD)/smoke_dist || exit 1; fi

# libFuzzer targets (tests/fuzz/) built with clang under ASan + UBSan into build-fuzz/, each run
# for FUZZ_SECONDS on a copy of its seed corpus; fails on any crash, leak or failed check.
FUZZ_SECONDS ?= 60
fuzz:
	tests/fuzz/run $(FUZZ_SECONDS)

install: all
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD)

# The conformance suite against PyTorch: the ported cases (tests/conformance/, part of make test
# too; known failures are reported, not fatal), then the differential fuzzer against torch.func
# (tests/difffuzz/) over DIFFFUZZ_PROGRAMS programs of seed DIFFFUZZ_SEED. The fuzzer needs
# PyTorch in bench/.venv (bench/setup; PYTHON=... picks another interpreter), says so and is
# skipped without it, and fails on a disagreement known.py does not classify.
DIFFFUZZ_PROGRAMS ?= 5000
DIFFFUZZ_SEED ?= 1
.PHONY: conformance
conformance: all
	./$(BUILD)/strata_tests tests/conformance/
	JOBS=$(JOBS) tests/difffuzz/run $(DIFFFUZZ_PROGRAMS) $(DIFFFUZZ_SEED) --quiet || [ $$? -eq 2 ]
