// mtc-file-fuzz-target: the file readers of the runtime and the tools, run in
// one process over many (mutated) files by test/fuzz/fuzz_files.py.
//
//   mtc-file-fuzz-target seed DIR          writes valid seed files of the kinds
//                                          made from a model (safetensors,
//                                          weights, checkpoint) into DIR
//   mtc-file-fuzz-target KIND INPUT...     reads each INPUT as KIND
//
// Each INPUT is read through the entry points the tools call, with the same
// error types (what train/generate --init-from, --load, --data-path and
// mtc-data --vocab-file / --tokenizer-model call):
//
//   safetensors  SafetensorsFile + read() of every tensor (checkpoint shards,
//                HF exports read back)
//   weights      importSafetensors into a tiny GPT-2 (train --init-from)
//   checkpoint   loadCheckpoint of a folder into a tiny GPT and its optimizer
//                (train --load)
//   indexed      IndexedDataset(PREFIX) + checkTokenIds + every document,
//                then GPT and BERT samples of it (--data-path; INPUT is the prefix)
//   gpt2-bpe     Tokenizer(DIR/encoder.json, DIR/vocab.bpe) + encode/decode
//   wordpiece    WordPieceTokenizer::fromFile(vocab.txt) + encode
//   sentencepiece, tiktoken, hf-tokenizer
//                ModelTokenizer::open(Llama2 / TikToken / HuggingFace, FILE)
//                + tokenize/decode
//
// One line per input on stdout, flushed before the next input starts:
//   BEGIN<TAB>INPUT
//   ACCEPTED<TAB>INPUT
//   REFUSED<TAB>INPUT<TAB>TYPE<TAB>message (newlines as \n; TYPE: FormatError,
//     CheckpointError, DataError, or "other" for any other std::exception)
// A crash leaves a BEGIN without its outcome. An input that runs longer than
// MTC_FUZZ_TIMEOUT seconds (default 10) prints HANG<TAB>INPUT and exits 3. Outside
// AddressSanitizer, a single allocation above MTC_FUZZ_MAX_ALLOC_MB (default
// 256) prints OVERSIZE<TAB>INPUT<TAB>bytes and exits 4 (under ASan,
// max_allocation_size_mb does the same).
#include "TinyPlan.h"

#include "checkpoint/Checkpoint.h"
#include "comm/Communicator.h"
#include "data/BertDataset.h"
#include "data/DataError.h"
#include "data/GptDataset.h"
#include "data/IndexedDataset.h"
#include "data/ModelTokenizer.h"
#include "data/Tokenizer.h"
#include "data/WordPiece.h"
#include "exec/Executor.h"
#include "interop/WeightFiles.h"
#include "io/Safetensors.h"
#include "optim/Optimizer.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <new>
#include <string>
#include <unistd.h>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MTC_FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define MTC_FUZZ_ASAN 1
#endif

namespace {

using namespace mtc;
using namespace mtc::runtime;

char currentInput[4096] = "";

void writeAll(const char *text) {
  size_t n = std::strlen(text);
  while (n > 0) {
    ssize_t w = ::write(1, text, n);
    if (w <= 0)
      return;
    text += w;
    n -= static_cast<size_t>(w);
  }
}

void onAlarm(int) {
  writeAll("HANG\t");
  writeAll(currentInput);
  writeAll("\n");
  _exit(3);
}

#ifndef MTC_FUZZ_ASAN
size_t maxAllocation = size_t(256) << 20;
#endif

} // namespace

#ifndef MTC_FUZZ_ASAN
// An allocation sized from a length field rather than from the file: refused
// loudly here (the inputs are small files).
static void *checkedNew(size_t bytes) {
  if (bytes > maxAllocation) {
    char line[64];
    std::snprintf(line, sizeof line, "\t%zu\n", bytes);
    writeAll("OVERSIZE\t");
    writeAll(currentInput);
    writeAll(line);
    _exit(4);
  }
  void *p = std::malloc(bytes ? bytes : 1);
  if (!p)
    throw std::bad_alloc();
  return p;
}
void *operator new(size_t bytes) { return checkedNew(bytes); }
void *operator new[](size_t bytes) { return checkedNew(bytes); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }
#endif

namespace {

// The GPT-2 geometry of the weights and checkpoint kinds: the runtime tests'
// tiny plan plus one attention's c_attn (hidden 8, 2 heads, vocabulary 11
// padded to 16).
pb::Plan tinyGptPlan() {
  pb::Plan plan = testing::makeTinyPlan();
  pb::Model m = plan.model();
  m.set_layers(1);
  m.set_heads(2);
  *plan.mutable_model() = m;
  testing::appendParam(plan, "h.0.attn.c_attn.weight", {8, 24});
  testing::appendParam(plan, "h.0.attn.c_attn.bias", {24});
  return plan;
}

const char *kSampleText = "Hello, world! The quick brown fox (1234) jumps\n over the lazy dog. "
                          "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac <|endoftext|> <s></s>  end";

int seed(const std::string &dir) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  ExecutorOptions options;
  options.seed = 7;
  Executor source(tinyGptPlan(), options);
  exportSafetensors(dir + "/weights.safetensors", source);
  comm::SelfCommunicator world;
  Optimizer optimizer(source, OptimizerConfig{});
  TrainingState state;
  state.iteration = 3;
  state.consumedSamples = 24;
  state.seed = 1234;
  fs::remove_all(dir + "/checkpoint");
  saveCheckpoint(dir + "/checkpoint", state, source, optimizer, world);
  std::printf("seeds written to %s\n", dir.c_str());
  return 0;
}

