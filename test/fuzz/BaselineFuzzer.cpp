//===-- BaselineFuzzer.cpp - baseline files -------------------------------===//
///
/// A baseline (--baseline, Baseline: in .warplint.yaml, the plugin's
/// baseline=) is read by the tool, the plugin and the clang-tidy module:
/// any text must parse or fail with a message, and a parsed baseline must
/// count the findings it takes consistently.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Core/Baseline.h"
#include "llvm/Support/Error.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto B = Baseline::parse(Text, "/fuzz", "/fuzz/warplint-baseline.json");
  if (!B) {
    std::string Message = llvm::toString(B.takeError());
    WARPLINT_FUZZ_CHECK(!Message.empty(), "an error without a message");
    return 0;
  }
  WARPLINT_FUZZ_CHECK(B->remaining() == B->size(), "entries taken before any");
  // Writing a finding's baseline and reading it back takes that finding,
  // whatever bytes its source line holds (sources need not be UTF-8).
  Finding F;
  F.Check = "warplint-bank-conflict";
  F.Loc.File = "/fuzz/a.cu";
  F.Loc.Line = 1;
  F.Function = "k";
  F.Message = "a 2-way bank conflict";
  F.SourceLine = Text.take_front(80).str();
  auto Again = Baseline::parse(baselineText({F}, "/fuzz"), "/fuzz", "");
  if (!Again)
    fuzz::fail("warplint cannot read its own baseline",
               llvm::toString(Again.takeError()));
  WARPLINT_FUZZ_CHECK(Again->size() == 1 && Again->take(F) && !Again->take(F),
                      F.SourceLine);
  return 0;
}
