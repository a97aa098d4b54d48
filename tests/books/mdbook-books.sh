#!/usr/bin/env bash
# Builds every mdBook book under tests/books/ (the small feature books and the public books in
# tests/books/public/) the way a user would: `gpuguide build` in the folder of its book.toml, with
# no templates/ folder and no option, then checks (check_mdbook_site.py) that every SUMMARY.md
# chapter has its page at mdBook's path, that `gpuguide check` is clean, that no unescaped
# {{#include}}/{{#rustdoc_include}}/{{#playground}}/{{#title}} is left and that included text
# appears, and (check_reader_view.py) what a reader sees: hidden lines hidden, mdBook's code
# classes, no heading attribute block as text, and what the book's reader-view.json lists. A book
# with other renderers has its HTML in book/html (its `site-dir` file says so), and its
# `expect-files` lists what its renderers must write (paths from the book's root).
# Usage: tests/books/mdbook-books.sh [path/to/gpuguide]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpuguide=$(realpath "${1:-$here/../../build/default/generator/gpuguide}")
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-mdbook-books.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0
for book in "$here"/mdbook-*/ "$here"/public/*/; do
  book=${book%/}
  name=$(basename "$book")
  dir=$(cat "$book/book-dir" 2>/dev/null || echo .)
  [[ -f $book/$dir/book.toml ]] || continue
  cp -r "$book" "$work/$name"
  root="$work/$name/$dir"
  site=$(cat "$book/site-dir" 2>/dev/null || echo book)
  read -r -a check_args <<<"$(cat "$book/check-args" 2>/dev/null || true)"
  read -r -a expected <<<"$(cat "$book/expect-files" 2>/dev/null || true)"
  if ! (cd "$root" && SOURCE_DATE_EPOCH=1763755200 "$gpuguide" build --measure reference --quiet \
      >"$work/$name.log" 2>&1 && "$gpuguide" check --site "$site" "${check_args[@]}" >>"$work/$name.log" 2>&1) ||
     ! (cd "$root" && for file in "${expected[@]}"; do
          [[ -s $file ]] || { echo "$file was not written"; exit 1; }; done) >>"$work/$name.log" 2>&1 ||
     ! python3 "$here/check_mdbook_site.py" "$root" "$root/$site" >>"$work/$name.log" 2>&1 ||
     ! python3 "$here/check_reader_view.py" "$root" "$root/$site" \
         $([[ -f $book/reader-view.json ]] && echo "$book/reader-view.json") >>"$work/$name.log" 2>&1; then
    echo "FAIL $name"; sed 's/^/  | /' "$work/$name.log"; failed=1
  else
    echo "ok   $name ($(grep -c '' <(find "$root/$site" -name '*.html')) HTML files; $(tail -1 "$work/$name.log"))"
  fi
done
exit $failed
