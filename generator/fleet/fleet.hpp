#pragma once
/// gpuguide fleet: measures the nodes of a Slurm cluster with gpuguide-probe and collects one
/// measurement document per host into --out (docs/src/design/fleet.md "Fleet"). One job array, one
/// task per node, each task held until it is pinned to its node (ReqNodeList), then released.
#include <atomic>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::fleet {

/// The command line of `gpuguide fleet`.
struct FleetOptions {
    std::vector<std::string> partitions; ///< --partition (repeatable); empty: the nodes' own
    std::string nodes;                   ///< --nodes, a Slurm node list ("gpu[01-04]")
    bool per_node_type = false;          ///< one node per distinct hardware type
    std::string gres;                    ///< --gres, passed to sbatch
    std::string time = "00:15:00";       ///< --time, passed to sbatch
    std::string account;                 ///< --account, passed to sbatch
    std::filesystem::path probe_exe;     ///< gpuguide-probe, on a path every node shares
    std::vector<std::string> probe_args; ///< after --all (e.g. --quick for a smoke test)
    bool sbcast = false; ///< send the probe to each task's node with sbcast, not a shared path
    bool assume_shared = false; ///< skip the check that the nodes can see the probe and work dir
    std::filesystem::path out_dir = "content/measurements/fleet";
    std::filesystem::path work_dir = ".gpuguide-fleet"; ///< job script, task output; shared
    double wait_timeout_s = 3600;                       ///< then the unfinished tasks are cancelled
    double poll_s = 5;       ///< one squeue call per poll, whatever the size
    bool no_wait = false;    ///< submit and return (collect later)
    std::string collect_job; ///< --collect JOBID: wait for and collect that job
};

/// Something that kept a node's document out of --out, with what Slurm said.
struct Fault {
    std::string node;
    std::string job; ///< "123_4", or "" when nothing was submitted for the node
    std::string reason;
};

struct FleetReport {
    std::string job;                    ///< the array job's id ("" when nothing was submitted)
    std::vector<std::string> collected; ///< hosts whose document was written to --out
    std::vector<Fault> faults;
    bool cancelled = false;      ///< Ctrl-C / SIGTERM: jobs cancelled, --out untouched
    bool submitted_only = false; ///< --no-wait
};

/// A problem with the command line or the cluster that stops the run before anything is
/// submitted (no such partition, probe program missing, Slurm not reachable).
struct FleetError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Runs the whole fleet command; progress lines go to `log`. `stop` becomes true on Ctrl-C or
/// SIGTERM: then the submitted jobs are cancelled (scancel) and nothing is written to --out.
FleetReport run_fleet(const FleetOptions& options, const std::atomic<bool>& stop,
                      std::ostream& log);

} // namespace gpuguide::fleet
