// One host per paragraph: `this` in a paragraph's spans names one machine
// (docs/src/design/measurements.md "What a figure is"), and `phrase:` spans name it in words.
#include "directives/host_units.hpp"

#include "directives/formula.hpp"
#include "directives/inline_values.hpp"
#include "load/error.hpp"
#include "measure/figure.hpp"

#include <cmark-gfm.h>
#include <map>
#include <set>
#include <vector>

namespace gpuguide::directives {
namespace {

constexpr std::string_view kPhrase = "phrase:";

std::string literal_of(cmark_node* node) {
    const char* literal = cmark_node_get_literal(node);
    return literal ? literal : "";
}

// A span that names a host: its kind ("value:"), its host word and what follows it.
struct HostSpan {
    cmark_node* node = nullptr;
    std::string prefix; // "value:", "estimate:", "phrase:"
    HostAndRest parts;
};

std::optional<HostSpan> host_span(cmark_node* node) {
    if (cmark_node_get_type(node) != CMARK_NODE_CODE) {
        return std::nullopt;
    }
    const std::string literal = literal_of(node);
    for (const char* prefix : {"value:", "estimate:", "phrase:"}) {
        if (literal.starts_with(prefix)) {
            const std::string_view p(prefix);
            return HostSpan{node, std::string(p), split_host(literal.substr(p.size()))};
        }
    }
    return std::nullopt;
}

// The probes a span reads of its host: a phrase for the GPU asks whether there is one.
void add_keys(const HostSpan& span, std::set<std::string>& keys) {
    const auto& rest = span.parts.rest;
    if (span.prefix == "value:") {
        const auto probe = split_probe_path(rest).probe;
        keys.insert(probe == "provenance" ? "gpu.specs" : probe); // provenance: gpu.specs's host
    } else if (span.prefix == "phrase:") {
        if (rest == "gpu") {
            keys.insert("gpu.specs");
        } else if (rest == "cpu") {
            keys.insert("cpu.info");
        }
    } else {
        try { // a bad formula is reported when the span renders, with its line
            const auto arrow = rest.rfind("=>");
            const auto parsed = formula::parse(rest.substr(0, arrow));
            for (const auto& key : formula::keys(parsed)) { // a datasheet: the GPU's, as gpu.specs
                keys.insert(key.starts_with("datasheet:") ? "gpu.specs"
                                                          : split_probe_path(key).probe);
            }
        } catch (const formula::FormulaError&) {
        }
    }
}

} // namespace

bool is_host_phrase(std::string_view literal) {
    return literal.starts_with(kPhrase);
}

void resolve_host_units(markdown::Document& document, const Context& context) {
    std::map<cmark_node*, std::vector<HostSpan>> by_container;
    std::vector<cmark_node*> order; // containers in document order: deterministic
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        if (event != CMARK_EVENT_ENTER) {
            continue;
        }
        if (auto span = host_span(cmark_iter_get_node(iter));
            span && measure::is_host_word(span->parts.host, measure::HostWord::This)) {
            // The block holding the span (paragraph, heading, table cell) is the unit, also for
            // spans inside emphasis or links.
            cmark_node* container = cmark_node_parent(span->node);
            while (container && (cmark_node_get_type(container) & CMARK_NODE_TYPE_MASK) ==
                                    CMARK_NODE_TYPE_INLINE) {
                container = cmark_node_parent(container);
            }
            if (!by_container.contains(container)) {
                order.push_back(container);
            }
            by_container[container].push_back(*span);
        }
    }
    cmark_iter_free(iter);
    for (cmark_node* container : order) {
        const auto& spans = by_container[container];
        std::set<std::string> keys;
        for (const auto& span : spans) {
            add_keys(span, keys);
        }
        const std::string host = context.store.unit_host(kThisHost, keys);
        if (measure::is_host_word(host, measure::HostWord::This)) {
            continue;
        }
        for (const auto& span : spans) {
            const std::string literal = span.prefix + host + ":" + span.parts.rest;
            cmark_node_set_literal(span.node, literal.c_str());
        }
    }
}

std::string host_phrase_text(std::string_view literal, const Context& context, int line) {
    const auto [host, part] = split_host(std::string(literal.substr(kPhrase.size())));
    const measure::HostPart which = part == "gpu"       ? measure::HostPart::Gpu
                                    : part == "cpu"     ? measure::HostPart::Cpu
                                    : part == "machine" ? measure::HostPart::Machine
                                                        : static_cast<measure::HostPart>(-1);
    if (static_cast<int>(which) < 0) {
        fail_at(context.file, line,
                "phrase: `" + std::string(literal) +
                    "` names no part of a host; write `phrase:machine`, `phrase:gpu` or "
                    "`phrase:cpu` (or `phrase:HOST:gpu`)");
    }
    try {
        return measure::host_phrase(context.store.document(host), which, context.ui);
    } catch (const measure::LookupError& error) {
        fail_at(context.file, line, "phrase: " + std::string(error.what()));
    }
}

} // namespace gpuguide::directives
