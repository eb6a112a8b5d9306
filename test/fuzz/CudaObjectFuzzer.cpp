//===-- CudaObjectFuzzer.cpp - CUDA objects, fatbinaries and cubins -------===//
///
/// The reader of CUDA objects reads files the user names (--object) and, in
/// time, what a build writes: any bytes must read or fail with an error,
/// never crash or allocate without bound, and what it returns must be
/// consistent. Seeds: small real objects (nvcc 13, sm_80 and sm_90, plain,
/// zstd, LZ4, -rdc=true) in corpus/cuda-object.
///
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "warplint/Ptxas/CudaObject.h"
#include "llvm/Support/Error.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  auto R = ptxas::readObject(Bytes);
  if (!R) {
    std::string Message = llvm::toString(R.takeError());
    WARPLINT_FUZZ_CHECK(!Message.empty(), "an error without a message");
    return 0;
  }
  for (const auto &F : R->Functions) {
    // Only kernels, each with its registers (or the cubin was an error),
    // and never spills, which an object does not record.
    WARPLINT_FUZZ_CHECK(F.IsKernel && F.Registers, F.Mangled);
    WARPLINT_FUZZ_CHECK(!F.SpillStores && !F.SpillLoads, F.Mangled);
    WARPLINT_FUZZ_CHECK(R->find(F.Mangled, F.Arch) != nullptr, F.Mangled);
  }
  // The entries of a fatbinary read again the same.
  auto E = ptxas::readFatbin(Bytes);
  if (!E) {
    llvm::consumeError(E.takeError());
    return 0;
  }
  for (const ptxas::FatbinEntry &X : *E) {
    WARPLINT_FUZZ_CHECK(X.Payload.data() >= Bytes.data() &&
                            X.Payload.end() <= Bytes.end(),
                        "a payload outside the input");
    auto C = X.contents();
    if (!C)
      llvm::consumeError(C.takeError());
  }
  return 0;
}
