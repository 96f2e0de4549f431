// Point-to-point transfers of fp32 buffers in the run's 16-bit storage type.
//
// With bf16/fp16 storage every activation and activation gradient a pipeline
// stage sends has already been rounded to that type (MixedPrecision), so it
// travels in half the bytes without loss, as Megatron-LM sends them in the
// parameters' dtype: the sender packs the buffer, the receiver's request
// widens it into the fp32 buffer once the message arrived.
#pragma once

#include "comm/Communicator.h"
#include "kernels/math/precision.h"

#include <vector>

namespace mtc::runtime {

/// Nonblocking send of data[count] as `type` (BF16 or FP16; F32 sends as is).
/// data must be host memory; it may change once the call returns.
comm::RequestPtr isendAs(comm::Communicator &group, const float *data, size_t count,
                         kernels::StorageType type, int dest, int tag);
/// Nonblocking receive into data[count] of what isendAs sent as `type`;
/// data holds the values when wait() (or a true test()) returned.
comm::RequestPtr irecvAs(comm::Communicator &group, float *data, size_t count,
                         kernels::StorageType type, int source, int tag);

/// One op of groupedSendRecvAs: data[count] floats travelling as `type`.
struct FloatTransfer {
  bool send;
  float *data;
  size_t count;
  kernels::StorageType type;
  int peer;
};

/// Communicator::startGroupedSendRecv of fp32 buffers, each sent as its
/// `type`: 16-bit ops are packed when the group is posted and widened when
/// the request completes. data must be host memory unless every type is F32.
comm::RequestPtr startGroupedSendRecvAs(comm::Communicator &group,
                                        const std::vector<FloatTransfer> &ops,
                                        double timeoutSeconds);
/// The same, waited for.
void groupedSendRecvAs(comm::Communicator &group, const std::vector<FloatTransfer> &ops,
                       double timeoutSeconds);

} // namespace mtc::runtime
