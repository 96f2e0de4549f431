// The added_tokens of a HuggingFace tokenizer.json: tokens that the text is
// split on before anything else runs (HF's AddedVocabulary), each its own id,
// and the trie that finds them. Internal to mtc_data (HfTokenizer.cpp).
#pragma once
#include "data/HfBpe.h"
#include "data/HfJson.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mtc::data::hf {

struct AddedToken {
  std::string content;
  int32_t id;
  bool lstrip, rstrip, special;
};

// A byte trie of the added tokens' contents: at each position the longest
// content that starts there (HF's aho-corasick, leftmost-longest).
class AddedTokenMatcher {
public:
  void build(const std::vector<AddedToken> &tokens) {
    nodes_.assign(1, Node{});
    for (size_t t = 0; t < tokens.size(); ++t) {
      int32_t node = 0;
      for (char ch : tokens[t].content) {
        auto b = static_cast<unsigned char>(ch);
        starts_[static_cast<unsigned char>(tokens[t].content[0])] = true;
        auto it = nodes_[node].children.find(b);
        if (it == nodes_[node].children.end()) {
          nodes_.push_back(Node{});
          it = nodes_[node].children.emplace(b, static_cast<int32_t>(nodes_.size() - 1)).first;
        }
        node = it->second;
      }
      nodes_[node].token = static_cast<int32_t>(t);
    }
  }
  // The token starting at `pos` (longest), and its length; -1 if none.
  std::pair<int32_t, size_t> match(std::string_view text, size_t pos) const {
    std::pair<int32_t, size_t> best{-1, 0};
    if (!starts_[static_cast<unsigned char>(text[pos])])
      return best;
    int32_t node = 0;
    for (size_t i = pos; i < text.size(); ++i) {
      auto it = nodes_[node].children.find(static_cast<unsigned char>(text[i]));
      if (it == nodes_[node].children.end())
        break;
      node = it->second;
      if (nodes_[node].token >= 0)
        best = {nodes_[node].token, i + 1 - pos};
    }
    return best;
  }
  bool empty() const { return nodes_.size() <= 1; }
  bool mayStart(unsigned char b) const { return starts_[b]; }

private:
  struct Node {
    std::map<unsigned char, int32_t> children;
    int32_t token = -1;
  };
  std::vector<Node> nodes_{1};
  bool starts_[256] = {};
};

// Appends the tokens of "added_tokens" `list` to `added`. A token of the
// model's vocabulary must keep its id there; the others take ids past it, and
// `tokens` (every id's text, the model's first) grows to hold them.
// `normalizer`: the file has one, so that normalized: true is refused.
void readAddedTokens(const JsonRef &list, const Bpe &model, bool normalizer,
                     std::vector<std::string> &tokens, std::vector<AddedToken> &added);

} // namespace mtc::data::hf
