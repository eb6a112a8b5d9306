//===-- SourceTextFuzzer.cpp - NOLINT comments and inline PTX -------------===//
///
/// Two readers of text from the user's source that no compiler checked:
/// the NOLINT comment scanner (every comment of every file with a finding)
/// and the inline-PTX reader (every asm string of a kernel). Neither may
/// crash, and what they return must point inside the text.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Model/PtxAccess.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  for (const NolintComment &C : findNolintComments(Text)) {
    WARPLINT_FUZZ_CHECK(C.Offset + 6 <= Text.size() &&
                            Text.substr(C.Offset, 6) == "NOLINT",
                        std::to_string(C.Offset));
    C.names("warplint-bank-conflict");
  }
  unsigned Lines = Text.count('\n');
  for (const model::PtxSharedAccess &A : model::findPtxSharedAccesses(Text)) {
    WARPLINT_FUZZ_CHECK(A.Line <= Lines, A.Instruction);
    if (A.Unsupported.empty() && !A.SizeOperand.valid())
      WARPLINT_FUZZ_CHECK(A.Bytes == 1 || A.Bytes == 2 || A.Bytes == 4 ||
                              A.Bytes == 8 || A.Bytes == 16,
                          A.Instruction + " of " + std::to_string(A.Bytes) +
                              " bytes");
    WARPLINT_FUZZ_CHECK(A.AddressLanes >= 1 && A.AddressLanes <= 32,
                        A.Instruction);
  }
  return 0;
}
