// Reading measurement documents: validated against the probes' schema, one per host, the
// reference first.
#include "measure/documents.hpp"

#include "load/error.hpp"
#include "load/files.hpp"
#include "schema/schema.hpp"

#include <algorithm>
#include <map>

namespace gpuguide::measure {

const nlohmann::json* value_at(const nlohmann::json& json, const std::string& pointer) {
    try {
        const nlohmann::json::json_pointer path(pointer);
        return json.contains(path) ? &json.at(path) : nullptr;
    } catch (const nlohmann::json::exception&) { // malformed, or an index out of any range
        return nullptr;
    }
}

std::string text_at(const nlohmann::json& json, const std::string& pointer) {
    const auto* value = value_at(json, pointer);
    return value != nullptr && value->is_string() ? value->get<std::string>() : "";
}

HostDocument load_measurement_document(const std::filesystem::path& file, Origin origin) {
    constexpr std::uintmax_t kMaxBytes = 16u << 20; // real documents are tens of KiB
    std::error_code error;
    if (const auto size = std::filesystem::file_size(file, error); !error && size > kMaxBytes) {
        fail_at(file, 0,
                "too large for a measurement document (" + std::to_string(size >> 20) +
                    " MiB); regenerate it with gpuguide-probe");
    }
    return parse_measurement_document(read_file(file), file, origin);
}

HostDocument parse_measurement_document(std::string_view text, const std::filesystem::path& file,
                                        Origin origin) {
    HostDocument document;
    document.file = file;
    document.origin = origin;
    try {
        document.json = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& parse_error) {
        fail_at(file, 0, std::string("not valid JSON: ") + parse_error.what());
    }
    const auto problems = probes::schema::validate_document(document.json);
    if (!problems.empty()) {
        std::string message = "not a valid measurement document (schema version 1, see \"The "
                              "measurement document\" in the manual):";
        for (std::size_t i = 0; i < problems.size() && i < 5; ++i) {
            message += "\n  " + (problems[i].pointer.empty() ? "/" : problems[i].pointer) + ": " +
                       problems[i].message;
        }
        if (problems.size() > 5) {
            message += "\n  ... and " + std::to_string(problems.size() - 5) + " more";
        }
        fail_at(file, 0, message + "\nfix the document or measure again with gpuguide-probe");
    }
    const auto& json = document.json;
    if (!json.is_object() || json.value("schema", "") != "gpuguide-measurements" ||
        !json.contains("probes") || !json["probes"].is_object()) {
        fail_at(file, 0,
                "not a gpuguide measurement document (needs \"schema\": \"gpuguide-measurements\" "
                "and \"probes\"); see \"The measurement document\" in the manual");
    }
    const nlohmann::json::json_pointer host_path("/provenance/host");
    if (json.contains(host_path) && !json.at(host_path).is_string()) {
        fail_at(file, 0, "/provenance/host must be text (the host's name)");
    }
    document.host =
        json.contains(host_path) ? json.at(host_path).get<std::string>() : file.stem().string();
    return document;
}

void check_one_document_per_host(const std::vector<HostDocument>& documents) {
    std::map<std::string, const HostDocument*> seen;
    for (const auto& document : documents) {
        const auto [earlier, added] = seen.emplace(document.host, &document);
        if (!added) {
            fail_at(document.file, 0,
                    "host \"" + document.host + "\" already has a measurement document (" +
                        earlier->second->file.generic_string() +
                        "); a host has one: remove one of them, or correct its /provenance/host");
        }
    }
}

std::vector<HostDocument> load_reference_documents(const std::filesystem::path& dir,
                                                   Origin origin) {
    std::vector<HostDocument> documents;
    for (const auto& file : list_files_sorted(dir)) {
        if (file.extension() == ".json" && !file.has_parent_path()) {
            documents.push_back(load_measurement_document(dir / file, origin));
        }
    }
    return documents;
}

void put_reference_first(std::vector<HostDocument>& references, const std::string& host,
                         const std::filesystem::path& setting_file, int setting_line) {
    if (host.empty()) {
        return;
    }
    const auto named = std::find_if(references.begin(), references.end(), [&](const auto& doc) {
        return doc.origin == Origin::Reference && doc.host == host;
    });
    if (named == references.end()) {
        std::string known;
        for (const auto& document : references) {
            if (document.origin == Origin::Reference) {
                known += (known.empty() ? "" : ", ") + document.host + " (" +
                         document.file.filename().generic_string() + ")";
            }
        }
        fail_at(setting_file, setting_line,
                "`reference = \"" + host +
                    "\"`: no reference measurement document has that host (" +
                    (known.empty() ? std::string("there are none") : "there are: " + known) +
                    "); name one of them, or remove the key to use the first by file name");
    }
    std::rotate(references.begin(), named, named + 1);
}

} // namespace gpuguide::measure
