#ifndef STATECRAFT_BENCHMARKS_RUNTIME_COUNTERS_H
#define STATECRAFT_BENCHMARKS_RUNTIME_COUNTERS_H

#include <stdint.h>

/// Calls to the Swift runtime's reference-counting entry points, made by this executable's own
/// code while counting was on.
typedef struct {
    int64_t retains;
    int64_t releases;
} runtime_counts_t;

/// Starts counting retains and releases, from zero.
/// Returns 0 on success, -1 when this executable's calls could not be redirected.
int runtime_counters_start(void);

/// Stops counting and returns what was counted since runtime_counters_start().
runtime_counts_t runtime_counters_stop(void);

#endif
