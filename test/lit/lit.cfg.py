# lit configuration for mtc's FileCheck tests (test/lit).
#
# Run through CMake: `ninja check-mtc` or `ctest -R lit`. Every .mlir or .test
# file here is a test; helpers live in Inputs/, which is not searched.
import os

import lit.formats

config.name = "mtc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "README.md"]
config.test_source_root = os.path.dirname(__file__)

if not hasattr(config, "mtc_obj_root"):
    lit_config.fatal("run lit on the build folder's test/lit (it holds lit.site.cfg.py), "
                     "not on the source folder")
config.test_exec_root = os.path.join(config.mtc_obj_root, "test", "lit")

# mtc's tools first, then FileCheck, not and count from LLVM.
config.environment["PATH"] = os.pathsep.join(
    [config.mtc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
for tool in ["FileCheck", "not", "count"]:
    if not os.path.exists(os.path.join(config.llvm_tools_dir, tool)):
        lit_config.fatal(f"{tool} is missing from {config.llvm_tools_dir} (install llvm-22-tools)")

# Longer names first: lit substitutes in list order.
config.substitutions.append(("%mtc-opt", os.path.join(config.mtc_tools_dir, "mtc-opt")))
config.substitutions.append(("%mtc-import", os.path.join(config.mtc_tools_dir, "mtc-import")))
config.substitutions.append(("%models", os.path.join(config.mtc_src_root, "models")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", config.python_executable))
