#include "interop/WeightFiles.h"
#include "exec/Executor.h"
#include "interop/HfBertNames.h"
#include "interop/HfGpt2Names.h"
#include "interop/HfLlamaNames.h"
#include "io/Safetensors.h"
#include "io/Slices.h"

#include "comm/Communicator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace mtc::runtime {

using json = nlohmann::json;

namespace {

constexpr int kGatherTag = 0x6d7463; // "mtc": apart from the pipeline's tags

std::vector<int64_t> toVector(const google::protobuf::RepeatedField<int64_t> &field) {
  return {field.begin(), field.end()};
}

// Names in the order a person expects: "h.2." before "h.10.".
bool naturalLess(const std::string &a, const std::string &b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie])))
        ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je])))
        ++je;
      const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
      if (x.size() != y.size() || x != y) // same length: lexical is numeric
        return x.size() != y.size() ? x.size() < y.size() : x < y;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j])
        return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// This rank's slices: what gatherFullTensors sends to rank 0.
json sliceList(const Executor &executor) {
  json list = json::array();
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    list.push_back({{"name", p.name()},
                    {"full_shape", toVector(p.full_shape())},
                    {"offset", executor.sliceOffset(id)},
                    {"shape", toVector(p.shape())},
                    {"flat", executor.paramOffset(id)}});
  }
  return list;
}

// Full tensors being put together on rank 0.
class Assembly {
public:
  void add(const json &slices, const float *flat, int64_t flatSize, int fromRank) {
    for (const json &s : slices) {
      const std::string name = s.at("name").get<std::string>();
      const auto fullShape = s.at("full_shape").get<std::vector<int64_t>>();
      const Box box{s.at("offset").get<std::vector<int64_t>>(),
                    s.at("shape").get<std::vector<int64_t>>()};
      const int64_t at = s.at("flat").get<int64_t>();
      if (at < 0 || at + elementCount(box.shape) > flatSize)
        throw FormatError("rank " + std::to_string(fromRank) + " sent param '" + name +
                          "' outside its " + std::to_string(flatSize) + " values");
      Entry &e = entries[name];
      if (e.covered.empty()) {
        e.shape = fullShape;
        e.data.assign(elementCount(fullShape), 0.f);
        e.covered.assign(e.data.size(), false);
      } else if (e.shape != fullShape) {
        throw FormatError("param '" + name + "' has full shape " + shapeString(e.shape) +
                          " on one rank and " + shapeString(fullShape) + " on rank " +
                          std::to_string(fromRank));
      }
      if (!copyOverlap(flat + at, box, e.data.data(), Box{std::vector<int64_t>(fullShape.size(), 0), fullShape},
                       e.covered))
        throw FormatError("param '" + name + "': rank " + std::to_string(fromRank) +
                          " holds other values than an earlier rank for the same elements");
    }
  }

  std::vector<FullTensor> take() {
    std::vector<FullTensor> out;
    for (auto &[name, e] : entries) {
      const int64_t missing = std::count(e.covered.begin(), e.covered.end(), false);
      if (missing)
        throw FormatError("param '" + name + "': no rank holds " + std::to_string(missing) +
                          " of its " + std::to_string(e.covered.size()) + " elements");
      out.push_back({name, e.shape, std::move(e.data)});
    }
    return out;
  }

private:
  struct Entry {
    std::vector<int64_t> shape;
    std::vector<float> data;
    std::vector<bool> covered;
  };
  std::map<std::string, Entry> entries;
};

const char *hfClassOf(const pb::Model &m) {
  if (usesHfBertNames(m))
    return "BertForPreTraining";
  if (usesHfLlamaNames(m))
    return m.experts() > 0 ? "MixtralForCausalLM" : "LlamaForCausalLM";
  if (usesHfGpt2Names(m))
    return "GPT2LMHeadModel";
  return nullptr;
}

std::vector<HfTensor> toHf(const FullTensor &t, const pb::Model &m) {
  if (usesHfBertNames(m))
    return toHfBert(t.name, t.shape, t.data.data(), m);
  if (usesHfLlamaNames(m))
    return toHfLlama(t.name, t.shape, t.data.data(), m);
  if (usesHfGpt2Names(m))
    return {toHfGpt2(t.name, t.shape, t.data.data(), m)};
  return {{t.name, t.shape, t.data}}; // a model without a Hugging Face class: mtc's names
}

void exportOneRank(const std::string &path, Executor &executor, float *flat) {
  comm::SelfCommunicator self;
  writeWeightFile(path, gatherFullTensors(executor, flat, self, {0}), executor.plan().model());
}

// How a file names the model's tensors.
enum class Naming { Gpt2, Bert, Llama, Mtc };

