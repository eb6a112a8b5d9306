//===-- CudaModels.cpp - What warplint knows of CUDA's API ----------------===//
#include "CudaModels.h"

using namespace clang;

namespace warplint {

bool isCudaVectorRecord(QualType T) {
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  static const char *const Bases[] = {
      "char", "uchar", "short", "ushort", "int",      "uint",
      "long", "ulong", "float", "double", "longlong", "ulonglong"};
  for (const char *B : Bases) {
    StringRef Rest = N;
    if (Rest.consume_front(B) &&
        (Rest == "1" || Rest == "2" || Rest == "3" || Rest == "4"))
      return Rest != "3"; // 3-vectors are loaded element by element
  }
  return N == "__half2" || N == "__nv_bfloat162" || N == "__half" ||
         N == "__nv_bfloat16" || N == "half2" || N == "half";
}

unsigned accessBytes(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  if (T->isDependentType() || T->isIncompleteType())
    return 0;
  bool Scalar = T->isScalarType() || T->isVectorType();
  if (!Scalar && !isCudaVectorRecord(T)) {
    // A trivially copyable struct as wide as its alignment (4, 8 or 16
    // bytes: `struct alignas(16) V { float v[4]; }`) is copied by one
    // access of its size; other structs field by field.
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !RD->isTriviallyCopyable())
      return 0;
    int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
    int64_t A = Ctx.getTypeAlignInChars(T).getQuantity();
    return S == A && (S == 4 || S == 8 || S == 16) ? unsigned(S) : 0;
  }
  int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
  if (S == 1 || S == 2 || S == 4 || S == 8 || S == 16)
    if (!Scalar || T->isScalarType() || T->isVectorType())
      return unsigned(S);
  return 0;
}

bool isAtomicName(StringRef N) {
  N.consume_back("_block");
  N.consume_back("_system");
  return N == "atomicAdd" || N == "atomicSub" || N == "atomicExch" ||
         N == "atomicMin" || N == "atomicMax" || N == "atomicInc" ||
         N == "atomicDec" || N == "atomicCAS" || N == "atomicAnd" ||
         N == "atomicOr" || N == "atomicXor";
}

} // namespace warplint
