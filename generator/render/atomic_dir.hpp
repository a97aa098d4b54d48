#pragma once
/// A folder that replaces another in one step, or not at all.
#include <filesystem>

namespace gpuguide::render {

/// Creates an empty sibling of `target` ("site.tmp-<pid>"). commit() swaps it in place of target
/// (renameat2 RENAME_EXCHANGE, or rename old -> backup, new -> target where that is not
/// supported) and removes the old contents; destroying it uncommitted removes the temporary
/// folder and leaves target untouched.
class StagingDir {
  public:
    explicit StagingDir(std::filesystem::path target);
    ~StagingDir();
    StagingDir(const StagingDir&) = delete;
    StagingDir& operator=(const StagingDir&) = delete;

    const std::filesystem::path& path() const { return staging_; }
    void commit();

  private:
    std::filesystem::path target_;
    std::filesystem::path staging_;
    bool committed_ = false;
};

} // namespace gpuguide::render
