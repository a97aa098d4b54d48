#!/bin/sh
# supports html, then prints text, not a book
[ "$1" = supports ] && exit 0
cat >/dev/null
echo "Processing..."
