#include "fleet/collection.hpp"
#include "fleet/internal.hpp"
#include "fleet/simd_document.hpp"
#include "parallel/parallel.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"

#include <chrono>
#include <ctime>
#include <fstream>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

namespace gpuguide::fleet {
namespace schema = probes::schema;
namespace {

using detail::Plan;

// Every node Slurm lists (empty when it does not answer): the collection's record keeps it.
std::vector<std::string> cluster_nodes() {
    const auto sinfo = run_command({"sinfo", "--noheader", "--Node", "--format=%N"});
    std::set<std::string> nodes;
    std::istringstream lines(sinfo.exit_code == 0 ? sinfo.out : std::string());
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty()) {
            nodes.insert(line);
        }
    }
    return {nodes.begin(), nodes.end()};
}

// The last non-empty line a task printed (its own error, or the probe program's).
std::string last_line(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::string line, last;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") != std::string::npos) {
            last = line;
        }
    }
    return last.size() > 300 ? last.substr(0, 300) + "..." : last;
}

// The whole of a file, into a buffer each thread keeps: no 40 KB allocation per document (each
// made glibc's malloc consolidate the small blocks the previous document's JSON had freed).
const std::string& read_into_buffer(const std::filesystem::path& file) {
    thread_local std::string buffer;
    buffer.clear();
    std::ifstream in(file, std::ios::binary);
    char chunk[1 << 16];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        buffer.append(chunk, static_cast<std::size_t>(in.gcount()));
    }
    return buffer;
}

// The document of a finished task, read, validated and staged in --out; a fault (with the
// schema's errors) when it is not a measurement document.
std::optional<NewDocument> check_document(const std::string& node, const std::string& id,
                                          const std::filesystem::path& file,
                                          const std::filesystem::path& out, Fault& fault) {
    thread_local DocumentFile read;
    const bool read_whole = read_document(file, read);
    NewDocument document{node, "", {}, {}};
    if (auto row = read_whole ? quick_row(read, node + ".json") : std::nullopt) {
        document.row = std::move(*row);
        document.staged = stage_document(out, node, file, read);
        return document;
    }
    const auto& text = read_whole ? read.text : read_into_buffer(file);
    nlohmann::json parsed; // not vouched for: nlohmann's reading decides, and words why
    try {
        parsed = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception&) {
        try {
            schema::read_json_file(file); // says where: FILE:LINE:COLUMN
        } catch (const std::exception& error) {
            fault = {node, id, std::string("document rejected: ") + error.what()};
        }
        return std::nullopt;
    }
    const auto errors = schema::validate_document(parsed);
    if (!errors.empty()) {
        std::string problems = schema::format_errors(errors);
        while (!problems.empty() && problems.back() == '\n') {
            problems.pop_back();
        }
        fault = {node, id,
                 "document rejected, it does not match the measurement schema (" + file.string() +
                     "): " + problems + "; the host's earlier document in --out is kept as it was"};
        return std::nullopt;
    }
    document.row = row_of(parsed, node + ".json");
    document.staged = stage_document(out, node, text);
    return document;
}

// The tasks whose document to read: those done, not reported by wait_for yet, and not failed
// (a failed task, or one that wrote no document, goes into the report's faults).
std::vector<std::size_t> finished_tasks(const Plan& plan, const std::map<int, TaskState>& tasks,
                                        const std::set<int>& reported,
                                        const std::filesystem::path& work, FleetReport& report) {
    std::vector<std::size_t> finished;
    for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
        const auto& node = plan.nodes[i];
        const auto id = plan.job + "_" + std::to_string(i);
        const auto found = tasks.find(static_cast<int>(i));
        if (found == tasks.end() || reported.count(static_cast<int>(i)) != 0 ||
            found->second.phase() == Phase::Pending || found->second.phase() == Phase::Running) {
            continue; // reported by wait_for
        }
        const auto& task = found->second;
        const auto output = detail::task_file(work, plan.job, i, ".out");
        if (task.phase() == Phase::Failed) {
            const auto said = last_line(output);
            report.faults.push_back(
                {node, id,
                 task.state + " (Slurm's reason: " + task.reason +
                     (task.exit_code.empty() ? "" : ", exit " + task.exit_code) + ")" +
                     (said.empty() ? "" : "; the task said: " + said)});
        } else if (!std::filesystem::exists(detail::task_file(work, plan.job, i, ".json"))) {
            report.faults.push_back(
                {node, id, "the task completed but wrote no document; see " + output.string()});
        } else {
            finished.push_back(i);
        }
    }
    return finished;
}

