#pragma once
/// What the directive and page fuzzers share: the bad-input base book (tests/bad-input/base/,
/// a real book with data, a reference measurement and pages), its store and the repository's
/// templates, loaded once per process. The fuzzers then vary one page on top of it.
#include <map>
#include <string>
#include <string_view>

#include "load/book.hpp"
#include "load/error.hpp"
#include "measure/store.hpp"
#include "render/internal.hpp"

namespace gpuguide::fuzz {

struct Fixture {
    Fixture();
    Book book;
    measure::Store store;
    render::Templates templates;
    render::BuildOptions options;
    std::map<std::string, ui::Strings> strings; ///< the built-in theme's, by language code
    render::SiteContext site;
};

/// The process-wide fixture (built on first use).
const Fixture& fixture();

/// Runs `body`, treating the generator's input errors (InputError, LookupError) as the expected
/// way to refuse input; anything else propagates and libFuzzer reports it as a crash.
template <typename F> void refusing_bad_input(F&& body) {
    try {
        body();
    } catch (const InputError&) {
    } catch (const measure::LookupError&) {
    }
}

} // namespace gpuguide::fuzz
