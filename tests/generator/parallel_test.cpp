// parallel_for: the one thread pool, bounded by --jobs.
#include "gpuguide_catch.hpp"
#include "parallel/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using gpuguide::parallel::parallel_for;

namespace {

// The threads that ran work for `count` items on `jobs` threads; each item waits a little so
// that every thread allowed gets some.
std::set<std::thread::id> threads_used(std::size_t count, unsigned jobs) {
    std::mutex mutex;
    std::set<std::thread::id> ids;
    parallel_for(count, jobs, [&](std::size_t) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        std::lock_guard lock(mutex);
        ids.insert(std::this_thread::get_id());
    });
    return ids;
}

} // namespace

TEST_CASE("parallel_for runs every index once, on no more threads than --jobs") {
    std::vector<std::atomic<int>> runs(200);
    parallel_for(runs.size(), 3, [&](std::size_t i) { ++runs[i]; });
    for (const auto& count : runs) {
        CHECK(count == 1);
    }
    const auto one = threads_used(40, 1);
    REQUIRE(one.size() == 1);
    CHECK(*one.begin() == std::this_thread::get_id()); // --jobs 1: no thread is started
    CHECK(threads_used(40, 2).size() <= 2);
    CHECK(threads_used(40, 3).size() <= 3);
    CHECK(threads_used(2, 8).size() <= 2); // never more threads than items
    parallel_for(0, 4, [](std::size_t) { FAIL("no item to run"); });
}

TEST_CASE("parallel_for finishes every index, then rethrows the lowest index's exception") {
    std::vector<std::atomic<int>> runs(50);
    try {
        parallel_for(runs.size(), 4, [&](std::size_t i) {
            ++runs[i];
            if (i == 7 || i == 30) {
                throw std::runtime_error("item " + std::to_string(i));
            }
        });
        FAIL("no exception");
    } catch (const std::runtime_error& error) {
        CHECK(std::string(error.what()) == "item 7");
    }
    for (const auto& count : runs) {
        CHECK(count == 1);
    }
}

TEST_CASE("a --jobs of 0 means one thread per core") {
    CHECK(gpuguide::parallel::threads_for(0) >= 1);
    CHECK(gpuguide::parallel::threads_for(0) == std::max(1u, std::thread::hardware_concurrency()));
    CHECK(gpuguide::parallel::threads_for(5) == 5);
}
