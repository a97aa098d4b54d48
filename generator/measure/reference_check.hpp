#pragma once
/// The committed reference measurements, checked against the book's GPU catalogue before any page
/// uses them (docs/src/design/directives.md "Reference measurements"): readers contribute these
/// documents, and pages set their figures beside the datasheets as facts.
#include "load/book.hpp"
#include "measure/documents.hpp"

#include <string>
#include <vector>

namespace gpuguide::measure {

/// Throws InputError
/// - at `FILE:LINE` of the figure, for a figure above its GPU's datasheet limit: STREAM above the
///   catalogue's memory bandwidth, a GEMM above its precision's peak (FP64 above twice the
///   catalogue's FP64 figure, which is that of the CUDA cores: DGEMM runs on the tensor cores),
///   a host-device copy above what the GPU's PCIe link (generation and width as measured) carries;
/// - naming both files, for two documents of one GPU model (the guide keeps one per model: a new
///   measurement replaces the file).
/// Only documents of Origin::Reference are checked. Returns one warning per document whose GPU the
/// catalogue does not list (pages show it without datasheet figures).
std::vector<std::string> check_reference_documents(const Book& book,
                                                   const std::vector<HostDocument>& documents);

} // namespace gpuguide::measure
