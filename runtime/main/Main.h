// The entry points a generated program calls: the whole runtime behind two
// functions, so generated code needs no header but this one.
#pragma once
#include <memory>
#include <string>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {
class Backend;

// Makes the backend a program runs on once MPI is up (a GPU backend picks
// this rank's device); throws std::runtime_error saying why it cannot. Every
// rank calls it and all agree before anything else is collective. Null: the
// host backend.
using BackendFactory = std::unique_ptr<Backend> (*)(comm::Communicator &world);

// The `train` executable: parses the flags, starts MPI when launched by mpirun,
// trains, and returns the exit status (errors print on every rank).
int trainMain(int argc, char **argv, const std::string &planBytes,
              BackendFactory makeBackend);
// The `generate` executable: samples text from a checkpoint.
int generateMain(int argc, char **argv, const std::string &planBytes,
                 BackendFactory makeBackend);
// On the host backend.
int trainMain(int argc, char **argv, const std::string &planBytes);
int generateMain(int argc, char **argv, const std::string &planBytes);
} // namespace mtc::runtime
