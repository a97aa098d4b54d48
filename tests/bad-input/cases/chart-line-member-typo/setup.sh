# A measured line chart whose `x:` names no member of the points ("byts" for "bytes"): it would
# draw nothing, unsaid. The build reads a complete synthetic document (transfer curves included).
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)
python3 "$repo/tests/books/full_shape_document.py" this-build.json
cat >>content/en/memory.md <<'MD'

```gg-chart
type: line
title: Host-device transfers
x: {label: Transfer size (bytes), log: true}
y: {label: Bandwidth (GB/s)}
series:
  - {label: H2D, points: gpu.transfer/devices/0/curves/h2d_pinned, x: byts, y: bandwidth}
```
MD
