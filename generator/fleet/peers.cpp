// Peers, drift and history of a fleet (see peers.hpp).
#include "fleet/peers.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace gpuguide::fleet {
namespace {

/// 1.4826 × MAD estimates the standard deviation of normally distributed figures.
constexpr double kMadToSigma = 1.4826;
/// A GPU count held by at most this share of a GPU model and CPU's nodes, and lower than the
/// count most of them have, is taken as GPUs missing, not as a type of its own.
constexpr double kRareCount = 0.1;

double median_of(std::vector<double> values) {
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2 == 1) {
        return *middle;
    }
    const double upper = *middle;
    return (upper + *std::max_element(values.begin(), middle)) / 2;
}

Usual usual_of(const std::vector<std::string>& values) {
    std::map<std::string, std::size_t> counts;
    Usual usual;
    for (const auto& value : values) {
        if (!value.empty()) {
            ++counts[value];
            ++usual.of;
        }
    }
    for (const auto& [value, count] : counts) { // ties: the later (newer-looking) version
        if (count >= usual.count) {
            usual = {value, count, usual.of};
        }
    }
    return usual;
}

// Types: GPU model and CPU, then the GPU count most of those nodes have (a rare lower count is a
// fault of the node, not a type).
void group(const std::vector<HostRow>& rows, Analysis& analysis) {
    std::map<std::pair<std::string, std::string>, std::map<int, std::size_t>> counts;
    for (const auto& row : rows) {
        ++counts[{row.gpu_model, row.cpu}][row.gpus];
    }
    std::map<std::tuple<std::string, int, std::string>, std::size_t> index;
    analysis.type_of.resize(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        const auto& histogram = counts[{row.gpu_model, row.cpu}];
        std::size_t total = 0, most = 0;
        int usual = row.gpus;
        for (const auto& [gpus, nodes] : histogram) {
            total += nodes;
            if (nodes >= most) {
                most = nodes;
                usual = gpus;
            }
        }
        const auto nodes = histogram.at(row.gpus);
        const int gpus =
            row.gpus < usual && nodes < most &&
                    static_cast<double>(nodes) <= kRareCount * static_cast<double>(total)
                ? usual
                : row.gpus;
        const auto [found, added] =
            index.try_emplace({row.gpu_model, gpus, row.cpu}, analysis.types.size());
        if (added) {
            NodeType type;
            type.gpu_model = row.gpu_model;
            type.gpus = gpus;
            type.cpu = row.cpu;
            analysis.types.push_back(std::move(type));
        }
        analysis.type_of[r] = found->second;
        analysis.types[found->second].rows.push_back(r);
    }
    // Types in a stable order (model, count, CPU), rows by host within each.
    std::vector<std::size_t> order(analysis.types.size());
    for (std::size_t t = 0; t < order.size(); ++t) {
        order[t] = t;
    }
    const auto key = [&](std::size_t t) {
        const auto& type = analysis.types[t];
        return std::tie(type.gpu_model, type.gpus, type.cpu);
    };
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return key(a) < key(b); });
    std::vector<NodeType> sorted;
    std::vector<std::size_t> renumber(order.size());
    for (std::size_t t = 0; t < order.size(); ++t) {
        renumber[order[t]] = t;
        sorted.push_back(std::move(analysis.types[order[t]]));
        std::sort(sorted.back().rows.begin(), sorted.back().rows.end(),
                  [&](auto a, auto b) { return rows[a].host < rows[b].host; });
    }
    analysis.types = std::move(sorted);
    for (auto& type : analysis.type_of) {
        type = renumber[type];
    }
}

void type_statistics(const std::vector<HostRow>& rows, Analysis& analysis) {
    const auto& options = analysis.options;
    for (auto& type : analysis.types) {
        for (std::size_t h = 0; h < headlines().size(); ++h) {
            std::vector<double> values;
            for (const auto r : type.rows) {
                if (rows[r].figures[h]) {
                    values.push_back(rows[r].figures[h]->value);
                }
            }
            if (values.size() < options.min_peers) {
                type.spread.emplace_back();
                continue;
            }
            const double median = median_of(values);
            std::vector<double> deviations;
            for (const double value : values) {
                deviations.push_back(std::abs(value - median));
            }
            const double sigma = median > 0 ? kMadToSigma * median_of(deviations) / median : 0;
            type.spread.push_back(
                Spread{median, std::max(sigma, options.min_spread), values.size()});
        }
        auto field = [&](std::string HostRow::*member) {
            std::vector<std::string> values;
            for (const auto r : type.rows) {
                values.push_back(rows[r].*member);
            }
            return usual_of(values);
        };
        type.driver = field(&HostRow::driver);
        type.cuda = field(&HostRow::cuda);
        type.vbios = field(&HostRow::vbios);
        type.ecc = field(&HostRow::ecc);
    }
}

void find_outliers(const std::vector<HostRow>& rows, Analysis& analysis) {
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& type = analysis.types[analysis.type_of[r]];
        Outlier outlier{r, std::max(0, type.gpus - rows[r].gpus), {}};
        for (std::size_t h = 0; h < headlines().size(); ++h) {
            const auto& spread = type.spread[h];
            const auto& figure = rows[r].figures[h];
            if (!spread || !figure || spread->median <= 0) {
                continue;
            }
            const double relative = (figure->value - spread->median) / spread->median;
            const double score =
                (headlines()[h].lower_is_better ? relative : -relative) / spread->sigma;
            if (score > analysis.options.threshold) {
                outlier.at_fault.push_back({h, figure->value, spread->median, relative, score});
            }
        }
        std::sort(outlier.at_fault.begin(), outlier.at_fault.end(),
                  [](const auto& a, const auto& b) { return a.score > b.score; });
        if (outlier.gpus_missing > 0 || !outlier.at_fault.empty()) {
            analysis.outliers.push_back(std::move(outlier));
        }
    }
    std::stable_sort(analysis.outliers.begin(), analysis.outliers.end(),
                     [](const auto& a, const auto& b) { return a.severity() > b.severity(); });
}

