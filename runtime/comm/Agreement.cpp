#include "comm/Agreement.h"

namespace mtc::comm {

std::string agreeOnError(Communicator &world, const std::string &error) {
  // The lowest failing rank wins: every rank learns who and what.
  int64_t flag = error.empty() ? 0 : world.size() - world.rank();
  world.allReduce(&flag, 1, DataType::I64, ReduceOp::Max);
  if (flag == 0)
    return "";
  const int root = static_cast<int>(world.size() - flag);
  int64_t length = static_cast<int64_t>(error.size());
  world.broadcast(&length, 1, DataType::I64, root);
  std::string message = world.rank() == root ? error : std::string(length, '\0');
  world.broadcast(message.data(), message.size(), DataType::U8, root);
  return world.size() > 1 ? "rank " + std::to_string(root) + ": " + message : message;
}

} // namespace mtc::comm
