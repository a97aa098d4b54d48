#pragma once
/// Links in a SUMMARY.md line, read as CommonMark inline links (the subset a summary uses).
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide {

struct SummaryLink {
    std::size_t start = 0; ///< offset of `[` in the text
    std::string title;     ///< the link text as plain text ("`init`" -> "init")
    std::string target;    ///< destination: `<a b.md>` and `a%20b.md` -> "a b.md"; "" for a draft
};

/// Every `[text](destination "optional title")` in `text`, in order. Text that is not a valid
/// link (`[a](b c.md)`: a space without angle brackets) is no link, as in CommonMark.
std::vector<SummaryLink> find_summary_links(std::string_view text);

/// Link or heading text as mdBook shows it: code spans and emphasis marks dropped, `\x` -> `x`.
std::string summary_inline_text(std::string_view text);

} // namespace gpuguide
