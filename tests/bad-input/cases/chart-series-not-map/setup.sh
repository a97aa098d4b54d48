# A measured chart whose series is a bare path instead of a {label, value} map (found by
# fuzz_directives: it used to escape as a YAML exception, an internal error).
cat >>content/en/memory.md <<'MD'

```gg-chart
type: bar
title: STREAM
host: reference
series:
  - gpu.stream/devices/0/copy
```
MD
