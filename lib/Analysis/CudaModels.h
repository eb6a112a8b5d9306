//===-- CudaModels.h - What warplint knows of CUDA's API (private) -*- C++
//-*-===//
///
/// Every fact of CUDA's API the analysis relies on, in one place: CUDA's
/// vector types and the width of an access to them, the atomic functions.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_CUDAMODELS_H
#define WARPLINT_ANALYSIS_CUDAMODELS_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringRef.h"

namespace warplint {

/// CUDA's vector types, accessed whole by one instruction of their size.
bool isCudaVectorRecord(clang::QualType T);

/// The width of one access to an object of type T, or 0 when warplint does
/// not know how many instructions the compiler makes of it.
unsigned accessBytes(clang::QualType T, clang::ASTContext &Ctx);

/// atomicAdd, atomicCAS_block, ...: the atomic functions of CUDA.
bool isAtomicName(llvm::StringRef N);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_CUDAMODELS_H
