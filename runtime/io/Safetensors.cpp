#include "io/Safetensors.h"
#include "io/Crc32c.h"
#include "io/DurableFile.h"
#include "io/JsonDepth.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace mtc::runtime {

using json = nlohmann::json;

std::string shapeString(const std::vector<int64_t> &shape) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < shape.size(); ++i)
    os << (i ? ", " : "") << shape[i];
  os << "]";
  return os.str();
}

static_assert(sizeof(float) == 4, "f32 tensors");

static bool littleEndianHost() {
  uint32_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

static int64_t numElements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t SafetensorsFile::Entry::elements() const { return numElements(shape); }

SafetensorsSummary writeSafetensors(const std::string &path,
                                    const std::vector<TensorView> &tensors,
                                    const std::map<std::string, std::string> &metadata) {
  if (!littleEndianHost())
    throw FormatError("safetensors writer needs a little-endian host");
  if (metadata.count(kCrc32cKey))
    throw FormatError("safetensors '" + path + "': metadata key '" + kCrc32cKey +
                      "' is reserved for the checksums");
  json header = json::object();
  json checksums = json::object();
  uint64_t offset = 0;
  for (const TensorView &t : tensors) {
    uint64_t bytes = static_cast<uint64_t>(numElements(t.shape)) * 4;
    if (header.contains(t.name))
      throw FormatError("safetensors '" + path + "': tensor name '" + t.name + "' repeats");
    header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
    checksums[t.name] = crc32cHex(crc32c(t.data, bytes));
    offset += bytes;
  }
  std::map<std::string, std::string> meta = metadata;
  meta[kCrc32cKey] = checksums.dump();
  header["__metadata__"] = meta;
  std::string text = header.dump();
  // The format pads the header with spaces to an 8-byte multiple.
  while (text.size() % 8)
    text.push_back(' ');
  const uint64_t headerLength = text.size();
  SafetensorsSummary summary;
  summary.headerCrc32c = crc32c(text.data(), text.size(), crc32c(&headerLength, 8));
  try {
    AtomicFileWriter out(path);
    out.write(&headerLength, 8);
    out.write(text.data(), text.size());
    for (const TensorView &t : tensors)
      out.write(t.data, static_cast<size_t>(numElements(t.shape)) * 4);
    summary.bytes = out.bytesWritten();
    out.commit();
  } catch (const IoError &e) {
    throw FormatError(std::string("writing safetensors failed: ") + e.what());
  }
  return summary;
}

SafetensorsFile::SafetensorsFile(const std::string &path) : filePath(path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw FormatError("cannot open safetensors file '" + path + "': " + std::strerror(errno));
  in.seekg(0, std::ios::end);
  uint64_t fileSize = static_cast<uint64_t>(in.tellg());
  size = fileSize;
  in.seekg(0);
  uint64_t headerLength = 0;
  if (fileSize < 8 || !in.read(reinterpret_cast<char *>(&headerLength), 8))
    throw FormatError("'" + path + "' is too short to be a safetensors file");
  if (headerLength > fileSize - 8 || headerLength > (100u << 20))
    throw FormatError("'" + path + "': header length " + std::to_string(headerLength) +
                      " does not fit the file of " + std::to_string(fileSize) + " bytes");
  std::string text(headerLength, '\0');
  if (!in.read(text.data(), headerLength))
    throw FormatError("'" + path + "': reading the header failed");
  headerCrc = crc32c(text.data(), text.size(), crc32c(&headerLength, 8));
  dataStart = 8 + headerLength;
  if (int depth = jsonNestingDepth(text); depth > kMaxJsonDepth)
    throw FormatError("'" + path + "': header nests JSON " + std::to_string(depth) +
                      " levels deep (at most " + std::to_string(kMaxJsonDepth) + ")");
  json header;
  try {
    header = json::parse(text);
  } catch (const std::exception &e) {
    throw FormatError("'" + path + "': header is not valid JSON: " + e.what());
  }
  if (!header.is_object())
    throw FormatError("'" + path + "': header is not a JSON object");
  uint64_t dataBytes = fileSize - dataStart;
  for (auto it = header.begin(); it != header.end(); ++it) {
    if (it.key() == "__metadata__") {
      if (it->is_object())
        for (auto m = it->begin(); m != it->end(); ++m)
          if (m->is_string())
            meta[m.key()] = m->get<std::string>();
      continue;
    }
    try {
      Entry e;
      e.dtype = it->at("dtype").get<std::string>();
      e.shape = it->at("shape").get<std::vector<int64_t>>();
      int64_t product = 1;
      for (int64_t d : e.shape)
        if (d < 0 || __builtin_mul_overflow(product, d, &product) ||
            product > (int64_t(1) << 60))
          throw FormatError("shape " + shapeString(e.shape) + " is negative or too large");
      auto offsets = it->at("data_offsets").get<std::vector<uint64_t>>();
      if (offsets.size() != 2)
        throw FormatError("data_offsets must hold 2 numbers");
      e.begin = offsets[0];
      e.end = offsets[1];
      int64_t width = e.dtype == "F32" ? 4 : (e.dtype == "F16" || e.dtype == "BF16") ? 2 : 0;
      if (width == 0)
        throw FormatError("dtype " + e.dtype + " is not supported (F32, F16, BF16 are)");
      if (e.end < e.begin || e.end > dataBytes)
        throw FormatError("data_offsets [" + std::to_string(e.begin) + ", " +
                          std::to_string(e.end) + ") fall outside the " +
                          std::to_string(dataBytes) + " data bytes");
      if (e.end - e.begin != static_cast<uint64_t>(e.elements() * width))
        throw FormatError("shape " + shapeString(e.shape) + " of " + e.dtype + " needs " +
                          std::to_string(e.elements() * width) + " bytes, offsets give " +
                          std::to_string(e.end - e.begin));
      entries[it.key()] = e;
    } catch (const FormatError &e) {
      throw FormatError("'" + path + "': tensor '" + it.key() + "': " + e.what());
    } catch (const std::exception &e) {
      throw FormatError("'" + path + "': tensor '" + it.key() + "' has a malformed entry: " +
                        e.what());
    }
  }
  auto stored = meta.find(kCrc32cKey);
  if (stored == meta.end())
    return; // another writer's file (or a version-1 checkpoint): nothing to verify
  try {
    if (jsonNestingDepth(stored->second) > kMaxJsonDepth)
      throw FormatError("nested too deeply");
    const json parsed = json::parse(stored->second);
    if (!parsed.is_object())
      throw FormatError("not a JSON object");
    for (auto it = parsed.begin(); it != parsed.end(); ++it) {
      const std::string &name = it.key();
      const std::string digits = it->get<std::string>();
      size_t used = 0;
      unsigned long value = std::stoul(digits, &used, 16);
      if (used != digits.size() || digits.size() != 8)
        throw FormatError("'" + digits + "' is not 8 hex digits");
      checksums[name] = static_cast<uint32_t>(value);
    }
  } catch (const std::exception &e) {
    throw FormatError("'" + path + "': the metadata's " + kCrc32cKey +
                      " checksums are malformed: " + e.what());
  }
  for (const auto &[name, e] : entries)
    if (!checksums.count(name))
      throw FormatError("'" + path + "': tensor '" + name + "' has no " + kCrc32cKey +
                        " checksum although the file has checksums");
}

const SafetensorsFile::Entry &SafetensorsFile::entry(const std::string &name) const {
  auto it = entries.find(name);
  if (it == entries.end())
    throw FormatError("'" + filePath + "' has no tensor named '" + name + "'");
  return it->second;
}

std::vector<std::string> SafetensorsFile::names() const {
  std::vector<std::string> out;
  for (const auto &[name, e] : entries)
    out.push_back(name);
  return out;
}

static float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  uint32_t bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else { // subnormal: renormalize
      int e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while (!(mantissa & 0x400));
      bits = sign | ((127 - 15 - e) << 23) | ((mantissa & 0x3ff) << 13);
    }
  } else if (exponent == 31) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

