// book.toml through toml++ (Debian's libtomlplusplus-dev): the keys of mdBook's [book], [build]
// and [output.html] that gpuguide uses; every other key is reported once and ignored, so an
// mdBook project builds unchanged.
#include "load/book_toml.hpp"

#include "load/error.hpp"
#include "load/files.hpp"

#include <functional>
#include <sstream>
#include <toml++/toml.h>

namespace gpuguide {
namespace {

int line_of(const toml::node& node) {
    return static_cast<int>(node.source().begin.line);
}

class Reader {
  public:
    /// `ignored`: what a warning says about a key gpuguide does not read in this kind of book.
    Reader(const std::filesystem::path& file, BookConfig& config, std::string ignored)
        : file_(file), config_(config), ignored_(std::move(ignored)) {}

    std::string text(const toml::node& node, const std::string& key) {
        if (!node.is_string()) {
            fail(node, "`" + key + "` must be text in quotes, e.g. " + key + " = \"...\"");
        }
        return *node.value<std::string>();
    }

    std::vector<std::string> texts(const toml::node& node, const std::string& key) {
        std::vector<std::string> out;
        const auto* array = node.as_array();
        if (array == nullptr) {
            fail(node, "`" + key + "` must be a list of text, e.g. " + key + " = [\"a\", \"b\"]");
        }
        for (const auto& item : *array) {
            out.push_back(text(item, key));
        }
        return out;
    }

    bool boolean(const toml::node& node, const std::string& key) {
        if (!node.is_boolean()) {
            fail(node, "`" + key + "` must be true or false");
        }
        return *node.value<bool>();
    }

    // Each key of `table` goes to its handler in `known`; any other key gets one warning, unless
    // `others_ok` (a table whose other keys belong to someone else).
    void table(const toml::node& node, const std::string& name,
               const std::map<std::string, std::function<void(const toml::node&)>>& known,
               bool others_ok = false) {
        const auto* table = node.as_table();
        if (table == nullptr) {
            fail(node, "`" + name + "` must be a table `[" + name + "]`");
        }
        for (const auto& [key, value] : *table) {
            const std::string full = (name.empty() ? "" : name + ".") + std::string(key.str());
            if (const auto handler = known.find(std::string(key.str())); handler != known.end()) {
                handler->second(value);
            } else if (!others_ok) {
                warn(value, full);
            }
        }
    }

    void warn(const toml::node& node, const std::string& key) { warn(node, key, ignored_); }
    void warn(const toml::node& node, const std::string& key, const std::string& why) {
        config_.warnings.push_back(file_.generic_string() + ":" + std::to_string(line_of(node)) +
                                   ": warning: `" + key + "` " + why);
    }

    [[noreturn]] void fail(const toml::node& node, const std::string& message) {
        fail_at(file_, line_of(node), message);
    }

