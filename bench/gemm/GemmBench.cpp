// mtc-gemm-bench: fp32 GEMMs of a GPT training step, OpenBLAS sgemm against
// oneDNN's f32 matmul, on the calling thread (run it pinned: taskset -c 1).
//
//   mtc-gemm-bench [--tokens 1024] [--hidden 768] [--ffn 3072] [--vocab 50257]
//                  [--threads 2] [--reps 7]
//
// The shapes are what one of --threads threads computes in parallelGemm
// (kernels/gemm.h: the output split along its longer side): the linear
// layers' forward, input-gradient and weight-gradient products and the tied
// output layer's. Each is timed --reps times per library; the best time
// counts (the least disturbed by other load). A library is "clearly faster"
// when its best time is 10% below the other's. Not a test.
#include <algorithm>
#include <cblas.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <oneapi/dnnl/dnnl.hpp>
#include <omp.h>
#include <string>
#include <vector>

namespace {

struct Shape {
  std::string name;
  bool transA, transB;
  int64_t M, N, K;
};

template <class F>
double bestMs(int reps, F &&f) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

dnnl::memory::desc matrix(int64_t rows, int64_t cols, bool transposed, int64_t ld) {
  return dnnl::memory::desc({rows, cols}, dnnl::memory::data_type::f32,
                            transposed ? dnnl::memory::dims{1, ld} : dnnl::memory::dims{ld, 1});
}

// One thread's block of C[M, N] = op(A) op(B): the longer side split.
Shape perThread(std::string name, bool tA, bool tB, int64_t M, int64_t N, int64_t K,
                int64_t threads) {
  if (M >= N)
    M = (M + threads - 1) / threads;
  else
    N = (N + threads - 1) / threads;
  return {name, tA, tB, M, N, K};
}

long flag(int argc, char **argv, const char *name, long fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) {
      char *end = nullptr;
      long v = std::strtol(argv[i + 1], &end, 10);
      if (*end || v < 1) {
        std::fprintf(stderr, "mtc-gemm-bench: %s wants a positive integer, got '%s'\n", name,
                     argv[i + 1]);
        std::exit(2);
      }
      return v;
    }
  return fallback;
}

} // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::printf("usage: mtc-gemm-bench [--tokens N] [--hidden H] [--ffn F] [--vocab V] "
                  "[--threads T] [--reps R]\n(defaults: GPT-2 124M at 1024 tokens, 2 "
                  "threads, 7 repetitions)\n");
      return 0;
    }
  const long T = flag(argc, argv, "--tokens", 1024), H = flag(argc, argv, "--hidden", 768);
  const long F = flag(argc, argv, "--ffn", 4 * H), V = flag(argc, argv, "--vocab", 50257);
  const long threads = flag(argc, argv, "--threads", 2), reps = flag(argc, argv, "--reps", 7);
  omp_set_num_threads(1); // oneDNN's OpenMP runtime: this thread only
  openblas_set_num_threads(1);
  std::vector<Shape> shapes;
  struct Layer { const char *name; long in, out; };
  for (Layer l : {Layer{"qkv", H, 3 * H}, Layer{"proj", H, H}, Layer{"fc", H, F},
                  Layer{"fc2", F, H}}) {
    shapes.push_back(perThread(std::string(l.name) + " forward", false, false, T, l.out, l.in,
                               threads));
    shapes.push_back(perThread(std::string(l.name) + " input grad", false, true, T, l.in, l.out,
                               threads));
    shapes.push_back(perThread(std::string(l.name) + " weight grad", true, false, l.in, l.out,
                               T, threads));
  }
  shapes.push_back(perThread("output forward", false, true, T, V, H, threads));
  shapes.push_back(perThread("output input grad", false, false, T, H, V, threads));
  shapes.push_back(perThread("output weight grad", true, false, V, H, T, threads));

  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  std::printf("| shape (one of %ld threads) | M x N x K | OpenBLAS ms | GFLOP/s | oneDNN ms "
              "| GFLOP/s | clearly faster |\n|---|---|---|---|---|---|---|\n", threads);
  for (const Shape &s : shapes) {
    const int64_t lda = s.transA ? s.M : s.K, ldb = s.transB ? s.K : s.N, ldc = s.N;
    std::vector<float> A(s.M * s.K, 0.01f), B(s.K * s.N, 0.02f), C(s.M * s.N, 0.0f);
    const double blas = bestMs(reps, [&] {
      cblas_sgemm(CblasRowMajor, s.transA ? CblasTrans : CblasNoTrans,
                  s.transB ? CblasTrans : CblasNoTrans, s.M, s.N, s.K, 1.0f, A.data(), lda,
                  B.data(), ldb, 1.0f, C.data(), ldc);
    });
    auto a = matrix(s.M, s.K, s.transA, lda), b = matrix(s.K, s.N, s.transB, ldb),
         c = matrix(s.M, s.N, false, ldc);
    dnnl::primitive_attr attr; // C += A B, as the weight gradients accumulate
    dnnl::post_ops ops;
    ops.append_sum(1.0f);
    attr.set_post_ops(ops);
    dnnl::matmul mm(dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, b, c), attr, engine));
    dnnl::memory ma(a, engine, A.data()), mb(b, engine, B.data()), mc(c, engine, C.data());
    const double dnn = bestMs(reps, [&] {
      mm.execute(stream, {{DNNL_ARG_SRC, ma}, {DNNL_ARG_WEIGHTS, mb}, {DNNL_ARG_DST, mc}});
      stream.wait();
    });
    const double gflop = 2.0 * s.M * s.N * s.K / 1e9;
    const char *winner = dnn < 0.9 * blas ? "oneDNN" : blas < 0.9 * dnn ? "OpenBLAS" : "-";
    std::printf("| %s | %lld x %lld x %lld | %.2f | %.1f | %.2f | %.1f | %s |\n",
                s.name.c_str(), (long long)s.M, (long long)s.N, (long long)s.K, blas,
                gflop / blas * 1e3, dnn, gflop / dnn * 1e3, winner);
  }
  return 0;
}
