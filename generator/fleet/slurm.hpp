#pragma once
/// What gpuguide fleet reads from Slurm, and the parsers for it. Only Slurm's machine formats are
/// read: `sinfo`/`squeue` with an explicit `--format` whose fields are separated by `|`, and
/// `sacct --parsable2`; they are the same in Slurm 22.05 (Debian 12) and 24.11 (Debian 13). The
/// parsers are plain functions of the text, so the tests feed them both versions' output.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::fleet {

/// One compute node, from `sinfo --Node --format=` (kSinfoFormat).
struct Node {
    std::string name;
    std::string state;  ///< sinfo's %T: "idle", "mixed", "drained", "down*", ...
    std::string gres;   ///< "gpu:h100:8(S:0-1)" or "(null)"
    std::string cpus;   ///< %c, CPU count
    std::string layout; ///< %z, "sockets:cores:threads"
    std::string memory; ///< %m, MB
    std::string features;
    std::vector<std::string> partitions;
    std::string host;    ///< %n, NodeHostname (the node's own name for itself)
    std::string address; ///< %o, NodeAddr (what slurmctld connects to)
    std::string reason;  ///< %E, why it is down or drained ("none" otherwise)

    /// Down, drained, draining, failed, powered off or not responding: no job will start there.
    bool unusable() const;
    /// The hardware type --per-node-type groups by: GPUs (model and count), CPUs and their
    /// layout, memory and features (where sites name the CPU model).
    std::string type() const;
};

/// `sinfo --noheader --Node --format=` + this: one line per node and partition.
inline constexpr std::string_view kSinfoFormat = "%N|%T|%G|%c|%z|%m|%f|%P|%n|%o|%E";

/// Parses sinfo's output (kSinfoFormat); a node in several partitions becomes one Node. Throws
/// std::runtime_error naming the line for a line with too few fields.
std::vector<Node> parse_nodes(std::string_view text);

/// One node per distinct type(), the first usable one of each type (all unusable: the first).
std::vector<Node> one_per_type(const std::vector<Node>& nodes);

/// Where a task stands, in the four groups the progress line counts.
enum class Phase { Pending, Running, Done, Failed };

/// One array task, from squeue or sacct.
struct TaskState {
    int index = -1;        ///< array task index
    std::string state;     ///< Slurm's state word: PENDING, RUNNING, COMPLETED, FAILED, ...
    std::string reason;    ///< Slurm's reason ("None", "Resources", "NonZeroExitCode", ...)
    std::string node;      ///< where it ran ("" while pending)
    std::string exit_code; ///< "1:0" from sacct; "" from squeue
    Phase phase() const;
};

/// How many tasks are in each phase, for the progress line.
struct PhaseCounts {
    int pending = 0, running = 0, done = 0, failed = 0;
    void add(Phase phase);
    /// "2 pending, 1 running, 5 done, 0 failed"
    std::string text() const;
};

/// What `gpuguide fleet` keeps from one poll of Slurm to the next.
struct PollState {
    std::map<int, std::string> shown; ///< each task's status line as last printed
    std::set<int> sent;               ///< --sbcast: tasks that have their copy of the probe
    std::string last_counts;          ///< the progress line as last printed
    int forgotten_polls = 0;          ///< answered polls in a row that listed too few tasks

    /// Records an answered poll that listed `listed` of the `asked` tasks. True once tasks have
    /// been missing from three such polls in a row: they ended long ago (MinJobAge passed) on a
    /// cluster without accounting, and their documents decide. A poll that lists every task
    /// starts the count again.
    bool missing_too_long(std::size_t listed, std::size_t asked);
};

/// `squeue --noheader --states=all --jobs=JOB --format=` + this.
inline constexpr std::string_view kSqueueFormat = "%i|%T|%r|%N";
/// `sacct --noheader --parsable2 --allocations --jobs=JOB --format=` + this.
inline constexpr std::string_view kSacctFormat = "JobID,State,Reason,NodeList,ExitCode";

/// Parses squeue's (kSqueueFormat) or sacct's (kSacctFormat) lines of job `job`: array tasks
/// `JOB_I`, and `JOB_[0-3,7]` for tasks not yet split off; other jobs' lines are skipped.
std::map<int, TaskState> parse_tasks(std::string_view text, std::string_view job, bool sacct);

/// The job id sbatch --parsable printed ("123" or "123;cluster"); nullopt for anything else.
std::optional<std::string> parse_job_id(std::string_view sbatch_output);

/// A node name that is safe as a file name in --out: letters, digits, '.', '-', '_', starting
/// with a letter or digit, at most 253 characters (a DNS name). Slurm allows more; such a node
/// is refused with a message instead of being written anywhere.
bool safe_host_name(std::string_view name);

} // namespace gpuguide::fleet
