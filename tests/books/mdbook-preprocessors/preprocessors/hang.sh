#!/bin/sh
# An mdBook preprocessor that supports html, then never answers (its sleep is a child process).
[ "$1" = supports ] && exit 0
cat >/dev/null
echo "hang.sh: thinking" >&2
sleep 30
