// The safetensors format (Hugging Face): 8-byte little-endian header length, a
// JSON header {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__":
// {string: string}}, then the raw little-endian tensor bytes. We write F32 only
// and read F32 (plus F16/BF16, widened), which covers exported GPT-2 weights.
// Our files carry each tensor's CRC32C in the metadata under "crc32c" (a JSON
// object {name: "8 hex digits"}); the reader verifies it on every read.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace mtc::runtime {

class FormatError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct TensorView {
  std::string name;
  std::vector<int64_t> shape;
  const float *data = nullptr;
};

struct SafetensorsSummary {
  uint64_t bytes = 0;        // the whole file
  uint32_t headerCrc32c = 0; // of the 8 length bytes and the JSON header
};

// The metadata key of the per-tensor checksums (reserved).
constexpr const char *kCrc32cKey = "crc32c";

// Writes PATH atomically and durably (PATH.tmp, every write checked, fsync,
// rename, fsync of the folder). Throws FormatError naming the file and the
// reason (e.g. "No space left on device"); PATH is untouched then.
SafetensorsSummary writeSafetensors(const std::string &path,
                                    const std::vector<TensorView> &tensors,
                                    const std::map<std::string, std::string> &metadata = {});

class SafetensorsFile {
public:
  struct Entry {
    std::string dtype;
    std::vector<int64_t> shape;
    uint64_t begin = 0, end = 0; // byte range in the data section
    int64_t elements() const;
  };

  // Reads and checks the header (offsets inside the file, sizes matching dtype
  // and shape); throws FormatError naming the file and the problem.
  explicit SafetensorsFile(const std::string &path);

  const std::string &path() const { return filePath; }
  bool contains(const std::string &name) const { return entries.count(name) != 0; }
  const Entry &entry(const std::string &name) const;
  std::vector<std::string> names() const;
  const std::map<std::string, std::string> &metadata() const { return meta; }
  uint64_t fileSize() const { return size; }
  uint32_t headerCrc32c() const { return headerCrc; }
  // True when the file stores a checksum for every tensor.
  bool hasChecksums() const { return !checksums.empty(); }
  // The tensor as f32 (out holds entry(name).elements() floats). Verifies its
  // CRC32C when the file has checksums: a mismatch throws FormatError naming
  // the file and the tensor.
  void read(const std::string &name, float *out) const;
  std::vector<float> read(const std::string &name) const;

private:
  std::string filePath;
  uint64_t dataStart = 0, size = 0;
  uint32_t headerCrc = 0;
  std::map<std::string, Entry> entries;
  std::map<std::string, uint32_t> checksums;
  std::map<std::string, std::string> meta;
};

// "[768, 50304]"
std::string shapeString(const std::vector<int64_t> &shape);

// The packed QKV columns of c_attn (weight [In, 3H], bias [3H]). mtc computes in
// Megatron-LM's per-head interleaved order, [heads][q,k,v][headDim], so a split
// by whole heads is contiguous; GPT-2 checkpoints store [q,k,v][heads][headDim].
// Exported files use GPT-2's order so they load into any GPT-2 implementation.
// Both permute each of `rows` rows of 3 * heads * headDim columns; out != in.
void qkvMegatronToGpt2(const float *in, float *out, int64_t rows, int64_t heads,
                       int64_t headDim);
void qkvGpt2ToMegatron(const float *in, float *out, int64_t rows, int64_t heads,
                       int64_t headDim);

} // namespace mtc::runtime
