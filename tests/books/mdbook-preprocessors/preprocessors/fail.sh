#!/bin/sh
# An mdBook preprocessor that supports html, then fails.
[ "$1" = supports ] && exit 0
cat >/dev/null
echo "fail.sh: the widget is broken" >&2
exit 3
