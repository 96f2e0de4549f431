"""A minimal safetensors reader/writer (no third-party package): an 8-byte
little-endian header length, a JSON header {name: {dtype, shape, data_offsets}},
then the raw little-endian tensor bytes. F32 only, which is what mtc writes."""
import json
import struct

import numpy as np


class SafetensorsError(Exception):
    pass


def write(path, tensors, metadata=None):
    """tensors: {name: array-like}, written as little-endian f32 in name order."""
    header, blobs, offset = {}, [], 0
    for name in sorted(tensors):
        array = np.ascontiguousarray(np.asarray(tensors[name], dtype="<f4"))
        data = array.tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape),
                        "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as out:
        out.write(struct.pack("<Q", len(text)))
        out.write(text)
        for blob in blobs:
            out.write(blob)


def read(path):
    """Returns ({name: float32 array}, metadata dict)."""
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < 8:
        raise SafetensorsError(f"{path}: too short for a safetensors file")
    (length,) = struct.unpack("<Q", raw[:8])
    if 8 + length > len(raw):
        raise SafetensorsError(f"{path}: header length {length} exceeds the file")
    header = json.loads(raw[8:8 + length])
    data = raw[8 + length:]
    metadata = header.pop("__metadata__", {})
    tensors = {}
    for name, entry in header.items():
        if entry["dtype"] != "F32":
            raise SafetensorsError(f"{path}: tensor {name} is {entry['dtype']}, not F32")
        begin, end = entry["data_offsets"]
        shape = tuple(entry["shape"])
        if end - begin != 4 * int(np.prod(shape, dtype=np.int64)) or end > len(data):
            raise SafetensorsError(f"{path}: tensor {name} has bad offsets {begin}..{end}")
        tensors[name] = np.frombuffer(data[begin:end], dtype="<f4").reshape(shape).copy()
    return tensors, metadata
