// `train` for the GPU backend. Data parallelism over NCCL (one device per
// rank, device = local rank); tensor and pipeline parallelism still run on
// the CPU backend (docs/gpu.md lists what is missing).
#include "exec/cuda/CudaMain.h"
#include "exec/DataSource.h"
#include "exec/Flags.h"
#include "exec/PlanValidator.h"
#include "exec/cuda/CudaExecutor.h"
#include "exec/cuda/DeviceCheck.h"

#include "comm/Communicator.h"
#include "comm/NcclCommunicator.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace mtc::runtime {
namespace {

int localRank() {
  for (const char *v : {"OMPI_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID", "LOCAL_RANK"})
    if (const char *s = std::getenv(v))
      return std::atoi(s);
  return 0;
}

} // namespace

int cudaTrainMain(int argc, char **argv, const std::string &planBytes) {
  std::unique_ptr<comm::Communicator> world;
  try {
    if (comm::launchedByMpi())
      world = comm::mpiWorld(&argc, &argv);
    else
      world = std::make_unique<comm::SelfCommunicator>();
  } catch (const std::exception &e) {
    std::cerr << "train: error: " << e.what() << std::endl;
    return 1;
  }
  const int rank = world->rank();
  auto fail = [&](const std::string &message) {
    std::cerr << "train (rank " << rank << "): error: " << message << std::endl;
    // Every rank reaches here on its own (nothing below blocks before the
    // agreement), so a plain non-zero exit cannot leave a peer waiting.
    return 1;
  };
  try {
    pb::Plan plan;
    if (!plan.ParseFromString(planBytes))
      throw PlanError("the embedded plan does not parse as an mtc.pb.Plan");
    int64_t steps = 0, globalBatch = 0, seed = 1234, logEvery = 1;
    bool synthetic = false;
    std::string data, split = "969,30,1";
    FlagSet flags(argc > 0 ? argv[0] : "train",
                  "Trains model '" + plan.model().name() +
                      "' on the GPU (CUDA backend). Launch with mpirun -np N for N "
                      "data-parallel ranks, one GPU each.");
    flags.add("steps", &steps, "training iterations (required)", Range::atLeast(1));
    flags.add("global-batch", &globalBatch, "samples per iteration (0: micro-batch x ranks)",
              Range::between(0, 1 << 30));
    flags.add("synthetic", &synthetic, "train on random tokens");
    flags.add("data", &data, "indexed dataset prefix (from mtc-data)");
    flags.add("split", &split, "train,valid,test document weights");
    flags.add("seed", &seed, "seed of initialization, data order and dropout",
              Range::atLeast(0));
    flags.add("log-every", &logEvery, "print every N iterations", Range::atLeast(1));
    if (!flags.parse(argc, argv)) {
      if (rank == 0)
        std::cout << flags.usage();
      return 0;
    }
    if (!flags.given("steps"))
      throw FlagError("--steps N is required (see --help)");
    if (synthetic == !data.empty())
      throw FlagError("give exactly one of --synthetic and --data");
    if (plan.parallel().tensor() > 1 || plan.parallel().pipeline() > 1)
      throw PlanError("this plan uses tensor or pipeline parallelism, which the GPU "
                      "backend's trainer does not run yet (use --target=host)");

    const int64_t micro = plan.model().micro_batch(), seq = plan.model().seq();
    if (globalBatch == 0)
      globalBatch = micro * world->size();
    if (globalBatch % (micro * world->size()) != 0)
      throw FlagError("--global-batch " + std::to_string(globalBatch) +
                      " is not a multiple of micro-batch x ranks = " +
                      std::to_string(micro * world->size()));

    // Every rank checks its device, then all agree before anything collective.
    gpu::DeviceStatus device = gpu::probeDevices();
    double bad = device.usable ? 0 : 1;
    world->allReduce(&bad, 1, comm::DataType::F64, comm::ReduceOp::Sum);
    if (!device.usable)
      return fail("no usable GPU: " + device.problem);
    if (bad > 0)
      return fail(std::to_string(static_cast<int>(bad)) + " rank(s) have no usable GPU");

    gpu::CudaExecutorOptions options;
    options.seed = static_cast<uint64_t>(seed);
    options.device = localRank() % device.devices;
    cudaSetDevice(options.device);
    const int64_t dp = world->size();
    cudaStream_t commStream = nullptr;
    std::unique_ptr<comm::NcclCommunicator> nccl;
    if (dp > 1) {
      cudaStreamCreateWithFlags(&commStream, cudaStreamNonBlocking);
      nccl = comm::NcclCommunicator::create(*world, commStream);
      options.dataGroup = nccl.get();
    }
    gpu::CudaExecutor exec(plan, options);
    const int64_t microBatches = globalBatch / (micro * dp);
    BatchGeometry geometry{micro, seq, world->rank(), dp, globalBatch};
    std::unique_ptr<IndexedData> indexed;
    std::unique_ptr<BatchSource> source;
    if (synthetic)
      source = makeSyntheticSource(geometry, plan.model().vocab(), seed);
    else {
      indexed = std::make_unique<IndexedData>(data, split, seq, seed);
      source = indexed->source(data::Split::Train, geometry, plan.model().vocab());
      if (!source)
        throw FlagError("the dataset '" + data + "' has no training documents");
    }
    OptimizerConfig opt = OptimizerConfig::fromPlan(plan.optimizer());
    if (opt.decaySteps == 0)
      opt.decaySteps = steps;
    std::vector<int32_t> tokens(micro * seq), targets(micro * seq);
    if (rank == 0)
      std::cout << "train: " << plan.model().name() << " on " << device.deviceName << " x "
                << dp << ", device arena " << (exec.arenaLayout().totalBytes >> 20)
                << " MiB\n";
    for (int64_t it = 0; it < steps; ++it) {
      auto t0 = std::chrono::steady_clock::now();
      double lossSum = 0;
      for (int64_t m = 0; m < microBatches; ++m) {
        source->fill(it, m, tokens.data(), targets.data());
        exec.setBatch(tokens.data(), targets.data());
        // Gradients sum over ranks: 1 / (micro-batches x ranks) averages them.
        lossSum += exec.forwardBackward(1.0f / static_cast<float>(microBatches * dp),
                                        m + 1 == microBatches)
                       .mean();
      }
      StepReport r = exec.optimizerStep(opt);
      double loss = lossSum / microBatches;
      if (dp > 1) {
        world->allReduce(&loss, 1, comm::DataType::F64, comm::ReduceOp::Sum);
        loss /= dp;
      }
      double ms = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - t0).count();
      if (rank == 0 && ((it + 1) % logEvery == 0 || it + 1 == steps))
        std::printf("iteration %lld/%lld: loss %.6f | grad norm %.4f | lr %.3e | %.1f ms | "
                    "%.0f tokens/s\n",
                    (long long)(it + 1), (long long)steps, loss, r.gradNorm, r.lr, ms,
                    globalBatch * seq / (ms / 1000.0));
    }
    exec.synchronize();
    return 0;
  } catch (const FlagError &e) {
    fail(e.what()); // every rank parses the same flags: all exit 2, no abort needed
    return 2;
  } catch (const std::exception &e) {
    // A failure past the start-up agreement may leave peers inside NCCL:
    // end the whole job instead of letting them hang.
    std::cerr << "train (rank " << rank << "): error: " << e.what() << std::endl;
    if (world->size() > 1)
      world->abort(1);
    return 1;
  }
}

} // namespace mtc::runtime
