// What a figure is (measure/figure.hpp): the kind of every figure, and how prose and labels name
// its host in both languages. Each assertion names the exact words, so that a kind or a phrase
// given to the wrong case fails here, not only on a page that happens to show it.
#include "gpuguide_catch.hpp"
#include "measure/figure.hpp"

#include <nlohmann/json.hpp>

using nlohmann::json;
namespace measure = gpuguide::measure;
namespace ui = gpuguide::ui;
using measure::FigureKind;
using measure::HostPart;
using measure::Origin;

namespace {

/// A measurement document of `host` with one GPU and a CPU, and a gpu.specs result whose device
/// has the clocks and widths a derived peak names.
measure::HostDocument document(const std::string& host, Origin origin, bool placeholder = false) {
    json device = {{"name", "NVIDIA H200"},
                   {"clock_sm_max", {{"unit", "MHz"}, {"value", 1980}}},
                   {"clock_mem_max", {{"unit", "MHz"}, {"value", 2619}}},
                   {"memory_bus_width", {{"unit", "bit"}, {"value", 6144}}},
                   {"pcie", {{"gen_max", 5}, {"width_max", 16}}},
                   {"peak", {{"fp32", {{"unit", "TFLOP/s"}, {"value", 67}}}}}};
    json doc = {{"provenance",
                 {{"host", host}, {"gpus", {{{"name", "NVIDIA H200"}}}}, {"cpu", "AMD EPYC 9654"}}},
                {"probes",
                 {{"gpu.specs", {{"status", "ok"}, {"result", {{"devices", {device}}}}}},
                  {"gpu.stream", {{"status", "ok"}, {"result", json::object()}}}}}};
    if (placeholder) {
        doc["placeholder"] = true;
    }
    return {host, doc, host + ".json", origin};
}

measure::ProbeResult result(const measure::HostDocument* doc, const std::string& key) {
    return {doc, doc == nullptr ? nullptr : &doc->json["probes"][key], false, key};
}

} // namespace

TEST_CASE("figure kinds: each kind has its CSS name", "[figure]") {
    using K = FigureKind;
    CHECK(measure::kind_name(K::Measured) == "measured");
    CHECK(measure::kind_name(K::Reference) == "reference");
    CHECK(measure::kind_name(K::Fleet) == "fleet");
    CHECK(measure::kind_name(K::Placeholder) == "placeholder");
    CHECK(measure::kind_name(K::Datasheet) == "datasheet");
    CHECK(measure::kind_name(K::DerivedPeak) == "derived-peak");
    CHECK(measure::kind_name(K::Estimate) == "estimate");
}

TEST_CASE("figure kinds: a result's kind follows its document's origin", "[figure]") {
    const auto measured = document("box", Origin::Measured);
    const auto reference = document("reference-h200", Origin::Reference);
    const auto fleet = document("node0001", Origin::Fleet);
    const auto stand_in = document("reference-h100", Origin::Reference, true);
    CHECK(measure::figure_kind(result(&measured, "gpu.stream")) == FigureKind::Measured);
    CHECK(measure::figure_kind(result(&reference, "gpu.stream")) == FigureKind::Reference);
    CHECK(measure::figure_kind(result(&fleet, "gpu.stream")) == FigureKind::Fleet);
    CHECK(measure::figure_kind(result(&stand_in, "gpu.stream")) == FigureKind::Placeholder);
    CHECK(measure::figure_kind(result(nullptr, "gpu.stream")) == FigureKind::Placeholder);
    // A figure other than a peak is of its document's kind.
    CHECK(measure::figure_kind(result(&measured, "gpu.stream"), "/devices/0/triad") ==
          FigureKind::Measured);
    CHECK(measure::figure_kind(result(&reference, "gpu.specs"), "/devices/0/name") ==
          FigureKind::Reference);
    CHECK(measure::figure_kind(result(&fleet, "gpu.specs"), "/devices/0/clock_sm_max") ==
          FigureKind::Fleet);
}

TEST_CASE("figure kinds: a peak gpu.specs computes is a derived peak, whoever measured it",
          "[figure]") {
    for (const auto origin : {Origin::Measured, Origin::Reference, Origin::Fleet}) {
        const auto doc = document("h", origin);
        INFO("origin " << static_cast<int>(origin));
        CHECK(measure::figure_kind(result(&doc, "gpu.specs"), "/devices/0/peak/fp32") ==
              FigureKind::DerivedPeak);
        CHECK(measure::figure_kind(result(&doc, "gpu.specs"), "/devices/1/peak/memory_bandwidth") ==
              FigureKind::DerivedPeak);
        // Only gpu.specs derives peaks; a "peak" of another probe is measured.
        CHECK(measure::figure_kind(result(&doc, "gpu.stream"), "/devices/0/peak/fp32") ==
              measure::figure_kind(result(&doc, "gpu.stream")));
        // "/devices/0/peaks" and "/peak/fp32" are not a device's peak.
        CHECK(measure::figure_kind(result(&doc, "gpu.specs"), "/devices/0/peaks/fp32") !=
              FigureKind::DerivedPeak);
        CHECK(measure::figure_kind(result(&doc, "gpu.specs"), "/peak/fp32") !=
              FigureKind::DerivedPeak);
    }
    // A stand-in's peak was never derived: it stays a placeholder.
    const auto stand_in = document("h", Origin::Reference, true);
    CHECK(measure::figure_kind(result(&stand_in, "gpu.specs"), "/devices/0/peak/fp32") ==
          FigureKind::Placeholder);
}

