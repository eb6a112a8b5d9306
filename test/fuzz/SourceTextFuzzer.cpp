//===-- SourceTextFuzzer.cpp - NOLINT comments and inline PTX -------------===//
///
/// Readers of text from the user's source that no compiler checked: the
/// NOLINT comment scanner (every comment of every file with a finding), the
/// inline-PTX reader (every asm string of a kernel), and the line table and
/// snippet windows of the output (Core/SourceText.h). None may crash, what
/// they return must point inside the text, a line holds no line break, and
/// a window is bounded and holds its caret.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Core/SourceText.h"
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
  LineTable Table(Text);
  NolintIndex Index(Text);
  for (size_t Off = 0; Off <= Text.size(); Off += 1 + Off / 8) {
    unsigned L = Table.lineOf(Off);
    auto [B, E] = Table.lineRange(L);
    WARPLINT_FUZZ_CHECK(L >= 1 && L <= Table.lines() && B <= E &&
                            E <= Text.size() && B <= Off,
                        std::to_string(Off));
    llvm::StringRef Line = Text.slice(B, E);
    WARPLINT_FUZZ_CHECK(Line.find_first_of("\r\n") == llvm::StringRef::npos,
                        std::to_string(Off));
    size_t Caret = std::min(Off - B, Line.size());
    LineWindow W = snippetWindow(Line, Caret);
    WARPLINT_FUZZ_CHECK(W.Begin <= W.End && W.End <= Line.size() &&
                            W.Begin <= Caret &&
                            (W.End - W.Begin <= 4 * SnippetWindowColumns ||
                             Line.size() <= MaxWholeLineBytes),
                        std::to_string(Off));
    WARPLINT_FUZZ_CHECK(codePointCount(Line) <= Line.size(),
                        std::to_string(Off));
    Index.suppresses("warplint-bank-conflict", Off);
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
