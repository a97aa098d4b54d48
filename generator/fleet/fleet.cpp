#include "fleet/collection.hpp"
#include "fleet/internal.hpp"
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
using Clock = std::chrono::steady_clock;

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

// Now as ISO 8601 UTC ("2026-11-26T12:00:00Z"), the collection's date.
std::string utc_now() {
    const auto now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

const char* phase_name(Phase phase) {
    switch (phase) {
    case Phase::Pending:
        return "pending";
    case Phase::Running:
        return "running";
    case Phase::Done:
        return "done";
    case Phase::Failed:
        return "failed";
    }
    return "?";
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

// squeue for every task Slurm still holds in memory; sacct (when accounting is on) for the ones
// squeue has forgotten.
// nullopt when squeue could not answer (controller unreachable, a timeout): the caller keeps
// what it knew and asks again, instead of taking running tasks for forgotten ones. "Invalid job
// id" is an answer: Slurm has purged the whole job.
std::optional<std::map<int, TaskState>> poll(const Plan& plan, std::string& problem) {
    const std::vector<std::string> argv{"squeue", "--noheader", "--states=all",
                                        "--jobs=" + plan.job,
                                        "--format=" + std::string(kSqueueFormat)};
    const auto squeue = run_command(argv);
    if (squeue.exit_code != 0 && squeue.err.find("Invalid job id") == std::string::npos) {
        problem = describe(argv, squeue);
        return std::nullopt;
    }
    auto tasks = parse_tasks(squeue.out, plan.job, false);
    if (tasks.size() < plan.nodes.size()) {
        const auto sacct =
            run_command({"sacct", "--noheader", "--parsable2", "--allocations",
                         "--jobs=" + plan.job, "--format=" + std::string(kSacctFormat)});
        if (sacct.exit_code == 0) {
            for (auto& [index, task] : parse_tasks(sacct.out, plan.job, true)) {
                tasks.try_emplace(index, task);
            }
        }
    }
    return tasks;
}

// --sbcast: sends a task that has started the probe program, then the ready file its script
// waits for. Returns Slurm's complaint, or "" when both arrived.
std::string send_probe(const Plan& plan, std::size_t index, const std::filesystem::path& work) {
    const auto task = plan.job + "_" + std::to_string(index);
    const auto target = detail::sbcast_target(task);
    const auto ready = work / "sbcast-ready";
    if (!std::filesystem::exists(ready)) {
        schema::write_file_atomically(ready, "ready\n");
    }
    for (const auto& [source, destination] :
         {std::pair{std::filesystem::path(plan.sbcast_probe), target},
          std::pair{ready, target + ".ready"}}) {
        const std::vector<std::string> argv{"sbcast",     "--jobid=" + task, "--force",
                                            "--preserve", source.string(),   destination};
        const auto result = run_command(argv);
        if (!result.started || result.exit_code != 0) {
            return describe(argv, result);
        }
    }
    return "";
}

// Tasks that neither squeue nor sacct lists (ended long ago on a cluster without accounting)
// are settled by their documents: written means COMPLETED, else UNKNOWN. Returns whether any task
// is still pending or running.
bool settle_forgotten(const Plan& plan, const std::filesystem::path& work,
                      std::map<int, TaskState>& tasks) {
    for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
        if (tasks.count(static_cast<int>(i)) == 0) {
            const bool wrote =
                std::filesystem::exists(detail::task_file(work, plan.job, i, ".json"));
            tasks[static_cast<int>(i)] =
                TaskState{static_cast<int>(i), wrote ? "COMPLETED" : "UNKNOWN",
                          "Slurm no longer lists the task", plan.nodes[i], ""};
        }
    }
    bool open = false;
    for (const auto& [index, task] : tasks) {
        open = open || task.phase() == Phase::Pending || task.phase() == Phase::Running;
    }
    return open;
}

// After --wait-timeout: every task still pending or running is cancelled and reported.
void cancel_unfinished(const Plan& plan, std::map<int, TaskState>& tasks,
                       std::vector<Fault>& faults, std::set<int>& reported) {
    for (auto& [index, task] : tasks) {
        if (task.phase() == Phase::Pending || task.phase() == Phase::Running) {
            const auto id = plan.job + "_" + std::to_string(index);
            run_command({"scancel", id});
            faults.push_back({plan.nodes[static_cast<std::size_t>(index)], id,
                              "still " + task.state + " (Slurm's reason: " + task.reason +
                                  ") after --wait-timeout; cancelled"});
            reported.insert(index);
            task.state = "CANCELLED";
        }
    }
}

// Sleeps `seconds` in short steps; false as soon as `stop` is set.
bool sleep_unless_stopped(double seconds, const std::atomic<bool>& stop) {
    const auto next = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < next) {
        if (stop) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}

// Waits until every task has ended, printing each change. Returns false when stopped. Tasks it
// reports itself (cancelled after --wait-timeout, sbcast failed) go into `reported`.
bool wait_for(const Plan& plan, const FleetOptions& options, const std::atomic<bool>& stop,
              std::ostream& log, std::map<int, TaskState>& tasks, std::vector<Fault>& faults,
              std::set<int>& reported, const std::filesystem::path& work) {
    const auto start = Clock::now();
    std::map<int, std::string> shown;
    std::set<int> sent; // --sbcast: tasks that have their copy
    std::string last_counts;
    int forgotten_polls = 0;
    while (true) {
        std::string problem;
        auto polled = poll(plan, problem);
        if (polled) {
            tasks = std::move(*polled);
        } else {
            log << "fleet: " << problem << "; asking again in " << options.poll_s << " s\n";
        }
        int counts[4] = {0, 0, 0, 0};
        bool open = false;
        for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
            const auto found = tasks.find(static_cast<int>(i));
            if (found == tasks.end()) {
                open = true; // not listed yet (or forgotten: handled below)
                continue;
            }
            const auto& task = found->second;
            const auto phase = task.phase();
            ++counts[static_cast<int>(phase)];
            open = open || phase == Phase::Pending || phase == Phase::Running;
            const std::string line = std::string(phase_name(phase)) + " (" + task.state +
                                     (task.reason == "None" ? "" : ", " + task.reason) + ")";
            if (shown[static_cast<int>(i)] != line) {
                shown[static_cast<int>(i)] = line;
                log << "  " << plan.nodes[i] << "  job " << plan.job << "_" << i << "  " << line
                    << "\n";
            }
            if (!plan.sbcast_probe.empty() && phase == Phase::Running &&
                sent.insert(static_cast<int>(i)).second) {
                const auto id = plan.job + "_" + std::to_string(i);
                if (const auto refused = send_probe(plan, i, work); refused.empty()) {
                    log << "  " << plan.nodes[i] << "  job " << id
                        << "  sent gpuguide-probe (sbcast)\n";
                } else {
                    run_command({"scancel", id});
                    faults.push_back({plan.nodes[i], id,
                                      "sbcast could not send the probe program to the node (" +
                                          refused + "); the task was cancelled"});
                    reported.insert(static_cast<int>(i));
                }
            }
        }
        const std::string line =
            std::to_string(counts[0]) + " pending, " + std::to_string(counts[1]) + " running, " +
            std::to_string(counts[2]) + " done, " + std::to_string(counts[3]) + " failed";
        if (line != last_counts) {
            log << "fleet: job " << plan.job << ": " << line << "\n" << std::flush;
            last_counts = line;
        }
        // A task neither squeue nor sacct knows for three polls in a row: it ended long ago
        // (MinJobAge passed) on a cluster without accounting. Its document decides.
        if (polled && tasks.size() < plan.nodes.size() && ++forgotten_polls >= 3) {
            open = settle_forgotten(plan, work, tasks);
        }
        if (!open) {
            return true;
        }
        const std::chrono::duration<double> waited = Clock::now() - start;
        if (waited.count() >= options.wait_timeout_s) {
            cancel_unfinished(plan, tasks, faults, reported);
            return true;
        }
        if (!sleep_unless_stopped(options.poll_s, stop)) {
            return false;
        }
    }
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
    const auto& text = read_into_buffer(file);
    NewDocument document{node, "", {}, {}};
    nlohmann::json parsed;
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

// Validates each finished task's document (on every core) and stores the good ones in --out as
// one collection (store_collection: the previous documents kept in --out/history/).
void collect(const Plan& plan, const std::map<int, TaskState>& tasks, const std::set<int>& reported,
             const FleetOptions& options, const std::filesystem::path& work, FleetReport& report,
             std::ostream& log) {
    std::vector<std::size_t> finished; // tasks whose document to read
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
    // Every node asked, and what came of it: the fleet page lists those that sent nothing.
    std::map<std::string, std::string> fault_of;
    for (const auto& fault : report.faults) {
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
    const auto count = good.size();
    store_collection(options.out_dir, {plan.job, utc_now(), std::move(asked), cluster_nodes(), {}},
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
    std::map<int, TaskState> tasks;
    std::set<int> reported;
    if (!wait_for(plan, options, stop, log, tasks, report.faults, reported, work) || stop) {
        run_command({"scancel", plan.job});
        report.cancelled = true;
        return report;
    }
    collect(plan, tasks, reported, options, work, report, log);
    return report;
}

} // namespace gpuguide::fleet
