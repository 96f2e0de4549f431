// The signals a cluster stops jobs with (SLURM's scancel and pre-emption send
// SIGTERM, then SIGKILL after KillWait; `srun --signal` and mpirun forward
// SIGUSR1), caught so that training finishes its iteration, saves and exits
// instead of losing everything since the last checkpoint. The handler only
// records the signal: the training loop decides, on every rank together, when
// to stop (Trainer::run).
#pragma once

#include <csignal>

namespace mtc::runtime {

class ExitSignals {
public:
  // Catches SIGTERM, SIGINT and SIGUSR1 while alive when `enable`; restores
  // the previous handlers when destroyed. One instance at a time.
  explicit ExitSignals(bool enable);
  ~ExitSignals();
  ExitSignals(const ExitSignals &) = delete;
  ExitSignals &operator=(const ExitSignals &) = delete;

  bool enabled() const { return enable; }
  // The first signal caught, or 0.
  int received() const;
  // "SIGTERM", "SIGINT", "SIGUSR1", or "signal N".
  static const char *name(int signal);

private:
  bool enable;
  struct sigaction previous[3];
};

} // namespace mtc::runtime
