//===-- BankWords.h - The words and banks an access touches -----*- C++ -*-===//
//
// Shared by the hardware rules (BankModel.cpp) and their description
// (BankText.cpp). Private to lib/Model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_MODEL_BANKWORDS_H
#define WARPLINT_LIB_MODEL_BANKWORDS_H

#include "warplint/Model/BankModel.h"
#include <cstdint>
#include <utility>

namespace warplint::model::detail {

/// A / B rounded toward minus infinity.
inline int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && ((A < 0) != (B < 0)))
    --Q;
  return Q;
}

/// The bank of 4-byte word Word.
inline unsigned bankOf(int64_t Word) {
  int64_t B = Word % int64_t(NumBanks);
  return unsigned(B < 0 ? B + NumBanks : B);
}

/// The first and the last 4-byte word an access of Bytes bytes at byte
/// address Address touches.
inline std::pair<int64_t, int64_t> wordSpan(int64_t Address, unsigned Bytes) {
  return {floorDiv(Address, BankBytes),
          floorDiv(Address + Bytes - 1, BankBytes)};
}

} // namespace warplint::model::detail

#endif // WARPLINT_LIB_MODEL_BANKWORDS_H
