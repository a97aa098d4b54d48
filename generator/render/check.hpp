#pragma once
/// `gpuguide check`: every internal link, anchor and image of a built site resolves, and no page
/// repeats an id.
#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::render {

struct LinkProblem {
    std::string file;    ///< page, relative to the site ("en/x.html")
    std::string link;    ///< the href/src as written
    std::string problem; ///< "no file zh/y.html", "no anchor \"a\" in en/x.html", ...
};

/// Reads every .html file under site_dir once and checks href/src values that point inside the
/// site: the file must exist, and an anchor must be an id (or <a name>) in the target page.
/// Root-absolute links ("/en/x.html") are problems too: they break under a sub-path, and so is an
/// id used twice in one page.
/// `above_root_ok`: a relative link that climbs above the site's root ("../std/x.html" in a book
/// served at /nomicon/, meant for a sibling site on the same server) is not a problem.
std::vector<LinkProblem> check_site(const std::filesystem::path& site_dir,
                                    bool above_root_ok = false);

/// Whether a fragment is `top` in any case: a browser scrolls to the top of the page for it when
/// no element has that id.
bool is_top_fragment(std::string_view fragment);

/// Decodes %XX escapes ("%E4%B8%AD" -> "中").
std::string percent_decode(std::string_view text);

} // namespace gpuguide::render