Naming namingOf(const SafetensorsFile &file, const pb::Model &m) {
  if (usesHfGpt2Names(m))
    return Naming::Gpt2;
  const std::vector<std::string> names = file.names();
  if (usesHfLlamaNames(m) && isHfLlamaFile(names))
    return Naming::Llama;
  // A BERT plan also takes a file of BertForPreTraining's names, told apart by
  // its prefixes: per file, since a BertModel's "pooler.dense.weight" is
  // [out, in] where mtc's own name stores [in, out].
  if (usesHfBertNames(m))
    for (const std::string &name : names)
      for (const char *prefix : {"bert.", "cls.", "embeddings.", "encoder."})
        if (name.rfind(prefix, 0) == 0)
          return Naming::Bert;
  return Naming::Mtc;
}

const char *namingText(Naming naming) {
  switch (naming) {
  case Naming::Gpt2: return "GPT2LMHeadModel's names";
  case Naming::Bert: return "BertForPreTraining's names";
  case Naming::Llama: return "LlamaForCausalLM's names";
  case Naming::Mtc: return "mtc's names";
  }
  return "";
}

// A tensor of mtc's own name: the param's full shape, or a vocabulary table
// with the real vocabulary's rows (the padding rows stay zero).
std::vector<float> fromMtcName(const std::string &name, const std::vector<int64_t> &fullShape,
                               const pb::Model &m, const HfTensorReader &read) {
  HfTensor t;
  if (!read(name, &t))
    throw FormatError("tensor '" + name + "' is missing");
  const bool vocabRows = t.shape.size() == fullShape.size() && !fullShape.empty() &&
                         t.shape[0] == m.vocab() && fullShape[0] == m.padded_vocab() &&
                         std::equal(t.shape.begin() + 1, t.shape.end(), fullShape.begin() + 1);
  if (t.shape != fullShape && !vocabRows)
    throw FormatError("tensor '" + name + "' has shape " + shapeString(t.shape) + ", param '" +
                      name + "' needs " + shapeString(fullShape));
  t.data.resize(elementCount(fullShape), 0.f);
  return t.data;
}

// Buffers Hugging Face's BERT files may carry besides the weights: constants
// (position ids 0..n-1) that from_pretrained ignores too.
bool harmlessBertBuffer(const std::string &name) {
  return name == "bert.embeddings.position_ids" || name == "embeddings.position_ids";
}

// "a; b; c (and 4 more)"
std::string listProblems(const std::vector<std::string> &problems) {
  constexpr size_t kShown = 8;
  std::string text;
  for (size_t i = 0; i < problems.size() && i < kShown; ++i)
    text += (i ? "; " : "") + problems[i];
  if (problems.size() > kShown)
    text += " (and " + std::to_string(problems.size() - kShown) + " more)";
  return text;
}

} // namespace

std::vector<FullTensor> gatherFullTensors(Executor &executor, float *flat,
                                          comm::Communicator &world,
                                          const std::vector<int> &holders) {
  if (holders.empty() || holders.front() != 0)
    throw std::invalid_argument("gatherFullTensors: world rank 0 must be the first holder");
  const bool holds = std::find(holders.begin(), holders.end(), world.rank()) != holders.end();
  if (!holds)
    return {};
  HostView host(executor.backend(), flat, executor.flatSize());
  const json mine = sliceList(executor);
  if (world.rank() != 0) {
    const std::string header = mine.dump();
    int64_t sizes[2] = {static_cast<int64_t>(header.size()), executor.flatSize()};
    world.send(sizes, 2, comm::DataType::I64, 0, kGatherTag);
    world.send(header.data(), header.size(), comm::DataType::U8, 0, kGatherTag);
    world.send(host.data(), static_cast<size_t>(sizes[1]), comm::DataType::F32, 0, kGatherTag);
    return {};
  }
  // Every holder's messages are received even after a bad one: a holder left
  // blocked in its send would hang the job instead of failing it.
  Assembly assembly;
  std::string problem;
  auto add = [&](const json &slices, const float *values, int64_t count, int rank) {
    if (!problem.empty())
      return;
    try {
      assembly.add(slices, values, count, rank);
    } catch (const std::exception &e) {
      problem = e.what();
    }
  };
  add(mine, host.data(), executor.flatSize(), 0);
  for (int rank : holders) {
    if (rank == 0)
      continue;
    int64_t sizes[2] = {0, 0};
    world.recv(sizes, 2, comm::DataType::I64, rank, kGatherTag);
    std::string header(static_cast<size_t>(sizes[0]), '\0');
    world.recv(header.data(), header.size(), comm::DataType::U8, rank, kGatherTag);
    std::vector<float> values(static_cast<size_t>(sizes[1]));
    world.recv(values.data(), values.size(), comm::DataType::F32, rank, kGatherTag);
    add(json::parse(header, nullptr, /*allow_exceptions=*/false), values.data(), sizes[1], rank);
  }
  if (!problem.empty())
    throw FormatError(problem);
  return assembly.take();
}

