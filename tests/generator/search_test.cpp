// The search index script (generator/search): it must stay valid, inert JavaScript whatever the
// page text holds, be byte-for-byte reproducible, and keep Chinese text as UTF-8.
#include "gpuguide_catch.hpp"
#include "search/index.hpp"
#include "text/whitespace.hpp"

#include <nlohmann/json.hpp>
#include <string>

using gpuguide::search::build_index_script;
using gpuguide::search::Document;
using gpuguide::search::Section;

namespace {

const std::string prefix = "window.GPUGUIDE_SEARCH=";
const std::string suffix = ";\n";

/// The JSON between the assignment and the final semicolon, parsed.
nlohmann::json parse_script(const std::string& script) {
    REQUIRE(script.starts_with(prefix));
    REQUIRE(script.ends_with(suffix));
    return nlohmann::json::parse(
        script.substr(prefix.size(), script.size() - prefix.size() - suffix.size()));
}

std::vector<Document> sample_book() {
    return {
        {"04-why-gpus.html",
         "深度学习为何选择 GPU",
         "3.1.",
         {{"", "", "导读文字。"}, {"matmul", "矩阵乘法", "神经网络的主要计算是矩阵乘法。"}}},
        {"19-multi-gpu.html",
         "Multi-GPU machines",
         "17.",
         {{"nvlink", "NVLink", "NVLink 4 links H100 GPUs."}}},
    };
}

} // namespace

TEST_CASE("search index: the script assigns the index and parses back", "[search]") {
    const auto index = parse_script(build_index_script(sample_book(), "zh"));
    CHECK(index["v"] == 2);
    CHECK(index["lang"] == "zh");
    REQUIRE(index["docs"].size() == 2);
    CHECK(index["docs"][1] ==
          nlohmann::json({"19-multi-gpu.html", "Multi-GPU machines", "17.", 0}));
    CHECK(index["synonyms"] == nlohmann::json::array());
    REQUIRE(index["sections"].size() == 3);
    CHECK(index["sections"][1] ==
          nlohmann::json({0, "matmul", "矩阵乘法", "神经网络的主要计算是矩阵乘法。"}));
    CHECK(index["sections"][2][0] == 1);
}

TEST_CASE("search index: back matter is marked and synonyms are written as groups", "[search]") {
    auto docs = sample_book();
    docs.push_back({"23-references.html", "参考资料", "", {{"", "", "RTX 4090 规格表"}}, true});
    const gpuguide::search::Synonyms synonyms = {{"beginner", "novice", "入门", "新手"},
                                                 {"hobbyist", "\"quoted\" </b>"}};
    const auto index = parse_script(build_index_script(docs, "zh", synonyms));
    REQUIRE(index["docs"].size() == 3);
    CHECK(index["docs"][0][3] == 0);
    CHECK(index["docs"][2] == nlohmann::json({"23-references.html", "参考资料", "", 1}));
    CHECK(index["synonyms"] == nlohmann::json({{"beginner", "novice", "入门", "新手"},
                                               {"hobbyist", "\"quoted\" </b>"}}));
}

TEST_CASE("search index: CJK text is kept as UTF-8, not escaped", "[search]") {
    const std::string script = build_index_script(sample_book(), "zh");
    CHECK(script.find("神经网络的主要计算是矩阵乘法。") != std::string::npos);
}

TEST_CASE("search index: text cannot end a script element or a JavaScript line", "[search]") {
    const std::string hostile = "a </script><script>alert(1)</script> <!-- b \u2028 c \u2029 d";
    const std::vector<Document> docs = {{"x.html", "</SCRIPT>", "", {{"a", "<!--", hostile}}}};
    const std::string script = build_index_script(docs, "en");

    CHECK(script.find('<') == std::string::npos);
    CHECK(script.find("\u2028") == std::string::npos);
    CHECK(script.find("\u2029") == std::string::npos);
    CHECK(script.find('\n') == script.size() - 1);
    // Escaping must not change the text the browser sees.
    const auto index = parse_script(script);
    CHECK(index["docs"][0][1] == "</SCRIPT>");
    CHECK(index["sections"][0][2] == "<!--");
    CHECK(index["sections"][0][3] == hostile);
}

TEST_CASE("search index: the same input gives the same bytes", "[search]") {
    // Written out by hand from the format (search/index.hpp): documents in order with title,
    // number and back-matter flag, then every non-empty section with its document's index; no
    // whitespace, Chinese kept as UTF-8. Any change of the bytes fails here.
    CHECK(build_index_script(sample_book(), "zh") ==
          "window.GPUGUIDE_SEARCH={\"docs\":[[\"04-why-gpus.html\",\"深度学习为何选择 GPU\","
          "\"3.1.\",0],[\"19-multi-gpu.html\",\"Multi-GPU machines\",\"17.\",0]],\"lang\":\"zh\","
          "\"sections\":[[0,\"\",\"\",\"导读文字。\"],[0,\"matmul\",\"矩阵乘法\","
          "\"神经网络的主要计算是矩阵乘法。\"],[1,\"nvlink\",\"NVLink\",\"NVLink 4 links H100 "
          "GPUs.\"]],\"synonyms\":[],\"v\":2};\n");
    auto reordered = sample_book();
    std::swap(reordered[0], reordered[1]);
    CHECK(build_index_script(reordered, "zh") != build_index_script(sample_book(), "zh"));
}

