#!/bin/sh
# supports html, then never answers
[ "$1" = supports ] && exit 0
cat >/dev/null
sleep 100
