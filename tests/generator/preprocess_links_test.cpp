// mdBook's link preprocessor: {{#include}} ranges and anchors, {{#rustdoc_include}},
// {{#playground}}, {{#title}}, escaping, indentation, nesting and its limit, refused paths.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/error.hpp"
#include "preprocess/links.hpp"

namespace {

using gg_test::TempDir;

const char* const kListing = "fn main() {\n"
                             "    // ANCHOR: body\n"
                             "    let x = 1;\n"
                             "    // ANCHOR_END: body\n"
                             "    println!(\"{x}\");\n"
                             "}\n";

struct Book {
    TempDir dir;
    std::string title;
    Book() {
        gg_test::write(dir.path() / "book" / "src" / "listing.rs", kListing);
        gg_test::write(dir.path() / "book" / "src" / "sub" / "inner.md",
                       "inner {{#include ../listing.rs:3}}\n");
        gg_test::write(dir.path() / "book" / "src" / "self.md", "{{#include self.md}}\n");
        gg_test::write(dir.path() / "outside.rs", "secret\n");
    }
    std::string expand(const std::string& text, bool allow_outside = false) {
        const gpuguide::preprocess::LinkOptions options{dir.path() / "book", allow_outside};
        return gpuguide::preprocess::expand_links(text, dir.path() / "book" / "src" / "page.md", 1,
                                                  options, title);
    }
    std::string error(const std::string& text) {
        try {
            expand(text);
        } catch (const gpuguide::InputError& e) {
            const std::string message = e.what();
            return message.substr(message.find("src/"));
        }
        return "";
    }
};

} // namespace

TEST_CASE("{{#include}}: line ranges and anchors as mdBook takes them", "[preprocess]") {
    Book book;
    CHECK(book.expand("{{#include listing.rs}}") ==
          std::string(kListing).substr(0, std::string(kListing).size() - 1));
    CHECK(book.expand("{{#include listing.rs:3}}") == "    let x = 1;");
    CHECK(book.expand("{{#include listing.rs:5:}}") == "    println!(\"{x}\");\n}");
    CHECK(book.expand("{{#include listing.rs::1}}") == "fn main() {");
    CHECK(book.expand("{{#include listing.rs:1:1}}") == "fn main() {");
    CHECK(book.expand("{{ #include listing.rs:body }}") == "    let x = 1;");
    CHECK(book.expand("{{#include listing.rs:nothing}}").empty());
    CHECK(book.expand("{{#include listing.rs:9:}}").empty());
}

TEST_CASE("{{#rustdoc_include}}, {{#playground}}, {{#title}}, escaping", "[preprocess]") {
    Book book;
    CHECK(book.expand("{{#rustdoc_include listing.rs:3}}") ==
          "# fn main() {\n#     // ANCHOR: body\n    let x = 1;\n#     // ANCHOR_END: body\n"
          "#     println!(\"{x}\");\n# }");
    CHECK(book.expand("{{#rustdoc_include listing.rs:body}}") ==
          "# fn main() {\n    let x = 1;\n#     println!(\"{x}\");\n# }");
    CHECK(book.expand("{{#playground listing.rs editable}}") ==
          "```rust,editable\n" + std::string(kListing) + "```");
    CHECK(book.expand("{{#title A better title}}text") == "text");
    CHECK(book.title == "A better title");
    CHECK(
        book.expand("\\{{#include listing.rs}} and {{#include listing.rs:3}}") ==
        "{{#include listing.rs}} and {{#include listing.rs:3}}"); // the rest of the line, as mdBook
    CHECK(book.expand("{{#template x.md}} {{ not an expression }}") ==
          "{{#template x.md}} {{ not an expression }}");
}

TEST_CASE("{{#include}}: indentation carried, nesting relative to each file", "[preprocess]") {
    Book book;
    CHECK(book.expand("- item\n  {{#include listing.rs::2}}\n") ==
          "- item\n  fn main() {\n      // ANCHOR: body\n");
    CHECK(book.expand("{{#include sub/inner.md}}") == "inner     let x = 1;");
}

TEST_CASE("{{#include}} errors name the line and what to do", "[preprocess]") {
    Book book;
    CHECK(book.error("a\n{{#include missing.rs}}") ==
          "src/page.md:2: cannot include `missing.rs`: no file " +
              (book.dir.path() / "book/src/missing.rs").generic_string() +
              "; fix the path (it is relative to this file's folder)");
    CHECK(book.error("{{#include self.md}}")
              .starts_with("src/self.md:1: includes nested more than 10"));
    CHECK(book.error("{{#include ../../outside.rs}}").find("is outside the book's folder") !=
          std::string::npos);
    CHECK(book.error("{{#include ../../outside.rs}}")
              .ends_with(
                  "set include-outside-book = true under [output.html.gpuguide] in book.toml"));
    CHECK(book.expand("{{#include ../../outside.rs}}", true) == "secret");
    CHECK(book.error("{{#include listing.rs:99999999999}}")
              .starts_with("src/page.md:1: line `99999999999` of an include "));
}
