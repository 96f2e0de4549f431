// mtc-data: tokenizes text with GPT-2's BPE or BERT's WordPiece into a Megatron
// indexed dataset (PREFIX.bin + PREFIX.idx) that the trainer's samplers read.
#include "DocumentReader.h"
#include "Progress.h"
#include "SentenceSplitter.h"

#include "data/DataError.h"
#include "data/GptDataset.h"
#include "data/IndexedDataset.h"
#include "data/Tokenizer.h"
#include "data/WordPiece.h"

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
#include <vector>

using namespace mtc::data;

namespace {

const char *kUsage = R"(usage: mtc-data --input FILE [--input FILE ...] --output-prefix PREFIX [options]

Tokenizes text and writes a Megatron-LM indexed dataset: PREFIX.bin (the
tokens, uint16) and PREFIX.idx (where each sequence and document starts).
With GPT-2's byte-level BPE (the default), every document is followed by
<|endoftext|> (id 50256), so documents stay separated when the trainer reads
them as one stream; the text "<|endoftext|>" inside a document also becomes id
50256. With BERT's WordPiece nothing is appended (as Megatron's BERT data).

options:
  --input FILE          an input file; repeat for several (read in order)
  --output-prefix PREFIX
                        write PREFIX.bin and PREFIX.idx (replaced only once
                        both are complete; never one of the inputs); the
                        folder of PREFIX is made when missing
  --format FORMAT       how FILEs split into documents (default: text)
                          text     the whole file is one document
                          jsonl    one JSON object per line; its "text" string
                                   is a document (blank lines are skipped)
                          fortune  Debian fortune files: documents are separated
                                   by lines that are exactly "%"
  --split-paragraphs    with --format text: one document per paragraph
                        (blank lines separate paragraphs)
  --split-sentences     one sequence per sentence (a rule-based splitter:
                        after . ! ? before an upper-case letter, digit or
                        quote; not after Mr. Dr. etc. or initials); a document
                        is then several sequences, as for Megatron's BERT
  --tokenizer-type TYPE GPT2BPETokenizer (default), BertWordPieceLowerCase
                        (BERT uncased: lower-cases and strips accents) or
                        BertWordPieceCase (needs a cased --vocab-file)
  --vocab-dir DIR       GPT-2: folder holding encoder.json and vocab.bpe
                        (default: $MTC_BPE_DIR, else the folder set at build
                        time: )" MTC_DEFAULT_BPE_DIR R"()
  --vocab-file FILE     BERT: vocab.txt, one token per line (default:
                        )" MTC_DEFAULT_BERT_VOCAB R"()
  --shuffle-documents SEED
                        write the documents in a seeded random order (held in
                        memory until written), so the trainer's train/valid/test
                        split by document position mixes every input file
  --append-eod          GPT-2: append <|endoftext|> after each document (the
                        default; with --split-sentences, to its last sentence)
  --no-append-eod       do not append it
  -h, --help            show this help

Documents and sentences without tokens are skipped. Progress goes to stderr (a
bar on a terminal, a line every 10 s otherwise); a summary goes to stdout:
  documents: N / sequences: N / tokens: N / seconds: S / tokens/s: R /
  output bytes: B
Exit status: 0 on success, 1 on an input or output error, 2 on bad usage.
)";

enum class TokenizerType { Gpt2Bpe, BertLowerCase, BertCased };

struct Options {
  std::vector<std::string> inputs;
  std::string outputPrefix;
  ReadOptions read;
  TokenizerType tokenizer = TokenizerType::Gpt2Bpe;
  std::string vocabDir;  // GPT-2
  std::string vocabFile; // BERT
  bool appendEod = true;
  bool splitSentences = false;
  std::optional<uint64_t> shuffleSeed;
};

[[noreturn]] void usageError(const std::string &message) {
  std::fprintf(stderr, "mtc-data: %s\n(see mtc-data --help)\n", message.c_str());
  std::exit(2);
}

