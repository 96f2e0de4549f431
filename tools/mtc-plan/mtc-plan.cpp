//===- mtc-plan.cpp - Parallel layout planner -----------------------------===//
//
// Thin driver: the search, the models and the reports live in lib/Plan
// (runPlanTool) so other front ends can reuse them.
//
//===----------------------------------------------------------------------===//
#include "mtc/Plan/PlanTool.h"

#include <iostream>

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  mtc::Result<mtc::PlanRequest> request = mtc::parsePlanArgs(args);
  if (!request.ok()) {
    std::cerr << request.error() << "\n";
    return 2;
  }
  return mtc::runPlanTool(*request, std::cout, std::cerr);
}
