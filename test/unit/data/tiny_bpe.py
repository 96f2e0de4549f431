"""A GPT-2-style BPE tokenizer of 259 tokens for tests of the tools that read
other encoder.json/vocab.bpe files: the 256 byte tokens in GPT-2's
byte-to-unicode spelling, the merges "h e" (256) and "l l" (257), and
<|endoftext|> (258). "hello" encodes as [256, 257, 111]."""
import json
import os

EOD = 258


def bytes_to_unicode():
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars = printable[:]
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return dict(zip(printable, map(chr, chars)))


def write(folder):
    """Writes tiny.json and tiny.bpe into folder; returns their paths."""
    spell = bytes_to_unicode()
    encoder = {spell[b]: b for b in range(256)}
    encoder.update({"he": 256, "ll": 257, "<|endoftext|>": EOD})
    vocab, merges = os.path.join(folder, "tiny.json"), os.path.join(folder, "tiny.bpe")
    with open(vocab, "w") as f:
        json.dump(encoder, f)
    with open(merges, "w") as f:
        f.write("#version: 0.2\nh e\nl l\n")
    return vocab, merges
