#include "parallel/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

namespace gpuguide::parallel {

unsigned threads_for(unsigned jobs) {
    return jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
}

void parallel_for(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t)>& work) {
    const std::size_t used = std::min<std::size_t>(count, threads_for(threads));
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> errors(count);
    auto run = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            try {
                work(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        for (std::size_t t = 1; t < used; ++t) {
            pool.emplace_back(run);
        }
        run();
    } // the jthreads join here
    for (const auto& error : errors) {
        if (error) {
            std::rethrow_exception(error);
        }
    }
}

} // namespace gpuguide::parallel
