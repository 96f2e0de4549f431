"""The dense bf16 peaks mtc-gpu-bench divides by, for the Python peer:
bench/gpu/GpuPeaks.h's table read from the header itself (the copy beside this
file, which make_bundle.sh carries), so the two MFUs cannot drift apart."""
import os
import re

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "GpuPeaks.h")


def read_peaks(path=HEADER):
    """[(name, TFLOP/s)] in the header's order (more specific names first)."""
    with open(path) as f:
        return [(name, float(tflops))
                for name, tflops in re.findall(r'\{"([^"]+)",\s*([0-9.]+)\}', f.read())]


def peak_tflops(device_name, peaks):
    """bf16DensePeakTflops: whole words of the name, split at spaces and
    dashes; None for a device the table lacks."""
    words = " " + device_name.replace("-", " ") + " "
    for match, tflops in peaks:
        if " " + match + " " in words:
            return tflops
    return None
