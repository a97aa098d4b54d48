// gpu.llm's kernels (probes/gpu/kernels/llm.cu) against the plain reference (llm_reference.hpp)
// on the catalogue's "tiny" shape, on a GPU host (hidden tag: run with "[gpu]", as the ctest entry
// "probes: GPU probes on this machine's GPU" does). Without a GPU it prints why and exits 77
// (skipped). Tolerance: BF16 inputs and outputs (8 significant bits) against a double reference
// of the same BF16-rounded inputs, 2 % of the reference's largest magnitude.
#ifdef GPUGUIDE_PROBES_HAVE_CUDA
#include "core/llm_shape.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/kernels/llm_kernels.hpp"
#include "gpuguide_catch.hpp"
#include "llm_reference.hpp"
#include "llm_test_support.hpp"

#include <cmath>

namespace llm = gpuguide::probes::llm;
namespace ref = gpuguide::probes::llm::reference;
namespace gpu = gpuguide::probes::gpu;
namespace kernels = gpuguide::probes::gpu::kernels;
using kernels::bf16;
using llm::testing::relative_error;

namespace {

/// Random values already rounded to BF16, so the reference sees exactly what the GPU sees.
std::vector<float> bf16_values(std::size_t n, unsigned seed, float scale = 1.0f) {
    auto x = llm::testing::random_values(n, seed, scale);
    for (auto& e : x)
        e = __bfloat162float(__float2bfloat16(e));
    return x;
}

/// A device copy of `x` in BF16, freed with the buffer.
struct Device {
    gpu::DeviceBuffer buffer;
    explicit Device(const std::vector<float>& x) : buffer(x.size() * sizeof(bf16)) {
        std::vector<bf16> host(x.size());
        for (std::size_t i = 0; i < x.size(); ++i)
            host[i] = __float2bfloat16(x[i]);
        GG_CUDA(cudaMemcpy(buffer.as<void>(), host.data(), buffer.bytes(), cudaMemcpyHostToDevice));
    }
    explicit Device(std::size_t n) : buffer(n * sizeof(bf16)) {}
    bf16* get() const { return buffer.as<bf16>(); }
    std::vector<float> read() const {
        std::vector<bf16> host(buffer.bytes() / sizeof(bf16));
        GG_CUDA(cudaMemcpy(host.data(), buffer.as<void>(), buffer.bytes(), cudaMemcpyDeviceToHost));
        return std::vector<float>(host.begin(), host.end());
    }
};

struct DeviceInts {
    gpu::DeviceBuffer buffer;
    explicit DeviceInts(const std::vector<int>& x) : buffer(x.size() * sizeof(int)) {
        GG_CUDA(cudaMemcpy(buffer.as<void>(), x.data(), buffer.bytes(), cudaMemcpyHostToDevice));
    }
    const int* get() const { return buffer.as<int>(); }
};

void require_gpu() {
    if (gpu::device_count() == 0)
        gpuguide::testing::skip("no usable GPU here: gpu.llm's kernels need one");
}

} // namespace

TEST_CASE("gpu.llm: RMSNorm, RoPE and SwiGLU kernels match the reference", "[.gpu]") {
    require_gpu();
    const auto& s = llm::shape("tiny");
    const int rows = 4;
    const auto x = bf16_values(std::size_t(rows) * s.hidden, 1, 3.0f);
    const auto w = bf16_values(s.hidden, 2);
    Device dx(x), dw(w), dy(x.size());
    kernels::llm_rmsnorm(dx.get(), dw.get(), dy.get(), rows, s.hidden, float(s.norm_eps), nullptr);
    CHECK(relative_error(dy.read(), ref::rmsnorm(x, w, rows, s.hidden, s.norm_eps)) < 0.02);

    const std::vector<int> positions = {0, 1, 37, 8191};
    const auto q = bf16_values(std::size_t(rows) * s.q_dim(), 3);
    Device dq(q);
    DeviceInts dpos(positions);
    kernels::llm_rope(dq.get(), rows, s.q_dim(), s.q_heads, s.head_dim, dpos.get(),
                      float(s.rope_theta), nullptr);
    CHECK(relative_error(dq.read(), ref::rope(ref::Values(q.begin(), q.end()), rows, s.q_heads,
                                              s.head_dim, positions, s.rope_theta)) < 0.02);

    const auto gate_up = bf16_values(std::size_t(rows) * 2 * s.ffn, 4, 4.0f);
    Device dg(gate_up), dact(std::size_t(rows) * s.ffn);
    kernels::llm_swiglu(dg.get(), dact.get(), rows, s.ffn, nullptr);
    CHECK(relative_error(dact.read(), ref::swiglu(ref::Values(gate_up.begin(), gate_up.end()), rows,
                                                  s.ffn)) < 0.02);
    GG_CUDA(cudaDeviceSynchronize());
}

TEST_CASE("gpu.llm: split decode attention reads each sequence's cache and its KV head", "[.gpu]") {
    require_gpu();
    const auto& s = llm::shape("tiny");
    const std::vector<int> lengths = {1, 5, 700};
    const int batch = int(lengths.size()), capacity = 1024;
    const auto k = bf16_values(std::size_t(batch) * s.kv_dim() * capacity, 5);
    const auto v = bf16_values(k.size(), 6);
    const auto q = bf16_values(std::size_t(batch) * s.q_dim(), 7, 2.0f);
    Device dk(k), dv(v), dq(q), dout(q.size());
    std::vector<int> sequences = {0, 1, 2}, positions = lengths;
    for (auto& p : positions)
        --p;
    DeviceInts dseq(sequences), dpos(positions), dlen(lengths);
    const kernels::LlmCache cache{dk.get(), dv.get(), s.kv_heads, s.head_dim, capacity};
    const kernels::LlmRows rows{batch, dseq.get(), dpos.get(), dlen.get()};
    for (int splits : {1, 3, 16}) {
        gpu::DeviceBuffer scratch(
            llm::attention_scratch_floats(batch, s.q_heads, s.head_dim, splits) * sizeof(float));
        kernels::llm_attention(dq.get(), s.q_dim(), s.q_heads, cache, rows, splits,
                               scratch.as<float>(), dout.get(), nullptr);
        GG_CUDA(cudaDeviceSynchronize());
        const auto out = dout.read();
        for (int b = 0; b < batch; ++b) {
            ref::Values kb(std::size_t(lengths[b]) * s.kv_dim()), vb(kb.size());
            for (int t = 0; t < lengths[b]; ++t)
                for (int g = 0; g < s.kv_heads; ++g)
                    for (int i = 0; i < s.head_dim; ++i) {
                        const std::size_t from =
                            ((std::size_t(b) * s.kv_heads + g) * capacity + t) * s.head_dim + i;
                        kb[(std::size_t(t) * s.kv_heads + g) * s.head_dim + i] = k[from];
                        vb[(std::size_t(t) * s.kv_heads + g) * s.head_dim + i] = v[from];
                    }
            const ref::Values qb(q.begin() + b * s.q_dim(), q.begin() + (b + 1) * s.q_dim());
            const std::vector<float> got(out.begin() + b * s.q_dim(),
                                         out.begin() + (b + 1) * s.q_dim());
            INFO("sequence " << b << " of length " << lengths[b] << ", " << splits << " splits");
            CHECK(relative_error(got, ref::attention(s, qb, kb, vb, {lengths[b]})) < 0.02);
        }
    }
}
#endif