  private:
    std::filesystem::path file_;
    BookConfig& config_;
    std::string ignored_;
};

// [output.html.gpuguide]: gpuguide's own settings, the same in both kinds of book.
void read_gpuguide_table(Reader& read, BookConfig& config, const toml::node& node) {
    read.table(
        node, "output.html.gpuguide",
        {{"include-outside-book",
          [&](const toml::node& flag) {
              config.include_outside_book = read.boolean(flag, "include-outside-book");
          }},
         {"reference",
          [&](const toml::node& value) {
              config.reference_host = read.text(value, "reference");
              config.reference_line = line_of(value);
              if (config.reference_host.empty()) {
                  read.fail(value, "`reference` is empty; give the host of one document in "
                                   "measurements/reference/ (e.g. reference = "
                                   "\"reference-h200\"), or remove the key");
              }
          }},
         {"license",
          [&](const toml::node& value) { config.license = read.text(value, "license"); }},
         {"license-url",
          [&](const toml::node& value) { config.license_url = read.text(value, "license-url"); }},
         {"east-asian-line-breaks",
          [&](const toml::node& flag) {
              config.east_asian_line_breaks = read.boolean(flag, "east-asian-line-breaks");
          }},
         {"literal-emphasis", [&](const toml::node& value) {
              const std::string mode = read.text(value, "literal-emphasis");
              if (mode != "warn" && mode != "error") {
                  read.fail(value, "`literal-emphasis` must be \"warn\" or \"error\", not \"" +
                                       mode + "\"");
              }
              config.literal_emphasis =
                  mode == "error" ? EmphasisCheck::Error : EmphasisCheck::Warn;
          }}});
}

toml::table parse_toml(std::string_view source, const std::filesystem::path& file) {
    check_utf8(file, source);
    try {
        return toml::parse(source, file.generic_string());
    } catch (const toml::parse_error& error) {
        fail_at(file, static_cast<int>(error.source().begin.line),
                std::string(error.description()) + " (book.toml is TOML: key = \"value\" lines "
                                                   "under [table] headers)");
    }
}

// `[output.html.code.hidelines]`: `python = "~"`, a language and the prefix that hides a line.
void hidelines(Reader& read, const toml::node& node, BookConfig& config) {
    const auto* table = node.as_table();
    if (table == nullptr) {
        read.fail(node, "`hidelines` must be a table of language = \"prefix\" lines, e.g. "
                        "python = \"~\"");
    }
    for (const auto& [language, prefix] : *table) {
        const std::string text = read.text(prefix, "hidelines." + std::string(language.str()));
        if (text.empty()) {
            read.fail(prefix, "the hidelines prefix of `" + std::string(language.str()) +
                                  "` is empty, which would hide every line; give one, e.g. \"~\"");
        }
        config.hidelines[std::string(language.str())] = text;
    }
}

/// `[output.html]`: mdBook's keys that change what gpuguide writes, and gpuguide's own table.
void read_output_html(Reader& read, BookConfig& config, const toml::node& node) {
    const auto set_text = [&](std::string& field, const std::string& key) {
        return [&read, &field, key](const toml::node& n) { field = read.text(n, key); };
    };
    read.table(
        node, "output.html",
        {{"site-url", set_text(config.site_url, "site-url")},
         {"additional-css",
          [&](const toml::node& n) { config.additional_css = read.texts(n, "additional-css"); }},
         {"additional-js",
          [&](const toml::node& n) { config.additional_js = read.texts(n, "additional-js"); }},
         {"git-repository-url", set_text(config.git_repository_url, "git-repository-url")},
         {"edit-url-template", set_text(config.edit_url_template, "edit-url-template")},
         {"redirect",
          [&](const toml::node& n) {
              const auto* pages = n.as_table();
              if (pages == nullptr) {
                  read.fail(n, "`redirect` must be a table of \"/old.html\" = \"new.html\" "
                               "lines");
              }
              for (const auto& [from, to] : *pages) {
                  config.redirect[std::string(from.str())] = read.text(to, "redirect");
              }
          }},
         {"admonitions",
          [&](const toml::node& n) { config.admonitions = read.boolean(n, "admonitions"); }},
         {"definition-lists",
          [&](const toml::node& n) {
              config.definition_lists = read.boolean(n, "definition-lists");
          }},
         {"mathjax-support",
          [&](const toml::node& n) {
              config.mathjax_support = read.boolean(n, "mathjax-support");
              config.mathjax_line = line_of(n);
          }},
         {"playground",
          [&](const toml::node& n) {
              read.table(n, "output.html.playground",
                         {{"runnable",
                           [&](const toml::node& flag) {
                               config.runnable = read.boolean(flag, "runnable");
                           }},
                          {"copyable", [&](const toml::node& flag) {
                               config.copyable = read.boolean(flag, "copyable");
                           }}});
          }},
         {"code",
          [&](const toml::node& n) {
              read.table(n, "output.html.code", {{"hidelines", [&](const toml::node& table) {
                                                      hidelines(read, table, config);
                                                  }}});
          }},
         {"gpuguide", [&](const toml::node& n) { read_gpuguide_table(read, config, n); }}});
}

using Handler = std::function<void(const toml::node&)>;

// The keys every plugin table has: `command` (default mdbook-NAME), `optional` and gpuguide's
// `timeout`, as handlers that fill `table` (its name and line set here).
struct PluginKeys {
    Handler command, optional, timeout;
    PluginKeys(Reader& read, PluginConfig& table, const std::string& name, const toml::node& node) {
        table.name = name;
        table.command = "mdbook-" + name;
        table.line = line_of(node);
        command = [&read, &table](const toml::node& value) {
            table.command = read.text(value, "command");
        };
        optional = [&read, &table](const toml::node& value) {
            table.optional = read.boolean(value, "optional");
        };
        timeout = [&read, &table](const toml::node& value) {
            const auto seconds = value.value<std::int64_t>();
            if (!value.is_integer() || *seconds < 1 || *seconds > 86400) {
                read.fail(value, "`timeout` must be a whole number of seconds from 1 to 86400, "
                                 "e.g. timeout = 120");
            }
            table.timeout_s = static_cast<int>(*seconds);
        };
    }
};

// After its table is read (other keys are the plugin's own settings, read from the context's
// config, so no warning): a command with no word is an error.
void check_command(Reader& read, const std::string& table_name, const PluginConfig& table,
                   const toml::node& node) {
    if (table.command.find_first_not_of(" \t") == std::string::npos) {
        read.fail(node, "`" + table_name + "` has an empty `command`; name the program");
    }
}

// `[preprocessor.NAME]`: mdBook's keys and gpuguide's `timeout`.
void read_preprocessor(Reader& read, BookConfig& config, const std::string& name,
                       const toml::node& node) {
    PreprocessorConfig table;
    const PluginKeys keys(read, table, name, node);
    const auto list = [&](std::vector<std::string>& field, const char* key) {
        return [&read, &field, key](const toml::node& value) { field = read.texts(value, key); };
    };
    read.table(
        node, "preprocessor.NAME",
        {{"command", keys.command},
         {"optional", keys.optional},
         {"timeout", keys.timeout},
         {"before", list(table.before, "before")},
         {"after", list(table.after, "after")},
         {"renderers",
          [&](const toml::node& value) { table.renderers = read.texts(value, "renderers"); }}},
        true);
    check_command(read, "preprocessor." + name, table, node);
    config.preprocessors.push_back(std::move(table));
}

// `[output.NAME]`, a renderer: mdBook's keys and gpuguide's `timeout`.
void read_renderer(Reader& read, BookConfig& config, const std::string& name,
                   const toml::node& node) {
    RendererConfig table;
    const PluginKeys keys(read, table, name, node);
    read.table(node, "output.NAME",
               {{"command", keys.command}, {"optional", keys.optional}, {"timeout", keys.timeout}},
               true);
    check_command(read, "output." + name, table, node);
    config.renderers.push_back(std::move(table));
}

// `[output]`: html is gpuguide's own; `markdown` is mdBook's built-in Markdown renderer, which
// gpuguide lacks; any other NAME is a renderer program.
void read_outputs(Reader& read, BookConfig& config, const toml::node& node, const Handler& html) {
    read.table(node, "output", {{"html", html}}, true);
    for (const auto& [key, value] : *node.as_table()) {
        const std::string name(key.str());
        if (name == "markdown") {
            read.warn(value, "output.markdown",
                      "(mdBook's built-in Markdown renderer) is not one "
                      "gpuguide has; ignored");
        } else if (name != "html") {
            read_renderer(read, config, name, value);
        }
    }
}

void read_preprocessors(Reader& read, BookConfig& config, const toml::node& node) {
    const auto* tables = node.as_table();
    if (tables == nullptr) {
        read.fail(node, "`preprocessor` must be tables `[preprocessor.NAME]`");
    }
    for (const auto& [name, table] : *tables) {
        read_preprocessor(read, config, std::string(name.str()), table);
    }
}

// The whole file as JSON (toml++'s own conversion), for the preprocessors' context.
nlohmann::json as_json(const toml::table& document) {
    std::ostringstream text;
    text << toml::json_formatter{document};
    return nlohmann::json::parse(text.str());
}

} // namespace

BookConfig load_book_toml(const std::filesystem::path& file) {
    return parse_book_toml(read_file(file), file);
}

BookConfig parse_book_toml(std::string_view source, const std::filesystem::path& file) {
    BookConfig config;
    config.root = file.parent_path(); // "" for ./book.toml: messages then say book.toml
    const toml::table document = parse_toml(source, file);
    Reader read(file, config, "is not used by gpuguide; ignored");
    const auto set_text = [&](std::string& field, const std::string& key) {
        return [&read, &field, key](const toml::node& node) { field = read.text(node, key); };
    };
    const auto set_path = [&](std::filesystem::path& field, const std::string& key) {
        return [&read, &field, key](const toml::node& node) {
            const std::filesystem::path path = read.text(node, key);
            if (path.empty() || path.is_absolute()) {
                read.fail(node, "`" + key + "` must be a folder relative to book.toml");
            }
            field = path;
        };
    };
    const auto html = [&](const toml::node& node) { read_output_html(read, config, node); };
    const auto book = [&](const toml::node& node) {
        read.table(
            node, "book",
            {{"title", set_text(config.title, "title")},
             {"authors", [&](const toml::node& n) { config.authors = read.texts(n, "authors"); }},
             {"description", set_text(config.description, "description")},
             {"language", set_text(config.language, "language")},
             {"src", set_path(config.src, "src")}});
    };
    read.table(
        document, "",
        {{"book", book},
         {"rust",
          [&](const toml::node& node) {
              read.table(node, "rust", {{"edition", set_text(config.rust_edition, "edition")}});
          }},
         {"build",
          [&](const toml::node& node) {
              read.table(node, "build",
                         {{"build-dir", set_path(config.build_dir, "build-dir")},
                          {"use-default-preprocessors", [&](const toml::node& flag) {
                               config.use_default_preprocessors =
                                   read.boolean(flag, "use-default-preprocessors");
                           }}});
          }},
         {"preprocessor", [&](const toml::node& node) { read_preprocessors(read, config, node); }},
         {"output", [&](const toml::node& node) { read_outputs(read, config, node, html); }}});
    config.json = as_json(document);
    return config;
}

BookConfig load_language_folders_toml(const std::filesystem::path& file) {
    BookConfig config;
    config.root = file.parent_path();
    const toml::table document = parse_toml(read_file(file), file);
    Reader read(file, config,
                "applies to mdBook projects (book.toml + src/); in a folder of language folders "
                "gpuguide reads only [output.html.gpuguide]; ignored");
    const auto gpuguide = [&](const toml::node& n) { read_gpuguide_table(read, config, n); };
    const auto html = [&](const toml::node& n) {
        read.table(n, "output.html", {{"gpuguide", gpuguide}});
    };
    read.table(document, "", {{"output", [&](const toml::node& n) {
                                   read.table(n, "output", {{"html", html}});
                               }}});
    return config;
}

} // namespace gpuguide
