#pragma once
/// The measurement store: every measurement document of this build by host, lookups of probe
/// results by JSON pointer, metric formatting and provenance notes (docs/src/design/directives.md
/// "Hosts").
#include "measure/documents.hpp"
#include "theme/markup.hpp"
#include "theme/ui_strings.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::measure {

/// The words pages use for hosts besides a document's provenance.host: `this` (the machine that
/// builds the book), `reference` (the reference document), `references` (every committed
/// reference document), `all` (this machine, then every other document).
enum class HostWord { This, Reference, References, All };

/// A host word as pages write it: "this", "reference", "references", "all".
constexpr std::string_view host_word(HostWord word) {
    switch (word) {
    case HostWord::This:
        return "this";
    case HostWord::Reference:
        return "reference";
    case HostWord::References:
        return "references";
    case HostWord::All:
        return "all";
    }
    return "this";
}

/// True when a page's host word `text` is `word`.
constexpr bool is_host_word(std::string_view text, HostWord word) {
    return text == host_word(word);
}

/// Which part of a host prose and labels name: the machine, its GPU or its CPU.
enum class HostPart { Machine, Gpu, Cpu };

/// A lookup that cannot be resolved; the message lists what is known. Directives add file:line.
class LookupError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// One probe entry of one document, as a table cell or value sees it.
struct ProbeResult {
    const HostDocument* document = nullptr;
    const nlohmann::json* entry = nullptr; ///< {"status", "reason", "result", ...}
    bool fell_back = false; ///< host `this` asked, the reference answered (no GPU figures here)
    std::string key;        ///< probe key ("gpu.stream")
    bool ok() const;
    std::string reason() const; ///< skip/failure reason ("" when ok)
};

class Store {
  public:
    /// `this_build` is this build's document (absent: no probe run); `references` the committed
    /// documents in file-name order (the first of Origin::Reference is "the reference"), then the
    /// fleet hosts' documents (Origin::Fleet).
    Store(std::optional<HostDocument> this_build, std::vector<HostDocument> references);

    /// The store the load stage checks directives against, before anything is measured: the
    /// references as they are, and for host `this` a stand-in document in which every probe
    /// (probes::schema::kProbeKeys, and any other a reference has) is "not measured yet". Each
    /// probe asked of `this` is recorded: probes_asked_of_this() is what the measure stage runs.
    static Store for_validation(std::vector<HostDocument> references);

    /// Probe keys asked of host `this` (directly or through `all`); only a for_validation store
    /// records them. Thread-safe.
    std::set<std::string> probes_asked_of_this() const;

    /// True for a for_validation store (this machine's figures are not known yet).
    bool validating() const { return asked_ != nullptr; }

    /// Resolves a host word (`this`, `reference`, `references`, `all`, or a provenance.host) into
    /// host words of single documents: `references` becomes every committed reference's host (the
    /// reference first), `all` `this` followed by every other document's host (references, then
    /// fleet hosts).
    std::vector<std::string> expand_hosts(const std::string& word) const;

    /// The probe `key` as seen from `host` (a single host word). `this` uses this build's result
    /// (ok, failed, or skipped for a reason of its own), and the reference's (fell_back = true)
    /// only where this build has none: no document, no entry, or a skip marked `use_reference`.
    /// Throws LookupError for an unknown host or probe key.
    ProbeResult probe(const std::string& host, const std::string& key) const;

    /// The document a single host word names (`this`: this build's, null when it has none).
    /// Throws LookupError for an unknown host.
    const HostDocument* document(const std::string& host) const;

    /// The value at `pointer` (RFC 6901, "/devices/0/triad") inside an ok result; nullptr when the
    /// probe is not ok. Throws LookupError when the result has no such member.
    const nlohmann::json* value(const ProbeResult& result, const std::string& pointer) const;

    /// The host word that `this` stands for in one unit of a page (a table, a chart, an
    /// estimate, a paragraph) that reads the probes `keys` of it: the reference's host name when
    /// this build has no GPU outcome of its own among them (no GPU here: they fall back) and the
    /// reference has them all, so that the figures a unit sets side by side come from one
    /// machine (a speed-up of a GPU over a CPU is never taken across two hosts); else "this".
    /// Any other word, and `this` in a validation store, is returned unchanged.
    std::string unit_host(const std::string& word, const std::set<std::string>& keys) const;

