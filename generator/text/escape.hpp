// Escaping for HTML and XML (SVG) text and attribute values, shared by pages and charts.
#pragma once

#include <string>
#include <string_view>

namespace gpuguide::text {

/// `text` escaped for HTML and XML text and attribute values (& < > " '). Characters that XML 1.0
/// forbids are dropped (C0 controls other than tab, newline and carriage return; DEL; U+FFFE and
/// U+FFFF), and each byte of invalid UTF-8 becomes U+FFFD, so untrusted strings from measurement
/// files can go into HTML and inline SVG alike.
std::string escape_markup(std::string_view text);

} // namespace gpuguide::text
