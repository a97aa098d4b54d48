// Before anything is submitted: can the compute nodes see the probe program and the work folder?
// A task writes its document into --work-dir and runs --probe-exe by its path, so both must be on
// a file system every node mounts at the same path (or the probe is sent with --sbcast). The
// login node cannot look at the nodes' mounts without a job, but it can tell a network or cluster
// file system from a local disk: statfs(2)'s f_type.
#include "core/host.hpp"
#include "fleet/internal.hpp"

#include <array>
#include <cstdint>
#include <sys/statfs.h>

namespace gpuguide::fleet::detail {
namespace {

struct KnownFileSystem {
    std::uint32_t magic;
    const char* name;
    bool shared;
};

// f_type values: linux/magic.h for the kernel's own, the vendors' sources for the rest (Lustre's
// LL_SUPER_MAGIC, GPFS's, BeeGFS's, PanFS's). FUSE counts as shared: GlusterFS, JuiceFS and the
// like are FUSE, and a local FUSE mount is rare on a cluster.
constexpr std::array kFileSystems{
    KnownFileSystem{0x6969, "NFS", true},
    KnownFileSystem{0x0BD00BD0, "Lustre", true},
    KnownFileSystem{0x47504653, "GPFS (IBM Storage Scale)", true},
    KnownFileSystem{0x19830326, "BeeGFS", true},
    KnownFileSystem{0x00C36400, "CephFS", true},
    KnownFileSystem{0xFF534D42, "CIFS", true},
    KnownFileSystem{0xFE534D42, "SMB2", true},
    KnownFileSystem{0x517B, "SMB", true},
    KnownFileSystem{0x5346414F, "AFS", true},
    KnownFileSystem{0x6B414653, "AFS", true},
    KnownFileSystem{0xAAD7AAEA, "PanFS", true},
    KnownFileSystem{0x20030528, "OrangeFS", true},
    KnownFileSystem{0x7461636F, "OCFS2", true},
    KnownFileSystem{0x01161970, "GFS2", true},
    KnownFileSystem{0x01021997, "9p", true},
    KnownFileSystem{0x65735546, "FUSE", true},
    KnownFileSystem{0xEF53, "ext4", false},
    KnownFileSystem{0x58465342, "XFS", false},
    KnownFileSystem{0x9123683E, "Btrfs", false},
    KnownFileSystem{0x2FC12FC1, "ZFS", false},
    KnownFileSystem{0x01021994, "tmpfs", false},
    KnownFileSystem{0x794C7630, "overlay", false},
};

std::string short_name(const std::string& name) {
    return name.substr(0, name.find('.'));
}

// The nearest existing folder: --work-dir may not exist yet.
std::filesystem::path existing_part(std::filesystem::path path) {
    while (!path.empty() && !std::filesystem::exists(path) && path != path.parent_path()) {
        path = path.parent_path();
    }
    return path;
}

} // namespace

FileSystem file_system_of(const std::filesystem::path& path) {
    struct statfs info {};
    if (::statfs(existing_part(path).c_str(), &info) != 0) {
        return {"unknown", false};
    }
    const auto magic = static_cast<std::uint32_t>(info.f_type);
    for (const auto& known : kFileSystems) {
        if (known.magic == magic) {
            return {known.name, known.shared};
        }
    }
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%X", magic);
    return {std::string("type ") + hex, false};
}

bool is_this_host(const Node& node) {
    static const auto here = probes::host_name(); // one gethostname for all the nodes
    if (node.address.starts_with("127.") || node.address == "::1" || node.address == "localhost") {
        return true;
    }
    for (const auto* name : {&node.host, &node.name}) {
        if (*name == here || short_name(*name) == short_name(here)) {
            return true;
        }
    }
    return false;
}

void check_nodes_see(const std::filesystem::path& probe, const std::filesystem::path& work,
                     const FleetOptions& options, const std::vector<Node>& nodes) {
    std::vector<std::string> elsewhere;
    for (const auto& node : nodes) {
        if (!is_this_host(node)) {
            elsewhere.push_back(node.name);
        }
    }
    if (elsewhere.empty() || options.assume_shared) {
        return; // every node is this machine: it sees what we see
    }
    const auto some_nodes =
        elsewhere.front() + (elsewhere.size() > 1
                                 ? " and " + std::to_string(elsewhere.size() - 1) + " other node" +
                                       (elsewhere.size() > 2 ? "s" : "")
                                 : std::string());
    const auto refuse = [&](const std::filesystem::path& path, const std::string& what,
                            const std::string& remedy) {
        const auto found = file_system_of(path);
        if (found.shared) {
            return;
        }
        throw FleetError(what + " " + path.string() + " is on a local " + found.name +
                         " file system of this machine, which " + some_nodes +
                         " cannot see; nothing was submitted. " + remedy +
                         " If every node does have it at that same path (installed in the node "
                         "image, say), pass --assume-shared.");
    };
    if (!options.sbcast) {
        refuse(probe, "--probe-exe",
               "Copy gpuguide-probe to a folder every node mounts at the same path (a home or "
               "project folder on NFS, Lustre or GPFS) and pass that path, or pass --sbcast to "
               "have Slurm's sbcast send it to each node as its task starts.");
    }
    refuse(work, "--work-dir",
           "Each task writes its document there: pass a --work-dir on a file system every node "
           "mounts at the same path (a home or project folder on NFS, Lustre or GPFS).");
}

} // namespace gpuguide::fleet::detail
