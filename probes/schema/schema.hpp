// The measurement document schema (version 1): constants, metric builders and validation.
// Field list: probes/README.md; shapes used by pages: docs/src/design/measurements.md "Measurement
// documents".
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::probes::schema {

inline constexpr std::string_view kSchemaName = "gpuguide-measurements";
inline constexpr int kSchemaVersion = 1;
inline constexpr std::string_view kStatusOk = "ok";
inline constexpr std::string_view kStatusSkipped = "skipped";
inline constexpr std::string_view kStatusFailed = "failed";
/// Set (true) on a skipped probe whose figures this host cannot give at all: no usable GPU,
/// measure mode reference, or nothing cached in measure mode cached. Pages then show the reference
/// instead; any other skip or failure is shown as it is, since it says something about this machine
/// ("one GPU", a crash).
inline constexpr std::string_view kUseReference = "use_reference";

/// Every probe key gpuguide-probe has, in its order (core/registry.cpp; a test keeps the two
/// equal). The generator checks the probe names pages use against it before anything is measured,
/// without starting gpuguide-probe to ask.
inline constexpr std::array<std::string_view, 13> kProbeKeys{
    "cpu.info",  "cpu.stream", "cpu.latency",  "cpu.gemm", "cpu.llm",
    "gpu.specs", "gpu.stream", "gpu.transfer", "gpu.gemm", "gpu.latency",
    "gpu.power", "gpu.multi",  "gpu.llm"};

/// One problem found in a document: where (RFC 6901 JSON pointer) and what.
struct ValidationError {
    std::string pointer;
    std::string message;
};

/// Checks a whole measurement document; an empty list means valid.
/// Checks a whole measurement document: schema name and version, provenance types, each probe's
/// status/reason/result, metric shape (value, or median/min/max/cv/n), NaN, negative and absurd
/// numbers. An empty list means valid.
std::vector<ValidationError> validate_document(const nlohmann::json& document);

/// The largest believable value for a unit ("GB/s" → 1e5); nullopt for units without a limit.
std::optional<double> absurd_limit(std::string_view unit);

/// One "pointer: message" line per error, for error messages.
std::string format_errors(const std::vector<ValidationError>& errors);

} // namespace gpuguide::probes::schema
