#pragma once
/// The load stage of a build (render/inputs.cpp): everything read and checked before anything is
/// measured. Not a public interface.
#include "load/book.hpp"
#include "measure/collect.hpp"
#include "render/fleet.hpp"
#include "render/site.hpp"
#include "render/templates.hpp"
#include "theme/ui_strings.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace gpuguide::render {

/// What a build reads before it measures.
struct Inputs {
    std::optional<Book> book;           ///< absent while the manifest says no input changed
    std::optional<Templates> templates; ///< read with the book
    std::vector<measure::HostDocument> references; ///< the reference documents, first one first
    std::vector<std::string> reference_warnings;   ///< directives' warnings about them
    FleetData fleet;                               ///< content/measurements/fleet/
    /// Each fleet host's document file: read when a directive asks for the host.
    std::vector<std::pair<std::string, std::filesystem::path>> fleet_hosts;
    std::set<std::string> probes; ///< the probes the pages use of this machine
    /// book.toml's `license` and `license-url` (the guide's content/book.toml or a project's).
    std::string license, license_url;
};

/// Reads the reference and fleet documents, then the book and its theme and checks every
/// directive against them, which gives the probes the pages use. With `known_probes` (the last
/// build's manifest, when no input changed since) the book is not read: those are the probes.
/// Throws InputError naming file and line.
Inputs load_inputs(const BuildOptions& options, const measure::CollectOptions& measure,
                   const std::set<std::string>* known_probes);

/// Reads the book and its theme when load_inputs left them out.
void read_book(Inputs& inputs, const BuildOptions& options);

/// Each language's interface strings from the theme. A language the theme has none for gets the
/// English ones, and `warnings` says so (and names the keys a language's strings lack); the others
/// take their display name from their strings.
std::map<std::string, ui::Strings> interface_strings(Book& book,
                                                     const std::filesystem::path& templates_dir,
                                                     std::vector<std::string>& warnings);

} // namespace gpuguide::render
