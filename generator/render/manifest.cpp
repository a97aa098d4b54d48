#include "render/manifest.hpp"

#include "load/files.hpp"
#include "render/math_assets.hpp"

#include <functional>
#include <sys/stat.h>
#include <system_error>

namespace gpuguide::render {
namespace {

constexpr std::string_view kProbesLine = "probes\t";
constexpr std::string_view kMeasurementsLine = "measurements\t";

} // namespace

// Same inputs and options, same fingerprint; any change to either, a new build. The probes the
// pages use and this build's measurements are added once known (render::Manifest).
std::string input_fingerprint(const BuildOptions& options, const measure::CollectOptions& measure,
                              const std::string& date) {
    std::vector<std::string> extra{"base_url\t" + options.base_url, "date\t" + date,
                                   "measure\t" + measure.mode,
                                   "measurements\t" + measure.this_document.generic_string(),
                                   "fleet_threshold\t" + std::to_string(options.fleet_threshold)};
    for (const auto& lang : options.langs) {
        extra.push_back("lang\t" + lang);
    }
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) {
        extra.push_back(
            "generator\t" + std::to_string(std::filesystem::file_size(self, error)) + "\t" +
            std::to_string(
                std::filesystem::last_write_time(self, error).time_since_epoch().count()));
    }
    std::vector<std::filesystem::path> dirs{options.content_dir, options.templates_dir,
                                            measure.reference_dir};
    if (const auto& project = options.project) {
        // Not the project's root: it holds the site (build-dir) too, which changes each build.
        dirs = {project->root / project->src, project->root / "data", options.templates_dir,
                measure.reference_dir};
        extra.push_back("book.toml\t" + std::to_string(std::hash<std::string>{}(
                                            read_file(project->root / "book.toml"))));
        if (project->mathjax_support) { // KaTeX installed (or gone) since: build again
            std::vector<std::string> unused;
            extra.push_back("katex\t" + katex_dir().generic_string() + "\t" +
                            (use_katex(&*project, unused) ? "found" : "missing"));
        }
        for (const auto* files : {&project->additional_css, &project->additional_js}) {
            for (const auto& file : *files) { // outside src/ (theme/x.css): stamped one by one
                std::error_code ignored;
                const auto time = std::filesystem::last_write_time(project->root / file, ignored);
                extra.push_back("extra\t" + file + "\t" +
                                std::to_string(time.time_since_epoch().count()));
            }
        }
    }
    return fingerprint(dirs, extra);
}

std::string measurements_hash(const measure::Store& store) {
    return store.this_build()
               ? std::to_string(std::hash<std::string>{}(store.this_build()->json.dump()))
               : std::string();
}

std::filesystem::path manifest_path(const std::filesystem::path& out_dir) {
    auto out = out_dir.lexically_normal();
    if (!out.has_filename()) { // "site/"
        out = out.parent_path();
    }
    return out.string() + ".gpuguide-manifest";
}

std::string fingerprint(const std::vector<std::filesystem::path>& dirs,
                        const std::vector<std::string>& extra) {
    std::string text = "gpuguide-manifest 2\n";
    for (const auto& dir : dirs) {
        text += "dir\t" + dir.generic_string() + "\n";
        for (const auto& file : list_files_sorted(dir)) {
            // One stat(2) for size and time (file_size and last_write_time make one each: a
            // one-page edit of a 2,000-page book spent a tenth of its time in stat).
            struct stat info {};
            if (::stat((dir / file).c_str(), &info) != 0) {
                text += file.generic_string() + "\tgone\n"; // deleted since it was listed
                continue;
            }
            text += file.generic_string() + "\t" + std::to_string(info.st_size) + "\t" +
                    std::to_string(info.st_mtim.tv_sec) + "." +
                    std::to_string(info.st_mtim.tv_nsec) + "\n";
        }
    }
    for (const auto& line : extra) {
        text += line + "\n";
    }
    return text;
}

std::string Manifest::text() const {
    std::string text = inputs;
    text += kProbesLine;
    bool first = true;
    for (const auto& key : probes) {
        text += (first ? "" : ",") + key;
        first = false;
    }
    text += "\n";
    text.append(kMeasurementsLine).append(measurements).append("\n");
    return text;
}

std::optional<Manifest> read_manifest(const std::filesystem::path& out_dir) {
    const auto file = manifest_path(out_dir);
    std::error_code error;
    if (!std::filesystem::is_directory(out_dir, error) ||
        !std::filesystem::is_regular_file(file, error)) {
        return std::nullopt;
    }
    std::string text;
    try {
        text = read_file(file);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    // The last two lines are the probes and the measurements; everything before them the inputs.
    const auto probes_at = text.rfind(std::string("\n").append(kProbesLine));
    if (probes_at == std::string::npos) {
        return std::nullopt;
    }
    Manifest manifest;
    manifest.inputs = text.substr(0, probes_at + 1);
    const auto probes_end = text.find('\n', probes_at + 1);
    const auto measurements_at = probes_end + 1;
    if (probes_end == std::string::npos ||
        measurements_at + kMeasurementsLine.size() >= text.size() ||
        text.compare(measurements_at, kMeasurementsLine.size(), kMeasurementsLine) != 0 ||
        !text.ends_with("\n")) {
        return std::nullopt;
    }
    std::string list = text.substr(probes_at + 1 + kProbesLine.size(),
                                   probes_end - probes_at - 1 - kProbesLine.size());
    for (std::size_t start = 0; start < list.size();) {
        auto end = list.find(',', start);
        end = end == std::string::npos ? list.size() : end;
        manifest.probes.insert(list.substr(start, end - start));
        start = end + 1;
    }
    const auto value_at = measurements_at + kMeasurementsLine.size();
    manifest.measurements = text.substr(value_at, text.size() - 1 - value_at);
    return manifest;
}

void remove_manifest(const std::filesystem::path& out_dir) {
    std::error_code ignored;
    std::filesystem::remove(manifest_path(out_dir), ignored);
}

void write_manifest(const std::filesystem::path& out_dir, const Manifest& manifest) {
    replace_file(manifest_path(out_dir), manifest.text());
}

} // namespace gpuguide::render
