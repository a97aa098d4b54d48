#!/bin/sh
# An mdBook renderer that fails.
cat >/dev/null
echo "fail.sh: cannot render" >&2
exit 4
