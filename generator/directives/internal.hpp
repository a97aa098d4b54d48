#pragma once
/// Shared pieces of the directive implementations (not a public interface).
#include "directives/directives.hpp"
#include "directives/yaml_body.hpp"
#include "load/book_data.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace gpuguide::directives {

/// The host words `this` and `reference` as directives pass them to the store.
inline const std::string kThisHost{measure::host_word(measure::HostWord::This)};
inline const std::string kReferenceHost{measure::host_word(measure::HostWord::Reference)};

/// Output of one block directive.
struct BlockHtml {
    std::string html;
    bool measured = false;
};

BlockHtml measured_table(const Body& body, const Context& context);
BlockHtml data_table(const Body& body, const Context& context);
BlockHtml chart(const Body& body, const Context& context, int chart_number);
BlockHtml provenance(const Body& body, const Context& context);

/// "HOST:REST" -> {HOST, REST}; without a colon the host is `this` (`value:` and `estimate:`).
struct HostAndRest {
    std::string host, rest;
};
HostAndRest split_host(const std::string& spec);

/// "cpu.stream/triad" -> {"cpu.stream", "/triad"}; "gpu.gemm" alone -> {"gpu.gemm", ""}.
struct ProbePath {
    std::string probe, pointer;
};
ProbePath split_probe_path(const std::string& text);

/// The data file `name`, or InputError via body listing the known files.
const DataFile& data_file(const Body& body, const YAML::Node& near, const Context& context,
                          const std::string& name);

/// A catalogue record named "FILE/KEY" (e.g. "gpus/h100-sxm").
struct RecordRef {
    const DataFile* data = nullptr;
    std::string key; ///< "h100-sxm"
    const nlohmann::json* record = nullptr;
};

/// The record `file_and_key` names, or the directive's error at `near`:
/// `no record "KEY" in content/data/FILE.json` followed by `hint`.
RecordRef record_at(const Body& body, const YAML::Node& near, const Context& context,
                    const std::string& file_and_key, const std::string& hint = "");

/// Fails at `near` unless `field` is a column of `data` (or its key field or `source`):
/// "no column \"x\" in content/data/gpus.json (known: ...)".
void check_column(const Body& body, const YAML::Node& near, const DataFile& data,
                  const std::string& field);

/// A measured value found through the store; errors become InputError at the body's fence.
struct MeasuredValue {
    measure::ProbeResult result;
    const nlohmann::json* value = nullptr; ///< nullptr when the probe is not ok
};
MeasuredValue lookup(const Body& body, const YAML::Node& near, const Context& context,
                     const std::string& host, const ProbePath& path);

/// A probe's own skip or failure reason in the page's language: strings.json's `probe_reasons`
/// table where it has the reason ("one GPU" → "只有一块 GPU"), else the reason as written.
std::string probe_reason_text(const Context& context, const std::string& reason);

/// Why a host column or a chart has no figures at all, collected from its probe results, and the
/// one line that stands in for them: what would be shown, why it is missing, how to fill it.
struct MissingFigures {
    bool no_gpu_here = false;               ///< host `this` fell back: no GPU figures of its own
    bool not_yet_measured = false;          ///< a placeholder document answered
    std::vector<std::string> other_reasons; ///< a probe's own skip or failure reason ("one GPU")
    void add(const measure::ProbeResult& result);
    /// The figures-missing partial with text(): `WHAT: no measured figures yet (WHY). HOW.`
    std::string html(const std::string& what, const Context& context) const;
    /// The line's text: WHAT, why, how.
    std::string text(const std::string& what, const Context& context) const;
    /// The line's text for a table whose host columns `hosts` (their labels: "This machine")
    /// have no figures: WHAT is "A and B", or with a title strings.json's `figures_of`, which
    /// may name the hosts by their labels ({1}) or as prose does mid-sentence ({2}, `phrases`:
    /// "STREAM for this machine"; empty: the labels); "" when `hosts` is empty.
    std::string table_text(const std::string& title, const std::vector<std::string>& hosts,
                           const std::vector<std::string>& phrases, const Context& context) const;
};

/// The one figures-missing line of a table or chart: the theme's partial with plain `text`.
std::string missing_line(const std::string& text, const Context& context);

/// Provenance notes, one per distinct source, in order of first use.
class ProvenanceNotes {
  public:
    void add(const measure::ProbeResult& result, const Context& context);
    std::string html() const { return html_; }

  private:
    std::vector<std::string> seen_;
    std::string html_;
};

} // namespace gpuguide::directives