void SafetensorsFile::read(const std::string &name, float *out) const {
  const Entry &e = entry(name);
  std::ifstream in(filePath, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(dataStart + e.begin));
  uint64_t bytes = e.end - e.begin;
  uint32_t crc = 0;
  if (e.dtype == "F32") {
    in.read(reinterpret_cast<char *>(out), bytes);
    crc = crc32c(out, bytes);
  } else {
    std::vector<uint16_t> raw(bytes / 2);
    in.read(reinterpret_cast<char *>(raw.data()), bytes);
    crc = crc32c(raw.data(), bytes);
    for (size_t i = 0; i < raw.size(); ++i) {
      if (e.dtype == "F16") {
        out[i] = halfToFloat(raw[i]);
      } else {
        uint32_t bits = static_cast<uint32_t>(raw[i]) << 16;
        std::memcpy(&out[i], &bits, 4);
      }
    }
  }
  if (!in)
    throw FormatError("'" + filePath + "': reading tensor '" + name + "' failed (truncated?)");
  auto stored = checksums.find(name);
  if (stored != checksums.end() && stored->second != crc)
    throw FormatError("'" + filePath + "': tensor '" + name + "' is corrupt: its CRC32C is " +
                      crc32cHex(crc) + ", the file says " + crc32cHex(stored->second));
}

std::vector<float> SafetensorsFile::read(const std::string &name) const {
  std::vector<float> out(entry(name).elements());
  read(name, out.data());
  return out;
}

// Column (part, head, d) sits at (head * 3 + part) * headDim + d in Megatron's
// order and at (part * heads + head) * headDim + d in GPT-2's.
static void permuteQkv(const float *in, float *out, int64_t rows, int64_t heads,
                       int64_t headDim, bool toGpt2) {
  const int64_t width = 3 * heads * headDim;
  for (int64_t r = 0; r < rows; ++r) {
    const float *src = in + r * width;
    float *dst = out + r * width;
    for (int64_t head = 0; head < heads; ++head)
      for (int64_t part = 0; part < 3; ++part) {
        const int64_t megatron = (head * 3 + part) * headDim;
        const int64_t gpt2 = (part * heads + head) * headDim;
        if (toGpt2)
          std::memcpy(dst + gpt2, src + megatron, headDim * sizeof(float));
        else
          std::memcpy(dst + megatron, src + gpt2, headDim * sizeof(float));
      }
  }
}

void qkvMegatronToGpt2(const float *in, float *out, int64_t rows, int64_t heads,
                       int64_t headDim) {
  permuteQkv(in, out, rows, heads, headDim, /*toGpt2=*/true);
}

void qkvGpt2ToMegatron(const float *in, float *out, int64_t rows, int64_t heads,
                       int64_t headDim) {
  permuteQkv(in, out, rows, heads, headDim, /*toGpt2=*/false);
}

} // namespace mtc::runtime
