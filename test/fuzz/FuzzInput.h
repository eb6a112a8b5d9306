//===-- FuzzInput.h - Reading structured values from fuzz bytes -*- C++ -*-===//
///
/// A cursor over libFuzzer's bytes for the targets that build structured
/// input (expressions, block shapes, argument lists): each read takes the
/// next bytes, and reads past the end give zeros, so every input is valid.
/// Failed invariants abort with a message, which libFuzzer reports as a
/// crash with the input that caused it.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_FUZZ_FUZZINPUT_H
#define WARPLINT_TEST_FUZZ_FUZZINPUT_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace warplint::fuzz {

class Bytes {
public:
  Bytes(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}
  bool empty() const { return Pos >= Size; }
  uint8_t u8() { return Pos < Size ? Data[Pos++] : 0; }
  uint16_t u16() { return uint16_t(u8() | (u8() << 8)); }
  uint32_t u32() { return uint32_t(u16()) | (uint32_t(u16()) << 16); }
  uint64_t u64() { return uint64_t(u32()) | (uint64_t(u32()) << 32); }
  /// A value in [Lo, Hi].
  uint64_t range(uint64_t Lo, uint64_t Hi) {
    uint64_t V = Hi - Lo < 256 ? u8() : Hi - Lo < 65536 ? u16() : u64();
    return Lo + (Hi - Lo == UINT64_MAX ? V : V % (Hi - Lo + 1));
  }
  /// The rest of the input as text.
  std::string rest() {
    std::string S(reinterpret_cast<const char *>(Data) +
                      (Pos < Size ? Pos : Size),
                  Pos < Size ? Size - Pos : 0);
    Pos = Size;
    return S;
  }

private:
  const uint8_t *Data;
  size_t Size;
  size_t Pos = 0;
};

[[noreturn]] inline void fail(const char *What,
                              const std::string &Detail = "") {
  std::fprintf(stderr, "warplint fuzz invariant failed: %s%s%s\n", What,
               Detail.empty() ? "" : ": ", Detail.c_str());
  std::abort();
}

#define WARPLINT_FUZZ_CHECK(Cond, Detail)                                      \
  do {                                                                         \
    if (!(Cond))                                                               \
      ::warplint::fuzz::fail(#Cond, Detail);                                   \
  } while (0)

} // namespace warplint::fuzz

#endif // WARPLINT_TEST_FUZZ_FUZZINPUT_H
