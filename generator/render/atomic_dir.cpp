#include "render/atomic_dir.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace gpuguide::render {
namespace {

std::filesystem::path sibling(const std::filesystem::path& target, const char* kind) {
    auto name = target.filename().string() + "." + kind + "-" + std::to_string(::getpid());
    return target.parent_path() / name;
}

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error(what + ": " + std::strerror(errno));
}

} // namespace

StagingDir::StagingDir(std::filesystem::path target) : target_(std::move(target)) {
    if (target_.filename().empty()) {
        target_ = target_.parent_path(); // "site/" -> "site"
    }
    staging_ = sibling(target_, "tmp");
    std::filesystem::remove_all(staging_); // a leftover of a killed build with the same pid
    std::filesystem::create_directories(staging_);
}

StagingDir::~StagingDir() {
    if (!committed_) {
        std::error_code ignored;
        std::filesystem::remove_all(staging_, ignored);
    }
}

void StagingDir::commit() {
    if (!std::filesystem::exists(target_)) {
        if (std::rename(staging_.c_str(), target_.c_str()) != 0) {
            fail("cannot move " + staging_.string() + " to " + target_.string());
        }
        committed_ = true;
        return;
    }
    if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
        committed_ = true;
        std::filesystem::remove_all(staging_); // now holds the previous site
        return;
    }
    if (errno != EINVAL && errno != ENOSYS && errno != EXDEV) {
        fail("cannot swap " + staging_.string() + " with " + target_.string());
    }
    // Filesystems without RENAME_EXCHANGE: two renames, with a short window without target.
    const auto backup = sibling(target_, "old");
    std::filesystem::remove_all(backup);
    if (std::rename(target_.c_str(), backup.c_str()) != 0) {
        fail("cannot move the previous " + target_.string() + " aside");
    }
    if (std::rename(staging_.c_str(), target_.c_str()) != 0) {
        const int saved = errno;
        std::rename(backup.c_str(), target_.c_str()); // put the old site back
        errno = saved;
        fail("cannot move " + staging_.string() + " to " + target_.string());
    }
    committed_ = true;
    std::filesystem::remove_all(backup);
}

} // namespace gpuguide::render
