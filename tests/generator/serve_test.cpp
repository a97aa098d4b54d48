// `gpuguide serve` answering over loopback, with the live-reload script and version endpoint.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "serve/serve.hpp"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {

// A port that was free a moment ago (the kernel picks it for a socket bound to port 0).
int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

/// `gpuguide serve` of a book on a free port, in a thread of its own.
class Server {
  public:
    explicit Server(gpuguide::render::BuildOptions build) {
        options_.build = std::move(build);
        options_.port = port_;
        options_.poll_ms = 50;
        thread_ = std::thread([this] { status_ = gpuguide::serve::serve(options_, stop_); });
    }
    ~Server() {
        if (thread_.joinable()) {
            stop();
        }
    }

    httplib::Client& client() { return client_; }

    /// GET `path`, asked again for up to 5 s while the server starts.
    httplib::Result first_answer(const std::string& path) {
        auto answer = client_.Get(path);
        for (int attempt = 0; attempt < 100 && !answer; ++attempt) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            answer = client_.Get(path);
        }
        return answer;
    }

    /// Stops the server; its exit status.
    int stop() {
        stop_ = true;
        thread_.join();
        return status_;
    }

  private:
    int port_ = free_port(); // before `client`, which is made with it
    gpuguide::serve::ServeOptions options_;
    std::atomic<bool> stop_{false};
    int status_ = -1;
    std::thread thread_;
    httplib::Client client_{"127.0.0.1", port_};
};

} // namespace

TEST_CASE("serve builds, answers on 127.0.0.1, injects the reload script and rebuilds on change",
          "[serve]") {
    gg_test::BookCopy book;
    auto build = book.options();
    build.force = false;
    Server server(build);
    auto& client = server.client();
    auto page = server.first_answer("/en/index.html");
    REQUIRE(page);
    CHECK(page->status == 200);
    CHECK(page->body.find("<h1 id=\"introduction\">") != std::string::npos);
    CHECK(page->body.find("/__gpuguide/version") != std::string::npos);
    const auto version = client.Get("/__gpuguide/version");
    REQUIRE(version);
    CHECK(version->body == "1");
    const auto missing = client.Get("/en/nothing.html");
    REQUIRE(missing);
    CHECK(missing->status == 404);

    book.page("03-notes.md", "# Edited while serving\n");
    std::string body;
    for (int attempt = 0; attempt < 100 && body.find("Edited while serving") == std::string::npos;
         ++attempt) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (auto notes = client.Get("/en/03-notes.html")) {
            body = notes->body;
        }
    }
    CHECK(body.find("Edited while serving") != std::string::npos);
    std::string version_after;
    for (int attempt = 0; attempt < 100 && version_after != "2"; ++attempt) {
        if (auto answer = client.Get("/__gpuguide/version")) {
            version_after = answer->body; // bumped just after the new site is in place
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    CHECK(version_after == "2");
    CHECK(server.stop() == 0);
}

TEST_CASE("serve injects the book's partials/serve-reload.mustache with the site's version",
          "[serve][partials]") {
    gg_test::BookCopy book;
    gg_test::write(book.root() / "templates" / "partials" / "serve-reload.mustache",
                   "<script data-own-reload=\"{{version}}\"></script>\n");
    Server server(book.options());
    auto page = server.first_answer("/en/index.html");
    REQUIRE(page);
    // Before </body>, its final line break dropped, as the built-in script is.
    CHECK(page->body.find("<script data-own-reload=\"1\"></script></body>") != std::string::npos);
    CHECK(page->body.find("/__gpuguide/version") == std::string::npos);
    CHECK(server.stop() == 0);
}
