#!/usr/bin/env python3
"""Prints the first ```mlir fenced block of a Markdown file (docs examples are tested)."""
import re
import sys

text = open(sys.argv[1]).read()
match = re.search(r"^```mlir\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
if not match:
    sys.exit(f"extract_mlir_block: no ```mlir block in {sys.argv[1]}")
sys.stdout.write(match.group(1))
