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
//
//   mtc-gemm-bench --ceilings [--threads 2] [--reps 5] [--stream-mib N]
//
// This machine's ceilings with --threads threads, as one JSON line
// (bench/train_step/bench_train_step.py reads it): the best fp32 GEMM rate of
// the two libraries mtc links (oneDNN's f32 matmul and OpenBLAS's sgemm, at
// 2048 x 2048 x 2048 and GPT-2's MLP forward 1024 x 3072 x 768, each both
// threaded by the library and split into one single-threaded block per
// thread as parallelGemm does; best of --reps), the best bf16 rate (oneDNN's
// bf16 x bf16 -> fp32 matmul, the same shapes; only on a CPU with AVX512-BF16
// or AMX, where mtc's bf16 runs use it: elsewhere "bf16" is null and those
// runs compute their GEMMs in fp32), and STREAM's copy and triad bandwidth
// (double arrays of --stream-mib MiB each, default 4x the last-level cache
// within [64, 512] MiB; bytes counted as STREAM counts them). Every
// measurement is listed under "runs".
#include <algorithm>
#include <cblas.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <oneapi/dnnl/dnnl.hpp>
#include <omp.h>
#include <string>
#include <unistd.h>
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

dnnl::memory::desc matrix(int64_t rows, int64_t cols, bool transposed, int64_t ld,
                          dnnl::memory::data_type type = dnnl::memory::data_type::f32) {
  return dnnl::memory::desc({rows, cols}, type,
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

bool hasFlag(int argc, char **argv, const char *name) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], name) == 0)
      return true;
  return false;
}

// --ceilings ---------------------------------------------------------------

// The largest cache level's size in bytes (sysfs, else sysconf); 0 if unknown.
long lastLevelCacheBytes() {
  long bytes = 0;
  int deepest = 0;
  for (int i = 0; i < 16; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i);
    FILE *f = std::fopen((dir + "/level").c_str(), "r");
    if (!f)
      break;
    int level = 0;
    if (std::fscanf(f, "%d", &level) != 1)
      level = 0;
    std::fclose(f);
    f = std::fopen((dir + "/size").c_str(), "r");
    if (!f)
      continue;
    long size = 0;
    char unit = 0;
    const int got = std::fscanf(f, "%ld%c", &size, &unit);
    std::fclose(f);
    if (got < 1)
      continue;
    const long scaled = got == 2 && unit == 'K'   ? size << 10
                        : got == 2 && unit == 'M' ? size << 20
                        : got == 2 && unit == 'G' ? size << 30
                                                  : size;
    if (level > deepest || (level == deepest && scaled > bytes)) {
      deepest = level;
      bytes = scaled;
    }
  }
  if (bytes > 0)
    return bytes;
  for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    const long v = sysconf(name);
    if (v > 0)
      return v;
  }
  return 0;
}

const char *isaName(dnnl::cpu_isa isa) {
  using i = dnnl::cpu_isa;
  switch (isa) {
  case i::avx512_core_amx: return "avx512_core_amx";
  case i::avx512_core_bf16: return "avx512_core_bf16";
  case i::avx512_core_vnni: return "avx512_core_vnni";
  case i::avx512_core: return "avx512_core";
  case i::avx2_vnni: return "avx2_vnni";
  case i::avx2: return "avx2";
  case i::avx: return "avx";
  case i::sse41: return "sse41";
  default: return "other";
  }
}

// What mtc's runtime asks (kernels::bf16GemmSupported, without its test switch).
bool hasBf16Instructions() {
  const unsigned bits = static_cast<unsigned>(dnnl::cpu_isa::avx512_core_bf16);
  return (static_cast<unsigned>(dnnl::get_effective_cpu_isa()) & bits) == bits;
}

struct Gemm {
  const char *name;
  int64_t M, N, K; // C[M, N] = A[M, K] B[K, N], all row-major
};

// One thread's part of C as parallelGemm splits it: the longer side in
// chunks rounded up to 16.
struct Block {
  int64_t r0, c0, rows, cols;
};

Block blockOf(const Gemm &g, int64_t threads, int64_t t) {
  const bool byRows = g.M >= g.N;
  const int64_t total = byRows ? g.M : g.N;
  const int64_t chunk = ((total + threads - 1) / threads + 15) / 16 * 16;
  const int64_t begin = std::min(total, t * chunk), end = std::min(total, begin + chunk);
  return byRows ? Block{begin, 0, end - begin, g.N} : Block{0, begin, g.M, end - begin};
}

// Operands with varied small values (the rate does not depend on them).
std::vector<float> operand(int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(i % 17) * 0.01f - 0.08f;
  return v;
}

std::vector<uint16_t> toBf16(const std::vector<float> &v) {
  std::vector<uint16_t> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &v[i], 4);
    out[i] = static_cast<uint16_t>(bits >> 16);
  }
  return out;
}

