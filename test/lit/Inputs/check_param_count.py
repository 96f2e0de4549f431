#!/usr/bin/env python3
"""Checks the parameter count that `mtc-opt --mtc-stats` prints against a model's name.

Reads the report on stdin, e.g. "model gpt-7.5b: 7,467,786,240 parameters ...",
and checks that the count, in billions, rounds to --billions at the precision
the name is written with (Narayanan et al. 2021 name "1.7B" a model of 1.652e9
parameters), and that it lies within --tolerance of the name.
"""
import argparse
import re
import sys
from decimal import ROUND_HALF_UP, Decimal


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--billions", required=True, help="the size in the model's name, e.g. 1.7")
    parser.add_argument("--tolerance", type=float, default=0.03,
                        help="largest relative difference from the name (default 0.03)")
    args = parser.parse_args()

    report = sys.stdin.read()
    match = re.search(r"^model (\S+): ([\d,]+) parameters", report, re.MULTILINE)
    if not match:
        sys.exit("check_param_count: no 'model NAME: N parameters' line in the input")
    name, count = match.group(1), int(match.group(2).replace(",", ""))

    named = Decimal(args.billions)
    places = Decimal(1).scaleb(named.as_tuple().exponent)  # 0.1 for "1.7", 1 for "1008"
    rounded = (Decimal(count) / Decimal(10**9)).quantize(places, rounding=ROUND_HALF_UP)
    relative = float(Decimal(count) / (named * 10**9) - 1)
    print(f"{name}: {count:,} parameters = {count / 1e9:.4f}B, named {named}B "
          f"({relative:+.2%}), rounds to {rounded}B")
    if rounded != named:
        sys.exit(f"check_param_count: {name} has {count:,} parameters, which rounds to "
                 f"{rounded}B, not the {named}B of its name")
    if abs(relative) > args.tolerance:
        sys.exit(f"check_param_count: {name} is {relative:+.2%} off its name "
                 f"(tolerance {args.tolerance:.0%})")


if __name__ == "__main__":
    main()
