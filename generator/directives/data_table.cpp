// gg-data: a catalogue table from content/data/<name>.json with where/sort/limit.
#include "directives/internal.hpp"
#include "measure/number_text.hpp"

#include <algorithm>

namespace gpuguide::directives {
namespace {

using nlohmann::json;

// Orders two field values for sorting: numbers numerically, text by bytes, nulls last.
bool value_less(const json& a, const json& b) {
    if (a.is_null() || b.is_null()) {
        return !a.is_null() && b.is_null();
    }
    if (a.is_number() && b.is_number()) {
        return a.get<double>() < b.get<double>();
    }
    return a.dump() < b.dump();
}

bool is_url(const std::string& text) {
    return text.starts_with("https://") || text.starts_with("http://");
}

} // namespace

namespace {

// The records `where` keeps, in `sort` order, at most `limit` of them.
std::vector<const json*> select_records(const Body& body, const Context& context,
                                        const DataFile& data) {
    const auto& root = body.root();
    std::vector<const json*> records;
    for (const auto& record : data.json.at("records")) {
        records.push_back(&record);
    }
    if (const auto where = root["where"]) {
        if (!where.IsMap()) {
            body.fail(where, "`where` must be keys and values, e.g. {vendor: NVIDIA}");
        }
        for (const auto& condition : where) {
            if (!condition.first.IsScalar()) {
                body.fail(condition.first, "a key must be plain text, not a list or a map");
            }
            const auto field = condition.first.Scalar();
            const json wanted = body.json_value(condition.second);
            std::erase_if(records, [&](const json* record) {
                const auto found = record->find(field);
                return found == record->end() || localized(*found, context.lang) != wanted;
            });
        }
    }
    if (root["sort"]) {
        std::string field = body.text(root, "sort");
        const bool descending = field.starts_with('-');
        if (descending) {
            field.erase(0, 1);
        }
        std::stable_sort(records.begin(), records.end(), [&](const json* a, const json* b) {
            const json& left = a->contains(field) ? (*a)[field] : json();
            const json& right = b->contains(field) ? (*b)[field] : json();
            if (descending && !left.is_null() && !right.is_null()) {
                return value_less(right, left);
            }
            return value_less(left, right);
        });
    }
    // A whole number of rows within a page's reach, so that the conversion below is exact.
    constexpr numbers::Rule kLimit{.whole = true, .min = 1, .max = 100000};
    if (const auto limit = body.number(root, "limit", kLimit)) {
        records.resize(std::min(records.size(), static_cast<std::size_t>(*limit)));
    }

    return records;
}

// One row per record: its fields formatted (numbers plain: the header names the unit), links
// for addresses, and the record's source.
json record_rows(const std::vector<const json*>& records, const std::vector<std::string>& fields,
                 const DataFile& data, const Context& context) {
    json rows = json::array();
    for (const json* record : records) {
        json cells = json::array();
        for (const auto& field : fields) {
            const auto found = record->find(field);
            const json& value = found == record->end() ? json() : localized(*found, context.lang);
            const std::string text = value.is_null() ? "—"
                                     : value.is_number()
                                         ? measure::format_number(value.get<double>(), context.ui)
                                         : measure::format_value(value, context.ui).text;
            json cell{{"text", text}, {"numeric", value.is_number()}};
            if (value.is_string() && is_url(text)) {
                cell["href"] = text;
            }
            cells.push_back(std::move(cell));
        }
        const std::string source = record->value("source", "");
        rows.push_back({{"key", (*record)[data.key_field]},
                        {"cells", std::move(cells)},
                        {"source", source},
                        {"source_is_link", is_url(source)}});
    }
    return rows;
}

} // namespace

BlockHtml data_table(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"data", "columns", "where", "sort", "limit", "title"});
    // Named, not a temporary: see measured_table.cpp (GCC 14's -Wdangling-reference).
    const YAML::Node data_node = root["data"] ? root["data"] : root;
    const std::string data_name = body.text(root, "data");
    const auto& data = data_file(body, data_node, context, data_name);
    const auto fields = body.words(root, "columns", {});
    if (fields.empty()) {
        body.fail(root, "missing `columns` (a list of fields, e.g. [name, year])");
    }
    for (const auto& field : fields) {
        check_column(body, root["columns"], data, field);
    }
    const auto records = select_records(body, context, data);
    json columns = json::array();
    for (const auto& field : fields) {
        columns.push_back({{"field", field},
                           {"label", column_header(data, field, context.lang)},
                           {"unit", column_unit(data, field)}});
    }
    json rows = record_rows(records, fields, data, context);
    const json title_field = data.json.value("title", json(data.path.stem().string()));
    const auto& title = localized(title_field, context.lang);
    json view{
        {"title", body.text_or(root, "title", title.is_string() ? title.get<std::string>() : "")},
        {"as_of", data.json.value("as_of", "")},
        {"as_of_label", context.ui.text("data_as_of")},
        {"source_label", context.ui.text("data_source")},
        {"lang", context.lang},
        {"data", data.path.stem().string()},
        {"columns", std::move(columns)},
        {"rows", std::move(rows)}};
    return {context.render_table("data-table", view), false};
}

} // namespace gpuguide::directives
