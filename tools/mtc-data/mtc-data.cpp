// mtc-data: tokenizes text with GPT-2's BPE, BERT's WordPiece or a LLaMA-family
// model's own tokenizer (SentencePiece, tiktoken, tokenizer.json) into a Megatron
// indexed dataset (PREFIX.bin + PREFIX.idx) that the trainer's samplers read.
#include "DocumentReader.h"
#include "Progress.h"
#include "SentenceSplitter.h"

#include "data/DataError.h"
#include "data/GptDataset.h"
#include "data/IndexedDataset.h"
#include "data/ModelTokenizer.h"
#include "data/Tokenizer.h"
#include "data/WordPiece.h"
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace mtc::data;

namespace {

const char *kSummary = R"(Tokenizes text and writes a Megatron-LM indexed dataset: PREFIX.bin (the
tokens; uint16 for vocabularies under 65500 ids, else int32) and PREFIX.idx
(where each sequence and document starts), the files Megatron's
tools/preprocess_data.py writes for the same text, tokenizer and flags.)";

const char *kNotes = R"(Input formats (--format): jsonl is one JSON object per line (Megatron's input), its
--json-keys strings are documents; text is one document per file (or per paragraph with
--split-paragraphs); fortune is Debian's fortune files, documents separated by lines that are
exactly "%".

As Megatron's preprocess_data.py: a document without tokens (an empty "text",
or one only of characters the tokenizer drops) is kept as a document of no
sequences, and sentences without tokens are dropped. The text
"<|endoftext|>" inside a document becomes GPT-2's id 50256 (Megatron's
GPT2Tokenizer: the same). With BERT's WordPiece nothing is appended.

The LLaMA family's tokenizers (--tokenizer-model) behave as Megatron's classes:
Llama2Tokenizer puts <s> before every document (and every sentence with
--split-sentences); GPTSentencePieceTokenizer and TikTokenizer add nothing and
read special-token spellings ("<s>", "<|begin_of_text|>") as ordinary text;
HuggingFaceTokenizer applies the tokenizer.json's template and recognises its
added tokens in the text. Text that is not valid UTF-8 is read as Python would
read it with errors="replace" (each bad sequence becomes U+FFFD).

Where mtc-data differs from preprocess_data.py:
  - Output names: one key writes PREFIX.bin/.idx (Megatron: PREFIX_text_document);
    the folder of PREFIX is made when missing.
  - Inputs: several --input files and the text and fortune formats (Megatron:
    one JSON-lines file); blank lines in JSON lines are skipped (Megatron fails
    on them); a --json-keys field must be a string (Megatron also takes a list
    of sentences); --format defaults to text.
  - --split-sentences uses a rule-based splitter (after . ! ? before an upper-case
    letter, digit or quote; not after Mr. Dr. etc. or initials), not nltk's punkt.
  - Inputs without any token are an error and write nothing (Megatron writes
    an empty .bin that cannot be memory-mapped).
  - Not implemented (refused as unknown flags): --partitions, --keep-newlines,
    --lang, --log-interval, --keep-sequential-samples,
    --find-optimal-num-workers, --workers-to-check, --max-documents,
    --tiktoken-pattern, --tiktoken-num-special-tokens, --tiktoken-special-tokens,
    --vocab-extra-ids, and the tokenizer types not listed under --tokenizer-type
    (SentencePieceTokenizer is refused with the reason).

Progress goes to stderr (a bar on a terminal, a line every 10 s otherwise); a
summary goes to stdout:
  documents: N / sequences: N / tokens: N / seconds: S / tokens/s: R /
  output bytes: B
Exit status: 0 on success, 1 on an input or output error, 2 on bad usage.
)";

enum class TokenizerType { Gpt2Bpe, BertLowerCase, BertCased, Model };

