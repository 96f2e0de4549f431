// Errors that every rank learns: a rank that fails alone must not leave the
// others waiting in the next collective.
#pragma once
#include "comm/Communicator.h"

#include <exception>
#include <string>

namespace mtc::comm {

// Every rank passes its error ("" for none); all return the first failing
// rank's message ("rank R: ..." in multi-rank jobs), "" when none failed.
std::string agreeOnError(Communicator &world, const std::string &error);

// Runs `work` on this rank, then agrees with every rank (agreeOnError): when
// any rank's work threw, every rank throws E with the first failing rank's
// message, `prefix` before it, so no rank is left waiting in a collective.
template <typename E, typename Work>
void throwIfAnyRankFails(Communicator &world, const std::string &prefix, Work &&work) {
  std::string error;
  try {
    work();
  } catch (const std::exception &e) {
    error = prefix + e.what();
  }
  std::string agreed = agreeOnError(world, error);
  if (!agreed.empty())
    throw E(agreed);
}

} // namespace mtc::comm
