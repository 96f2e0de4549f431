// CRC32C (Castagnoli, polynomial 0x1EDC6F41, reflected 0x82F63B78): the checksum
// of iSCSI (RFC 3720), ext4 metadata and TensorBoard's record framing. Used for
// the checkpoint checksums (docs/checkpoints.md); generic over bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace mtc::runtime {

// The CRC32C of `bytes` bytes at `data`, continuing from `crc` (the value a
// previous call returned; 0 to start): crc32c(b, crc32c(a)) == crc32c(a + b).
// Uses the SSE4.2 instruction when the CPU has it, else a table.
uint32_t crc32c(const void *data, size_t bytes, uint32_t crc = 0);
// The portable table-driven path alone (tests compare both).
uint32_t crc32cPortable(const void *data, size_t bytes, uint32_t crc = 0);

// "e3069283": 8 lower-case hex digits, as stored in checkpoint metadata.
std::string crc32cHex(uint32_t crc);

} // namespace mtc::runtime
