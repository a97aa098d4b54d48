// The built-in theme's templates, read once for the unit tests that render markup partials
// (chart figures, code blocks) without building a site.
#pragma once

#include "render/templates.hpp"

#include <filesystem>

namespace gpuguide::test {

/// The built-in theme alone (no book folder overrides it).
inline const render::Templates& built_in_templates() {
    static const render::Templates templates(std::filesystem::path("/nonexistent-theme-folder"));
    return templates;
}

} // namespace gpuguide::test