Options parseArguments(int argc, char **argv) {
  Options options;
  const char *envDir = std::getenv("MTC_BPE_DIR");
  options.vocabDir = envDir && *envDir ? envDir : MTC_DEFAULT_BPE_DIR;
  bool formatGiven = false, vocabDirGiven = false, vocabFileGiven = false, eodGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        usageError(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (arg == "--input") {
      options.inputs.push_back(value());
    } else if (arg == "--output-prefix") {
      options.outputPrefix = value();
    } else if (arg == "--format") {
      std::string format = value();
      formatGiven = true;
      if (format == "text")
        options.read.format = InputFormat::Text;
      else if (format == "jsonl")
        options.read.format = InputFormat::Jsonl;
      else if (format == "fortune")
        options.read.format = InputFormat::Fortune;
      else
        usageError("unknown --format '" + format + "' (expected text, jsonl or fortune)");
    } else if (arg == "--split-paragraphs") {
      options.read.splitParagraphs = true;
    } else if (arg == "--split-sentences") {
      options.splitSentences = true;
    } else if (arg == "--tokenizer-type") {
      std::string type = value();
      if (type == "GPT2BPETokenizer")
        options.tokenizer = TokenizerType::Gpt2Bpe;
      else if (type == "BertWordPieceLowerCase")
        options.tokenizer = TokenizerType::BertLowerCase;
      else if (type == "BertWordPieceCase")
        options.tokenizer = TokenizerType::BertCased;
      else
        usageError("unknown --tokenizer-type '" + type +
                   "' (expected GPT2BPETokenizer, BertWordPieceLowerCase or BertWordPieceCase)");
    } else if (arg == "--vocab-dir") {
      options.vocabDir = value();
      vocabDirGiven = true;
    } else if (arg == "--vocab-file") {
      options.vocabFile = value();
      vocabFileGiven = true;
    } else if (arg == "--shuffle-documents") {
      std::string seed = value();
      char *end = nullptr;
      errno = 0;
      unsigned long long parsed = std::strtoull(seed.c_str(), &end, 10);
      // strtoull skips blanks, negates "-5" and saturates on overflow: digits only.
      if (seed.empty() || !std::isdigit(static_cast<unsigned char>(seed[0])) || *end != '\0' ||
          errno == ERANGE)
        usageError("--shuffle-documents needs an integer seed in [0, 2^64), got '" + seed + "'");
      options.shuffleSeed = parsed;
    } else if (arg == "--append-eod") {
      options.appendEod = true;
      eodGiven = true;
    } else if (arg == "--no-append-eod") {
      options.appendEod = false;
    } else {
      usageError("unknown argument '" + arg + "'");
    }
  }
  if (options.inputs.empty())
    usageError("no --input given");
  if (options.outputPrefix.empty())
    usageError("no --output-prefix given");
  if (options.read.splitParagraphs && formatGiven && options.read.format != InputFormat::Text)
    usageError("--split-paragraphs applies to --format text only");
  if (options.tokenizer == TokenizerType::Gpt2Bpe) {
    if (vocabFileGiven)
      usageError("--vocab-file is for the BERT tokenizer types; GPT-2 reads --vocab-dir");
  } else {
    if (vocabDirGiven)
      usageError("--vocab-dir is for GPT2BPETokenizer; BERT reads --vocab-file");
    if (eodGiven && options.appendEod)
      usageError("--append-eod is for GPT2BPETokenizer: a BERT vocabulary has no "
                 "end-of-document token (Megatron's BERT data appends none)");
    if (options.tokenizer == TokenizerType::BertCased && !vocabFileGiven)
      usageError("BertWordPieceCase needs --vocab-file with a cased vocabulary (the default, " +
                 std::string(MTC_DEFAULT_BERT_VOCAB) + ", is bert-base-uncased's)");
    options.appendEod = false;
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

// An output that is also an input would replace what is being read. Compared by
// file identity, so another spelling ("../x/in.bin"), a hard link or a symbolic
// link to an input is caught too.
void refuseOutputsThatAreInputs(const Options &options) {
  for (const std::string &output :
       {binPath(options.outputPrefix), indexPath(options.outputPrefix)}) {
    struct stat out;
    if (::stat(output.c_str(), &out) != 0)
      continue; // not there yet: nothing to overwrite
    for (const std::string &input : options.inputs) {
      struct stat in;
      if (::stat(input.c_str(), &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        usageError("--output-prefix " + options.outputPrefix + " would overwrite the input '" +
                   input + "' (it is the same file as '" + output + "')");
    }
  }
}

// The run's tokenizer: GPT-2's BPE or BERT's WordPiece.
class TextEncoder {
public:
  explicit TextEncoder(const Options &options) {
    if (options.tokenizer == TokenizerType::Gpt2Bpe)
      gpt2_.emplace(Tokenizer::fromDirectory(options.vocabDir));
    else
      bert_.emplace(WordPieceTokenizer::fromFile(
          options.vocabFile, options.tokenizer == TokenizerType::BertLowerCase));
  }
  int64_t vocabSize() const { return gpt2_ ? gpt2_->vocabSize() : bert_->vocab().size(); }
  int32_t endOfTextId() const { return gpt2_->endOfTextId(); }
  void encodeAppend(std::string_view text, std::vector<int32_t> &ids) {
    if (gpt2_)
      gpt2_->encodeAppend(text, ids);
    else
      bert_->encodeAppend(text, ids);
  }

private:
  std::optional<Tokenizer> gpt2_;
  std::optional<WordPieceTokenizer> bert_;
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

int run(const Options &options) {
  // Check every input before writing anything.
  refuseOutputsThatAreInputs(options);
  uint64_t totalBytes = 0;
  for (const std::string &input : options.inputs)
    totalBytes += fileSize(input);
  TextEncoder encoder(options);
  IndexedDatasetWriter writer(options.outputPrefix, encoder.vocabSize());

  auto start = std::chrono::steady_clock::now();
  Progress progress(totalBytes);
  uint64_t bytesBefore = 0, bytesDone = 0;
  Document document;
  // With --shuffle-documents, documents wait here until all are read.
  std::vector<Document> held;
  int64_t heldTokens = 0;
  for (const std::string &input : options.inputs) {
    readDocuments(
        input, options.read,
        [&](std::string_view text) {
          tokenizeDocument(text, options, encoder, document);
          if (document.empty())
            return; // nothing to learn from
          if (options.shuffleSeed) {
            heldTokens += tokenCount(document);
            held.push_back(document);
          } else {
            writer.addDocument(document);
          }
        },
        [&](uint64_t consumed) {
          bytesDone = bytesBefore + consumed;
          progress.update(bytesDone, writer.documentCount() + held.size(),
                          writer.tokenCount() + heldTokens);
        });
    bytesBefore += fileSize(input);
  }
  if (options.shuffleSeed)
    for (int64_t i : shuffledRange(static_cast<int64_t>(held.size()), *options.shuffleSeed))
      writer.addDocument(held[i]);
  writer.finalize();
  progress.finish(bytesBefore, writer.documentCount(), writer.tokenCount());
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  uint64_t binBytes = std::filesystem::file_size(binPath(options.outputPrefix));
  uint64_t idxBytes = std::filesystem::file_size(indexPath(options.outputPrefix));
  std::printf("mtc-data: wrote %s and %s\n", binPath(options.outputPrefix).c_str(),
              indexPath(options.outputPrefix).c_str());
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
