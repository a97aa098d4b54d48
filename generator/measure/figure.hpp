#pragma once
/// What a figure is, and the words that go with it (docs/src/design/measurements.md "What a figure
/// is"). Every table cell, chart, inline value and estimate input of a page has a kind; the kind
/// decides how prose and labels name the figure's host, the figure's styling (a CSS class) and its
/// provenance note, in the page's language. Authors choose hosts and probes; the generator chooses
/// words.
#include "measure/store.hpp"
#include "theme/ui_strings.hpp"

#include <string>
#include <string_view>

namespace gpuguide::measure {

/// "measured", "reference", "fleet", "placeholder", "datasheet", "derived-peak", "estimate": the
/// CSS class (`kind-NAME` on table cells, `NAME` on inline values) and the view models' `kind`.
std::string_view kind_name(FigureKind kind);

/// The kind of the figure at `pointer` (RFC 6901) in a probe's result: DerivedPeak for the peaks
/// gpu.specs computes, else the kind of its document: Measured, Reference, Fleet, or Placeholder
/// for a stand-in document or none. The one function that says what a figure is; an empty
/// `pointer` asks for the result's document as a whole (a provenance note, an estimate's input).
FigureKind figure_kind(const ProbeResult& result, std::string_view pointer = {});

/// How prose names the host of `document` (strings.json's `phrase_*` keys): "this machine", "the
/// reference machine reference-h200", "this machine's GPU", "the reference GPU, NVIDIA H200 on
/// reference-h200", "本机", "参考机 reference-h200 上的 NVIDIA H200", ... A null document is
/// this build before anything was measured: "this machine".
std::string host_phrase(const HostDocument* document, HostPart part, const ui::Strings& strings);

/// A column header for the host of `document` (`host_*` keys): "This machine", "Reference
/// reference-h200", "This machine's CPU", "GPU of reference-h200 (reference)", ...
std::string host_label(const HostDocument* document, HostPart part, const ui::Strings& strings);

/// The GPU name (`part` Gpu) or CPU model (`part` Cpu) a document's provenance gives; "" when it
/// gives none.
std::string machine_name(const HostDocument& document, HostPart part);

/// What a derived peak assumes, for its cell's title and note: "peak derived from the maximum
/// boost clock (1980 MHz) and unit counts, not a datasheet figure". "" unless `pointer` names a
/// peak of a gpu.specs result that is ok.
std::string derived_peak_text(const ProbeResult& result, std::string_view pointer,
                              const ui::Strings& strings);

} // namespace gpuguide::measure
