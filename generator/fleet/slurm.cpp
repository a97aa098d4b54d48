#include "fleet/slurm.hpp"

#include "numbers/number.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace gpuguide::fleet {
namespace {

std::vector<std::string> split(std::string_view text, char separator, std::size_t max_fields) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (fields.size() + 1 < max_fields) {
        const auto end = text.find(separator, start);
        if (end == std::string_view::npos) {
            break;
        }
        fields.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    fields.emplace_back(text.substr(start)); // the last field keeps any further separators
    return fields;
}

std::vector<std::string_view> lines(std::string_view text) {
    std::vector<std::string_view> result;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        end = end == std::string_view::npos ? text.size() : end;
        auto line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (!line.empty()) {
            result.push_back(line);
        }
        start = end + 1;
    }
    return result;
}

std::optional<int> whole(std::string_view text) {
    const auto reading = numbers::read(text, numbers::Rule{.whole = true, .min = 0, .max = 4e9});
    if (!reading.value || text.empty() || text.find_first_not_of("0123456789") != text.npos) {
        return std::nullopt;
    }
    return static_cast<int>(*reading.value);
}

// "[0-3,7]" or "[0-3%2]" (a throttle) -> {0,1,2,3,7}.
std::vector<int> expand_indices(std::string_view text) {
    std::vector<int> result;
    if (text.size() < 2 || text.front() != '[' || text.back() != ']') {
        return result;
    }
    text = text.substr(1, text.size() - 2);
    text = text.substr(0, text.find('%'));
    for (const auto& part : split(text, ',', 1u << 20)) {
        const auto dash = part.find('-');
        const auto first = whole(std::string_view(part).substr(0, dash));
        const auto last =
            dash == std::string::npos ? first : whole(std::string_view(part).substr(dash + 1));
        if (first && last && *first <= *last && *last - *first < 1000000) {
            for (int i = *first; i <= *last; ++i) {
                result.push_back(i);
            }
        }
    }
    return result;
}

std::string first_word(const std::string& text) {
    return text.substr(0, text.find(' '));
}

} // namespace

bool Node::unusable() const {
    static const std::set<std::string, std::less<>> bad{
        "down",       "drained",       "draining", "drain",        "fail",
        "failing",    "future",        "maint",    "powered_down", "powering_down",
        "power_down", "reboot_issued", "unknown",  "inval"};
    std::string word = state;
    while (!word.empty() && (word.back() == '*' || word.back() == '~' || word.back() == '#' ||
                             word.back() == '!' || word.back() == '%' || word.back() == '$' ||
                             word.back() == '@' || word.back() == '^' || word.back() == '-')) {
        // A '*' after the state means the node does not respond; the others are power/boot marks.
        if (word.back() == '*') {
            return true;
        }
        word.pop_back();
    }
    // "idle+drain", "mixed+maint": any flag that keeps jobs away counts.
    std::size_t start = 0;
    while (start <= word.size()) {
        const auto end = std::min(word.find('+', start), word.size());
        if (bad.count(word.substr(start, end - start)) > 0) {
            return true;
        }
        start = end + 1;
    }
    return false;
}

std::string Node::type() const {
    // The GPU part of a gres without its socket binding: "gpu:h100:8(S:0-1)" -> "gpu:h100:8".
    return gres.substr(0, gres.find('(')) + " | " + cpus + " CPUs " + layout + " | " + memory +
           " MB | " + features;
}

std::vector<Node> parse_nodes(std::string_view text) {
    std::vector<Node> nodes;
    std::map<std::string, std::size_t> seen;
    int number = 0;
    for (const auto line : lines(text)) {
        ++number;
        const auto fields = split(line, '|', 11);
        if (fields.size() < 11) {
            throw std::runtime_error("sinfo output line " + std::to_string(number) +
                                     ": expected 11 '|'-separated fields (" +
                                     std::string(kSinfoFormat) + "), got \"" + std::string(line) +
                                     "\"");
        }
        std::string partition = fields[7];
        if (!partition.empty() && partition.back() == '*') {
            partition.pop_back(); // the default partition
        }
        if (const auto found = seen.find(fields[0]); found != seen.end()) {
            nodes[found->second].partitions.push_back(partition);
            continue;
        }
        seen.emplace(fields[0], nodes.size());
        nodes.push_back(Node{fields[0],
                             fields[1],
                             fields[2],
                             fields[3],
                             fields[4],
                             fields[5],
                             fields[6],
                             {partition},
                             fields[8],
                             fields[9],
                             fields[10]});
    }
    return nodes;
}