// oneDNN's matmul (f32, or bf16 x bf16 -> f32) on g: threaded by oneDNN over
// the whole product, or split into one block per OpenMP thread, each a
// primitive created and run on its thread (oneDNN runs sequentially inside a
// parallel region), as kernels::parallelGemm does. GFLOP/s of the best rep.
double onednnRate(const Gemm &g, bool bf16, int threads, bool split, int reps) {
  using dt = dnnl::memory::data_type;
  const dt type = bf16 ? dt::bf16 : dt::f32;
  const size_t size = bf16 ? 2 : 4;
  std::vector<float> A32 = operand(g.M * g.K), B32 = operand(g.K * g.N), C(g.M * g.N, 0.0f);
  std::vector<uint16_t> A16, B16;
  const char *A = reinterpret_cast<const char *>(A32.data());
  const char *B = reinterpret_cast<const char *>(B32.data());
  if (bf16) {
    A16 = toBf16(A32);
    B16 = toBf16(B32);
    A = reinterpret_cast<const char *>(A16.data());
    B = reinterpret_cast<const char *>(B16.data());
  }
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  struct Job {
    dnnl::matmul mm;
    dnnl::memory a, b, c;
    dnnl::stream stream;
  };
  // A [rows, cols] block of C and its rows of A / columns of B.
  auto job = [&](const Block &k) {
    auto a = matrix(k.rows, g.K, false, g.K, type), b = matrix(g.K, k.cols, false, g.N, type),
         c = matrix(k.rows, k.cols, false, g.N);
    dnnl::matmul mm(dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, b, c), engine));
    void *pa = const_cast<char *>(A) + k.r0 * g.K * size;
    void *pb = const_cast<char *>(B) + k.c0 * size;
    void *pc = C.data() + k.r0 * g.N + k.c0;
    return std::make_unique<Job>(Job{mm, dnnl::memory(a, engine, pa), dnnl::memory(b, engine, pb),
                                     dnnl::memory(c, engine, pc), dnnl::stream(engine)});
  };
  auto run = [](Job &j) {
    j.mm.execute(j.stream, {{DNNL_ARG_SRC, j.a}, {DNNL_ARG_WEIGHTS, j.b}, {DNNL_ARG_DST, j.c}});
    j.stream.wait();
  };
  double ms;
  if (!split) {
    omp_set_num_threads(threads);
    auto whole = job(Block{0, 0, g.M, g.N});
    run(*whole); // first touch, one-time setup
    ms = bestMs(reps, [&] { run(*whole); });
  } else {
    std::vector<std::unique_ptr<Job>> jobs(threads);
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num();
      const Block k = blockOf(g, omp_get_num_threads(), t);
      if (k.rows > 0 && k.cols > 0) {
        jobs[t] = job(k);
        run(*jobs[t]);
      }
    }
    ms = bestMs(reps, [&] {
#pragma omp parallel num_threads(threads)
      {
        const int t = omp_get_thread_num();
        if (jobs[t])
          run(*jobs[t]);
      }
    });
  }
  return 2.0 * g.M * g.N * g.K / ms / 1e6;
}

// OpenBLAS's sgemm on g: threaded by OpenBLAS, or split as above with one
// single-threaded sgemm per OpenMP thread.
double blasRate(const Gemm &g, int threads, bool split, int reps) {
  std::vector<float> A = operand(g.M * g.K), B = operand(g.K * g.N), C(g.M * g.N, 0.0f);
  auto sgemm = [&](const Block &k) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, k.rows, k.cols, g.K, 1.0f,
                A.data() + k.r0 * g.K, g.K, B.data() + k.c0, g.N, 0.0f,
                C.data() + k.r0 * g.N + k.c0, g.N);
  };
  auto once = [&] {
    if (!split) {
      sgemm(Block{0, 0, g.M, g.N});
      return;
    }
#pragma omp parallel num_threads(threads)
    {
      const Block k = blockOf(g, omp_get_num_threads(), omp_get_thread_num());
      if (k.rows > 0 && k.cols > 0)
        sgemm(k);
    }
  };
  openblas_set_num_threads(split ? 1 : threads);
  once(); // first touch
  const double ms = bestMs(reps, once);
  openblas_set_num_threads(1);
  return 2.0 * g.M * g.N * g.K / ms / 1e6;
}

struct Bandwidth {
  double copy, triad; // GB/s (1e9 bytes)
};

