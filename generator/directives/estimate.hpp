#pragma once
/// Live estimates: figures derived from measured ones by a stated formula (directives/formula.hpp),
/// evaluated for one host exactly as a measured value is looked up (docs/src/design/values.md
/// "Estimates").
#include "directives/formula.hpp"
#include "directives/inline_values.hpp"
#include "directives/internal.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::directives {

/// Reports a problem where the estimate was written (file:line) and throws.
using FailAt = std::function<void(const std::string& message)>;

/// Author constants by name: each is itself a formula ("8.03e9 [param]", "2 [B/param]",
/// "{gpu.specs/devices/0/memory_total} [GiB]").
using Constants = std::map<std::string, std::string>;

/// An estimate evaluated for one host.
struct Estimated {
    std::optional<double> value;   ///< in the estimate's unit; absent when a figure it needs is
                                   ///< missing (or the formula divides by zero)
    std::string reason;            ///< why absent ("not yet measured", the probe's skip reason)
    bool uses_measurement = false; ///< the formula reads a measured figure
    bool uses_datasheet = false;   ///< the formula reads a datasheet figure ({datasheet:FIELD})
    std::vector<measure::ProbeResult> sources; ///< the probe results its figures came from
    /// Each figure it read, in words, with its value and its kind: "GPU memory: 139.8 GiB =
    /// 150 GB (reference measurement, reference-h200)".
    std::vector<std::string> inputs;
    /// Reads a figure of any kind: the result is a computed figure, not plain text.
    bool reads_figures() const { return uses_measurement || uses_datasheet; }
};

/// A figure's key in words for readers: strings.json's `figure_names` for a measured key without
/// its device ("gpu.stream/triad" -> "STREAM triad bandwidth"), else the key without its device;
/// for `datasheet:FIELD` the catalogue column's header ("BF16 tensor (dense) (datasheet)").
std::string figure_words(const std::string& key, const Context& context);

/// Parses `text`, failing with "bad formula `TEXT`: problem (column N)".
formula::Formula parse_formula(const std::string& text, const FailAt& fail);
/// Parses a unit, failing with "bad unit `TEXT`: problem".
formula::Unit parse_target_unit(const std::string& text, const FailAt& fail);

/// Evaluates `formula` for `host` into `unit`. Fails (through `fail`) for an unknown constant,
/// probe, host or pointer, a unit mismatch (between terms, between a figure's measured unit and
/// the one the formula reads it in, or between the result and `unit`), or a bad constant.
Estimated evaluate_estimate(const formula::Formula& formula, const formula::Unit& unit,
                            const Constants& constants, const std::string& host,
                            const Context& context, const FailAt& fail);

/// Significant figures of a computed figure, unless the author names others (`digits`): an
/// estimate rests on a measured or datasheet figure read at about three figures and on assumed
/// constants, so two are what it can claim ("14", not "13.6"); a record (arithmetic on the
/// author's own constants, such as a weight size) and a figure converted for a note keep three.
inline constexpr int kEstimateDigits = 2;
inline constexpr int kRecordDigits = 3;

/// The most figures an author may ask of an estimate (`digits`): more than the measurements hold.
inline constexpr int kMostDigits = 6;

/// "190 tokens/s", "1,000,000 tokens": the value rounded to `digits` significant figures, with
/// the page language's digit groups, a no-break space and the unit.
std::string estimate_text(double value, const formula::Unit& unit, int digits,
                          const Context& context);

/// The tooltip of an estimate: what it is, its formula and the figures it came from.
std::string estimate_title(const formula::Formula& formula, const Estimated& estimated,
                           const Context& context, const std::string& extra = "");

/// Inline `estimate:[HOST:]FORMULA => UNIT [digits=N]` span (N significant figures instead of
/// kEstimateDigits).
InlineHtml inline_estimate(const std::string& spec, const Context& context, int line);

/// The `gg-estimate` table directive.
BlockHtml estimate_table(const Body& body, const Context& context);

} // namespace gpuguide::directives