std::vector<Node> one_per_type(const std::vector<Node>& nodes) {
    std::vector<Node> chosen;
    std::map<std::string, std::size_t> by_type;
    for (const auto& node : nodes) {
        const auto found = by_type.find(node.type());
        if (found == by_type.end()) {
            by_type.emplace(node.type(), chosen.size());
            chosen.push_back(node);
        } else if (chosen[found->second].unusable() && !node.unusable()) {
            chosen[found->second] = node;
        }
    }
    return chosen;
}

Phase TaskState::phase() const {
    static const std::set<std::string, std::less<>> pending{
        "PENDING",   "CONFIGURING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESV_DEL_HOLD",
        "SUSPENDED", "STOPPED",     "RESIZING", "SIGNALING",    "STAGE_OUT"};
    static const std::set<std::string, std::less<>> running{"RUNNING", "COMPLETING"};
    if (state == "COMPLETED") {
        return Phase::Done;
    }
    if (pending.count(state) > 0) {
        return Phase::Pending;
    }
    if (running.count(state) > 0) {
        return Phase::Running;
    }
    return Phase::Failed; // FAILED, TIMEOUT, CANCELLED, PREEMPTED, NODE_FAIL, OUT_OF_MEMORY, ...
}

std::map<int, TaskState> parse_tasks(std::string_view text, std::string_view job, bool sacct) {
    std::map<int, TaskState> tasks;
    const std::string prefix = std::string(job) + "_";
    for (const auto line : lines(text)) {
        const auto fields = split(line, '|', sacct ? 5 : 4);
        if (fields.size() < (sacct ? 5u : 4u) || fields[0].rfind(prefix, 0) != 0) {
            continue;
        }
        const auto suffix = std::string_view(fields[0]).substr(prefix.size());
        TaskState task{-1, first_word(fields[1]), fields[2], fields[3], sacct ? fields[4] : ""};
        if (task.node == "None assigned" || task.node == "(null)") {
            task.node.clear();
        }
        std::vector<int> indices;
        if (const auto index = whole(suffix)) {
            indices.push_back(*index);
        } else {
            indices = expand_indices(suffix);
        }
        for (const int index : indices) {
            task.index = index;
            tasks[index] = task;
        }
    }
    return tasks;
}

std::optional<std::string> parse_job_id(std::string_view sbatch_output) {
    const auto all = lines(sbatch_output);
    if (all.empty()) {
        return std::nullopt;
    }
    const auto id = all.back().substr(0, all.back().find(';'));
    if (!whole(id)) {
        return std::nullopt;
    }
    return std::string(id);
}

bool safe_host_name(std::string_view name) {
    if (name.empty() || name.size() > 253 || name == "." || name == "..") {
        return false;
    }
    const auto alnum = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    };
    if (!alnum(name.front())) {
        return false;
    }
    for (const char c : name) {
        if (!alnum(c) && c != '.' && c != '-' && c != '_') {
            return false;
        }
    }
    return true;
}

void PhaseCounts::add(Phase phase) {
    switch (phase) {
    case Phase::Pending:
        ++pending;
        break;
    case Phase::Running:
        ++running;
        break;
    case Phase::Done:
        ++done;
        break;
    case Phase::Failed:
        ++failed;
        break;
    }
}

std::string PhaseCounts::text() const {
    return std::to_string(pending) + " pending, " + std::to_string(running) + " running, " +
           std::to_string(done) + " done, " + std::to_string(failed) + " failed";
}

bool PollState::missing_too_long(std::size_t listed, std::size_t asked) {
    forgotten_polls = listed < asked ? forgotten_polls + 1 : 0;
    return forgotten_polls >= 3;
}

} // namespace gpuguide::fleet
