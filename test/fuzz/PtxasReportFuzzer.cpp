//===-- PtxasReportFuzzer.cpp - ptxas -v reports --------------------------===//
///
/// The report parser reads whatever a build printed on standard error (the
/// launcher), a file the user names (--ptxas-report, the plugin's report=):
/// any text must parse or fail with an error, never crash, and what it
/// returns must be consistent.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "llvm/Support/Error.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto R = ptxas::parseReport(Text);
  if (!R) {
    std::string Message = llvm::toString(R.takeError());
    WARPLINT_FUZZ_CHECK(!Message.empty(), "an error without a message");
    return 0;
  }
  unsigned Lines = Text.count('\n') + 1;
  for (const auto &D : R->Diagnostics)
    WARPLINT_FUZZ_CHECK(D.Line <= Lines, D.Message);
  for (const auto &F : R->Functions) {
    // Every function can be found again by its own name and architecture.
    WARPLINT_FUZZ_CHECK(R->find(F.Mangled, F.Arch) != nullptr, F.Mangled);
    // Counts no GPU has are errors, never values the checks would use.
    WARPLINT_FUZZ_CHECK(!F.Registers || *F.Registers <= 255, F.Mangled);
    WARPLINT_FUZZ_CHECK(!F.Barriers || *F.Barriers <= 16, F.Mangled);
    ptxas::Function Copy = F;
    ptxas::demangleInto(Copy);
  }
  return 0;
}
