#!/bin/sh
# The golden cases (tests/golden/<case>/), shard 2 of 2: tests/golden/run_golden
# --shard 2/2, so that `make -j2 check` runs the two halves at once.
exec "${GOLDEN_RUNNER:?}" --shard 2/2 "$@"