struct Options {
  std::vector<std::string> inputs;
  std::string outputPrefix;
  ReadOptions read;
  TokenizerType tokenizer = TokenizerType::Gpt2Bpe;
  std::string vocabDir;  // GPT-2, unless vocabFile and mergeFile are given
  std::string vocabFile; // BERT's vocab.txt, or GPT-2's encoder.json
  std::string mergeFile; // GPT-2's vocab.bpe
  // --tokenizer-model: a LLaMA-family tokenizer (TokenizerType::Model).
  std::optional<ModelTokenizerKind> modelKind;
  std::string tokenizerModel;
  std::vector<std::string> jsonKeys{"text"};
  bool appendEod = false; // Megatron's default
  bool splitSentences = false;
  int64_t workers = 1;
  std::optional<uint64_t> shuffleSeed;
};

// Digits only: strtoull would skip blanks, negate "-5" and saturate on overflow.
std::optional<uint64_t> parseUnsigned(const std::string &text) {
  char *end = nullptr;
  errno = 0;
  unsigned long long parsed = std::strtoull(text.c_str(), &end, 10);
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])) || *end != '\0' ||
      errno == ERANGE)
    return std::nullopt;
  return parsed;
}

[[noreturn]] void usageError(const std::string &message) {
  const bool pointsToHelp = message.find("--help") != std::string::npos;
  std::fprintf(stderr, "mtc-data: error: %s%s\n", message.c_str(),
               pointsToHelp ? "" : " (see mtc-data --help)");
  std::exit(2);
}