// Every node asked, and what came of it (its fault's reason, or ""): the fleet page lists those
// that sent nothing.
std::vector<AskedNode> asked_nodes(const Plan& plan, const std::vector<Fault>& faults) {
    std::map<std::string, std::string> fault_of;
    for (const auto& fault : faults) {
        fault_of.emplace(fault.node, fault.reason);
    }
    std::vector<AskedNode> asked;
    for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
        const auto found = fault_of.find(plan.nodes[i]);
        asked.push_back({plan.nodes[i], plan.job + "_" + std::to_string(i),
                         found == fault_of.end() ? "" : found->second});
        fault_of.erase(plan.nodes[i]);
    }
    for (const auto& [node, reason] : fault_of) { // not submitted (drained, down, bad name)
        asked.push_back({node, "", reason});
    }
    return asked;
}

// Validates each finished task's document (on every core) and stores the good ones in --out as
// one collection (store_collection: the previous documents kept in --out/history/).
void collect(const Plan& plan, const std::map<int, TaskState>& tasks, const std::set<int>& reported,
             const FleetOptions& options, const std::filesystem::path& work, FleetReport& report,
             std::ostream& log) {
    const auto finished = finished_tasks(plan, tasks, reported, work, report);
    std::vector<std::optional<NewDocument>> documents(finished.size());
    std::vector<Fault> rejected(finished.size());
    parallel::parallel_for(finished.size(), 0, [&](std::size_t k) {
        const auto i = finished[k];
        documents[k] = check_document(plan.nodes[i], plan.job + "_" + std::to_string(i),
                                      detail::task_file(work, plan.job, i, ".json"),
                                      options.out_dir, rejected[k]);
    });
    std::vector<NewDocument> good;
    for (std::size_t k = 0; k < finished.size(); ++k) {
        if (documents[k]) {
            report.collected.push_back(documents[k]->node);
            good.push_back(std::move(*documents[k]));
        } else {
            report.faults.push_back(std::move(rejected[k]));
        }
    }
    auto asked = asked_nodes(plan, report.faults);
    const auto count = good.size();
    store_collection(options.out_dir,
                     {plan.job, schema::utc_now(), std::move(asked), cluster_nodes(), {}},
                     std::move(good), [](const std::filesystem::path& file) {
                         // A document in --out that does not read (dropped in by hand) gets no
                         // row here; the build names it.
                         try {
                             return schema::read_json_file(file);
                         } catch (const std::exception&) {
                             return nlohmann::json();
                         }
                     });
    if (count > 0) {
        log << "fleet: wrote " << count << " document" << (count == 1 ? "" : "s") << " into "
            << options.out_dir.string()
            << " (the documents before: " << (options.out_dir / "history" / "previous").string()
            << ")\n";
    }
}

} // namespace

FleetReport run_fleet(const FleetOptions& options, const std::atomic<bool>& stop,
                      std::ostream& log) {
    FleetReport report;
    const auto work = std::filesystem::absolute(options.work_dir);
    Plan plan;
    if (!options.collect_job.empty()) {
        plan = detail::load_plan(work, options.collect_job);
    } else {
        const auto nodes = detail::choose_nodes(options, report.faults);
        if (nodes.empty()) {
            return report;
        }
        plan = detail::submit(options, nodes, work, log);
    }
    report.job = plan.job;
    if (options.no_wait) {
        report.submitted_only = true;
        return report;
    }
    const auto waited = detail::wait_for(plan, options, work, stop, report.faults, log);
    if (!waited || stop) {
        run_command({"scancel", plan.job});
        report.cancelled = true;
        return report;
    }
    collect(plan, waited->tasks, waited->reported, options, work, report, log);
    return report;
}

} // namespace gpuguide::fleet