TEST_CASE("search index: whitespace collapses and empty sections are left out", "[search]") {
    const std::vector<Document> docs = {
        {"a.html", "A\n title", "1.", {{"", "", " \n\t "}, {"h", " Heading\n", "one\n\n  two\t"}}}};
    const auto index = parse_script(build_index_script(docs, "en"));
    CHECK(index["docs"][0][1] == "A title");
    REQUIRE(index["sections"].size() == 1);
    CHECK(index["sections"][0] == nlohmann::json({0, "h", "Heading", "one two"}));
    CHECK(gpuguide::search::collapse_whitespace("  x  y ") == "x y");
    CHECK(gpuguide::search::collapse_whitespace("") == "");
}

TEST_CASE("is_collapsed says exactly when collapsing would change nothing", "[search]") {
    using gpuguide::text::collapse_whitespace;
    using gpuguide::text::is_collapsed;
    for (const std::string text : {"", "x", "one two", "中文 text", " x", "x ", "a  b", "a\nb",
                                   "a\tb", "a\rb", "a\fb", " ", "a \n b", "a b c  d"}) {
        INFO(text);
        CHECK(is_collapsed(text) == (collapse_whitespace(text) == text));
    }
    // The index says the same for a section that is, and one that is not, collapsed already.
    const std::vector<Document> docs = {
        {"a.html", "T", "", {{"h", "H", "one two"}, {"i", " I ", "a \n\t b"}}}};
    const auto index = parse_script(build_index_script(docs, "en"));
    CHECK(index["sections"][0] == nlohmann::json({0, "h", "H", "one two"}));
    CHECK(index["sections"][1] == nlohmann::json({0, "i", "I", "a b"}));
}

TEST_CASE("collapse_whitespace: exactly space, tab, LF, CR and form feed are whitespace",
          "[search]") {
    using gpuguide::text::collapse_whitespace;
    using gpuguide::text::is_collapsed;
    for (int byte = 0; byte < 256; ++byte) {
        const char c = static_cast<char>(byte);
        const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
        const std::string text = std::string("a") + c + c + "b" + c;
        INFO(byte);
        CHECK(collapse_whitespace(text) == (space ? std::string("a b") : text));
        CHECK(is_collapsed(text) == !space);
    }
}

TEST_CASE("search index: invalid UTF-8 is replaced instead of failing the build", "[search]") {
    const std::vector<Document> docs = {{"a.html", "bad \xFF byte", "", {}}};
    const auto index = parse_script(build_index_script(docs, "en"));
    CHECK(index["docs"][0][1] == "bad \uFFFD byte");
}

TEST_CASE("search index: strings are escaped exactly as nlohmann::json writes them", "[search]") {
    // The index writes its JSON by hand (speed); it must stay byte-for-byte what a json tree
    // dumped and made script-safe gives, so snapshots and caches stay valid.
    std::string every_byte;
    for (int c = 1; c < 0x80; ++c) {
        every_byte += static_cast<char>(c);
    }
    every_byte += "é 中 \u2028 \u2029 \xE2\x82\xAC end";
    const std::vector<Document> docs = {
        {"a\"b.html", every_byte, "1.", {{"x\\y", every_byte, every_byte}, {"", "", "é"}}},
        {"c.html", "C", "", {{"z", "", "\"quoted\" \\ back"}}, true}};
    const gpuguide::search::Synonyms synonyms = {{every_byte, "b"}, {"中文", "\u2028"}};
    nlohmann::json doc_rows = nlohmann::json::array();
    nlohmann::json section_rows = nlohmann::json::array();
    for (std::size_t d = 0; d < docs.size(); ++d) {
        doc_rows.push_back({docs[d].href, gpuguide::search::collapse_whitespace(docs[d].title),
                            docs[d].number, docs[d].back_matter ? 1 : 0});
        for (const auto& section : docs[d].sections) {
            section_rows.push_back({d, section.anchor,
                                    gpuguide::search::collapse_whitespace(section.heading),
                                    gpuguide::search::collapse_whitespace(section.text)});
        }
    }
    const nlohmann::json index = {{"v", 2},
                                  {"lang", "en"},
                                  {"docs", doc_rows},
                                  {"sections", section_rows},
                                  {"synonyms", synonyms}};
    std::string expected;
    for (const char c : index.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) {
        expected += c == '<' ? std::string("\\u003c") : std::string(1, c);
    }
    for (const auto& [raw, escaped] : {std::pair{"\u2028", "\\u2028"}, {"\u2029", "\\u2029"}}) {
        for (auto at = expected.find(raw); at != std::string::npos; at = expected.find(raw, at)) {
            expected.replace(at, std::string(raw).size(), escaped);
        }
    }
    CHECK(build_index_script(docs, "en", synonyms) == prefix + expected + suffix);
}
