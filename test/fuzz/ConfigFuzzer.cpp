//===-- ConfigFuzzer.cpp - .warplint.yaml ---------------------------------===//
///
/// A .warplint.yaml is found by walking up from each source, so it may be
/// anyone's file: any text must parse or fail with a message, and what
/// parses must apply to Options without failing differently than the
/// validation said.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Core/Config.h"
#include "warplint/Core/Options.h"
#include "llvm/Support/Error.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto C = parseConfig(Text, "/fuzz/.warplint.yaml");
  if (!C) {
    std::string Message = llvm::toString(C.takeError());
    WARPLINT_FUZZ_CHECK(!Message.empty(), "an error without a message");
    return 0;
  }
  // Everything parseConfig accepted was validated: applying it to the
  // defaults, with nothing given on the command line, cannot fail.
  Options O;
  if (llvm::Error E = applyConfig(*C, O, CommandLineSet()))
    fuzz::fail("a validated configuration does not apply",
               llvm::toString(std::move(E)));
  return 0;
}
