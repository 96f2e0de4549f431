#include "optim/GradBuckets.h"
#include "exec/Executor.h"

#include "kernels/kernels.h"

#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace mtc::runtime {

std::vector<std::vector<int>> gradientWriters(const pb::Plan &plan) {
  using google::protobuf::FieldDescriptor;
  std::vector<std::vector<int>> writers(plan.steps_size());
  for (int s = 0; s < plan.steps_size(); ++s) {
    const pb::Step &step = plan.steps(s);
    const auto *reflection = step.GetReflection();
    const FieldDescriptor *kernelField =
        step.GetDescriptor()->FindFieldByNumber(static_cast<int>(step.kernel_case()));
    if (!kernelField || kernelField->type() != FieldDescriptor::TYPE_MESSAGE)
      continue;
    const auto &kernel = reflection->GetMessage(step, kernelField);
    const auto *kd = kernel.GetDescriptor();
    const auto *kr = kernel.GetReflection();
    for (int f = 0; f < kd->field_count(); ++f) {
      const FieldDescriptor *field = kd->field(f);
      const std::string &name = field->name();
      if (name.size() <= 5 || name.compare(name.size() - 5, 5, "_grad") != 0 ||
          field->cpp_type() != FieldDescriptor::CPPTYPE_INT32 || field->is_repeated())
        continue;
      // `bias_grad` is meaningful only with `has_bias`, `wpe_grad` with `has_wpe`.
      const FieldDescriptor *has = kd->FindFieldByName("has_" + name.substr(0, name.size() - 5));
      if (has && has->cpp_type() == FieldDescriptor::CPPTYPE_BOOL && !kr->GetBool(kernel, has))
        continue;
      const int id = kr->GetInt32(kernel, field);
      if (id >= 0 && id < plan.params_size())
        writers[s].push_back(id);
    }
  }
  return writers;
}

std::vector<GradBucket> makeGradBuckets(const pb::Plan &plan,
                                        const std::vector<int64_t> &offsets,
                                        const std::vector<int64_t> &sizes,
                                        int64_t bucketBytes) {
  const int numParams = static_cast<int>(offsets.size());
  std::vector<int> lastWrite(numParams, -1);
  auto writers = gradientWriters(plan);
  for (int s = 0; s < static_cast<int>(writers.size()); ++s)
    for (int id : writers[s])
      lastWrite[id] = std::max(lastWrite[id], s);

  // Params by flat offset, last first: a bucket is a contiguous range.
  std::vector<int> order(numParams);
  for (int i = 0; i < numParams; ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return offsets[a] > offsets[b]; });
  std::vector<GradBucket> buckets;
  GradBucket current;
  int64_t bytes = 0;
  for (int id : order) {
    if (current.params.empty())
      current.end = offsets[id] + sizes[id];
    current.begin = offsets[id];
    current.params.push_back(id);
    current.readyAfterStep = std::max(current.readyAfterStep, lastWrite[id]);
    bytes += sizes[id] * static_cast<int64_t>(sizeof(float));
    if (bytes >= bucketBytes) {
      buckets.push_back(current);
      current = {};
      bytes = 0;
    }
  }
  if (!current.params.empty())
    buckets.push_back(current);
  return buckets;
}

GradBuckets::GradBuckets(Executor &exec, comm::Communicator &group, int64_t bucketBytes)
    : exec(exec), group(group) {
  if (bucketBytes <= 0)
    throw std::invalid_argument("--dp-bucket-mb must be positive (got " +
                                std::to_string(bucketBytes) + " bytes)");
  std::vector<int64_t> offsets(exec.numParams()), sizes(exec.numParams());
  for (int id = 0; id < exec.numParams(); ++id) {
    offsets[id] = exec.paramOffset(id);
    sizes[id] = exec.paramElements(id);
  }
  all = makeGradBuckets(exec.plan(), offsets, sizes, bucketBytes);
  readyAt.assign(exec.plan().steps_size(), {});
  for (size_t b = 0; b < all.size(); ++b)
    if (all[b].readyAfterStep >= 0)
      readyAt[all[b].readyAfterStep].push_back(b);
  pending.resize(all.size());
  started.assign(all.size(), false);
}

void GradBuckets::beginLastMicroBatch() {
  armed = true;
  overlapped = 0;
  std::fill(started.begin(), started.end(), false);
  // Buckets no step writes are final already.
  for (size_t b = 0; b < all.size(); ++b)
    if (all[b].readyAfterStep < 0)
      launch(b);
}

void GradBuckets::launch(size_t b) {
  started[b] = true;
  pending[b] = group.iallReduce(exec.flatGrads() + all[b].begin,
                                static_cast<size_t>(all[b].end - all[b].begin),
                                comm::DataType::F32, comm::ReduceOp::Sum);
}

void GradBuckets::afterStep(int step) {
  if (!armed)
    return;
  if (step >= 0 && step < static_cast<int>(readyAt.size()))
    for (size_t b : readyAt[step])
      if (!started[b]) {
        launch(b);
        ++overlapped;
      }
  // MPI progresses nonblocking collectives only inside MPI calls.
  for (size_t b = 0; b < pending.size(); ++b)
    if (pending[b] && pending[b]->test())
      pending[b].reset();
}

GradSyncTimes GradBuckets::finish() {
  armed = false;
  auto start = std::chrono::steady_clock::now();
  for (size_t b = 0; b < all.size(); ++b)
    if (!started[b])
      launch(b);
  for (auto &request : pending)
    if (request) {
      request->wait();
      request.reset();
    }
  GradSyncTimes times;
  times.exposedSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  exec.backend().scale(exec.flatGrads(), 1.0f / static_cast<float>(group.size()),
                       exec.flatGrads(), exec.flatSize());
  times.buckets = static_cast<int64_t>(all.size());
  times.overlapped = overlapped;
  return times;
}

std::string GradBuckets::describe() const {
  char text[160];
  int64_t elements = 0;
  for (const GradBucket &b : all)
    elements += b.end - b.begin;
  std::snprintf(text, sizeof text,
                "data-parallel gradient buckets: %zu over %lld floats (%.2f MiB), group of %d",
                all.size(), static_cast<long long>(elements), elements * 4.0 / (1 << 20),
                group.size());
  return text;
}

} // namespace mtc::runtime