Options parseArguments(int argc, char **argv) {
  Options options;
  const char *envDir = std::getenv("MTC_BPE_DIR");
  options.vocabDir = envDir && *envDir ? envDir : MTC_DEFAULT_BPE_DIR;
  std::string format = "text", tokenizer = "GPT2BPETokenizer", shuffleSeed;
  bool noAppendEod = false;
  mtc::FlagSet flags("mtc-data", kSummary);
  flags.epilogue(kNotes);
  flags.topic("Input and output");
  flags.add("input", &options.inputs, "an input file; repeat for several (read in order)")
      .valueName("FILE");
  flags.add("output-prefix", &options.outputPrefix,
            "write PREFIX.bin and PREFIX.idx (replaced only once both are complete; never one "
            "of the inputs)")
      .required()
      .valueName("PREFIX");
  flags.add("format", &format, "how the inputs split into documents")
      .choices({"text", "jsonl", "fortune"});
  flags.add("json-keys", &options.jsonKeys,
            "jsonl: the fields to tokenize; with several, one dataset per key, "
            "PREFIX_KEY_document (PREFIX_KEY_sentence with --split-sentences), as Megatron "
            "names them (default: text)")
      .words()
      .valueName("KEY...");
  flags.add("split-paragraphs", &options.read.splitParagraphs,
            "with --format text: one document per paragraph (blank lines separate them)");
  flags.add("split-sentences", &options.splitSentences,
            "one sequence per sentence, a document is then several sequences (Megatron's BERT)");
  flags.add("shuffle-documents", &shuffleSeed,
            "write the documents in the order of a shuffle with this seed in [0, 2^64) (held "
            "in memory until written)")
      .valueName("SEED");
  flags.add("workers", &options.workers, "tokenizing threads; the output does not depend on them",
            mtc::ValueRange::between(1, 1024));
  flags.topic("Tokenizer");
  std::vector<std::string> tokenizerTypes = {"GPT2BPETokenizer", "BertWordPieceLowerCase",
                                             "BertWordPieceCase"};
  for (const std::string &type : modelTokenizerTypes())
    tokenizerTypes.push_back(type);
  flags.add("tokenizer-type", &tokenizer, "GPT-2's BPE; BERT's WordPiece (uncased: "
            "lower-cases and strips accents; cased needs a cased --vocab-file); or a LLaMA-family "
            "model's own tokenizer, read from --tokenizer-model (docs/data.md: "
            "GPTSentencePieceTokenizer and Llama2Tokenizer read a SentencePiece tokenizer.model, "
            "Llama2Tokenizer puts <s> before each document; TikTokenizer reads Llama 3's "
            "tokenizer.model; HuggingFaceTokenizer a tokenizer.json)")
      .choices(tokenizerTypes);
  flags.add("tokenizer-model", &options.tokenizerModel,
            "the model's tokenizer file, for the LLaMA-family --tokenizer-type values")
      .valueName("FILE");
  flags.add("vocab-file", &options.vocabFile,
            "GPT-2: a GPT-2-style encoder.json (token -> id), with --merge-file; BERT: "
            "vocab.txt, one token per line (default " MTC_DEFAULT_BERT_VOCAB ")")
      .valueName("FILE");
  flags.add("merge-file", &options.mergeFile, "GPT-2: the vocab.bpe merges that go with "
            "--vocab-file").valueName("FILE");
  flags.add(mtc::flag::vocabDir, &options.vocabDir, "(default: $MTC_BPE_DIR, else the folder "
            "set at build time)").valueName("DIR");
  flags.add("append-eod", &options.appendEod,
            "append the end-of-document token (GPT-2: <|endoftext|>; the LLaMA family: the "
            "model's </s> or <|end_of_text|>) after each document that has tokens (with "
            "--split-sentences, to its last sentence). Off by default, as in Megatron; GPT "
            "training wants it, so documents stay apart");
  flags.add("no-append-eod", &noAppendEod, "do not append it (the default)");
  try {
    if (!flags.parse(argc, argv)) {
      std::fputs(flags.usage().c_str(), stdout);
      std::exit(0);
    }
  } catch (const mtc::FlagError &e) {
    usageError(e.what());
  }
  if (options.appendEod && noAppendEod)
    usageError("--append-eod and --no-append-eod contradict");
  options.read.format = format == "jsonl"     ? InputFormat::Jsonl
                        : format == "fortune" ? InputFormat::Fortune
                                              : InputFormat::Text;
  try {
    options.modelKind = modelTokenizerKind(tokenizer);
  } catch (const DataError &e) {
    usageError(e.what());
  }
  options.tokenizer = options.modelKind                     ? TokenizerType::Model
                      : tokenizer == "BertWordPieceLowerCase" ? TokenizerType::BertLowerCase
                      : tokenizer == "BertWordPieceCase"      ? TokenizerType::BertCased
                                                              : TokenizerType::Gpt2Bpe;
  if (!shuffleSeed.empty()) {
    options.shuffleSeed = parseUnsigned(shuffleSeed);
    if (!options.shuffleSeed)
      usageError("--shuffle-documents needs an integer seed in [0, 2^64), got '" + shuffleSeed +
                 "'");
  }
  const bool vocabDirGiven = flags.given("vocab-dir"), vocabFileGiven = flags.given("vocab-file");
  if (options.inputs.empty())
    usageError("no --input given");
  if (options.read.splitParagraphs && flags.given("format") &&
      options.read.format != InputFormat::Text)
    usageError("--split-paragraphs applies to --format text only");
  if (flags.given("json-keys") && options.read.format != InputFormat::Jsonl)
    usageError("--json-keys applies to --format jsonl only");
  for (size_t k = 0; k < options.jsonKeys.size(); ++k)
    for (size_t j = 0; j < k; ++j)
      if (options.jsonKeys[j] == options.jsonKeys[k])
        usageError("--json-keys names '" + options.jsonKeys[k] + "' twice");
  if (options.tokenizer == TokenizerType::Model) {
    if (options.tokenizerModel.empty())
      usageError("--tokenizer-type " + tokenizer + " reads the model's tokenizer: give "
                 "--tokenizer-model FILE");
    if (vocabFileGiven || vocabDirGiven || !options.mergeFile.empty())
      usageError("--tokenizer-type " + tokenizer + " reads --tokenizer-model alone, not "
                 "--vocab-file, --merge-file or --vocab-dir");
  } else if (!options.tokenizerModel.empty()) {
    usageError("--tokenizer-model is for the LLaMA-family tokenizer types (" + tokenizer +
               " reads --vocab-file)");
  } else if (options.tokenizer == TokenizerType::Gpt2Bpe) {
    if (vocabFileGiven != !options.mergeFile.empty())
      usageError("GPT2BPETokenizer reads two files: give --vocab-file encoder.json with "
                 "--merge-file vocab.bpe (or --vocab-dir DIR holding both)");
    if (vocabFileGiven && vocabDirGiven)
      usageError("give --vocab-file/--merge-file or --vocab-dir, not both");
  } else {
    if (vocabDirGiven || !options.mergeFile.empty())
      usageError(std::string(vocabDirGiven ? "--vocab-dir" : "--merge-file") +
                 " is for GPT2BPETokenizer; BERT reads --vocab-file vocab.txt");
    if (options.appendEod)
      usageError("--append-eod is for GPT2BPETokenizer: a BERT vocabulary has no "
                 "end-of-document token (Megatron's BERT data appends none)");
    if (options.tokenizer == TokenizerType::BertCased && !vocabFileGiven)
      usageError("BertWordPieceCase needs --vocab-file with a cased vocabulary (the default, " +
                 std::string(MTC_DEFAULT_BERT_VOCAB) + ", is bert-base-uncased's)");
    if (!vocabFileGiven)
      options.vocabFile = MTC_DEFAULT_BERT_VOCAB;
  }
  return options;
}

