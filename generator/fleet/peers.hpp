#pragma once
/// Which fleet nodes are worse than their peers, and what changed (docs/src/design/fleet.md
/// "Fleet"): nodes grouped by type (GPU model and count, CPU), each headline figure compared with
/// its type's median in units of the type's robust spread (the median absolute deviation), the
/// configuration compared with what most of the type runs, and each node with its own previous
/// document.
#include "fleet/collection.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::fleet {

struct AnalysisOptions {
    /// A figure is at fault when it is worse than its type's median by more than this many robust
    /// standard deviations (1.4826 × MAD); a change since the last collection is flagged past it.
    double threshold = 3.5;
    /// The robust standard deviation is taken as at least this share of the median, so that a
    /// type whose nodes agree to 0.1 % does not flag 0.5 % differences.
    double min_spread = 0.01;
    /// Types need this many nodes with a figure before the figure is compared.
    std::size_t min_peers = 3;
};

/// A type's median and robust spread of one figure.
struct Spread {
    double median = 0;
    double sigma = 0; ///< robust standard deviation relative to the median (0.012 = 1.2 %)
    std::size_t nodes = 0;
};

/// A value most of a type has, and how many of the type have it.
struct Usual {
    std::string value;
    std::size_t count = 0, of = 0;
};

enum class Status { Ok, Failed, Missing };

struct NodeType {
    std::string gpu_model; ///< "" for CPU-only nodes
    int gpus = 0;          ///< the count most nodes of the type have
    std::string cpu;
    std::vector<std::size_t> rows; ///< indexes into the folder's rows
    std::size_t ok = 0, failed = 0, missing = 0;
    std::vector<std::optional<Spread>> spread; ///< per headline; nullopt: too few nodes
    Usual driver, cuda, vbios, ecc;
};

struct Deviation {
    std::size_t headline = 0;
    double value = 0, median = 0;
    double relative = 0; ///< (value - median) / median
    double score = 0;    ///< how much worse, in robust standard deviations (positive: worse)
};

struct Outlier {
    std::size_t row = 0;
    int gpus_missing = 0;            ///< fewer GPUs than the type (one fell off the bus?)
    std::vector<Deviation> at_fault; ///< worst first
    double severity() const;         ///< for ordering, worst first
};

struct Drift {
    std::size_t row = 0;
    std::string field; ///< "driver", "cuda", "vbios", "ecc"
    std::string value;
    Usual usual;
};

/// A node the latest collection asked for that sent no document.
struct MissingNode {
    std::string node, task, reason;
    std::optional<std::size_t> row; ///< its earlier document, if it has one
};

struct Change {
    std::size_t headline = 0;
    double before = 0, after = 0, relative = 0;
    bool beyond = false; ///< more than the threshold in the type's robust spread
};

struct Analysis {
    AnalysisOptions options;
    std::vector<NodeType> types;             ///< by GPU model, count, CPU
    std::vector<std::size_t> type_of;        ///< per row
    std::vector<Status> status;              ///< per row
    std::vector<std::vector<Change>> change; ///< per row, since its previous document
    std::vector<Outlier> outliers;           ///< worst first
    std::vector<Drift> drift;                ///< by type, then host
    std::vector<MissingNode> missing;        ///< by node
    std::size_t missing_without_document = 0;
    bool has_previous = false; ///< there was a collection before the latest
    std::vector<std::string> new_hosts, gone_hosts;
};

/// Compares every row of the folder with its peers and with its previous document.
Analysis analyse(const FleetFolder& folder, const AnalysisOptions& options = {});

/// "4 × NVIDIA H100 80GB HBM3 · Intel Xeon 8480+"; `no_gpu` stands for the GPUs of a node
/// without any ("CPU only", from the theme's strings).
std::string type_name(const NodeType& type, const std::string& no_gpu);

} // namespace gpuguide::fleet
