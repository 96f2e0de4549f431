// Every step kind a plan can hold, each declared once, where its family is
// (exec/steps/*.cpp): how to check it against the plan and size it, how to
// run it on a backend, and whether generation can run it on a window of new
// tokens. The validator, the executor and the key/value cache look a step up
// here; none of them names a step kind.
//
// A new kind is its plan record (plan.proto), one registration in a steps/
// file, and its kernels: the host kernel in kernels/, and for a GPU the
// kernel registered under the same name in kernels/cuda/ (Backend::launch).
#pragma once
#include "exec/StepShapes.h"
#include "plan.pb.h"

#include <string>

namespace mtc::runtime {

class StepChecker;
class StepRun;

struct StepKind {
  pb::Step::KernelCase kind = pb::Step::KERNEL_NOT_SET;
  // Checks the step's buffers and params (through the checker, which records
  // every problem) and derives the sizes its kernels take.
  void (*shape)(const pb::Step &step, StepChecker &check, StepShape &shape) = nullptr;
  // Runs the step for one micro-batch (or a generation window).
  void (*run)(const pb::Step &step, StepRun &run) = nullptr;
  // Generation: why the step cannot run on a window of new tokens of one
  // sequence with a cache of `capacity` positions ("" when it can). Null:
  // the kind never can.
  std::string (*windowProblem)(const pb::Step &step, const pb::Plan &plan,
                               int64_t capacity) = nullptr;
};

// The registered kind, or null.
const StepKind *findStepKind(pb::Step::KernelCase kind);

// Registers at static initialization: a steps/ file holds an array of these.
// A kind registered twice aborts the program naming it.
struct StepRegistration {
  explicit StepRegistration(const StepKind &kind);
};

// For windowProblem: a step that works token by token.
std::string runsOnAnyWindow(const pb::Step &, const pb::Plan &, int64_t);

} // namespace mtc::runtime
