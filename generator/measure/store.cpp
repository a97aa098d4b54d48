// The query side of the store: documents by host and lookups into them (loading them is
// measure/documents.cpp).
#include "measure/store.hpp"

#include "measure/figure.hpp"
#include "schema/schema.hpp"

#include <algorithm>
#include <map>

namespace gpuguide::measure {
namespace {

std::string join_keys(const nlohmann::json& object) {
    std::string keys;
    if (!object.is_object()) {
        return keys;
    }
    for (const auto& item : object.items()) { // nlohmann objects are sorted maps: deterministic
        keys += (keys.empty() ? "" : ", ") + item.key();
    }
    return keys;
}

/// The entry a document has for a probe gpuguide-probe knows but the document does not (it was
/// measured before the probe existed): skipped, saying so. Nullptr for a key gpuguide-probe never
/// had, which stays an error (a typo).
const nlohmann::json* missing_probe_entry(const std::string& key) {
    static const auto entries = [] {
        std::map<std::string, nlohmann::json, std::less<>> made;
        for (const auto known : probes::schema::kProbeKeys) {
            const std::string name(known);
            made[name] = {{"status", probes::schema::kStatusSkipped},
                          {"reason", "not in this document: it was measured before "
                                     "gpuguide-probe had " +
                                         name + "; measure again to fill it"},
                          {"duration_s", 0.0},
                          {"result", nullptr}};
        }
        return made;
    }();
    const auto found = entries.find(key);
    return found == entries.end() ? nullptr : &found->second;
}

bool contains_safely(const nlohmann::json& root, const nlohmann::json::json_pointer& pointer) {
    try {
        return root.contains(pointer);
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

// Lists what exists at the deepest part of `pointer` that does exist, for a helpful message.
std::string known_near(const nlohmann::json& root, const nlohmann::json::json_pointer& pointer) {
    auto parent = pointer;
    while (!parent.empty()) {
        parent = parent.parent_pointer();
        if (contains_safely(root, parent)) {
            const auto& there = root.at(parent);
            if (there.is_object()) {
                return "known at \"" + parent.to_string() + "\": " + join_keys(there);
            }
            if (there.is_array()) {
                return "\"" + parent.to_string() + "\" has " + std::to_string(there.size()) +
                       " entries";
            }
        }
    }
    return "known: " + join_keys(root);
}

} // namespace

bool ProbeResult::ok() const {
    return entry != nullptr && entry->value("status", std::string()) == "ok";
}

std::string ProbeResult::reason() const {
    if (entry == nullptr || ok()) {
        return "";
    }
    const auto reason = entry->find("reason");
    return reason != entry->end() && reason->is_string() ? reason->get<std::string>()
                                                         : entry->value("status", std::string());
}

Store::Store(std::optional<HostDocument> this_build, std::vector<HostDocument> references)
    : this_build_(std::move(this_build)), references_(std::move(references)) {}

Store Store::for_validation(std::vector<HostDocument> references) {
    // Every probe gpuguide-probe has or a reference knows, "not measured yet" here: directives
    // check their keys, hosts and data references against it; pointers into `this` wait for the
    // figures.
    nlohmann::json probes = nlohmann::json::object();
    for (const auto key : probes::schema::kProbeKeys) {
        probes[std::string(key)] = nullptr;
    }
    for (const auto& reference : references) {
        const auto known = reference.json.find("probes");
        if (known == reference.json.end() || !known->is_object()) {
            continue;
        }
        for (const auto& item : known->items()) {
            probes[item.key()] = nullptr;
        }
    }
    for (auto& entry : probes) {
        entry = {{"status", probes::schema::kStatusSkipped},
                 {"reason", "not measured yet"},
                 {"duration_s", 0.0},
                 {"result", nullptr}};
    }
    HostDocument stand_in;
    stand_in.host = host_word(HostWord::This);
    stand_in.file = "(this build, before measuring)";
    stand_in.origin = Origin::Measured;
    stand_in.json = {{"schema", probes::schema::kSchemaName},
                     {"schema_version", probes::schema::kSchemaVersion},
                     {"placeholder", true},
                     {"provenance", nlohmann::json::object()},
                     {"probes", probes}};
    Store store(std::move(stand_in), std::move(references));
    store.asked_ = std::make_shared<Asked>();
    return store;
}

std::set<std::string> Store::probes_asked_of_this() const {
    if (!asked_) {
        return {};
    }
    std::lock_guard lock(asked_->mutex);
    return asked_->keys;
}

std::vector<std::string> Store::expand_hosts(const std::string& word) const {
    if (!is_host_word(word, HostWord::All) && !is_host_word(word, HostWord::References)) {
        return {word};
    }
    std::vector<std::string> hosts;
    if (is_host_word(word, HostWord::All)) {
        hosts.emplace_back(host_word(HostWord::This));
    }
    for (const auto& reference : references_) {
        const bool committed = reference.origin == Origin::Reference;
        if ((!this_build_ || reference.host != this_build_->host) &&
            (committed || is_host_word(word, HostWord::All))) {
            hosts.push_back(reference.host);
        }
    }
    if (is_host_word(word, HostWord::References)) {
        return hosts;
    }
    for (const auto& [host, file] : lazy_ ? lazy_->files : decltype(Lazy::files)()) {
        hosts.push_back(host); // each fleet host (read when a page asks for its figures)
    }
    return hosts;
}

const HostDocument* Store::by_host(const std::string& host) const {
    if (is_host_word(host, HostWord::Reference)) {
        for (const auto& reference : references_) {
            if (reference.origin == Origin::Reference) {
                return &reference;
            }
        }
        return nullptr;
    }
    if (this_build_ && this_build_->host == host) {
        return &*this_build_;
    }
    for (const auto& reference : references_) {
        if (reference.host == host) {
            return &reference;
        }
    }
    if (lazy_ && lazy_->files.count(host) != 0) {
        std::lock_guard lock(lazy_->mutex);
        auto& loaded = lazy_->loaded[host];
        if (!loaded) {
            loaded = std::make_unique<HostDocument>(
                load_measurement_document(lazy_->files.at(host), lazy_->origin));
        }
        return loaded.get();
    }
    return nullptr;
}

void Store::add_lazy_hosts(std::vector<std::pair<std::string, std::filesystem::path>> hosts,
                           Origin origin) {
    lazy_ = std::make_shared<Lazy>();
    lazy_->origin = origin;
    lazy_->files.insert(hosts.begin(), hosts.end());
}

namespace {

// The entry of probe `key` in `document`'s probes, or nullptr (no document, or no such entry).
const nlohmann::json* probe_entry(const HostDocument* document, const std::string& key) {
    if (document == nullptr) {
        return nullptr;
    }
    const auto probes = document->json.find("probes");
    if (probes == document->json.end() || !probes->is_object()) {
        return nullptr;
    }
    const auto found = probes->find(key);
    return found == probes->end() ? nullptr : &*found;
}

// The error for a probe `key` that `document` does not hold, naming those it holds.
LookupError unknown_probe(const HostDocument& document, const std::string& key) {
    return LookupError("no probe \"" + key + "\" (known: " +
                       join_keys(document.json.value("probes", nlohmann::json::object())) + ")");
}

} // namespace

ProbeResult Store::probe(const std::string& host, const std::string& key) const {
    if (is_host_word(host, HostWord::This) && asked_) {
        const auto& probes = this_build_->json["probes"];
        const auto found = probes.find(key);
        if (found == probes.end()) {
            throw unknown_probe(*this_build_, key);
        }
        std::lock_guard lock(asked_->mutex);
        asked_->keys.insert(key);
        return {&*this_build_, &*found, false, key};
    }
    if (is_host_word(host, HostWord::This)) {
        const HostDocument* own = this_build_ ? &*this_build_ : nullptr;
        ProbeResult mine{own, probe_entry(own, key), false, key};
        // This build's own outcome stands, failures and probe-specific skips ("one GPU")
        // included: they are facts about this machine. Only where this build has no figures to
        // give at all (no document, no entry, or a skip marked use_reference: no usable GPU,
        // measure mode reference) does the reference answer for it.
        const bool has_nothing =
            mine.entry == nullptr ||
            (mine.entry->value("status", "") == probes::schema::kStatusSkipped &&
             mine.entry->value(std::string(probes::schema::kUseReference), false));
        if (!has_nothing) {
            return mine;
        }
        const HostDocument* reference = by_host(std::string(host_word(HostWord::Reference)));
        ProbeResult fallback{reference, probe_entry(reference, key), true, key};
        if (fallback.entry != nullptr) {
            return fallback;
        }
        if (mine.entry != nullptr) {
            return mine;
        }
        if (own == nullptr && reference == nullptr) {
            throw LookupError("no measurement documents at all; commit one under "
                              "content/measurements/reference/ or build with --measure fresh");
        }
        if (const auto* missing = missing_probe_entry(key)) {
            return {own ? own : reference, missing, own == nullptr, key};
        }
        throw unknown_probe(own ? *own : *reference, key);
    }
    const HostDocument* document = this->document(host);
    ProbeResult result{document, probe_entry(document, key), false, key};
    if (result.entry == nullptr) {
        result.entry = missing_probe_entry(key);
    }
    if (result.entry == nullptr) {
        throw unknown_probe(*document, key);
    }
    return result;
}

const HostDocument* Store::document(const std::string& host) const {
    if (is_host_word(host, HostWord::This)) {
        return this_build_ ? &*this_build_ : nullptr;
    }
    const HostDocument* document = by_host(host);
    if (document == nullptr) {
        std::string hosts = "this, reference, all";
        for (const auto& reference : references_) {
            hosts += ", " + reference.host;
        }
        if (lazy_ && !lazy_->files.empty()) {
            hosts += " and " + std::to_string(lazy_->files.size()) + " fleet hosts (" +
                     lazy_->files.begin()->first + ", ...)";
        }
        throw LookupError("no host \"" + host + "\" (known: " + hosts + ")");
    }
    return document;
}

const nlohmann::json* Store::value(const ProbeResult& result, const std::string& pointer) const {
    if (!result.ok()) {
        return nullptr;
    }
    const auto found = result.entry->find("result");
    if (found == result.entry->end() || found->is_null()) {
        throw LookupError("the probe has no result");
    }
    nlohmann::json::json_pointer parsed;
    try {
        parsed = nlohmann::json::json_pointer(pointer);
    } catch (const nlohmann::json::exception&) {
        throw LookupError("\"" + pointer +
                          "\" is not a JSON pointer; write it like /devices/0/triad");
    }
    // nlohmann 3.11 throws from contains() for some tokens that cannot index an array
    // ("/devices//triad"); any such pointer simply names no value.
    bool present = false;
    try {
        present = found->contains(parsed);
    } catch (const nlohmann::json::exception&) {
    }
    if (!present) {
        throw LookupError("no value at \"" + pointer + "\" (" + known_near(*found, parsed) + ")");
    }
    return &found->at(parsed);
}

std::string Store::unit_host(const std::string& word, const std::set<std::string>& keys) const {
    if (!is_host_word(word, HostWord::This) || asked_) {
        return word;
    }
    const HostDocument* reference = by_host(std::string(host_word(HostWord::Reference)));
    const auto reference_probes =
        reference ? reference->json.find("probes") : nlohmann::json::const_iterator();
    bool any_fallback = false, own_gpu_outcome = false;
    bool reference_has_all = reference != nullptr && reference_probes != reference->json.end();
    for (const auto& key : keys) {
        ProbeResult result;
        try {
            result = probe(std::string(host_word(HostWord::This)), key);
        } catch (const LookupError&) {
            return word; // the unit's own lookup reports it, with the directive's file:line
        }
        any_fallback = any_fallback || result.fell_back;
        // A GPU probe this build ran (ok, failed, or skipped for a reason of its own) is a fact
        // about this machine: the unit stays here, and each figure says where it came from.
        own_gpu_outcome = own_gpu_outcome || (!result.fell_back && key.starts_with("gpu."));
        reference_has_all = reference_has_all && reference_probes->contains(key);
    }
    return any_fallback && !own_gpu_outcome && reference_has_all ? reference->host : word;
}

std::string Store::host_label(const std::string& host, HostPart part,
                              const ui::Strings& strings) const {
    if (is_host_word(host, HostWord::This)) {
        return measure::host_label(this_build_ ? &*this_build_ : nullptr, part, strings);
    }
    const HostDocument* document = by_host(host);
    return document ? measure::host_label(document, part, strings) : host;
}

std::string Store::host_phrase(const std::string& host, HostPart part,
                               const ui::Strings& strings) const {
    if (is_host_word(host, HostWord::This)) {
        return measure::host_phrase(this_build_ ? &*this_build_ : nullptr, part, strings);
    }
    const HostDocument* document = by_host(host);
    return document ? measure::host_phrase(document, part, strings) : host;
}

std::string Store::summary(const ui::Strings& strings) const {
    std::vector<std::string> parts;
    if (this_build_) {
        const auto& provenance = this_build_->json.value("provenance", nlohmann::json::object());
        const auto date = provenance.value("date", nlohmann::json());
        parts.push_back(date.is_string() ? strings.fill("footer_this_dated",
                                                        {this_build_->host,
                                                         date.get<std::string>().substr(0, 10)})
                                         : strings.fill("footer_this", {this_build_->host}));
    } else {
        parts.push_back(strings.text("footer_no_this"));
    }
    for (const auto& reference : references_) {
        parts.push_back(strings.fill("footer_reference", {reference.host}));
    }
    const auto separator = strings.text("footer_separator");
    return ui::join_words(parts, separator, separator);
}

} // namespace gpuguide::measure
