// gpuguide fleet's wait: polling Slurm until every task of a job has ended, printing each change
// (fleet.cpp submits before and collects after).
#include "fleet/internal.hpp"
#include "schema/io.hpp"

#include <chrono>
#include <ostream>
#include <thread>

namespace gpuguide::fleet::detail {
namespace {

namespace schema = probes::schema;
using Clock = std::chrono::steady_clock;

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

// Prints task `i`'s status when it changed, and under --sbcast sends a task that started running
// its copy of the probe program (cancelling it when that fails).
void follow_task(const Plan& plan, std::size_t i, const TaskState& task,
                 const std::filesystem::path& work, PollState& state, WaitResult& result,
                 std::vector<Fault>& faults, std::ostream& log) {
    const auto phase = task.phase();
    const auto index = static_cast<int>(i);
    const std::string line = std::string(phase_name(phase)) + " (" + task.state +
                             (task.reason == "None" ? "" : ", " + task.reason) + ")";
    if (state.shown[index] != line) {
        state.shown[index] = line;
        log << "  " << plan.nodes[i] << "  job " << plan.job << "_" << i << "  " << line << "\n";
    }
    if (plan.sbcast_probe.empty() || phase != Phase::Running || !state.sent.insert(index).second) {
        return;
    }
    const auto id = plan.job + "_" + std::to_string(i);
    if (const auto refused = send_probe(plan, i, work); refused.empty()) {
        log << "  " << plan.nodes[i] << "  job " << id << "  sent gpuguide-probe (sbcast)\n";
    } else {
        run_command({"scancel", id});
        faults.push_back({plan.nodes[i], id,
                          "sbcast could not send the probe program to the node (" + refused +
                              "); the task was cancelled"});
        result.reported.insert(index);
    }
}

} // namespace

std::optional<WaitResult> wait_for(const Plan& plan, const FleetOptions& options,
                                   const std::filesystem::path& work, const std::atomic<bool>& stop,
                                   std::vector<Fault>& faults, std::ostream& log) {
    const auto start = Clock::now();
    PollState state;
    WaitResult result;
    while (true) {
        std::string problem;
        auto polled = poll(plan, problem);
        if (polled) {
            result.tasks = std::move(*polled);
        } else {
            // Flushed now: while Slurm cannot be reached no count line follows to flush it, and
            // someone following a log file should see why the fleet is waiting.
            log << "fleet: " << problem << "; asking again in " << options.poll_s << " s\n"
                << std::flush;
        }
        PhaseCounts counts;
        bool open = false;
        for (std::size_t i = 0; i < plan.nodes.size(); ++i) {
            const auto found = result.tasks.find(static_cast<int>(i));
            if (found == result.tasks.end()) {
                open = true; // not listed yet (or forgotten: handled below)
                continue;
            }
            const auto phase = found->second.phase();
            counts.add(phase);
            open = open || phase == Phase::Pending || phase == Phase::Running;
            follow_task(plan, i, found->second, work, state, result, faults, log);
        }
        if (const auto line = counts.text(); line != state.last_counts) {
            log << "fleet: job " << plan.job << ": " << line << "\n" << std::flush;
            state.last_counts = line;
        }
        if (polled && state.missing_too_long(result.tasks.size(), plan.nodes.size())) {
            open = settle_forgotten(plan, work, result.tasks);
        }
        if (!open) {
            return result;
        }
        const std::chrono::duration<double> waited = Clock::now() - start;
        if (waited.count() >= options.wait_timeout_s) {
            cancel_unfinished(plan, result.tasks, faults, result.reported);
            return result;
        }
        if (!sleep_unless_stopped(options.poll_s, stop)) {
            return std::nullopt;
        }
    }
}

} // namespace gpuguide::fleet::detail