void find_drift(const std::vector<HostRow>& rows, Analysis& analysis) {
    for (const auto& type : analysis.types) {
        for (const auto r : type.rows) {
            for (const auto& [field, member, usual] :
                 {std::tuple{"driver", &HostRow::driver, &type.driver},
                  std::tuple{"cuda", &HostRow::cuda, &type.cuda},
                  std::tuple{"vbios", &HostRow::vbios, &type.vbios},
                  std::tuple{"ecc", &HostRow::ecc, &type.ecc}}) {
                const auto& value = rows[r].*member;
                if (!value.empty() && usual->of >= 2 && value != usual->value) {
                    analysis.drift.push_back({r, field, value, *usual});
                }
            }
        }
    }
}

// Status per row and the nodes asked that sent nothing.
void find_missing(const FleetFolder& folder, Analysis& analysis) {
    const auto& rows = folder.rows;
    analysis.status.assign(rows.size(), Status::Ok);
    std::map<std::string, std::size_t> by_host;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        by_host.emplace(rows[r].host, r);
        if (!rows[r].failed.empty()) {
            analysis.status[r] = Status::Failed;
        }
    }
    if (folder.latest) {
        for (const auto& asked : folder.latest->asked) {
            if (asked.fault.empty()) {
                continue;
            }
            MissingNode missing{asked.node, asked.task, asked.fault, std::nullopt};
            if (const auto found = by_host.find(asked.node); found != by_host.end()) {
                missing.row = found->second;
                analysis.status[found->second] = Status::Missing;
            } else {
                ++analysis.missing_without_document;
            }
            analysis.missing.push_back(std::move(missing));
        }
    }
    std::sort(analysis.missing.begin(), analysis.missing.end(),
              [](const auto& a, const auto& b) { return a.node < b.node; });
    for (std::size_t r = 0; r < rows.size(); ++r) {
        auto& type = analysis.types[analysis.type_of[r]];
        switch (analysis.status[r]) {
        case Status::Ok:
            ++type.ok;
            break;
        case Status::Failed:
            ++type.failed;
            break;
        case Status::Missing:
            ++type.missing;
            break;
        }
    }
}

void compare_with_previous(const FleetFolder& folder, Analysis& analysis) {
    const auto& rows = folder.rows;
    analysis.change.resize(rows.size());
    analysis.has_previous =
        folder.previous && (!folder.previous->rows.empty() || !folder.previous->asked.empty());
    if (!analysis.has_previous) {
        return;
    }
    std::map<std::string, const HostRow*> before;
    for (const auto& row : folder.previous->rows) {
        before.emplace(row.host, &row);
    }
    std::set<std::string> now;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        now.insert(rows[r].host);
        const auto found = before.find(rows[r].host);
        if (found == before.end()) {
            analysis.new_hosts.push_back(rows[r].host);
            continue;
        }
        const auto& type = analysis.types[analysis.type_of[r]];
        for (std::size_t h = 0; h < headlines().size(); ++h) {
            const auto& was = found->second->figures[h];
            const auto& is = rows[r].figures[h];
            if (!was || !is || was->value <= 0) {
                continue;
            }
            const double relative = (is->value - was->value) / was->value;
            const double sigma =
                type.spread[h] ? type.spread[h]->sigma : analysis.options.min_spread;
            // The difference of two measurements spreads √2 times as much as one does.
            analysis.change[r].push_back(
                {h, was->value, is->value, relative,
                 std::abs(relative) / (std::sqrt(2.0) * sigma) > analysis.options.threshold});
        }
    }
    std::set<std::string> gone;
    for (const auto& [host, row] : before) {
        if (now.count(host) == 0) {
            gone.insert(host);
        }
    }
    // A node with a document that Slurm no longer lists has left the cluster.
    if (folder.latest && !folder.latest->cluster.empty()) {
        const std::set<std::string> cluster(folder.latest->cluster.begin(),
                                            folder.latest->cluster.end());
        for (const auto& row : rows) {
            if (cluster.count(row.host) == 0) {
                gone.insert(row.host);
            }
        }
    }
    analysis.gone_hosts.assign(gone.begin(), gone.end());
    std::sort(analysis.new_hosts.begin(), analysis.new_hosts.end());
}

} // namespace

double Outlier::severity() const {
    // A missing GPU first (the node cannot run its jobs), then the worst figure.
    return gpus_missing * 1e6 + (at_fault.empty() ? 0 : at_fault.front().score);
}

std::string type_name(const NodeType& type, const std::string& no_gpu) {
    const std::string gpus = type.gpu_model.empty() ? no_gpu
                             : type.gpus == 1       ? type.gpu_model
                                              : std::to_string(type.gpus) + " × " + type.gpu_model;
    return gpus + " · " + (type.cpu.empty() ? "?" : type.cpu);
}

Analysis analyse(const FleetFolder& folder, const AnalysisOptions& options) {
    Analysis analysis;
    analysis.options = options;
    group(folder.rows, analysis);
    type_statistics(folder.rows, analysis);
    find_outliers(folder.rows, analysis);
    find_drift(folder.rows, analysis);
    find_missing(folder, analysis);
    compare_with_previous(folder, analysis);
    return analysis;
}

} // namespace gpuguide::fleet
