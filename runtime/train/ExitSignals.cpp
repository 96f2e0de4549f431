#include "train/ExitSignals.h"

#include <cstdio>
#include <stdexcept>

namespace mtc::runtime {
namespace {

constexpr int kSignals[3] = {SIGTERM, SIGINT, SIGUSR1};
volatile std::sig_atomic_t caught = 0;
bool active = false;

extern "C" void recordSignal(int signal) {
  if (caught == 0)
    caught = signal;
}

} // namespace

ExitSignals::ExitSignals(bool enable) : enable(enable) {
  if (!enable)
    return;
  if (active)
    throw std::logic_error("ExitSignals: one instance at a time");
  active = true;
  caught = 0;
  struct sigaction action = {};
  action.sa_handler = recordSignal;
  sigemptyset(&action.sa_mask);
  // Restart interrupted system calls: a signal must not fail a write or an
  // MPI wait, only be noticed at the end of the iteration.
  action.sa_flags = SA_RESTART;
  for (int i = 0; i < 3; ++i)
    sigaction(kSignals[i], &action, &previous[i]);
}

ExitSignals::~ExitSignals() {
  if (!enable)
    return;
  for (int i = 0; i < 3; ++i)
    sigaction(kSignals[i], &previous[i], nullptr);
  active = false;
}

int ExitSignals::received() const { return enable ? static_cast<int>(caught) : 0; }

const char *ExitSignals::name(int signal) {
  switch (signal) {
  case SIGTERM:
    return "SIGTERM";
  case SIGINT:
    return "SIGINT";
  case SIGUSR1:
    return "SIGUSR1";
  default: {
    static thread_local char text[32];
    std::snprintf(text, sizeof text, "signal %d", signal);
    return text;
  }
  }
}

} // namespace mtc::runtime
