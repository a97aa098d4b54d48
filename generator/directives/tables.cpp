// Helpers shared by the directives: probe paths, data files, localisation, provenance notes; and
// the gg-provenance directive.
#include "directives/internal.hpp"
#include "load/error.hpp"

#include <algorithm>

namespace gpuguide::directives {

ProbePath split_probe_path(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) {
        return {text, ""};
    }
    return {text.substr(0, slash), text.substr(slash)};
}

const DataFile& data_file(const Body& body, const YAML::Node& near, const Context& context,
                          const std::string& name) {
    const auto found = context.book.data.find(name);
    if (found == context.book.data.end()) {
        std::string known;
        for (const auto& [stem, file] : context.book.data) {
            known += (known.empty() ? "" : ", ") + stem;
        }
        body.fail(near, "no data file \"" + name + "\" (known: " + known +
                            "; files live in content/data/)");
    }
    return found->second;
}

RecordRef record_at(const Body& body, const YAML::Node& near, const Context& context,
                    const std::string& file_and_key, const std::string& hint) {
    const auto [file, pointer] = split_probe_path(file_and_key);
    const auto& data = data_file(body, near, context, file);
    std::string key = pointer.empty() ? "" : pointer.substr(1);
    const auto found = data.records_by_key.find(key);
    if (found == data.records_by_key.end()) {
        body.fail(near, "no record \"" + key + "\" in " + data.path.generic_string() + hint);
    }
    return {&data, std::move(key), found->second};
}

void check_column(const Body& body, const YAML::Node& near, const DataFile& data,
                  const std::string& field) {
    const auto& known = data.json.value("columns", nlohmann::json::object());
    if (known.contains(field) || field == data.key_field || field == "source") {
        return;
    }
    std::string names;
    for (const auto& item : known.items()) {
        names += (names.empty() ? "" : ", ") + item.key();
    }
    body.fail(near, "no column \"" + field + "\" in " + data.path.generic_string() +
                        " (known: " + names + ")");
}

MeasuredValue lookup(const Body& body, const YAML::Node& near, const Context& context,
                     const std::string& host, const ProbePath& path) {
    try {
        MeasuredValue found;
        found.result = context.store.probe(host, path.probe);
        found.value = context.store.value(found.result, path.pointer);
        return found;
    } catch (const measure::LookupError& error) {
        body.fail(near, error.what());
    }
}

void ProvenanceNotes::add(const measure::ProbeResult& result, const Context& context) {
    std::string note = measure::provenance_html(result, context.ui, context.markup);
    if (std::find(seen_.begin(), seen_.end(), note) == seen_.end()) {
        html_ += note;
        seen_.push_back(std::move(note));
    }
}

// gg-provenance: the provenance line of one probe's result on a host (this machine's by default).
BlockHtml provenance(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"host", "probe"});
    const auto host = body.text_or(root, "host", kThisHost);
    const auto found = lookup(body, root["probe"] ? root["probe"] : root, context, host,
                              {body.text_or(root, "probe", "gpu.specs"), ""});
    return {measure::provenance_html(found.result, context.ui, context.markup), true};
}

} // namespace gpuguide::directives
