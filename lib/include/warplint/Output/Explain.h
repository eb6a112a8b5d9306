//===-- Explain.h - What warplint says of each shared access -----*- C++
//-*-===//
///
/// `warplint explain FILE:LINE[:COL]` prints, for each shared-memory access
/// there, the bank map of its worst warp in each block shape; the hidden
/// option --dump-shared-accesses prints every access as JSON (the property
/// test compares it with an independent enumerator).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_EXPLAIN_H
#define WARPLINT_OUTPUT_EXPLAIN_H

#include "warplint/Core/SharedAccessInfo.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {

/// Width: the columns every line may take (0: no limit): the bank map
/// shows the banks in groups of 16 or 8 where 32 do not fit, one grid after
/// the other, and longer lines are broken at spaces. Headline: begin with
/// the place and the access (a hover has said them already).
void writeExplanation(llvm::raw_ostream &OS, const SharedAccessInfo &I,
                      bool Color, unsigned Width = 0, bool Headline = true);
llvm::json::Value sharedAccessJson(const SharedAccessInfo &I);

} // namespace warplint

#endif // WARPLINT_OUTPUT_EXPLAIN_H