uint64_t fileSize(const std::string &path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw DataError("cannot read input '" + path + "': it is a folder");
  uint64_t size = std::filesystem::file_size(path, error);
  if (error)
    throw DataError("cannot read input '" + path + "': " + error.message());
  return size;
}

// Where key `key` of the inputs is written: PREFIX itself for a single key
// (mtc-data's own name), else Megatron's PREFIX_KEY_document / _sentence.
std::string outputPrefixFor(const Options &options, const std::string &key) {
  if (options.jsonKeys.size() == 1)
    return options.outputPrefix;
  return options.outputPrefix + "_" + key + (options.splitSentences ? "_sentence" : "_document");
}

// An output that is also an input would replace what is being read. Compared by
// file identity, so another spelling ("../x/in.bin"), a hard link or a symbolic
// link to an input is caught too.
void refuseOutputsThatAreInputs(const Options &options) {
  for (const std::string &key : options.jsonKeys) {
    const std::string prefix = outputPrefixFor(options, key);
    for (const std::string &output : {binPath(prefix), indexPath(prefix)}) {
      struct stat out;
      if (::stat(output.c_str(), &out) != 0)
        continue; // not there yet: nothing to overwrite
      for (const std::string &input : options.inputs) {
        struct stat in;
        if (::stat(input.c_str(), &in) == 0 && in.st_dev == out.st_dev &&
            in.st_ino == out.st_ino)
          usageError("--output-prefix " + options.outputPrefix + " would overwrite the input '" +
                     input + "' (it is the same file as '" + output + "')");
      }
    }
  }
}

// The run's tokenizer: GPT-2's BPE, BERT's WordPiece or a model's own.
class TextEncoder {
public:
  explicit TextEncoder(const Options &options) {
    if (options.modelKind)
      model_.emplace(ModelTokenizer::open(*options.modelKind, options.tokenizerModel));
    else if (options.tokenizer == TokenizerType::Gpt2Bpe && !options.vocabFile.empty())
      gpt2_.emplace(options.vocabFile, options.mergeFile);
    else if (options.tokenizer == TokenizerType::Gpt2Bpe)
      gpt2_.emplace(Tokenizer::fromDirectory(options.vocabDir));
    else
      bert_.emplace(WordPieceTokenizer::fromFile(
          options.vocabFile, options.tokenizer == TokenizerType::BertLowerCase));
  }
  int64_t vocabSize() const {
    return model_ ? model_->vocabSize() : gpt2_ ? gpt2_->vocabSize() : bert_->vocab().size();
  }
  int32_t endOfTextId() const { return model_ ? model_->eodId() : gpt2_->endOfTextId(); }
  std::string endOfTextText() const {
    return model_ ? model_->text().tokenText(model_->eodId()) : std::string(Tokenizer::kEndOfTextText);
  }
  void encodeAppend(std::string_view text, std::vector<int32_t> &ids) {
    if (model_)
      model_->tokenizeAppend(text, ids); // with the type's BOS, as Megatron's tokenize()
    else if (gpt2_)
      gpt2_->encodeAppend(text, ids);
    else
      bert_->encodeAppend(text, ids);
  }

private:
  std::optional<Tokenizer> gpt2_;
  std::optional<WordPieceTokenizer> bert_;
  std::optional<ModelTokenizer> model_; // immutable: workers share it
};

