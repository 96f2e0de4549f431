// How deeply a JSON text nests arrays and objects, without parsing it.
// nlohmann::json parses iteratively, but copying, comparing and dumping a
// value recurse once per level (as llvm::json does everywhere): a file that
// nests 100,000 levels overflows the stack there. Readers of files a user
// hands us (checkpoint.json, safetensors headers, tokenizer.json) refuse text
// nested beyond kMaxJsonDepth before they parse it; the tokenizer.json
// reader uses the same scan with its own, tighter limit. (mtc-import's
// config.json reader has its own copy: lib/ does not include the runtime.)
#pragma once
#include <cstddef>
#include <string_view>

namespace mtc::runtime {

// Real files nest a few levels (a tokenizer.json's pre-tokenizer sequences,
// 5 or 6); 128 leaves room and keeps every recursion shallow.
constexpr int kMaxJsonDepth = 128;

// The deepest nesting of `text` (strings and their escapes skipped).
inline int jsonNestingDepth(std::string_view text) {
  int depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (char ch : text) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        inString = false;
    } else if (ch == '"') {
      inString = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > deepest)
        deepest = depth;
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return deepest;
}

} // namespace mtc::runtime