void writeWeightFile(const std::string &path, const std::vector<FullTensor> &tensors,
                     const pb::Model &model) {
  std::vector<HfTensor> hf;
  for (const FullTensor &t : tensors)
    for (HfTensor &h : toHf(t, model))
      hf.push_back(std::move(h));
  std::sort(hf.begin(), hf.end(),
            [](const HfTensor &a, const HfTensor &b) { return naturalLess(a.name, b.name); });
  std::vector<TensorView> views;
  for (const HfTensor &t : hf)
    views.push_back({t.name, t.shape, t.data.data()});
  // Nothing that depends on the layout (the padded vocabulary, the
  // fingerprint): every layout writes the same bytes.
  std::map<std::string, std::string> metadata{
      {"format", "pt"}, {"mtc_model", model.name()}, {"mtc_vocab", std::to_string(model.vocab())}};
  if (const char *hfClass = hfClassOf(model))
    metadata["mtc_names"] = hfClass;
  writeSafetensors(path, views, metadata);
}

void exportSafetensors(const std::string &path, Executor &executor) {
  exportOneRank(path, executor, executor.flatParams());
}

void exportGradients(const std::string &path, Executor &executor) {
  exportOneRank(path, executor, executor.flatGrads());
}

int importSafetensors(const std::string &path, Executor &executor, std::string *report) {
  return importSafetensors(path, executor, executor.plan(), report);
}

int importSafetensors(const std::string &path, Executor &executor, const pb::Plan &model,
                      std::string *report) {
  SafetensorsFile file(path);
  const pb::Model &m = model.model();
  const Naming naming = namingOf(file, m);
  std::set<std::string> consumed;
  HfTensorReader read = [&](const std::string &name, HfTensor *out) {
    if (!file.contains(name))
      return false;
    out->shape = file.entry(name).shape;
    out->data = file.read(name);
    consumed.insert(name);
    return true;
  };

  std::vector<std::string> problems;
  try { // what the model as a whole has no place for
    if (naming == Naming::Gpt2)
      checkHfGpt2File(file.names(), m, read);
    else if (naming == Naming::Llama)
      checkHfLlamaFile(file.names(), m, read);
  } catch (const FormatError &e) {
    problems.push_back(e.what());
  }

  // Staged on the host: the parameters change only when the whole file fits.
  HostView weights(executor.backend(), executor.flatParams(), executor.flatSize());
  std::vector<float> staged(weights.data(), weights.data() + executor.flatSize());
  int loaded = 0;
  for (const pb::Param &p : model.params()) {
    const std::vector<int64_t> fullShape = toVector(p.full_shape());
    std::vector<float> full;
    try {
      switch (naming) {
      case Naming::Gpt2:
        full = fromHfGpt2(p.name(), fullShape, m, read);
        break;
      case Naming::Llama:
        full = fromHfLlama(p.name(), fullShape, m, read);
        break;
      case Naming::Bert:
        if (!fromHfBert(p.name(), fullShape, m, read, &full)) {
          const std::vector<std::string> hf = hfBertNames(p.name());
          throw FormatError("tensor '" + (hf.empty() ? p.name() : hf[0]) + "' (param '" +
                            p.name() + "') is missing");
        }
        break;
      case Naming::Mtc:
        full = fromMtcName(p.name(), fullShape, m, read);
        break;
      }
    } catch (const FormatError &e) {
      problems.push_back(e.what());
      continue;
    }
    const int id = executor.findParam(p.name());
    if (id < 0)
      continue; // another pipeline stage's
    copySlice(full.data(), fullShape, executor.sliceOffset(id),
              toVector(executor.paramInfo(id).shape()), staged.data() + executor.paramOffset(id));
    ++loaded;
  }
  if (naming == Naming::Bert || naming == Naming::Mtc) {
    std::vector<std::string> unknown;
    for (const std::string &name : file.names())
      if (!consumed.count(name) && !(naming == Naming::Bert && harmlessBertBuffer(name)))
        unknown.push_back("'" + name + "'");
    if (!unknown.empty())
      problems.push_back("the model '" + m.name() + "' has no place for tensor(s) " +
                         listProblems(unknown));
  }
  if (!problems.empty())
    throw FormatError("'" + path + "' does not fit the model (" + std::to_string(problems.size()) +
                      " problem(s); no parameter was loaded): " + listProblems(problems));
  std::copy(staged.begin(), staged.end(), weights.data());
  weights.commit();
  executor.refreshWeights("--init-from");
  if (report) {
    std::ostringstream os;
    os << "loaded all " << model.params_size() << " params from '" << path << "' ("
       << namingText(naming) << ")";
    if (loaded != model.params_size())
      os << ", " << loaded << " of them on this pipeline stage";
    *report = os.str();
  }
  return loaded;
}

} // namespace mtc::runtime
