#!/usr/bin/env bash
# mdBook books built unchanged (tests/books/mdbook-books.sh): the small feature books and the
# public books in tests/books/public/, each in its own folder with no templates/ and no option.
set -euo pipefail
cd "$(dirname "$0")/../.."
tests/books/mdbook-books.sh "${GPUGUIDE:-build/default/generator/gpuguide}"
