// The render and write stages of a build: every page rendered on the --jobs threads and written
// (with each language's print.html and search index as its pages finish), then the special
// pages, the theme's assets and the book's own files, all into a staging folder that replaces
// the site at once.
#include "load/error.hpp"
#include "load/files.hpp"
#include "parallel/parallel.hpp"
#include "render/atomic_dir.hpp"
#include "render/internal.hpp"
#include "render/manifest.hpp"
#include "render/math_assets.hpp"
#include "render/one_page.hpp"

#include <memory>
#include <system_error>

namespace gpuguide::render {
namespace {

void copy_tree(const std::filesystem::path& from, const std::filesystem::path& to,
               bool skip_markdown) {
    for (const auto& file : list_files_sorted(from)) {
        if (skip_markdown && file.extension() == ".md") {
            continue;
        }
        std::filesystem::create_directories((to / file).parent_path());
        std::filesystem::copy_file(from / file, to / file,
                                   std::filesystem::copy_options::overwrite_existing);
    }
}

// The theme's assets/ (the book's files over the built-in ones) into the site's assets/;
// math.js, which runs KaTeX, only into a site that has KaTeX (`math`).
void write_theme_assets(const theme::Theme& theme, const std::filesystem::path& site_dir,
                        bool math) {
    for (const auto& file : theme.list("assets")) {
        if (math || file.path != "assets/math.js") {
            write_file(site_dir / file.path, file.bytes);
        }
    }
}

// Marks a failed page done in its language's print.html and search index, so that the others
// are still written in order; the build fails anyway, on the first error.
void skip_page(LanguageOutputs& output, std::size_t page) {
    try {
        output.skip(page);
    } catch (const std::exception&) {
        // A later page's write failed too: that failure is not the one to report.
    }
}

// The pages' errors, each kind joined in reading order: a bug first (it must say so), then bad
// input, then files that could not be written.
void throw_page_errors(const std::vector<std::string>& internal_errors,
                       const std::vector<std::string>& errors,
                       const std::vector<std::string>& io_errors) {
    const auto joined = [](const std::vector<std::string>& list) {
        std::string all;
        for (const auto& error : list) {
            if (!error.empty()) {
                all += (all.empty() ? "" : "\n") + error;
            }
        }
        return all;
    };
    if (const auto all = joined(internal_errors); !all.empty()) {
        throw InternalError("while rendering " + all);
    }
    if (const auto all = joined(errors); !all.empty()) {
        throw InputError(all);
    }
    if (const auto all = joined(io_errors); !all.empty()) {
        throw std::runtime_error(all);
    }
}

// Renders and writes every page of every language on `jobs` threads (0: one per core), and each
// language's print.html and search index as its pages finish, so no rendered page stays in memory.
// Errors are collected per page and reported together, in reading order, so the message does not
// depend on timing. A page whose bytes equal the one in `previous` (the site being replaced)
// is linked to it rather than written anew. Returns the pages' warnings, in reading order.
std::vector<std::string> render_all(const SiteContext& site, const std::filesystem::path& dir,
                                    const std::filesystem::path& previous, unsigned jobs,
                                    std::vector<LanguageSpans>& spans) {
    struct Task {
        std::size_t language, page;
    };
    std::vector<Task> tasks; // language by language, in reading order: little waits for order
    std::vector<std::unique_ptr<LanguageOutputs>> outputs;
    for (std::size_t l = 0; l < site.book.languages.size(); ++l) {
        const Language& language = site.book.languages[l];
        outputs.push_back(
            std::make_unique<LanguageOutputs>(site, language, dir / language.site_dir));
        for (std::size_t p = 0; p < language.pages.size(); ++p) {
            tasks.push_back({l, p});
        }
    }
    // Bad input, a file that cannot be written, and anything else: a bug, which must say so.
    std::vector<std::string> errors(tasks.size()), io_errors(tasks.size()),
        internal_errors(tasks.size());
    std::vector<std::vector<std::string>> warnings(tasks.size());
    // Every exception is caught per page: parallel_for rethrows none, and the messages come out
    // in reading order whatever the timing.
    parallel::parallel_for(tasks.size(), jobs, [&](std::size_t i) {
        const auto& language = site.book.languages[tasks[i].language];
        auto& output = *outputs[tasks[i].language];
        try {
            auto page = render_page(site, language, tasks[i].page);
            const auto file =
                std::filesystem::path(language.site_dir) / language.pages[tasks[i].page].output;
            write_file_or_link(dir / file, page.html, previous / file);
            warnings[i] = std::move(page.warnings);
            output.add(tasks[i].page, std::move(page));
        } catch (const InputError& error) {
            errors[i] = error.what();
            skip_page(output, tasks[i].page);
        } catch (const std::system_error& error) { // a file that cannot be written
            io_errors[i] = error.what();
            skip_page(output, tasks[i].page);
        } catch (const std::exception& error) {
            internal_errors[i] =
                language.pages[tasks[i].page].source_path.generic_string() + ": " + error.what();
            skip_page(output, tasks[i].page);
        }
    });
    throw_page_errors(internal_errors, errors, io_errors);
    for (auto& output : outputs) {
        output->finish();
        spans.push_back(output->spans());
    }
    std::vector<std::string> all_warnings;
    for (auto& page : warnings) {
        all_warnings.insert(all_warnings.end(), page.begin(), page.end());
    }
    return all_warnings;
}

// book.toml's additional-css/-js (paths from the project's root) and its redirects (old path ->
// a page that sends the reader to the new one).
void write_project_files(const BookConfig& project, const ui::Strings& strings,
                         const Templates& templates, const std::filesystem::path& dir) {
    for (const auto* files : {&project.additional_css, &project.additional_js}) {
        for (const auto& file : *files) {
            const auto from = project.root / file;
            if (!std::filesystem::is_regular_file(from)) {
                fail_at(project.root / "book.toml", 0,
                        "additional file `" + file + "` does not exist (looked for " +
                            from.generic_string() + "); fix the path in [output.html]");
            }
            std::filesystem::create_directories((dir / file).parent_path());
            std::filesystem::copy_file(from, dir / file,
                                       std::filesystem::copy_options::overwrite_existing);
        }
    }
    for (const auto& [from, to] : project.redirect) {
        const std::filesystem::path old = std::filesystem::path(from).relative_path();
        if (old.empty() || old.generic_string().find("..") != std::string::npos) {
            fail_at(project.root / "book.toml", 0,
                    "redirect `" + from + "` is not a path in the site, e.g. \"/old/page.html\"");
        }
        std::filesystem::create_directories((dir / old).parent_path());
        write_file(dir / old, redirect_page(to, strings, templates));
    }
}

} // namespace

void write_site(const SiteContext& site, const Manifest& manifest,
                std::vector<std::string>& warnings) {
    const auto& options = site.options;
    StagingDir staging(options.out_dir);
    std::vector<LanguageSpans> spans; // for the next build's one-page edits
    for (auto& warning : render_all(site, staging.path(), options.out_dir, options.jobs, spans)) {
        warnings.push_back(std::move(warning));
    }
    write_special_pages(site, staging.path());
    if (options.project) {
        write_project_files(*options.project, site.strings(site.book.languages.front().code),
                            site.templates, staging.path());
    }
    write_theme_assets(theme::Theme(options.templates_dir), staging.path(), site.math);
    if (site.math) {
        copy_katex(staging.path());
    }
    for (const auto& language : site.book.languages) {
        copy_tree(language.dir, staging.path() / language.site_dir, true); // images and other files
    }
    // A site without its manifest is simply rebuilt next time; a manifest beside a site it does
    // not describe would keep a wrong site. So: remove, swap the site in, then write.
    remove_manifest(options.out_dir);
    remove_page_table(options.out_dir);
    staging.commit();
    write_page_table(options.out_dir, spans);
    write_manifest(options.out_dir, manifest);
}

} // namespace gpuguide::render