    /// The header of a host column (ui `host_*` strings): "This machine", "Reference
    /// reference-h200", "This machine's GPU", "GPU of reference-h200 (reference)", ... `host` is a
    /// single host word (not `all`).
    std::string host_label(const std::string& host, HostPart part,
                           const ui::Strings& strings) const;

    /// How prose names `host` (ui `phrase_*` strings) mid-sentence: "this machine", "the
    /// reference machine reference-h200", ... `host` is a single host word (not `all`).
    std::string host_phrase(const std::string& host, HostPart part,
                            const ui::Strings& strings) const;

    /// Which documents the pages draw on, for the page footer in the language of `strings`
    /// (`footer_*` keys): this machine's host and date of measurement, and the references. Says
    /// nothing about whether this build ran the probes (that is the build log's), so equal
    /// documents give equal pages.
    std::string summary(const ui::Strings& strings) const;

    const std::optional<HostDocument>& this_build() const { return this_build_; }
    const std::vector<HostDocument>& references() const { return references_; }
    /// Hosts whose documents are read only when a page asks for one (fleet hosts: thousands of
    /// documents, of which the fleet page needs only rows): host name -> file. Thread-safe
    /// lookups; a document that cannot be read throws InputError naming its file.
    void add_lazy_hosts(std::vector<std::pair<std::string, std::filesystem::path>> hosts,
                        Origin origin);

    /// Gives the reference documents back (the store is spent): the check stage's store lends
    /// them to the measuring stage instead of copying every document (1,000 fleet hosts).
    std::vector<HostDocument> release_references() && { return std::move(references_); }

  private:
    const HostDocument* by_host(const std::string& host) const;
    std::optional<HostDocument> this_build_;
    std::vector<HostDocument> references_;
    struct Lazy {
        Origin origin = Origin::Fleet;
        std::map<std::string, std::filesystem::path> files;
        std::mutex mutex;
        std::map<std::string, std::unique_ptr<HostDocument>> loaded;
    };
    std::shared_ptr<Lazy> lazy_;
    /// Set only in a for_validation store: the probe keys asked of `this`.
    struct Asked {
        std::mutex mutex;
        std::set<std::string> keys;
    };
    std::shared_ptr<Asked> asked_;
};

/// A formatted value: text for people ("2.93 TB/s"), and the number in the shown unit.
struct Formatted {
    std::string text;
    std::optional<double> number;
    std::string unit;
};

/// Formats a metric ({"unit", "median"|"value"}), a plain number, string, bool (the ui strings'
/// yes/no) or null. Units scale for reading: GB/s >= 1000 -> TB/s, GFLOP/s >= 1000 -> TFLOP/s,
/// µs < 1 -> ns, ...
Formatted format_value(const nlohmann::json& value, const ui::Strings& strings);

/// format_value of a metric {"median": number, "unit": unit}, without building one (a fleet's
/// table formats hundreds of thousands).
Formatted format_quantity(double number, std::string unit, const ui::Strings& strings);

/// A number with about three significant digits, no exponent, no locale ("2.93", "301", "3010").
std::string format_number(double number);

/// The numeric reading of a metric or number (median, else value); nullopt for anything else.
std::optional<double> numeric(const nlohmann::json& value);

/// Unit of a metric ("" for plain values).
std::string unit_of(const nlohmann::json& value);

/// `value` expressed in `to` instead of `from`, for units that differ only by an SI prefix
/// (GFLOP/s -> TFLOP/s, µs -> ns, MB/s -> GB/s). Unchanged when either unit is empty or they are
/// equal; nullopt when the units measure different things (GB/s vs TFLOP/s).
std::optional<double> convert_unit(double value, std::string_view from, std::string_view to);

/// True for a result from a stand-in document nobody measured yet (or from no document at all).
bool is_placeholder(const ProbeResult& result);

/// The provenance sentence for a result: who measured it ("measured on this machine, HOST",
/// "reference measurement from HOST (GPU), not this machine") plus GPU, driver, CUDA, date and
/// duration, in the strings' language. Plain text (callers escape).
std::string provenance_text(const ProbeResult& result, const ui::Strings& strings);

/// The theme's provenance partial: a line saying where figures of `kind` ("measured",
/// "datasheet", "derived-peak", ...) come from; `text` is plain text. Every provenance line of a
/// page is written here.
std::string provenance_line(std::string_view kind, const std::string& text,
                            const theme::Markup& markup);

/// provenance_line with the result's kind and provenance_text.
std::string provenance_html(const ProbeResult& result, const ui::Strings& strings,
                            const theme::Markup& markup);

} // namespace gpuguide::measure