using Document = std::vector<std::vector<int32_t>>; // its sequences

// The document's sequences: the whole text, or one per sentence (as Megatron's
// preprocess_data.py); sequences without tokens are dropped, and <|endoftext|>
// ends the last one when asked for.
void tokenizeDocument(std::string_view text, const Options &options, TextEncoder &encoder,
                      Document &document) {
  document.clear();
  auto add = [&](std::string_view piece) {
    std::vector<int32_t> ids;
    encoder.encodeAppend(piece, ids);
    if (!ids.empty())
      document.push_back(std::move(ids));
  };
  if (options.splitSentences) {
    for (std::string_view sentence : splitSentences(text))
      add(sentence);
  } else {
    add(text);
  }
  if (options.appendEod && !document.empty())
    document.back().push_back(encoder.endOfTextId());
}

int64_t tokenCount(const Document &document) {
  int64_t count = 0;
  for (const auto &sequence : document)
    count += static_cast<int64_t>(sequence.size());
  return count;
}

// Tokenizes documents on options.workers threads, each with its own copy of
// the encoder, a batch at a time; documents come out in input order, so the
// output does not depend on the thread count.
class BatchTokenizer {
public:
  BatchTokenizer(const Options &options, const TextEncoder &encoder)
      : options_(options), encoders_(static_cast<size_t>(options.workers), encoder) {}

  // Queues a document; full batches are tokenized and passed to `emit`.
  void add(std::string_view text, const std::function<void(const Document &)> &emit) {
    texts_.emplace_back(text);
    bytes_ += text.size();
    if (texts_.size() >= kBatchDocuments || bytes_ >= kBatchBytes)
      flush(emit);
  }

  void flush(const std::function<void(const Document &)> &emit) {
    std::vector<Document> documents(texts_.size());
    auto work = [&](size_t worker) {
      for (size_t d = worker; d < texts_.size(); d += encoders_.size())
        tokenizeDocument(texts_[d], options_, encoders_[worker], documents[d]);
    };
    if (encoders_.size() == 1 || texts_.size() < 2) {
      work(0);
    } else {
      std::vector<std::thread> threads;
      std::vector<std::exception_ptr> errors(encoders_.size());
      for (size_t w = 0; w < encoders_.size(); ++w)
        threads.emplace_back([&, w] {
          try {
            work(w);
          } catch (...) {
            errors[w] = std::current_exception();
          }
        });
      for (auto &t : threads)
        t.join();
      for (auto &e : errors)
        if (e)
          std::rethrow_exception(e);
    }
    for (const Document &document : documents)
      emit(document);
    texts_.clear();
    bytes_ = 0;
  }

private:
  static constexpr size_t kBatchDocuments = 4096, kBatchBytes = 16 << 20;
  const Options &options_;
  std::vector<TextEncoder> encoders_;
  std::vector<std::string> texts_;
  size_t bytes_ = 0;
};

