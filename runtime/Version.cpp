// libmtc_runtime.so: the runtime that generated programs link against.
namespace mtc::runtime {
const char *version() { return "mtc runtime 0.1"; }
} // namespace mtc::runtime