std::function<void(const std::string &)> readerOf(const std::string &kind) {
  using data::ModelTokenizer;
  using data::ModelTokenizerKind;
  auto modelTokenizer = [](ModelTokenizerKind k) {
    return [k](const std::string &path) {
      ModelTokenizer t = ModelTokenizer::open(k, path);
      std::vector<int32_t> ids = t.tokenize(kSampleText);
      std::vector<int32_t> valid;
      for (int32_t id : ids)
        if (id >= 0 && id < t.vocabSize())
          valid.push_back(id);
      (void)t.decode(valid);
    };
  };
  if (kind == "safetensors")
    return [](const std::string &path) {
      SafetensorsFile file(path);
      for (const std::string &name : file.names())
        (void)file.read(name);
    };
  if (kind == "weights")
    return [](const std::string &path) {
      static Executor *executor = new Executor(tinyGptPlan(), {});
      importSafetensors(path, *executor);
    };
  if (kind == "checkpoint")
    return [](const std::string &path) {
      static Executor *executor = new Executor(tinyGptPlan(), {});
      static Optimizer *optimizer = new Optimizer(*executor, OptimizerConfig{});
      comm::SelfCommunicator world;
      loadCheckpoint(path, *executor, optimizer, world);
    };
  if (kind == "indexed")
    return [](const std::string &prefix) {
      data::IndexedDataset dataset(prefix);
      dataset.checkTokenIds(50257, "GPT-2's vocabulary");
      for (int64_t d = 0; d < dataset.documentCount(); ++d)
        (void)dataset.document(d);
      // What training reads from it: GPT samples (Megatron's three indices)
      // and BERT samples, each one read.
      if (dataset.tokenCount() >= 2 && dataset.sequenceCount() > 0) {
        data::GptDataset gpt(dataset, {0, dataset.sequenceCount()}, 8, 32, 1);
        for (int64_t i = 0; i < gpt.size() && i < 64; ++i)
          (void)gpt.sample(i);
      }
      if (dataset.documentCount() > 0) {
        data::BertDatasetOptions options;
        options.seqLength = 16;
        options.special = {101, 102, 103, 0};
        options.vocabSize = 50257;
        try {
          data::BertDataset bert(dataset, {0, dataset.documentCount()}, options);
          data::BertSample sample;
          for (int64_t i = 0; i < bert.samplesPerEpoch() && i < 64; ++i)
            bert.sample(i, sample);
        } catch (const data::DataError &) {
          // "no usable sample" for documents of one sentence: not about the file.
        }
      }
    };
  if (kind == "gpt2-bpe")
    return [](const std::string &dir) {
      data::Tokenizer t(dir + "/encoder.json", dir + "/vocab.bpe");
      std::vector<int32_t> ids = t.encode(kSampleText);
      (void)t.decode(ids);
    };
  if (kind == "wordpiece")
    return [](const std::string &path) {
      data::WordPieceTokenizer t = data::WordPieceTokenizer::fromFile(path, true);
      (void)t.encode(kSampleText);
    };
  if (kind == "sentencepiece")
    return modelTokenizer(ModelTokenizerKind::Llama2);
  if (kind == "tiktoken")
    return modelTokenizer(ModelTokenizerKind::TikToken);
  if (kind == "hf-tokenizer")
    return modelTokenizer(ModelTokenizerKind::HuggingFace);
  return nullptr;
}

std::string escaped(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s seed DIR | KIND INPUT...\n", argv[0]);
    return 2;
  }
  const std::string kind = argv[1];
  try {
    if (kind == "seed")
      return seed(argv[2]);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "error: writing seeds failed: %s\n", e.what());
    return 1;
  }
  auto reader = readerOf(kind);
  if (!reader) {
    std::fprintf(stderr, "error: unknown kind '%s'\n", kind.c_str());
    return 2;
  }
  unsigned timeout = 10;
  if (const char *t = std::getenv("MTC_FUZZ_TIMEOUT"))
    timeout = static_cast<unsigned>(std::atoi(t));
#ifndef MTC_FUZZ_ASAN
  if (const char *m = std::getenv("MTC_FUZZ_MAX_ALLOC_MB"))
    maxAllocation = static_cast<size_t>(std::atoll(m)) << 20;
#endif
  std::signal(SIGALRM, onAlarm);
  // The runtime's own start-up messages (none expected) stay off the protocol.
  for (int i = 2; i < argc; ++i) {
    const std::string input = argv[i];
    std::snprintf(currentInput, sizeof currentInput, "%s", input.c_str());
    std::string line = "BEGIN\t" + input + "\n";
    writeAll(line.c_str());
    alarm(timeout);
    std::string outcome;
    try {
      reader(input);
      outcome = "ACCEPTED\t" + input + "\n";
    } catch (const FormatError &e) {
      outcome = "REFUSED\t" + input + "\tFormatError\t" + escaped(e.what()) + "\n";
    } catch (const CheckpointError &e) {
      outcome = "REFUSED\t" + input + "\tCheckpointError\t" + escaped(e.what()) + "\n";
    } catch (const data::DataError &e) {
      outcome = "REFUSED\t" + input + "\tDataError\t" + escaped(e.what()) + "\n";
    } catch (const std::exception &e) {
      // Not the reader's own error type: the tools print it too, but it is
      // reported (the driver flags it).
      outcome = "REFUSED\t" + input + "\tother\t" + escaped(e.what()) + "\n";
    }
    alarm(0);
    writeAll(outcome.c_str());
  }
  return 0;
}
