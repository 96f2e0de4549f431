#include "data/HfAddedTokens.h"

namespace mtc::data::hf {

void readAddedTokens(const JsonRef &list, const Bpe &model, bool normalizer,
                     std::vector<std::string> &tokens, std::vector<AddedToken> &added) {
  const int32_t modelSize = model.size();
  const int64_t limit = static_cast<int64_t>(modelSize) + static_cast<int64_t>(list.arraySize());
  bool beyond = false;
  for (size_t i = 0; i < list.arraySize(); ++i) {
    JsonRef a = list.element(i);
    AddedToken token{a.at("content").string(),
                     static_cast<int32_t>(a.at("id").integer(0, (1 << 30))),
                     a.boolean("lstrip", false), a.boolean("rstrip", false),
                     a.boolean("special", false)};
    if (token.content.empty())
      a.at("content").fail("is empty");
    if (a.boolean("single_word", false))
      a.at("single_word").fail("true is not supported");
    if (a.boolean("normalized", !token.special) && normalizer)
      a.at("normalized").fail("true is not supported where there is a normalizer");
    int32_t inVocab = model.find(token.content);
    if (inVocab >= 0 && inVocab != token.id)
      a.at("id").fail("is " + std::to_string(token.id) + ", but model.vocab gives \"" +
                      token.content + "\" id " + std::to_string(inVocab));
    if (inVocab < 0 && token.id < modelSize)
      a.at("id").fail("is " + std::to_string(token.id) + ", which model.vocab gives \"" +
                      tokens[token.id] + "\"");
    // Ids past model.vocab are the added tokens' own, dense after it. One past
    // model.vocab plus the added tokens leaves a gap: refused below, and never
    // used to size the vocabulary (id 2^30 - 1 would make it 32 GiB).
    if (token.id >= limit) {
      beyond = true;
      added.push_back(std::move(token));
      continue;
    }
    if (token.id >= static_cast<int32_t>(tokens.size()))
      tokens.resize(static_cast<size_t>(token.id) + 1);
    for (const AddedToken &other : added)
      if (other.id == token.id || other.content == token.content)
        a.fail("repeats the added token \"" + other.content + "\" (id " +
               std::to_string(other.id) + ")");
    tokens[token.id] = token.content;
    added.push_back(std::move(token));
  }
  if (beyond) { // the same message as HfTokenizer's check for a gap
    std::vector<bool> used(static_cast<size_t>(limit - modelSize) + 1, false);
    for (const AddedToken &t : added)
      if (t.id >= modelSize && t.id < limit)
        used[static_cast<size_t>(t.id - modelSize)] = true;
    size_t gap = 0;
    while (used[gap])
      ++gap;
    list.fail("leaves id " + std::to_string(modelSize + static_cast<int64_t>(gap)) +
              " without a token (ids must be dense)");
  }
}

} // namespace mtc::data::hf
