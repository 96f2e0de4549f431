//===- LrSchedule.h - The learning-rate schedules mtc knows --------*- C++ -*-===//
//
// Megatron-LM's --lr-decay-style and --lr-wsd-decay-style values, spelled as
// Megatron spells them. The compiler's mtc.adamw verifier, mtc-compile's flags
// and the runtime's schedule (runtime/optim/Optimizer.h) read this one list.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_SUPPORT_LRSCHEDULE_H
#define MTC_SUPPORT_LRSCHEDULE_H

#include <string>
#include <vector>

namespace mtc {

/// In the order of runtime::DecayStyle.
inline const std::vector<std::string> kDecayStyles = {"constant", "linear", "cosine",
                                                      "inverse-square-root", "WSD"};
/// In the order of runtime::WsdDecayStyle.
inline const std::vector<std::string> kWsdDecayStyles = {"linear", "cosine", "exponential",
                                                         "minus_sqrt"};

} // namespace mtc

#endif // MTC_SUPPORT_LRSCHEDULE_H
