"""An independent model of Megatron-LM's GPT data pipeline, in numpy.

Written from a reading of megatron/core/datasets (gpt_dataset.py: document,
sample and shuffle indices; helpers.cpp: build_sample_idx and
build_blending_indices; blended_megatron_dataset_builder.py and
blended_megatron_dataset_config.py: split matrix and per-dataset sizes;
utils.py: normalize and get_blend_from_list; indexed_dataset.py: the file
layout). It shares no code with mtc's C++ implementation: the tests compare
what `train --dump-batch` read with what this module says Megatron would read.
"""
import math
import re
import struct

import numpy as np

_DTYPES = {1: np.uint8, 2: np.int8, 3: np.int16, 4: np.int32, 5: np.int64,
           6: np.float64, 7: np.float32, 8: np.uint16}


class Indexed:
    """PREFIX.idx / PREFIX.bin as Megatron's IndexedDataset reads them."""

    def __init__(self, prefix):
        with open(prefix + ".idx", "rb") as f:
            raw = f.read()
        assert raw[:9] == b"MMIDIDX\x00\x00"
        assert struct.unpack("<Q", raw[9:17])[0] == 1
        self.dtype = _DTYPES[raw[17]]
        count, docs = struct.unpack("<QQ", raw[18:34])
        at = 34
        self.lengths = np.frombuffer(raw, np.int32, count, at)
        at += 4 * count
        self.pointers = np.frombuffer(raw, np.int64, count, at)
        at += 8 * count
        self.documents = np.frombuffer(raw, np.int64, docs, at)
        self.bin = np.fromfile(prefix + ".bin", dtype=np.uint8)

    def get(self, sequence, offset=0, length=None):
        if length is None:
            length = int(self.lengths[sequence]) - offset
        start = int(self.pointers[sequence]) + offset * np.dtype(self.dtype).itemsize
        return np.frombuffer(self.bin, self.dtype, length, start)


def normalize(weights):
    w = np.array(weights, dtype=np.float64)
    return (w / np.sum(w)).tolist()


def split_matrix(split):
    """[(begin, end) or None] * 3 as fractions of the elements."""
    parts = [float(x) for x in re.findall(r"[.0-9]+", split)]
    parts += [0.0] * (3 - len(parts))
    parts = normalize(parts)
    bounds = [0.0]
    for p in parts:
        bounds.append(bounds[-1] + p)
    return [None if bounds[i + 1] <= bounds[i] else (bounds[i], bounds[i + 1])
            for i in range(3)]


def split_range(split, index, count):
    book = split_matrix(split)[index]
    if book is None:
        return None
    return int(round(book[0] * float(count))), int(round(book[1] * float(count)))


class GptSplit:
    """One GPTDataset: a split's sequences of one indexed dataset."""

    def __init__(self, data, begin, end, seq, num_samples, seed):
        self.data, self.seq = data, seq
        ids = np.arange(begin, end, dtype=np.int32)
        self.tokens_per_epoch = int(np.sum(data.lengths[ids]))
        epochs = 1
        if num_samples is not None:
            while epochs * self.tokens_per_epoch < num_samples * seq + 1:
                epochs += 1
        self.epochs = epochs
        separate = False
        if epochs > 1:
            before_last = ((epochs - 1) * self.tokens_per_epoch - 1) // seq
            per_epoch = (self.tokens_per_epoch - 1) // seq
            separate = num_samples - before_last < int(0.80 * per_epoch)
        self.separate_final_epoch = separate
        rng = np.random.RandomState(seed)

        def repeated(n):
            index = np.tile(ids, n).astype(np.int32)
            rng.shuffle(index)
            return index

        if separate:
            self.document_index = np.concatenate([repeated(epochs - 1), repeated(1)])
        else:
            self.document_index = repeated(epochs)
        self.sample_index = self._sample_index()
        total = len(self.sample_index) - 1
        first = before_last if separate else total
        head = np.arange(0, first, dtype=np.uint32)
        rng.shuffle(head)
        if first < total:
            tail = np.arange(first, total, dtype=np.uint32)
            rng.shuffle(tail)
            head = np.concatenate([head, tail])
        self.shuffle_index = head

    def _sample_index(self):
        # Where each sample of seq + 1 tokens starts in the shuffled stream:
        # computed from cumulative lengths (the C++ walks document by document).
        lengths = self.data.lengths[self.document_index].astype(np.int64)
        ends = np.cumsum(lengths)
        count = (self.epochs * self.tokens_per_epoch - 1) // self.seq
        index = [(0, 0)]
        for s in range(1, count + 1):
            last_token = s * self.seq  # the shared token: first of sample s
            position = int(np.searchsorted(ends, last_token, side="right"))
            if position == len(ends):  # the stream's very last token
                position -= 1
            start = ends[position] - lengths[position]
            index.append((position, int(last_token - start)))
        return index

    def __len__(self):
        return len(self.shuffle_index)

    def sample(self, i):
        k = int(self.shuffle_index[i])
        (p0, o0), (p1, o1) = self.sample_index[k], self.sample_index[k + 1]
        parts = []
        for p in range(p0, p1 + 1):
            sequence = int(self.document_index[p])
            begin = o0 if p == p0 else 0
            end = o1 + 1 if p == p1 else int(self.data.lengths[sequence])
            parts.append(self.data.get(sequence, begin, end - begin))
        tokens = np.concatenate(parts).astype(np.int64)
        assert len(tokens) == self.seq + 1
        return tokens


def blend_from_data_path(words):
    """get_blend_from_list: (prefixes, weights or None)."""
    if len(words) % 2 == 1:
        return words, None
    try:
        weights = [float(w) for w in words[0::2]]
    except ValueError:
        return words, None
    return words[1::2], weights


def blending_indices(weights, size):
    dataset_index = np.zeros(size, dtype=np.int16)
    sample_index = np.zeros(size, dtype=np.int64)
    taken = [0] * len(weights)
    for j in range(size):
        at = max(float(j), 1.0)
        errors = [w * at - t for w, t in zip(weights, taken)]
        best = int(np.argmax(errors))  # the first maximum, as the C++ loop
        dataset_index[j] = best
        sample_index[j] = taken[best]
        taken[best] += 1
    return dataset_index, sample_index


class Split:
    """What Megatron's builder gives for one split of --data-path."""

    def __init__(self, data_path, split, index, seq, num_samples, seed):
        prefixes, weights = blend_from_data_path(data_path.split())
        self.datasets = []

        def build(prefix, samples):
            data = Indexed(prefix)
            begin, end = split_range(split, index, len(data.lengths))
            return GptSplit(data, begin, end, seq, samples, seed)

        if len(prefixes) == 1 and weights is None:
            self.datasets = [build(prefixes[0], num_samples)]
            self.blend = None
            return
        if weights is not None:
            weights = normalize(weights)
            target = [math.ceil(num_samples * w) for w in weights]
            buffer = [int(math.ceil(math.ceil(num_samples * w) * (1 + 0.005))) for w in weights]
            self.datasets = [build(p, b) for p, b in zip(prefixes, buffer)]
            size = sum(target)
        else:
            self.datasets = [build(p, None) for p in prefixes]
            weights = [len(d) for d in self.datasets]
            size = min(num_samples, sum(weights))
        self.blend = blending_indices(normalize(weights), size)

    def __len__(self):
        return len(self.datasets[0]) if self.blend is None else len(self.blend[0])

    def sample(self, i):
        if self.blend is None:
            return self.datasets[0].sample(i)
        return self.datasets[int(self.blend[0][i])].sample(int(self.blend[1][i]))
