#include "backends/Backend.h"

#include <stdexcept>

namespace mtc::runtime {

namespace {
[[noreturn]] void noContextParallelism(const Backend &backend) {
  throw std::runtime_error(std::string("the ") + backend.name() +
                           " backend has no ring attention: it cannot run a context-parallel "
                           "plan (--context-parallel-size > 1)");
}
} // namespace

void Backend::attentionBlockForward(const kernels::AttentionBlock &, const float *,
                                    const float *, float *, float *, bool) {
  noContextParallelism(*this);
}
void Backend::attentionBlockBackward(const kernels::AttentionBlock &, const float *,
                                     const float *, const float *, const float *, const float *,
                                     float *, float *) {
  noContextParallelism(*this);
}
void Backend::packKeyValues(const kernels::AttentionShape &, int64_t, const float *, float *) {
  noContextParallelism(*this);
}
void Backend::addKeyValueGrads(const kernels::AttentionShape &, int64_t, int64_t, int64_t,
                               const float *, float *) {
  noContextParallelism(*this);
}

void Backend::biasGelu(const float *, const float *, float *, float *, int64_t, int64_t) {
  throw std::logic_error(std::string("the ") + name() + " backend has no fused bias+GeLU");
}

void Backend::biasDropoutResidual(const float *, const float *, const float *, float *, int64_t,
                                  int64_t, float, uint64_t, uint64_t) {
  throw std::logic_error(std::string("the ") + name() +
                         " backend has no fused bias+dropout+residual");
}

void Backend::addLayerNorm(const float *, const float *, float *, const float *, const float *,
                           float *, int64_t, int64_t, float) {
  throw std::logic_error(std::string("the ") + name() + " backend has no fused add+layer norm");
}

void Backend::linearBiasGelu(const float *, const float *, const float *, float *, float *,
                             int64_t, int64_t, int64_t, bool) {
  throw std::logic_error(std::string("the ") + name() + " backend has no fused linear+GeLU");
}

void Backend::linearBackwardInputGelu(const float *, const float *, const float *, float *,
                                      int64_t, int64_t, int64_t, bool) {
  throw std::logic_error(std::string("the ") + name() +
                         " backend has no fused linear+GeLU backward");
}

std::string Backend::selectCompute(kernels::StorageType, bool) { return "fp32 compute"; }

HostView::HostView(Backend &b, float *d, int64_t n, bool load)
    : backend(&b), device(d), count(n) {
  if (backend->hostAddressable())
    return;
  copy.resize(static_cast<size_t>(n));
  if (load && n > 0)
    backend->toHost(copy.data(), device, n * static_cast<int64_t>(sizeof(float)));
}

void HostView::commit() {
  if (!backend->hostAddressable() && count > 0)
    backend->toDevice(device, copy.data(), count * static_cast<int64_t>(sizeof(float)));
}

DeviceArray::DeviceArray(Backend &b, int64_t n, const std::string &what)
    : backend(&b), count(n) {
  ptr = static_cast<float *>(b.allocate(n * static_cast<int64_t>(sizeof(float)), what));
}

DeviceArray::~DeviceArray() {
  if (ptr)
    backend->release(ptr);
}

DeviceArray::DeviceArray(DeviceArray &&o) noexcept
    : backend(o.backend), ptr(o.ptr), count(o.count) {
  o.ptr = nullptr;
  o.count = 0;
}

DeviceArray &DeviceArray::operator=(DeviceArray &&o) noexcept {
  if (this != &o) {
    if (ptr)
      backend->release(ptr);
    backend = o.backend;
    ptr = o.ptr;
    count = o.count;
    o.ptr = nullptr;
    o.count = 0;
  }
  return *this;
}

std::vector<float> DeviceArray::toHost() const {
  std::vector<float> out(static_cast<size_t>(count));
  if (count > 0)
    backend->toHost(out.data(), ptr, count * static_cast<int64_t>(sizeof(float)));
  return out;
}

void DeviceArray::fromHost(const float *host, int64_t n) {
  if (n != count)
    throw std::invalid_argument("DeviceArray::fromHost: " + std::to_string(n) +
                                " floats for an array of " + std::to_string(count));
  if (n > 0)
    backend->toDevice(ptr, host, n * static_cast<int64_t>(sizeof(float)));
}

} // namespace mtc::runtime
