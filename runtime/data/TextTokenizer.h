// What mtc-data, train and generate need of a model's tokenizer, whatever its
// family: SentencePiece BPE (Llama 2, Mistral, TinyLlama), tiktoken BPE (Llama 3),
// or a HuggingFace tokenizer.json of either kind.
//
// encodeAppend() gives the ids of a text alone: no BOS or EOS is added (where a
// tokenizer's own rule adds one, as Megatron's Llama2Tokenizer or a tokenizer.json
// post-processor does, the caller adds it through bosId(); see docs/data.md).
// Text that is not valid UTF-8 is read as Python's bytes.decode("utf-8",
// "replace") and JavaScript's TextDecoder read it: each maximal invalid subpart
// becomes U+FFFD. Implementations are immutable after construction: every method
// is safe to call from several threads at once.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mtc::data {

class TextTokenizer {
public:
  virtual ~TextTokenizer() = default;

  virtual void encodeAppend(std::string_view text, std::vector<int32_t> &ids) const = 0;
  std::vector<int32_t> encode(std::string_view text) const {
    std::vector<int32_t> ids;
    encodeAppend(text, ids);
    return ids;
  }
  // The text of `ids` as the family's own decoder gives it (SentencePiece: byte
  // pieces joined into UTF-8, "▁" as a space, the leading space of the dummy
  // prefix dropped; control tokens decode to nothing). Throws DataError for an id
  // outside [0, vocabSize()).
  virtual std::string decode(const std::vector<int32_t> &ids) const = 0;

  // Ids are in [0, vocabSize()).
  virtual int32_t vocabSize() const = 0;
  // -1 where the model has none.
  virtual int32_t bosId() const = 0;
  virtual int32_t eosId() const = 0;
  // The piece (or token) an id stands for, for messages and tests.
  virtual std::string tokenText(int32_t id) const = 0;
};

} // namespace mtc::data
