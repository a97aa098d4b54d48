#!/bin/sh
# supports html, then fails
[ "$1" = supports ] && exit 0
cat >/dev/null
echo "broken.sh: cannot find the widget" >&2
exit 2
