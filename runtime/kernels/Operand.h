// A kernel operand whose values may be stored in 16 bits: where it is and
// the type its elements are stored in (kernels/math/precision.h). A bf16 or
// fp16 run keeps its activations, activation gradients and the kernels'
// parameter copy in 16 bits (docs/precision.md); kernels that take In / Out
// read and write them as stored and compute in fp32. A float pointer converts
// to an fp32 operand, so fp32 callers pass their arrays as before.
#pragma once
#include "kernels/math/precision.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace mtc::kernels {

/// "fp32" (or ""), "bf16", "fp16"; throws std::invalid_argument otherwise.
inline StorageType parseStorageType(const std::string &name) {
  if (name.empty() || name == "fp32")
    return StorageType::F32;
  if (name == "bf16")
    return StorageType::BF16;
  if (name == "fp16")
    return StorageType::FP16;
  throw std::invalid_argument("precision '" + name + "' is unknown (fp32, bf16 or fp16)");
}

inline const char *storageTypeName(StorageType type) {
  switch (type) {
  case StorageType::BF16: return "bf16";
  case StorageType::FP16: return "fp16";
  default: return "fp32";
  }
}

/// Bytes an element of `type` takes.
constexpr int64_t storageBytes(StorageType type) { return type == StorageType::F32 ? 4 : 2; }

struct Out {
  void *data = nullptr;
  StorageType type = StorageType::F32;
  Out() = default;
  Out(std::nullptr_t) {}
  Out(float *f) : data(f) {}
  Out(void *data, StorageType type) : data(data), type(type) {}
  explicit operator bool() const { return data != nullptr; }
  bool isF32() const { return type == StorageType::F32; }
  /// The fp32 array (callers check isF32 first).
  float *f32() const { return static_cast<float *>(data); }
  /// The operand `elements` further on.
  Out at(int64_t elements) const {
    return {static_cast<char *>(data) + elements * storageBytes(type), type};
  }
};

struct In {
  const void *data = nullptr;
  StorageType type = StorageType::F32;
  In() = default;
  In(std::nullptr_t) {}
  In(const float *f) : data(f) {}
  In(Out o) : data(o.data), type(o.type) {}
  In(const void *data, StorageType type) : data(data), type(type) {}
  explicit operator bool() const { return data != nullptr; }
  bool isF32() const { return type == StorageType::F32; }
  const float *f32() const { return static_cast<const float *>(data); }
  In at(int64_t elements) const {
    return {static_cast<const char *>(data) + elements * storageBytes(type), type};
  }
};

/// Host memory: dst[i] = src[i] converted from srcType to dstType (rounded to
/// nearest even when narrowing; the same bits as the GPU's conversions).
/// Threaded and vectorized; src == dst only when the types are equal.
void convert(In src, Out dst, int64_t n);

} // namespace mtc::kernels
