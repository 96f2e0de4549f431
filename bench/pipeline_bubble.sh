#!/bin/sh
# The pipeline bubble per schedule (1f1b / interleaved / zb-h1 / zb-v), p, v and m:
# the formula, the replayed and the measured bubble and the iteration time,
# as a table (DIR/bubble.md) and a plot of bubble against m (DIR/bubble.svg).
# Run it on an otherwise idle machine: the measured column is wall clock.
#
#   bench/pipeline_bubble.sh [BUILD_DIR]
#       [--schedules "1f1b interleaved zb-h1 zb-h1-unlimited zb-v"]
#       [--pp "2 4"] [--vp "1 2"] [--m "4 8 16"] [--repeats 3] [--steps 4]
#       [--workdir /tmp/mtc-bench-bubble]
#
# Details: bench/pipeline/bench_bubble.py --help; docs/pipeline.md, "The bubble".
set -eu
exec /usr/bin/python3 "$(dirname "$0")/pipeline/bench_bubble.py" "$@"
