#pragma once
/// The one thread pool of the generator: every stage that spreads work over cores (pages,
/// fleet node pages, fleet documents) goes through parallel_for, so that `--jobs` bounds them all.
#include <cstddef>
#include <functional>

namespace gpuguide::parallel {

/// The thread count for `jobs` as `--jobs` gives it: 0 means one per core (at least 1).
unsigned threads_for(unsigned jobs);

/// Runs work(i) for each i in [0, count) on at most `threads` threads (this one included; 0:
/// one per core). Indices are handed out in order, so the first ones start first. Every index
/// runs even when some throw; then the exception of the lowest index is rethrown, so what is
/// reported does not depend on timing.
void parallel_for(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t)>& work);

} // namespace gpuguide::parallel
