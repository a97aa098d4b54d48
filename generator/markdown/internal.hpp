#pragma once
/// AST helpers shared by the markdown stage's files (not a public interface).
#include <cmark-gfm.h>
#include <string>
#include <vector>

namespace gpuguide::markdown {

/// Makes every inline literal, link URL and title under `node` owned by its node: cmark-gfm's
/// literals can point into their block's (or parser's) buffer, which dies with the node or the
/// parser they came from, so nodes moved to another parent or tree must own their text first.
void own_literals(cmark_node* node);

/// The first line of `node` or of the nearest block around it (inline nodes may have none).
int line_of(cmark_node* node);

/// A new custom block whose HTML is `enter` before its children and `exit` after them.
cmark_node* custom_block(const std::string& enter, const std::string& exit);

/// `node`'s children, in order (collected first: moving them changes the list).
std::vector<cmark_node*> children_of(cmark_node* node);

} // namespace gpuguide::markdown
