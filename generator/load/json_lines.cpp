// JSON pointer -> line, through yaml-cpp's node marks.
#include "load/json_lines.hpp"

#include <yaml-cpp/yaml.h>

namespace gpuguide {
namespace {

// RFC 6901 escapes: "~1" is "/", "~0" is "~".
std::string unescape_token(std::string token) {
    for (std::size_t at = 0; (at = token.find('~', at)) != std::string::npos; ++at) {
        if (at + 1 < token.size() && (token[at + 1] == '0' || token[at + 1] == '1')) {
            token.replace(at, 2, token[at + 1] == '1' ? "/" : "~");
        }
    }
    return token;
}

} // namespace

int json_pointer_line(std::string_view json_text, const std::string& pointer) {
    try {
        YAML::Node node = YAML::Load(std::string(json_text));
        std::size_t at = 0;
        while (at < pointer.size()) {
            if (pointer[at] != '/') {
                return 0;
            }
            const auto end = pointer.find('/', at + 1);
            const auto token = unescape_token(
                pointer.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1));
            at = end == std::string::npos ? pointer.size() : end;
            // Through a const node: a missing key must not be inserted.
            const YAML::Node& here = node;
            if (!here.IsSequence() && !here.IsMap()) {
                return 0;
            }
            const YAML::Node child = here.IsSequence() ? here[std::stoul(token)] : here[token];
            if (!child.IsDefined()) {
                return 0;
            }
            node.reset(child);
        }
        return node.Mark().line + 1;
    } catch (const std::exception&) { // not JSON after all, or an index that is not a number
        return 0;
    }
}

} // namespace gpuguide