// Tokenizes field `key` of every input into one indexed dataset.
void writeDataset(const Options &options, const std::string &key, TextEncoder &encoder,
                  uint64_t totalBytes) {
  const std::string prefix = outputPrefixFor(options, key);
  IndexedDatasetWriter writer(prefix, encoder.vocabSize());
  ReadOptions read = options.read;
  read.jsonKey = key;

  auto start = std::chrono::steady_clock::now();
  Progress progress(totalBytes);
  uint64_t bytesBefore = 0;
  // With --shuffle-documents, documents wait here until all are read.
  std::vector<Document> held;
  int64_t heldTokens = 0;
  auto emit = [&](const Document &document) {
    // A document without tokens stays a document of no sequences, as Megatron's.
    if (options.shuffleSeed) {
      heldTokens += tokenCount(document);
      held.push_back(document);
    } else {
      writer.addDocument(document);
    }
  };
  BatchTokenizer tokenizer(options, encoder);
  for (const std::string &input : options.inputs) {
    readDocuments(
        input, read, [&](std::string_view text) { tokenizer.add(text, emit); },
        [&](uint64_t consumed) {
          progress.update(bytesBefore + consumed, writer.documentCount() + held.size(),
                          writer.tokenCount() + heldTokens);
        });
    tokenizer.flush(emit);
    bytesBefore += fileSize(input);
  }
  if (options.shuffleSeed)
    for (int64_t i : shuffledRange(static_cast<int64_t>(held.size()), *options.shuffleSeed))
      writer.addDocument(held[i]);
  // Megatron would write an empty .bin, which neither it nor a trainer can use.
  if (writer.tokenCount() == 0)
    throw DataError("the inputs hold no tokens" +
                    (options.read.format == InputFormat::Jsonl ? " in field '" + key + "'"
                                                               : std::string()) +
                    " (" + std::to_string(writer.documentCount()) +
                    " documents): nothing written to " + prefix);
  writer.finalize();
  progress.finish(bytesBefore, writer.documentCount(), writer.tokenCount());
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  uint64_t binBytes = std::filesystem::file_size(binPath(prefix));
  uint64_t idxBytes = std::filesystem::file_size(indexPath(prefix));
  std::printf("mtc-data: wrote %s and %s\n", binPath(prefix).c_str(),
              indexPath(prefix).c_str());
  std::printf("input files: %zu (%llu bytes)\n", options.inputs.size(),
              static_cast<unsigned long long>(bytesBefore));
  std::printf("documents: %lld\n", static_cast<long long>(writer.documentCount()));
  std::printf("sequences: %lld\n", static_cast<long long>(writer.sequenceCount()));
  std::printf("tokens: %lld\n", static_cast<long long>(writer.tokenCount()));
  std::printf("seconds: %.3f\n", seconds);
  std::printf("tokens/s: %.0f\n", seconds > 0 ? writer.tokenCount() / seconds : 0.0);
  std::printf("output bytes: %llu (.bin %llu + .idx %llu)\n",
              static_cast<unsigned long long>(binBytes + idxBytes),
              static_cast<unsigned long long>(binBytes),
              static_cast<unsigned long long>(idxBytes));
}

int run(const Options &options) {
  // Check every input before writing anything.
  refuseOutputsThatAreInputs(options);
  uint64_t totalBytes = 0;
  for (const std::string &input : options.inputs)
    totalBytes += fileSize(input);
  TextEncoder encoder(options);
  if (options.tokenizer != TokenizerType::BertLowerCase &&
      options.tokenizer != TokenizerType::BertCased && !options.appendEod)
    std::fprintf(stderr,
                 "mtc-data: note: no %s between documents (Megatron's default); GPT training "
                 "usually wants --append-eod\n",
                 encoder.endOfTextText().c_str());
  for (const std::string &key : options.jsonKeys)
    writeDataset(options, key, encoder, totalBytes);
  if (std::fflush(stdout) != 0)
    throw DataError(std::string("the dataset is written, but its summary could not be: "
                                "standard output: ") + std::strerror(errno));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options options = parseArguments(argc, argv);
  try {
    return run(options);
  } catch (const DataError &e) {
    std::fprintf(stderr, "mtc-data: error: %s\n", e.what());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "mtc-data: error: %s\n", e.what());
  }
  return 1;
}