// STREAM's copy (c = a: 16 bytes per element) and triad (a = b + s c: 24
// bytes), best of reps, on --threads OpenMP threads with a static schedule
// (first touch by the same schedule).
Bandwidth streamRates(int64_t bytesPerArray, int threads, int reps) {
  const int64_t n = bytesPerArray / 8;
  auto alloc = [&] {
    return std::unique_ptr<double, decltype(&std::free)>(
        static_cast<double *>(std::aligned_alloc(64, (n * 8 + 63) / 64 * 64)), &std::free);
  };
  auto ua = alloc(), ub = alloc(), uc = alloc();
  double *a = ua.get(), *b = ub.get(), *c = uc.get();
  if (!a || !b || !c) {
    std::fprintf(stderr, "mtc-gemm-bench: cannot allocate 3 x %lld bytes\n",
                 (long long)bytesPerArray);
    std::exit(1);
  }
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    a[i] = 1.0;
    b[i] = 2.0;
    c[i] = 0.0;
  }
  const double s = 3.0;
  double copyMs = 1e30, triadMs = 1e30;
  for (int r = 0; r < reps + 1; ++r) { // the first pass warms up
    auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t i = 0; i < n; ++i)
      c[i] = a[i];
    auto t1 = std::chrono::steady_clock::now();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t i = 0; i < n; ++i)
      a[i] = b[i] + s * c[i];
    auto t2 = std::chrono::steady_clock::now();
    if (r > 0) {
      copyMs = std::min(copyMs, std::chrono::duration<double, std::milli>(t1 - t0).count());
      triadMs = std::min(triadMs, std::chrono::duration<double, std::milli>(t2 - t1).count());
    }
  }
  volatile double sink = a[n / 2] + c[n / 3];
  (void)sink;
  return {16.0 * n / copyMs / 1e6, 24.0 * n / triadMs / 1e6};
}

int ceilings(int threads, int reps, long streamMib) {
  const bool bf16 = hasBf16Instructions();
  const long llc = lastLevelCacheBytes();
  if (streamMib <= 0)
    streamMib = std::clamp(4 * llc / (1L << 20), 64L, 512L);
  const std::vector<Gemm> gemms = {{"2048x2048x2048", 2048, 2048, 2048},
                                   {"1024x3072x768 (GPT-2 MLP)", 1024, 3072, 768}};
  struct Rate {
    std::string library, type, shape, threading;
    double gflops;
  };
  std::vector<Rate> rates;
  // oneDNN first: OpenBLAS's threads spin a while after their last call.
  const Bandwidth bw = streamRates(streamMib << 20, threads, reps);
  for (const Gemm &g : gemms)
    for (bool split : {false, true}) {
      const char *threading = split ? "split" : "library";
      rates.push_back({"oneDNN", "f32", g.name, threading, onednnRate(g, false, threads, split, reps)});
      if (bf16)
        rates.push_back({"oneDNN", "bf16", g.name, threading, onednnRate(g, true, threads, split, reps)});
    }
  for (bool split : {true, false})
    for (const Gemm &g : gemms)
      rates.push_back({"OpenBLAS", "f32", g.name, split ? "split" : "library",
                       blasRate(g, threads, split, reps)});
  auto best = [&](const char *type) -> const Rate * {
    const Rate *b = nullptr;
    for (const Rate &r : rates)
      if (r.type == type && (!b || r.gflops > b->gflops))
        b = &r;
    return b;
  };
  auto ceiling = [](const Rate *r) {
    if (!r)
      return std::string("null");
    char text[256];
    std::snprintf(text, sizeof text, "{\"gflops\": %.1f, \"from\": \"%s %s %s %s\"}", r->gflops,
                  r->library.c_str(), r->type.c_str(), r->shape.c_str(), r->threading.c_str());
    return std::string(text);
  };
  std::printf("{\"threads\": %d, \"reps\": %d, \"onednn_isa\": \"%s\", \"openblas_core\": \"%s\", "
              "\"bf16_instructions\": %s, "
              "\"fp32\": %s, \"bf16\": %s, \"bandwidth\": {\"copy_gbs\": %.1f, \"triad_gbs\": "
              "%.1f, \"array_mib\": %ld, \"llc_mib\": %.1f}, \"runs\": [",
              threads, reps, isaName(dnnl::get_effective_cpu_isa()), openblas_get_corename(),
              bf16 ? "true" : "false",
              ceiling(best("f32")).c_str(), ceiling(best("bf16")).c_str(), bw.copy, bw.triad,
              streamMib, llc / 1048576.0);
  for (size_t i = 0; i < rates.size(); ++i)
    std::printf("%s{\"library\": \"%s\", \"type\": \"%s\", \"shape\": \"%s\", \"threading\": "
                "\"%s\", \"gflops\": %.1f}",
                i ? ", " : "", rates[i].library.c_str(), rates[i].type.c_str(),
                rates[i].shape.c_str(), rates[i].threading.c_str(), rates[i].gflops);
  std::printf("]}\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::printf("usage: mtc-gemm-bench [--tokens N] [--hidden H] [--ffn F] [--vocab V] "
                  "[--threads T] [--reps R]\n(defaults: GPT-2 124M at 1024 tokens, 2 "
                  "threads, 7 repetitions)\n"
                  "       mtc-gemm-bench --ceilings [--threads T] [--reps R] [--stream-mib M]\n"
                  "(this machine's best fp32 / bf16 GEMM rates and memory bandwidth with T "
                  "threads, one JSON line; defaults: 2 threads, 5 repetitions)\n");
      return 0;
    }
  if (hasFlag(argc, argv, "--ceilings"))
    return ceilings(static_cast<int>(flag(argc, argv, "--threads", 2)),
                    static_cast<int>(flag(argc, argv, "--reps", 5)),
                    flag(argc, argv, "--stream-mib", 0));
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
