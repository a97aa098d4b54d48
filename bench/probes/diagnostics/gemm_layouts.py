# bench/probes/diagnostics: the layout and data comparison of the first H200 run (README there).
import sys; sys.path.insert(0, 'bench/probes')  # anchors.timed: the probes' back-to-back timing
import torch, anchors
n = 8192
for dtype, tf32 in ((torch.bfloat16, False), (torch.float32, True)):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    g = torch.Generator(device='cuda').manual_seed(7)
    for data in ('randn', 'uniform'):
        mk = (lambda: torch.randn(n, n, device='cuda', generator=g).to(dtype)) if data == 'randn' else (lambda: (torch.rand(n, n, device='cuda', generator=g) * 2 - 1).to(dtype))
        a, b = mk(), mk()
        for name, fn in (('a @ b (NN)', lambda: a @ b), ('a @ b.t() (TN)', lambda: a @ b.t())):
            print(f"{'tf32' if tf32 else 'bf16'} {data:8s} {name:16s} {2*n**3/anchors.timed(fn)/1e12:7.1f} TFLOP/s", flush=True)