TEST_CASE("figure kinds: a derived peak says what it assumes, in both languages", "[figure]") {
    const auto doc = document("reference-h200", Origin::Reference);
    const auto specs = result(&doc, "gpu.specs");
    const auto& en = ui::Strings::built_in("en");
    const auto& zh = ui::Strings::built_in("zh");
    CHECK(measure::derived_peak_text(specs, "/devices/0/peak/fp32", en) ==
          "peak derived from the maximum boost clock (1980\u00a0MHz) and unit counts, not a "
          "datasheet "
          "figure");
    CHECK(measure::derived_peak_text(specs, "/devices/0/peak/memory_bandwidth", en) ==
          "peak derived from the memory clock (2619\u00a0MHz) and bus width (6144\u00a0bit), not a "
          "datasheet figure");
    CHECK(measure::derived_peak_text(specs, "/devices/0/peak/pcie_bandwidth", en) ==
          "peak derived from the PCIe link (generation 5, x16), not a datasheet figure");
    CHECK(measure::derived_peak_text(specs, "/devices/0/peak/fp32", zh) ==
          "由最高加速频率（1980\u00a0MHz）和单元数推算的峰值，不是官方规格数据");
    // Nothing to say of a figure that is not a derived peak, or of a device the result lacks.
    CHECK(measure::derived_peak_text(specs, "/devices/0/clock_sm_max", en).empty());
    CHECK(measure::derived_peak_text(specs, "/devices/3/peak/fp32", en).empty());
    CHECK(
        measure::derived_peak_text(result(&doc, "gpu.stream"), "/devices/0/peak/fp32", en).empty());
}

TEST_CASE("host phrases and labels: every kind and part, in English and Chinese", "[figure]") {
    const auto measured = document("box", Origin::Measured);
    const auto reference = document("reference-h200", Origin::Reference);
    const auto stand_in = document("reference-h100", Origin::Reference, true);
    const auto fleet = document("node0001", Origin::Fleet);
    const auto& en = ui::Strings::built_in("en");
    const auto& zh = ui::Strings::built_in("zh");
    // How prose names the host mid-sentence, and how a column header labels it.
    struct Words {
        const measure::HostDocument* doc;
        HostPart part;
        const char *phrase_en, *phrase_zh, *label_en, *label_zh;
    };
    const Words cases[] = {
        {nullptr, HostPart::Machine, "this machine", "本机", "This machine", "本机"},
        {nullptr, HostPart::Gpu, "this machine's GPU", "本机的 GPU", "This machine's GPU",
         "本机 GPU"},
        {nullptr, HostPart::Cpu, "this machine's CPU", "本机的 CPU", "This machine's CPU",
         "本机 CPU"},
        {&measured, HostPart::Machine, "this machine", "本机", "This machine", "本机"},
        {&measured, HostPart::Gpu, "this machine's GPU", "本机的 GPU", "This machine's GPU",
         "本机 GPU"},
        {&measured, HostPart::Cpu, "this machine's CPU", "本机的 CPU", "This machine's CPU",
         "本机 CPU"},
        {&reference, HostPart::Machine, "the reference machine reference-h200",
         "参考机 reference-h200", "Reference reference-h200", "参考机 reference-h200"},
        {&reference, HostPart::Gpu, "the reference GPU (NVIDIA H200 on reference-h200)",
         "参考 GPU（参考机 reference-h200 上的 NVIDIA H200）", "GPU of reference-h200 (reference)",
         "参考机 reference-h200 的 GPU"},
        {&reference, HostPart::Cpu, "the CPU of the reference machine reference-h200",
         "参考机 reference-h200 的 CPU", "CPU of reference-h200 (reference)",
         "参考机 reference-h200 的 CPU"},
        // A stand-in reference is still the reference host.
        {&stand_in, HostPart::Machine, "the reference machine reference-h100",
         "参考机 reference-h100", "Reference reference-h100", "参考机 reference-h100"},
        {&fleet, HostPart::Machine, "node0001", "node0001", "node0001", "node0001"},
        {&fleet, HostPart::Gpu, "the GPU of node0001", "node0001 的 GPU", "GPU of node0001",
         "node0001 的 GPU"},
        {&fleet, HostPart::Cpu, "the CPU of node0001", "node0001 的 CPU", "CPU of node0001",
         "node0001 的 CPU"},
    };
    for (const auto& c : cases) {
        INFO(c.phrase_en);
        CHECK(measure::host_phrase(c.doc, c.part, en) == c.phrase_en);
        CHECK(measure::host_phrase(c.doc, c.part, zh) == c.phrase_zh);
        CHECK(measure::host_label(c.doc, c.part, en) == c.label_en);
        CHECK(measure::host_label(c.doc, c.part, zh) == c.label_zh);
    }
}

TEST_CASE("machine names come from the provenance, without control characters", "[figure]") {
    auto doc = document("box", Origin::Measured);
    CHECK(measure::machine_name(doc, HostPart::Gpu) == "NVIDIA H200");
    CHECK(measure::machine_name(doc, HostPart::Cpu) == "AMD EPYC 9654");
    CHECK(measure::machine_name(doc, HostPart::Machine).empty());
    doc.json["provenance"]["cpu"] = "Evil\x1b[31m CPU";
    CHECK(measure::machine_name(doc, HostPart::Cpu).find('\x1b') == std::string::npos);
    doc.json["provenance"].erase("gpus");
    CHECK(measure::machine_name(doc, HostPart::Gpu).empty());
}
